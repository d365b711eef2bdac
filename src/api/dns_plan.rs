//! What `dns apply` does to make a domain's records the ones a file wants: the plan. Records
//! are compared by host and type: one that holds the same data is unchanged (a TTL the
//! portal cannot set — it lists none — is no difference), one of the same host and type
//! that holds other data is changed in place (a TXT record only for one with the same tag:
//! `v=spf1`, `google-site-verification`…), what is left of the file's is created, and what
//! is left of the portal's is deleted only when asked (`delete_unlisted`). The portal's own
//! records are left alone unless the file names them (the apex NS), as are the hosts
//! ignored (`_acme-challenge`). The plan is refused when it would leave a CNAME beside
//! another record, touch a host with a record the tool could not read, or name a record no
//! change can name. Safety as octoDNS has it: with 10 or more records, a plan that changes
//! or deletes more than 30 % of them needs `--force` ([`Plan::too_many`]).

use super::changes::DnsFields;
use super::dns_ids::{self, ReadOnly};
use super::dns_rules::{self, DnsInput, Problem};
use super::models::DnsRecord;
use super::zone_file::{ZoneRecord, fqdn, txt_text};
use super::zone_write::{host_of, ttl_of};

/// The fewest records the safety rule applies to, and the share (in percent) of them a plan
/// may change, or delete, without `--force`.
pub const SAFETY_MIN: usize = 10;
pub const SAFETY_PERCENT: usize = 30;

/// A record the file wants, checked as a change sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    /// Where the file has it.
    pub line: usize,
    /// `ttl` is the file's, when it states one.
    pub record: DnsFields,
}

/// The file's records checked as the dashboard and `dns add` check one (`dns_rules::check`,
/// `types`: those the portal takes); the first problem, with its line, otherwise.
pub fn wanted(records: &[ZoneRecord], types: &[String]) -> Result<Vec<Wanted>, (usize, Problem)> {
    records
        .iter()
        .map(|r| {
            let input = DnsInput {
                host: r.host.clone(),
                kind: r.kind.clone(),
                content: r.sent_content(),
                priority: r.priority.map(|p| p.to_string()).unwrap_or_default(),
                ttl: r.ttl.map(|t| t.to_string()).unwrap_or_default(),
            };
            dns_rules::check(&input, types).map(|record| Wanted { line: r.line, record }).map_err(|p| (r.line, p))
        })
        .collect()
}

/// What the plan does with one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Create,
    Change,
    Delete,
    Unchanged,
    /// Left as it is, and why.
    Kept(Kept),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Not in the file, and `--delete-unlisted` not given.
    Unlisted,
    /// The portal's own (the apex NS, SOA), which the file does not name.
    Managed,
    /// On a host ignored (`--ignore`).
    Ignored,
    /// The tool could not read it.
    Unreadable,
}

/// One line of the plan: the record as the portal lists it (`was`) and as it will be
/// (`wanted`), with the file's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub action: Action,
    pub was: Option<DnsRecord>,
    pub wanted: Option<DnsFields>,
    pub line: Option<usize>,
}

impl Step {
    /// Whether carrying it out sends a change.
    pub fn sends(&self) -> bool {
        matches!(self.action, Action::Create | Action::Change | Action::Delete)
    }
}

/// What stops a plan before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanProblem {
    /// A record the tool could not read is on a host the plan changes.
    Unreadable { id: String, host: String },
    /// A record to change or delete that no change can name (`dns_ids`).
    ReadOnly { id: String, why: ReadOnly },
    /// The records would break the zone (a CNAME beside another record).
    Zone(Problem),
}

/// How the plan is made.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub delete_unlisted: bool,
    /// Hosts left alone, with the hosts below them (`_acme-challenge` covers
    /// `_acme-challenge.www`).
    pub ignore: Vec<String>,
}

/// Changes and deletions beyond the safety rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMany {
    /// `Change` or `Delete`.
    pub action: Action,
    pub count: usize,
    pub existing: usize,
}

impl TooMany {
    /// The share, in whole percent.
    pub fn percent(&self) -> usize {
        (self.count * 100).div_ceil(self.existing.max(1))
    }
}

/// The steps in the order they are carried out (deletions, changes, creations), then the
/// records left as they are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub steps: Vec<Step>,
    /// The records the portal listed that the tool could read.
    pub existing: usize,
}

impl Plan {
    pub fn count(&self, action: Action) -> usize {
        self.steps.iter().filter(|s| s.action == action).count()
    }

    /// The steps that send a change, in order.
    pub fn to_send(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(|s| s.sends())
    }

    /// The rule octoDNS keeps: with [`SAFETY_MIN`] records or more, changing or deleting
    /// more than [`SAFETY_PERCENT`] of them.
    pub fn too_many(&self) -> Option<TooMany> {
        if self.existing < SAFETY_MIN {
            return None;
        }
        [Action::Change, Action::Delete]
            .into_iter()
            .map(|action| TooMany { action, count: self.count(action), existing: self.existing })
            .find(|t| t.count * 100 > SAFETY_PERCENT * t.existing)
    }
}

