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

#[test]
fn r_3_1_each_die_moves_one_checker_or_one_checker_by_both() {
    // 2-1 from 1 (13), 6, 7; White may not pass 12 (Black on his talon).
    // Two checkers: the 2 from 1, 6 or 7 and the 1 from 1, 6 or 7, except
    // one checker twice (6 by the 1 onto 7 and 7 by the 2 is 6-8-9's
    // position) and a lone checker moved twice. Tout d'une: 1, 6, 7.
    assert_plays(
        "w:1x13,6,7 b:24x15 w",
        "2-1",
        &[
            "1-3 1-2", "1-3 6-7", "1-3 7-8", "6-8 1-2", "6-8 7-8", "7-9 1-2", "1-3-4", "6-8-9",
            "7-9-10",
        ],
    );
}

#[test]
fn r_3_1_black_moves_from_24_towards_1() {
    // The position above mirrored: Black on his 1 (24), 6 (19), 7 (18).
    assert_plays(
        "w:1x15 b:18,19,24x13 b",
        "2-1",
        &[
            "24-22 24-23",
            "24-22 19-18",
            "24-22 18-17",
            "19-17 24-23",
            "19-17 18-17",
            "18-16 24-23",
            "24-22-21",
            "19-17-16",
            "18-16-15",
        ],
    );
}

#[test]
fn r_3_1_a_move_must_be_the_length_of_a_die() {
    let start = "w:1x15 b:24x15 w";
    assert_illegal(start, "2-1", "1-5 1-2", "R-3.1");
    assert_illegal(start, "2-1", "3-5 1-2", "R-3.1"); // no checker on 3
                                                      // Moves may be written in any order: 1-2 then 2-4 is 1-3-4.
    assert_resolves(start, "2-1", "2-4 1-2", "1-3-4");
    assert_illegal("w:1x13,6,7 b:24x15 b", "2-1", "24-20 24-23", "R-3.1");
    // Tout d'une may be written with either rest or with none.
    assert_resolves(start, "2-1", "1-4", "1-3-4");
    assert_resolves(start, "2-1", "1-2-4", "1-3-4");
    assert_resolves("w:1x13,6,7 b:24x15 b", "2-1", "24-21", "24-22-21");
}

#[test]
fn r_3_1_one_die_cannot_be_played_twice() {
    // 4-3: 1-5 twice uses the 4 twice; the error says so.
    let pos: Position = "w:1x15 b:24x15 w".parse().unwrap();
    let text: PlayNotation = "1-5 1-5".parse().unwrap();
    let e = pos.resolve_play(Roll::new(4, 3), &text).unwrap_err();
    assert_eq!(e.rule(), "R-3.1");
    let msg = e.to_string();
    assert!(
        msg.contains("both move 4 fields") && msg.contains("has one 4"),
        "{msg}"
    );
}

// ----------------------------------------------------------------

#[test]
fn r_3_2_a_double_is_played_once() {
    // 1-1: two moves of 1, never four. 6 by 1 onto 7 and 7 by 1 is the
    // position of 6-7-8; a lone checker cannot move twice by two moves.
    let p = "w:1x13,6,7 b:24x15 w";
    assert_plays(
        p,
        "1-1",
        &["1-2 1-2", "1-2 6-7", "1-2 7-8", "1-2-3", "6-7-8", "7-8-9"],
    );
    assert_illegal(p, "1-1", "1-2 1-2 1-2 1-2", "R-3.2");
    assert_illegal(p, "1-1", "1-2 1-2 6-7", "R-3.2");
    assert_illegal(p, "1-1", "1-2-3 6-7-8", "R-3.2");
}

#[test]
fn r_3_2_black_double_tout_d_une_only_by_twice_the_value() {
    // Black 6-6 from his talon: two checkers to his 7 (18); 24-18-12 would
    // end on White's corner. Playing the double four times as in
    // backgammon is not a move of trictrac.
    let p = "w:1x13,6,7 b:24x15 b";
    assert_plays(p, "6-6", &["24-18 24-18"]);
    assert_illegal(p, "6-6", "24-18-12", "R-4.2");
    assert_illegal(p, "6-6", "24-18 24-18 24-18 24-18", "R-3.2");
}

