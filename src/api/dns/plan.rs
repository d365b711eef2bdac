//! What `dns apply` does to make a domain's records the ones a file wants: the plan. Records
//! are compared by host and type: one that holds the same data is unchanged (a TTL the
//! portal cannot set — it lists none, or the store takes none — is no difference), one of the same host and type
//! that holds other data is changed in place (a TXT record only for one with the same tag:
//! `v=spf1`, `google-site-verification`…), what is left of the file's is created, and what
//! is left of the portal's is deleted only when asked (`delete_unlisted`). The portal's own
//! records are left alone unless the file names them (the apex NS), as are the hosts
//! ignored (`_acme-challenge`) and the records no zone file holds as themselves (a `URL`
//! record, a name a zone file cannot hold: `zone_write::line_of`). A record of the file
//! that the portal already holds as it is, is unchanged whatever the checks of `dns add`
//! would say of it; any other is checked as `dns add` checks it. The plan is refused when
//! it would send a record those checks refuse, leave a CNAME beside another record, touch
//! a host with a record the tool could not read, or name a record no change can name.
//! Safety as octoDNS has it: with 10 or more records, a plan that changes or deletes more
//! than 30 % of them (the two counted together) needs `--force` ([`Plan::too_many`]).
//!
//! In time linear in the records (hash maps by host and type, by data, by TXT tag): a zone
//! of 10,000 records applied to itself is planned in milliseconds (BENCHMARKS.md).

use std::collections::{HashMap, HashSet, VecDeque};

use indexmap::IndexMap;

use crate::api::changes::DnsFields;
use crate::api::dns::ids::{Ids, ReadOnly};
use crate::api::dns::rules::{self, DnsInput, Problem};
use crate::api::dns::zone_file::{ZoneRecord, fqdn};
use crate::api::dns::zone_write::{self as zone_write, host_of, priority_and_target, ttl_of};
use crate::api::models::DnsRecord;

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
    /// What the checks of `dns add` refuse in it (the record is then as the file gives it):
    /// fine where the portal already holds it as it is, refusing the plan anywhere else.
    pub problem: Option<Problem>,
}

/// The file's records checked as the dashboard and `dns add` check one (`rules::check`,
/// `types`: those the portal takes), each with what is wrong with it if anything. The
/// records with no zone file form (`;portal:` lines) are notes of what the portal holds,
/// left as it holds them: not wanted.
pub fn wanted(records: &[ZoneRecord], types: &[String]) -> Vec<Wanted> {
    records
        .iter()
        .filter(|r| !r.portal_only)
        .map(|r| {
            let input = DnsInput {
                host: r.host.clone(),
                kind: r.kind.clone(),
                content: r.sent_content(),
                priority: r.priority.map(|p| p.to_string()).unwrap_or_default(),
                ttl: r.ttl.map(|t| t.to_string()).unwrap_or_default(),
            };
            match rules::check(&input, types) {
                Ok(record) => Wanted { line: r.line, record, problem: None },
                Err(problem) => Wanted { line: r.line, record: as_given(r), problem: Some(problem) },
            }
        })
        .collect()
}

/// A record of the file as it is given, unchecked.
fn as_given(r: &ZoneRecord) -> DnsFields {
    let host = r.host.trim();
    DnsFields {
        name: if host.is_empty() { "@".to_owned() } else { host.to_owned() },
        kind: r.kind.trim().to_ascii_uppercase(),
        priority: r.priority.unwrap_or(0),
        content: r.content.clone(),
        ttl: r.ttl,
    }
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
    /// The portal's own and read-only (an SOA, a content that is not one text: see
    /// `DnsRecord::is_fixed`): never changed or deleted, whatever the file says.
    Fixed,
    /// No zone file holds it as itself: a type with none (`URL`, `FRAME`), or a name or data
    /// a zone file would read as another record (`zone_write::line_of`).
    NoZoneForm,
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
    /// A record to change or delete that no change can name (`dns::ids`).
    ReadOnly { id: String, why: ReadOnly },
    /// The records would break the zone (a CNAME beside another record).
    Zone(Problem),
    /// A record of the file that would be sent, refused as `dns add` refuses it, with its
    /// place in the file.
    Record { line: usize, problem: Problem },
}

