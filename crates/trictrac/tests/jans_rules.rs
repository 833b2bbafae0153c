//! One positive and one negative test (at least) per rule id of RULES.md
//! section 6: what a roll brings to the mover and gives to the opponent.

use trictrac::{Beneficiary, Jan, Position, Quarter, Roll, RollContext, Rules, Side, Table, Way};

fn pos(tpn: &str) -> Position {
    tpn.parse().unwrap_or_else(|e| panic!("{tpn}: {e}"))
}

/// (mover points, opponent points) of `roll` from `tpn`.
fn points(tpn: &str, a: u8, b: u8) -> (u32, u32) {
    let s = pos(tpn).score_roll(Roll::new(a, b));
    (s.mover_points, s.opponent_points)
}

fn jans(tpn: &str, a: u8, b: u8) -> Vec<(Jan, Beneficiary, u32)> {
    pos(tpn)
        .score_roll(Roll::new(a, b))
        .jans
        .iter()
        .map(|e| (e.jan, e.beneficiary, e.points))
        .collect()
}

fn plays(tpn: &str, a: u8, b: u8) -> Vec<String> {
    let p = pos(tpn);
    let mut v: Vec<String> = p
        .legal_plays(Roll::new(a, b))
        .iter()
        .map(|x| x.display(p.turn()).to_string())
        .collect();
    v.sort();
    v
}

// true hits ---------------------------------------------------------

#[test]
fn r_6_1_true_hit_by_black() {
    // Black's checker on absolute 15 is his field 10; White's lone checker
    // on absolute 9 is Black's field 16: the 6 hits it (grand-jan table).
    let j = jans("w:1x14,9 b:15,24x14 b", 6, 3);
    assert_eq!(
        j,
        vec![(Jan::TrueHit(Table::GrandJan), Beneficiary::Mover, 2)]
    );
}

#[test]
fn r_6_1_two_checkers_on_one_source_are_one_way() {
    // 10x2 hits 16 with the 6: one way, 2 points, not 4.
    let s = pos("w:1x13,10x2 b:16,24x14 w").score_roll(Roll::new(6, 3));
    assert_eq!((s.mover_points, s.opponent_points), (2, 0));
    assert_eq!(
        s.jans[0].ways.as_slice(),
        &[Way::Die(trictrac::Die::new(6))]
    );
}

#[test]
fn r_6_1_rest_with_one_opponent_checker_is_open_for_hits() {
    // 19 is reached tout d'une from 10; rest 15 holds two Black checkers,
    // rest 14 a single one: open, and 14 is hit as well by the 4.
    assert_eq!(points("w:1x14,10 b:14,15x2,19,24x11 w", 5, 4), (6, 0));
}

#[test]
fn r_6_1_no_hit_when_nothing_reaches() {
    assert_eq!(points("w:1x14,10 b:18,24x14 w", 6, 5), (0, 0));
}

// false hits --------------------------------------------------------

#[test]
fn r_6_2_false_hit_when_every_rest_is_closed() {
    assert_eq!(
        jans("w:1x12,11,12x2 b:13x2,15x2,17,24x10 w", 4, 2),
        vec![(Jan::FalseHit(Table::GrandJan), Beneficiary::Opponent, 2)]
    );
}

#[test]
fn r_6_2_never_false_when_also_hit_truly() {
    // Same target, 5-1: the 5 from the corner hits directly and the rest 16
    // of the tout d'une from 11 is empty: two true ways, no false hit.
    assert_eq!(
        jans("w:1x12,11,12x2 b:13x2,15x2,17,24x10 w", 5, 1),
        vec![(Jan::TrueHit(Table::GrandJan), Beneficiary::Mover, 4)]
    );
}

// values ------------------------------------------------------------

