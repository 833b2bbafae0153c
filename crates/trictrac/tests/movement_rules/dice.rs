//! how the dice are played (one checker or two, doubles, blocked
//! fields, *tout d'une*, what must be played, complete plays).

use super::*;

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
