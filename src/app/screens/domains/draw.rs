//! The domains screen: every registration the portal lists, every name looked up this
//! session and every name only a hosted DNS zone holds, grouped by status; a registration's
//! details and DNS records (its hosted zone's when its name has one, said so). Only the
//! visible rows are built each frame; grouping and sorting happen in `update`.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow, Table};

use super::State;

use crate::api::DnsSource;
use crate::api::models::{DomainRecord, days_until};
use crate::app::screens::Around;
use crate::app::screens::domains::Zones;
use super::{DomainsView, Row};
use crate::config::keys::Action;
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::i18n::format::{self, money_in};
use crate::paint::Paint;
use crate::paint::columns;
use crate::paint::fields;
use crate::paint::nothing_shown;
use unicode_width::UnicodeWidthStr;

/// The detail view's label column: the longest English label.
const LABEL_WIDTH: usize = 13;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    screen(frame, area, state, paint, around);
    super::draw_order::dialogs(frame, area, state, paint, around);
}

fn screen(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    if let Some(index) = state.detail {
        if let Some(record) = state.records.get(index) {
            if state.is_zone_only(record) {
                return zone_detail(frame, area, state, paint, around, record);
            }
            return detail(frame, area, state, paint, around, record);
        }
    }
    // A name checked for registration, above the list (all of it when there is none).
    let area = match &state.checked {
        Some(checked) => super::draw_availability::draw_above(frame, area, state, paint, around, checked),
        None => area,
    };
    if area.height == 0 {
        return;
    }
    if state.records.is_empty() {
        let lists = paint.offers(crate::api::Operation::Domains);
        let first = if state.listed { Text::NothingListed } else { texts::NoDomainYet };
        let how = [
            paint.said(first),
            None,
            Some(paint.keyed(texts::PressSlashDomain, Action::Lookup)),
            if lists { None } else { paint.said(texts::ApiCannotList) },
        ];
        if let Some(reason) = &state.list_error {
            return crate::paint::list_failed(frame, area, paint, &crate::i18n::api_error(reason, paint.language), &how[1..3]);
        }
        return nothing_shown(frame, area, paint, &how);
    }
    let lang = paint.language;
    let (names, records) = (
        format::count(state.names.len(), lang),
        format::records(state.registrations().len(), lang),
    );
    let view = state;
    let title = if !view.marks.is_empty() {
        let marked = view.marks.said(around.screens.account.currency(), lang);
        crate::paint::grouped::marked_title(paint, Text::ScreenDomains, &view.list.shown(), &records, &marked)
    } else if view.list.filter.is_empty() {
        let open = paint.key(Action::Open);
        let text = match (view.listed, view.registrations().is_empty() && view.names.is_empty()) {
            // Only names a hosted zone holds: how many zones, not "0 looked up, 0 records".
            (false, true) => texts::DomainsZonesTitle,
            // The names only a hosted zone holds are rows too: counted, so the rows add up.
            (true, _) if view.zone_only > 0 => texts::DomainsListedZonesTitle,
            (true, _) => texts::DomainsListedTitle,
            (false, false) => texts::DomainsTitle,
        };
        let zones = format::count(view.zone_only, lang);
        text.fill(lang, &[("names", &names), ("records", &records), ("zones", &zones), ("key", &open)])
    } else {
        let shown = format::count(state.list.shown, lang);
        let back = paint.key(Action::Back);
        texts::DomainsFiltered.fill(
            lang,
            &[
                ("filter", &state.list.filter),
                ("shown", &shown),
                ("records", &records),
                ("key", &back),
            ],
        )
    };
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    if state.list.rows.is_empty() {
        let none = Text::NoMatch.fill(lang, &[("filter", &state.list.filter)]);
        let text = Paragraph::new(Line::styled(none, theme.dim)).block(block);
        return frame.render_widget(text, area);
    }
    let inner_rows = area.height.saturating_sub(3) as usize;
    let view = state;
    let (columns, worded) = layout(state, paint, around, area.width.saturating_sub(2));
    let mut titles = Vec::new();
    let rows: Vec<TableRow> = view
        .list
        .rows
        .iter()
        .enumerate()
        .skip(view.list.offset)
        .take(inner_rows)
        .map(|(i, row)| match row {
            Row::Group { status, count } => {
                titles.push((i - view.list.offset, crate::paint::grouped::group_title(status, *count, lang)));
                TableRow::new(vec![Cell::from("")]).style(theme.group)
            }
            Row::Record(r) if view.records[*r].status == crate::app::screens::domains::ZONE_ONLY_STATUS => {
                zone_row(theme, &view.records[*r], i == view.list.selected, &columns)
            }
            Row::Record(r) => {
                let record = &view.records[*r];
                let marked = view.marks.is_marked(*r);
                record_row(paint, around, record, (i == view.list.selected, marked), &columns)
            }
        })
        .collect();
    let header = TableRow::new(columns.iter().map(|(c, w)| {
        let text = columns::text(c.header(worded).get(lang), *w);
        if *c == Col::Renewal { Line::from(text).right_aligned() } else { Line::from(text) }
    }));
    let widths = columns.iter().map(|(_, w)| Constraint::Length(*w));
    let table = Table::new(rows, widths).header(header.style(theme.dim)).flex(ratatui::layout::Flex::Start);
    frame.render_widget(table.block(block), area);
    crate::paint::grouped::group_titles(frame, area, &titles, theme);
    crate::paint::grouped::where_in(frame, area, paint, &view.list.shown());
    if let Some(reason) = &view.list_error {
        crate::paint::list_failed_below(frame, area, paint, reason);
    }
}