#[test]
fn r_6_3_values_per_table_and_double() {
    // Petit-jan table, single: 4 per way (conformance true-hit-petit-toutdune).
    assert_eq!(points("w:1x13,10x2 b:16x2,19,24x12 w", 5, 4), (4, 0));
    // Petit-jan table, double: 6 (Black's lone checker on 5, hit from 1 by 4).
    assert_eq!(
        points("w:1x8,6x3,7x3,8 b:5,19,20x2,21x2,22x3,23x3,24x3 w", 4, 4),
        (6, 0)
    );
    // Grand-jan table, double: 4 (16 from 12 by 4... the corner may hit).
    assert_eq!(points("w:1x13,12x2 b:16,24x14 w", 4, 4), (4, 0));
}

// hitting the corner ------------------------------------------------

#[test]
fn r_6_4_hit_corner() {
    assert_eq!(points("w:1x10,10,11,12x3 b:24x15 w", 3, 2), (4, 0));
    // The corner's own two checkers do not count; its surcases do.
    assert_eq!(points("w:1x11,12x4 b:24x15 w", 1, 1), (6, 0));
    assert_eq!(points("w:1x12,12x3 b:24x15 w", 1, 1), (0, 0));
    assert_eq!(points("w:1x12,11,12x2 b:24x15 w", 2, 1), (0, 0));
    assert_eq!(points("w:1x11,11,12x3 b:24x15 w", 2, 1), (4, 0));
}

#[test]
fn r_6_4_no_corner_hit_when_the_opponent_holds_his_corner() {
    assert_eq!(points("w:1x10,10,11,12x3 b:13x2,24x13 w", 3, 2), (0, 0));
}

// filling ---------------------------------------------------

#[test]
fn r_6_5_filling_is_compulsory() {
    let tpn = "w:1x4,2x2,3x2,4x3,5x2,6,8 b:24x15 w";
    let p = pos(tpn);
    let roll = Roll::new(5, 2);
    for play in p.legal_plays(roll) {
        let after = p.after(&play);
        for f in 1..=6u8 {
            assert!(
                after.count(Side::White, trictrac::Field::new(f)) >= 2,
                "{}",
                play.display(Side::White)
            );
        }
    }
    let err = p
        .resolve_play(roll, &"8-10 8-13".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.rule(), "R-3.1"); // only one checker on 8
    let err = p.resolve_play(roll, &"1-6 8-10".parse().unwrap());
    assert!(err.is_ok());
    let err = p
        .resolve_play(roll, &"1-3 8-13".parse().unwrap())
        .unwrap_err();
    assert!(matches!(err.rule(), "R-4.2" | "R-6.8"), "{err}");
    let err = p.resolve_play(roll, &"1-3 1-6".parse().unwrap());
    assert!(err.is_ok(), "1-3 1-6 fills (talon surcases)");
    let err = p.resolve_play(roll, &"8-10 1-6".parse().unwrap());
    assert!(err.is_ok());
    let err = p.resolve_play(roll, &"1-6-8".parse().unwrap()).unwrap_err();
    assert_eq!(err.rule(), "R-6.8", "{err}");
}

#[test]
fn r_6_6_fill_ways_from_surcases_only() {
    // 4 holds exactly two: the 2 from 4 is not a way; the 5 from the talon is.
    let s = pos("w:1x5,2x2,3x2,4x2,5x2,6,8 b:24x15 w").score_roll(Roll::new(5, 2));
    assert_eq!((s.mover_points, s.opponent_points), (4, 0));
    let fill = s
        .jans
        .iter()
        .find(|e| e.jan == Jan::Fill(Quarter::PetitJan))
        .unwrap();
    assert_eq!(fill.ways.as_slice(), &[Way::Die(trictrac::Die::new(5))]);
}

#[test]
fn r_6_6_three_ways_and_doublet_ways() {
    assert_eq!(points("w:1x3,2x3,3x2,4x3,5x3,6 b:24x15 w", 4, 1), (12, 0));
    assert_eq!(points("w:1x3,2x4,3x2,4x3,5x2,6 b:24x15 w", 2, 2), (12, 0));
}

