//! DNS: which registration a name's records belong to (`registration`), where they are kept
//! (`source`: the registration or a hosted zone), what a record must hold (`rules`), which
//! listed records a change can name (`ids`), what points at a host (`targets`), the one builder of what a change sends
//! (`write`), and DNS as code: a zone file read (`zone_file`) and written (`zone_write`),
//! and the plan that makes the portal's records a file's (`plan`); whether a TXT value is seen at
//! the zone's authoritative servers, for ACME (`propagation`).

pub mod ids;
pub mod plan;
pub mod propagation;
pub mod registration;
pub mod rules;
pub mod source;
pub mod targets;
pub mod write;
pub mod zone_file;
pub mod zone_write;
