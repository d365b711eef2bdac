//! A screen that browses one of the portal's lists: the list grouped by status, a filter,
//! and one entry's detail, which the portal's answer for that entry fills in when it comes.

use unicode_width::UnicodeWidthStr;

use super::listing::GroupedList;
use super::marks::Marks;
use super::search_text::SearchText;
use crate::api::models::groups::StatusGroup;
use crate::api::{ApiError, Language, Operation};
use crate::app::screens::Cx;
use crate::config::keys::Action;

/// What a browsable list needs of its entries.
pub trait Listed {
    fn id(&self) -> &str;
    fn groups(items: &[Self]) -> Vec<StatusGroup>
    where
        Self: Sized;
    /// The entry's own text that the filter searches: `add` is called with each field.
    fn search_text(&self, add: &mut dyn FnMut(&str));
    /// Whether the entry's own text holds `needle` (lower-case).
    fn matches(&self, needle: &str) -> bool {
        let mut found = false;
        self.search_text(&mut |field| found = found || super::listing::contains(field, needle));
        found
    }
    /// The entry's figure (an amount) as its column shows it, when it has one: the column
    /// is sized to the widest once per list, not on every frame.
    fn figure(&self, _language: Language) -> Option<String> {
        None
    }
    /// The widths of the entry's text columns as its list writes them (a service's name
    /// and domain, say), measured once per list as the figure is: a column is as wide as
    /// its widest entry, never wider.
    fn text_widths(&self, _language: Language) -> Vec<usize> {
        Vec::new()
    }
    /// Whether the open entry's own answer says more than the list's entry (an invoice's
    /// items, a service's details), so that a fresh list keeps it until its own read comes.
    /// An entry whose detail is read elsewhere (a ticket's conversation) takes the list's.
    const DETAIL_SAYS_MORE: bool = true;
    /// What the entry adds to the marked entries' total in the list's title (`None`: not
    /// known).
    fn marked_amount(&self) -> super::marks::Priced<'_> {
        None
    }
    /// Whether the entry can be marked: what the list's actions on the marked act on (an
    /// invoice still to pay; not one paid or cancelled).
    fn markable(&self) -> bool {
        true
    }
}

#[derive(Clone, Debug)]
pub struct ListView<T> {
    pub items: Vec<T>,
    /// Whether the list has come at least once.
    pub loaded: bool,
    pub list: GroupedList,
    /// The entries marked to be acted on together, by id.
    pub marks: Marks,
    /// The entry whose detail is open.
    pub detail: Option<usize>,
    pub detail_scroll: super::Scroll,
    /// Why the open entry's own answer failed, if it did (the list's view stays shown).
    pub detail_error: Option<String>,
    /// Why the list itself could not be read the last time it was asked for, if so: said
    /// where the list is (an empty screen is not an empty list).
    pub list_error: Option<std::sync::Arc<ApiError>>,
    /// The width of the widest figure of the list (see `Listed::figure`), in English and
    /// in Vietnamese.
    widest_figure: [usize; 2],
    /// The widest of each text column (see `Listed::text_widths`), in each language.
    widest_texts: [Vec<usize>; 2],
    /// The read the list comes from, once it has been answered (see `list_answer`).
    read_by: Option<Operation>,
    /// A fresh list kept the open entry as it was (`Listed::DETAIL_SAYS_MORE`): the radar,
    /// made from that entry, is made again when the entry's own answer comes.
    open_kept: bool,
    /// What an order made, to select once a list read again holds it (see `Made`).
    pub made: Option<Made>,
}

/// What an order made, to be selected in a list without the screen shown: the entry with
/// this id (an invoice the order named), or the newest one not listed before it (a new
/// service); `open` opens its detail too (an invoice, to pay it at once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub entry: MadeEntry,
    pub open: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MadeEntry {
    Id(String),
    NewSince(std::collections::HashSet<String>),
}

impl<T: Listed> crate::app::screens::Browsing for ListView<T> {
    fn fit(&mut self, rows: usize) {
        ListView::fit(self, rows);
    }

    fn click(&mut self, line: usize) -> crate::app::screens::Click {
        ListView::click(self, line)
    }

    fn set_filter(&mut self, text: &str) {
        ListView::set_filter(self, text);
    }

    fn loaded(&self) -> bool {
        self.loaded
    }

    fn list(&self) -> Option<(Operation, Option<&ApiError>)> {
        Some((self.read_by?, self.list_error.as_deref()))
    }