#[test]
fn r_6_6_two_missing_is_one_way() {
    // 6 empty, petit jan otherwise full with surcases on the talon: 6-5
    // brings 1-6 and... 1-7 is not in the quarter; 5-5 brings two checkers
    // from the talon onto 6: one way, 6 points.
    assert_eq!(points("w:1x5,2x2,3x2,4x2,5x2,7x2 b:24x15 w", 5, 5), (6, 0));
}

#[test]
fn r_6_6_filled_in_passing_scores_nothing() {
    // The petit jan lacks one checker on 6. The 5 brings a talon surcase
    // there, but the 6 can only be played from 6 (every other 6 is blocked),
    // so the quarter is full only in passing (1-6-12): no points, and no
    // obligation either (6-12-17, which breaks it, stays legal).
    let tpn = "w:1x3,2x2,3x2,4x2,5x2,6,12x2,20 b:7x2,8x2,9x2,10x2,11x2,13x2,18x2,24 w";
    assert_eq!(points(tpn, 6, 5), (0, 0));
    assert_eq!(
        plays(tpn, 6, 5),
        vec!["1-6-12".to_string(), "6-12-17".to_string()]
    );
}

// conserving --------------------------------------------------------

#[test]
fn r_6_7_conserve_and_its_obligation() {
    let tpn = "w:1x3,2x2,3x2,4x2,5x2,6x2,9x2 b:24x15 w";
    assert_eq!(points(tpn, 2, 1), (4, 0));
    let p = pos(tpn);
    let roll = Roll::new(2, 1);
    let err = p
        .resolve_play(roll, &"2-4 9-10".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.rule(), "R-6.8", "{err}");
    assert!(p.resolve_play(roll, &"1-3 9-10".parse().unwrap()).is_ok());
}

#[test]
fn r_6_7_conserve_by_helplessness() {
    // Nothing can be played (every 6 lands on Black or on a closed rest):
    // the grand jan stays full: 6 to White, 4 to Black for two dead dice.
    let tpn = "w:7x3,8x3,9x3,10x2,11x2,12x2 b:2x3,13x2,14x2,15x2,16x2,17x2,18x2 w";
    let s = pos(tpn).score_roll(Roll::new(6, 6));
    assert_eq!((s.mover_points, s.opponent_points), (6, 4));
    assert!(s
        .jans
        .iter()
        .any(|e| e.jan == Jan::Conserve(Quarter::GrandJan) && e.helpless));
}

#[test]
fn r_6_7_r_3_5_prevails_and_breaks() {
    // 5-5: the only play with both dice is 7-12 7-12, which breaks the
    // grand jan: no conserve.
    let tpn = "w:7x3,8x3,9x3,10x2,11x2,12x2 b:2x3,13x2,14x2,15x2,16x2,17x2,18x2 w";
    assert_eq!(points(tpn, 5, 5), (0, 0));
    assert_eq!(plays(tpn, 5, 5), vec!["7-12 7-12".to_string()]);
}

#[test]
fn r_6_7_keeping_the_retour_by_bearing_off_surcases() {
    // Jan de retour full with a surcase on 19; 6-1: 19-off by the 6 and
    // 23-24 breaks nothing? 23 holds two: 19-off and 24... the only
    // conserving plays bear the surcase off.
    let tpn = "w:19x3,20x2,21x2,22x2,23x2,24x4 b:1x15 w";
    let s = pos(tpn).score_roll(Roll::new(6, 6));
    // 6-6: 19-off keeps, the second 6 can only bear off 19 again: broken.
    assert_eq!((s.mover_points, s.opponent_points), (0, 0));
    let s = pos(tpn).score_roll(Roll::new(6, 1));
    // 19-off (exact) and 24-off (exact) keep every field with 2+.
    assert_eq!((s.mover_points, s.opponent_points), (4, 0));
    assert!(plays(tpn, 6, 1).iter().all(|p| p == "19-off 24-off"));
}

// order of the filters ---------------------------------------------

