//! The screens, declared once. One row per screen names its module (its folder under
//! `app/screens/`), its `[keys.*]` section in the config file, its titles, its go-to
//! action with that action's config name and its key in the top row (a digit, or the
//! Plan's `$`), the keys it binds by default and
//! what help says those keys do there. `screens!` hands the rows to a macro of the caller's
//! choosing, so each layer generates what it needs from the same list: here the `Screen`
//! and `Context` enums; in `bindings.rs` the go-to actions and the default bindings; in `app` the screens'
//! state and the dispatch of keys, answers, hints and drawing. Adding a screen is one row
//! here and its folder in `app/screens/` (state in `mod.rs`, drawing in `draw.rs`). The tab's
//! key is optional: a row without one (`go: GoX = "go_x", Text::KeyGoX;`) makes a screen
//! reached by its tab, `Tab`, or a key the config file gives its go-to action.
//!
//! The words a row names (its titles, what its go-to key and its keys do there) are
//! `Text`s: the table's, or the row's own, written in it,
//! `title: Text::Own(&["Notifications", "Thông báo"])`; a test checks every one of them in
//! both languages as the table's are.

use crate::api::Language;
use crate::i18n::Text;

/// Calls `$then!` with every screen's row, in tab order.
macro_rules! screens {
    ($then:ident) => {
        $then! {
            Account {
                module: account, section: "account", title: Text::ScreenAccount, short: Text::ScreenAccountShort,
                go: GoAccount = "go_account", Text::KeyGoAccount, '1';
                keys: [];
                says: [];
            }
            Domains {
                module: domains, section: "domains", title: Text::ScreenDomains, short: Text::ScreenDomainsShort,
                go: GoDomains = "go_domains", Text::KeyGoDomains, '2';
                keys: [
                    Key::ch('/') => Lookup, Key::ch('f') => Filter, Key::ch('a') => Watch,
                    Key::ch('d') => Unwatch, Key::ch('n') => AddRecord, Key::ch('c') => EditRecord,
                    Key::ch('x') => DeleteRecord, Key::plain(KeyCode::Delete) => DeleteRecord,
                    Key::ch('R') => Renew, Key::ch('A') => ToggleAutorenew, Key::ch('K') => ToggleLock,
                    Key::ch('I') => ToggleIdProtection, Key::ch('S') => SetNameservers,
                    Key::ch('E') => ShowTransferCode, Key::ch('y') => Copy,
                    Key::ch(' ') => Mark, Key::ch('*') => MarkAll, Key::ch('u') => ClearMarks,
                    Key::ch('o') => OrderDomain, Key::ch('C') => EditContacts, Key::ch('Z') => CreateZone,
                    Key::ch('D') => DeleteZone,
                ];
                says: [
                    Open => Text::KeyOpenRecord, Lookup => Text::KeyLookupDomain, Watch => Text::KeyWatchDomain,
                    Copy => Text::KeyCopyTransferCode,
                ];
            }
            Services {
                module: services, section: "services", title: Text::ScreenServices, short: Text::ScreenServicesShort,
                go: GoServices = "go_services", Text::KeyGoServices, '3';
                keys: [
                    Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('u') => ShowUpgrades,
                    Key::ch('c') => ShowCertificate, Key::ch('x') => CancelService, Key::ch('t') => LabelService,
                    Key::ch('w') => ShowPassword,
                    Key::ch(' ') => Mark, Key::ch('*') => MarkAll, Key::ch('U') => ClearMarks,
                ];
                says: [Open => Text::KeyOpenService, Filter => Text::KeyFilterServices];
            }
            Invoices {
                module: invoices, section: "invoices", title: Text::ScreenInvoices, short: Text::ScreenInvoicesShort,
                go: GoInvoices = "go_invoices", Text::KeyGoInvoices, '4';
                keys: [Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('c') => PayFromCredit,
                    Key::ch(' ') => Mark, Key::ch('*') => MarkAll, Key::ch('u') => ClearMarks,
                ];
                says: [Open => Text::KeyOpenInvoice, Filter => Text::KeyFilterInvoices];
            }
            Certificates {
                module: certificates, section: "certificates", title: Text::ScreenCertificates,
                short: Text::ScreenCertificatesShort,
                go: GoCertificates = "go_certificates", Text::KeyGoCertificates, '5';
                keys: [
                    Key::ch('/') => Lookup, Key::ch('f') => Filter, Key::plain(KeyCode::Left) => PrevContact,
                    Key::ch('h') => PrevContact, Key::plain(KeyCode::Right) => NextContact,
                    Key::ch('l') => NextContact, Key::ch('c') => NextContact, Key::ch('y') => Copy,
                    Key::ch('s') => Save, Key::ch('S') => SaveCsr, Key::ch('a') => Watch, Key::ch('d') => Unwatch,
                ];
                says: [
                    Open => Text::KeyOpenCertificate, Lookup => Text::KeyLookupCertificate, Filter => Text::KeyFilterCertificates,
                    Copy => Text::KeyCopyCsr, Save => Text::KeySaveCertificate, Watch => Text::KeyWatchCertificate,
                ];
            }
            Upgrades {
                module: upgrades, section: "upgrades", title: Text::ScreenUpgrades, short: Text::ScreenUpgradesShort,
                go: GoUpgrades = "go_upgrades", Text::KeyGoUpgrades, '6';
                keys: [
                    Key::ch('/') => Lookup, Key::ch(' ') => Choose, Key::plain(KeyCode::Enter) => Choose,
                    Key::plain(KeyCode::Left) => ChoosePrev, Key::ch('h') => ChoosePrev,
                    Key::plain(KeyCode::Right) => ChooseNext, Key::ch('l') => ChooseNext,
                    Key::ch('y') => Copy, Key::ch('s') => Save, Key::ch('a') => Watch,
                    Key::ch('d') => Unwatch, Key::ch('o') => Order,
                ];
                says: [Lookup => Text::KeyLookupService];
            }
            Catalogue {
                module: catalogue, section: "catalogue",
                title: Text::Own(&["Shop", "Mua"]), short: Text::Own(&["Shop", "Mua"]),
                go: GoCatalogue = "go_catalogue", Text::Own(&["the catalogue: order a service", "danh mục sản phẩm: đặt mua dịch vụ"]);
                row: true;
                keys: [Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('o') => OrderProduct];
                says: [
                    Open => Text::Own(&["show the product's periods and prices", "xem các kỳ hạn và giá của sản phẩm"]),
                    Filter => Text::Own(&["filter by category, name or description", "lọc theo danh mục, tên hoặc mô tả"]),
                ];
            }
            Radar {
                module: radar, section: "radar", title: Text::ScreenRadar, short: Text::ScreenRadarShort,
                go: GoRadar = "go_radar", Text::KeyGoRadar, '7';
                keys: [Key::ch('d') => Unwatch];
                says: [Open => Text::KeyOpenRadarItem, Unwatch => Text::KeyUnwatchSelected];
            }
            Log {
                module: log, section: "log", title: Text::ScreenLog, short: Text::ScreenLogShort,
                go: GoLog = "go_log", Text::KeyGoLog, '8';
                keys: [];
                says: [Open => Text::KeyOpenLogEntry];
            }
            Tickets {
                module: tickets, section: "tickets", title: Text::ScreenTickets, short: Text::ScreenTicketsShort,
                go: GoTickets = "go_tickets", Text::KeyGoTickets, '9';
                keys: [
                    Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('a') => Reply,
                    Key::ch('n') => NewTicket, Key::ch('x') => CloseTicket, Key::ch('o') => ReopenTicket,
                    Key::ctrl('s') => SendText, Key::ch('s') => Save,
                ];
                says: [Open => Text::KeyOpenTicket, Filter => Text::KeyFilterTickets, Save => Text::KeySaveAttachment];
            }
            Overview {
                module: overview, section: "overview", title: Text::ScreenOverview, short: Text::ScreenOverviewShort,
                go: GoOverview = "go_overview", Text::KeyGoOverview, '0';
                keys: [];
                says: [Open => Text::KeyOpenOverviewRow, Refresh => Text::KeyRefreshOverview];
            }
            Plan {
                module: plan, section: "plan", title: Text::Own(&["Plan", "Kế hoạch"]),
                short: Text::Own(&["Plan", "K.hoạch"]),
                go: GoPlan = "go_plan", Text::Own(&["show the plan: what falls due, across every profile", "xem kế hoạch: những gì đến hạn, ở mọi hồ sơ"]), '$';
                keys: [
                    Key::ch('w') => NextWindow, Key::ch(' ') => Mark, Key::ch('*') => MarkAll,
                    Key::ch('u') => ClearMarks, Key::ch('R') => Renew, Key::ch('c') => PayFromCredit,
                ];
                says: [
                    Refresh => Text::KeyRefreshOverview,
                    Renew => Text::Own(&["renew the marked registrations, each profile's in one confirmation", "gia hạn các tên miền đã đánh dấu, mỗi hồ sơ một lần xác nhận"]),
                    PayFromCredit => Text::Own(&["pay the marked invoices from each profile's credit", "trả các hóa đơn đã đánh dấu bằng số dư của từng hồ sơ"]),
                ];
            }
        }
    };
}
pub(crate) use screens;

