//! The overview: every profile at once. Opening it signs in, at once, every profile that can
//! without asking (and no other); a portal that is down is said in its row while the others
//! show; `Enter` on an item switches to its profile with it open and Esc comes back; `r`
//! reads every profile again. Over real HTTP to demo portals: a healthy one, and one whose
//! every answer is a proxy's 502.

use crate::support;

use crossterm::event::{KeyCode, KeyModifiers};
use portal_tui::api::Language;
use portal_tui::api::Query;
use portal_tui::app::screens::overview::Line;
use portal_tui::app::{Call, Command, Local, Msg, ProfileId, Screen, Standing};
use portal_tui::config::settings::Partial;
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal, RESELLER_HOST};
use portal_tui::radar::Kind;
use support::harness::{Harness, TODAY};
use support::screen::assert_screens;

/// Four profiles: the demo's client (its form complete) and reseller (its password from a
/// `password_command`), a branch whose portal answers everything with a 502, and one
/// without a password; all in `language`.
async fn four_profiles_in(language: Language) -> (Harness, DemoPortal) {
    let h = Harness::with_options(DemoOptions::default()).await;
    let faults = vec!["html-502".parse().unwrap()];
    let down =
        DemoPortal::start_local(DemoOptions { today: Some(TODAY), faults, ..DemoOptions::default() }).await.unwrap();
    let reseller = h.demo.login_for(RESELLER_HOST).unwrap().password;
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        Partial {
            password: None,
            password_command: Some(format!("echo {reseller}")),
            ..h.demo_profile("resell", RESELLER_HOST)
        },
        Partial { base_url: Some(down.url()), ..h.demo_profile("branch", CLIENT_HOST) },
        Partial { password: None, ..h.demo_profile("hanoi", CLIENT_HOST) },
    ];
    let profiles = profiles.into_iter().map(|p| Partial { language, ..p }).collect();
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    (h, down)
}

async fn four_profiles() -> (Harness, DemoPortal) {
    four_profiles_in(Language::English).await
}

/// The profiles a batch of commands signs in to.
fn logins(commands: &[Command]) -> Vec<ProfileId> {
    let profiles = commands.iter().filter_map(|c| match c {
        Command::Call { profile, call: Call::Login(_), .. } => Some(*profile),
        _ => None,
    });
    profiles.collect()
}

fn standings(h: &Harness) -> Vec<Standing> {
    h.app.profiles.list.iter().map(|p| p.standing()).collect()
}

#[tokio::test]
async fn opening_it_signs_in_at_once_the_profiles_that_can_without_asking() {
    let (mut h, _down) = four_profiles().await;
    assert_eq!(logins(&h.press(KeyCode::Char('1'))), Vec::<ProfileId>::new());
    // One update begins both: the sign-ins run side by side, not one after another.
    let commands = h.press(KeyCode::Char('0'));
    assert_eq!(logins(&commands), [2], "the complete profile signs in; the one without a password does not");
    let password_commands =
        commands.iter().filter(|c| matches!(c, Command::Local { work: Local::PasswordCommand(_), .. })).count();
    assert_eq!(password_commands, 1, "the reseller's password command runs at once: {commands:?}");
    let asked = |p: ProfileId| commands.iter().any(|c| matches!(c, Command::Call { profile, .. } if *profile == p));
    assert!(!asked(3), "{commands:?}");
    h.run(commands).await;
    let [shop, resell, branch, hanoi] = standings(&h).try_into().unwrap();
    assert_eq!((shop, resell), (Standing::SignedIn { reading: false }, Standing::SignedIn { reading: false }));
    assert!(matches!(&branch, Standing::Failed(reason) if reason.contains("502")), "{branch:?}");
    assert_eq!(hanoi, Standing::NotSignedIn { unasked: false });
    // Signed in in the background, each read its lists: its radar is on the overview.
    let reseller = &h.app.profiles.list[1];
    assert_eq!(reseller.session.as_ref().map(|s| s.host.as_str()), Some(RESELLER_HOST));
    assert!(reseller.screens.invoices.browse.loaded && !reseller.screens.radar.items.is_empty());
    assert_eq!(h.app.profiles.active, 0, "the overview stays where it is");

    // Shown again, it begins nothing more.
    h.press(KeyCode::Char('7'));
    assert!(logins(&h.press(KeyCode::Char('0'))).is_empty());
}

