//! What the tests of the `trictrac` binary share: running it, its output
//! (text or JSON), its one-line errors, piped input and scratch
//! directories. Each test file takes what it needs (`mod support;`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The `trictrac` binary of this build.
pub fn trictrac() -> Command {
    Command::cargo_bin("trictrac").expect("the trictrac binary is built")
}

/// The standard output of `trictrac ARGS`, which must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = trictrac()
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The JSON that `trictrac ARGS` prints.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(args)).expect("valid JSON")
}

/// Asserts that the JSON reports `a` and `b` (of the same run with other
/// `--jobs`) agree on every one of `keys`.
pub fn assert_same_figures(a: &serde_json::Value, b: &serde_json::Value, keys: &[&str]) {
    for key in keys {
        assert_eq!(a[key], b[key], "{key} depends on --jobs");
    }
}

/// Runs a failing command and returns its stderr after the common checks:
/// the exit code `code`, one `error: ` line, no panic, no backtrace hint.
pub fn error_of(args: &[&str], code: i32) -> String {
    let out = trictrac()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("RUST_BACKTRACE"), "stderr: {stderr}");
    stderr
}

/// The standard error of `trictrac ARGS`, which must exit with `code`
/// (and not panic).
pub fn stderr_of(args: &[&str], code: i32) -> String {
    let out = trictrac()
        .args(args)
        .write_stdin("")
        .assert()
        .code(code)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    stderr
}

/// A command line the argument parser refuses (exit code 2): its
/// `error: ` line first, then the usage; no panic.
pub fn usage_error(args: &[&str]) -> String {
    let stderr = stderr_of(args, 2);
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
    stderr
}

/// [`error_of`] for a command refused for its input (exit code 2).
pub fn input_error(args: &[&str]) -> String {
    error_of(args, 2)
}

/// The standard output of `trictrac ARGS` run in `dir` (also its data
/// directory, where games are autosaved) with `input` piped in; it must
/// succeed and not panic.
pub fn piped_in(dir: &Path, args: &[&str], input: &str) -> String {
    piped_with_data(dir, dir, args, input)
}

/// [`piped_in`] with the data directory `data` apart from `dir`.
pub fn piped_with_data(dir: &Path, data: &Path, args: &[&str], input: &str) -> String {
    let out = trictrac()
        .current_dir(dir)
        .env("XDG_DATA_HOME", data)
        .args(args)
        .write_stdin(input.to_string())
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    assert!(!text.contains("panicked"), "{text}");
    text
}

/// The words of a command line written as text (`"play --seed 4"`),
/// for the arguments of the program: no word holds a space.
pub fn args(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The standard error of `child` once it has ended, and how it ended.
pub fn wait_stderr(mut child: std::process::Child) -> (std::process::ExitStatus, String) {
    use std::io::Read;
    let status = child.wait().expect("the child ends");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("the child's standard error is piped")
        .read_to_string(&mut err)
        .expect("utf-8 error output");
    (status, err)
}

/// A fresh empty directory for one test, named after it (and this
/// process, so that test binaries running at once do not meet).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trictrac-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `text` with its line breaks and runs of spaces made single spaces:
/// the program wraps long sentences to the terminal's width.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// No line of `text` is wider than a plain 80-column terminal (what the
/// person typed after a prompt aside: after `): `, `? ` or `> `).
pub fn assert_fits_80(text: &str) {
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let line = line
            .find("): ")
            .or_else(|| line.find("? "))
            .or_else(|| line.find("> "))
            .map_or(line, |i| &line[..i + 2]);
        assert!(
            line.chars().count() <= 80,
            "line of {} columns: {line}\n{text}",
            line.chars().count()
        );
    }
}

/// `cmd` on a pseudo-terminal (`timeout_ms` per expectation), or `None`
/// after saying the test is skipped where there is none; under
/// `CI=true` a missing pseudo-terminal fails the test.
#[cfg(unix)]
pub fn pty(cmd: std::process::Command, timeout_ms: u64) -> Option<rexpect::session::PtySession> {
    match rexpect::session::spawn_command(cmd, Some(timeout_ms)) {
        Ok(s) => Some(s),
        Err(e) => {
            missing(
                "PTY",
                &format!("no pseudo-terminal for the terminal test ({e})"),
            );
            None
        }
    }
}

pub use test_support::missing;

/// Whether GNU Backgammon can be run here (else [`missing`]).
#[allow(dead_code)]
pub fn gnubg_installed(test: &str) -> bool {
    if backgammon_bot::players::gnubg::gnubg_path().is_some() {
        return true;
    }
    missing(
        "GNUBG",
        &format!("{test}: GNU Backgammon (gnubg) is not installed"),
    );
    false
}
