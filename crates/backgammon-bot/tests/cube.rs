//! Cube decisions from the cubeless outputs (BG-7): Janowski's money
//! model, the match equity table, the seed preset's refused redouble
//! (BG-7.4). Positions are gnubg Position IDs with the doubler on roll;
//! gnubg 1.07's 0-ply verdict on each is quoted.

use backgammon::{Cube, MatchState, Position, Preset, Rules, Side};
use backgammon_bot::cube::{decide, drop_points, match_decision, met, money_decision, Owner};
use backgammon_bot::default_net;
use neural::Outputs;

fn outputs(win: f32, wg: f32, wbg: f32, lg: f32, lbg: f32) -> Outputs {
    let mut o = [0.0; neural::MAX_OUTPUTS];
    o[..5].copy_from_slice(&[win, wg, wbg, lg, lbg]);
    o
}

fn pos(id: &str) -> Position {
    Position::from_position_id(id, Side::White).unwrap()
}

fn money_rules() -> Rules {
    Rules {
        jacoby: false,
        ..Rules::standard()
    }
}

/// The decision with the shipped network's outputs.
fn net_decision(id: &str, rules: &Rules, cube: Cube) -> backgammon_bot::cube::Decision {
    let p = pos(id);
    let o = default_net().evaluate_for_cube(&p, rules);
    decide(&p, rules, &MatchState::money(), cube, &o)
}

#[test]
fn bg_7_4_a_dead_lost_position_is_dropped() {
    // The doubler bears off his last two checkers with any roll (gnubg:
    // double, pass).
    let d = net_decision("/z8AAIABAAAAAA", &money_rules(), Cube::centred());
    assert!(!d.take(), "{d:?}");
    let d = money_decision(
        &outputs(0.99, 0.0, 0.0, 0.0, 0.0),
        Owner::Centred,
        false,
        1.0,
    );
    assert!(!d.take(), "{d:?}");
}

#[test]
fn bg_7_2_too_good_to_double_when_gammons_are_likely() {
    // Closed board, two of the opponent's checkers on the bar, none off
    // (gnubg: 98.6 % wins, 97 % gammons: too good to double, pass).
    let d = net_decision("4HnwAWB3tw0AAA", &money_rules(), Cube::centred());
    assert!(!d.double(), "{d:?}");
    assert!(!d.take(), "{d:?}");
    // The same chances without gammons: a double (the opponent drops).
    let d = money_decision(
        &outputs(0.95, 0.0, 0.0, 0.0, 0.0),
        Owner::Centred,
        false,
        1.0,
    );
    assert!(d.double() && !d.take(), "{d:?}");
    let d = money_decision(
        &outputs(0.95, 0.8, 0.0, 0.0, 0.0),
        Owner::Centred,
        false,
        1.0,
    );
    assert!(!d.double(), "{d:?}");
    // BG-7.5 Jacoby: gammons count only once the cube is turned, so the
    // same position is doubled (and dropped).
    let d = money_decision(
        &outputs(0.95, 0.8, 0.0, 0.0, 0.0),
        Owner::Centred,
        true,
        1.0,
    );
    assert!(d.double() && !d.take(), "{d:?}");
    // Under Jacoby a centred cube still cashes at the live points, which
    // the gammons move: 61 % with gammons 15 % against 6 % is not yet a
    // double (it would be if every game counted 1 whatever the cube).
    let d = money_decision(
        &outputs(0.61, 0.15, 0.0, 0.06, 0.0),
        Owner::Centred,
        true,
        1.0,
    );
    assert!(!d.double(), "{d:?}");
}

#[test]
fn bg_7_3_a_racing_double_is_doubled_and_taken() {
    // Pure race, 81 pips against 90, the leader on roll (gnubg: 77 %
    // wins, double, take).
    let d = net_decision("1H07AADs7jkAAA", &money_rules(), Cube::centred());
    assert!(d.double() && d.take(), "{d:?}");
    // 81 against 83 (gnubg: 64 %, no double, take).
    let d = net_decision("bPc2AADs7jkAAA", &money_rules(), Cube::centred());
    assert!(!d.double() && d.take(), "{d:?}");
    // Janowski with x = 0.68, no gammons: 72 % is a double and a take,
    // 65 % not yet a double, 80 % a drop.
    let at = |p| money_decision(&outputs(p, 0.0, 0.0, 0.0, 0.0), Owner::Centred, false, 1.0);
    assert!(at(0.72).double() && at(0.72).take(), "{:?}", at(0.72));
    assert!(!at(0.65).double(), "{:?}", at(0.65));
    assert!(!at(0.80).take(), "{:?}", at(0.80));
    // Owning the cube, one waits longer before redoubling: 70 % is an
    // initial double, not yet a redouble.
    assert!(at(0.70).double(), "{:?}", at(0.70));
    let own = money_decision(&outputs(0.70, 0.0, 0.0, 0.0, 0.0), Owner::Me, false, 1.0);
    assert!(!own.double(), "{own:?}");
}

