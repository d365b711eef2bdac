//! The screens, declared once. One row per screen names its module (its folder under
//! `app/screens/`), its `[keys.*]` section in the config file, its titles, its go-to
//! action with that action's config name and digit key, the keys it binds by default and
//! what help says those keys do there. `screens!` hands the rows to a macro of the caller's
//! choosing, so each layer generates what it needs from the same list: here the `Screen`
//! and `Context` enums; in `bindings.rs` the go-to actions and the default bindings; in `app` the screens'
//! state and the dispatch of keys, answers, hints and drawing. Adding a screen is one row
//! here and its folder in `app/screens/` (state in `mod.rs`, drawing in `draw.rs`). The digit
//! key is optional: a row without one (`go: GoX = "go_x", KeyGoX;`) makes a screen reached by
//! its tab, `Tab`, or a key the config file gives its go-to action.

use crate::api::Language;
use crate::i18n::Text;

/// Calls `$then!` with every screen's row, in tab order.
macro_rules! screens {
    ($then:ident) => {
        $then! {
            Account {
                module: account, section: "account", title: ScreenAccount, short: ScreenAccountShort,
                go: GoAccount = "go_account", KeyGoAccount, '1';
                keys: [];
                says: [];
            }
            Domains {
                module: domains, section: "domains", title: ScreenDomains, short: ScreenDomainsShort,
                go: GoDomains = "go_domains", KeyGoDomains, '2';
                keys: [
                    Key::ch('/') => Lookup, Key::ch('f') => Filter, Key::ch('a') => Watch,
                    Key::ch('d') => Unwatch, Key::ch('n') => AddRecord, Key::ch('c') => EditRecord,
                    Key::ch('x') => DeleteRecord, Key::plain(KeyCode::Delete) => DeleteRecord,
                    Key::ch('R') => Renew, Key::ch('A') => ToggleAutorenew, Key::ch('K') => ToggleLock,
                    Key::ch('I') => ToggleIdProtection, Key::ch('S') => SetNameservers,
                    Key::ch('E') => ShowTransferCode, Key::ch('y') => Copy,
                ];
                says: [
                    Open => KeyOpenRecord, Lookup => KeyLookupDomain, Watch => KeyWatchDomain,
                    Copy => KeyCopyTransferCode,
                ];
            }
            Services {
                module: services, section: "services", title: ScreenServices, short: ScreenServicesShort,
                go: GoServices = "go_services", KeyGoServices, '3';
                keys: [
                    Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('u') => ShowUpgrades,
                    Key::ch('c') => ShowCertificate, Key::ch('x') => CancelService, Key::ch('t') => LabelService,
                ];
                says: [Open => KeyOpenService, Filter => KeyFilterServices];
            }
            Invoices {
                module: invoices, section: "invoices", title: ScreenInvoices, short: ScreenInvoicesShort,
                go: GoInvoices = "go_invoices", KeyGoInvoices, '4';
                keys: [Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('c') => PayFromCredit];
                says: [Open => KeyOpenInvoice, Filter => KeyFilterInvoices];
            }
            Certificates {
                module: certificates, section: "certificates", title: ScreenCertificates,
                short: ScreenCertificatesShort,
                go: GoCertificates = "go_certificates", KeyGoCertificates, '5';
                keys: [
                    Key::ch('/') => Lookup, Key::ch('f') => Filter, Key::plain(KeyCode::Left) => PrevContact,
                    Key::ch('h') => PrevContact, Key::plain(KeyCode::Right) => NextContact,
                    Key::ch('l') => NextContact, Key::ch('c') => NextContact, Key::ch('y') => Copy,
                    Key::ch('s') => Save, Key::ch('S') => SaveCsr, Key::ch('a') => Watch, Key::ch('d') => Unwatch,
                ];
                says: [
                    Open => KeyOpenCertificate, Lookup => KeyLookupCertificate, Filter => KeyFilterCertificates,
                    Copy => KeyCopyCsr, Save => KeySaveCertificate, Watch => KeyWatchCertificate,
                ];
            }
            Upgrades {
                module: upgrades, section: "upgrades", title: ScreenUpgrades, short: ScreenUpgradesShort,
                go: GoUpgrades = "go_upgrades", KeyGoUpgrades, '6';
                keys: [
                    Key::ch('/') => Lookup, Key::ch(' ') => Choose, Key::plain(KeyCode::Enter) => Choose,
                    Key::plain(KeyCode::Left) => ChoosePrev, Key::ch('h') => ChoosePrev,
                    Key::plain(KeyCode::Right) => ChooseNext, Key::ch('l') => ChooseNext,
                    Key::ch('y') => Copy, Key::ch('s') => Save, Key::ch('a') => Watch,
                    Key::ch('d') => Unwatch, Key::ch('o') => Order,
                ];
                says: [Lookup => KeyLookupService];
            }
            Radar {
                module: radar, section: "radar", title: ScreenRadar, short: ScreenRadarShort,
                go: GoRadar = "go_radar", KeyGoRadar, '7';
                keys: [Key::ch('d') => Unwatch];
                says: [Open => KeyOpenRadarItem, Unwatch => KeyUnwatchSelected];
            }
            Log {
                module: log, section: "log", title: ScreenLog, short: ScreenLogShort,
                go: GoLog = "go_log", KeyGoLog, '8';
                keys: [];
                says: [Open => KeyOpenLogEntry];
            }
            Tickets {
                module: tickets, section: "tickets", title: ScreenTickets, short: ScreenTicketsShort,
                go: GoTickets = "go_tickets", KeyGoTickets, '9';
                keys: [
                    Key::ch('f') => Filter, Key::ch('/') => Filter, Key::ch('a') => Reply,
                    Key::ch('n') => NewTicket, Key::ch('x') => CloseTicket, Key::ch('o') => ReopenTicket,
                    Key::ctrl('s') => SendText, Key::ch('s') => Save,
                ];
                says: [Open => KeyOpenTicket, Filter => KeyFilterTickets, Save => KeySaveAttachment];
            }
            Overview {
                module: overview, section: "overview", title: ScreenOverview, short: ScreenOverviewShort,
                go: GoOverview = "go_overview", KeyGoOverview, '0';
                keys: [];
                says: [Open => KeyOpenOverviewRow, Refresh => KeyRefreshOverview];
            }
        }
    };
}
pub(crate) use screens;

/// The enums and tables of this layer, from the rows.
macro_rules! keys_layer {
    ($($screen:ident {
        module: $module:ident, section: $section:literal, title: $title:ident, short: $short:ident,
        go: $go:ident = $go_name:literal, $go_says:ident $(, $digit:literal)?;
        keys: [$($key:expr => $action:ident),* $(,)?];
        says: [$($said:ident => $says:ident),* $(,)?];
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
                match self {
                    Screen::Login => Text::ScreenLogin.get(language),
                    $(Screen::$screen => Text::$title.get(language),)*
                }
            }

            /// The digit key that shows the tab, as the top row names it: a screen may have
            /// none (its go-to action then has no default key; the top row names it only).
            pub fn digit(self) -> Option<char> {
                match self {
                    Screen::Login => None,
                    $(Screen::$screen => None$(.or(Some($digit)))?,)*
                }
            }

            /// The tab label when the header is narrow.
            pub fn short_title(self, language: Language) -> &'static str {
                match self {
                    Screen::Login => Text::ScreenLogin.get(language),
                    $(Screen::$screen => Text::$short.get(language),)*
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
                    $(Screen::$screen => Text::$go_says,)*
                }
            }
        }
    };
}

screens!(keys_layer);