/// How the plan is made.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub delete_unlisted: bool,
    /// Hosts left alone, with the hosts below them (`_acme-challenge` covers
    /// `_acme-challenge.www`).
    pub ignore: Vec<String>,
    /// The store takes no TTL (a registrar's DNS, `/domain/ID/dns`): a TTL in the file is
    /// no difference, and none is planned.
    pub no_ttl: bool,
}

/// Changes and deletions beyond the safety rule, counted together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMany {
    pub changes: usize,
    pub deletes: usize,
    pub existing: usize,
}

impl TooMany {
    /// The records changed or deleted.
    pub fn count(&self) -> usize {
        self.changes + self.deletes
    }

    /// Their share of the records, in tenths of a percent, as said: to the nearest whole
    /// percent (4 of 12 is 33 %), or to the tenth above when the whole one would not be
    /// over [`SAFETY_PERCENT`] (301 of 1,000 is 30.1 %, never "30 %, more than 30 %").
    pub fn tenths_of_percent(&self) -> usize {
        let (count, existing) = (self.count(), self.existing.max(1));
        let whole = (count * 200 + existing) / (2 * existing);
        match whole > SAFETY_PERCENT {
            true => whole * 10,
            false => (count * 1000).div_ceil(existing),
        }
    }
}

/// The steps in the order they are carried out (deletions, changes, creations), then the
/// records left as they are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub steps: Vec<Step>,
    /// The records the portal listed that the tool could read (its own read-only ones aside).
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
    /// more than [`SAFETY_PERCENT`] of them, the changes and the deletions counted together
    /// (both touch records the zone has now).
    pub fn too_many(&self) -> Option<TooMany> {
        if self.existing < SAFETY_MIN {
            return None;
        }
        let counted = TooMany {
            changes: self.count(Action::Change),
            deletes: self.count(Action::Delete),
            existing: self.existing,
        };
        (counted.count() * 100 > SAFETY_PERCENT * counted.existing).then_some(counted)
    }
}

/// The domain's hosts as a plan compares them, the hosts ignored worked out once.
struct Hosts<'d> {
    domain: &'d str,
    ignore: Vec<String>,
}

impl Hosts<'_> {
    /// Whether `host` is one of the hosts ignored, or below one.
    fn ignored(&self, host: &str) -> bool {
        self.ignore.iter().any(|i| host == i || host.strip_prefix(i.as_str()).is_some_and(|r| r.starts_with('.')))
    }

    /// A record's host and type, as records are grouped.
    fn key(&self, name: &str, kind: &str) -> (String, String) {
        (host_of(name, self.domain), kind.trim().to_ascii_uppercase())
    }
}

/// What a record holds, as a plan compares records of one host and type: addresses as
/// addresses, host names whole, TXT's text, words apart; with the priority for MX and SRV.
/// Two records hold the same data when their keys are equal ([`same_data`]).
fn data_key(kind: &str, content: &str, priority: u32, domain: &str) -> String {
    let content = content.trim();
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let data = match kind {
        "A" | "AAAA" => content.parse::<std::net::IpAddr>().map_or_else(|_| content.to_owned(), |ip| ip.to_string()),
        "CNAME" | "NS" | "PTR" | "DNAME" | "MX" => fqdn(content, domain),
        // The text on both sides (the model reads it unquoted, the check sends it bare).
        "TXT" | "SPF" => content.to_owned(),
        "SRV" => {
            let mut w: Vec<String> = content.split_whitespace().map(str::to_owned).collect();
            if let Some(last) = w.last_mut() {
                *last = fqdn(last, domain);
            }
            w.join(" ")
        }
        _ => words(content),
    };
    match kind {
        "MX" | "SRV" => format!("{priority} {data}"),
        _ => data,
    }
}

/// [`data_key`] of a listed record: MX's and SRV's priority its own, or the number its
/// content starts with, as the export writes it.
fn listed_key(listed: &DnsRecord, kind: &str, domain: &str) -> String {
    match kind {
        "MX" | "SRV" => {
            let (priority, rest) = priority_and_target(listed);
            data_key(kind, &rest, priority.parse().unwrap_or(0), domain)
        }
        _ => data_key(kind, &listed.content, 0, domain),
    }
}

/// Whether a listed record holds the data a change would send (its TTL aside).
pub fn same_data(listed: &DnsRecord, wanted: &DnsFields, domain: &str) -> bool {
    let kind = wanted.kind.as_str();
    listed_key(listed, kind, domain) == data_key(kind, &wanted.content, wanted.priority, domain)
}

