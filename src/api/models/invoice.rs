use compact_str::CompactString;
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One invoice: `GET /invoice` lists them (no items), `GET /invoice/@id` gives one whole.
/// The list sends the total as text and the detail as a number: both read the same.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Invoice {
    pub id: CompactString,
    pub number: CompactString,
    pub status: CompactString,
    pub date: CompactString,
    pub duedate: CompactString,
    pub paybefore: CompactString,
    pub datepaid: CompactString,
    pub currency: CompactString,
    pub subtotal: Money,
    pub credit: Money,
    pub tax: Money,
    pub taxrate: CompactString,
    pub total: Money,
    pub notes: String,
    pub items: Vec<InvoiceItem>,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

/// What an invoice is waiting for, as the screens sort it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    Unpaid,
    Paid,
    Other,
}

impl Standing {
    /// The standing an invoice status says.
    pub fn of(status: &str) -> Standing {
        match status.trim().to_ascii_lowercase().as_str() {
            "unpaid" | "overdue" | "payment pending" => Standing::Unpaid,
            "paid" => Standing::Paid,
            _ => Standing::Other,
        }
    }
}

impl Invoice {
    pub fn standing(&self) -> Standing {
        Standing::of(&self.status)
    }

    /// The date payment is due: `duedate`, else `paybefore`.
    pub fn due(&self) -> &str {
        if self.duedate.trim().is_empty() { &self.paybefore } else { &self.duedate }
    }

    /// The number people quote, else the id.
    pub fn label(&self) -> &str {
        if self.number.trim().is_empty() { &self.id } else { &self.number }
    }
}

impl lenient::Salvage for Invoice {
    fn unreadable(self, reason: String) -> Invoice {
        let number = if self.number.trim().is_empty() { self.id.clone() } else { self.number };
        Invoice { number, id: self.id, unreadable: Some(reason), ..Invoice::default() }
    }
}

lenient::portal_object!(Invoice, "an invoice", extra, {
    "id" => id: lenient::Short,
    "number" => number: lenient::Short,
    "status" => status: lenient::Short,
    "date" => date: lenient::Short,
    "duedate" => duedate: lenient::Short,
    "paybefore" => paybefore: lenient::Short,
    "datepaid" => datepaid: lenient::Short,
    "currency" => currency: lenient::Short,
    "subtotal" => subtotal: lenient::Amount,
    "credit" => credit: lenient::Amount,
    "tax" => tax: lenient::Amount,
    "taxrate" => taxrate: lenient::Short,
    "total" => total: lenient::Amount,
    "notes" => notes: lenient::MultilineText,
    "items" => items: lenient::List<InvoiceItem>,
});

/// One line of an invoice.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InvoiceItem {
    pub id: String,
    pub kind: String,
    /// What the line bills: with `kind` "Domain", the registration's id.
    pub item_id: String,
    pub description: String,
    pub amount: Money,
    pub qty: String,
    pub linetotal: Money,
    pub taxed: bool,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl InvoiceItem {
    /// The line's total; the amount where the portal sends no line total.
    pub fn linetotal_or_amount(&self) -> Money {
        if self.linetotal.is_zero() { self.amount } else { self.linetotal }
    }
}

impl lenient::Salvage for InvoiceItem {
    fn unreadable(self, reason: String) -> InvoiceItem {
        InvoiceItem { id: self.id, description: self.description, unreadable: Some(reason), ..InvoiceItem::default() }
    }
}

lenient::portal_object!(InvoiceItem, "an invoice item", extra, {
    "id" => id: lenient::Text,
    "type" => kind: lenient::Text,
    "item_id" => item_id: lenient::Text,
    "description" => description: lenient::Text,
    "amount" => amount: lenient::Amount,
    "qty" => qty: lenient::Text,
    "linetotal" => linetotal: lenient::Amount,
    "taxed" => taxed: lenient::Flag,
});

/// `GET /invoice` → `{"invoices": [...]}`.
#[derive(Debug, Deserialize)]
pub struct InvoiceList {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub invoices: Vec<Invoice>,
}

/// `GET /invoice/@id` → `{"invoice": {...}}`.
#[derive(Debug, Deserialize)]
pub struct InvoiceEnvelope {
    pub invoice: Invoice,
}
