//! The form for a DNS record, new or changed: host, type (one the portal takes), content,
//! priority (MX and SRV only) and TTL, checked per type before anything is sent. Priority
//! and TTL take digits only: another key typed there, or a paste with anything but digits,
//! is left out and the form says so.

use crate::app::screens::domains::texts;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::api::dns::rules::{self as dns_rules, DnsInput, Part};
use crate::api::models::DnsRecord;
use crate::api::{Change, DnsSource, Language};

#[derive(Clone, Debug)]
pub struct DnsForm {
    /// Where the records are kept: the registration, or the name's hosted zone.
    pub source: DnsSource,
    /// The domain's name, for the title and the confirmation.
    pub domain: String,
    /// The record being changed; `None` for a new one.
    pub editing: Option<DnsRecord>,
    /// The types offered: the portal's list when it answered, else the usual ones.
    pub types: Vec<String>,
    /// Index into `types`.
    pub kind: usize,
    pub host: Input,
    pub content: Input,
    pub priority: Input,
    pub ttl: Input,
    pub focus: Part,
    /// Why the last try was refused (by the check here or by the portal).
    pub error: Option<String>,
    /// What became of the last paste (its line breaks taken out), until the next key.
    pub note: Option<String>,
    /// What a digits-only field (priority, TTL) left out of the last key or paste, and
    /// which field, until the next key.
    pub left_out: Option<(Part, String)>,
}

/// What a key did to the form.
#[derive(Debug, PartialEq, Eq)]
pub enum FormKey {
    Edited,
    /// A key the form has no use for.
    Ignored,
}

impl DnsForm {
    /// An empty form for a new record.
    pub fn add(source: DnsSource, domain: &str, types: Vec<String>) -> DnsForm {
        DnsForm {
            source,
            domain: domain.to_owned(),
            editing: None,
            types,
            kind: 0,
            host: Input::default(),
            content: Input::default(),
            priority: Input::default(),
            ttl: Input::default(),
            focus: Part::Host,
            error: None,
            note: None,
            left_out: None,
        }
    }

    /// A form holding `record` as the portal lists it, to change.
    pub fn edit(source: DnsSource, domain: &str, types: Vec<String>, record: &DnsRecord) -> DnsForm {
        let mut form = DnsForm::add(source, domain, types);
        form.host = Input::new(record.name.to_string());
        form.content = Input::new(record.content.to_string());
        let number = |text: &str| match text.trim() {
            "0" => String::new(),
            other => other.to_owned(),
        };
        form.priority = Input::new(number(&record.priority));
        form.ttl = Input::new(number(&record.ttl));
        form.choose_kind(&record.kind);
        form.editing = Some(record.clone());
        form.focus = Part::Content;
        form
    }

    /// The portal's own list of types, once it answers: the chosen type stays chosen when
    /// the portal takes it.
    pub fn set_types(&mut self, types: Vec<String>) {
        if types.is_empty() {
            return;
        }
        let chosen = self.kind_name().to_owned();
        self.types = types;
        self.kind = 0;
        self.choose_kind(&chosen);
    }

    /// Chooses a type by name; a type the list lacks (a record of a type the portal no
    /// longer offers) is added, so an edit keeps it.
    fn choose_kind(&mut self, kind: &str) {
        let kind = kind.trim().to_ascii_uppercase();
        if kind.is_empty() {
            return;
        }
        match self.types.iter().position(|t| t.eq_ignore_ascii_case(&kind)) {
            Some(at) => self.kind = at,
            None => {
                self.types.push(kind);
                self.kind = self.types.len() - 1;
            }
        }
    }

    pub fn kind_name(&self) -> &str {
        self.types.get(self.kind).map_or("", String::as_str)
    }

    /// Whether the type takes a priority (the field is shown only then).
    pub fn has_priority(&self) -> bool {
        matches!(self.kind_name(), "MX" | "SRV")
    }