/// Whether the TTLs differ where both are known (a portal that lists none cannot set one).
fn ttl_differs(listed: &DnsRecord, wanted: &DnsFields) -> bool {
    matches!((ttl_of(listed), wanted.ttl), (Some(a), Some(b)) if a != b)
}

/// The records of one host and type: the file's (with their data's key) and the portal's
/// (with their place in the list).
#[derive(Default)]
struct Group<'a> {
    /// Each with its data's key and whether the file named that record before.
    wants: Vec<(&'a Wanted, String, bool)>,
    pool: Vec<(usize, &'a DnsRecord)>,
}

/// What the steps of one group come to: those that send (with the listed record's place),
/// those that do not, and the first record sent that the checks refuse (its line).
#[derive(Default)]
struct Matched {
    sent: Vec<(Step, usize)>,
    steps: Vec<Step>,
    refused: Option<(usize, Problem)>,
}

impl Matched {
    /// A step that sends `want` (a creation, a change), at `at` in the portal's list.
    fn send(&mut self, step: Step, at: usize, want: &Wanted) {
        if let Some(problem) = &want.problem {
            if self.refused.as_ref().is_none_or(|(line, _)| want.line < *line) {
                self.refused = Some((want.line, problem.clone()));
            }
        }
        self.sent.push((step, at));
    }
}

fn step(action: Action, was: Option<&DnsRecord>, wanted: Option<&Wanted>) -> Step {
    Step { action, was: was.cloned(), wanted: wanted.map(|w| w.record.clone()), line: wanted.map(|w| w.line) }
}

/// One group's records matched: the same data first (unchanged, or its TTL changed), then
/// the same host and type in place (TXT: only the same tag), then what is left created, and
/// deleted or kept.
fn match_group(group: &Group<'_>, (host, kind): (&str, &str), domain: &str, options: &Options, out: &mut Matched) {
    let pool = &group.pool;
    let mut taken = vec![false; pool.len()];
    let mut by_data: HashMap<String, VecDeque<usize>> = HashMap::new();
    for (i, (_, r)) in pool.iter().enumerate() {
        by_data.entry(listed_key(r, kind, domain)).or_default().push_back(i);
    }
    let mut left: Vec<&Wanted> = Vec::new();
    for (want, data, repeated) in &group.wants {
        let Some(i) = by_data.get_mut(data).and_then(VecDeque::pop_front) else {
            // The same record again: one more of the portal's copies is kept (a zone that
            // holds it twice is exported twice, and applied back sends nothing), but no
            // copy is made of it.
            if !repeated {
                left.push(want);
            }
            continue;
        };
        taken[i] = true;
        let (at, r) = pool[i];
        match ttl_differs(r, &want.record) {
            true => out.send(step(Action::Change, Some(r), Some(want)), at, want),
            false => out.steps.push(step(Action::Unchanged, Some(r), Some(want))),
        }
    }
    let txt = matches!(kind, "TXT" | "SPF");
    let mut by_tag: HashMap<String, VecDeque<usize>> = HashMap::new();
    if txt {
        for (i, (_, r)) in pool.iter().enumerate().filter(|(i, _)| !taken[*i]) {
            if let Some(tag) = rules::txt_tag(&r.content) {
                by_tag.entry(tag).or_default().push_back(i);
            }
        }
    }
    let mut next = 0;
    for want in left {
        let pair = match txt {
            true => rules::txt_tag(&want.record.content).and_then(|t| by_tag.get_mut(&t)?.pop_front()),
            false => {
                while next < pool.len() && taken[next] {
                    next += 1;
                }
                (next < pool.len()).then_some(next)
            }
        };
        let Some(i) = pair else {
            out.send(step(Action::Create, None, Some(want)), usize::MAX, want);
            continue;
        };
        taken[i] = true;
        let (at, r) = pool[i];
        let mut changed = step(Action::Change, Some(r), Some(want));
        if let Some(record) = changed.wanted.as_mut().filter(|n| n.ttl.is_none() && !options.no_ttl) {
            record.ttl = ttl_of(r);
        }
        out.send(changed, at, want);
    }
    let managed = group.wants.is_empty() && ((host == "@" && kind == "NS") || kind == "SOA");
    for (at, r) in pool.iter().zip(&taken).filter(|(_, taken)| !**taken).map(|(p, _)| p) {
        match (managed, options.delete_unlisted) {
            (true, _) => out.steps.push(step(Action::Kept(Kept::Managed), Some(r), None)),
            (false, true) => out.sent.push((step(Action::Delete, Some(r), None), *at)),
            (false, false) => out.steps.push(step(Action::Kept(Kept::Unlisted), Some(r), None)),
        }
    }
}

/// The plan that makes the records `listed` the ones `wanted`.
pub fn plan(domain: &str, listed: &[DnsRecord], wanted: &[Wanted], options: &Options) -> Result<Plan, PlanProblem> {
    let without_ttl: Vec<Wanted>;
    let wanted = match options.no_ttl {
        true => {
            let strip = |w: &Wanted| Wanted { record: DnsFields { ttl: None, ..w.record.clone() }, ..w.clone() };
            without_ttl = wanted.iter().map(strip).collect();
            &without_ttl[..]
        }
        false => wanted,
    };
    let hosts = Hosts { domain, ignore: options.ignore.iter().map(|i| host_of(i, domain)).collect() };
    let mut out = Matched::default();
    // Groups by host and type, in the file's order, then the portal's.
    let mut groups: IndexMap<(String, String), Group<'_>> = IndexMap::new();
    let mut seen: HashSet<(String, String, u32, String)> = HashSet::new();
    for w in wanted {
        let (host, kind) = hosts.key(&w.record.name, &w.record.kind);
        if hosts.ignored(&host) {
            continue;
        }
        let data = data_key(&kind, &w.record.content, w.record.priority, domain);
        // The same record twice in the file is created once, and matches two the portal has.
        let repeated = !seen.insert((host.clone(), kind.clone(), w.record.priority, data.clone()));
        groups.entry((host, kind)).or_default().wants.push((w, data, repeated));
    }
    for (at, r) in listed.iter().enumerate() {
        let kept = |why| step(Action::Kept(why), Some(r), None);
        let (host, kind) = hosts.key(&r.name, &r.kind);
        match () {
            _ if r.unreadable.is_some() => out.steps.push(kept(Kept::Unreadable)),
            _ if hosts.ignored(&host) => out.steps.push(kept(Kept::Ignored)),
            // The portal's own (an SOA, a content that is not one text): never changed here.
            _ if r.is_fixed() => out.steps.push(kept(Kept::Fixed)),
            _ if zone_write::line_of(r, domain).is_err() || !zone_write::in_zone_files(&kind) => {
                out.steps.push(kept(Kept::NoZoneForm))
            }
            _ => groups.entry((host, kind)).or_default().pool.push((at, r)),
        }
    }
    for ((host, kind), group) in &groups {
        match_group(group, (host, kind), domain, options, &mut out);
    }
    let Matched { sent, steps, refused } = out;
    // A record the checks refuse is fine only where nothing is sent for it.
    if let Some((line, problem)) = refused {
        return Err(PlanProblem::Record { line, problem });
    }
    let ids = Ids::new(listed);
    for (step, at) in &sent {
        if let (Some(was), true) = (&step.was, *at != usize::MAX) {
            ids.address(*at).map_err(|why| PlanProblem::ReadOnly { id: was.id.trim().to_owned(), why })?;
        }
    }
    let mut ordered: Vec<Step> = Vec::with_capacity(sent.len() + steps.len());
    for action in [Action::Delete, Action::Change, Action::Create] {
        let start = ordered.len();
        ordered.extend(sent.iter().filter(|(s, _)| s.action == action).map(|(s, _)| s.clone()));
        // Records the file names, in the file's order (a deletion keeps the portal's).
        ordered[start..].sort_by_key(|s| s.line.unwrap_or(usize::MAX));
    }
    ordered.extend(steps.iter().filter(|s| s.action == Action::Unchanged).cloned());
    ordered.extend(steps.into_iter().filter(|s| matches!(s.action, Action::Kept(_))));
    // The portal's own records, which no plan changes, are not among those the rule counts.
    let existing = listed.iter().filter(|r| r.unreadable.is_none() && !r.is_fixed()).count();
    let plan = Plan { steps: ordered, existing };
    check_hosts(&plan, domain)?;
    Ok(plan)
}

/// The hosts the plan changes: no record the tool could not read on them, and no CNAME
/// beside another record once it is carried out. Counted by host once, not per record.
fn check_hosts(plan: &Plan, domain: &str) -> Result<(), PlanProblem> {
    let mut touched: Vec<String> = Vec::new();
    let mut touched_set: HashSet<String> = HashSet::new();
    for s in plan.to_send() {
        let wanted = s.wanted.as_ref().map(|w| host_of(&w.name, domain));
        let was = s.was.as_ref().map(|w| host_of(&w.name, domain));
        for host in wanted.into_iter().chain(was) {
            if touched_set.insert(host.clone()) {
                touched.push(host);
            }
        }
    }
    for step in plan.steps.iter().filter(|s| s.action == Action::Kept(Kept::Unreadable)) {
        let Some(r) = &step.was else { continue };
        let host = host_of(&r.name, domain);
        let hit = match r.name.trim().is_empty() {
            true => touched.first(),
            false => touched_set.get(&host),
        };
        if let Some(hit) = hit {
            return Err(PlanProblem::Unreadable { id: r.id.trim().to_owned(), host: hit.clone() });
        }
    }
    // Every record once the plan is carried out, counted by host and type; and the TXT
    // records a host holds one of (SPF, DMARC, DKIM), by host and tag, with their ids.
    let mut after: HashMap<String, HashMap<String, usize>> = HashMap::new();
    let mut tagged: HashMap<(String, String), Vec<String>> = HashMap::new();
    // The portal's own records (an SOA) are in the way of no other.
    let remaining = plan.steps.iter().filter(|s| {
        !matches!(s.action, Action::Delete | Action::Kept(Kept::Unreadable)) && s.action != Action::Kept(Kept::Fixed)
    });
    for s in remaining {
        let (host, kind, content) = match (&s.wanted, &s.was) {
            (Some(w), _) if s.action != Action::Unchanged => (host_of(&w.name, domain), w.kind.clone(), &w.content),
            (_, Some(r)) => (host_of(&r.name, domain), r.kind.trim().to_ascii_uppercase(), &r.content),
            _ => continue,
        };
        if let Some(tag) =
            rules::txt_tag(content).filter(|t| kind == "TXT" && rules::ONE_PER_HOST.contains(&t.as_str()))
        {
            let id = s.was.as_ref().map(|r| r.id.trim().to_owned()).unwrap_or_default();
            tagged.entry((host.clone(), tag)).or_default().push(id);
        }
        *after.entry(host).or_default().entry(kind).or_default() += 1;
    }
    for step in plan.steps.iter().filter(|s| matches!(s.action, Action::Create | Action::Change)) {
        let Some(w) = &step.wanted else { continue };
        let host = host_of(&w.name, domain);
        if w.kind == "CNAME" && host == "@" {
            return Err(PlanProblem::Zone(Problem::CnameAtApex));
        }
        let empty = HashMap::new();
        let kinds = after.get(&host).unwrap_or(&empty);
        // The others on its host: all but this record itself.
        let others = |kind: &str| kinds.get(kind).copied().unwrap_or(0).saturating_sub(usize::from(kind == w.kind));
        if w.kind == "CNAME" && kinds.keys().any(|k| others(k) > 0) {
            let mut list: Vec<String> = kinds.keys().filter(|k| others(k) > 0).cloned().collect();
            list.sort();
            return Err(PlanProblem::Zone(Problem::CnameBeside { host, kinds: list }));
        }
        if w.kind != "CNAME" && others("CNAME") > 0 {
            return Err(PlanProblem::Zone(Problem::BesideCname { host, kind: w.kind.clone() }));
        }
        let mine = step.was.as_ref().map(|r| r.id.trim().to_owned()).unwrap_or_default();
        if let Some(tag) = rules::txt_tag(&w.content).filter(|_| w.kind == "TXT")
            && let Some(ids) = tagged.get(&(host.clone(), tag.clone())).filter(|ids| ids.len() > 1)
        {
            // The other one: a record kept (its id), or another the file creates (none).
            let mut others = ids.iter().filter(|id| mine.is_empty() || **id != mine);
            let id = others.find(|id| !id.is_empty()).cloned().unwrap_or_default();
            return Err(PlanProblem::Zone(Problem::SecondOfTag { host, tag, id }));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
