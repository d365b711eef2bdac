//! Orders of the same made earlier and still unpaid: found before an order (a pending
//! registration of the name, a pending service of the product, each with the unpaid
//! invoice that bills it), named in its confirmation, and with `--yes` refused before
//! anything is sent unless `--again` is given; `--json` lists them (`already_ordered`).

use serde_json::{Value, json};

use super::Made;
use crate::api::buying::{pending_orders, unpaid_invoice_of};
use crate::api::models::{Invoice, Standing};
use crate::api::{ApiError, Language, Operation, PortalClient};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, json_text, usage};
use crate::i18n::preview;

crate::words! {
    AgainRefused: "{earlier}: nothing was sent; --again orders it once more" | "{earlier}: chưa gửi gì; --again sẽ đặt mua thêm lần nữa",
}

/// The unpaid invoices (the first 20), each read with its items: which item a line bills
/// is one of the line's fields (`api::buying::unpaid_invoice_of`).
async fn unpaid_with_items(client: &PortalClient) -> Vec<Invoice> {
    let listed = client.invoices().await.unwrap_or_default();
    let mut read = Vec::new();
    for invoice in listed.iter().filter(|i| i.standing() == Standing::Unpaid).take(20) {
        let Ok(id) = invoice.id.trim().parse::<u64>() else { continue };
        if let Ok(detail) = client.invoice(id).await {
            read.push(detail);
        }
    }
    read
}

/// An order of the same made earlier and not paid: what it is (`hoasen-tea.vn`, `Cloud
/// VPS VN-2 #2301`), its id, and the unpaid invoice billing it where one is listed.
pub(in crate::cli) struct Earlier {
    what: String,
    id: String,
    invoice: Option<String>,
}

impl Earlier {
    /// As the confirmation names it (`… ordered, invoice #90701 unpaid`).
    pub(in crate::cli) fn line(&self, language: Language) -> String {
        preview::already_line(&self.what, self.invoice.as_deref(), language)
    }

    fn json(&self) -> Value {
        json!({ "what": self.what, "id": self.id, "invoice": self.invoice })
    }
}

/// Orders of the same already made and not paid: a pending registration of the name, or a
/// pending service of the product (for the same domain), with the unpaid invoice billing it.
pub(in crate::cli) async fn already_ordered(client: &PortalClient, made: &Made<'_>) -> Vec<Earlier> {
    let pending = |status: &str| status.trim().eq_ignore_ascii_case("pending");
    let found: Vec<(String, String)> = match made {
        Made::Domain(name) => client
            .domains()
            .await
            .unwrap_or_default()
            .iter()
            .filter(|d| pending(&d.status) && d.name.trim().eq_ignore_ascii_case(name.trim()))
            .map(|d| (d.id.trim().to_owned(), d.name.trim().to_owned()))
            .collect(),
        Made::Service { product, domain } => {
            pending_orders(&client.services().await.unwrap_or_default(), product, *domain)
                .into_iter()
                .map(|s| (s.id.trim().to_owned(), format!("{} #{}", s.name.trim(), s.id.trim())))
                .collect()
        }
    };
    if found.is_empty() {
        return Vec::new();
    }
    let unpaid = unpaid_with_items(client).await;
    let billing = |id: &str| unpaid_invoice_of(id, &unpaid).map(|i| i.id.trim().to_owned());
    found.into_iter().map(|(id, what)| Earlier { invoice: billing(&id), what, id }).collect()
}

/// With `--yes` and without `--again`, an earlier order of the same still unpaid refuses
/// this one before anything is sent (exit 2), naming it; with `--json` the refusal is the
/// failure's object with the earlier orders in it (`already_ordered`).
pub(in crate::cli) fn refuse_again(
    cx: &Context<'_>,
    op: Operation,
    earlier: &[Earlier],
    again: bool,
) -> Result<(), Refused> {
    if again || earlier.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> = earlier.iter().map(|e| e.line(cx.language)).collect();
    let message = AgainRefused.fill(cx.language, &[("earlier", &lines.join("; "))]);
    if !cx.json {
        return Err(Refused::Error(usage(op, message)));
    }
    crate::cli::stderr::error(&message, cx.language);
    let value = json!({
        "error": { "kind": crate::cli::failure::kind(exit_code::USAGE), "message": message },
        "exit_code": exit_code::USAGE,
        "already_ordered": earlier.iter().map(Earlier::json).collect::<Vec<_>>(),
    });
    Err(Refused::Said(Changed { text: json_text(&value), code: exit_code::USAGE }))
}

/// An order refused before anything was sent: an error to say, or (with `--json`) said.
pub(in crate::cli) enum Refused {
    Error(ApiError),
    Said(Changed),
}

/// The command's `--json` object with the earlier orders of the same in it
/// (`already_ordered`: empty when there were none).
pub(in crate::cli) fn with_earlier(cx: &Context<'_>, changed: Changed, earlier: &[Earlier]) -> Changed {
    if !cx.json {
        return changed;
    }
    let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(&changed.text) else { return changed };
    object.insert("already_ordered".into(), earlier.iter().map(Earlier::json).collect());
    Changed { text: json_text(&Value::Object(object)), code: changed.code }
}