/// Whether the settings' headers are in words whatever the list holds, at this width
/// (inside the border); narrower, where they cost nothing (see [`layout`]).
fn worded_headers(width: u16) -> bool {
    width >= 110
}

/// A column of the domain list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Name,
    Status,
    Expires,
    Left,
    Auto,
    Idp,
    Renewal,
}

impl Col {
    /// The column's header; the settings' in words (`AUTORENEW`, `TỰ GIA HẠN`) where the
    /// screen is wide.
    fn header(self, worded: bool) -> Text {
        match self {
            Col::Name => Text::ColName,
            Col::Status => Text::ColStatus,
            Col::Expires => Text::ColExpires,
            Col::Left => Text::ColLeft,
            Col::Auto if worded => texts::ColAutoWide,
            Col::Idp if worded => texts::ColIdpWide,
            Col::Auto => texts::ColAuto,
            Col::Idp => texts::ColIdp,
            Col::Renewal => texts::ColRenewal,
        }
    }
}

/// The list's columns at `width` (inside the border), each as wide as its widest value
/// over the whole list (measured when the records change, so a filter or a scroll never
/// moves them); what is left over stays at the right. Where the names would get less room
/// than a group's title, the status column goes (the groups say it), then ID protection,
/// then autorenew; names that still do not fit are cut in the middle, with an ellipsis.
///
/// The settings' headers and the days left are in words (`TỰ GIA HẠN`, `12 ngày`) where
/// the screen is wide, or where they cut no name and drop no column the short ones keep:
/// the days first, they matter more; whether the headers are is returned with the columns.
fn layout(state: &State, paint: &Paint, around: &Around, width: u16) -> (Vec<(Col, u16)>, bool) {
    if worded_headers(width) {
        return (layout_as(state, paint, around, width, true, true), true);
    }
    let short = layout_as(state, paint, around, width, false, false);
    let same = |a: &[(Col, u16)], b: &[(Col, u16)]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0);
    let costs_nothing = |cols: &[(Col, u16)]| {
        let total: u16 = cols.iter().map(|(_, w)| w + 1).sum();
        same(&short, cols) && cols[0].1 >= short[0].1 && total <= width
    };
    for (heads, days) in [(true, true), (false, true)] {
        let cols = layout_as(state, paint, around, width, heads, days);
        if costs_nothing(&cols) {
            return (cols, heads);
        }
    }
    (short, false)
}