#[test]
fn r_3_2_double_of_which_one_move_only_can_be_played() {
    // 4-4: only 18 can move (11 and 12 reach 15 and 16, held by Black);
    // 18-22-26 would bear off with a checker outside the return jan.
    assert_plays("w:11x12,12x2,18 b:14x3,15x4,16x4,17x4 w", "4-4", &["18-22"]);
}

// ----------------------------------------------------------------

#[test]
fn r_3_3_one_opponent_checker_blocks_a_field() {
    // Black has a single checker on 14 (his 11). 11-14 is blocked, 11-13
    // would occupy Black's (held) corner, 11-16 ends on Black's 15.
    let p = "w:1x13,11x2 b:13x2,14,15x4,16x4,17x4 w";
    assert_plays(p, "3-2", &["1-4 1-3", "1-4-6"]);
    assert_illegal(p, "3-2", "11-14 1-3", "R-3.3");
    assert_illegal(p, "3-2", "1-4 11-14", "R-3.3");
}

#[test]
fn r_3_3_black_blocked_by_a_single_white_checker() {
    // The position above mirrored, Black to move.
    let p = "w:8x4,9x4,10x4,11,12x2 b:14x2,24x13 b";
    assert_plays(p, "3-2", &["24-21 24-22", "24-21-19"]);
    assert_illegal(p, "3-2", "14-11 24-22", "R-3.3");
}

// ----------------------------------------------------------------

#[test]
fn r_3_4_tout_d_une_with_one_rest_blocked_is_allowed() {
    // 6-2 from 10: rest 16 is Black's, rest 12 (White's empty corner) is
    // open, 18 is free: 10-12-18. 10-12 alone would leave one checker on
    // the corner.
    assert_plays(P1, "6-2", &["1-7 1-3", "1-7-9", "10-12-18"]);
    // 5-3 from 10: rest 15 is Black's, rest 13 is Black's empty corner,
    // an open rest.
    assert_plays(P1, "5-3", &["1-6 1-4", "1-6-9", "10-13-18"]);
    assert_resolves(P1, "5-3", "10-18", "10-13-18");
    assert_resolves(P1, "5-3", "10-15-18", "10-13-18");
}

#[test]
fn r_3_4_tout_d_une_with_both_rests_blocked_is_not_allowed() {
    // 5-4 from 10: rests 15 and 14 both hold Black's checkers, although
    // 19 is free.
    assert_plays(P1, "5-4", &["1-6 1-5", "1-6-10"]);
    assert_illegal(P1, "5-4", "10-15-19", "R-3.4");
    assert_illegal(P1, "5-4", "10-14-19", "R-3.4");
    assert_illegal(P1, "5-4", "10-19", "R-3.4");
}

#[test]
fn r_3_4_double_tout_d_une_has_one_rest() {
    // 4-4 from 10: the only rest, 14, is Black's.
    assert_plays(P1, "4-4", &["1-5 1-5", "1-5-9"]);
    assert_illegal(P1, "4-4", "10-14-18", "R-3.4");
}

#[test]
fn r_3_4_black_rests_on_whites_empty_corner() {
    // P1 mirrored: Black's 15-12-7 rests on White's empty corner (12).
    assert_plays(P1_BLACK, "5-3", &["24-19 24-21", "24-19-16", "15-12-7"]);
    assert_illegal(P1_BLACK, "5-4", "15-6", "R-3.4");
}

// ----------------------------------------------------------------

// White stuck behind Black's checkers on 14–17: from 11 only the 1 can be
// played (onto the held corner), from 12 only the 6 (to 18).
const STUCK: &str = "w:11x13,12x2 b:14x3,15x4,16x4,17x4 w";

