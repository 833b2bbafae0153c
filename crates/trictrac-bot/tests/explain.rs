//! `trictrac_bot::explain`: explanations whose numbers are counted by
//! hand from RULES.md (issue 40, item 2).

use rand::SeedableRng;
use trictrac::{Game, GameOptions, Phase, Play, Position, Roll, Side};
use trictrac_bot::analysis::{analyst, StayLeave};
use trictrac_bot::by_name;
use trictrac_bot::explain::{
    compare, explain_play, explain_ranked, explain_stay_leave, outlook, ObligationKind,
    PlayExplanation,
};

/// The game after `roll` from `tpn`.
fn rolled(tpn: &str, roll: Roll) -> Game {
    let pos: Position = tpn.parse().unwrap();
    let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
    g.roll(roll).unwrap();
    g
}

/// The legal play of the pending roll written `text`.
fn play(g: &Game, text: &str) -> Play {
    let roll = g.pending_roll().unwrap();
    let p = g
        .position()
        .resolve_play(roll, &text.parse().unwrap())
        .unwrap();
    assert!(g.legal_plays().contains(&p), "{text} is not legal");
    p
}

fn explained(g: &Game, text: &str) -> PlayExplanation {
    explain_play(g, &play(g, text)).unwrap()
}

#[test]
fn r_6_1_a_lone_checker_six_fields_from_a_black_checker_is_hit_by_16_rolls() {
    // Black to move; White's lone checker on 11 is Black's field 14, six
    // fields from Black's lone checker on his field 8 (absolute 17); his
    // talon (Black's 1) is 13 away, out of reach. Every roll with a 6
    // (11 of 36), 5-1 (rests 9 and 13, open) and 4-2 (rests 12 and 10,
    // open) tout d'une (4), 3-3 (2d = 6, rest 11 open: 1); not 2-2 (2d
    // = 4). 16 rolls. Field 11 is in the grand-jan table: one way
    // each, 2 points on a single, 4 on a double: 6-6 4, the other five
    // 6-x 2 each (×2), 5-1 2 (×2), 4-2 2 (×2), 3-3 4: 36 points over 36
    // rolls, 1.0 expected.
    let pos: Position = "w:1x13,2,11 b:24x14,17 b".parse().unwrap();
    let o = outlook(&pos, &trictrac::Rules::DEFAULT);
    assert_eq!(o.hit_rolls, 16);
    assert_eq!(o.hit_points, 1.0);
    assert_eq!(o.expected_points, 1.0, "nothing else scores for Black");
}

#[test]
fn the_opponents_hits_are_counted_after_each_play() {
    // White plays 6-1 from "w:1x14,5": 5-11 1-2 leaves lone checkers on
    // 2 and 11: only 11 is in reach of Black (16 rolls, see above).
    let g = rolled("w:1x14,5 b:24x14,17 w", Roll::new(6, 1));
    let e = explained(&g, "5-11 1-2");
    assert_eq!(e.lone_checkers, vec![2, 11]);
    assert_eq!(e.opponent.hit_rolls, 16);
    assert!(e
        .lines
        .iter()
        .any(|l| l.contains("2 lone checkers on 2 11: black hits with 16 rolls of 36")));
    // 1-7 1-2 leaves 2, 5 and 7: Black's fields 23, 20 and 18, that is
    // 15, 12 and 10 fields from his checker on 8: 6-6 for 20 (rest 14
    // open), 6-4 and 5-5 for 18 (rests open): 1 + 2 + 1 = 4 rolls.
    let e = explained(&g, "1-7 1-2");
    assert_eq!(e.lone_checkers, vec![2, 5, 7]);
    assert_eq!(e.opponent.hit_rolls, 4);
}

#[test]
fn r_6_7_every_play_breaks_the_full_petit_jan_and_says_so() {
    // Petit jan full (two on each of 1–6), three on 7. 6-6: 7→13 is the
    // opponent's corner, 7→19 enters the jan de retour while
    // Black can fill his petit jan: every 6 comes out of the
    // petit jan, which is broken.
    let g = rolled("w:1x2,2x2,3x2,4x2,5x2,6x2,7x3 b:24x15 w", Roll::new(6, 6));
    assert!(!g.legal_plays().is_empty());
    for p in g.legal_plays() {
        let e = explain_play(&g, p).unwrap();
        let o = e
            .obligations
            .iter()
            .find(|o| o.kind == ObligationKind::Breaks)
            .unwrap_or_else(|| panic!("{}: {:?}", e.play, e.obligations));
        assert_eq!(o.quarter, Some("petit jan"));
        assert_eq!(o.rule, "R-6.7");
        assert!(o.forced);
        assert!(e
            .lines
            .iter()
            .any(|l| l.contains("breaks the full petit jan")
                && l.contains("R-6.7")
                && l.contains("every legal play breaks it")));
    }
}

#[test]
fn r_6_5_a_filling_play_says_so_with_its_points() {
    // The petit jan misses one checker on 6; 5-3: the 5 from the talon
    // fills it, one way (the 3 from 3 is no way: field 3 has no surcase,
    // 4 points, marked before the play.
    let g = rolled("w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w", Roll::new(5, 3));
    for p in g.legal_plays() {
        let e = explain_play(&g, p).unwrap();
        let o = e
            .obligations
            .iter()
            .find(|o| o.kind == ObligationKind::Fills)
            .unwrap_or_else(|| panic!("{}: {:?}", e.play, e.obligations));
        assert_eq!(
            (o.quarter, o.rule, o.points),
            (Some("petit jan"), "R-6.5, R-6.6", 4)
        );
        assert!(e.lines[0].starts_with("fills the petit jan (R-6.5): 4 points now"));
        assert_eq!(e.marked.len(), 1);
        assert_eq!((e.marked[0].jan, e.marked[0].points), ("fill", 4));
        assert_eq!(e.marked[0].side, "white");
    }
}