/// [`layout`] with the settings' headers, and the days left, in words or not.
fn layout_as(state: &State, paint: &Paint, around: &Around, width: u16, worded: bool, worded_days: bool) -> Vec<(Col, u16)> {
    let lang = paint.language;
    let measured = &state.widths;
    let currency = around.screens.account.currency();
    let at = crate::app::screens::domains::Widths::at(lang);
    let header = |c: Col| c.header(worded).get(lang).width();
    let on_off = crate::i18n::on_off(true, lang).width().max(crate::i18n::on_off(false, lang).width());
    let wanted = |c: Col| -> usize {
        match c {
            Col::Name => measured.name.max(header(c)),
            Col::Status => measured.status[at].clamp(header(c), 16),
            Col::Expires => measured.expires[at].clamp(10, 24),
            Col::Left => format::days_left_width_as(lang, worded_days),
            Col::Auto | Col::Idp => on_off,
            Col::Renewal => measured.renewal[at] + format::currency_width(currency, lang),
        }
        .max(header(c))
    };
    let name_least = measured.group[at].max(12);
    let mut shown = vec![Col::Name, Col::Status, Col::Expires, Col::Left, Col::Auto, Col::Idp, Col::Renewal];
    let room_for_names = |shown: &[Col]| {
        let others: usize = shown.iter().filter(|c| **c != Col::Name).map(|c| wanted(*c) + 1).sum();
        usize::from(width).saturating_sub(others)
    };
    for optional in [Col::Status, Col::Idp, Col::Auto] {
        if room_for_names(&shown) >= name_least.min(wanted(Col::Name)) {
            break;
        }
        shown.retain(|c| *c != optional);
    }
    let name = wanted(Col::Name).min(room_for_names(&shown));
    let fit = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    shown.into_iter().map(|c| (c, fit(if c == Col::Name { name } else { wanted(c) }))).collect()
}

/// An expired registration is red whatever its date says.
fn days_style(theme: &Theme, days: Option<i64>, status: &str) -> Style {
    if status.eq_ignore_ascii_case("expired") { theme.expired } else { crate::paint::days_style(theme, days) }
}

/// A registration's row; `(selected, marked)`.
fn record_row<'a>(
    paint: &Paint,
    around: &Around,
    r: &'a DomainRecord,
    (selected, marked): (bool, bool),
    columns: &[(Col, u16)],
) -> TableRow<'a> {
    let theme = paint.theme;
    let lang = paint.language;
    let days = days_until(&r.expires, paint.today);
    let status_style = match r.status.to_ascii_lowercase().as_str() {
        "active" => theme.good,
        "expired" => theme.expired,
        _ => theme.warning,
    };
    let style = days_style(theme, days, &r.status);
    // Watched names carry a star, as on the radar they are listed on.
    let watched = around.screens.radar.watches_domain(&r.name);
    let autorenew_style = if r.autorenew == Some(false) { theme.warning } else { theme.text };
    let name_width = columns[0].1;
    let currency = around.screens.account.currency();
    if r.unreadable.is_some() {
        let name = if r.name.is_empty() { format!("#{}", r.id) } else { r.name.to_string() };
        let row = TableRow::new(vec![
            Cell::from(format!("  {}", columns::middle(&name, name_width.saturating_sub(2)))).style(theme.warning),
            Cell::from(Text::Unreadable.get(lang)).style(theme.warning),
        ]);
        return if selected { row.style(theme.selected) } else { row };
    }
    // Marked: a check before the star, in the same two columns.
    let mark = match (marked, watched) {
        (true, true) => "✓★",
        (true, false) => "✓ ",
        (false, true) => "★ ",
        (false, false) => "  ",
    };
    let name_style = match (marked, style == theme.expired) {
        (true, _) => theme.good,
        (false, true) => style,
        (false, false) => theme.text,
    };
    let cells = columns.iter().map(|(c, w)| match c {
        Col::Name => Cell::from(format!("{mark}{}", columns::middle(&r.name, w.saturating_sub(2)))).style(name_style),
        Col::Status => Cell::from(columns::text(&crate::i18n::status(&r.status, lang), *w)).style(status_style),
        Col::Expires => Cell::from(columns::text(&format::date(&r.expires, lang), *w)).style(style),
        Col::Left => Cell::from(format::days_left_as(days, lang, format::days_left_worded(lang, *w)))
            .style(style),
        Col::Auto => Cell::from(crate::i18n::on_off_said(r.autorenew, lang)).style(autorenew_style),
        Col::Idp => Cell::from(crate::i18n::on_off_said(r.idprotection, lang)),
        Col::Renewal => Cell::from(columns::number(money_in(r.recurring_amount, currency, lang), *w)),
    });
    let row = TableRow::new(cells);
    if selected { row.style(theme.selected) } else { row }
}