#[test]
fn r_3_5_nothing_playable_passes() {
    // 5-4: 15, 16, 17 and 16 are Black's; tout d'une rests too.
    assert_plays(STUCK, "5-4", &["--"]);
    // 6-5: the 6 could only take one checker off the corner.
    assert_plays(STUCK, "6-5", &["--"]);
    assert_resolves(STUCK, "6-5", "--", "--");
    assert_illegal(STUCK, "6-5", "12-18", "R-4.1");
    assert_illegal("w:1x15 b:24x15 w", "6-5", "--", "R-3.5");
}

#[test]
fn r_3_5_only_the_lower_die_can_be_played() {
    // 2-1: the 2 leads to 13 or 14 only; the 1 plays 11-12.
    assert_plays(STUCK, "2-1", &["11-12"]);
    assert_illegal(STUCK, "2-1", "11-13", "R-4.2");
}

#[test]
fn r_3_5_only_one_die_playable_the_higher_is_played() {
    // 6-5: 18-24 or 18-23, but not both (a lone checker, and tout d'une
    // would bear off too early); 12-18 would leave one on the corner.
    let p = "w:11x12,12x2,18 b:14x3,15x4,16x4,17x4 w";
    assert_plays(p, "6-5", &["18-24"]);
    assert_illegal(p, "6-5", "18-23", "R-3.5");
}

#[test]
fn r_3_5_both_dice_when_possible() {
    // 3-2: only the checker on 18 moves, by both dice.
    let p = "w:11x12,12x2,18 b:14x3,15x4,16x4,17x4 w";
    assert_plays(p, "3-2", &["18-21-23"]);
    assert_illegal(p, "3-2", "18-21", "R-3.5");
    assert_illegal(p, "3-2", "18-20", "R-3.5");
}

#[test]
fn r_3_5_black_only_the_higher_die() {
    // The 6-5 case above mirrored.
    let p = "w:8x4,9x4,10x4,11x3 b:7,13x2,14x12 b";
    assert_plays(p, "6-5", &["7-1"]);
    assert_illegal(p, "6-5", "7-2", "R-3.5");
}

// ----------------------------------------------------------------

#[test]
fn r_3_6_only_complete_plays_are_accepted() {
    let start = "w:1x15 b:24x15 w";
    // The order in which the moves are written does not matter...
    let p = pos(start);
    let a = p
        .resolve_play(roll("2-1"), &"1-2 1-3".parse().unwrap())
        .unwrap();
    let b = p
        .resolve_play(roll("2-1"), &"1-3 1-2".parse().unwrap())
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.display(Side::White).to_string(), "1-3 1-2");
    // ...but a partial play is not a play.
    assert_illegal(start, "2-1", "1-3", "R-3.5");
    assert_illegal(start, "2-1", "1-2", "R-3.5");
}

// ----------------------------------------------------------------

#[test]
fn r_4_1_corner_taken_by_two_checkers_at_once() {
    // 6-5 with checkers on 6 and 7: 6-12 7-12 takes the corner by effect.
    // 1-7-12 (or 1-6-12) would put a single checker there. Taking the
    // corner is optional: 1-7 1-6 and 1-7 6-11 stay legal.
    let p = "w:1x13,6,7 b:24x15 w";
    assert_plays(p, "6-5", &["1-7 1-6", "1-7 6-11", "6-12 7-12"]);
    assert_illegal(p, "6-5", "1-12", "R-4.1");
    assert_illegal(p, "6-5", "1-6 6-12", "R-4.1");
    assert_illegal(p, "6-5", "1-7 7-12", "R-4.1");
}

#[test]
fn r_4_1_corner_taken_by_a_double() {
    let p = "w:1x13,6x2 b:24x15 w";
    assert_plays(p, "6-6", &["1-7 1-7", "6-12 6-12"]);
    assert_illegal(p, "6-6", "1-7 6-12", "R-4.1");
}

