//! What the screens say of what went wrong, of what is not known and of what came of a
//! change, and the words the Vietnamese screens spell out: a block of the table of texts
//! of its own (see `texts`), first of all.

/// Makes the table with these entries first and `$more` after them.
macro_rules! said_then {
    ($($more:tt)*) => {
        texts! {
            // A list that could not be read, said where it would be
            ListFailedRetry: "{key} tries again." | "Nhấn {key} để thử lại.",
            ListFailedBelow: "⚠ {key} tries again · {reason}" | "⚠ {key} để thử lại · {reason}",

            // A field the portal did not send
            SettingNotKnown: "The portal has not said whether {what} of {name} is on: {key} reads it again." | "Cổng chưa cho biết {what} của {name} đang bật hay tắt: {key} để đọc lại.",

            // A change whose answer was lost, read again
            ChangeLostThere: "{what}: the answer was lost ({reason}); it was not sent again. Read again: it is there now." | "{what}: mất câu trả lời ({reason}); không gửi lại. Đã đọc lại: thay đổi đã có trên cổng.",
            ChangeLostNotThere: "{what}: the answer was lost ({reason}); it was not sent again. Read again: it is not there, so it was not applied." | "{what}: mất câu trả lời ({reason}); không gửi lại. Đã đọc lại: thay đổi không có trên cổng, tức là chưa được áp dụng.",

            $($more)*
        }
    };
}
