//! The features and the comparison on positions whose numbers are known
//! by hand, and the shot count against an independent count on open
//! boards.

use backgammon::{Position, Roll, Rules, Setup, Side};

use super::shots::{shooter_distances, shot_table};
use super::{features, summary, why, Chances, ReasonKind};

/// A position from each side's checkers `(point, count)` in his own
/// numbering (25: the bar); the rest of his 15 borne off.
fn position(white: &[(usize, u8)], black: &[(usize, u8)], turn: Side) -> Position {
    let side = |checkers: &[(usize, u8)]| {
        let mut c = [0u8; 26];
        for &(p, n) in checkers {
            c[p] += n;
        }
        c[0] = 15 - c.iter().sum::<u8>();
        c
    };
    let setup = Setup {
        counts: backgammon::BySide::new(side(white), side(black)),
        turn,
    };
    Position::from_setup(setup).expect("a valid test position")
}

/// The features of `text` played with `roll` from `pos`.
fn after_play(pos: &Position, roll: Roll, text: &str) -> super::PlayFeatures {
    let rules = Rules::standard();
    let play = pos
        .resolve_play(roll, &text.parse().unwrap(), &rules)
        .unwrap();
    features(pos, &pos.play_unchecked(&play), &rules)
}

/// White's blot on his point 24 (Black's 1) and one Black checker `d`
/// pips behind it (on the bar for 24), nothing else on the board: the
/// shots at it, and the direct ones.
fn lone_shot(d: usize, white_points: &[(usize, u8)]) -> (u8, u8) {
    let mut white = vec![(24, 1)];
    white.extend_from_slice(white_points);
    let pos = position(&white, &[(1 + d, 1)], Side::Black);
    let t = shot_table(&pos, Side::White, &Rules::standard());
    assert_eq!(t.any, t.per_point[24].shots);
    (t.per_point[24].shots, t.per_point[24].direct)
}

/// The textbook count, written independently of the move generator:
/// the ordered rolls (of 36) that carry one checker exactly `d` pips,
/// with a single die, with both dice of a single roll through at least
/// one open intermediate point, or with 2, 3 or 4 steps of a double
/// whose intermediate points are all open (`blocked`: the distances
/// from the shooter of the points he cannot land on).
fn textbook_shots(d: u8, blocked: &[u8]) -> u8 {
    let open = |x: u8| !blocked.contains(&x);
    let mut n = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let hits = if a == b {
                (1..=4u8).any(|k| k * a == d && (1..k).all(|j| open(j * a)))
            } else {
                a == d || b == d || (a + b == d && (open(a) || open(b)))
            };
            n += u8::from(hits);
        }
    }
    n
}

#[test]
fn a_blot_six_away_on_an_open_board_has_17_shots_11_direct() {
    // 6s: 11 rolls; 5-1 and 4-2: 4; 3-3 and 2-2: 2.
    assert_eq!(lone_shot(6, &[]), (17, 11));
    assert_eq!(textbook_shots(6, &[]), 17);
}

#[test]
fn known_shot_counts_of_single_distances() {
    // 1 away: only the 11 rolls with a 1; 7 away: 6-1, 5-2, 4-3;
    // 8 away: 6-2, 5-3, 4-4, 2-2; 11: 6-5; 12: 6-6, 4-4, 3-3; 24: 6-6.
    for (d, shots, direct) in [
        (1, 11, 11),
        (2, 12, 11),
        (7, 6, 0),
        (8, 6, 0),
        (11, 2, 0),
        (12, 3, 0),
        (24, 1, 0),
    ] {
        assert_eq!(lone_shot(d, &[]), (shots, direct), "{d} pips away");
    }
}

#[test]
fn the_enumeration_agrees_with_the_textbook_count_on_open_boards() {
    for d in 1..=24u8 {
        let (shots, direct) = lone_shot(usize::from(d), &[]);
        assert_eq!(shots, textbook_shots(d, &[]), "{d} pips away");
        assert_eq!(direct, if d <= 6 { 11 } else { 0 }, "{d} pips away");
    }
}

#[test]
fn blocked_intermediate_points_take_shots_away() {
    // White holds the points 2 and 4 pips in front of the shooter
    // (BG-3.3: no landing there): 2-2 and both orders of 4-2 no longer
    // reach the blot 6 away, 17 − 3 = 14. Black's 5 and 3 are White's
    // 20 and 22.
    let blocks = [(20, 2), (22, 2)];
    assert_eq!(lone_shot(6, &blocks), (14, 11));
    assert_eq!(textbook_shots(6, &[2, 4]), 14);
    // One block only, 2 pips in front: only 2-2 is lost (4-2 goes by
    // the 4).
    assert_eq!(lone_shot(6, &[(22, 2)]).0, 16);
    assert_eq!(textbook_shots(6, &[2]), 16);
}

