//! Every action the dashboard answers to, declared once: its name in the config file, what
//! help says it does, and the word in the key hints. The enum, `OWN`, `name`, `hint` and
//! the default description all come from the one table below, so an action cannot be
//! declared and then forgotten in a list.

use crate::api::Language;
use crate::i18n::Text;

use super::Screen;

macro_rules! actions {
    ($($action:ident = $name:literal, $describe:ident $(, hint $hint:ident)?;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Action {
            $($action,)*
            /// Shows a tab (see `screens.rs`).
            Go(Screen),
        }

        /// Every action but the tabs' go-to ones (`Action::all` adds those).
        pub(super) const OWN: &[Action] = &[$(Action::$action,)*];

        impl Action {

            /// The name in the `[keys]` table of the config file.
            pub fn name(self) -> &'static str {
                match self {
                    $(Action::$action => $name,)*
                    Action::Go(screen) => screen.go_name(),
                }
            }

            /// The word shown in the one-line key hints (empty for actions never hinted).
            pub fn hint(self, language: Language) -> &'static str {
                match self {
                    $(Action::$action => actions!(@hint language $($hint)?),)*
                    Action::Go(_) => "",
                }
            }

            /// What help says the action does, where no screen says it otherwise.
            pub(super) fn default_description(self) -> Text {
                match self {
                    $(Action::$action => Text::$describe,)*
                    Action::Go(screen) => screen.go_says(),
                }
            }
        }
    };
    (@hint $language:ident $hint:ident) => { Text::$hint.get($language) };
    (@hint $language:ident) => { "" };
}

actions! {
    Quit = "quit", KeyQuit, hint HintQuit;
    Help = "help", KeyHelp, hint HintHelp;
    ShowError = "show_error", KeyShowError, hint HintShowError;
    NextScreen = "next_screen", KeyNextScreen, hint HintScreen;
    PrevScreen = "prev_screen", KeyPrevScreen;
    Up = "up", KeyUp;
    Down = "down", KeyDown;
    PageUp = "page_up", KeyPageUp;
    PageDown = "page_down", KeyPageDown;
    Home = "home", KeyHome;
    End = "end", KeyEnd;
    Open = "open", KeyOpen, hint HintOpen;
    Back = "back", KeyBack, hint HintBack;
    Refresh = "refresh", KeyRefresh, hint HintRefresh;
    Lookup = "lookup", KeyLookup, hint HintLookup;
    Filter = "filter", KeyFilterDomains, hint HintFilter;
    PrevContact = "prev_contact", KeyPrevContact;
    NextContact = "next_contact", KeyNextContact, hint HintContact;
    Choose = "choose", KeyChoose, hint HintChoose;
    ChoosePrev = "choose_prev", KeyChoosePrev;
    ChooseNext = "choose_next", KeyChooseNext;
    Copy = "copy", KeyCopySummary, hint HintCopy;
    Save = "save", KeySaveSummary, hint HintSave;
    SaveCsr = "save_csr", KeySaveCsr, hint HintSaveCsr;
    Watch = "watch", KeyWatchService, hint HintWatch;
    Unwatch = "unwatch", KeyUnwatch, hint HintUnwatch;
    Profiles = "profiles", KeyProfiles, hint HintProfiles;
    LastProfile = "last_profile", KeyLastProfile;
    ToggleLanguage = "toggle_language", KeyToggleLanguage;
    Logout = "logout", KeyLogout;
    ShowUpgrades = "show_upgrades", KeyShowUpgrades, hint HintUpgrades;
    ShowCertificate = "show_certificate", KeyShowCertificate, hint HintCertificate;
    AddRecord = "add_record", KeyAddRecord, hint HintAdd;
    EditRecord = "edit_record", KeyEditRecord, hint HintEdit;
    DeleteRecord = "delete_record", KeyDeleteRecord, hint HintDelete;
    Order = "order", KeyOrder, hint HintOrder;
    OrderProduct = "order_product", KeyOrderProduct, hint HintOrderProduct;
    Confirm = "confirm", KeyConfirm, hint HintSend;
    Reply = "reply", KeyReply, hint HintReply;
    NewTicket = "new_ticket", KeyNewTicket, hint HintNew;
    CloseTicket = "close_ticket", KeyCloseTicket, hint HintClose;
    ReopenTicket = "reopen_ticket", KeyReopenTicket, hint HintReopen;
    SendText = "send_text", KeySendText, hint HintSend;
    Renew = "renew", KeyRenew, hint HintRenew;
    ToggleAutorenew = "toggle_autorenew", KeyToggleAutorenew, hint HintAutorenew;
    ToggleLock = "toggle_registrar_lock", KeyToggleLock, hint HintLock;
    ToggleIdProtection = "toggle_id_protection", KeyToggleIdProtection, hint HintIdProtection;
    SetNameservers = "set_nameservers", KeySetNameservers, hint HintNameservers;
    ShowTransferCode = "show_transfer_code", KeyShowTransferCode, hint HintTransferCode;
    PayFromCredit = "pay_from_credit", KeyPayFromCredit, hint HintPay;
    CancelService = "cancel_service", KeyCancelService, hint HintCancelService;
    LabelService = "label_service", KeyLabelService, hint HintLabel;
    ShowPassword = "show_password", KeyShowPassword, hint HintPassword;
    Mark = "mark", KeyMark, hint HintMark;
    MarkAll = "mark_all", KeyMarkAll, hint HintMarkAll;
    ClearMarks = "clear_marks", KeyClearMarks, hint HintClearMarks;
    OrderDomain = "order_domain", KeyOrderDomain, hint HintOrderDomain;
    EditContacts = "edit_contacts", KeyEditContacts, hint HintEditContacts;
    CreateZone = "create_zone", KeyCreateZone, hint HintCreateZone;
    DeleteZone = "delete_zone", KeyDeleteZone, hint HintDeleteZone;
    NextWindow = "next_window", KeyNextWindow, hint HintWindow;
}
