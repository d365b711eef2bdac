//! The certificate screen: one scrollable document with the overview, the chosen contact
//! (admin / billing / tech), the organization and the CSR.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::widgets::fields;
use super::{clamp_scroll, nothing_shown};
use crate::api::models::days_until;
use crate::app::{App, CONTACT_ROLES};
use crate::format::{countdown, money};
use crate::theme::Theme;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let view = &app.certificates;
    let Some(cert) = &view.certificate else {
        let how = ["No certificate shown.", "", "Press / and type a certificate id, e.g. 3301."];
        return nothing_shown(frame, area, app, theme, &how);
    };
    let lang = app.language;
    let days = days_until(&cert.cert_expires, app.today);
    let expires = format!("{}  ({})", cert.cert_expires, countdown(&cert.cert_expires, app.today));
    let expiry_style = match days {
        Some(d) if d < 0 => theme.expired,
        Some(d) if d <= crate::ui::domains::SOON_DAYS => theme.warning,
        _ => theme.text,
    };
    let status = if cert.status.eq_ignore_ascii_case("pending") { theme.warning } else { theme.good };
    let mut lines = vec![
        fields::line(theme, "Product", &cert.name, 16),
        fields::line(theme, "Domain", &cert.domain, 16),
        Line::from(vec![
            Span::styled(format!("  {:<16}  ", "Status"), theme.dim),
            Span::styled(cert.status.as_str(), status),
            Span::styled("  certificate: ", theme.dim),
            Span::styled(
                if cert.cert_status.is_empty() { "not issued yet" } else { cert.cert_status.as_str() },
                theme.text,
            ),
        ]),
        Line::from(vec![
            Span::styled(format!("  {:<16}  ", "Expires"), theme.dim),
            Span::styled(expires, expiry_style),
        ]),
        fields::line(theme, "Billing cycle", &cert.billingcycle, 16),
        fields::line(theme, "First payment", money(cert.firstpayment, lang), 16),
        fields::line(theme, "Total", money(cert.total, lang), 16),
        fields::line(theme, "Next due", &cert.next_due, 16),
        fields::line(theme, "Approver e-mail", &cert.cert_email, 16),
        fields::line(theme, "Label", &cert.label, 16),
        Line::default(),
    ];
    if let Some((role, contact)) = view.contact() {
        let tabs: Vec<Span> = CONTACT_ROLES
            .iter()
            .flat_map(|r| {
                let style = if *r == role { theme.tab_active } else { theme.dim };
                [Span::styled(format!(" {r} "), style), Span::raw(" ")]
            })
            .collect();
        lines.push(Line::from(
            [vec![Span::styled("Contact  ", theme.title)], tabs, vec![Span::styled("←/→", theme.key)]].concat(),
        ));
        if contact.is_empty() {
            lines.push(Line::styled("  the portal sent no details for this contact", theme.dim));
        }
        for (label, value) in contact.fields().iter().filter(|_| !contact.is_empty()) {
            lines.push(match value {
                Some(v) => fields::line(theme, label, v, 16),
                None => fields::missing(theme, label, 16),
            });
        }
        lines.push(Line::default());
    }
    lines.push(fields::section(theme, "Organization"));
    lines.extend(cert.organization.fields().iter().map(|(k, v)| fields::line(theme, k, v, 16)));
    lines.push(Line::default());
    let csr_title = vec![Span::styled("CSR  ", theme.title)];
    lines.push(Line::from([csr_title, fields::hints(theme, &[("y", "copy"), ("s", "save")])].concat()));
    if cert.csr.is_empty() {
        lines.push(Line::styled("  no CSR on file", theme.dim));
    }
    lines.extend(cert.csr.lines().map(|l| Line::styled(format!("  {l}"), theme.text)));
    let title = format!(" Certificate #{} — {} ", cert.id, cert.domain);
    let scroll = clamp_scroll(view.scroll, lines.len(), area.height.saturating_sub(2));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
}