#[test]
fn a_checker_on_the_bar_must_enter_before_the_shooter_moves() {
    // BG-4.2: Black has one checker on the bar and one a pip behind
    // White's blot on White's 16 (Black's 9); White holds his points 1–5,
    // so Black enters only with a 6 and must enter before hitting: 6-1
    // alone hits, 2 rolls. Without the checker on the bar, the 11 rolls
    // with a 1.
    let white = [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (16, 1)];
    let rules = Rules::standard();
    let with_bar = position(&white, &[(25, 1), (10, 1)], Side::Black);
    let t = shot_table(&with_bar, Side::White, &rules);
    assert_eq!((t.per_point[16].shots, t.per_point[16].direct), (2, 2));
    assert_eq!((t.any, t.any_direct), (2, 2));
    let free = position(&white, &[(10, 1)], Side::Black);
    assert_eq!(
        shot_table(&free, Side::White, &rules).per_point[16].shots,
        11
    );
    // The checker on the bar aims at the blot from 16 pips (it enters
    // on White's home board).
    assert_eq!(shooter_distances(&with_bar, Side::White, 16), vec![1, 16]);
}

#[test]
fn the_start_counts_167_pips_each_and_no_blot() {
    let start = Position::start();
    let f = features(&start, &start.with_turn(Side::Black), &Rules::standard());
    assert_eq!((f.pips.mover, f.pips.opponent, f.pips.lead), (167, 167, 0));
    assert!(f.blots.is_empty());
    assert_eq!((f.shots, f.direct_shots), (0, 0));
    assert!(f.points_made.is_empty() && f.points_given_up.is_empty());
    assert_eq!(f.home_board_points, 1);
    assert_eq!(f.prime.length, 1);
    assert_eq!(f.anchors, vec![24]);
    assert_eq!(f.checkers_back, 2);
    assert!(!f.race);
}

#[test]
fn the_opening_31_played_8_5_6_5_makes_the_5_point_without_a_blot() {
    let f = after_play(&Position::start(), Roll::new(3, 1), "8/5 6/5");
    assert_eq!(f.points_made, vec![5]);
    assert!(f.points_given_up.is_empty());
    assert!(f.blots.is_empty());
    assert_eq!(f.shots, 0);
    assert_eq!(f.home_board_points, 2);
    assert_eq!((f.prime.length, f.prime.high, f.prime.low), (2, 6, 5));
    assert_eq!((f.pips.mover, f.pips.opponent), (163, 167));
    assert_eq!(f.opponent_prime.length, 1);
    let line = summary(&f);
    assert!(line.contains("no blot; makes the 5"), "{line}");
}

#[test]
fn the_opening_31_slotted_leaves_blots_the_opponent_can_hit() {
    // 13/10 6/5: blots on the 10 and the 5. Black's two back checkers
    // (Black's 24) are 4 and 9 pips behind them.
    let f = after_play(&Position::start(), Roll::new(3, 1), "13/10 6/5");
    let points: Vec<u8> = f.blots.iter().map(|b| b.point).collect();
    assert_eq!(points, vec![5, 10]);
    assert_eq!(f.blots[0].direct_shooters, vec![4]);
    assert_eq!(f.blots[1].indirect_shooters, vec![9]);
    // The 5: the 11 rolls with a 4, 3-1, 2-2, 1-1 = 15 (11 direct);
    // the 10: 6-3, 5-4, 3-3 = 5, of which 5-4 also hits the 5: 18 in all.
    assert_eq!((f.blots[0].shots, f.blots[0].direct_shots), (15, 11));
    assert_eq!((f.blots[1].shots, f.blots[1].direct_shots), (5, 0));
    assert_eq!((f.shots, f.direct_shots), (18, 11));
    assert_eq!((f.shots_outside, f.direct_shots_outside), (18, 11));
    assert!(f.points_made.is_empty());
}