/// Whether `host` is one of the hosts ignored, or below one.
fn ignored(host: &str, ignore: &[String], domain: &str) -> bool {
    ignore.iter().map(|i| host_of(i, domain)).any(|i| host == i || host.starts_with(&format!("{i}.")))
}

/// Whether a listed record holds the data a change would send (its TTL aside).
pub fn same_data(listed: &DnsRecord, wanted: &DnsFields, domain: &str) -> bool {
    let kind = wanted.kind.as_str();
    let number = |t: &str| t.trim().parse::<u32>().unwrap_or(0);
    let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    let data = match kind {
        "A" | "AAAA" => dns_rules::same_content(kind, &listed.content, &wanted.content),
        "CNAME" | "NS" | "PTR" | "DNAME" | "MX" => fqdn(&listed.content, domain) == fqdn(&wanted.content, domain),
        "TXT" | "SPF" => txt_text(&listed.content) == txt_text(&wanted.content),
        "SRV" => {
            let target = |t: &str| {
                let mut w = words(t);
                if let Some(last) = w.last_mut() {
                    *last = fqdn(last, domain);
                }
                w
            };
            target(&listed.content) == target(&wanted.content)
        }
        _ => words(&listed.content) == words(&wanted.content),
    };
    data && (!matches!(kind, "MX" | "SRV") || number(&listed.priority) == wanted.priority)
}

/// Whether the TTLs differ where both are known (a portal that lists none cannot set one).
fn ttl_differs(listed: &DnsRecord, wanted: &DnsFields) -> bool {
    matches!((ttl_of(listed), wanted.ttl), (Some(a), Some(b)) if a != b)
}

/// The plan that makes the records `listed` the ones `wanted`.
pub fn plan(domain: &str, listed: &[DnsRecord], wanted: &[Wanted], options: &Options) -> Result<Plan, PlanProblem> {
    let key = |host: &str, kind: &str| (host_of(host, domain), kind.trim().to_ascii_uppercase());
    let mut steps = Vec::new();
    let mut pool: Vec<(usize, &DnsRecord)> = Vec::new();
    for (at, r) in listed.iter().enumerate() {
        let kept = |why| Step { action: Action::Kept(why), was: Some(r.clone()), wanted: None, line: None };
        match () {
            _ if r.unreadable.is_some() => steps.push(kept(Kept::Unreadable)),
            _ if ignored(&host_of(&r.name, domain), &options.ignore, domain) => steps.push(kept(Kept::Ignored)),
            _ => pool.push((at, r)),
        }
    }
    let mut wants: Vec<&Wanted> = Vec::new();
    for w in wanted.iter().filter(|w| !ignored(&host_of(&w.record.name, domain), &options.ignore, domain)) {
        let twice = wants.iter().any(|o| {
            key(&o.record.name, &o.record.kind) == key(&w.record.name, &w.record.kind)
                && o.record.priority == w.record.priority
                && same_data(&as_listed(&o.record), &w.record, domain)
        });
        if !twice {
            wants.push(w);
        }
    }
    // Groups by host and type, in the file's order, then the portal's.
    let mut groups: Vec<(String, String)> = Vec::new();
    let keys = wants
        .iter()
        .map(|w| key(&w.record.name, &w.record.kind))
        .chain(pool.iter().map(|(_, r)| key(&r.name, &r.kind)));
    for k in keys {
        if !groups.contains(&k) {
            groups.push(k);
        }
    }
    let mut sent: Vec<(Step, usize)> = Vec::new();
    for group in &groups {
        let mut w: Vec<&Wanted> =
            wants.iter().copied().filter(|w| key(&w.record.name, &w.record.kind) == *group).collect();
        let mut e: Vec<(usize, &DnsRecord)> =
            pool.iter().copied().filter(|(_, r)| key(&r.name, &r.kind) == *group).collect();
        let named = !w.is_empty();
        let step = |action, was: Option<&DnsRecord>, wanted: Option<&Wanted>| Step {
            action,
            was: was.cloned(),
            wanted: wanted.map(|w| w.record.clone()),
            line: wanted.map(|w| w.line),
        };
        // The same data: unchanged, or its TTL changed.
        w.retain(|want| match e.iter().position(|(_, r)| same_data(r, &want.record, domain)) {
            Some(i) => {
                let (at, r) = e.remove(i);
                match ttl_differs(r, &want.record) {
                    true => sent.push((step(Action::Change, Some(r), Some(want)), at)),
                    false => steps.push(step(Action::Unchanged, Some(r), Some(want))),
                }
                false
            }
            None => true,
        });
        // The same host and type with other data: changed in place (TXT: only the same tag).
        let txt = matches!(group.1.as_str(), "TXT" | "SPF");
        w.retain(|want| {
            let tag = dns_rules::txt_tag(&want.record.content);
            let pair = e.iter().position(|(_, r)| !txt || (tag.is_some() && dns_rules::txt_tag(&r.content) == tag));
            match pair {
                Some(i) => {
                    let (at, r) = e.remove(i);
                    let mut changed = step(Action::Change, Some(r), Some(want));
                    if let Some(record) = changed.wanted.as_mut().filter(|n| n.ttl.is_none()) {
                        record.ttl = ttl_of(r);
                    }
                    sent.push((changed, at));
                    false
                }
                None => true,
            }
        });
        for want in w {
            sent.push((step(Action::Create, None, Some(want)), usize::MAX));
        }
        let managed = !named && ((group.0 == "@" && group.1 == "NS") || group.1 == "SOA");
        for (at, r) in e {
            match (managed, options.delete_unlisted) {
                (true, _) => steps.push(step(Action::Kept(Kept::Managed), Some(r), None)),
                (false, true) => sent.push((step(Action::Delete, Some(r), None), at)),
                (false, false) => steps.push(step(Action::Kept(Kept::Unlisted), Some(r), None)),
            }
        }
    }
    for (step, at) in &sent {
        if let (Some(was), true) = (&step.was, *at != usize::MAX) {
            dns_ids::address(listed, *at).map_err(|why| PlanProblem::ReadOnly { id: was.id.trim().to_owned(), why })?;
        }
    }
    let mut ordered: Vec<Step> = Vec::new();
    for action in [Action::Delete, Action::Change, Action::Create] {
        let start = ordered.len();
        ordered.extend(sent.iter().filter(|(s, _)| s.action == action).map(|(s, _)| s.clone()));
        // Records the file names, in the file's order (a deletion keeps the portal's).
        ordered[start..].sort_by_key(|s| s.line.unwrap_or(usize::MAX));
    }
    ordered.extend(steps.iter().filter(|s| s.action == Action::Unchanged).cloned());
    ordered.extend(steps.into_iter().filter(|s| matches!(s.action, Action::Kept(_))));
    let plan = Plan { steps: ordered, existing: listed.iter().filter(|r| r.unreadable.is_none()).count() };
    check_hosts(&plan, domain)?;
    Ok(plan)
}

