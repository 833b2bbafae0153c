//! The movement laws of RULES.md sections 3 and 4, one test (at least)
//! per rule id.
//!
//! Every case is a TPN position, a roll and the exact set of legal plays
//! in play notation (absolute frame, NOTATION.md), or a written play and
//! the id of the rule it breaks. The expected answers were worked out by
//! hand from RULES.md; the comments give the reasoning in the mover's
//! frame (Black's field k is absolute field 25 − k).
//!
//! Recurring opponents:
//! - `b:24x15`: Black still on his talon. He can still fill both his petit
//!   jan and his grand jan, so White may not end a move on 14–24.
//! - `b:14x3,15x4,16x4,17x4` and `b:13x3,14x3,15x3,16x3,17x3`: Black on
//!   his fields 8–11 (and his corner). Nothing of his stands on his fields
//!   1–7, so he can fill neither jan: White may land anywhere on 18–24,
//!   while 14–17 are blocked by Black's checkers.

use std::collections::BTreeSet;
use trictrac::{ExitMethod, PlayNotation, Position, Roll, Rules, Side};

mod corners;
mod dice;
mod exit;
mod passage;

const PROVINCIALE: Rules = Rules {
    exit: ExitMethod::Provinciale,
    ..Rules::DEFAULT
};

fn pos(tpn: &str) -> Position {
    tpn.parse()
        .unwrap_or_else(|e| panic!("`{tpn}` is not a position: {e}"))
}

fn roll(r: &str) -> Roll {
    r.parse().unwrap()
}

/// Asserts that the legal plays of `roll` in `tpn` under `rules` are
/// exactly `expected` (as strings, each listed once).
#[track_caller]
fn assert_plays_with(tpn: &str, r: &str, rules: &Rules, expected: &[&str]) {
    let p = pos(tpn);
    let plays = p.legal_plays_with(roll(r), rules);
    let shown: Vec<String> = plays
        .iter()
        .map(|q| q.display(p.turn()).to_string())
        .collect();
    let actual: BTreeSet<String> = shown.iter().cloned().collect();
    assert_eq!(
        actual.len(),
        shown.len(),
        "{tpn} {r}: a play is listed twice: {shown:?}"
    );
    let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(want.len(), expected.len(), "duplicate in the expectation");
    if actual != want {
        let missing: Vec<_> = want.difference(&actual).collect();
        let extra: Vec<_> = actual.difference(&want).collect();
        panic!(
            "{tpn} (rules {rules:?}) roll {r}:\n  expected {want:?}\n  actual   {actual:?}\n  \
             missing {missing:?}\n  extra   {extra:?}"
        );
    }
}

#[track_caller]
fn assert_plays(tpn: &str, r: &str, expected: &[&str]) {
    assert_plays_with(tpn, r, &Rules::DEFAULT, expected);
}

/// Asserts that `play` is rejected with the rule `rule`.
#[track_caller]
fn assert_illegal_with(tpn: &str, r: &str, rules: &Rules, play: &str, rule: &str) {
    let p = pos(tpn);
    let notation: PlayNotation = play.parse().unwrap();
    match p.resolve_play_with(roll(r), &notation, rules) {
        Ok(q) => panic!(
            "{tpn} {r}: `{play}` was accepted as `{}`, expected a breach of {rule}",
            q.display(p.turn())
        ),
        Err(e) => assert_eq!(e.rule(), rule, "{tpn} {r}: `{play}` rejected with: {e}"),
    }
}

#[track_caller]
fn assert_illegal(tpn: &str, r: &str, play: &str, rule: &str) {
    assert_illegal_with(tpn, r, &Rules::DEFAULT, play, rule);
}

/// Asserts that `play` is legal and is the listed play `shown`.
#[track_caller]
fn assert_resolves(tpn: &str, r: &str, play: &str, shown: &str) {
    let p = pos(tpn);
    let notation: PlayNotation = play.parse().unwrap();
    let q = p
        .resolve_play(roll(r), &notation)
        .unwrap_or_else(|e| panic!("{tpn} {r}: `{play}` rejected: {e}"));
    assert_eq!(
        q.display(p.turn()).to_string(),
        shown,
        "{tpn} {r}: `{play}`"
    );
}

// Black on his fields 8–11, his corner empty; White's talon and two on 10.
const P1: &str = "w:1x13,10x2 b:14x3,15x4,16x4,17x4 w";

// The same position mirrored, Black to move.
const P1_BLACK: &str = "w:8x4,9x4,10x4,11x3 b:15x2,24x13 b";

// ----------------------------------------------------------------

// White stuck behind Black's checkers on 14–17: from 11 only the 1 can be
// played (onto the held corner), from 12 only the 6 (to 18).
const STUCK: &str = "w:11x13,12x2 b:14x3,15x4,16x4,17x4 w";