#[test]
fn blots_in_the_opponents_home_board_are_counted_apart() {
    // 24/23 13/10: blots on the 24 and 23 (in Black's home board, in
    // reach of his 6-point and 8-point), and on the 10, 9 pips in front
    // of Black's back checkers (his 24, White's 1): 6-3, 5-4 and 3-3 hit
    // it, 5 rolls.
    let f = after_play(&Position::start(), Roll::new(3, 1), "24/23 13/10");
    let points: Vec<u8> = f.blots.iter().map(|b| b.point).collect();
    assert_eq!(points, vec![10, 23, 24]);
    assert_eq!((f.shots_outside, f.direct_shots_outside), (5, 0));
    assert!(f.shots > 30, "{}", f.shots);
    let line = summary(&f);
    assert!(line.contains("5 outside the opponent's board"), "{line}");
    let best = after_play(&Position::start(), Roll::new(3, 1), "8/5 6/5");
    let w = why(("8/5 6/5", &best), ("24/23 13/10", &f), 0.17);
    let shots = w.reasons.iter().find(|r| r.kind == ReasonKind::Shots);
    let shots = shots.expect("a reason about the shots");
    assert!((shots.weight - 0.4 * 5.0 / 36.0).abs() < 1e-6);
    assert_eq!(
        shots.sentence,
        "8/5 6/5 leaves no blot; 24/23 13/10 leaves a blot on the 10-point: \
         5 shots of 36 (0 direct), and blots on the 23 and 24 in the \
         opponent's home board"
    );
}

#[test]
fn running_a_back_checker_gives_up_the_anchor() {
    let f = after_play(&Position::start(), Roll::new(6, 5), "24/13");
    assert_eq!(f.points_given_up, vec![24]);
    assert!(f.anchors.is_empty());
    assert_eq!(f.checkers_back, 1);
}

#[test]
fn a_race_says_race() {
    // Both sides home, the contact broken.
    let pos = position(
        &[(6, 5), (5, 5), (4, 5)],
        &[(6, 5), (5, 5), (3, 5)],
        Side::White,
    );
    let f = after_play(&pos, Roll::new(2, 1), "6/4 5/4");
    assert!(f.race);
    assert_eq!((f.pips.mover, f.pips.opponent, f.pips.lead), (72, 70, -2));
    assert_eq!(f.shots, 0);
    assert_eq!(summary(&f), "race, pips 72 v 70 (2 behind)");
    // Making a point in a race is no reason.
    let other = after_play(&pos, Roll::new(2, 1), "5/3 4/3");
    assert_ne!(other.home_board_points, f.home_board_points);
    assert!(why(("6/4 5/4", &f), ("5/3 4/3", &other), 0.0)
        .reasons
        .is_empty());
}

#[test]
fn why_ranks_the_shots_first_against_the_slot() {
    let start = Position::start();
    let a = after_play(&start, Roll::new(3, 1), "8/5 6/5");
    let b = after_play(&start, Roll::new(3, 1), "13/10 6/5");
    let w = why(("8/5 6/5", &a), ("13/10 6/5", &b), 0.25);
    assert_eq!(w.equity_difference, 0.25);
    assert!(!w.reasons.is_empty() && w.reasons.len() <= 3);
    let r = &w.reasons[0];
    assert_eq!(r.kind, ReasonKind::Shots);
    // 18 shots of 36 at 0.4 a hit.
    assert!((r.weight - 0.2).abs() < 1e-6, "{}", r.weight);
    assert_eq!(
        r.sentence,
        "8/5 6/5 leaves no blot; 13/10 6/5 leaves 2 blots (on the 5 and 10): \
         18 shots of 36 (11 direct)"
    );
    assert!(w
        .reasons
        .windows(2)
        .all(|x| x[0].weight.abs() >= x[1].weight.abs()));
    // The home board: the 5-point made by the first only.
    let home = w.reasons.iter().find(|r| r.kind == ReasonKind::HomeBoard);
    assert_eq!(
        home.map(|r| r.sentence.as_str()),
        Some("8/5 6/5 makes the 5-point (home board: 2 points, against 1 for 13/10 6/5)")
    );
}

#[test]
fn why_weighs_the_gammons_by_their_equity() {
    let start = Position::start();
    let chances = |wg: f32, lg: f32| Chances {
        win: 0.5,
        win_gammon: wg,
        win_backgammon: 0.0,
        lose_gammon: lg,
        lose_backgammon: 0.0,
    };
    let a = after_play(&start, Roll::new(3, 1), "8/5 6/5").with_chances(chances(0.12, 0.03));
    let b = after_play(&start, Roll::new(3, 1), "8/5 6/5").with_chances(chances(0.08, 0.04));
    let w = why(("A", &a), ("B", &b), 0.05);
    assert_eq!(w.reasons.len(), 1);
    assert_eq!(w.reasons[0].kind, ReasonKind::Gammons);
    assert!((w.reasons[0].weight - 0.05).abs() < 1e-6);
    assert_eq!(
        w.reasons[0].sentence,
        "Gammon chances 12% vs 8%, gammons lost 3% vs 4% (A vs B)"
    );
    // Reversed, the weight speaks for the second play.
    let w = why(("B", &b), ("A", &a), -0.05);
    assert!(w.reasons[0].weight < 0.0);
    // The same features: nothing to say.
    assert!(why(("A", &a), ("A", &a), 0.0).reasons.is_empty());
}
