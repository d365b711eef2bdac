//! One certificate's detail: one scrollable document with the overview, the chosen contact
//! (admin / billing / tech), the organization and the CSR.

use super::texts;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::State;

use crate::api::models::{Certificate, days_until};
use crate::app::screens::Around;
use super::CONTACT_ROLES;
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::i18n::format::{self, money_in};
use crate::paint::Paint;
use crate::paint::fields;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, cert: &Certificate) {
    let theme = paint.theme;
    let view = state;
    let lang = paint.language;
    let currency = around.screens.account.currency();
    let days = days_until(&cert.cert_expires, paint.today);
    let expires = format::date_and_countdown(&cert.cert_expires, paint.today, lang);
    let label = |t: Text| t.get(lang);
    // The label column fits the longest label in this language (16 columns at least).
    let labels = [Text::LabelBillingCycle, Text::LabelFirstPayment, Text::LabelApprover, Text::LabelRegistered];
    let w = labels.iter().map(|t| unicode_width::UnicodeWidthStr::width(label(*t))).max().unwrap_or(0).max(16);
    let expiry_style = crate::paint::days_style(theme, days);
    let status = if cert.status.eq_ignore_ascii_case("pending") { theme.warning } else { theme.good };
    let cert_status = if cert.cert_status.is_empty() {
        label(texts::NotIssued).to_owned()
    } else {
        crate::i18n::status(&cert.cert_status, lang).into_owned()
    };
    let mut lines = vec![
        fields::line(theme, label(texts::LabelProduct), &cert.name, w),
        fields::line(theme, label(Text::LabelDomain), &cert.domain, w),
        Line::from(vec![
            Span::styled(format!("  {}  ", fields::pad(label(Text::LabelStatus), w)), theme.dim),
            Span::styled(crate::i18n::status(&cert.status, lang), status),
            Span::styled(format!("  {} ", label(texts::CertificateWord)), theme.dim),
            Span::styled(cert_status, theme.text),
        ]),
        Line::from(vec![
            Span::styled(format!("  {}  ", fields::pad(label(Text::LabelExpires), w)), theme.dim),
            Span::styled(expires, expiry_style),
        ]),
        fields::line(theme, label(Text::LabelBillingCycle), crate::i18n::cycle(&cert.billingcycle, lang), w),
        fields::line(theme, label(Text::LabelFirstPayment), money_in(cert.firstpayment, currency, lang), w),
        fields::line(theme, label(Text::LabelTotal), money_in(cert.total, currency, lang), w),
        fields::line(theme, label(Text::LabelNextDue), format::date(&cert.next_due, lang), w),
        fields::line(theme, label(Text::LabelApprover), &cert.cert_email, w),
        fields::line(theme, label(Text::LabelLabel), &cert.label, w),
    ];
    if cert.was_issued() {
        lines.push(Line::styled(format!("  {}", paint.keyed(texts::CertIssuedKey, Action::Save)), theme.dim));
    }
    lines.push(Line::default());
    if let Some((role, contact)) = view.contact() {
        let tabs: Vec<Span> = CONTACT_ROLES
            .iter()
            .flat_map(|r| {
                let style = if *r == role { theme.tab_active } else { theme.dim };
                let name = match *r {
                    "admin" => texts::ContactAdmin,
                    "billing" => texts::ContactBilling,
                    _ => texts::ContactTech,
                };
                [Span::styled(format!(" {} ", name.get(lang)), style), Span::raw(" ")]
            })
            .collect();
        lines.push(Line::from(
            [
                vec![Span::styled(format!("{}  ", label(Text::Contact)), theme.title)],
                tabs,
                vec![Span::styled(
                    format!("{}/{}", paint.key(Action::PrevContact), paint.key(Action::NextContact)),
                    theme.key,
                )],
            ]
            .concat(),
        ));
        if contact.is_empty() {
            lines.push(Line::styled(format!("  {}", label(texts::NoContactDetails)), theme.dim));
        }
        // The portal's own names in words; the country code goes with the phone number.
        let rows = if contact.is_empty() { Vec::new() } else { crate::i18n::contact_fields(&contact.fields(), lang) };
        for (label, value) in rows {
            lines.push(match value {
                Some(v) => fields::line(theme, &label, v, w),
                None => fields::missing(theme, &label, w, lang),
            });
        }
        lines.push(Line::default());
    }
    lines.push(fields::section(theme, label(Text::Organization)));
    lines.extend(cert.organization.fields().iter().map(|(k, v)| fields::line(theme, &crate::i18n::field_label(k, lang), v, w)));
    lines.push(Line::default());
    let csr_title = vec![Span::styled("CSR  ", theme.title)];
    let (copy, save) = (paint.key(Action::Copy), paint.key(Action::SaveCsr));
    let keys = [(copy.as_str(), label(Text::HintCopy)), (save.as_str(), label(Text::HintSave))];
    lines.push(Line::from([csr_title, fields::hints(theme, &keys)].concat()));
    if cert.csr.is_empty() {
        lines.push(Line::styled(format!("  {}", label(texts::NoCsr)), theme.dim));
    }
    lines.extend(cert.csr.lines().map(|l| Line::styled(format!("  {l}"), theme.text)));
    let mut title = format!(" {} ", texts::CertificateTitle.fill(lang, &[("id", &cert.id), ("domain", &cert.domain)]));
    if view.id.is_some_and(|id| around.screens.radar.list.certificates.contains(&id)) {
        title += &format!("— {} ", Text::WatchedTitle.get(lang));
    }
    if view.browse.loaded {
        title += &format!("— {} ", paint.keyed(Text::EscBack, Action::Back));
    }
    let total = lines.len();
    let scroll = view.scroll.fit(total, area.height.saturating_sub(2).into());
    let block = Block::bordered().title(Line::styled(title, theme.title));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
}
