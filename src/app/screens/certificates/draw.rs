//! The certificates screen: every SSL certificate the portal lists, grouped by where it
//! stands, its expiry flagged (amber within 30 days, red once past); one certificate's
//! detail over it (`detail`), or alone on a portal without the list.


use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::widgets::{Cell, Row as TableRow};

use super::State;

use crate::api::{Language, Operation};
use crate::app::screens::Around;
use super::ListedCertificate;
use crate::config::keys::Action;
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::i18n::format::{self, money};
use crate::paint::Paint;
use crate::paint::columns::{self, Want};
use crate::paint::grouped::{self, Column};
use crate::paint::nothing_shown;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let view = state;
    if view.detail_shown() {
        return match &view.certificate {
            Some(cert) => super::draw_detail::draw(frame, area, state, paint, around, cert),
            None => nothing_open(frame, area, state, paint),
        };
    }
    let lang = paint.language;
    let browse = &view.browse;
    let title = grouped::title(paint, Text::ScreenCertificates, &browse.list.shown(), browse.items.len());
    let wide = area.width >= 100;
    let left_width = format::days_left_width_as(lang, wide).max(unicode_width::UnicodeWidthStr::width(Text::ColLeft.get(lang)));
    let left_width = u16::try_from(left_width).unwrap_or(u16::MAX);
    // Each column as wide as its widest entry (the list's, measured when it changes); where
    // they do not fit, the product gives way first, then the domain (cut in its middle).
    let text = |header: Text, column: usize, least: u16| Want::text(header.get(lang), browse.widest_text(lang, column), least);
    let mut wants = vec![
        (Text::ColDomain, text(Text::ColDomain, 0, 14).wider(2)),
        (texts::ColProduct, text(texts::ColProduct, 1, 10)),
        (Text::RepCertColumn, text(Text::RepCertColumn, 2, 12)),
        (Text::ColExpires, Want::whole(10)),
        (Text::ColLeft, Want::whole(left_width)),
    ];
    if wide {
        let total = columns::fit(Text::ColTotal.get(lang), browse.widest_figure(lang), area.width.saturating_sub(2));
        wants.push((Text::ColCycle, Want::whole(10)));
        wants.push((Text::ColTotal, Want::whole(total)));
    }
    let widths = columns::share(area.width.saturating_sub(2), &wants.iter().map(|(_, w)| *w).collect::<Vec<_>>(), &[1, 2, 0]);
    let columns: Vec<Column> = wants
        .iter()
        .zip(widths)
        .map(|((header, _), w)| Column { header: *header, width: Constraint::Length(w), number: *header == Text::ColTotal })
        .collect();
    let watched = &around.screens.radar.list.certificates;
    grouped::draw(frame, area, paint, (&browse.list.shown(), title, &columns), |i, selected, widths| {
        let c = &browse.items[i];
        let is_watched = c.service.number().is_some_and(|id| watched.contains(&id));
        let row = TableRow::new(cells(c, is_watched, widths, lang, theme));
        if selected { row.style(theme.selected) } else { row }
    });
}

/// One certificate's cells, fitted to the columns' `widths`.
fn cells<'a>(c: &ListedCertificate, watched: bool, widths: &[u16], lang: Language, theme: &Theme) -> Vec<Cell<'a>> {
    let s = &c.service;
    let mark = if watched { "★ " } else { "  " };
    let domain = match &s.unreadable {
        Some(_) => format!("{mark}#{} {}", s.id, Text::Unreadable.get(lang)),
        None if s.domain.trim().is_empty() => format!("{mark}#{}", s.id),
        None => format!("{mark}{}", s.domain),
    };
    let style = expiry_style(theme, c);
    // The domain cut in its middle, so that it never reads as another name.
    let domain = format!("{mark}{}", columns::middle(&domain[mark.len()..], widths[0].saturating_sub(2)));
    let texts = [(domain, Style::default()), (s.name.clone(), Style::default()), (c.state_text(lang), style)];
    // The day only: the time of day it ends does not fit the column (the detail has it).
    let day = s.cert_expires.get(..10).unwrap_or(&s.cert_expires);
    let dated = [(format::date(day, lang), style), (format::days_left_as(c.days_left, lang, format::days_left_worded(lang, widths[4])), style)];
    let mut row: Vec<Cell> = texts
        .into_iter()
        .chain(dated)
        .zip(widths)
        .map(|((text, style), w)| Cell::from(columns::text(&text, *w)).style(style))
        .collect();
    if widths.len() > row.len() + 1 {
        row.push(Cell::from(columns::text(&crate::i18n::cycle(&s.billingcycle, lang), widths[row.len()])));
        row.push(Cell::from(columns::number(money(s.total, lang), widths[widths.len() - 1])));
    }
    row
}

/// Red once expired (by date or state), amber within the warning window; a certificate not
/// issued yet has no expiry to flag.
fn expiry_style(theme: &Theme, c: &ListedCertificate) -> Style {
    use crate::api::models::CertState;
    match c.state {
        CertState::Expired => theme.expired,
        CertState::ExpiringSoon => theme.warning,
        _ => theme.text,
    }
}

/// The detail without a certificate to show: being read, could not be read, or none looked
/// up yet (a portal without the list says so, once, here).
fn nothing_open(frame: &mut Frame, area: Rect, state: &State, paint: &Paint) {
    let view = state;
    let lang = paint.language;
    if let Some(error) = &view.detail_error {
        let back = if view.browse.loaded { Some(paint.keyed(Text::EscBack, Action::Back)) } else { None };
        let how = [Some(error.clone()), None, Some(paint.keyed(texts::CertRefreshKey, Action::Refresh)), back];
        return nothing_shown(frame, area, paint, &how);
    }
    let lookup = Some(paint.keyed(texts::PressSlashCertificate, Action::Lookup));
    let how = if !paint.offers(Operation::Certificates) {
        vec![Some(crate::i18n::not_offered(Operation::Certificates, lang)), None, lookup]
    } else if view.browse.loaded {
        vec![paint.said(texts::NoCertificate), None, Some(paint.keyed(Text::EscBack, Action::Back))]
    } else {
        vec![paint.said(texts::NoCertificate), None, lookup]
    };
    nothing_shown(frame, area, paint, &how)
}
