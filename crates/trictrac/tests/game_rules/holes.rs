//! holes, bredouille, pavillon, staying or leaving, the
//! end of the game.

use super::*;

// R-8.1 ------------------------------------------------------------------

#[test]
fn r_8_1_twelve_points_make_a_hole_and_erase_the_opponent() {
    let mut s = score("score=10.0.6.0 bredouille=n");
    let m = s.mark(Side::White, 4);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!((s.points.white, s.holes.white, s.points.black), (2, 1, 0));
    // Less than 12: no hole.
    let mut s = score("score=2.0.6.0 bredouille=n");
    assert!(s.mark(Side::White, 4).holes.is_empty());
    assert_eq!(s.points.white, 6);
}

// R-8.2 ------------------------------------------------------------------

#[test]
fn r_8_2_bredouille_state_machine() {
    let mut s = ScoreState::default();
    s.mark(Side::White, 4);
    assert_eq!(s.bredouille, Bredouille::Side(Side::White));
    // Black scores: White is débredouillé, Black en bredouille.
    s.mark(Side::Black, 2);
    assert_eq!(s.bredouille, Bredouille::Side(Side::Black));
    // White scores again: both interrupted.
    s.mark(Side::White, 2);
    assert_eq!(s.bredouille, Bredouille::Neither);
    // The next hole is simple; with no remainder the state is `either`.
    let m = s.mark(Side::White, 6);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!(s.bredouille, Bredouille::Either);
    // After a hole with remainder the winner is en bredouille.
    let m = s.mark(Side::Black, 14);
    assert_eq!(m.holes, vec![Hole::Double]);
    assert_eq!(s.bredouille, Bredouille::Side(Side::Black));
}

#[test]
fn r_8_2_uninterrupted_twelve_is_a_double_hole() {
    let mut s = ScoreState::default();
    s.mark(Side::Black, 6);
    let m = s.mark(Side::Black, 6);
    assert_eq!(m.holes, vec![Hole::Double]);
    assert_eq!(s.holes.black, 2);
}

#[test]
fn r_8_2_mover_points_break_the_opponents_bredouille_before_he_marks() {
    // Lelasseux §176: Black en bredouille with 10; White's roll brings him
    // 2 and gives Black 4 (a false hit): Black's hole is simple.
    // Without White scoring, Black's 10 + 2 (a false hit) is a double hole.
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.0 bredouille=b");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.score().holes.black, 2);
    // When White's roll brings him points first, Black's hole is simple.
    let mut s = score("score=0.0.10.0 bredouille=b");
    s.mark(Side::White, 2); // the mover marks first: Black débredouillé
    let m = s.mark(Side::Black, 4);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!((s.points.white, s.points.black), (0, 2));
}

// R-8.3 ------------------------------------------------------------------

#[test]
fn r_8_3_several_holes_in_one_roll() {
    // 8 interrupted points and 28 more: 4 complete a simple hole, each
    // next 12 make a double hole: 5 holes from 36.
    let mut s = score("score=8.0.4.0 bredouille=n");
    let m = s.mark(Side::White, 28);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double, Hole::Double]);
    assert_eq!(m.hole_count(), 5);
    assert_eq!(
        (s.points.white, s.holes.white, s.bredouille),
        (0, 5, Bredouille::Either)
    );
    // The example: 8 interrupted and 26: simple, double, 10 points.
    let mut s = score("score=8.0.4.0 bredouille=n");
    let m = s.mark(Side::White, 26);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double]);
    assert_eq!((s.points.white, s.holes.white), (10, 3));
    let mut s = score("score=8.0.8.0 bredouille=b");
    let m = s.mark(Side::White, 18);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double]);
    assert_eq!(
        (s.points.white, s.bredouille),
        (2, Bredouille::Side(Side::White))
    );
}

// R-8.4 ------------------------------------------------------------------