#[test]
fn r_4_1_black_takes_his_corner() {
    // Black's corner is absolute 13.
    let p = "w:1x15 b:18,19,24x13 b";
    assert_plays(p, "6-5", &["24-18 24-19", "24-18 19-14", "19-13 18-13"]);
    assert_illegal(p, "6-5", "24-13", "R-4.1");
}

#[test]
fn r_4_1_corner_taken_when_it_is_the_only_play() {
    // Everything else is blocked (Black can still fill his grand jan, so
    // 14–18 are closed; 22's rests are Black's).
    let p = "w:6,7,11x13 b:14x3,15x3,16x3,17x3,18x3 w";
    assert_plays(p, "6-5", &["6-12 7-12"]);
    assert_illegal(p, "6-5", "6-11", "R-3.5");
}

#[test]
fn r_4_1_held_corner_takes_checkers_one_at_a_time() {
    // With the corner held, 1-7-12 adds a single checker.
    let p = "w:1x11,6,7,12x2 b:24x15 w";
    assert_plays(p, "6-5", &["1-7 1-6", "1-7 6-11", "6-12 7-12", "1-7-12"]);
}

#[test]
fn r_4_1_corner_left_by_the_last_two_together() {
    // Two on the corner: 6-6 takes both to 18; a lone one may not leave.
    assert_plays(STUCK, "6-6", &["12-18 12-18"]);
    assert_illegal(STUCK, "6-6", "12-18-24", "R-4.1");
    // Three: the surcase leaves alone (tout d'une), not with another.
    let three = "w:11x12,12x3 b:13x3,14x3,15x3,16x3,17x3 w";
    assert_plays(three, "6-6", &["12-18-24"]);
    assert_illegal(three, "6-6", "12-18 12-18", "R-4.1");
    // Four: two surcases may leave together, or one.
    let four = "w:11x11,12x4 b:13x3,14x3,15x3,16x3,17x3 w";
    assert_plays(four, "6-6", &["12-18 12-18", "12-18-24"]);
    // 6-1 with two on the corner: 12-18 and 11-12 keep it held (11-12-18).
    assert_plays(STUCK, "6-1", &["11-12-18"]);
}

#[test]
fn r_4_1_black_leaves_his_corner() {
    // `three` above mirrored.
    let p = "w:8x3,9x3,10x3,11x3,12x3 b:13x3,14x12 b";
    assert_plays(p, "6-6", &["13-7-1"]);
    assert_illegal(p, "6-6", "13-7 13-7", "R-4.1");
}

// ----------------------------------------------------------------

#[test]
fn r_4_2_opponents_corner_never_occupied() {
    let start = "w:1x15 b:24x15 w";
    assert_plays(start, "6-6", &["1-7 1-7"]);
    assert_illegal(start, "6-6", "1-7-13", "R-4.2");
    // Even when the passage is open (Black can fill nothing).
    assert_plays(P1, "3-1", &["1-4 1-2", "1-4 10-11", "1-4-5"]);
    assert_illegal(P1, "3-1", "10-13 1-2", "R-4.2");
}

#[test]
fn r_4_2_empty_opponents_corner_is_an_open_rest() {
    // 5-3 from 10: 10-13-18 rests on Black's empty corner.
    assert_resolves(P1, "5-3", "10-13-18", "10-13-18");
    // Black: 15-12-7 rests on White's empty corner.
    assert_resolves(P1_BLACK, "5-3", "15-12-7", "15-12-7");
}

// ----------------------------------------------------------------

#[test]
fn r_4_3_corner_by_power() {
    // 6-5 from 7 and 8 would bring two checkers onto Black's corner; the
    // corner is taken by power, written with the real destinations.
    let p = "w:1x13,7,8 b:24x15 w";
    assert_plays(p, "6-5", &["1-7 1-6", "7-12 8-12"]);
    let power = pos(p)
        .resolve_play(roll("6-5"), &"8-12 7-12".parse().unwrap())
        .unwrap();
    assert!(power.is_power());
}

