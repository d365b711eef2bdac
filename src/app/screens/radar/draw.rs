//! The radar: every watched domain registration, certificate and service and what the
//! portal lists, soonest first, with what needs attention said in words and in colour; what
//! it could not look at on a line above.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::app::screens::Around;
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::format;
use crate::i18n::{Language, Text};
use crate::paint::Paint;
use crate::paint::scrollbar::{self, Window};
use crate::paint::{columns, nothing_shown};
use crate::radar::SOON_DAYS;
use crate::radar::{Flag, Item, Kind};

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, _around: &Around) {
    let theme = paint.theme;
    let items = &state.items;
    if items.is_empty() {
        // `a` is bound where there is something to watch: the domains screen says which key.
        let watch = texts::PressAToWatch
            .fill(paint.language, &[("key", &paint.keymap.label(Context::Domains, Action::Watch))]);
        let how = [paint.said(texts::NothingWatched), None, Some(watch), paint.said(texts::WatchedFetched)];
        return nothing_shown(frame, area, paint, &how);
    }
    let lang = paint.language;
    // What the radar could not look at, on a line of its own above it.
    let area = match state.coverage.summary(lang) {
        Some(summary) => {
            let [top, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area);
            let summary = crate::paint::columns::truncate(&summary, top.width.saturating_sub(1) as usize);
            frame.render_widget(Paragraph::new(Line::styled(format!(" {summary}"), theme.warning)), top);
            rest
        }
        None => area,
    };
    let flagged = items.iter().filter(|i| i.is_flagged()).count();
    let count = items.len();
    let title = match flagged {
        0 if count == 1 => texts::RadarCalmOne.fill(lang, &[("days", &SOON_DAYS)]),
        0 => texts::RadarCalm.fill(lang, &[("count", &count), ("days", &SOON_DAYS)]),
        n => texts::RadarFlagged.fill(lang, &[("flagged", &n), ("count", &count), ("days", &SOON_DAYS)]),
    };
    let title = format!(" {title} ");
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let height = area.height.saturating_sub(3) as usize;
    let selected = state.selected;
    let offset = selected.saturating_sub(height.saturating_sub(1));
    let widths = layout(items, lang, area.width.saturating_sub(2));
    let rows: Vec<Row> = items
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .map(|(i, item)| row(item, theme, i == selected, lang, &widths))
        .collect();
    let columns = [Text::ColKind, Text::ColName, Text::ColStatus, Text::ColExpires, Text::ColLeft, Text::ColAttention];
    let headers = columns.iter().zip(&widths[1..]).map(|(c, w)| columns::text(c.get(lang), *w));
    let header = Row::new(shown(&widths, [String::new()].into_iter().chain(headers))).style(theme.dim);
    let constraints = shown(&widths, widths.iter().map(|w| Constraint::Length(*w)));
    let table = Table::new(rows, constraints).header(header).column_spacing(1).flex(ratatui::layout::Flex::Start);
    frame.render_widget(table.block(block), area);
    scrollbar::bar(frame, area, 1, Window { offset, rows: height, total: items.len() }, theme);
    scrollbar::position(frame, area, selected + 1, items.len(), lang, theme);
}

/// The columns' widths at `width` (inside the border): the mark, the kind, the date and the
/// days left as wide as their widest value; the attention notes, the point of the screen,
/// as wide as their widest, never cut while another column can give way. The names then
/// get the room of the widest domain (or number), the status what is left up to its widest,
/// and a ticket's subject what is left after that. Where room is short the status gives way
/// first (cut, then gone: the notes say the same), then the names (cut with an ellipsis, a
/// domain in the middle, never below a dozen columns); the notes are cut only past that.
fn layout(items: &[Item], lang: Language, width: u16) -> [u16; 7] {
    const NAME_LEAST: usize = 12;
    const STATUS_LEAST: usize = 6;
    let header = |t: Text| t.get(lang).width();
    let widest = |f: &dyn Fn(&Item) -> usize, t: Text| items.iter().map(f).max().unwrap_or(0).max(header(t));
    let kind = widest(&|i| kind_text(i.kind, lang, worded(width)).width(), Text::ColKind);
    let named = |i: &Item| if i.kind == Kind::Ticket { 0 } else { name_text(i).width() };
    let name_core = widest(&named, Text::ColName).min(32);
    let name_wanted = widest(&|i| name_text(i).width(), Text::ColName).min(40);
    let status_wanted = widest(&|i| crate::i18n::status(&i.status, lang).width(), Text::ColStatus);
    let expires = widest(&|i| expires_text(i, lang).width(), Text::ColExpires);
    let left = widest(&|i| format::days_left_as(i.days_left, lang, worded(width)).width(), Text::ColLeft);
    let notes_wanted = widest(&|i| i.attention(lang).width(), Text::ColAttention);
    // Six columns without the status, a space between each.
    let room = usize::from(width).saturating_sub(1 + kind + expires + left + 5);
    let notes = notes_wanted.min(room.saturating_sub(NAME_LEAST));
    let rest = room - notes;
    let name = name_core.max(NAME_LEAST).min(rest);
    // A status cut to less than two thirds of its widest says too little to keep; left out,
    // its column's space goes with it.
    let (status, room, rest) = match (rest - name).checked_sub(1) {
        Some(spare) if spare >= STATUS_LEAST.max(status_wanted * 2 / 3) => (spare.min(status_wanted), room - 1, rest - 1),
        _ => (0, room, rest),
    };
    // What the status leaves goes to a ticket's subject, then to the notes.
    let name = name.max((rest - status).min(name_wanted));
    let notes = room - name - status;
    [1, kind, name, status, expires, left, notes].map(|w| u16::try_from(w).unwrap_or(u16::MAX))
}