#[tokio::test]
async fn a_portal_that_is_down_is_said_in_its_row_while_the_others_show() {
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    let overview = &h.app.profile().screens.overview;
    let counted: Vec<bool> = overview.summaries.iter().map(|s| s.counts.is_some()).collect();
    assert_eq!(counted, [true, true, false, false], "only what was read is counted");
    let from = |p: ProfileId| overview.lines.iter().filter(|l| matches!(l, Line::Item(q, ..) if *q == p)).count();
    assert!(from(0) > 0 && from(1) > 0 && from(2) == 0, "both portals' items, none of the one down");
    // The items of every profile, soonest first.
    let days: Vec<Option<i64>> = overview
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Item(p, n, _) => Some(h.app.profiles.list[*p].screens.radar.items[*n].days_left),
            Line::Profile(_) => None,
        })
        .collect();
    assert!(days.windows(2).all(|w| (w[0].is_none(), w[0]) <= (w[1].is_none(), w[1])), "{days:?}");

    let text = h.screen_text(80, 24);
    let row = |name: &str| {
        text.lines().find(|l| l.starts_with("│") && l.contains(&format!(" {name} "))).unwrap_or_default().to_owned()
    };
    assert!(row("branch").contains("failed: "), "{text}");
    assert!(row("hanoi").contains("not signed in"), "{text}");
    assert!(row("resell").contains("signed in") && row("shop").contains("signed in"), "{text}");
    // The selected row's profile, its reason whole, on the line below the table.
    for _ in 0..2 {
        h.press(KeyCode::Down);
    }
    let text = h.screen_text(120, 40);
    let about = text.lines().find(|l| l.contains("branch: could not sign in: ")).unwrap_or_default();
    assert!(about.contains("portal answered 502"), "{text}");
}

#[tokio::test]
async fn the_screen_in_both_languages() {
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    assert_screens!(h, "overview");
    // The overdue count is red; the count of a profile not read is a dash, not a zero.
    let terminal = h.render(80, 24);
    let buffer = terminal.backend().buffer();
    let text = support::screen::text(&terminal);
    let y = text.lines().position(|l| l.starts_with("│") && l.contains(" shop ")).unwrap() as u16;
    // Headers in words at 80 columns, four profiles and a failure beside them.
    let header = text.lines().find(|l| l.contains("OVERDUE")).unwrap_or_else(|| panic!("{text}"));
    let x = header[..header.find("OVERDUE").unwrap()].chars().count() as u16;
    let theme = portal_tui::config::theme::Theme::ansi();
    assert_ne!(buffer[(x, y)].symbol(), "0");
    assert_eq!(buffer[(x, y)].fg, theme.expired.fg.unwrap(), "{text}");
    let hanoi = text.lines().find(|l| l.contains(" hanoi ")).unwrap();
    assert!(hanoi.contains('—') && !hanoi.contains(" 0 "), "{hanoi}");

    let (mut h, _down) = four_profiles_in(Language::Vietnamese).await;
    h.open_overview().await;
    assert_screens!(h, "overview_vi");
}