#[test]
fn bg_7_4_seed_redouble_refusals_are_priced_by_the_game_as_it_stands() {
    // The opponent has a checker on the bar and none off: refusing a
    // redouble under the seed preset loses a backgammon (BG-6.2, 3 points)
    // times the cube's last value; under standard, the cube's value.
    let p = pos("4HnwAWB3tw0AAA");
    let owned = Cube {
        value: 2,
        owner: Some(Side::White),
    };
    assert_eq!(drop_points(&p, Preset::Seed, owned), 6);
    assert_eq!(drop_points(&p, Preset::Standard, owned), 2);
    // A first double refused loses 1 point under both presets.
    assert_eq!(drop_points(&p, Preset::Seed, Cube::centred()), 1);
    // 85 % without gammons: a drop in standard, a take when the drop
    // costs three times as much.
    let o = outputs(0.85, 0.0, 0.0, 0.0, 0.0);
    let standard = decide(&p, &money_rules(), &MatchState::money(), owned, &o);
    assert!(!standard.take(), "{standard:?}");
    let seed = Rules {
        jacoby: false,
        ..Rules::seed()
    };
    let d = decide(&p, &seed, &MatchState::money(), owned, &o);
    assert!(d.take(), "{d:?}");
    assert_eq!(d.double_drop, 3.0);
}

#[test]
fn bg_7_5_match_equity_table_is_consistent() {
    let t = met();
    for a in 1..=15 {
        assert!((t.get(a, a) - 0.5).abs() < 1e-9, "{a}");
        for b in 1..=15 {
            let x = t.get(a, b);
            assert!((x + t.get(b, a) - 1.0).abs() < 1e-9, "{a} {b}");
            // Nearer the end is better.
            if a > 1 {
                assert!(t.get(a - 1, b) > x, "{a} {b}");
            }
        }
    }
    // The Crawford game at 1-away against 2-away: the leader wins
    // unless he loses this game and the next (about 2 in 3 and more).
    let c = t.get(1, 2);
    assert!((0.66..0.75).contains(&c), "{c}");
    // Post-Crawford 1-away against 2-away: the trailer doubles at once,
    // so the game is for the match: 1/2.
    let pc = t.post_crawford(1, 2);
    assert!((pc - 0.5).abs() < 0.02, "{pc}");
    // Published tables give 2-away 4-away about 0.66 and 3-away 5-away
    // about 0.65 (gammon rate near 27 %).
    assert!((0.6..0.72).contains(&t.get(2, 4)), "{}", t.get(2, 4));
    assert!((0.6..0.72).contains(&t.get(3, 5)), "{}", t.get(3, 5));
}

#[test]
fn bg_7_5_match_cube_decisions() {
    let even = outputs(0.5, 0.13, 0.005, 0.13, 0.005);
    // Post-Crawford, the trailer (3-away) against the leader at 1-away
    // doubles at once; the leader takes at even chances.
    let d = match_decision(&even, 3, 1, 1, Owner::Centred, true, 1);
    assert!(d.double(), "{d:?}");
    // At 1-away both (double match point) a double gains nothing.
    let d = match_decision(&even, 1, 1, 1, Owner::Centred, true, 1);
    assert!(!d.double(), "{d:?}");
    // Even chances at 5-away 5-away: no double; a take.
    let d = match_decision(&even, 5, 5, 1, Owner::Centred, false, 1);
    assert!(!d.double() && d.take(), "{d:?}");
    // A clear racing double at 7-away 7-away is doubled and taken; at
    // 95 % it is dropped.
    let race = |p| {
        match_decision(
            &outputs(p, 0.0, 0.0, 0.0, 0.0),
            7,
            7,
            1,
            Owner::Centred,
            false,
            1,
        )
    };
    assert!(race(0.74).double() && race(0.74).take(), "{:?}", race(0.74));
    assert!(!race(0.95).take(), "{:?}", race(0.95));
}