/// A name only a hosted zone holds: its name, no more (its group says it is a zone; it has
/// no expiry, renewal or settings).
fn zone_row<'a>(theme: &Theme, r: &'a DomainRecord, selected: bool, columns: &[(Col, u16)]) -> TableRow<'a> {
    let name = format!("  {}", columns::middle(&r.name, columns[0].1.saturating_sub(2)));
    let row = TableRow::new(vec![Cell::from(name).style(theme.text)]);
    if selected { row.style(theme.selected) } else { row }
}

/// The detail of a name only a hosted zone holds: the zone, its DNS hosting service, and
/// its records.
fn zone_detail(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, r: &DomainRecord) {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let zone = view.zone_named(&r.name);
    let zone_id = zone.map(|z| format!("#{}", z.zone_id.trim())).unwrap_or_default();
    let service_id = zone.map_or("", |z| z.service_id.trim());
    // The service by its name too, when the services list holds it.
    let services = &around.screens.services.browse.items;
    let service = match services.iter().find(|s| !service_id.is_empty() && s.id.trim() == service_id) {
        Some(listed) => format!("#{service_id} {}", listed.name),
        None if service_id.is_empty() => String::new(),
        None => format!("#{service_id}"),
    };
    let labels = [texts::LabelZone, texts::LabelZoneService];
    let width = LABEL_WIDTH.max(labels.iter().map(|k| k.get(lang).width()).max().unwrap_or(0));
    let mut lines = vec![
        fields::line(theme, texts::LabelZone.get(lang), zone_id, width),
        fields::line(theme, texts::LabelZoneService.get(lang), service, width),
        Line::styled(format!("  {}", texts::ZoneOnlyNote.get(lang)), theme.dim),
    ];
    debug_assert_eq!(lines.len(), DomainsView::ZONE_FIELDS, "the zone detail's fields");
    view.detail_scroll.view_rows(area.height.saturating_sub(2).into());
    dns_lines(state, paint, r, &mut lines, usize::from(area.width.saturating_sub(2)));
    let block = Block::bordered()
        .title(Line::styled(format!(" {} — {} ", r.name, paint.keyed(Text::EscBack, Action::Back)), theme.title));
    let scroll = view.detail_scroll.fit(lines.len(), area.height.saturating_sub(2).into());
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
}