#[tokio::test]
async fn enter_on_an_item_switches_to_its_profile_with_it_open_and_esc_comes_back() {
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    // The reseller's first invoice on the overview.
    let at = h
        .app
        .profile()
        .screens
        .overview
        .lines
        .iter()
        .position(|l| matches!(l, Line::Item(1, _, key) if key.kind == Kind::Invoice));
    let at = at.expect("an invoice of the reseller needs attention");
    let Line::Item(_, _, key) = h.app.profile().screens.overview.lines[at].clone() else { unreachable!() };
    for _ in 0..at {
        h.press(KeyCode::Down);
    }
    let commands = h.press(KeyCode::Enter);
    let reads: Vec<&Query> = commands
        .iter()
        .filter_map(|c| match c {
            Command::Call { profile: 1, call: Call::Fetch(q), .. } => Some(q),
            _ => None,
        })
        .collect();
    assert!(!reads.is_empty(), "the invoice is read at the reseller's portal: {commands:?}");
    h.run(commands).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (1, Screen::Invoices));
    let open = h.app.profile().screens.invoices.browse.open().map(|i| i.id.to_string());
    assert_eq!(open.as_deref(), Some(key.id.as_str()));

    h.key(KeyCode::Esc).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Overview));
    assert_eq!(h.app.profile().screens.overview.selected, at, "back on the row it was opened from");

    // An item of the profile shown opens there, and Esc comes back too.
    let mine = h.app.profile().screens.overview.lines.iter().position(|l| matches!(l, Line::Item(0, ..))).unwrap();
    for _ in mine..at {
        h.press(KeyCode::Up);
    }
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.profiles.active, 0);
    assert_ne!(h.app.profile().screen, Screen::Overview);
    h.key(KeyCode::Esc).await;
    assert_eq!(h.app.profile().screen, Screen::Overview);
    assert_eq!(h.app.profile().screens.overview.selected, mine);
}

#[tokio::test]
async fn enter_on_a_profile_signs_in_there_or_shows_its_radar() {
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    // The profile shown: its radar, and Esc comes back.
    h.key(KeyCode::Enter).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Radar));
    h.key(KeyCode::Esc).await;
    assert_eq!(h.app.profile().screen, Screen::Overview);
    // The reseller, signed in: its radar, and Esc comes back.
    h.press(KeyCode::Down);
    assert!(h.press(KeyCode::Enter).is_empty(), "signed in already: nothing to ask");
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (1, Screen::Radar));
    h.key(KeyCode::Esc).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Overview));

    // The profile without a password: its form asks, and Esc there comes back.
    for _ in 0..2 {
        h.press(KeyCode::Down);
    }
    let commands = h.press(KeyCode::Enter);
    assert!(logins(&commands).is_empty(), "{commands:?}");
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (3, Screen::Login));
    h.key(KeyCode::Esc).await;
    assert_eq!((h.app.profiles.active, h.app.profile().screen), (0, Screen::Overview));
}

#[tokio::test]
async fn r_reads_every_profile_again_and_tries_the_failed_sign_in_again() {
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    let commands = h.press(KeyCode::Char('r'));
    let read = |p: ProfileId| {
        commands
            .iter()
            .any(|c| matches!(c, Command::Call { profile, call: Call::Fetch(Query::Invoices), .. } if *profile == p))
    };
    assert!(read(0) && read(1), "{commands:?}");
    assert_eq!(logins(&commands), [2], "the failed one tries again; the one that must ask does not");
    h.run(commands).await;
    assert!(matches!(standings(&h)[2], Standing::Failed(_)));
}

#[tokio::test]
async fn with_one_profile_it_still_works_and_says_so() {
    let mut h = Harness::whole_account().await;
    let commands = h.press(KeyCode::Char('0'));
    assert!(commands.is_empty(), "nothing else to sign in to: {commands:?}");
    let overview = &h.app.profile().screens.overview;
    assert_eq!(overview.summaries.len(), 1);
    assert!(overview.lines.len() > 1, "the profile and its items");
    assert!(!h.app.hinted_actions().contains(&portal_tui::config::keys::Action::Profiles));
    let text = h.screen_text(80, 24);
    assert!(text.contains("only one profile: add more under [profiles]"), "{text}");
    assert!(!text.contains("p profile"), "{text}");
    // Room at 80 columns for the counts' headers in words, so they are not abbreviated.
    assert!(text.contains(" OVERDUE ≤30 DAYS UNPAID TICKETS"), "{text}");
    assert!(h.screen_text(200, 24).contains(" OVERDUE ≤30 DAYS UNPAID TICKETS"));
}

#[tokio::test]
async fn a_click_selects_the_row_under_it_and_a_second_one_opens_it() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (mut h, _down) = four_profiles().await;
    h.open_overview().await;
    let click = |h: &mut Harness, row: u16| {
        let event = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 10,
            row,
            modifiers: KeyModifiers::NONE,
        };
        h.app.update(Msg::Mouse(event))
    };
    let text = h.screen_text(80, 24);
    let y = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() as u16;
    click(&mut h, y(" hanoi "));
    assert_eq!(h.app.profile().screens.overview.selected, 3);
    let first_item = y("│! ");
    click(&mut h, first_item);
    assert_eq!(h.app.profile().screens.overview.selected, 4, "the first item, below the profiles");
    let commands = click(&mut h, first_item);
    h.run(commands).await;
    assert_ne!(h.app.profile().screen, Screen::Overview, "clicked again, it opens");
}

