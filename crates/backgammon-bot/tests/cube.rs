//! Cube decisions from the cubeless outputs (BG-7): Janowski's money
//! model, the match equity table, the seed preset's refused redouble
//! (BG-7.4). Positions are gnubg Position IDs with the doubler on roll;
//! gnubg 1.07's 0-ply verdict on each is quoted.

use backgammon::{Cube, MatchState, Position, Preset, Rules, Side};
use backgammon_bot::cube::score::Score;
use backgammon_bot::cube::{
    cube_life, decide, drop_points, match_decision, met, money_decision, Owner, CUBE_EFFICIENCY,
};
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
        CUBE_EFFICIENCY,
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
        CUBE_EFFICIENCY,
    );
    assert!(d.double() && !d.take(), "{d:?}");
    let d = money_decision(
        &outputs(0.95, 0.8, 0.0, 0.0, 0.0),
        Owner::Centred,
        false,
        1.0,
        CUBE_EFFICIENCY,
    );
    assert!(!d.double(), "{d:?}");
    // BG-7.5 Jacoby: gammons count only once the cube is turned, so the
    // same position is doubled (and dropped).
    let d = money_decision(
        &outputs(0.95, 0.8, 0.0, 0.0, 0.0),
        Owner::Centred,
        true,
        1.0,
        CUBE_EFFICIENCY,
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
        CUBE_EFFICIENCY,
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
    let at = |p| {
        money_decision(
            &outputs(p, 0.0, 0.0, 0.0, 0.0),
            Owner::Centred,
            false,
            1.0,
            CUBE_EFFICIENCY,
        )
    };
    assert!(at(0.72).double() && at(0.72).take(), "{:?}", at(0.72));
    assert!(!at(0.65).double(), "{:?}", at(0.65));
    assert!(!at(0.80).take(), "{:?}", at(0.80));
    // Owning the cube, one waits longer before redoubling: 70 % is an
    // initial double, not yet a redouble.
    assert!(at(0.70).double(), "{:?}", at(0.70));
    let own = money_decision(
        &outputs(0.70, 0.0, 0.0, 0.0, 0.0),
        Owner::Me,
        false,
        1.0,
        CUBE_EFFICIENCY,
    );
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
    let d = match_decision(&even, 3, 1, 1, Owner::Centred, true, 1, CUBE_EFFICIENCY);
    assert!(d.double(), "{d:?}");
    // At 1-away both (double match point) a double gains nothing.
    let d = match_decision(&even, 1, 1, 1, Owner::Centred, true, 1, CUBE_EFFICIENCY);
    assert!(!d.double(), "{d:?}");
    // Even chances at 5-away 5-away: no double; a take.
    let d = match_decision(&even, 5, 5, 1, Owner::Centred, false, 1, CUBE_EFFICIENCY);
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
            CUBE_EFFICIENCY,
        )
    };
    assert!(race(0.74).double() && race(0.74).take(), "{:?}", race(0.74));
    assert!(!race(0.95).take(), "{:?}", race(0.95));
}

/// A contact-free position: White's checkers `w` and Black's `b` (each
/// in his own numbering, index 0 borne off), White on roll.
fn race(w: &[(usize, u8)], b: &[(usize, u8)]) -> Position {
    let counts = |pts: &[(usize, u8)]| {
        let mut c = [0u8; 26];
        for &(p, n) in pts {
            c[p] = n;
        }
        c[0] = 15 - pts.iter().map(|x| x.1).sum::<u8>();
        c
    };
    let p = Position::from_setup(backgammon::Setup {
        counts: backgammon::BySide::new(counts(w), counts(b)),
        turn: Side::White,
    })
    .unwrap();
    assert!(p.is_race());
    p
}

#[test]
fn bg_7_3_the_cube_life_index_depends_on_the_kind_of_position() {
    // Contact: 0.68. A race: 0.55 + 0.00125 per pip of the side on roll,
    // within 0.60–0.70 (gnubg's published values). Both sides bearing
    // off: 0.60.
    assert_eq!(cube_life(&Position::start()), CUBE_EFFICIENCY);
    let long = race(&[(10, 10), (8, 5)], &[(10, 10), (8, 5)]);
    assert_eq!(long.pip_count(Side::White), 140);
    assert!((cube_life(&long) - 0.70).abs() < 1e-9);
    let mid = pos("1H07AADs7jkAAA");
    assert_eq!(mid.pip_count(Side::White), 81);
    assert!((cube_life(&mid) - (0.55 + 0.00125 * 81.0)).abs() < 1e-9);
    let short = race(&[(7, 1), (2, 7), (1, 7)], &[(7, 1), (2, 7), (1, 7)]);
    assert!((cube_life(&short) - 0.60).abs() < 1e-9);
    let bearoff = race(&[(2, 7), (1, 8)], &[(2, 7), (1, 8)]);
    assert!((cube_life(&bearoff) - 0.60).abs() < 1e-9);
    // The same chances, decided by the kind of position (money, no
    // gammons): 68 % is a double in a short race, where the cube has
    // little time left to be used, not yet in contact; 69.5 % is a
    // double in contact, not yet in a long race.
    let money = MatchState::money();
    let o = outputs(0.68, 0.0, 0.0, 0.0, 0.0);
    let at = |p: &Position, o: &Outputs| decide(p, &money_rules(), &money, Cube::centred(), o);
    assert!(at(&short, &o).double(), "{:?}", at(&short, &o));
    assert!(at(&bearoff, &o).double(), "{:?}", at(&bearoff, &o));
    assert!(!at(&Position::start(), &o).double());
    let o = outputs(0.695, 0.0, 0.0, 0.0, 0.0);
    assert!(at(&Position::start(), &o).double());
    assert!(!at(&long, &o).double(), "{:?}", at(&long, &o));
    // In a match the same index: a short race doubles earlier there too.
    let mut st = MatchState::to(7);
    st.score = backgammon::BySide::new(0, 0);
    let m = |p: &Position| {
        decide(
            p,
            &money_rules(),
            &st,
            Cube::centred(),
            &outputs(0.68, 0.0, 0.0, 0.0, 0.0),
        )
    };
    let (s, c) = (m(&short), m(&Position::start()));
    assert!(s.no_double < c.no_double, "{s:?} {c:?}");
}