fn detail(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, r: &DomainRecord) {
    let theme = paint.theme;
    let lang = paint.language;
    let currency = around.screens.account.currency();
    let expires = format::date_and_countdown(&r.expires, paint.today, lang);
    let period = if r.period.is_empty() { String::new() } else { Text::Years.fill(lang, &[("n", &r.period)]) };
    if let Some(reason) = &r.unreadable {
        let lines = vec![
            fields::line(theme, texts::LabelRecordId.get(lang), &r.id, LABEL_WIDTH),
            Line::default(),
            Line::styled(Text::UnreadableRecord.fill(lang, &[("reason", reason)]), theme.warning),
        ];
        let block = Block::bordered()
            .title(Line::styled(format!(" {} — {} ", r.name, paint.keyed(Text::EscBack, Action::Back)), theme.title));
        frame.render_widget(Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: true }).block(block), area);
        return;
    }
    let pairs = [
        (Text::LabelStatus, crate::i18n::status(&r.status, lang).into_owned()),
        (texts::LabelRecordId, r.id.to_string()),
        (Text::LabelRegistered, format::date(&r.date_created, lang)),
        (Text::LabelExpires, expires),
        (texts::LabelPeriod, period),
        (Text::LabelNextDue, format::date(&r.next_due, lang)),
        (Text::LabelNextInvoice, format::date(&r.next_invoice, lang)),
        (Text::LabelFirstPayment, r.firstpayment.map_or_else(|| "—".to_owned(), |m| money_in(m, currency, lang))),
        (texts::LabelRenewal, money_in(r.recurring_amount, currency, lang)),
    ];
    let labels = pairs.iter().map(|(k, _)| k).chain(&SETTING_LABELS);
    let width = LABEL_WIDTH.max(labels.map(|k| k.get(lang).width()).max().unwrap_or(0));
    let mut lines: Vec<Line> = pairs.iter().map(|(k, v)| fields::line(theme, k.get(lang), v, width)).collect();
    lines.extend(setting_lines(state, paint, r, width));
    debug_assert_eq!(lines.len(), DomainsView::DETAIL_FIELDS, "the detail's fields");
    lines.push(Line::default());
    let view = state;
    // The records selected only in view: this frame's view (`DomainsView::dns_selected`).
    view.detail_scroll.view_rows(area.height.saturating_sub(2).into());
    let shown = view.shown_nameservers(r);
    let nameservers = Text::Nameservers.fill(lang, &[("count", &shown.len())]);
    lines.push(fields::section(theme, format!(" {nameservers}")));
    if shown.is_empty() {
        lines.push(Line::styled(format!("  {}", Text::NoneSet.get(lang)), theme.dim));
    }
    lines.extend(shown.into_iter().map(|ns| Line::from(vec![Span::raw("  "), Span::styled(ns, theme.text)])));
    dns_lines(state, paint, r, &mut lines, usize::from(area.width.saturating_sub(2)));
    let id = r.id.trim().parse().ok().filter(|_| state.open_registration().is_some());
    lines.extend(id.map(|id| super::draw_contacts::detail_lines(state, paint, id, width)).unwrap_or_default());
    if !r.extra.is_empty() {
        lines.push(Line::default());
        lines.push(fields::section(theme, format!(" {}", Text::OtherFieldsPlain.get(lang))));
        lines.extend(r.extra.iter().map(|(k, v)| fields::line(theme, &crate::i18n::field_label(k, lang), v, width)));
    }
    let days = days_until(&r.expires, paint.today);
    let title_style = days_style(theme, days, &r.status).patch(theme.title);
    let block = Block::bordered()
        .title(Line::styled(format!(" {} — {} ", r.name, paint.keyed(Text::EscBack, Action::Back)), title_style));
    let total = lines.len();
    let scroll = state.detail_scroll.fit(total, area.height.saturating_sub(2).into());
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
}

/// The labels of a registration's settings, in the order they are drawn.
const SETTING_LABELS: [Text; 4] =
    [texts::LabelAutorenew, texts::LabelIdProtection, texts::LabelRegistrarLock, texts::LabelTransferCode];