/// A record to send as a listed one, to compare it with another.
fn as_listed(record: &DnsFields) -> DnsRecord {
    DnsRecord {
        name: record.name.as_str().into(),
        kind: record.kind.as_str().into(),
        content: record.content.clone(),
        priority: record.priority.to_string().into(),
        ..DnsRecord::default()
    }
}

/// The hosts the plan changes: no record the tool could not read on them, and no CNAME
/// beside another record once it is carried out.
fn check_hosts(plan: &Plan, domain: &str) -> Result<(), PlanProblem> {
    let touched: Vec<String> = plan
        .to_send()
        .flat_map(|s| {
            let wanted = s.wanted.as_ref().map(|w| host_of(&w.name, domain));
            let was = s.was.as_ref().map(|w| host_of(&w.name, domain));
            wanted.into_iter().chain(was)
        })
        .collect();
    for step in plan.steps.iter().filter(|s| s.action == Action::Kept(Kept::Unreadable)) {
        let Some(r) = &step.was else { continue };
        let host = host_of(&r.name, domain);
        if let Some(hit) = touched.iter().find(|t| r.name.trim().is_empty() || **t == host) {
            return Err(PlanProblem::Unreadable { id: r.id.trim().to_owned(), host: hit.clone() });
        }
    }
    // Every record once the plan is carried out: (host, type).
    let after: Vec<(String, String)> = plan
        .steps
        .iter()
        .filter(|s| !matches!(s.action, Action::Delete | Action::Kept(Kept::Unreadable)))
        .filter_map(|s| match (&s.wanted, &s.was) {
            (Some(w), _) if s.action != Action::Unchanged => Some((host_of(&w.name, domain), w.kind.clone())),
            (_, Some(r)) => Some((host_of(&r.name, domain), r.kind.trim().to_ascii_uppercase())),
            _ => None,
        })
        .collect();
    for step in plan.steps.iter().filter(|s| matches!(s.action, Action::Create | Action::Change)) {
        let Some(w) = &step.wanted else { continue };
        let host = host_of(&w.name, domain);
        let mut others: Vec<String> = after.iter().filter(|(h, _)| *h == host).map(|(_, k)| k.clone()).collect();
        if let Some(i) = others.iter().position(|k| *k == w.kind) {
            others.remove(i);
        }
        if w.kind == "CNAME" && host == "@" {
            return Err(PlanProblem::Zone(Problem::CnameAtApex));
        }
        if w.kind == "CNAME" && !others.is_empty() {
            others.sort();
            others.dedup();
            return Err(PlanProblem::Zone(Problem::CnameBeside { host, kinds: others }));
        }
        if w.kind != "CNAME" && others.iter().any(|k| k == "CNAME") {
            return Err(PlanProblem::Zone(Problem::BesideCname { host, kind: w.kind.clone() }));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "dns_plan_tests.rs"]
mod tests;
