//! The README's claims about defaults are true (issue 25, item 5): each
//! claim is read from README.md and checked against the binary's
//! `--help` (the `[default: …]` of the option) or, where the help does
//! not show it, against what the binary does. A claim that is reworded
//! makes this test fail until the test reads the new wording: the README
//! cannot drift from the program unnoticed.

mod support;
use support::*;

/// The README with every run of whitespace made one space.
fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let text = std::fs::read_to_string(path).expect("README.md is readable");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value that `template`'s `{}` stands for where the template
/// occurs in the README (every occurrence must agree).
fn claim(readme: &str, template: &str) -> String {
    let (prefix, suffix) = template.split_once("{}").expect("a template has {}");
    let mut values = Vec::new();
    let mut from = 0;
    while let Some(at) = readme[from..].find(prefix) {
        let start = from + at + prefix.len();
        from = start;
        let rest = &readme[start..];
        let Some(end) = rest.find(suffix) else {
            continue;
        };
        let value = &rest[..end];
        // The value is short, not a stretch of text.
        if !value.is_empty() && value.len() <= 40 {
            values.push(value.to_string());
        }
    }
    assert!(
        !values.is_empty(),
        "the README no longer says `{template}`: update this test to the new wording"
    );
    assert!(
        values.windows(2).all(|w| w[0] == w[1]),
        "the README says `{template}` with different values: {values:?}"
    );
    values.remove(0)
}

fn help(cmd: &[&str]) -> String {
    let out = trictrac()
        .args(cmd)
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// The `[default: …]` that `cmd --help` shows for `option` (quotes
/// removed).
fn default_of(cmd: &[&str], option: &str) -> String {
    let h = help(cmd);
    let lines: Vec<&str> = h.lines().collect();
    let start = lines
        .iter()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with(&format!("{option} "))
                || t == option
                || t.contains(&format!(", {option} "))
        })
        .unwrap_or_else(|| panic!("`trictrac {} --help` has no {option}", cmd.join(" ")));
    for l in &lines[start + 1..] {
        let t = l.trim_start();
        if t.starts_with('-') {
            break;
        }
        if let Some(at) = t.find("[default: ") {
            let d = &t[at + "[default: ".len()..];
            let d = &d[..d.find(']').unwrap_or(d.len())];
            return d.trim_matches('"').to_string();
        }
    }
    panic!(
        "`trictrac {} --help` shows no default for {option}",
        cmd.join(" ")
    )
}

#[test]
fn readme_backgammon_bot_default_is_the_programs() {
    let r = readme();
    let quick = claim(
        &r,
        "$ trictrac bg play # a money game against the default bot, `{}`",
    );
    let bots = claim(&r, "The bots: `{}` (the default");
    assert_eq!(quick, bots);
    assert_eq!(default_of(&["bg", "play"], "--bot"), bots);
    // bg match names the default bot in its list of players.
    let h = help(&["bg", "match"]);
    assert!(h.contains(&format!("the default bot is {bots}")), "{h}");
    // The README never calls another bot the default.
    assert!(!r.contains("against the greedy bot"), "a stale claim");
    // And `bg play` plays against it.
    let dir = scratch("readme-bg-defaults");
    let text = piped_in(&dir, &["bg", "play", "--seed", "1"], "quit\n");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.contains(&format!(
            "money game: you play white against the bot `{bots}`"
        )),
        "{text}"
    );
}

#[test]
fn readme_trictrac_bot_default_is_the_programs() {
    let r = readme();
    let bot = claim(&r, "The players (`{}`, the default, also named `default`");
    assert_eq!(default_of(&["play"], "--bot"), bot);
    let h = help(&["match"]);
    assert!(h.contains(&format!("the default bot is {bot}")), "{h}");
    // `trictrac play`: "against the default bot, you play White".
    assert!(r.contains("$ trictrac play # against the default bot, you play White"));
    let dir = scratch("readme-defaults");
    let text = piped_in(&dir, &["play", "--seed", "1"], "quit\n");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.contains(&format!("you play White against the bot `{bot}`")),
        "{text}"
    );
}

#[test]
fn readme_backgammon_preset_default_is_the_programs() {
    let r = readme();
    let preset = claim(&r, "presets: `{}` (GNU Backgammon's rules, the default)");
    for cmd in [
        &["bg", "play"][..],
        &["bg", "moves"],
        &["bg", "selfplay"],
        &["bg", "match"],
        &["bg", "hint"],
    ] {
        assert_eq!(default_of(cmd, "--rules"), preset, "{cmd:?}");
    }
}

#[test]
fn readme_start_position_and_hint_depth_are_the_defaults() {
    let r = readme();
    let start = claim(
        &r,
        "Positions are written in TPN, quoted on the command line: `{}` is the start",
    );
    assert!(r.contains("Without `--position` the start position is used"));
    for cmd in [&["moves"][..], &["hint"], &["rollout"]] {
        assert_eq!(default_of(cmd, "--position"), start, "{cmd:?}");
    }
    let bg_start = claim(&r, "gnubg Position IDs (`{}` is the start)");
    for cmd in [&["bg", "moves"][..], &["bg", "hint"]] {
        assert_eq!(default_of(cmd, "--position"), bg_start, "{cmd:?}");
    }
    let plies = claim(&r, "# the plays ranked by the bot ({} ply)");
    assert_eq!(default_of(&["bg", "hint"], "--plies"), plies);
}

#[test]
fn readme_server_defaults_are_the_programs() {
    let r = readme();
    let addr = claim(&r, "$ trictrac serve # http://{}/, games in");
    let file = claim(&r, "/, games in ./{} $");
    assert_eq!(default_of(&["serve"], "--addr"), addr);
    assert_eq!(
        default_of(&["serve"], "--database"),
        format!("sqlite://{file}")
    );
    assert!(
        r.contains(&format!("then open <http://{addr}/>")),
        "the quick start's address"
    );
}

#[test]
fn readme_every_core_is_the_default() {
    let r = readme();
    assert!(r.contains("`selfplay` plays complete random games to 12 holes on all cores"));
    assert!(r.contains("`rollout` plays the position out on every core"));
    for cmd in [
        &["selfplay"][..],
        &["rollout"],
        &["bg", "selfplay"],
        &["match"],
        &["bg", "match"],
    ] {
        let h = help(cmd);
        assert!(
            h.contains("Worker threads (default: all cores)"),
            "{cmd:?}: {h}"
        );
    }
}