/// A registration's settings, a line each: autorenew and ID protection (from the details),
/// the registrar lock (as read, or why not), and the transfer code, hidden until asked for.
fn setting_lines(state: &State, paint: &Paint, r: &DomainRecord, width: usize) -> [Line<'static>; 4] {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let label = |t: Text| Span::styled(format!("  {}  ", fields::pad(t.get(lang), width)), theme.dim);
    let on_off = |on: bool| crate::i18n::on_off(on, lang).to_owned();
    let said = |on: Option<bool>| crate::i18n::on_off_said(on, lang).to_owned();
    let offers = |op| paint.offers(op);
    let id = r.id.trim().parse::<u64>().ok();
    let lock = match id.and_then(|id| view.settings.locks.get(&id)) {
        Some(Ok(on)) => Span::styled(on_off(*on), theme.text),
        Some(Err(e)) => Span::styled(e.clone(), theme.warning),
        None if !offers(crate::api::Operation::RegistrarLock) => {
            Span::styled(texts::SettingNotOffered.get(lang), theme.dim)
        }
        None => Span::styled(texts::SettingReading.get(lang), theme.dim),
    };
    let code = match view.transfer_code_shown() {
        Some(code) => {
            use secrecy::ExposeSecret;
            let copy = texts::TransferCodeCopy.fill(lang, &[("key", &paint.key(Action::Copy))]);
            vec![Span::styled(code.expose_secret().to_owned(), theme.key), Span::styled(format!("  {copy}"), theme.dim)]
        }
        None if !offers(crate::api::Operation::TransferCode) => {
            vec![Span::styled(texts::SettingNotOffered.get(lang), theme.dim)]
        }
        None => {
            let key = paint.key(Action::ShowTransferCode);
            vec![Span::styled(texts::TransferCodeHidden.fill(lang, &[("key", &key)]), theme.dim)]
        }
    };
    let autorenew_style = if r.autorenew == Some(false) { theme.warning } else { theme.text };
    [
        Line::from(vec![label(texts::LabelAutorenew), Span::styled(said(r.autorenew), autorenew_style)]),
        Line::from(vec![label(texts::LabelIdProtection), Span::styled(said(r.idprotection), theme.text)]),
        Line::from(vec![label(texts::LabelRegistrarLock), lock]),
        Line::from([vec![label(texts::LabelTransferCode)], code].concat()),
    ]
}

/// The DNS records as a small table, under a heading that says where they are kept (a
/// hosted zone, or else the registration), or why there are none to show; then, for a
/// registration's, why they are not a hosted zone's where the zones are not known.
fn dns_lines(state: &State, paint: &Paint, r: &DomainRecord, lines: &mut Vec<Line<'static>>, width: usize) {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let source = view.dns_source(r);
    let op = source.map_or(crate::api::Operation::Dns, |s| s.read().operation());
    let offered = paint.offers(op);
    let answer = source.and_then(|s| view.dns.get(&s));
    if !offered && answer.is_none() {
        lines.push(Line::default());
        let note = crate::i18n::not_offered(op, lang);
        lines.push(Line::styled(format!("  {note}"), theme.dim));
        return;
    }
    lines.push(Line::default());
    let not_served = view.records_not_served(r);
    let heading = |count: &dyn std::fmt::Display| {
        let text = match source {
            Some(DnsSource::Zone(zone)) => {
                texts::DnsRecordsZone.fill(lang, &[("count", count), ("service", &zone.service_id)])
            }
            _ if not_served.is_some() => texts::DnsNotServedHeading.fill(lang, &[("count", count)]),
            _ => Text::DnsRecords.fill(lang, &[("count", count)]),
        };
        fields::section(theme, format!(" {text}"))
    };
    let records = match answer {
        None => {
            lines.push(heading(&"…"));
            lines.push(Line::styled(format!("  {}", texts::DnsLoading.get(lang)), theme.dim));
            return;
        }
        Some(Err(e)) => {
            lines.push(heading(&"?"));
            lines.push(Line::styled(format!("  {e}"), theme.warning));
            return;
        }
        Some(Ok(records)) => records,
    };
    lines.push(heading(&records.len()));
    record_lines(state, paint, r, records, lines, width);
    if let Some((now, before)) = &not_served {
        let fill = [("now", &now.join(", ") as &dyn std::fmt::Display), ("before", &before.join(", "))];
        let note = texts::DnsNotServedNote.fill(lang, &fill);
        for part in textwrap::wrap(&note, width.saturating_sub(4).max(20)) {
            lines.push(Line::styled(format!("  {part}"), theme.warning));
        }
    }
    let zones_note = match &view.zones {
        Zones::NotOffered => Some(texts::ZonesNotOfferedNote.get(lang).to_owned()),
        Zones::Failed(e) => Some(texts::ZonesFailedNote.fill(lang, &[("error", e)])),
        Zones::Unasked | Zones::Reading | Zones::Listed(_) => None,
    };
    if let Some(note) = zones_note.filter(|_| matches!(source, Some(DnsSource::Registrar(_)))) {
        lines.push(Line::styled(format!("  {note}"), theme.dim));
    }
}

