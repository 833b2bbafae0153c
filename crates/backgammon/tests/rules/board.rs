//! BG-1 and BG-2: the board, the numbering, the notation and the start.

use super::*;

#[test]
fn bg_1_1_fifteen_checkers_each_no_shared_point() {
    let mut s = Position::start().to_setup();
    s.counts.white[6] = 4;
    s.counts.black[1] = 1; // Black's 1 is White's 24, where White has 2
    let e = Position::from_setup(s).unwrap_err();
    assert!(e.problems.contains(&SetupProblem::CheckerCount {
        side: Side::White,
        count: 14
    }));
    assert!(e.problems.contains(&SetupProblem::CheckerCount {
        side: Side::Black,
        count: 16
    }));
    assert!(e
        .problems
        .contains(&SetupProblem::SharedPoint { white_point: 24 }));
    assert!(e.to_string().contains("BG-1.1"));
}

#[test]
fn bg_1_2_each_player_numbers_from_his_side() {
    assert_eq!(Point::new(1).other(), Point::new(24));
    assert!(Point::new(6).is_home() && !Point::new(7).is_home());
    // Black's plays are written in Black's numbering too.
    let p = Position::start().with_turn(Side::Black);
    let v = plays(&p, Roll::new(3, 1), &STD);
    assert!(v.contains(&"8/5 6/5".to_string()));
}

#[test]
fn bg_1_3_line_names_of_the_page() {
    assert_eq!(Point::new(1).line_name(Side::White), "B1");
    assert_eq!(Point::new(12).line_name(Side::White), "B12");
    assert_eq!(Point::new(13).line_name(Side::White), "N12");
    assert_eq!(Point::new(24).line_name(Side::White), "N1");
    assert_eq!(Point::new(1).line_name(Side::Black), "N1");
    assert_eq!(Point::new(24).line_name(Side::Black), "B1");
    // White's jan intérieur is B7-B12, his points 7-12.
    assert_eq!(Point::new(7).line_name(Side::White), "B7");
}

#[test]
fn bg_1_4_position_ids_as_gnubg_writes_them() {
    assert_eq!(Position::start().to_position_id(), "4HPwATDgc/ABMA");
    // After 8/5 6/5 from the start, Black on roll: gnubg's own `show board`
    // prints this ID (the player not on roll first).
    let p = Position::start();
    let play = resolve(&p, Roll::new(3, 1), "8/5 6/5", &STD).unwrap();
    let after = p.play_unchecked(&play);
    assert_eq!(after.to_position_id(), "sGfwATDgc/ABMA");
    assert_eq!(
        Position::from_position_id("sGfwATDgc/ABMA", Side::Black).unwrap(),
        after
    );
    for bad in ["", "4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////"] {
        let e = Position::from_position_id(bad, Side::White).unwrap_err();
        assert!(e.to_string().contains("BG-1.4"), "{bad}: {e}");
    }
}

#[test]
fn bg_2_1_start_position() {
    let p = Position::start();
    for side in Side::ALL {
        let c = p.counts(side);
        assert_eq!((c[24], c[13], c[8], c[6]), (2, 5, 3, 5));
        assert_eq!(p.pip_count(side), 167);
    }
}

#[test]
fn bg_2_2_opening_standard_plays_the_two_dice() {
    let mut g = Game::money(STD);
    g.opening(Die::new(2), Die::new(2)).unwrap();
    assert_eq!(g.phase(), Phase::Opening, "equal dice are thrown again");
    g.opening(Die::new(2), Die::new(5)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::Black, Roll::new(5, 2)));
    assert!(g.roll(Roll::new(1, 1)).is_err());
}

#[test]
fn bg_2_2_opening_seed_the_starter_throws_both_dice() {
    let mut g = Game::money(SEED);
    g.opening(Die::new(6), Die::new(1)).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    g.roll(Roll::new(4, 4)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::White, Roll::new(4, 4)));
}