#[test]
fn r_4_3_corner_by_power_on_a_double() {
    let p = "w:1x13,9x2 b:24x15 w";
    assert_plays(p, "4-4", &["1-5 1-5", "1-5-9", "9-12 9-12"]);
}

#[test]
fn r_4_3_black_corner_by_power() {
    let p = "w:1x15 b:17,18,24x13 b";
    assert_plays(p, "6-5", &["24-18 24-19", "18-13 17-13"]);
}

#[test]
fn r_4_3_no_power_when_a_corner_is_held() {
    // Own corner held: power never adds surcases.
    let own = "w:1x11,7,8,12x2 b:24x15 w";
    assert_plays(own, "6-5", &["1-7 1-6", "1-7-12"]);
    assert_illegal(own, "6-5", "7-12 8-12", "R-4.3");
    // Black holds his corner.
    let theirs = "w:1x13,7,8 b:13x2,24x13 w";
    assert_plays(theirs, "6-5", &["1-7 1-6"]);
    assert_illegal(theirs, "6-5", "7-12 8-12", "R-4.3");
}

// ----------------------------------------------------------------

#[test]
fn r_4_4_power_illegal_when_effect_possible() {
    // 6 and 7 take the corner by effect, so 7 and 8 may not by power;
    // not taking it stays legal.
    let p = "w:1x12,6,7,8 b:24x15 w";
    assert_plays(p, "6-5", &["1-7 1-6", "1-7 6-11", "6-12 7-12"]);
    assert_illegal(p, "6-5", "7-12 8-12", "R-4.4");
    assert_illegal(p, "6-5", "8-12 7-12", "R-4.4");
}

#[test]
fn r_4_4_power_illegal_when_effect_possible_on_a_double() {
    let p = "w:1x11,8x2,9x2 b:24x15 w";
    assert_plays(p, "4-4", &["1-5 1-5", "1-5-9", "8-12 8-12"]);
    assert_illegal(p, "4-4", "9-12 9-12", "R-4.4");
}

#[test]
fn r_4_4_power_illegal_even_when_only_it_would_fill() {
    // 5-4: 7 and 8 take the corner by effect, 8 and 9 could by power.
    // Only the power play would fill the grand jan (7-12 8-12 leaves one
    // checker on 7); it stays illegal, and the effect play is legal.
    let p = "w:1x3,7x2,8x3,9x3,10x2,11x2 b:24x15 w";
    assert_plays(p, "5-4", &["1-6 1-5", "1-6 7-11", "7-12 8-12", "1-6-10"]);
    assert_illegal(p, "5-4", "8-12 9-12", "R-4.4");
}

#[test]
fn r_4_4_black_power_illegal_when_effect_possible() {
    let p = "w:1x15 b:17,18,19,24x12 b";
    assert_plays(p, "6-5", &["24-18 24-19", "24-18 19-14", "19-13 18-13"]);
    assert_illegal(p, "6-5", "18-13 17-13", "R-4.4");
}

// ----------------------------------------------------------------

#[test]
fn r_4_5_taking_the_corner_scores_nothing_by_itself() {
    let p = pos("w:1x13,6,7 b:24x15 w");
    let corner = p
        .resolve_play(roll("6-5"), &"6-12 7-12".parse().unwrap())
        .unwrap();
    let after = p.after(&corner);
    assert_eq!(after.score(), p.score());
    assert_eq!(after.count(Side::White, trictrac::Field::OWN_CORNER), 2);
}

// ----------------------------------------------------------------

#[test]
fn r_4_6_no_passage_while_the_opponent_can_fill() {
    // Black on his talon can fill everything: 1-7-13 aside, the
    // grand jan and the return are closed, even tout d'une.
    let p = "w:1x11,12x4 b:24x15 w";
    assert_plays(p, "6-6", &["1-7 1-7"]);
    assert_illegal(p, "6-6", "12-18 12-18", "R-4.6");
    assert_illegal(p, "6-6", "12-18-24", "R-3.3");
    assert_illegal(p, "6-5", "12-18-23", "R-4.6");
}

