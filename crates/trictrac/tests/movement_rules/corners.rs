//! the corners, taken together, by power, and never the
//! opponent's.

use super::*;

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
