//! What the command line says of how it was typed: a mistake in the arguments (clap's
//! errors, said in the language chosen: `cli::parse`), the words before a line on standard
//! error, and counts with their plural: a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! usage_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // The word before a line on standard error
            StderrError: "error" | "lỗi",
            StderrWarning: "warning" | "cảnh báo",
            // A mistake in the arguments, as clap finds it
            ArgsValueMissing: "a value is required for '{arg}' but none was supplied" | "'{arg}' cần một giá trị nhưng không có giá trị nào",
            ArgsInvalidValue: "invalid value '{value}' for '{arg}'" | "giá trị '{value}' không hợp lệ cho '{arg}'",
            ArgsPossibleValues: "[possible values: {values}]" | "[các giá trị được nhận: {values}]",
            ArgsSubcommands: "[subcommands: {values}]" | "[các lệnh con: {values}]",
            ArgsUnknown: "unexpected argument '{arg}' found" | "không có tham số '{arg}'",
            ArgsUnknownSubcommand: "unrecognized subcommand '{name}'" | "không có lệnh con '{name}'",
            ArgsMissing: "the following required arguments were not provided:" | "thiếu các tham số bắt buộc sau:",
            ArgsMissingSubcommand: "'{name}' requires a subcommand but one was not provided" | "'{name}' cần một lệnh con nhưng chưa có",
            ArgsTwice: "the argument '{arg}' cannot be used multiple times" | "không được dùng tham số '{arg}' nhiều lần",
            ArgsConflict: "the argument '{arg}' cannot be used with '{other}'" | "không được dùng tham số '{arg}' cùng với '{other}'",
            ArgsConflictMany: "the argument '{arg}' cannot be used with:" | "không được dùng tham số '{arg}' cùng với:",
            ArgsConflictOthers: "the argument '{arg}' cannot be used with one or more of the other arguments given" | "không được dùng tham số '{arg}' cùng với một số tham số khác đã cho",
            ArgsNoEquals: "an equal sign is needed when giving a value to '{arg}'" | "cần dấu bằng khi đặt giá trị cho '{arg}'",
            ArgsTooMany: "unexpected value '{value}' for '{arg}' found; no more were expected" | "thừa giá trị '{value}' cho '{arg}'; không cần thêm giá trị nào",
            ArgsTooFew: "{wanted} values required by '{arg}'; only {given} given" | "'{arg}' cần {wanted} giá trị; mới có {given}",
            ArgsWrongNumber: "{wanted} values required for '{arg}' but {given} given" | "'{arg}' cần {wanted} giá trị nhưng có {given}",
            ArgsInvalidUtf8: "an argument is not valid UTF-8" | "có tham số không phải UTF-8 hợp lệ",
            ArgsSimilarSubcommand: "tip: a similar subcommand exists: {names}" | "gợi ý: có lệnh con tương tự: {names}",
            ArgsSimilarArgument: "tip: a similar argument exists: {names}" | "gợi ý: có tham số tương tự: {names}",
            ArgsSimilarValue: "tip: a similar value exists: {names}" | "gợi ý: có giá trị tương tự: {names}",
            ArgsAsValue: "tip: to pass '{arg}' as a value, use '-- {arg}'" | "gợi ý: để dùng '{arg}' làm giá trị, hãy viết '-- {arg}'",
            ArgsUsage: "Usage:" | "Cách dùng:",
            // clap's own words in a command's help
            HelpCommands: "Commands" | "Lệnh",
            HelpCommandName: "COMMAND" | "LỆNH",
            HelpArguments: "Arguments" | "Tham số",
            HelpOptions: "Options" | "Tùy chọn",
            HelpGlobal: "Global options" | "Tùy chọn chung",
            HelpHelpFlag: "Print help" | "In hướng dẫn",
            HelpVersionFlag: "Print version" | "In phiên bản",
            HelpHelpCommand: "Print this message or the help of the given subcommand(s)" | "In hướng dẫn này, hoặc hướng dẫn của các lệnh con đã cho",
            HelpHelpCommandArg: "Print help for the subcommand(s)" | "In hướng dẫn của (các) lệnh con",
            HelpEnv: "[env: {name}]" | "[biến môi trường: {name}]",
            HelpDefault: "[default: {value}]" | "[mặc định: {value}]",
            HelpValues: "[possible values: {values}]" | "[các giá trị: {values}]",
            ArgsMoreHelp: "For more information, try '{help}'." | "Xem thêm hướng dẫn: '{help}'.",
            // What is wrong with the configuration
            ConfigFileSays: "config file {at}: {message}" | "tệp cấu hình {at}: {message}",
            ConfigCannotRead: "cannot read it: {error}" | "không đọc được: {error}",
            ConfigNotFound: "there is no such file" | "không có tệp này",
            ConfigDenied: "permission denied" | "không có quyền đọc",
            ConfigFifo: "it is a named pipe (FIFO), not a file" | "đây là một named pipe (FIFO), không phải tệp",
            ConfigDevice: "it is a device, not a file" | "đây là một thiết bị, không phải tệp",
            ConfigSocket: "it is a socket, not a file" | "đây là một socket, không phải tệp",
            ConfigFolder: "it is a folder, not a file" | "đây là một thư mục, không phải tệp",
            ConfigNotRegular: "it is not a regular file" | "đây không phải một tệp thông thường",
            ConfigUntrusted: "{reason}, so its password_command is not run: fix it with `{fix}`" | "{reason}, nên password_command của nó không được chạy: sửa bằng `{fix}`",
            ConfigNoProfile: "no profile named {name} in the config file (profiles: {names})" | "không có hồ sơ tên {name} trong tệp cấu hình (các hồ sơ: {names})",
            ConfigNoProfiles: "none are defined" | "chưa có hồ sơ nào",
            ConfigNoProfileDemo: "no profile named {name} in --demo (profiles: {names})" | "không có hồ sơ tên {name} trong --demo (các hồ sơ: {names})",
            PasswordCommandFailed: "password_command {command} {why}" | "lệnh password_command {command} {why}",
            PasswordCommandByHand: "run it by hand to see why: sh -c {command}" | "hãy tự chạy nó để xem lý do: sh -c {command}",
            PasswordCommandNoStart: "could not start: {error}" | "không khởi chạy được: {error}",
            PasswordCommandError: "failed: {error}" | "thất bại: {error}",
            PasswordCommandSlow: "did not finish within {seconds} s" | "không xong trong {seconds} giây",
            PasswordCommandExited: "exited with status {code}" | "kết thúc với mã {code}",
            PasswordCommandKilled: "was killed" | "đã bị dừng",
            PasswordCommandEmpty: "printed no password" | "không in ra mật khẩu nào",
            ConfigSeconds: "{flag} must be a positive number of seconds" | "{flag} phải là một số giây lớn hơn 0",
            ConfigNeedsTerminal: "the dashboard needs a terminal; for scripts use a command such as `portal-tui details --json` (see portal-tui --help)" | "bảng điều khiển cần một terminal; với script hãy dùng một lệnh như `portal-tui details --json` (xem portal-tui --help)",
            // The demo server's banner
            DemoListening: "demo portal listening on {url} (also under {url}/api)" | "cổng demo đang lắng nghe tại {url} (cả dưới {url}/api)",
            DemoHost: "host" | "cổng",
            DemoUser: "user" | "người dùng",
            DemoPassword: "password" | "mật khẩu",
            DemoStop: "press Ctrl-C to stop" | "nhấn Ctrl-C để dừng",
            DemoCannotListen: "cannot listen on {addr}: {error}" | "không lắng nghe được tại {addr}: {error}",
            // Why a value was refused
            ValueNotWhole: "not a whole number" | "không phải số nguyên",
            ValueTooLarge: "too large a number" | "số quá lớn",
            ValueEmpty: "nothing given" | "để trống",
            ValueNotNumber: "not a number" | "không phải là số",
            ValueOutOfRange: "{value} is not between {low} and {high}" | "{value} không nằm trong khoảng {low} đến {high}",
            ValueNotAddress: "not an address such as 127.0.0.1:8787" | "không phải địa chỉ dạng 127.0.0.1:8787",
            ValueNotSwitch: "not a yes or no (1, yes, true, on; 0, no, false, off)" | "không phải giá trị có/không (1, yes, true, on; 0, no, false, off)",
            CliLogoutNoProfile: "no remembered session to name: give --profile, or the portal and user (--base-url, --username)" | "không xác định được phiên đã lưu: hãy chọn --profile, hoặc cho biết cổng và người dùng (--base-url, --username)",
            CliAllNeedsFolder: "--all saves every attachment in a folder: {path} is not one" | "--all lưu mọi tệp đính kèm vào một thư mục: {path} không phải thư mục",
            CliNoAttachments: "ticket #{number} has no attachment: nothing was saved" | "phiếu hỗ trợ #{number} không có tệp đính kèm: không lưu gì",
            CliNextAttachment: "next: `ticket attachment {number} {file}` (or --all for every one)" | "tệp tiếp theo: `ticket attachment {number} {file}` (hoặc --all để lưu tất cả)",
            RepAttachmentsAll: "{n} attachments: save them all with `ticket attachment {number} --all`" | "{n} tệp đính kèm: lưu tất cả bằng `ticket attachment {number} --all`",
            // Counts, singular or plural as the language says them
            LinesOne: "{n} line" | "{n} dòng",
            LinesMany: "{n} lines" | "{n} dòng",

            ] $($rest)*
        }
    };
}