#[test]
fn r_8_4_pavillon() {
    let mut s = ScoreState::default();
    s.mark(Side::White, 12);
    assert_eq!(s.pavillon, Bredouille::Side(Side::White));
    // Black marks his first hole: he takes the flag.
    s.mark(Side::Black, 12);
    assert_eq!(s.pavillon, Bredouille::Side(Side::Black));
    // White marks again: both broken.
    s.mark(Side::White, 12);
    assert_eq!(s.pavillon, Bredouille::Neither);
}

// R-8.5 / R-8.6 ----------------------------------------------------------

#[test]
fn r_8_6_stay_then_play_and_opponent_marks_from_zero() {
    // White has 10, Black 6; White's 6-6 hits 18 from 12 (2 ways, 8 points):
    // a hole; White stays, plays, then Black marks the false hits.
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.6.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    // 10 + 26 = 36: a simple hole and two double holes.
    assert_eq!(g.phase(), Phase::StayOrLeave(Side::White));
    assert_eq!(g.score().holes.white, 5);
    assert_eq!(
        g.score().points.black,
        0,
        "R-8.1: the hole erased Black's points"
    );
    g.stay().unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::White));
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    // Black marks the 12 of the two false hits from zero: a double hole.
    assert_eq!(g.score().holes.black, 2);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
}

#[test]
fn r_8_6_leave_starts_a_new_releve() {
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.6.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    g.leave().unwrap();
    // Remainder lost, Black marks nothing, checkers on the talons, White
    // rolls first.
    let s = g.score();
    assert_eq!(
        (s.points.white, s.holes.white, s.points.black, s.holes.black),
        (0, 5, 0, 0)
    );
    assert_eq!(
        g.position()
            .to_string()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>(),
        ["w:1x15", "b:24x15", "w"]
    );
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::NewReleve {
            reason: ReleveEnd::Leave,
            first: Side::White
        }
    )));
}

#[test]
fn r_8_6_holes_from_the_opponents_roll_give_no_choice() {
    // Black has 10; White's roll gives him 2 (false hit): Black's hole, no
    // decision, Black simply rolls next.
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.0 bredouille=n");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.score().holes.black, 1);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert!(!g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Decided { .. })));
}

// R-5.2 / R-9.1 ----------------------------------------------------------

#[test]
fn r_5_2_game_ends_at_twelve_holes() {
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.11 bredouille=n pavillon=n");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.phase(), Phase::Over(Side::Black));
    assert_eq!(g.winner(), Some(Side::Black));
    assert!(g.roll(Roll::new(1, 1)).is_err());
}

// R-8.5 / R-8.7 ------------------------------------------------------------

#[test]
fn r_8_5_holes_are_marked_before_the_opponent_marks() {
    // White 10, Black 10 (both interrupted). White's 6-6 brings him 26 and
    // gives Black 12: White's holes come first and erase Black's 10, so
    // Black marks his 12 from zero, uninterrupted: a double hole and no
    // remainder (not 22 points: a simple hole and 10).
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.10.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    let order: Vec<Side> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Marked { side, .. } => Some(*side),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![Side::White]);
    assert_eq!(g.score().points.black, 0);
    g.stay().unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    let s = g.score();
    assert_eq!((s.points.black, s.holes.black), (0, 2));
}

#[test]
fn r_8_7_a_game_is_relevés_between_resets() {
    let mut g = game("w:24 b:1x2,2x2,3x2,4x2,5x2,6x2,7x3 w score=10.0.0.0 bredouille=w");
    assert_eq!(g.releves(), 1);
    g.roll(Roll::new(2, 1)).unwrap();
    play(&mut g, "24-off");
    g.stay().unwrap();
    assert_eq!(g.releves(), 2, "bearing off ends a relevé");
    g.roll(Roll::new(6, 6)).unwrap(); // nothing to mark from the talons
    assert_eq!(g.phase(), Phase::Play(Side::White));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::NewReleve {
            reason: ReleveEnd::Exit,
            ..
        }
    )));
}
