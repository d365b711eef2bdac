//! Saving files from the dashboard: the full path is said, a missing folder is named, and
//! a file that exists is replaced only when the user says so.

use crate::support;

use crossterm::event::KeyCode;
use portal_tui::app::PromptKind;
use support::harness::Harness;

async fn save_csr_to(h: &mut Harness, path: &str) {
    h.key(KeyCode::Char('S')).await;
    // The prompt starts with a file name: clear it, then type the path.
    for _ in 0..40 {
        h.key(KeyCode::Backspace).await;
    }
    h.keys(path).await;
    h.key(KeyCode::Enter).await;
}

#[tokio::test]
async fn saving_says_where_and_asks_before_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.vn.csr");
    let mut h = Harness::logged_in().await;
    h.key(KeyCode::Char('5')).await;
    h.lookup("3301").await;
    save_csr_to(&mut h, path.to_str().unwrap()).await;
    assert_eq!(h.app.profile().info.as_deref(), Some(format!("saved to {}", path.display()).as_str()));
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("-----BEGIN CERTIFICATE REQUEST-----"));

    // Again: the file exists, so the dashboard asks; "n" leaves it alone.
    std::fs::write(&path, "mine\n").unwrap();
    save_csr_to(&mut h, path.to_str().unwrap()).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::Replace));
    // One key answers it, as a change's confirmation; a stray key does not.
    h.keys("x").await;
    h.key(KeyCode::Enter).await;
    assert_eq!(h.app.shell.prompt.as_ref().map(|p| p.kind), Some(PromptKind::Replace), "still asking");
    h.keys("n").await;
    assert!(h.app.shell.prompt.is_none());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine\n");
    assert!(h.app.profile().info.as_deref().unwrap_or_default().starts_with("not saved"));
    // "y" replaces it.
    save_csr_to(&mut h, path.to_str().unwrap()).await;
    h.keys("y").await;
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("-----BEGIN"));

    // A folder that does not exist is named; no temporary file's name leaks.
    let missing = dir.path().join("nope/x.csr");
    save_csr_to(&mut h, missing.to_str().unwrap()).await;
    let error = h.app.profile().error.clone().unwrap_or_default();
    assert!(error.ends_with(&format!("the folder {} does not exist", dir.path().join("nope").display())), "{error}");
}