    /// The parts shown, in order: a priority only for the types that take one, a TTL only
    /// where the records are kept in a hosted zone (a registrar's DNS takes none, and none
    /// is sent to it: a TTL typed there would be dropped unsaid).
    pub fn parts(&self) -> Vec<Part> {
        let ttl = !matches!(self.source, DnsSource::Registrar(_));
        Part::ALL
            .into_iter()
            .filter(|p| *p != Part::Priority || self.has_priority())
            .filter(|p| *p != Part::Ttl || ttl)
            .collect()
    }

    pub fn input(&self, part: Part) -> Option<&Input> {
        match part {
            Part::Host => Some(&self.host),
            Part::Type => None,
            Part::Content => Some(&self.content),
            Part::Priority => Some(&self.priority),
            Part::Ttl => Some(&self.ttl),
        }
    }

    fn input_mut(&mut self, part: Part) -> Option<&mut Input> {
        match part {
            Part::Host => Some(&mut self.host),
            Part::Type => None,
            Part::Content => Some(&mut self.content),
            Part::Priority => Some(&mut self.priority),
            Part::Ttl => Some(&mut self.ttl),
        }
    }

    fn move_focus(&mut self, step: isize) {
        let parts = self.parts();
        let at = parts.iter().position(|p| *p == self.focus).unwrap_or(0) as isize;
        self.focus = parts[(at + step).rem_euclid(parts.len() as isize) as usize];
    }

    fn step_kind(&mut self, step: isize) {
        let count = self.types.len().max(1) as isize;
        self.kind = (self.kind as isize + step).rem_euclid(count) as usize;
        self.error = None;
    }

    /// Whether `part` takes digits only.
    pub fn digits_only(part: Part) -> bool {
        matches!(part, Part::Priority | Part::Ttl)
    }

    /// Pasted text, already one line, into the focused field; false on the type list,
    /// which takes no text. A priority or TTL takes a paste of digits only (blanks around
    /// them dropped): anything else is left out whole, never cut down to its digits (`1h`
    /// is not 1 second), and the form says so.
    pub fn paste(&mut self, text: &str) -> bool {
        let focus = self.focus;
        self.left_out = None;
        let text = if Self::digits_only(focus) { text.trim() } else { text };
        if Self::digits_only(focus) && !text.chars().all(|c| c.is_ascii_digit()) {
            self.left_out = Some((focus, text.to_owned()));
            return true;
        }
        let Some(input) = self.input_mut(focus) else { return false };
        crate::app::typing::insert(input, text);
        self.error = None;
        true
    }

    /// A key other than the keymap's Enter and Esc: moving between fields, choosing the
    /// type, typing.
    pub fn on_key(&mut self, key: KeyEvent) -> FormKey {
        self.note = None;
        self.left_out = None;
        match key.code {
            KeyCode::Tab | KeyCode::Down => self.move_focus(1),
            KeyCode::BackTab | KeyCode::Up => self.move_focus(-1),
            KeyCode::Left if self.focus == Part::Type => self.step_kind(-1),
            KeyCode::Right | KeyCode::Char(' ') if self.focus == Part::Type => self.step_kind(1),
            // A letter on the type field picks the next type starting with it.
            KeyCode::Char(c) if self.focus == Part::Type && c.is_ascii_alphabetic() => {
                let c = c.to_ascii_uppercase();
                let count = self.types.len();
                let next = (1..=count).map(|i| (self.kind + i) % count).find(|i| self.types[*i].starts_with(c));
                match next {
                    Some(i) => self.kind = i,
                    None => return FormKey::Ignored,
                }
            }
            _ if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                && key.code != KeyCode::Char('u') =>
            {
                return FormKey::Ignored;
            }
            // Priority and TTL are numbers: another character is not typed, and said so.
            KeyCode::Char(c) if Self::digits_only(self.focus) && !c.is_ascii_digit() => {
                self.left_out = Some((self.focus, c.to_string()));
            }
            _ => {
                let focus = self.focus;
                match self.input_mut(focus) {
                    Some(input) => {
                        input.handle_event(&Event::Key(key));
                    }
                    None => return FormKey::Ignored,
                }
                self.error = None;
            }
        }
        FormKey::Edited
    }

