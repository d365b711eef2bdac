//! `plan`: what falls due across every profile, its totals against each credit and by
//! month, as a table, JSON, CSV and an iCalendar file a calendar parser reads.

use crate::support;

use serde_json::Value;
use support::cli::{command, said};

fn plan(args: &[&str]) -> (i32, String, String) {
    let state = tempfile::tempdir().unwrap();
    let mut cmd = command();
    cmd.env("PORTAL_STATE_DIR", state.path()).args(["--demo", "plan"]).args(args);
    said(&cmd.output().unwrap())
}

fn sum(amounts: impl IntoIterator<Item = String>) -> rust_decimal::Decimal {
    amounts.into_iter().map(|a| a.parse::<rust_decimal::Decimal>().unwrap()).sum()
}

#[test]
fn every_profile_its_items_totals_shortfall_and_months() {
    let (code, out, err) = plan(&["--all-profiles", "--within", "90d", "--json"]);
    assert_eq!(code, 0, "{err}");
    // Into a pipe, no progress: it is for a person watching a terminal.
    assert!(!err.contains("profiles"), "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let profiles = doc["profiles"].as_array().unwrap();
    assert_eq!(profiles.len(), 2, "{out}");
    let until = doc["until"].as_str().unwrap();
    for p in profiles {
        let items = p["items"].as_array().unwrap();
        assert!(!items.is_empty(), "{p}");
        assert!(items.iter().all(|i| i["due"].as_str().unwrap() <= until), "{p}");
        let kinds: Vec<&str> = items.iter().map(|i| i["kind"].as_str().unwrap()).collect();
        assert!(kinds.contains(&"domain") && kinds.contains(&"service") && kinds.contains(&"invoice"), "{kinds:?}");
        // The total is the items that count; the months add up to it; short is what the
        // credit leaves.
        let counted = items.iter().filter(|i| i["invoiced"] == false && !i["amount"].is_null());
        let total = sum(counted.map(|i| i["amount"].as_str().unwrap().to_owned()));
        assert_eq!(p["total"][0]["amount"].as_str().unwrap().parse::<rust_decimal::Decimal>().unwrap(), total);
        let months = p["by_month"].as_array().unwrap();
        assert_eq!(sum(months.iter().map(|m| m["totals"][0]["amount"].as_str().unwrap().to_owned())), total);
        let credit: rust_decimal::Decimal = p["credit"].as_str().unwrap().parse().unwrap();
        let short: rust_decimal::Decimal = p["short"].as_str().unwrap().parse().unwrap();
        assert_eq!(short, (total - credit).max(rust_decimal::Decimal::ZERO), "{p}");
    }
    // The client's credit leaves it short; the reseller's covers it.
    assert_ne!(profiles[0]["short"], "0", "{out}");
    assert_eq!(profiles[1]["short"].as_str().unwrap().parse::<rust_decimal::Decimal>().unwrap(), 0.into());

    // The same items in the table, in Vietnamese.
    let (code, text, _) = plan(&["--lang", "vi", "--all-profiles", "--within", "90"]);
    assert_eq!(code, 0);
    assert!(text.contains("những gì đến hạn trước") && text.contains("còn thiếu"), "{text}");
    assert!(text.contains("Mọi hồ sơ, theo tháng: "), "{text}");
    assert!(text.contains("phosaigon.vn") && text.contains("nhahangbienxanh.vn"), "{text}");
}

#[test]
fn the_calendar_and_the_csv_hold_one_line_per_item() {
    let (_, out, _) = plan(&["--all-profiles", "--within", "90d", "--json"]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let items: usize = doc["profiles"].as_array().unwrap().iter().map(|p| p["items"].as_array().unwrap().len()).sum();

    let (code, ics, err) = plan(&["--all-profiles", "--within", "90d", "--format", "ics"]);
    assert_eq!(code, 0, "{err}");
    assert!(ics.lines().all(|l| l.len() <= 76), "folded at 75 octets");
    let calendars: Vec<_> = ical::IcalParser::new(ics.as_bytes()).collect::<Result<_, _>>().expect("an iCalendar file");
    assert_eq!(calendars.len(), 1);
    let events = &calendars[0].events;
    assert_eq!(events.len(), items, "one event per item");
    let property = |e: &ical::parser::ical::component::IcalEvent, name: &str| {
        e.properties.iter().find(|p| p.name == name).and_then(|p| p.value.clone()).unwrap_or_default()
    };
    let renew = events.iter().find(|e| property(e, "SUMMARY").starts_with("Renew phosaigon.vn")).expect("a renewal");
    assert!(property(renew, "SUMMARY").ends_with("480\\,000 VND"), "{}", property(renew, "SUMMARY"));
    assert!(property(renew, "DTSTART").len() == 8, "an all-day date");
    let mut uids: Vec<String> = events.iter().map(|e| property(e, "UID")).collect();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), items, "each event its own UID");

    let (code, csv, _) = plan(&["--all-profiles", "--within", "90d", "--format", "csv"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "profile,portal,kind,id,name,due,amount,currency,autorenew,invoiced");
    assert_eq!(lines.len(), items + 1, "{csv}");
}

#[test]
fn on_a_terminal_stderr_says_each_profile_read_as_it_answers() {
    let state = tempfile::tempdir().unwrap();
    let env = [("PORTAL_STATE_DIR", state.path().to_str().unwrap())];
    let args = ["--demo", "plan", "--all-profiles", "--within", "30d"];
    let mut terminal = support::pty::Session::start_with(&args, &env, 120, 40);
    assert_eq!(terminal.wait_exit(), 0, "{}", terminal.screen());
    let screen = terminal.screen();
    assert!(screen.contains("profiles read 1/2 · ") && screen.contains("profiles read 2/2 · "), "{screen}");
}