/// The records themselves, the selected one marked, each on one line `width` wide.
fn record_lines(
    state: &State,
    paint: &Paint,
    r: &DomainRecord,
    records: &[crate::api::models::DnsRecord],
    lines: &mut Vec<Line<'static>>,
    width: usize,
) {
    let theme = paint.theme;
    let lang = paint.language;
    if records.is_empty() {
        lines.push(Line::styled(format!("  {}", Text::NoneSet.get(lang)), theme.dim));
        return;
    }
    // Hosts as a zone file names them (`@`, `www`), however the portal lists them; one
    // longer than the column is cut in its middle, so that the columns stay aligned.
    let hosts: Vec<String> = records.iter().map(|d| crate::api::dns::zone_write::host_of(&d.name, &r.name)).collect();
    let host_width = hosts.iter().map(|h| h.width()).max().unwrap_or(1).clamp(4, 24);
    let hosts: Vec<String> = hosts.iter().map(|h| columns::middle(h, host_width as u16)).collect();
    let kind_width = records.iter().map(|d| d.kind.width()).max().unwrap_or(1).clamp(2, 6);
    // ↑/↓ bring the selected record into view by where the app says the records start.
    debug_assert_eq!(
        lines.len(),
        state.first_dns_line(r),
        "the first DNS record's line"
    );
    // No record is marked while none is selected (the records off screen).
    let cursor = state.dns_selected().unwrap_or(usize::MAX);
    for (i, d) in records.iter().enumerate() {
        let mark = if i == cursor { "▸ " } else { "  " };
        if let Some(reason) = &d.unreadable {
            let line = Line::styled(format!("{mark}#{} {reason}", d.id), theme.warning);
            lines.push(if i == cursor { line.patch_style(theme.selected) } else { line });
            continue;
        }
        // A priority only for a type that has one (an MX's 0 included), never another's.
        let priority = match d.priority.trim() {
            "" => String::new(),
            _ if !crate::api::dns::rules::has_priority(&d.kind) => String::new(),
            p => format!("{p} "),
        };
        let ttl = match d.ttl.trim() {
            "" | "0" => String::new(),
            t => format!("  ttl {t}"),
        };
        // A long value (a DKIM key) is cut at the border with an ellipsis, its TTL kept
        // where there is room for it: the record's form has it whole.
        let lead = 2 + host_width + 1 + kind_width + 1;
        let room = width.saturating_sub(lead);
        let content = format!("{priority}{}", crate::i18n::dns::content(d, lang));
        let (content, ttl) = match content.width() + ttl.width() <= room {
            true => (content, ttl),
            false if room > ttl.width() + 12 => (columns::text(&content, (room - ttl.width()) as u16), ttl),
            false => (columns::text(&content, room as u16), String::new()),
        };
        let mut spans = vec![
            Span::styled(format!("{mark}{} ", format::pad(&hosts[i], host_width)), theme.text),
            Span::styled(format!("{} ", format::pad(&d.kind, kind_width)), theme.key),
            Span::styled(content, theme.text),
            Span::styled(ttl, theme.dim),
        ];
        // A record no change can name: marked here, and the selected one says why.
        if let Err(why) = crate::api::dns::ids::address(records, i) {
            spans.push(Span::styled(format!("  [{}]", texts::DnsReadOnlyMark.get(lang)), theme.warning));
            if i == cursor {
                lines.push(Line::from(spans).patch_style(theme.selected));
                lines.push(Line::styled(format!("    {}", why.reason(&d.id, lang)), theme.warning));
                continue;
            }
        }
        let line = Line::from(spans);
        lines.push(if i == cursor { line.patch_style(theme.selected) } else { line });
    }
}