    /// What is typed, as the rules read it (priority only where the type takes one).
    pub fn typed(&self) -> DnsInput {
        DnsInput {
            host: self.host.value().to_owned(),
            kind: self.kind_name().to_owned(),
            content: self.content.value().to_owned(),
            priority: if self.has_priority() { self.priority.value().to_owned() } else { String::new() },
            ttl: self.ttl.value().to_owned(),
        }
    }

    /// The change to confirm, or what to fix: every problem at once, the cursor on the
    /// first. An edit that changes nothing is said so and sends nothing. `listed` are the
    /// domain's records as shown: a CNAME must stand alone on its host (`dns::rules::beside`).
    pub fn change(&mut self, listed: &[DnsRecord], language: Language) -> Result<Change, String> {
        // What the last key or paste left out is old news once the form is tried: the
        // problems are what it says now.
        self.note = None;
        self.left_out = None;
        let replacing = self.editing.as_ref().map(|r| r.id.trim().to_owned());
        // Every problem of the fields at once, one a line; the cursor goes to the first.
        let checked = dns_rules::check_all(&self.typed(), &self.types).and_then(|r| {
            dns_rules::beside(&r, listed, &self.domain, replacing.as_deref()).map(|()| r).map_err(|p| vec![p])
        });
        let record = match checked {
            Ok(record) => record,
            Err(problems) => {
                self.focus = problems.first().map_or(self.focus, dns_rules::Problem::part);
                let said: Vec<String> = problems.iter().map(|p| crate::i18n::dns_problem(p, language)).collect();
                let text = said.join("\n");
                self.error = Some(text.clone());
                return Err(text);
            }
        };
        // Sent as the CLI sends it: one writer for both (`dns::write`).
        let writer = crate::api::dns::write::DnsWriter::new(&self.domain, listed);
        let change = match &self.editing {
            None => writer.add(self.source, record),
            Some(old) if dns_rules::holds(old, &record, &self.domain, self.has_priority()) => {
                let text = texts::DnsUnchanged.get(language).to_owned();
                self.error = Some(text.clone());
                return Err(text);
            }
            Some(old) => writer.update(self.source, old.id.to_string(), record),
        };
        self.error = None;
        Ok(change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn types() -> Vec<String> {
        dns_rules::DEFAULT_TYPES.iter().map(|t| t.to_string()).collect()
    }

    fn type_text(form: &mut DnsForm, text: &str) {
        for c in text.chars() {
            form.on_key(key(KeyCode::Char(c)));
        }
    }

    #[test]
    fn a_new_record_is_typed_checked_and_fixed_where_it_is_wrong() {
        let mut form = DnsForm::add(DnsSource::Registrar(5188), "example.vn", types());
        type_text(&mut form, "home");
        form.on_key(key(KeyCode::Tab));
        assert_eq!(form.focus, Part::Type);
        type_text(&mut form, "m");
        assert_eq!(form.kind_name(), "MX", "a letter picks the type");
        assert!(form.parts().contains(&Part::Priority), "MX shows its priority");
        assert!(!form.parts().contains(&Part::Ttl), "a registrar's DNS takes no TTL: none asked");
        form.on_key(key(KeyCode::Tab));
        type_text(&mut form, "mail.example.vn");
        let refused = form.change(&[], Language::English).unwrap_err();
        assert!(refused.contains("priority"), "{refused}");
        assert_eq!(form.focus, Part::Priority, "the cursor goes to what to fix");
        type_text(&mut form, "10");
        let change = form.change(&[], Language::English).unwrap();
        assert_eq!(
            change.describe(),
            r#"POST /domain/5188/dns {"name":"home","type":"MX","content":"mail.example.vn","priority":10}"#
        );
        // Back to A: the priority is neither shown nor sent.
        form.focus = Part::Type;
        form.on_key(key(KeyCode::Left));
        form.on_key(key(KeyCode::Left));
        form.on_key(key(KeyCode::Left));
        assert_eq!(form.kind_name(), "A");
        assert!(!form.parts().contains(&Part::Priority));
        let refused = form.change(&[], Language::Vietnamese).unwrap_err();
        assert!(refused.contains("IPv4"), "{refused}");
        assert_eq!(form.focus, Part::Content);
    }

    #[test]
    fn an_edit_starts_from_the_record_and_sends_only_a_change() {
        let record = DnsRecord {
            id: "3".into(),
            name: "www".into(),
            kind: "A".into(),
            content: "203.0.113.7".into(),
            priority: "0".into(),
            ttl: "300".into(),
            ..Default::default()
        };
        let mut form = DnsForm::edit(DnsSource::Registrar(5188), "example.vn", types(), &record);
        assert_eq!((form.kind_name(), form.focus, form.ttl.value()), ("A", Part::Content, "300"));
        let same = form.change(&[], Language::English).unwrap_err();
        assert!(same.contains("already"), "{same}");
        form.content = Input::new("203.0.113.9".into());
        assert_eq!(
            form.change(&[], Language::English).unwrap().describe(),
            r#"PUT /domain/5188/dns/3 {"name":"www","type":"A","content":"203.0.113.9"}"#
        );
        // The portal's own list arrives: A is still chosen; a type it lacks is kept.
        form.set_types(vec!["NS".into(), "A".into()]);
        assert_eq!(form.kind_name(), "A");
        let spf = DnsRecord { kind: "SPF".into(), ..record };
        assert_eq!(DnsForm::edit(DnsSource::Registrar(1), "x.vn", types(), &spf).kind_name(), "SPF");
    }

    #[test]
    fn priority_and_ttl_take_digits_only() {
        // A hosted zone's record: it takes a TTL.
        let zone = crate::api::models::ZoneRef { service_id: 2230, zone_id: 61 };
        let mut form = DnsForm::add(DnsSource::Zone(zone), "dulichdalat.com", types());
        form.focus = Part::Type;
        type_text(&mut form, "m");
        form.focus = Part::Priority;
        type_text(&mut form, "1x0");
        assert_eq!(form.priority.value(), "10", "a letter is left out");
        assert_eq!(form.left_out, None, "and said until the next key");
        form.on_key(key(KeyCode::Char('p')));
        assert_eq!(form.left_out, Some((Part::Priority, "p".to_owned())));
        assert_eq!(form.on_key(key(KeyCode::Tab)), FormKey::Edited);
        assert_eq!((form.focus, form.left_out.clone()), (Part::Ttl, None));
        type_text(&mut form, "ab3600x");
        assert_eq!(form.ttl.value(), "3600");
        form.on_key(key(KeyCode::Char('-')));
        assert_eq!(form.ttl.value(), "3600");
        // A paste of anything but digits is left out whole, never cut down to its digits.
        form.ttl = Input::default();
        assert!(form.paste("1h"));
        assert_eq!(form.ttl.value(), "");
        assert_eq!(form.left_out, Some((Part::Ttl, "1h".to_owned())));
        assert!(form.paste(" 300 "));
        assert_eq!((form.ttl.value(), form.left_out.clone()), ("300", None), "blanks around digits are dropped");
        // Other fields take any text.
        form.focus = Part::Host;
        type_text(&mut form, "mail-1");
        assert_eq!(form.host.value(), "mail-1");
        assert!(form.paste(" x"));
        assert_eq!(form.host.value(), "mail-1 x");
    }

    #[test]
    fn enter_after_a_refused_paste_lists_the_problems_as_a_fresh_form_does() {
        let fresh = DnsForm::add(DnsSource::Registrar(5188), "example.vn", types()).change(&[], Language::English);
        let mut form = DnsForm::add(DnsSource::Registrar(5188), "example.vn", types());
        form.focus = Part::Ttl;
        assert!(form.paste("1h"));
        assert!(form.left_out.is_some());
        let tried = form.change(&[], Language::English);
        assert_eq!(tried.as_ref().map(|_| ()).unwrap_err(), fresh.as_ref().map(|_| ()).unwrap_err());
        assert_eq!((form.left_out.clone(), form.error.clone()), (None, tried.err()), "the problems are what it says");
    }
}