#[test]
fn bg_7_2_close_doubles_are_searched_deeper() {
    use backgammon::Game;
    use backgammon_bot::analysis::cubeful;
    use backgammon_bot::cube::depth::{bot_decision, Question, DEEP_MARGIN};
    use backgammon_bot::cube::search::searched_decision;
    use backgammon_bot::{BgBot, NeuralPlayer};
    // The first network version, whose cheap estimate errs on this
    // position (the shipped second version already gets it right
    // cheaply): the deeper search must correct it.
    let v1 = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/backgammon-v1.bin");
    let net = std::sync::Arc::new(backgammon_bot::BgNet::load(&v1).expect("the v1 model"));
    let rules = Rules::standard();
    let money = MatchState::money();
    // Centred cube, Jacoby (gnubg 1.07: no double at 0 ply, ND −0.043
    // against D/T −0.388, and at 2 ply, −0.024 against −0.357). The cheap
    // estimate alone doubles, by a margin under DEEP_MARGIN; the cubeful
    // search does not.
    let p = pos("zM6iAQaL3R0AEA");
    let cheap = decide(
        &p,
        &rules,
        &money,
        Cube::centred(),
        &net.evaluate_for_cube(&p, &rules),
    );
    assert!(
        cheap.double() && cheap.double_margin() < DEEP_MARGIN,
        "{cheap:?}"
    );
    let g = Game::from_position(rules, p);
    let (d, depth) = bot_decision(&net, &g, Question::Double);
    assert!(!d.double(), "{d:?}");
    assert_eq!(depth, 2);
    assert_eq!(
        d,
        searched_decision(&net, &p, &rules, &money, Cube::centred(), 2)
    );
    assert!(!NeuralPlayer::two_ply(net.clone()).wants_double(&g));
    // The cube hint at its default depth is the bot's decision.
    let a = cubeful::analyse(
        &net,
        &p,
        &rules,
        Score {
            state: &money,
            cube: Cube::centred(),
        },
        2,
    );
    assert!(!a.double, "{a:?}");
    assert!((a.no_double - d.no_double).abs() < 1e-12, "{a:?} {d:?}");
    assert!((a.double_take - d.double_take).abs() < 1e-12, "{a:?} {d:?}");
    // A clear decision stays with the cheap estimate: the opening.
    let s = Position::start();
    let g = Game::from_position(rules, s);
    let (d, depth) = bot_decision(&net, &g, Question::Double);
    assert!(!d.double() && d.double_margin() >= DEEP_MARGIN, "{d:?}");
    assert_eq!(depth, 1);
    let cheap = decide(
        &s,
        &rules,
        &money,
        Cube::centred(),
        &net.evaluate_for_cube(&s, &rules),
    );
    assert_eq!(d, cheap);
    // In a match the margin is measured in normalised money equity, not
    // in match-winning chances (where every margin is small): at 7-away
    // 7-away the opening is as clear as in money play.
    let g = Game::new(rules, MatchState::to(7));
    let (d, depth) = bot_decision(&net, &g, Question::Double);
    assert!(!d.double(), "{d:?}");
    assert_eq!(depth, 1);
    // Every take is searched.
    let (_, depth) = bot_decision(&net, &g, Question::Take);
    assert_eq!(depth, 2);
}

#[test]
fn bg_7_5_in_the_crawford_game_a_position_is_worth_its_cubeless_match_chances() {
    use backgammon_bot::cube::met;
    // Seven-point match, White 6 (1 away), Black 1 (6 away), the Crawford
    // game: no cube, so 52 % of single wins is worth 52 % of the match
    // won plus 48 % of the post-Crawford game at 1-away 5-away.
    let mut st = MatchState::to(7);
    st.score = backgammon::BySide::new(6, 1);
    st.crawford = true;
    let rules = Rules::standard();
    let p = Position::start();
    let d = decide(
        &p,
        &rules,
        &st,
        Cube::centred(),
        &outputs(0.52, 0.0, 0.0, 0.0, 0.0),
    );
    let want = 0.52 + 0.48 * met().post_crawford(1, 5);
    // (The outputs are f32.)
    assert!((d.no_double - want).abs() < 1e-6, "{d:?} {want}");
    assert!(d.no_double > 0.85, "{d:?}");
    assert!(!d.double());
    // Gammons count for the trailer: losing one leaves 1-away 4-away.
    let d = decide(
        &p,
        &rules,
        &st,
        Cube::centred(),
        &outputs(0.52, 0.0, 0.0, 0.2, 0.0),
    );
    let want = 0.52 + 0.28 * met().post_crawford(1, 5) + 0.2 * met().post_crawford(1, 4);
    assert!((d.no_double - want).abs() < 1e-6, "{d:?} {want}");
    // The game after it is post-Crawford: the cube model again.
    st.crawford = false;
    st.crawford_done = true;
    let after = decide(
        &p,
        &rules,
        &st,
        Cube::centred(),
        &outputs(0.52, 0.0, 0.0, 0.0, 0.0),
    );
    assert!((after.no_double - 0.52 - 0.48 * met().post_crawford(1, 5)).abs() > 1e-3);
}