#[test]
fn r_6_8_power_stays_illegal_even_if_only_it_would_fill() {
    // 5-4: the corner can be taken by effect (7 and 8) though that breaks
    // 7; by power (8 and 9) it would fill the grand jan.: power is
    // illegal, so nothing fills.
    let tpn = "w:1x3,7x2,8x3,9x3,10x2,11x2 b:24x15 w";
    let p = pos(tpn);
    let roll = Roll::new(5, 4);
    assert!(p.legal_plays(roll).iter().all(|x| !x.is_power()));
    assert_eq!(points(tpn, 5, 4), (0, 0));
    let err = p
        .resolve_play(roll, &"8-12 9-12".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.rule(), "R-4.4");
}

// unplayable dice ---------------------------------------------------

#[test]
fn r_6_9_unplayable_dice() {
    assert_eq!(points("w:11x13,12x2 b:24x15 w", 6, 5), (0, 4));
    assert_eq!(points("w:11x13,12x2 b:24x15 w", 6, 1), (0, 2));
    // Everything playable: nothing to the opponent.
    assert_eq!(points("w:11x13,12x2 b:24x15 w", 1, 1), (0, 0));
}

// exit -------------------------------------------------------------

#[test]
fn r_6_10_exit_and_no_dead_die_for_the_last_checker() {
    let s = pos("w:24 b:1x15 w").score_roll(Roll::new(2, 1));
    assert_eq!((s.mover_points, s.opponent_points), (4, 0));
    assert!(s
        .jans
        .iter()
        .any(|e| e.jan == Jan::Exit && e.depends_on_play));
    assert_eq!(points("w:23,24 b:1x15 w", 3, 3), (6, 0));
    // Two checkers that cannot both leave: no exit.
    assert_eq!(points("w:19,24 b:1x15 w", 2, 1), (0, 0));
}

// jan de trois coups -----------------------------------------------

#[test]
fn r_6_11_trois_coups() {
    assert_eq!(points("w:1x11,2,3,4,5 b:24x15 w rolls=2", 6, 5), (4, 0));
    // Not the third roll.
    assert_eq!(points("w:1x11,2,3,4,5 b:24x15 w rolls=3", 6, 5), (0, 0));
    // Wrong dice.
    assert_eq!(points("w:1x11,2,3,4,5 b:24x15 w rolls=2", 6, 4), (0, 0));
    // Impossible with a double.
    assert_eq!(points("w:1x11,2,3,4,6 b:24x15 w rolls=2", 5, 5), (0, 0));
}

// jan de deux tables -----------------------------------------------

#[test]
fn r_6_12_deux_tables_and_contre_jan() {
    assert_eq!(points("w:1x13,6,7 b:24x15 w", 6, 6), (6, 0));
    assert_eq!(points("w:1x13,6,7 b:24x15 w", 6, 5), (0, 0)); // 6+6? no: 7+5=12, 6+6=12: not 13
    assert_eq!(points("w:1x13,7,9 b:24x15 w", 5, 4), (4, 0)); // 7+5=12, 9+4=13
    assert_eq!(points("w:1x13,6,7 b:13x2,24x13 w", 6, 6), (0, 6));
    // Three checkers off the talon: no jan.
    assert_eq!(points("w:1x12,2,6,7 b:24x15 w", 6, 6), (0, 0));
}

// mézéas --------------------------------------------------

#[test]
fn r_6_13_mezeas_and_r_6_14_contre_mezeas() {
    assert_eq!(points("w:1x13,12x2 b:24x15 w", 3, 1), (4, 0));
    assert_eq!(points("w:1x13,12x2 b:24x15 w", 1, 1), (6, 0));
    assert_eq!(points("w:1x13,12x2 b:24x15 w", 3, 2), (0, 0));
    assert_eq!(points("w:1x13,12x2 b:13x2,24x13 w", 1, 1), (0, 6));
    assert_eq!(points("w:1x13,12x2 b:13x2,24x13 w", 4, 1), (0, 4));
}