#[test]
fn r_4_1_the_corner_taken_or_not() {
    // 4-3 brings 8 and 9 onto 12 together: the corner by effect.
    let g = rolled("w:1x12,8,9,10 b:24x15 w", Roll::new(4, 3));
    let take = explained(&g, "8-12 9-12");
    assert!(take
        .obligations
        .iter()
        .any(|o| o.kind == ObligationKind::TakesCorner && o.rule == "R-4.1"));
    let other = explained(&g, "1-5 1-4");
    assert!(other
        .obligations
        .iter()
        .any(|o| o.kind == ObligationKind::CornerNotTaken));
    let c = compare(&take, &other);
    assert!(
        c.reasons.iter().any(|r| r.kind == "corner"
            && r.text.starts_with("8-12 9-12 holds the rest corner")
            && r.text.contains("R-4.1")),
        "{:?}",
        c.reasons
    );
}

#[test]
fn why_the_best_play_rather_than_the_second_states_the_numbers() {
    let g = rolled("w:1x14,5 b:24x14,17 w", Roll::new(6, 1));
    let mut a = analyst();
    let ranked = a.plays(&g);
    let ex = explain_ranked(&g, &ranked);
    assert_eq!(ex.len(), ranked.len());
    for (e, r) in ex.iter().zip(&ranked) {
        assert_eq!(e.play, r.play.display(Side::White).to_string());
        assert!((e.equity.unwrap() - r.equity as f64).abs() < 1e-3);
    }
    // Whatever the network prefers, two plays with different hits say
    // so with both counts.
    let (x, y) = (explained(&g, "5-11 1-2"), explained(&g, "1-7 1-2"));
    let c = compare(&x, &y);
    let hits = c.reasons.iter().find(|r| r.kind == "hits").unwrap();
    assert!(
        hits.text.contains("with 16 rolls of 36") && hits.text.contains(": 4 rolls"),
        "{}",
        hits.text
    );
    let c = compare(&ex[0], &ex[1]);
    let d = c.equity_difference.unwrap();
    assert!(d >= 0.0);
    assert!(c.lines.last().unwrap().contains("better"), "{:?}", c.lines);
}

#[test]
fn r_8_6_staying_or_leaving_names_the_holes_and_what_is_at_stake() {
    // White has 10 points, nobody else: 6-6 hits Black's lone checker on
    // 7 from the talon (grand-jan table, double: 4, R-6.3); 14 points in
    // bredouille: a double hole and 2 of remainder. Both 6s are
    // blocked by the checker on 7: 4 points for Black,
    // marked only if White stays.
    let tpn = "w:1x15 b:24x14,7 w score=10.0.0.0";
    let g = rolled(tpn, Roll::new(6, 6));
    let before = *tpn.parse::<Position>().unwrap().score();
    let sl = StayLeave {
        stay: 0.5,
        leave: 0.25,
    };
    let e = explain_stay_leave(&before, g.pending_score().unwrap(), &sl);
    assert_eq!(e.points, 4);
    assert_eq!(e.holes, vec!["double"]);
    assert_eq!(e.holes_after, [2, 0]);
    assert_eq!(e.remainder, 2);
    assert!(e.remainder_in_bredouille);
    assert_eq!(e.opponent_points, 4);
    assert!(e.grande_bredouille_open);
    assert_eq!(e.best, "stay");
    assert!(e.lines[1].contains("keeps 2 points of remainder, en bredouille"));
    assert!(e.lines[1].contains("black marks the 4 points"));
}

#[test]
fn every_play_of_random_games_is_explained_within_bounds() {
    // Random games, every legal play of every roll: the counts are out
    // of 36, a hit brings points, no lone checker means no hit,
    // and the hits' points are part of the opponent's expected points.
    let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut player = by_name("random", 5).unwrap();
    let mut g = Game::new(GameOptions::default());
    let mut checked = 0;
    for _ in 0..300 {
        match g.phase() {
            Phase::FirstMove | Phase::Roll(_) => g.roll_with(&mut dice).unwrap(),
            Phase::StayOrLeave(_) => g.stay().unwrap(),
            Phase::Play(_) => {
                let plays = g.legal_plays().to_vec();
                let ex: Vec<PlayExplanation> =
                    plays.iter().map(|p| explain_play(&g, p).unwrap()).collect();
                for e in &ex {
                    let o = &e.opponent;
                    assert!(o.hit_rolls <= 36 && o.fill_rolls <= 36 && o.corner_rolls <= 36);
                    assert_eq!(o.hit_rolls == 0, o.hit_points == 0.0, "{e:?}");
                    assert!(!e.lone_checkers.is_empty() || o.hit_rolls == 0, "{e:?}");
                    assert!(o.expected_points + 1e-9 >= o.hit_points, "{e:?}");
                    assert!(!e.lines.is_empty());
                    checked += 1;
                }
                if ex.len() >= 2 {
                    assert!(!compare(&ex[0], &ex[1]).lines.is_empty());
                }
                let chosen = player.choose_play(&g);
                g.play(&chosen).unwrap();
            }
            Phase::Mark(_) | Phase::Over(_) => break,
        }
    }
    assert!(checked > 100, "only {checked} plays explained");
}