/// The columns given room (a status given none is left out, its space with it).
fn shown<T>(widths: &[u16; 7], cells: impl IntoIterator<Item = T>) -> Vec<T> {
    cells.into_iter().zip(widths).filter(|(_, w)| **w > 0).map(|(c, _)| c).collect()
}

/// An item's kind in words where the screen is wide (`service`, `dịch vụ`), else short
/// (`svc`, `dv`).
pub(crate) fn kind_text(kind: Kind, lang: Language, worded: bool) -> &'static str {
    match (kind, worded) {
        (Kind::Domain, true) => Text::RepKindDomain,
        (Kind::Certificate, true) => Text::RepKindCertificate,
        (Kind::Service, true) => Text::RepKindService,
        (Kind::Invoice, true) => Text::RepKindInvoice,
        (Kind::Ticket, true) => Text::RepKindTicket,
        (Kind::Domain, false) => texts::KindDomain,
        (Kind::Certificate, false) => texts::KindCertificate,
        (Kind::Service, false) => texts::KindService,
        (Kind::Invoice, false) => texts::KindInvoice,
        (Kind::Ticket, false) => texts::KindTicket,
    }
    .get(lang)
}

/// Whether the kinds are said in words at this width (inside the border).
pub(crate) fn worded(width: u16) -> bool {
    width >= 98
}

pub(crate) fn name_text(item: &Item) -> String {
    if item.name.is_empty() { format!("#{}", item.id) } else { item.name.to_string() }
}

pub(crate) fn expires_text(item: &Item, lang: Language) -> String {
    format::date(item.expires.get(..10).unwrap_or(&item.expires), lang)
}

/// An item's colour: red once past or failed, amber when flagged otherwise, dim when an
/// old registration (its mark and its notes say the same in words).
pub(crate) fn style(item: &Item, theme: &Theme) -> ratatui::style::Style {
    if item.flags.iter().any(|f| matches!(f, Flag::Expired | Flag::LookupFailed | Flag::Overdue)) {
        theme.expired
    } else if item.is_flagged() {
        theme.warning
    } else if item.superseded {
        theme.dim
    } else {
        theme.text
    }
}

fn row<'a>(item: &'a Item, theme: &Theme, selected: bool, lang: Language, widths: &[u16; 7]) -> Row<'a> {
    // The kinds and the days left in words where the screen is wide (see `layout`).
    let worded = worded(widths.iter().map(|w| w + 1).sum::<u16>() - 1);
    let style = style(item, theme);
    // A domain's (or a certificate's, a service's) name is cut in the middle, so its zone
    // shows; a ticket's subject or an invoice's number at its end.
    let name = match item.kind {
        Kind::Ticket | Kind::Invoice => columns::text(&name_text(item), widths[2]),
        _ => columns::middle(&name_text(item), widths[2]),
    };
    let cells = vec![
        Cell::from(if item.is_flagged() { "!" } else { " " }),
        Cell::from(kind_text(item.kind, lang, worded)),
        Cell::from(name),
        Cell::from(columns::text(&crate::i18n::status(&item.status, lang), widths[3])),
        Cell::from(expires_text(item, lang)),
        Cell::from(format::days_left_as(item.days_left, lang, worded)),
        Cell::from(columns::text(&item.attention(lang), widths[6])),
    ];
    let row = Row::new(shown(widths, cells)).style(style);
    if selected { row.style(style.patch(theme.selected)) } else { row }
}
