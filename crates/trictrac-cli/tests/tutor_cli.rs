//! `--tutor` of `trictrac play` and `trictrac bg play` (issue 40, item
//! 3) driven as a person would, in a pseudo-terminal: a bad play and a
//! bad take are warned about before they stand, with the better choice
//! and why; taken back, the person plays the best; kept, the play
//! stands. Only against the bot, and the game is unrated.

use std::process::Command;

use rexpect::session::PtySession;

mod support;
use support::*;

/// The program in a pseudo-terminal, with the text it wrote so far.
struct Pty {
    s: PtySession,
    transcript: String,
}

/// Starts `trictrac ARGS` in a pseudo-terminal (in a scratch directory,
/// also its data directory); `None` where the machine has none.
fn spawn(name: &str, args: &[&str]) -> Option<Pty> {
    let dir = scratch(name);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_trictrac"));
    cmd.args(args).current_dir(&dir).env("XDG_DATA_HOME", &dir);
    pty(cmd, 60_000).map(|s| Pty {
        s,
        transcript: String::new(),
    })
}

impl Pty {
    /// Waits for one of the prompts of `regex`; returns what came before
    /// it and the prompt.
    fn prompt(&mut self, regex: &str) -> (String, String) {
        let (before, matched) = self
            .s
            .exp_regex(regex)
            .unwrap_or_else(|e| panic!("no prompt: {e}\n--- so far:\n{}", self.tail()));
        self.transcript.push_str(&before);
        self.transcript.push_str(&matched);
        (before, matched)
    }

    fn send(&mut self, line: &str) {
        self.s.send_line(line).expect("the program reads its input");
        self.transcript.push_str(line);
        self.transcript.push('\n');
    }

    fn tail(&self) -> String {
        let t = &self.transcript;
        let start = t.char_indices().rev().nth(4000).map_or(0, |(i, _)| i);
        t[start..].to_string()
    }
}

/// The prompts of `bg play` the tests meet.
const BG_PROMPTS: &str = r"\(number, play, list, hint\): |take or drop\? |roll \(Enter\)(?: or double)?\? |Keep your \w+\? \[y/N\] ";

#[test]
fn bg_tutor_warns_before_a_bad_play_which_is_taken_back_for_the_best() {
    let Some(mut p) = spawn("bg-play", &["bg", "play", "--seed", "1", "--tutor"]) else {
        return;
    };
    let (before, prompt) = p.prompt(BG_PROMPTS);
    assert!(flat(&before).contains("Tutor on"), "{before}");
    assert!(flat(&before).contains("losing at least 0.060"), "{before}");
    assert!(prompt.contains("(number, play"), "{}", p.tail());
    // White's opening 4-1: 8/3 leaves a direct shot.
    p.send("8/3");
    let (warned, prompt) = p.prompt(BG_PROMPTS);
    let flat_warned = flat(&warned);
    assert!(
        flat_warned.contains("Tutor: This play loses 0.1")
            && flat_warned.contains("against 24/23 13/9 (a very bad play)"),
        "{}",
        p.tail()
    );
    assert!(
        flat_warned.contains("Better: 24/23 13/9")
            && flat_warned.contains("Yours: 8/3")
            && flat_warned.contains("Why 24/23 13/9 rather than 8/3"),
        "{}",
        p.tail()
    );
    assert_eq!(prompt, "Keep your play? [y/N] ");
    // Anything but yes takes it back: the same roll is asked again.
    p.send("no");
    let (back, prompt) = p.prompt(BG_PROMPTS);
    assert!(flat(&back).contains("Taken back: choose again"), "{back}");
    assert!(!back.contains("white plays 8/3"), "{back}");
    assert!(
        prompt.contains("(number, play") && p.transcript.contains("[unrated] white to play 4-1"),
        "{}",
        p.tail()
    );
    // The best play stands without a word from the tutor.
    p.send("24/23 13/9");
    let (after, _) = p.prompt(BG_PROMPTS);
    assert!(after.contains("white plays 24/23 13/9"), "{after}");
    assert!(!after.contains("Tutor:"), "{after}");
    p.send("quit");
}

