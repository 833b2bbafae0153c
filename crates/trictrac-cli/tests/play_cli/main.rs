//! `trictrac play` driven as a person would: in a pseudo-terminal (the
//! program sees a real terminal on stdin and stdout), reacting to its
//! prompts; and with input piped from a file, as scripts do.

use rexpect::session::PtySession;
use std::path::PathBuf;
use std::process::Command;
use support::{args, assert_fits_80, flat, scratch};

mod marking;
mod options;
mod piped;
mod terminal;

#[path = "../support/mod.rs"]
mod support;

/// Every prompt the program shows, told apart by their words.
const PROMPTS: &str = r"your play \[1(?:-\d+)?\]> |stay or leave> |points you mark> |before the roll> |game over \([^)]*\)> ";

/// What the program asks.
#[derive(Debug, PartialEq)]
enum Prompt {
    /// A play, with the number of legal plays.
    Play(usize),
    Stay,
    Mark,
    /// Before a roll: a school to contest or a false move to settle.
    Before,
    Over,
}

/// rexpect hands over each byte as a `char`: the UTF-8 of `é` arrives as
/// two Latin-1 characters. Back to text.
fn decode(s: &str) -> String {
    let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// `text` as rexpect sees it (see [`decode`]).
fn encode(text: &str) -> String {
    text.bytes().map(|b| b as char).collect()
}

/// The program in a pseudo-terminal, with the text it wrote so far.
struct Pty {
    s: PtySession,
    transcript: String,
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_trictrac"))
}

/// Starts `trictrac ARGS` in a pseudo-terminal; `None` (and the test is
/// skipped) only where the machine has no pseudo-terminals.
fn spawn(args: &[&str]) -> Option<Pty> {
    spawn_in(&temp_dir(), args)
}

/// [`spawn`] in the working directory `dir` (where an unfinished game is
/// saved).
fn spawn_in(dir: &std::path::Path, args: &[&str]) -> Option<Pty> {
    let mut cmd = binary();
    cmd.args(args).current_dir(dir).env("XDG_DATA_HOME", dir);
    support::pty(cmd, 20_000).map(|s| Pty {
        s,
        transcript: String::new(),
    })
}

impl Pty {
    /// Waits for the next prompt; returns what came before it.
    fn prompt(&mut self) -> (String, Prompt) {
        let (before, matched) = self
            .s
            .exp_regex(PROMPTS)
            .unwrap_or_else(|e| panic!("no prompt: {e}\n--- so far:\n{}", self.tail()));
        let before = decode(&before);
        self.transcript.push_str(&before);
        self.transcript.push_str(&matched);
        let p = if matched.contains("your play") {
            let n = matched
                .split(['[', ']'])
                .nth(1)
                .and_then(|r| r.rsplit('-').next())
                .and_then(|n| n.parse().ok())
                .expect("a count of plays");
            Prompt::Play(n)
        } else if matched.contains("stay or leave") {
            Prompt::Stay
        } else if matched.contains("points you mark") {
            Prompt::Mark
        } else if matched.contains("before the roll") {
            Prompt::Before
        } else {
            Prompt::Over
        };
        (before, p)
    }

    fn send(&mut self, line: &str) {
        self.s.send_line(line).expect("the program reads its input");
        self.transcript.push_str(line);
        self.transcript.push('\n');
    }

    /// Waits for `text`; returns what came before it.
    fn expect(&mut self, text: &str) -> String {
        let before = self
            .s
            .exp_string(&encode(text))
            .unwrap_or_else(|e| panic!("`{text}` not shown: {e}\n--- so far:\n{}", self.tail()));
        let before = decode(&before);
        self.transcript.push_str(&before);
        self.transcript.push_str(text);
        before
    }

    /// Waits for the program to end.
    fn end(&mut self) {
        let rest = self
            .s
            .exp_eof()
            .unwrap_or_else(|e| panic!("the program did not end: {e}\n{}", self.tail()));
        self.transcript.push_str(&decode(&rest));
    }

    fn tail(&self) -> String {
        let t = &self.transcript;
        let start = t.char_indices().rev().nth(3000).map_or(0, |(i, _)| i);
        t[start..].to_string()
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trictrac-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn temp(name: &str) -> PathBuf {
    temp_dir().join(name)
}

/// The output of `trictrac ARGS` with `input` piped in, flattened.
fn piped(args: &[&str], input: &str) -> String {
    flat(&piped_raw(args, input))
}

fn piped_raw(args: &[&str], input: &str) -> String {
    piped_in(&temp_dir(), args, input)
}

/// [`piped_raw`] in the working directory `dir`.
fn piped_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let text = support::piped_in(dir, args, input);
    assert!(!text.contains('\x1b'), "no colour when piped");
    assert_fits_80(&text);
    text
}
