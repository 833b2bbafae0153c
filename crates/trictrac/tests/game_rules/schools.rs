//! schools (points a player fails to mark or marks too many).

use super::*;

// R-10 schools (marking=manual) --------------------------------------------

fn manual(tpn: &str) -> Game {
    let o = GameOptions {
        marking: trictrac::game::MarkingMode::Manual,
        ..GameOptions::default()
    };
    Game::from_position(o, tpn.parse().unwrap()).unwrap()
}

/// White's 6-3 hits Black's lone checker on 16 from 10: 2 points owed.
const HIT: &str = "w:1x14,10 b:16,24x14 w";

#[test]
fn r_10_1_ecole_par_moins() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::White));
    assert_eq!(g.points_owed(), Some(2));
    g.declare(0).unwrap();
    // Not committed before White moves a checker.
    assert!(!g.can_claim_school(Side::Black));
    play(&mut g, "1-7 1-4");
    assert_eq!(g.phase(), Phase::Mark(Side::Black));
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Moins, 2)));
    assert_eq!(g.claim_school(Side::Black, 2).unwrap(), SchoolKind::Moins);
    // A school is claimed once.
    assert!(g.claim_school(Side::Black, 2).is_err());
    // school points are marked last, after Black's declaration.
    assert_eq!((g.score().points.white, g.score().points.black), (0, 0));
    g.declare(0).unwrap();
    assert_eq!((g.score().points.white, g.score().points.black), (0, 2));
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
}

#[test]
fn r_10_2_ecole_par_trop() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(6).unwrap();
    assert_eq!(g.score().points.white, 6);
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Trop, 4)));
    g.claim_school(Side::Black, 4).unwrap();
    g.declare(0).unwrap();
    // The excess is taken back and marked by Black.
    assert_eq!((g.score().points.white, g.score().points.black), (2, 4));
}

#[test]
fn r_10_2_school_must_be_claimed_before_the_claimant_moves_on() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(6).unwrap();
    play(&mut g, "1-7 1-4");
    // Black marks the points of White's roll first: his window closes.
    g.declare(0).unwrap();
    assert!(g.claim_school(Side::Black, 4).is_err());
    assert_eq!(g.score().points.white, 6);
}

#[test]
fn r_10_1_points_given_by_a_jan_qui_ne_peut() {
    // White's 4-2 gives Black 2 (a false hit). Black declares none; once
    // Black has rolled (committed), White claims them when he marks the
    // points of Black's roll.
    let mut g = manual("w:1x14,11 b:13x2,15x2,17,24x10 w");
    g.roll(Roll::new(4, 2)).unwrap();
    g.declare(0).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.points_owed(), Some(2));
    g.declare(0).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert!(
        !g.can_claim_school(Side::White),
        "not while Black is to roll"
    );
    g.roll(Roll::new(2, 1)).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::White));
    assert_eq!(g.open_school(Side::White), Some((SchoolKind::Moins, 2)));
    let before = g.score().points.white;
    g.claim_school(Side::White, 2).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    assert_eq!(g.score().points.white, before + owed as u8 + 2);
}

#[test]
fn r_10_4_fausse_ecole() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), None);
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
    g.declare(0).unwrap();
    // The false claim is a school for White: he marks the points named.
    assert_eq!((g.score().points.white, g.score().points.black), (6, 0));
}

#[test]
fn r_10_4_school_points_are_marked_last_after_the_jans_qui_ne_peut() {
    // White's 6-2 hits truly on 16 from 10 (2 points) and falsely on 19
    // from 11 (rests 17 and 13 closed: 4 to Black, a jan qui ne peut).
    // White declares his 2, right (White en bredouille); Black claims a
    // false school of 4. The school is marked last: Black marks his 4
    // first (White débredouillé, Black en bredouille), then White the
    // school's 4, which breaks Black's run: nobody is en bredouille.
    // Marked before, the school would have left Black en bredouille.
    let mut g = manual("w:1x13,10,11 b:13x2,15x2,16,17x2,19,24x7 w");
    g.roll(Roll::new(6, 2)).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    let given = g.points_owed().unwrap();
    assert!(given > 0, "the roll gives Black points");
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
    g.declare(given).unwrap();
    let order = marks(&g);
    assert_eq!(
        order[order.len() - 2..],
        [
            (Side::Black, PointsFrom::OpponentRoll),
            (Side::White, PointsFrom::School)
        ]
    );
    assert_eq!(g.score().bredouille, trictrac::Bredouille::Neither);
}