#[test]
fn bg_tutor_warns_before_a_bad_take_which_is_taken_back_for_a_pass() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tutor-pass.mat");
    let Some(mut p) = spawn("bg-take", &["bg", "play", "--load", record, "--tutor"]) else {
        return;
    };
    // Black, bearing off against a white checker on the bar, doubles.
    let (_, prompt) = p.prompt(BG_PROMPTS);
    assert!(prompt.contains("take or drop"), "{}", p.tail());
    p.send("take");
    let (warned, prompt) = p.prompt(BG_PROMPTS);
    let text = flat(&warned);
    assert!(
        text.contains("Tutor: This take loses")
            && text.contains("against pass (a very bad cube decision)"),
        "{}",
        p.tail()
    );
    assert!(
        text.contains("Double, pass") && text.contains("Proper cube action: Double, pass"),
        "{}",
        p.tail()
    );
    assert_eq!(prompt, "Keep your take? [y/N] ");
    p.send("");
    let (back, prompt) = p.prompt(BG_PROMPTS);
    assert!(flat(&back).contains("Taken back"), "{back}");
    assert!(!back.contains("white takes"), "{back}");
    assert!(prompt.contains("take or drop"), "{}", p.tail());
    p.send("drop");
    p.s.exp_string("white drops")
        .unwrap_or_else(|e| panic!("not dropped: {e}\n{}", p.tail()));
    p.send("");
}

/// The prompts of `trictrac play` the test meets.
const PROMPTS: &str = r"your play \[1(?:-\d+)?\]> |stay or leave> |Keep your \w+\? \[y/N\] ";

#[test]
fn trictrac_tutor_warns_before_a_bad_play_which_is_kept() {
    let args = ["play", "--seed", "6", "--tutor", "--no-color"];
    let Some(mut p) = spawn("tt-play", &args) else {
        return;
    };
    // The first play of each roll, until the tutor speaks: 1-7 1-7 with
    // 6-6, which gives up the rest corner 7-12 7-12 takes.
    let mut warned = None;
    for _ in 0..12 {
        let (before, prompt) = p.prompt(PROMPTS);
        if prompt.starts_with("Keep your") {
            warned = Some(before);
            break;
        }
        assert!(!before.contains("Tutor:"), "{before}");
        assert!(prompt.contains("your play"), "{}", p.tail());
        p.send("1");
    }
    let warned = flat(&warned.unwrap_or_else(|| panic!("no warning\n{}", p.tail())));
    assert!(
        warned.contains("Tutor: This play loses 0.1")
            && warned.contains("against 7-12 7-12 (a very bad play)"),
        "{warned}"
    );
    assert!(
        warned.contains("Better: 7-12 7-12")
            && warned.contains("Yours: 1-7 1-7")
            && warned.contains("Why 7-12 7-12 rather than 1-7 1-7")
            && warned.contains("rest corner"),
        "{warned}"
    );
    p.send("y");
    let (after, prompt) = p.prompt(PROMPTS);
    let after = flat(&after);
    assert!(
        after.contains("Your play stands. White plays 1-7 1-7."),
        "{after}"
    );
    assert!(prompt.contains("your play"), "{}", p.tail());
    assert!(
        p.transcript.contains("[unrated] white, your play"),
        "{}",
        p.tail()
    );
    p.send("quit");
}

#[test]
fn the_tutor_is_for_games_against_the_bot() {
    for args in [
        &["bg", "play", "--hotseat", "--tutor"][..],
        &["play", "--hotseat", "--tutor=very-bad"][..],
    ] {
        let e = input_error(args);
        assert!(e.contains("--tutor is for a game against the bot"), "{e}");
    }
    let e = usage_error(&["play", "--tutor=awful"]);
    assert!(e.contains("doubtful, bad, very-bad"), "{e}");
}

#[test]
fn piped_the_tutor_asks_on_the_next_line_and_the_end_of_input_takes_back() {
    let dir = scratch("tutor-piped");
    let text = piped_in(&dir, &["bg", "play", "--seed", "1", "--tutor"], "8/3\n");
    let text = flat(&text);
    assert!(text.contains("Keep your play? [y/N]"), "{text}");
    assert!(!text.contains("white plays 8/3"), "{text}");
    assert!(text.contains("no move was played: nothing saved"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
