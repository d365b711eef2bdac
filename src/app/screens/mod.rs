//! The screens: each a module that owns its feature (its state, its keys, its requests and
//! their answers, its hints, whether it has data) behind one [`View`] trait, reaching the
//! rest of the app only through a [`Cx`]. The modules, [`Screens`] (every screen's state),
//! [`Req`], [`Visit`] and [`reader_of`] come from the screen table
//! (`config/keys/screens.rs`); what a screen offers the radar and the Overview is its own
//! [`RadarSource`].

mod around;
mod cx;
mod list_screen;
mod radar_source;

use std::collections::HashSet;
use std::fmt::Debug;

pub use around::{Around, EveryRadar};
pub use cx::{Ask, Cx, Effect};
pub use list_screen::ListScreen;
pub(crate) use list_screen::list_screen_view;
pub use radar_source::{RadarSource, Watched};

use crate::api::models::{Availability, Quote};
use crate::api::{ApiError, ChangeAnswer, Data, Estimate, Operation};
use crate::app::log::RequestLog;
use crate::app::{PromptKind, Screen, WatchItem};
use crate::config::keys::Action;
use crate::paint::Paint;

/// What every screen is.
pub trait View: Default {
    /// What the screen asks the portal for; its answers come back with it.
    type Req: Request;
    /// What another part of the app may hand it (see [`Visit`]).
    type Visit;

    /// A key's action on this screen (the ones every screen shares are taken before).
    fn action(&mut self, action: Action, cx: &mut Cx);

    /// The portal's answer to one of this screen's requests.
    fn answer(&mut self, req: Self::Req, answer: Result<Data, ApiError>, cx: &mut Cx);

    /// What the portal said of a name this screen asked about (`Cx::look_up`).
    fn looked_up(&mut self, _req: Self::Req, _answer: Result<Availability, ApiError>, _cx: &mut Cx) {}

    /// The portal's estimate of an upgrade this screen asked for (`Cx::estimate`).
    fn estimated(&mut self, _req: Self::Req, _answer: Result<Estimate, ApiError>, _cx: &mut Cx) {}

    /// The portal's own quote of an order this screen asked for (`Cx::quote`).
    fn quoted(&mut self, _req: Self::Req, _answer: Result<Quote, ApiError>, _cx: &mut Cx) {}

    /// What came of a change this screen put up. The status line has said it already; the
    /// screen reads again what the change touched.
    fn changed(&mut self, _req: Self::Req, _settled: Settled, _cx: &mut Cx) {}

    /// A change this screen put up was confirmed and sent, or (`refused`, with the words
    /// said) refused as another change is in flight.
    fn confirmed(&mut self, _req: &Self::Req, _refused: Option<&str>) {}

    /// Whether a dialog of the screen is open over it: keys go to it first.
    fn modal(&self) -> bool {
        false
    }

    /// A key for the open dialog.
    fn modal_key(&mut self, _key: crossterm::event::KeyEvent, _cx: &mut Cx) {}

    /// Pasted text (one line) for the open dialog's focused field: `None` without a dialog,
    /// else whether the field took it (`note` says lines were joined).
    fn paste(&mut self, _pasted: &Pasted) -> Option<bool> {
        None
    }

    /// The actions the hint line offers now.
    fn hints(&self, peek: &Peek) -> Vec<Action>;

    /// Whether the screen shows fetched data (which a failed refresh leaves in place): by
    /// default, whether the list it browses has come.
    fn has_data(&self, _peek: &Peek) -> bool {
        self.browsed().is_some_and(Browsing::loaded)
    }

    /// The portal list the screen browses, where it is one (services, invoices, tickets,
    /// certificates): fitting, clicks, the filter, `has_data` and `list` come from it
    /// unless the screen says otherwise.
    fn browsed(&self) -> Option<&dyn Browsing> {
        None
    }

    fn browsed_mut(&mut self) -> Option<&mut dyn Browsing> {
        None
    }

    /// The portal list the screen shows, and why its last reading failed: the Overview
    /// says, from every screen that has one, which lists a profile could not read.
    fn list(&self) -> Option<(Operation, Option<&ApiError>)> {
        self.browsed()?.list()
    }

    /// The read of the whole-account list the screen shows, if it shows one: what reads it
    /// again after a change made it stale (`reader_of`), and after it failed on the radar.
    fn list_read() -> Option<(Self::Req, crate::api::Query)> {
        None
    }

