//! The previews of a service's changes: its cancellation (when it ends, why) and its label.
//! The service itself is named by each face: a row of the dialog, the command's heading.

use super::Preview;
use crate::api::Language;
use crate::i18n::Text;

/// A cancellation: now, or at the end of the billing period (`next_due`), and the reason.
pub fn service_cancel(now: bool, next_due: &str, reason: &str, today: time::Date, language: Language) -> Preview {
    let label = |t: Text| t.get(language).to_owned();
    let title = if now { Text::ConfirmCancelServiceNowTitle } else { Text::ConfirmCancelServiceTitle };
    let ends = crate::i18n::cancel_when(now, next_due, language, today);
    Preview { title, rows: vec![(label(Text::LabelEnds), ends), (label(Text::LabelReason), reason.to_owned())] }
}

/// A label set: the one now → the one typed.
pub fn service_label(old: &str, new: &str, language: Language) -> Preview {
    let rows = vec![(Text::LabelLabel.get(language).to_owned(), format!("“{}” → “{}”", old.trim(), new.trim()))];
    Preview { title: Text::ConfirmLabelServiceTitle, rows }
}

// Each service change's name as an operation, and what the status line says while it is
// sent (see `preview`).

crate::words! {
    DoServiceCancel: "cancel service #{id} at the end of its billing period" | "hủy dịch vụ #{id} vào cuối chu kỳ thanh toán",
    DoServiceCancelNow: "cancel service #{id} now" | "hủy dịch vụ #{id} ngay",
    DoServiceLabel: "label service #{id} “{label}”" | "đặt nhãn “{label}” cho dịch vụ #{id}",
}

/// A cancellation.
pub struct ServiceCancel;
impl ServiceCancel {
    pub const NAME: Text = Text::Own(&["cancelling a service", "hủy dịch vụ"]);
    pub fn words(service_id: &u64, immediate: &bool, _reason: &str, language: Language) -> String {
        let text = if *immediate { DoServiceCancelNow } else { DoServiceCancel };
        text.fill(language, &[("id", service_id)])
    }
}

/// A label set.
pub struct ServiceLabel;
impl ServiceLabel {
    pub const NAME: Text = Text::Own(&["setting a service label", "đặt nhãn dịch vụ"]);
    pub fn words(service_id: &u64, label: &str, language: Language) -> String {
        DoServiceLabel.fill(language, &[("id", service_id), ("label", &label)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_services_changes_are_previewed_in_both_languages() {
        let today = time::macros::date!(2026 - 05 - 01);
        for language in [Language::English, Language::Vietnamese] {
            for now in [true, false] {
                super::super::tests::filled(&service_cancel(now, "2026-06-01", "Chuyển sang VPS", today, language));
            }
            super::super::tests::filled(&service_label("web", "Máy chủ web", language));
        }
        assert_eq!(service_label(" web ", "Máy chủ web", Language::English).text(), "\n  Label: “web” → “Máy chủ web”");
    }
}
