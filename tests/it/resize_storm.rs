//! Every screen and popup drawn at every size from 1×1 to 300×100: nothing panics, and
//! each frame fits the terminal.

use crate::support;

use crossterm::event::KeyCode;
use support::harness::Harness;

const WIDTHS: [u16; 19] = [1, 2, 3, 5, 8, 13, 20, 30, 40, 59, 60, 61, 79, 80, 100, 120, 160, 200, 300];
const HEIGHTS: [u16; 17] = [1, 2, 3, 4, 5, 6, 8, 12, 15, 16, 17, 23, 24, 30, 40, 60, 100];

fn storm(h: &mut Harness, what: &str) {
    for &w in &WIDTHS {
        for &rows in &HEIGHTS {
            let terminal = h.render(w, rows);
            let area = terminal.backend().buffer().area;
            assert_eq!((area.width, area.height), (w, rows), "{what} at {w}×{rows}");
        }
    }
}

#[tokio::test]
async fn every_screen_at_every_size() {
    let mut h = Harness::new().await;
    storm(&mut h, "login form");
    let start = h.app.start();
    h.run(start).await;
    storm(&mut h, "account");
    h.key(KeyCode::Char('2')).await;
    storm(&mut h, "domains, empty");
    h.lookup("example.vn").await;
    h.lookup("phosaigon.vn").await;
    storm(&mut h, "domains");
    h.key(KeyCode::Enter).await;
    storm(&mut h, "domain detail");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('/')).await;
    h.keys("a b").await;
    h.key(KeyCode::Enter).await;
    storm(&mut h, "lookup prompt with an error");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('5')).await;
    h.lookup("3301").await;
    storm(&mut h, "certificate");
    h.key(KeyCode::Char('6')).await;
    h.lookup("2207").await;
    storm(&mut h, "upgrades");
    h.lookup("999999").await;
    assert!(h.app.profile().error.is_some());
    h.key(KeyCode::Char('e')).await;
    storm(&mut h, "error popup");
    h.key(KeyCode::Esc).await;
    h.key(KeyCode::Char('?')).await;
    storm(&mut h, "help popup");
}