    /// The request that reads `query` again for this screen, if it shows it: by default
    /// its list's read.
    fn reader(query: &crate::api::Query) -> Option<Self::Req> {
        Self::list_read().filter(|(_, read)| read == query).map(|(req, _)| req)
    }

    /// What the screen holds of `query`'s answer, as it would read it now (a change's
    /// promise is checked against it): none by default.
    fn holds(&self, _query: &crate::api::Query, _not_offered: &HashSet<Operation>) -> Option<Data> {
        None
    }

    /// What the screen offers the radar and the Overview, if anything (`Some(self)` where
    /// it implements [`RadarSource`]).
    fn radar(&self) -> Option<&dyn RadarSource> {
        None
    }

    fn radar_mut(&mut self) -> Option<&mut dyn RadarSource> {
        None
    }

    /// Whether a failed answer to `req` leaves the data on screen out of date: a refresh of
    /// what is shown does; a lookup of something new is only its own error. By default, on
    /// a screen of a list, only the list's read; on another, every answer.
    fn refreshes(&self, req: &Self::Req) -> bool {
        Self::list_read().is_none_or(|(list, _)| list == *req)
    }

    /// What the screen reads on its own once signed in.
    fn start(&mut self, _cx: &mut Cx) {}

    /// It became the screen shown (from another, from another profile, or back from
    /// signing in), its profile signed in: what it reads only once looked at (the
    /// catalogue) is read here. Nothing by default.
    fn shown(&mut self, _cx: &mut Cx) {}

    /// The screen's own dialog, drawn over everything else (popups included) while it is
    /// open and no change's confirmation is up: none by default.
    fn draw_dialog(&self, _frame: &mut ratatui::Frame, _area: ratatui::layout::Rect, _paint: &Paint) {}

    /// A sign-in succeeded, with the account it brought (`None` where the portal has no
    /// `GET /details`); every screen hears it, before `start`.
    fn signed_in(&mut self, _account: &crate::command::Details, _cx: &mut Cx) {}

    /// Something another part of the app hands this screen.
    fn visit(&mut self, _visit: Self::Visit, _cx: &mut Cx) {}

    /// Keeps the selection inside a list of `rows` rows.
    fn fit(&mut self, rows: usize) {
        if let Some(list) = self.browsed_mut() {
            list.fit(rows);
        }
    }

    /// The filter typed into the prompt, where the screen has one.
    fn set_filter(&mut self, text: &str) {
        if let Some(list) = self.browsed_mut() {
            list.set_filter(text);
        }
    }

    /// What the watch keys act on here.
    fn watch_item(&self) -> Option<WatchItem> {
        None
    }

    /// A click on `line` of the list the screen shows, `visible` lines of it on screen.
    fn click(&mut self, line: usize, _visible: usize) -> Click {
        self.browsed_mut().map_or(Click::Nothing, |list| list.click(line))
    }

    /// Whether a wheel notch moves the selection a row rather than scrolling a few lines.
    fn wheel_moves_rows(&self) -> bool {
        false
    }

    /// Whether it shows the HTTP exchanges of the run, so that each one redraws it.
    fn shows_exchanges(&self) -> bool {
        false
    }

    /// What `action` does here now, where that differs from what the screen table says of
    /// it (`Enter` in a domain's detail changes the record it is on): help says this.
    fn says(&self, _action: Action) -> Option<crate::i18n::Text> {
        None
    }

    /// The action the hints offer that `action` goes with (`←` with `→`, `Enter` in a
    /// domain's detail with `c`): help counts it offered when that one is.
    fn goes_with(&self, action: Action) -> Option<Action> {
        match action {
            Action::PrevContact => Some(Action::NextContact),
            Action::ChoosePrev | Action::ChooseNext => Some(Action::Choose),
            // Marking every entry shown, or none, goes with marking one.
            Action::MarkAll | Action::ClearMarks => Some(Action::Mark),
            _ => None,
        }
    }

    /// Why one of the screen's keys the hints do not offer now does nothing here, for help
    /// (its `{open}`, `{back}`, `{down}` are the keymap's keys): by default where a list
    /// screen offers it, the list or an entry's detail.
    fn why_not(&self, _action: Action, _peek: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self.browsed() {
            Some(list) if list.detail_open() => Text::WhyOnList,
            Some(list) if list.is_empty() => Text::WhyListEmpty,
            Some(_) => Text::WhyInDetail,
            None => Text::WhyNotNow,
        }
    }