#[test]
fn r_4_6_materially_possible_not_a_count() {
    // Black: one checker on his talon (24), 14 on his 8–12. Counting his
    // checkers in his grand jan (14) would say he can fill it, but his 7
    // (absolute 18) can only be reached by the one checker on his talon:
    // checkers never move back. So 18 is open to White, and so is the
    // return (Black has one checker on his talon, not two).
    let p = "w:1x9,11x2,12x4 b:13x2,14x3,15x3,16x3,17x3,24 w";
    assert_plays(p, "6-6", &["1-7 1-7", "1-7 12-18", "12-18 12-18"]);
    assert_plays(p, "6-5", &["1-7 1-6", "12-18 1-6", "1-7-12", "12-18-23"]);
}

#[test]
fn r_4_6_grand_jan_closed_return_open() {
    // With a second checker on Black's talon (and one less on his 8),
    // Black can still fill his grand jan: 14–18 are closed. He cannot
    // fill his petit jan (nothing on his 2), so the return is open, and
    // the empty 18 may serve as the rest of 12-18-23.
    let p = "w:1x9,11x2,12x4 b:13x2,14x3,15x3,16x3,17x2,24x2 w";
    assert_plays(p, "6-6", &["1-7 1-7"]);
    assert_illegal(p, "6-6", "12-18 12-18", "R-4.6");
    assert_plays(p, "6-5", &["1-7 1-6", "1-7-12", "12-18-23"]);
    assert_illegal(p, "6-5", "12-18 1-6", "R-4.6");
}

#[test]
fn r_4_6_rest_in_the_forbidden_grand_jan() {
    // Black can fill his grand jan (14–18 closed) but not his petit jan
    // (5 on his talon, 10 on his 7–9). 10-15-21 rests on the empty 15;
    // 11 and 12 have both rests held by Black.
    let p = "w:1x9,10x2,11x2,12x2 b:16x3,17x3,18x4,24x5 w";
    assert_plays(p, "6-5", &["1-7 1-6", "1-7-12", "10-15-21"]);
    assert_illegal(p, "6-5", "10-15 1-7", "R-4.6");
}

#[test]
fn r_4_6_petit_jan_cannot_be_filled_without_two_on_the_talon() {
    // Black has all 15 in his petit jan, but none left on his talon: he
    // can never fill it again, so White may end on 24 (his talon).
    // He can still fill his grand jan: 18 only serves as a rest.
    let p = "w:1x11,12x4 b:19x3,20x3,21x3,22x3,23x3 w";
    assert_plays(p, "6-6", &["1-7 1-7", "12-18-24"]);
    assert_illegal(p, "6-6", "12-18 12-18", "R-4.6");
}

#[test]
fn r_4_6_black_passage() {
    // r_4_6_materially_possible_not_a_count mirrored.
    let p = "w:1,8x3,9x3,10x3,11x3,12x2 b:13x4,14x2,24x9 b";
    assert_plays(p, "6-6", &["24-18 24-18", "24-18 13-7", "13-7 13-7"]);
    // Black on his talon with White on his: Black may not pass.
    assert_illegal("w:1x13,6,8 b:13x4,24x11 b", "6-6", "13-7 13-7", "R-4.6");
}

// ----------------------------------------------------------------

const BLK: &str = "b:13x3,14x3,15x3,16x3,17x3";

fn white(list: &str) -> String {
    format!("w:{list} {BLK} w")
}

#[test]
fn r_4_7_sortant_bears_off_or_plays_inside() {
    // 20 is 5 from the rail: the 5 bears it off. 23 is 2 from the rail:
    // the 2 bears it off or plays 20-22.
    assert_plays(&white("20x2,23"), "5-2", &["20-off 20-22", "20-off 23-off"]);
}

