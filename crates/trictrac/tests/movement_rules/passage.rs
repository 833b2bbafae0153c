//! no passage into a jan the opponent can still fill.

use super::*;

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
