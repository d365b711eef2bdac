use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::app::screens::Around;
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::i18n::details::account_overview;
use crate::paint::Paint;
use crate::paint::empty_state;
use crate::paint::fields;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, _around: &Around) {
    let theme = paint.theme;
    let Some(account) = &state.account else {
        if !paint.offers(crate::api::Operation::Details) {
            return draw_without_details(frame, area, state, paint);
        }
        empty_state(frame, area, theme, &[paint.said(texts::LoadingAccount)]);
        return;
    };
    let lang = paint.language;
    let mut known: Vec<(&str, String)> = account_overview(account, lang).into_iter().collect();
    // The credit row says `GET /balance`'s credit where the portal offers it (the details'
    // credit is the same credit: said once), what is owed under it; a note where it does not.
    let credit_row = known.iter().position(|(k, _)| *k == Text::LabelCredit.get(lang)).unwrap_or(0);
    if let Some(balance) = &state.balance {
        let [credit, unpaid] = crate::i18n::details::balance_rows(balance, lang);
        if balance.credit.is_some() {
            known[credit_row] = credit;
        }
        known.insert(credit_row + 1, unpaid);
    } else if !paint.offers(crate::api::Operation::Balance) {
        let note = crate::i18n::not_offered(crate::api::Operation::Balance, lang);
        known.insert(credit_row + 1, (Text::LabelUnpaid.get(lang), note));
    }
    let label_width = known.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    // A value longer than the row (an address, say) wraps under itself, never cut.
    let room = (area.width as usize).saturating_sub(label_width + 6).max(8);
    let lines: Vec<Line> = known
        .iter()
        .flat_map(|(k, v)| {
            let parts: Vec<String> = textwrap::wrap(v, room).into_iter().map(|l| l.into_owned()).collect();
            let parts = if parts.is_empty() { vec![String::new()] } else { parts };
            parts
                .into_iter()
                .enumerate()
                .map(|(i, part)| fields::line(theme, if i == 0 { k } else { "" }, &part, label_width))
                .collect::<Vec<_>>()
        })
        .collect();
    let [top, rest] = Layout::vertical([Constraint::Length(lines.len() as u16 + 2), Constraint::Min(3)]).areas(area);
    let title = format!(" {} ", texts::AccountTitle.fill(paint.language, &[("id", &account.id)]));
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(Line::styled(title, theme.title))), top);

    // The portal's own names in words (`twofactor` → Two-step sign-in), flags as on/off,
    // dates as the reader writes them, the currency by its code rather than its id.
    let extra = crate::i18n::extra_fields(&account.extra, lang);
    let width = extra.iter().map(|(k, _)| k.width()).max().unwrap_or(0).min(24);
    let lines: Vec<Line> = extra.iter().map(|(label, value)| fields::line(theme, label, value, width)).collect();
    let inner_height = rest.height.saturating_sub(2);
    let scroll = state.scroll.fit(lines.len(), inner_height.into());
    let (up, down) = (paint.key(Action::Up), paint.key(Action::Down));
    let fill = [("count", &extra.len() as &dyn std::fmt::Display), ("up", &up), ("down", &down)];
    let title = format!(" {} ", texts::OtherFields.fill(paint.language, &fill));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let total = lines.len();
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), rest);
    crate::paint::document_bar(frame, rest, theme, scroll, total);
}

/// A portal without `GET /details`: signed in all the same; said so, and the balance where
/// the portal offers it.
fn draw_without_details(frame: &mut Frame, area: Rect, state: &State, paint: &Paint) {
    let (theme, lang) = (paint.theme, paint.language);
    let room = usize::from(area.width.saturating_sub(4)).max(8);
    let mut lines: Vec<Line> =
        textwrap::wrap(texts::NoDetails.get(lang), room).into_iter().map(|l| Line::raw(format!(" {l}"))).collect();
    let rows: Vec<(&str, String)> = match &state.balance {
        Some(balance) => crate::i18n::details::balance_rows(balance, lang).into(),
        None if !paint.offers(crate::api::Operation::Balance) => {
            vec![(Text::LabelUnpaid.get(lang), crate::i18n::not_offered(crate::api::Operation::Balance, lang))]
        }
        None => Vec::new(),
    };
    let label_width = rows.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    if !rows.is_empty() {
        lines.push(Line::raw(""));
    }
    lines.extend(rows.iter().map(|(k, v)| fields::line(theme, k, v, label_width)));
    let title = format!(" {} ", texts::AccountUntitled.get(lang));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