    /// The text typed into a prompt this screen opened; `Err` says what is wrong with it,
    /// under the prompt, which stays open.
    fn submit(&mut self, _kind: PromptKind, _text: &str, _cx: &mut Cx) -> Result<(), String> {
        Ok(())
    }
}

/// Text pasted (bracketed paste): as it came, its control characters still in it, and
/// as one line (`line`: line breaks taken out, sanitised) with a note saying so when it
/// had any. A one-line field takes `line`; a text of several lines takes `text`, cleaned.
pub struct Pasted<'a> {
    pub text: &'a str,
    pub line: &'a str,
    pub note: Option<String>,
}

/// What came of a change a screen put up.
pub struct Settled<'a> {
    pub result: &'a Result<ChangeAnswer, ApiError>,
    /// What the change says to read again to show what it did (`Change::read_again`),
    /// when it may have been applied.
    pub read_again: Option<crate::api::Query>,
    /// For a DNS change that may have been applied: the records read again right after
    /// it, compared (whether it is there now, the record it made).
    pub check: Option<&'a crate::api::Check>,
    /// When the answer came.
    pub at: std::time::SystemTime,
}

/// A screen's request: what a newer one replaces, and whether it is one of the screen's
/// own lookups.
pub trait Request: Clone + Debug + Eq {
    /// Whether this request replaces `older`, still running (by default: one of a kind).
    fn supersedes(&self, older: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(older)
    }

    /// Whether it is a lookup of the screen: Esc there cancels it and its answer says how
    /// fresh the screen is. A read beside the screen (the balance, the record types a form
    /// offers) is not, nor is a change.
    fn lookup(&self) -> bool {
        true
    }
}

/// A portal list a screen browses, as the screen's `View` defaults use it
/// (`View::browsed`): fitting, clicks, the filter, whether it has come, and why its last
/// reading failed.
pub trait Browsing {
    fn fit(&mut self, rows: usize);
    fn click(&mut self, line: usize) -> Click;
    fn set_filter(&mut self, text: &str);
    fn loaded(&self) -> bool;
    /// Whether an entry's detail is open over the list.
    fn detail_open(&self) -> bool;
    /// Whether the list holds no entry.
    fn is_empty(&self) -> bool;
    /// The read the list comes from and why its last reading failed, once answered.
    fn list(&self) -> Option<(Operation, Option<&ApiError>)>;
}

/// What a click on a list's row comes to.
#[derive(Debug, PartialEq, Eq)]
pub enum Click {
    /// The selected entry was clicked again: it opens.
    Open,
    Selected,
    /// A header, below the last row, or no list shown.
    Nothing,
}

/// What a screen may read of the app without changing it.
pub struct Peek<'a> {
    pub not_offered: &'a HashSet<Operation>,
    pub log: &'a RequestLog,
}

impl Peek<'_> {
    pub fn offers(&self, op: Operation) -> bool {
        !self.not_offered.contains(&op)
    }
}

/// A screen as the app drives it, whichever it is: [`View`] with the app's own [`Req`] and
/// [`Visit`] (a request or a visit for another screen is not this one's and is ignored).
pub trait AnyView {
    fn action(&mut self, action: Action, cx: &mut Cx);
    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx);
    fn looked_up(&mut self, req: Req, answer: Result<Availability, ApiError>, cx: &mut Cx);
    fn estimated(&mut self, req: Req, answer: Result<Estimate, ApiError>, cx: &mut Cx);
    fn quoted(&mut self, req: Req, answer: Result<Quote, ApiError>, cx: &mut Cx);
    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx);
    fn confirmed(&mut self, req: &Req, refused: Option<&str>);
    fn visit(&mut self, visit: Visit, cx: &mut Cx);
    fn start(&mut self, cx: &mut Cx);
    fn shown(&mut self, cx: &mut Cx);
    fn signed_in(&mut self, account: &crate::command::Details, cx: &mut Cx);
    fn modal(&self) -> bool;
    fn modal_key(&mut self, key: crossterm::event::KeyEvent, cx: &mut Cx);
    fn paste(&mut self, pasted: &Pasted) -> Option<bool>;
    fn hints(&self, peek: &Peek) -> Vec<Action>;
    fn has_data(&self, peek: &Peek) -> bool;
    fn list(&self) -> Option<(Operation, Option<&ApiError>)>;
    fn list_read(&self) -> Option<(Req, crate::api::Query)>;
    fn holds(&self, query: &crate::api::Query, not_offered: &HashSet<Operation>) -> Option<Data>;
    fn radar(&self) -> Option<&dyn RadarSource>;
    fn radar_mut(&mut self) -> Option<&mut dyn RadarSource>;
    fn refreshes(&self, req: &Req) -> bool;
    fn set_filter(&mut self, text: &str);
    fn watch_item(&self) -> Option<WatchItem>;
    fn click(&mut self, line: usize, visible: usize) -> Click;
    fn wheel_moves_rows(&self) -> bool;
    fn shows_exchanges(&self) -> bool;
    fn says(&self, action: Action) -> Option<crate::i18n::Text>;
    fn goes_with(&self, action: Action) -> Option<Action>;
    fn why_not(&self, action: Action, peek: &Peek) -> crate::i18n::Text;
    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String>;
    /// Draws the screen in `area` from its own state, `paint` and what is `around` it.
    fn draw(&self, frame: &mut ratatui::Frame, area: ratatui::layout::Rect, paint: &Paint, around: &Around);
    fn draw_dialog(&self, frame: &mut ratatui::Frame, area: ratatui::layout::Rect, paint: &Paint);
}

