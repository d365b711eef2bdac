//! The table of reads against the demo portal: every row's path is one the portal serves,
//! and its answer sits where the row says, for the dashboard and for `--json` alike.

use crate::support;

use portal_tui::api::Query;
use support::*;

#[tokio::test]
async fn the_demo_portal_serves_every_read_in_the_table() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let examples = Query::examples();
    assert!(examples.len() >= 13, "one example per row: {examples:?}");
    for query in examples {
        let served = |e: &portal_tui::api::ApiError| {
            let unknown = if e.not_offered() { "the portal does not know the route: " } else { "" };
            format!("{query:?}: {unknown}{e}")
        };
        let data = client.fetch(&query).await.unwrap_or_else(|e| panic!("{}", served(&e)));
        assert_eq!(data.operation(), query.operation(), "{query:?}");
        let sent = client.as_sent(&query).await.unwrap_or_else(|e| panic!("{}", served(&e)));
        assert!(sent.is_object() || sent.is_array(), "{query:?}: {sent}");
    }
}