#[tokio::test]
async fn a_list_that_could_not_be_read_is_said_as_not_covered() {
    let h = Harness::with_options(DemoOptions::default()).await;
    let faults = vec!["html-502@/invoice".parse().unwrap()];
    let partial =
        DemoPortal::start_local(DemoOptions { today: Some(TODAY), faults, ..DemoOptions::default() }).await.unwrap();
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        Partial { base_url: Some(partial.url()), ..h.demo_profile("branch", CLIENT_HOST) },
    ];
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    h.open_overview().await;
    assert_eq!(standings(&h)[1], Standing::SignedIn { reading: false });
    let branch = &h.app.profile().screens.overview.summaries[1];
    assert!(branch.counts.is_some(), "what was read is counted");
    assert!(branch.missing.iter().any(|m| m.starts_with("Could not read the invoice list: ")), "{:?}", branch.missing);
    h.press(KeyCode::Down);
    let text = h.screen_text(80, 24);
    let row = text.lines().find(|l| l.contains(" branch ")).unwrap_or_default();
    assert!(row.contains("partly read"), "{text}");
    assert!(text.contains(" branch: Could not read the invoice list: "), "{text}");
}

/// Three profiles, the third's portal down (every answer a proxy's 502), in `language`:
/// the Overview open.
async fn three_profiles_in(language: Language) -> (Harness, DemoPortal) {
    let h = Harness::with_options(DemoOptions::default()).await;
    let faults = vec!["html-502".parse().unwrap()];
    let down =
        DemoPortal::start_local(DemoOptions { today: Some(TODAY), faults, ..DemoOptions::default() }).await.unwrap();
    let profiles = vec![
        h.demo_profile("shop", CLIENT_HOST),
        h.demo_profile("resell", RESELLER_HOST),
        Partial { base_url: Some(down.url()), ..h.demo_profile("branch", CLIENT_HOST) },
    ];
    let profiles = profiles.into_iter().map(|p| Partial { language, ..p }).collect();
    let mut h = h.with_profiles(profiles);
    let start = h.app.start();
    h.run(start).await;
    h.open_overview().await;
    (h, down)
}

#[tokio::test]
async fn three_profiles_at_80_columns_keep_headers_in_words_and_say_e_shows_a_cut_reason() {
    for language in [Language::English, Language::Vietnamese] {
        let (mut h, _down) = three_profiles_in(language).await;
        let shown = h.screen_text(80, 24);
        let (heads, legend) = match language {
            Language::English => ("OVERDUE ≤30 DAYS UNPAID TICKETS", "a reason cut short: e on its row shows it whole"),
            Language::Vietnamese => ("QUÁ HẠN ≤30 NGÀY", "lý do bị cắt: nhấn e trên hàng đó để xem đủ"),
        };
        let header = shown.lines().nth(2).unwrap_or_default();
        assert!(header.contains(heads), "headers in words:\n{shown}");
        // Every portal and every state but the failure's whole.
        for whole in ["daily.example.vn", "my.example.vn"] {
            assert!(shown.contains(&format!(" {whole} ")), "{whole}:\n{shown}");
        }
        let failed = shown.lines().find(|l| l.contains("branch")).unwrap_or_default();
        assert!(failed.contains('…'), "the failure's reason is cut here:\n{shown}");
        assert!(shown.contains(legend), "and the key that shows it whole is said:\n{shown}");
        insta::assert_snapshot!(format!("three_profiles_{language:?}_80x24"), shown);
        // `e` on that row shows it whole.
        while h.app.profile().screens.overview.selected_summary().is_none_or(|s| s.name != "branch") {
            h.key(KeyCode::Down).await;
        }
        h.key(KeyCode::Char('e')).await;
        let popup = h.screen_text(80, 24);
        assert!(popup.contains("502"), "{popup}");
    }
}