    fn detail_open(&self) -> bool {
        self.detail.is_some()
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<T> Default for ListView<T> {
    fn default() -> ListView<T> {
        ListView {
            items: Vec::new(),
            loaded: false,
            list: GroupedList::default(),
            marks: Marks::default(),
            detail: None,
            detail_scroll: super::Scroll::default(),
            detail_error: None,
            list_error: None,
            widest_figure: [0; 2],
            widest_texts: [Vec::new(), Vec::new()],
            read_by: None,
            open_kept: false,
            made: None,
        }
    }
}

/// What a key did to a browsed list, for the screen to act on.
enum Browsed {
    /// Handled here (moved, scrolled, closed the detail).
    Done,
    /// Opened this entry's detail: ask the portal for it.
    Opened(u64),
    /// Not a key of the list.
    Unhandled,
}

impl<T: Listed> ListView<T> {
    /// The keys every browsed list shares: moving, opening an entry (`Some(id)`: ask the
    /// portal for it), the filter, and Esc's step back. `Err(())` when `action` is not one
    /// of them, for the screen's own keys.
    pub(crate) fn browse(&mut self, action: Action, cx: &mut Cx) -> Result<Option<u64>, ()> {
        match action {
            Action::Back => {
                let stepped = !cx.busy && self.step_back();
                cx.back(stepped);
            }
            // From an entry's detail, the filter is the list's: the detail closes under it.
            Action::Filter => {
                self.detail = None;
                cx.prompt(crate::app::PromptKind::Filter, &self.list.filter)
            }
            other => match self.apply(other, cx.page) {
                Browsed::Done => {}
                Browsed::Opened(id) => return Ok(Some(id)),
                Browsed::Unhandled => return Err(()),
            },
        }
        Ok(None)
    }

    /// The portal's whole list: shown, and on the radar; a portal without it is noted.
    /// Why none of the list's entries is known: its last reading failed, none older kept.
    pub fn unread(&self) -> Option<String> {
        self.list_error.as_ref().filter(|_| !self.loaded).map(|e| e.to_string())
    }

    pub(crate) fn list_answer(&mut self, op: Operation, result: Result<Vec<T>, ApiError>, cx: &mut Cx) {
        self.read_by = Some(op);
        match result {
            Ok(items) => {
                self.list_error = None;
                self.set_items(items);
                cx.radar_changed();
            }
            Err(e) => {
                cx.list_failed(op, &e);
                if !e.not_offered() {
                    self.list_error = Some(std::sync::Arc::new(e));
                }
            }
        }
    }

    /// One entry as the portal has it now, or why not (said in its detail).
    ///
    /// It is on the radar as the list's entry is: where a list answered while the detail
    /// was open kept the entry it showed, the radar is made again from the fresh one (only
    /// then: a whole account's radar is not made again for every entry opened).
    pub(crate) fn entry_answer(&mut self, result: Result<Box<T>, ApiError>, cx: &mut Cx) {
        match result {
            Ok(item) => {
                self.set_detail(*item);
                if std::mem::take(&mut self.open_kept) {
                    cx.radar_changed();
                }
            }
            Err(e) => self.detail_error = Some(crate::i18n::api_error(&e, cx.language)),
        }
    }

    /// A click on a row of the list (an open detail covers it).
    pub(crate) fn click(&mut self, line: usize) -> crate::app::screens::Click {
        match self.detail {
            None => self.list.click_line(line),
            Some(_) => crate::app::screens::Click::Nothing,
        }
    }

    /// Keeps the selection inside `rows` rows.
    pub(crate) fn fit(&mut self, rows: usize) {
        self.list.scroll_into_view(rows);
    }

    /// A fresh list: the selection and an open detail stay on their entries (by id). The
    /// open entry keeps its own answer, which says more than a list's entry does (an
    /// invoice's items); its own read, asked with the list, brings it up to date.
    pub fn set_items(&mut self, items: Vec<T>) {
        let id_at = |view: &ListView<T>, i: Option<usize>| i.and_then(|i| view.items.get(i)).map(|t| t.id().to_owned());
        let selected = id_at(self, self.list.selected_index().filter(|_| self.list.moved));
        let detail = id_at(self, self.detail);
        let open =
            self.detail.filter(|&i| i < self.items.len() && T::DETAIL_SAYS_MORE).map(|i| self.items.swap_remove(i));
        self.items = items;
        self.loaded = true;
        let index_of =
            |view: &ListView<T>, id: Option<String>| id.and_then(|id| view.items.iter().position(|t| t.id() == id));
        self.detail = index_of(self, detail);
        self.open_kept = false;
        if let (Some(at), Some(open)) = (self.detail, open) {
            self.items[at] = open;
            self.open_kept = true;
        }
        let keep = index_of(self, selected);
        self.regroup(keep);
    }

    /// The width of the widest figure of the list, as `language` writes them.
    pub fn widest_figure(&self, language: Language) -> usize {
        self.widest_figure[usize::from(language == Language::Vietnamese)]
    }

    /// The width of the widest entry of text column `column`, as `language` writes it.
    pub fn widest_text(&self, language: Language, column: usize) -> usize {
        let at = usize::from(language == Language::Vietnamese);
        self.widest_texts[at].get(column).copied().unwrap_or(0)
    }

    fn measure(&mut self) {
        for (at, language) in [Language::English, Language::Vietnamese].into_iter().enumerate() {
            let widths = self.items.iter().filter_map(|t| t.figure(language)).map(|f| f.width());
            self.widest_figure[at] = widths.max().unwrap_or(0);
            let mut widest: Vec<usize> = Vec::new();
            for item in &self.items {
                for (column, width) in item.text_widths(language).into_iter().enumerate() {
                    match widest.get_mut(column) {
                        Some(w) => *w = (*w).max(width),
                        None => widest.push(width),
                    }
                }
            }
            self.widest_texts[at] = widest;
        }
    }

    /// One entry's fresh answer, in place of the one with its id.
    pub fn set_detail(&mut self, item: T) {
        self.detail_error = None;
        if let Some(at) = self.items.iter().position(|t| t.id() == item.id()) {
            self.items[at] = item;
            let keep = self.list.selected_index();
            self.regroup(keep);
        }
    }

    /// Groups the entries again and lowers their searchable text (they changed); the
    /// selection stays on entry `keep` when it is shown.
    fn regroup(&mut self, keep: Option<usize>) {
        let search = SearchText::build(&self.items, T::search_text);
        self.list.regroup(T::groups(&self.items), search, keep);
        self.measure();
        let items = &self.items;
        self.marks.listed(items.len(), |i| items[i].markable().then(|| (items[i].id(), items[i].marked_amount())));
    }

    /// Takes the mark off the entry with this id (it was done).
    pub fn unmark(&mut self, id: &str) {
        self.marks.unmark(id);
    }

    /// Marks the entries with these ids and only them (what the Plan hands the list).
    pub fn mark_only(&mut self, ids: &[String]) {
        self.marks.set(ids.iter().map(String::as_str));
    }

    /// Whether entry `i` is marked.
    pub fn is_marked(&self, i: usize) -> bool {
        self.marks.is_marked(i)
    }

    /// The marked entries, in the list's order.
    pub fn marked(&self) -> impl Iterator<Item = &T> {
        self.marks.marked().filter_map(|i| self.items.get(i))
    }

    pub fn set_filter(&mut self, text: &str) {
        self.list.set_filter(text);
    }

    pub fn selected(&self) -> Option<&T> {
        self.list.selected_index().and_then(|i| self.items.get(i))
    }

    /// The entry whose detail is open.
    pub fn open(&self) -> Option<&T> {
        self.detail.and_then(|i| self.items.get(i))
    }

    /// What the entry on screen is: the open one, else the selected one.
    pub fn current(&self) -> Option<&T> {
        self.open().or_else(|| self.selected())
    }

    /// What an order made, once listed: selected (its detail closed), the wish forgotten;
    /// whether it was found, and whether to open it.
    pub fn select_made(&mut self) -> Option<bool> {
        let made = self.made.as_ref()?;
        let at = match &made.entry {
            MadeEntry::Id(id) => self.items.iter().position(|t| t.id().trim() == id.trim()),
            MadeEntry::NewSince(before) => (0..self.items.len())
                .filter(|&i| !before.contains(self.items[i].id().trim()))
                .max_by_key(|&i| self.items[i].id().trim().parse::<u64>().unwrap_or(0)),
        }?;
        if !self.list.select_where(|i| i == at) {
            return None;
        }
        self.detail = None;
        self.made.take().map(|made| made.open)
    }

    /// Selects the entry with this id; false when there is none.
    pub fn select_id(&mut self, id: &str) -> bool {
        let items = &self.items;
        self.list.select_where(|i| items[i].id() == id)
    }

    /// The list's and the detail's own keys.
    fn apply(&mut self, action: Action, page: isize) -> Browsed {
        if self.detail.is_some() {
            return match action {
                other if self.detail_scroll.apply(other, page) => Browsed::Done,
                _ => Browsed::Unhandled,
            };
        }
        if self.marks.apply(action, &mut self.list) {
            return Browsed::Done;
        }
        match action {
            other if self.list.apply(other, page) => Browsed::Done,
            Action::Open => match self.list.selected_index() {
                Some(i) => {
                    self.detail = Some(i);
                    self.detail_error = None;
                    self.detail_scroll.to_start();
                    self.items[i].id().trim().parse().map_or(Browsed::Done, Browsed::Opened)
                }
                None => Browsed::Unhandled,
            },
            _ => Browsed::Unhandled,
        }
    }

    /// Esc's step back: closes the detail, then clears the filter; false when neither was.
    pub fn step_back(&mut self) -> bool {
        if self.detail.take().is_some() {
            return true;
        }
        let filtered = !self.list.filter.is_empty();
        self.set_filter("");
        filtered
    }
}