#[test]
fn r_10_2_a_hole_won_only_with_over_marked_points_is_taken_back() {
    // White has 10 points; his roll brings 2 (a hole) — he declares 4
    // instead. A hole either way: the hole stays, the excess 2 come off
    // his remainder. With 8 points and 2 owed, declaring 4 wins a hole the
    // owed points would not have: the hole is taken back.
    let tpn = "w:1x14,10 b:16,24x14 w score=8.0.0.0 bredouille=w";
    let mut g = manual(tpn);
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!(g.points_owed(), Some(2));
    g.declare(4).unwrap();
    assert_eq!(g.phase(), Phase::StayOrLeave(Side::White));
    g.stay().unwrap();
    assert_eq!(g.score().holes.white, 2, "a bredouille hole");
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Trop, 2)));
    g.claim_school(Side::Black, 2).unwrap();
    g.declare(0).unwrap();
    let s = g.score();
    // White back to 8 + 2 = 10 points and no hole; Black marks the 2.
    assert_eq!((s.points.white, s.holes.white), (10, 0));
    assert_eq!((s.points.black, s.holes.black), (2, 0));
    // White's run is broken by Black's school points.
    assert_eq!(s.bredouille, trictrac::Bredouille::Side(Side::Black));

    // A hole won with the owed points too: it stays.
    let tpn = "w:1x14,10 b:16,24x14 w score=10.0.0.0 bredouille=w";
    let mut g = manual(tpn);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(4).unwrap();
    g.stay().unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 2).unwrap();
    g.declare(0).unwrap();
    let s = g.score();
    assert_eq!((s.points.white, s.holes.white), (0, 2));
    assert_eq!(s.points.black, 2);
}

#[test]
fn r_10_4_augmentation_d_ecole() {
    // White marks 0 of the 2 he won; Black sends him to school (par
    // moins: 2). White wrongly contests before rolling: the school was
    // correct, Black marks it again (augmentation d'école).
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(0).unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 2).unwrap();
    assert!(!g.can_contest_school(Side::White));
    g.declare(0).unwrap();
    assert_eq!(g.score().points.black, 2);
    assert!(g.can_contest_school(Side::White));
    assert!(!g.can_contest_school(Side::Black));
    assert!(g.contest_school(Side::Black).is_err());
    assert_eq!(
        g.contest_school(Side::White).unwrap(),
        SchoolKind::Augmentation
    );
    assert_eq!(g.score().points.black, 4);
    // No escalation: the contest closes the school.
    assert!(g.contest_school(Side::White).is_err());
    // The record replays the contest.
    let header = trictrac::record::Header {
        start: Some(HIT.into()),
        ..Default::default()
    };
    let rec = trictrac::Record::from_game(&g, header);
    assert!(rec.to_string().contains("contest w b+2"), "{rec}");
    let back: trictrac::Record = rec.to_string().parse().unwrap();
    assert_eq!(back.replay().unwrap().score(), g.score());
    // After the next roll nothing can be contested.
    let mut g2 = back.replay().unwrap();
    g2.roll(Roll::new(2, 1)).unwrap();
    assert!(!g2.can_contest_school(Side::White));
}

#[test]
fn r_10_4_a_false_school_insisted_on_is_false_again() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 4).unwrap();
    g.declare(0).unwrap();
    assert_eq!(g.score().points.white, 6);
    assert!(g.can_contest_school(Side::Black));
    assert_eq!(g.contest_school(Side::Black).unwrap(), SchoolKind::Fausse);
    assert_eq!(g.score().points.white, 10);
}

#[test]
fn r_10_4_a_school_cannot_name_more_points_than_a_roll_gives() {
    // A claim of 4 294 967 294 points once wrapped the score around and
    // erased the other player's points: it is refused, nothing changes.
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    let before = *g.score();
    let e = g.claim_school(Side::Black, 4_294_967_294).unwrap_err();
    assert!(e.to_string().contains("that many points"), "{e}");
    assert_eq!(*g.score(), before);
    assert!(g.declare(4_294_967_294).is_err());
    assert_eq!(*g.score(), before);
}

#[test]
fn r_10_odd_declarations_are_refused() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    assert!(g.declare(3).is_err());
    assert_eq!(g.phase(), Phase::Mark(Side::White));
}
