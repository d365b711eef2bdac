//! Tab completion as bash does it: the script `portal-tui completions bash` prints,
//! sourced in a real `bash`, and the function it registers for `portal-tui` called with
//! `COMP_WORDS` and `COMP_CWORD` set as bash sets them; what it leaves in `COMPREPLY`.

use std::process::Command;

/// What bash offers for the last of `words` (the word being typed, maybe empty; the first
/// is `portal-tui`), in a clean environment with `env` on top.
pub fn bash(words: &[&str], env: &[(&str, &str)]) -> Vec<String> {
    const SCRIPT: &str = r#"
        source <("$PORTAL_TUI" completions bash) || exit 3
        complete -p portal-tui >/dev/null || exit 4
        function=$(complete -p portal-tui | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        COMP_TYPE=9
        "$function" portal-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let mut cmd = Command::new("bash");
    cmd.args(["--norc", "--noprofile", "-c", SCRIPT, "bash"]).args(words);
    for (key, value) in super::binary::clean_env() {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        };
    }
    cmd.env("PORTAL_TUI", super::binary::path()).env_remove("COMPLETE");
    for (key, value) in env {
        cmd.env(key, value);
    }
    let out = cmd.output().expect("bash runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bash exited {:?}: {stderr}", out.status.code());
    assert!(stderr.is_empty(), "bash said: {stderr}");
    String::from_utf8(out.stdout).unwrap().lines().filter(|l| !l.is_empty()).map(str::to_owned).collect()
}