#[test]
fn r_4_7_sortant_die_may_be_played_inside() {
    // 3-1 with 19 and 22: the 3 is sortant (22) but may play 19-22.
    assert_plays(&white("19,22"), "3-1", &["22-off 19-20", "19-22-23"]);
}

#[test]
fn r_4_7_excedant_bears_off_the_farthest() {
    // D = 4 (from 21): the 6 is excédant and bears off 21, the farthest;
    // the 1 is played inside. 1 first (21-22) then the 6 bears off 22.
    let p = white("21,23x2");
    assert_plays(&p, "6-1", &["21-off 23-24", "21-22-off"]);
    assert_illegal(&p, "6-1", "23-off 23-24", "R-4.7");
    assert_illegal(&p, "6-1", "23-off 21-22", "R-4.7");
    // Both dice excédant in turn.
    assert_plays(&white("20,22"), "6-5", &["20-off 22-off"]);
}

// Black's checkers on White's 22 and 24 (his 3 and 1): he cannot fill his
// petit jan (none on his 2), so White may enter the return, but 22 and 24
// are blocked.
const DEF_BLACK: &str = "b:13x2,14x3,15x3,16x3,22x2,24x2";

#[test]
fn r_4_7_defaillant_is_played_inside_or_not_at_all() {
    // 4-1, D = 6: neither die is sortant. The 4 plays 19-23; 23-off would
    // bear off a nearer checker with a défaillant die. After 19-23 the 1
    // (23-24) is blocked; after 19-20 the 4 (20-24) is blocked, and so is
    // 19-24: only one die can be played, the higher.
    let p = format!("w:19,23 {DEF_BLACK} w");
    assert_plays(&p, "4-1", &["19-23"]);
    assert_illegal(&p, "4-1", "23-off", "R-4.7");
    // 5-3 with 19 and 21: every inside move is blocked, and neither die
    // may bear off 21 (not exact, not the farthest).
    let q = format!("w:19,21 {DEF_BLACK} w");
    assert_plays(&q, "5-3", &["--"]);
    assert_illegal(&q, "5-3", "21-off", "R-4.7");
    // 6-3: the 6 is sortant (19); the 3 then is défaillant for 21 (24 is
    // blocked) and unplayable.
    assert_plays(&q, "6-3", &["19-off"]);
}

#[test]
fn r_4_7_defaillant_with_open_rest() {
    // 4-2 with 19 and 20 (22, 24 blocked): 19-23-off, the 2 bearing off
    // 23 exactly, is the only way to play both dice.
    assert_plays(&format!("w:19,20 {DEF_BLACK} w"), "4-2", &["19-23-off"]);
}

#[test]
fn r_4_7_arrangement_may_not_make_a_die_excedant() {
    // 5-2 with 19, 22, 24: 19-24 22-24 plays the 5 inside. 19-21-off would
    // make the 5 excédant (D = 4 after 19-21): illegal.
    let p = white("19,22,24");
    assert_plays(&p, "5-2", &["19-24 22-24"]);
    assert_illegal(&p, "5-2", "19-21-off", "R-4.7");
    assert_illegal(&p, "5-2", "19-21 21-off", "R-4.7");
}

#[test]
fn r_4_7_black_arrangement() {
    // The case above mirrored.
    let p = "w:8x3,9x3,10x3,11x3,12x3 b:1,3,6 b";
    assert_plays(p, "5-2", &["6-1 3-1"]);
    assert_illegal(p, "5-2", "6-4-off", "R-4.7");
}

#[test]
fn r_4_7_tout_d_une_bearing_off() {
    // 3-2 with 20 and 23: every way reaches {23}: 20-23-off.
    let p = white("20,23");
    assert_plays(&p, "3-2", &["20-23-off"]);
    assert_resolves(&p, "3-2", "23-off 20-23", "20-23-off");
    assert_resolves(&p, "3-2", "20-22 22-off", "20-23-off");
}

