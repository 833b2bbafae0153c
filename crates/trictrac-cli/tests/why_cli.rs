//! Issue 40, items 1–2, run as the real binary: `why` after a hint in
//! `trictrac play` (the best play and the second explained, and why the
//! one rather than the other), and `--explain` in `trictrac review` and
//! `trictrac bg review` (why the best rather than the play made, under
//! each decision marked doubtful or worse; without it the output is
//! unchanged).

mod support;
use support::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

fn fresh(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("trictrac-why-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `why` before a hint asks for one; after it, the best play and the
/// second with their explanations and "Why A rather than B"; once the
/// game moved on, a hint again.
#[test]
fn why_after_a_hint_in_trictrac_play() {
    let dir = fresh("play");
    let text = piped_in(
        &dir,
        &["play", "--seed", "4", "--bot", "random"],
        "why\nhint\nwhy\n1\nwhy\nhelp\nresign\nyes\n",
    );
    let ask_first = "`why` explains the hint: ask `hint` first at this decision.";
    let parts: Vec<&str> = text.split("> why\n").collect();
    assert_eq!(parts.len(), 4, "{text}");
    // Before the hint.
    assert!(parts[1].starts_with(ask_first), "{text}");
    // After it (seed 4: White's 5-3, two plays).
    let after = parts[2];
    assert!(after.starts_with("Best: 1-6 1-4, equity +"), "{after}");
    assert!(after.contains("\nSecond: 1-6-9, equity +"), "{after}");
    assert!(after.contains("lone checker"), "{after}");
    assert!(
        after.contains("\nWhy 1-6 1-4 rather than 1-6-9:\n"),
        "{after}"
    );
    // The game moved on: the hint was for another roll.
    assert!(parts[3].starts_with(ask_first), "{text}");
    // In the help.
    assert!(
        parts[3].contains("  why            after hint: why its best play rather than the second"),
        "{text}"
    );
}

/// The lines of `trictrac review` that are not explanations (those are
/// indented under their decision).
fn unexplained(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn trictrac_review_explain_says_why_under_each_error() {
    let file = format!("{FIXTURES}/online-trictrac.txt");
    let plain = stdout_of(&["review", &file, "--top", "4"]);
    assert!(!plain.contains("Why "), "{plain}");
    let text = stdout_of(&["review", &file, "--top", "4", "--explain"]);
    // Without the explanations, the same output.
    assert_eq!(unexplained(&text), plain);
    // Each of the 4 biggest errors (all above the doubtful threshold)
    // explained under it: "Why BEST rather than PLAYED:".
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("entry")).collect();
    assert_eq!(entries.len(), 4, "{text}");
    for e in entries {
        let best = e.split(" best ").nth(1).unwrap().split_whitespace();
        let played = e
            .split(" played ")
            .nth(1)
            .unwrap()
            .split(" best ")
            .next()
            .unwrap();
        let best: Vec<&str> = best.take_while(|w| *w != "lost").collect();
        let why = format!(
            "{e}\n      Why {} rather than {}:\n        ",
            best.join(" "),
            played.trim()
        );
        assert!(text.contains(&why), "{why}\n---\n{text}");
    }
    assert!(text.contains("(R-6.1)"), "{text}");
}

/// The lines of `bg review` without the explanation blocks ("Why ..."
/// at 8 columns and its lines at 10 or more, up to the next line at
/// fewer or at the 24 of a "best" line).
fn bg_unexplained(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for l in text.lines() {
        let indent = l.len() - l.trim_start().len();
        if l.starts_with("        Why ") {
            inside = true;
            continue;
        }
        if inside && (10..24).contains(&indent) {
            continue;
        }
        inside = false;
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[test]
fn bg_review_explain_says_why_under_each_marked_play() {
    let file = format!("{FIXTURES}/online-backgammon.mat");
    let args = ["bg", "review", &file, "--plies", "0", "-j", "1"];
    let plain = stdout_of(&args);
    assert!(!plain.contains("Why "), "{plain}");
    let mut with = args.to_vec();
    with.push("--explain");
    let text = stdout_of(&with);
    assert_eq!(bg_unexplained(&text), plain);
    // Every marked play (not forced, not the best) is explained, after
    // its "best" line.
    let lines: Vec<&str> = text.lines().collect();
    let mut explained = 0;
    for (i, l) in lines.iter().enumerate() {
        let marked = [" ?! ", " ?  ", " ?? "].iter().any(|m| l.contains(m)) && l.contains(" lost ");
        if !marked {
            continue;
        }
        let best = lines[i + 1].trim().strip_prefix("best ").unwrap();
        if best == "(forced)" {
            continue;
        }
        let why = lines[i + 2];
        assert!(
            why.starts_with(&format!("        Why {best} rather than ")),
            "{l}\n{why}\n---\n{text}"
        );
        // The head may wrap: the equity lost ends it.
        let head = lines[i + 2..i + 4].join(" ");
        assert!(
            head.contains("(equity") && head.contains(" lost "),
            "{head}"
        );
        assert!(lines[i + 3].starts_with("          "), "{text}");
        explained += 1;
    }
    assert!(explained > 0, "{text}");
}