/// The modules, every screen's state, its requests and what may be handed to it.
macro_rules! screens_layer {
    ($($screen:ident { module: $module:ident, $($rest:tt)* })*) => {
        $(pub mod $module;)*

        /// Every screen's state, for one profile.
        #[derive(Default)]
        pub struct Screens {
            $(pub $module: $module::State,)*
        }

        /// A screen's request, as the app keeps it while it runs.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Req {
            $($screen($module::Req),)*
        }

        $(impl From<$module::Req> for Req {
            fn from(req: $module::Req) -> Req {
                Req::$screen(req)
            }
        })*

        impl Req {
            pub fn screen(&self) -> Screen {
                match self {
                    $(Req::$screen(_) => Screen::$screen,)*
                }
            }

            pub fn supersedes(&self, older: &Req) -> bool {
                match (self, older) {
                    $((Req::$screen(a), Req::$screen(b)) => a.supersedes(b),)*
                    _ => false,
                }
            }

            pub fn lookup(&self) -> bool {
                match self {
                    $(Req::$screen(r) => r.lookup(),)*
                }
            }
        }

        /// Something handed to a screen.
        #[derive(Debug)]
        pub enum Visit {
            $($screen(<$module::State as View>::Visit),)*
        }

        $(impl From<<$module::State as View>::Visit> for Visit {
            fn from(visit: <$module::State as View>::Visit) -> Visit {
                Visit::$screen(visit)
            }
        })*

        impl Visit {
            /// The screen it is for.
            pub fn screen(&self) -> Screen {
                match self {
                    $(Visit::$screen(_) => Screen::$screen,)*
                }
            }
        }

        $(impl AnyView for $module::State {
            fn action(&mut self, action: Action, cx: &mut Cx) {
                View::action(self, action, cx)
            }
            fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
                if let Req::$screen(req) = req {
                    View::answer(self, req, answer, cx)
                }
            }
            fn looked_up(&mut self, req: Req, answer: Result<Availability, ApiError>, cx: &mut Cx) {
                if let Req::$screen(req) = req {
                    View::looked_up(self, req, answer, cx)
                }
            }
            fn estimated(&mut self, req: Req, answer: Result<Estimate, ApiError>, cx: &mut Cx) {
                if let Req::$screen(req) = req {
                    View::estimated(self, req, answer, cx)
                }
            }
            fn quoted(&mut self, req: Req, answer: Result<Quote, ApiError>, cx: &mut Cx) {
                if let Req::$screen(req) = req {
                    View::quoted(self, req, answer, cx)
                }
            }
            fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
                if let Req::$screen(req) = req {
                    View::changed(self, req, settled, cx)
                }
            }
            fn confirmed(&mut self, req: &Req, refused: Option<&str>) {
                if let Req::$screen(req) = req {
                    View::confirmed(self, req, refused)
                }
            }
            fn visit(&mut self, visit: Visit, cx: &mut Cx) {
                if let Visit::$screen(visit) = visit {
                    View::visit(self, visit, cx)
                }
            }
            fn start(&mut self, cx: &mut Cx) {
                View::start(self, cx)
            }
            fn shown(&mut self, cx: &mut Cx) {
                View::shown(self, cx)
            }
            fn signed_in(&mut self, account: &crate::command::Details, cx: &mut Cx) {
                View::signed_in(self, account, cx)
            }
            fn modal(&self) -> bool {
                View::modal(self)
            }
            fn modal_key(&mut self, key: crossterm::event::KeyEvent, cx: &mut Cx) {
                View::modal_key(self, key, cx)
            }
            fn paste(&mut self, pasted: &Pasted) -> Option<bool> {
                View::paste(self, pasted)
            }
            fn hints(&self, peek: &Peek) -> Vec<Action> {
                View::hints(self, peek)
            }
            fn has_data(&self, peek: &Peek) -> bool {
                View::has_data(self, peek)
            }
            fn list(&self) -> Option<(Operation, Option<&ApiError>)> {
                View::list(self)
            }
            fn list_read(&self) -> Option<(Req, crate::api::Query)> {
                <$module::State as View>::list_read().map(|(req, query)| (req.into(), query))
            }
            fn holds(&self, query: &crate::api::Query, not_offered: &HashSet<Operation>) -> Option<Data> {
                View::holds(self, query, not_offered)
            }
            fn radar(&self) -> Option<&dyn RadarSource> {
                View::radar(self)
            }
            fn radar_mut(&mut self) -> Option<&mut dyn RadarSource> {
                View::radar_mut(self)
            }
            fn refreshes(&self, req: &Req) -> bool {
                match req {
                    Req::$screen(req) => View::refreshes(self, req),
                    _ => false,
                }
            }
            fn set_filter(&mut self, text: &str) {
                View::set_filter(self, text)
            }
            fn watch_item(&self) -> Option<WatchItem> {
                View::watch_item(self)
            }
            fn click(&mut self, line: usize, visible: usize) -> Click {
                View::click(self, line, visible)
            }
            fn wheel_moves_rows(&self) -> bool {
                View::wheel_moves_rows(self)
            }
            fn shows_exchanges(&self) -> bool {
                View::shows_exchanges(self)
            }
            fn says(&self, action: Action) -> Option<crate::i18n::Text> {
                View::says(self, action)
            }
            fn goes_with(&self, action: Action) -> Option<Action> {
                View::goes_with(self, action)
            }
            fn why_not(&self, action: Action, peek: &Peek) -> crate::i18n::Text {
                View::why_not(self, action, peek)
            }
            fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
                View::submit(self, kind, text, cx)
            }
            fn draw(&self, frame: &mut ratatui::Frame, area: ratatui::layout::Rect, paint: &Paint, around: &Around) {
                $module::draw::draw(frame, area, self, paint, around)
            }
            fn draw_dialog(&self, frame: &mut ratatui::Frame, area: ratatui::layout::Rect, paint: &Paint) {
                View::draw_dialog(self, frame, area, paint)
            }
        })*

        /// One screen's state, taken out of [`Screens`] while it runs (the others stay, to
        /// be read).
        pub enum Taken {
            $($screen($module::State),)*
        }

        impl Taken {
            pub fn view(&mut self) -> &mut dyn AnyView {
                match self {
                    $(Taken::$screen(view) => view,)*
                }
            }
        }

        impl Screens {
            /// The screen's state; the login form has none here.
            pub fn view(&self, screen: Screen) -> Option<&dyn AnyView> {
                match screen {
                    $(Screen::$screen => Some(&self.$module),)*
                    Screen::Login => None,
                }
            }

            pub fn take(&mut self, screen: Screen) -> Option<Taken> {
                match screen {
                    $(Screen::$screen => Some(Taken::$screen(std::mem::take(&mut self.$module))),)*
                    Screen::Login => None,
                }
            }

            pub fn put(&mut self, taken: Taken) {
                match taken {
                    $(Taken::$screen(view) => self.$module = view,)*
                }
            }

            /// Keeps every list's selection inside `rows` rows.
            pub fn fit(&mut self, rows: usize) {
                $(View::fit(&mut self.$module, rows);)*
            }

            /// Every screen's state, in tab order.
            pub fn views(&self) -> Vec<&dyn AnyView> {
                vec![$(&self.$module as &dyn AnyView,)*]
            }
        }

        /// The request that reads `query` again for the screen that shows it: the
        /// whole-account lists and the balance a change makes stale (`Change::makes_stale`);
        /// none for a read no screen keeps.
        pub fn reader_of(query: &crate::api::Query) -> Option<Req> {
            $(if let Some(req) = <$module::State as View>::reader(query) {
                return Some(req.into());
            })*
            None
        }
    };
}

crate::config::keys::screens!(screens_layer);