/// The enums and tables of this layer, from the rows.
macro_rules! keys_layer {
    ($($screen:ident {
        module: $module:ident, section: $section:literal, title: $title:expr, short: $short:expr,
        go: $go:ident = $go_name:literal, $go_says:expr $(, $tab_key:literal)?;
        $(row: $row:literal;)?
        keys: [$($key:expr => $action:ident),* $(,)?];
        says: [$($said:ident => $says:expr),* $(,)?];
    })*) => {
        /// A screen of the dashboard: the login form, then the tabs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Screen {
            Login,
            $($screen,)*
        }

        impl Screen {
            /// The tabs, in order.
            pub const TABS: &'static [Screen] = &[$(Screen::$screen,)*];
            /// The first tab: what a sign-in shows, and what the login form offers keys as.
            pub const HOME: Screen = Screen::TABS[0];

            pub fn title(self, language: Language) -> &'static str {
                self.title_text().get(language)
            }

            /// Its title, as the row names it.
            fn title_text(self) -> Text {
                match self {
                    Screen::Login => Text::ScreenLogin,
                    $(Screen::$screen => $title,)*
                }
            }

            /// The key that shows the tab, as the top row names it (a digit, or the Plan's
            /// `$`): a screen may have none (its go-to action then has no default key; the
            /// top row names it only).
            pub fn tab_key(self) -> Option<char> {
                match self {
                    Screen::Login => None,
                    $(Screen::$screen => None$(.or(Some($tab_key)))?,)*
                }
            }

            /// Whether the top row names the tab while another is shown: every tab with a
            /// key, and a tab without one whose row says `row: true` (a screen reached by
            /// `Tab` only is named just while it is shown, so the keys keep their room).
            pub fn always_in_row(self) -> bool {
                match self {
                    Screen::Login => false,
                    $(Screen::$screen => self.tab_key().is_some() $(|| $row)?,)*
                }
            }

            /// The tab label when the header is narrow.
            pub fn short_title(self, language: Language) -> &'static str {
                self.short_text().get(language)
            }

            /// Its short title, as the row names it.
            fn short_text(self) -> Text {
                match self {
                    Screen::Login => Text::ScreenLogin,
                    $(Screen::$screen => $short,)*
                }
            }

            /// Where the screen's keys are looked up; the login form takes the account's.
            pub fn context(self) -> Context {
                match self {
                    Screen::Login => Context::Account,
                    $(Screen::$screen => Context::$screen,)*
                }
            }
        }

        /// Where a binding applies. `Global` bindings work on every screen after login
        /// unless the screen binds the same key itself.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Context {
            Global,
            $($screen,)*
            /// A confirmation dialog.
            Dialog,
        }

        impl Context {
            pub const ALL: &'static [Context] = &[Context::Global, $(Context::$screen,)* Context::Dialog];

            /// The name in the `[keys]` table of the config file.
            pub fn name(self) -> &'static str {
                match self {
                    Context::Global => "global",
                    $(Context::$screen => $section,)*
                    Context::Dialog => "dialog",
                }
            }
        }

        impl Screen {
            /// The go-to action's name in the config file.
            pub(super) fn go_name(self) -> &'static str {
                match self {
                    Screen::Login => "",
                    $(Screen::$screen => $go_name,)*
                }
            }

            /// What help says the go-to action does.
            pub(super) fn go_says(self) -> Text {
                match self {
                    Screen::Login => Text::ScreenLogin,
                    $(Screen::$screen => $go_says,)*
                }
            }
        }
    };
}

screens!(keys_layer);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_a_row_names_is_in_both_languages() {
        let mut named = Vec::new();
        for screen in Screen::TABS {
            let words =
                [("title", screen.title_text()), ("short title", screen.short_text()), ("go-to key", screen.go_says())];
            named.extend(words.into_iter().map(|(what, text)| (format!("{screen:?}'s {what}"), text)));
        }
        let named: Vec<(&str, Text)> = named.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        crate::i18n::check_texts(&named, &[]);
    }
}