#[test]
fn r_4_7_last_checker_enters_and_another_leaves() {
    // 4-3 with 18, 21, 21: 18-22 enters the return; then the 3 bears off
    // 22 exactly (tout d'une) or plays 21-24.
    let p = white("18,21x2");
    assert_plays(&p, "4-3", &["18-22 21-24", "18-22-off"]);
    assert_resolves(&p, "4-3", "21-off 18-21", "18-22-off");
    assert_illegal(&p, "4-3", "21-off 21-24", "R-4.7");
}

#[test]
fn r_4_7_provinciale_plays_inside_first() {
    // 3-1 with 19 and 22: the 3 can be played inside (19-22), so under
    // the provinciale it may not bear off 22.
    let p = white("19,22");
    assert_plays_with(&p, "3-1", &PROVINCIALE, &["19-22-23"]);
    assert_illegal_with(&p, "3-1", &PROVINCIALE, "22-off 19-20", "R-4.7");
    // 6-5 with 19x3 and 20..24 two each: the 6 cannot be played inside,
    // so it bears off the farthest; the 5 must play 19-24 (parisienne:
    // it may also bear off 20).
    let q = white("19x3,20x2,21x2,22x2,23x2,24x2");
    assert_plays_with(&q, "6-5", &PROVINCIALE, &["19-off 19-24"]);
    assert_plays(&q, "6-5", &["19-off 19-24", "19-off 20-off"]);
}

#[test]
fn r_4_7_provinciale_no_arranged_bear_off() {
    // 5-2 with 19, 22, 24: both dice can be played inside (19-24 22-24),
    // so "everything playable inside must be played": 19-21-off, which
    // bears off with the 5 only because the 2 was played first, is not
    // allowed (it is not even allowed under the parisienne).
    assert_plays_with(&white("19,22,24"), "5-2", &PROVINCIALE, &["19-24 22-24"]);
}

#[test]
fn r_4_7_provinciale_privilege_of_the_surcases() {
    // A full return jan with two surcases on 21: each may be borne off
    // exactly by a 4 (the jan is full when it leaves), up to three times a
    // relevé; otherwise the 4s are played inside. These are the plays the
    // movement laws allow (R-6.8 steps 1-2)...
    let list = "19x2,20x2,21x4,22x2,23x2,24x2";
    let mut p = pos(&white(list));
    let movement = [
        "19-23 19-23",
        "19-23 20-24",
        "20-24 20-24",
        "19-23 21-off",
        "20-24 21-off",
        "21-off 21-off",
    ];
    let shown = |plays: trictrac::PlayList| -> BTreeSet<String> {
        plays
            .iter()
            .map(|q| q.display(Side::White).to_string())
            .collect()
    };
    let set = |s: &[&str]| -> BTreeSet<String> { s.iter().map(|x| x.to_string()).collect() };
    let r = roll("4-4");
    assert_eq!(shown(p.movement_plays(r, &PROVINCIALE)), set(&movement));
    // ...and the one that keeps the jan is then compulsory.
    assert_eq!(
        shown(p.legal_plays_with(r, &PROVINCIALE)),
        set(&["21-off 21-off"])
    );
    // Privilege used three times: the 4s are played inside.
    p.set_privileges_used(Side::White, 3);
    assert_eq!(
        shown(p.movement_plays(r, &PROVINCIALE)),
        set(&movement[..3])
    );
    assert_eq!(
        shown(p.legal_plays_with(r, &PROVINCIALE)),
        set(&movement[..3])
    );
}

// ----------------------------------------------------------------

#[test]
fn r_4_8_last_checker_off_ignores_the_other_die() {
    let p = white("24");
    assert_plays(&p, "6-5", &["24-off"]);
    assert_plays(&p, "1-1", &["24-off"]);
    let q = pos(&p);
    let play = q.legal_plays(roll("6-5"))[0];
    assert!(q.after(&play).all_off(Side::White));
    // Black's last two checkers.
    assert_plays("w:8x3,9x3,10x3,11x3,12x3 b:1,2 b", "6-5", &["2-off 1-off"]);
}
