//! The tickets screen's own words.

crate::words! {
    ColDepartment: "DEPT" | "PHÒNG",
    ColLastReply: "LAST" | "CUỐI",
    ColSubject: "SUBJECT" | "TIÊU ĐỀ",
    ComposeDepartmentsLoading: "Reading the departments…" | "Đang tải danh sách phòng ban…",
    ComposeKeys: "{send} check and send · {next} next field · {back} close (the text is kept)" | "{send} kiểm tra và gửi · {next} sang trường kế tiếp · {back} đóng (giữ nội dung)",
    ComposeNewTitle: "A new support ticket" | "Phiếu hỗ trợ mới",
    ComposeReplyKeys: "{send} check and send · {back} close (the text is kept)" | "{send} kiểm tra và gửi · {back} đóng (giữ nội dung)",
    ComposeReplyTitle: "Reply to #{number}: {subject}" | "Trả lời #{number}: {subject}",
    TicketAttachmentLine: "attached: {name} ({size})" | "đính kèm: {name} ({size})",
    TicketLoading: "Reading the conversation…" | "Đang tải trao đổi…",
    TicketYourTurn: "Awaiting your reply: {key} to answer." | "Đang chờ bạn trả lời: {key} để trả lời.",
    TicketsNone: "No support tickets. {key} opens one." | "Chưa có phiếu hỗ trợ nào. {key} để mở phiếu.",
}