// old jans ------------------------------------------------

fn old(tpn: &str, a: u8, b: u8, ctx: RollContext) -> (u32, u32) {
    let rules = Rules {
        old_jans: trictrac::OldJans::ALL,
        ..Rules::DEFAULT
    };
    let (s, _) = pos(tpn).score_roll_with(Roll::new(a, b), &rules, &ctx);
    (s.mover_points, s.opponent_points)
}

#[test]
fn r_6_15_rencontre() {
    let ctx = RollContext {
        rencontre_with: Some(Roll::new(6, 5)),
    };
    assert_eq!(old("w:1x13,6,7 b:24x15 b rolls=0", 6, 5, ctx), (4, 0));
    assert_eq!(old("w:1x13,6,7 b:24x15 b rolls=0", 6, 4, ctx), (0, 0));
    // Off by default.
    let (s, _) =
        pos("w:1x13,6,7 b:24x15 b rolls=0").score_roll_with(Roll::new(6, 5), &Rules::DEFAULT, &ctx);
    assert_eq!(s.mover_points, 0);
}

#[test]
fn r_6_16_margot_la_fendue() {
    // White's lone checker on 8 between Black's lone checkers on 7 and 9.
    let tpn = "w:1x14,8 b:7,9,13x2,24x11 w";
    assert_eq!(old(tpn, 2, 1, RollContext::default()).1, 2);
    assert_eq!(points(tpn, 2, 1).1, 0);
}

#[test]
fn r_6_17_pile_de_misere() {
    let tpn = "w:12x15 b:1x2,13x2,14x2,15x2,16x2,17x2,18x3 w";
    let (m, o) = old(tpn, 6, 5, RollContext::default());
    assert_eq!((m, o), (4, 4));
    assert_eq!(points(tpn, 6, 5), (0, 4));
}

#[test]
fn r_6_15_rencontre_at_2_4_as_in_jollyvet() {
    // Option `rencontre=2-4` (Jollyvet 1656, p. 29): 2 single, 4 double.
    let two_four = Rules {
        old_jans: trictrac::OldJans {
            rencontre: true,
            ..trictrac::OldJans::NONE
        },
        rencontre: trictrac::RencontreValue::TwoFour,
        ..Rules::DEFAULT
    };
    let tpn = "w:1x13,6,7 b:24x15 b rolls=0";
    let ctx = |r| RollContext {
        rencontre_with: Some(r),
    };
    let (s, _) = pos(tpn).score_roll_with(Roll::new(6, 5), &two_four, &ctx(Roll::new(6, 5)));
    assert_eq!(s.mover_points, 2);
    let (s, _) = pos(tpn).score_roll_with(Roll::new(3, 3), &two_four, &ctx(Roll::new(3, 3)));
    assert_eq!(s.mover_points, 4);
}

#[test]
fn r_6_15_to_r_6_17_each_old_jan_switches_on_its_own() {
    let only = |rencontre, margot, pile| Rules {
        old_jans: trictrac::OldJans {
            rencontre,
            margot,
            pile,
        },
        ..Rules::DEFAULT
    };
    // Margot la fendue alone.
    let tpn = "w:1x14,8 b:7,9,13x2,24x11 w";
    let none = RollContext::default();
    let score = |r: &Rules| pos(tpn).score_roll_with(Roll::new(2, 1), r, &none).0;
    assert_eq!(score(&only(false, true, false)).opponent_points, 2);
    assert_eq!(score(&only(true, false, true)).opponent_points, 0);
    // The jan de rencontre alone.
    let ctx = RollContext {
        rencontre_with: Some(Roll::new(6, 5)),
    };
    let r = |rules: &Rules| {
        pos("w:1x13,6,7 b:24x15 b rolls=0")
            .score_roll_with(Roll::new(6, 5), rules, &ctx)
            .0
            .mover_points
    };
    assert_eq!(r(&only(true, false, false)), 4);
    assert_eq!(r(&only(false, true, true)), 0);
}
