//! The radar: every watched domain registration, certificate and service and what the
//! portal lists, soonest first, with what needs attention said in words and in colour; what
//! it could not look at on a line above.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};
use unicode_width::UnicodeWidthStr;

use crate::app::App;
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::format;
use crate::i18n::{Language, Text};
use crate::radar::SOON_DAYS;
use crate::radar::{Flag, Item, Kind};
use crate::ui::{nothing_shown, said};

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let items = &app.profile().screens.radar.items;
    if items.is_empty() {
        // `a` is bound where there is something to watch: the domains screen says which key.
        let watch = Text::PressAToWatch
            .fill(app.profile().language, &[("key", &app.keymap.label(Context::Domains, Action::Watch))]);
        let how = [said(app, Text::NothingWatched), None, Some(watch), said(app, Text::WatchedFetched)];
        return nothing_shown(frame, area, app, theme, &how);
    }
    let lang = app.profile().language;
    // What the radar could not look at, on a line of its own above it.
    let area = match app.profile().screens.radar.coverage.summary(lang) {
        Some(summary) => {
            let [top, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area);
            let summary = crate::ui::widgets::status_bar::truncate(&summary, top.width.saturating_sub(1) as usize);
            frame.render_widget(Paragraph::new(Line::styled(format!(" {summary}"), theme.warning)), top);
            rest
        }
        None => area,
    };
    let flagged = items.iter().filter(|i| i.is_flagged()).count();
    let count = items.len();
    let title = match flagged {
        0 => Text::RadarCalm.fill(lang, &[("count", &count), ("days", &SOON_DAYS)]),
        n => Text::RadarFlagged.fill(lang, &[("flagged", &n), ("count", &count), ("days", &SOON_DAYS)]),
    };
    let title = format!(" {title} ");
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let height = area.height.saturating_sub(3) as usize;
    let selected = app.profile().screens.radar.selected;
    let offset = selected.saturating_sub(height.saturating_sub(1));
    let name_width = items.iter().map(|i| i.name.width().max(i.id.len() + 1)).max().unwrap_or(4).clamp(4, 24);
    let status_width = items
        .iter()
        .map(|i| crate::i18n::status(&i.status, lang).width())
        .chain([Text::ColStatus.get(lang).width()])
        .max()
        .unwrap_or(7)
        .max(6);
    let kind_width = |worded| items.iter().map(|i| kind(i.kind, worded).get(lang).width()).max().unwrap_or(4).max(4);
    let left_width = items.iter().map(|i| i.left(lang).width()).max().unwrap_or(9).max(9);
    // Columns by priority: the kinds in words and every status whole while the attention
    // notes keep a useful room; then the kinds' short forms; then the statuses cut with an
    // ellipsis; then no status. The notes are cut with an ellipsis, never mid-word without.
    const NOTES_MIN: usize = 12;
    let width = area.width as usize;
    let fixed = |kind_width| 1 + kind_width + name_width + 10 + left_width + 6 + 2;
    // Words only where every note stays whole too.
    let notes_widest = items.iter().map(|i| i.attention(lang).width()).max().unwrap_or(0).max(NOTES_MIN);
    let fits = |worded, status_width| {
        let notes = if worded { notes_widest } else { NOTES_MIN };
        fixed(kind_width(worded)) + status_width + 1 + notes <= width
    };
    let (worded, status_width) = [(true, status_width), (false, status_width), (false, status_width.min(14))]
        .into_iter()
        .find(|&(worded, status)| fits(worded, status))
        .unwrap_or((false, 0));
    let kind_width = kind_width(worded);
    let notes_room = width.saturating_sub(fixed(kind_width) + status_width);
    let shape = Shape { worded, status_width, notes_room };
    let rows: Vec<Row> = items
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .map(|(i, item)| row(item, theme, i == selected, lang, &shape))
        .collect();
    let widths = [
        Constraint::Length(1),
        Constraint::Length(kind_width as u16),
        Constraint::Length(name_width as u16),
        Constraint::Length(status_width as u16),
        Constraint::Length(10),
        Constraint::Length(left_width as u16),
        Constraint::Min(12),
    ];
    let columns = [Text::ColKind, Text::ColName, Text::ColStatus, Text::ColExpires, Text::ColLeft, Text::ColAttention];
    let header = Row::new([""].into_iter().chain(columns.map(|c| c.get(lang)))).style(theme.dim);
    frame.render_widget(Table::new(rows, widths).header(header).column_spacing(1).block(block), area);
}

/// How the rows are laid out at this width: the kinds in words or short, the statuses'
/// room, the notes' room.
struct Shape {
    worded: bool,
    status_width: usize,
    notes_room: usize,
}

/// An item's kind: in words (`service`, `dịch vụ`) or short (`svc`, `dv`).
fn kind(kind: Kind, worded: bool) -> Text {
    match (kind, worded) {
        (Kind::Domain, true) => Text::RepKindDomain,
        (Kind::Certificate, true) => Text::RepKindCertificate,
        (Kind::Service, true) => Text::RepKindService,
        (Kind::Invoice, true) => Text::RepKindInvoice,
        (Kind::Ticket, true) => Text::RepKindTicket,
        (Kind::Domain, false) => Text::KindDomain,
        (Kind::Certificate, false) => Text::KindCertificate,
        (Kind::Service, false) => Text::KindService,
        (Kind::Invoice, false) => Text::KindInvoice,
        (Kind::Ticket, false) => Text::KindTicket,
    }
}

fn row<'a>(item: &'a Item, theme: &Theme, selected: bool, lang: Language, shape: &Shape) -> Row<'a> {
    let style = if item.flags.iter().any(|f| matches!(f, Flag::Expired | Flag::LookupFailed | Flag::Overdue)) {
        theme.expired
    } else if item.is_flagged() {
        theme.warning
    } else if item.superseded {
        theme.dim
    } else {
        theme.text
    };
    let kind = kind(item.kind, shape.worded).get(lang);
    let status = crate::i18n::status(&item.status, lang);
    let name = if item.name.is_empty() { format!("#{}", item.id) } else { item.name.to_string() };
    let expires = format::date(item.expires.get(..10).unwrap_or(&item.expires), lang);
    let cells = vec![
        Cell::from(if item.is_flagged() { "!" } else { " " }),
        Cell::from(kind),
        Cell::from(name),
        Cell::from(crate::ui::widgets::status_bar::truncate(&status, shape.status_width)),
        Cell::from(expires),
        Cell::from(item.left(lang)),
        Cell::from(crate::ui::widgets::status_bar::truncate(&item.attention(lang), shape.notes_room)),
    ];
    let row = Row::new(cells).style(style);
    if selected { row.style(style.patch(theme.selected)) } else { row }
}
