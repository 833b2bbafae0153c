//! Tests of [`super`]: determinism, the luck adjustment, the play of each
//! depth, the counting of a bear-off played to the end.

use super::*;

/// A money rollout of `root` (cube centred, standard rules) by the
/// shipped network, without progress.
fn money(root: &Position, s: &Settings) -> RolloutResult {
    rollout_until(
        &crate::net::default_net(),
        root,
        Cube::centred(),
        &Rules::standard(),
        s,
        &|_| {},
        &AtomicBool::new(false),
    )
}

fn quick(threads: usize, vr: bool, seed: u64) -> RolloutResult {
    let s = Settings {
        games: 72,
        seed,
        threads,
        plies: 0,
        variance_reduction: vr,
        // Short games keep the test fast in a debug build; the luck
        // of the rolls played is adjusted all the same.
        truncate: Some(8),
        ..Settings::default()
    };
    money(&Position::start(), &s)
}

#[test]
fn the_same_seed_gives_the_same_result_whatever_the_threads() {
    let a = quick(1, true, 5);
    let b = quick(3, true, 5);
    assert_eq!(a.equity, b.equity);
    assert_eq!(a.chances, b.chances);
    let c = quick(2, true, 6);
    assert_ne!(a.equity, c.equity);
}

#[test]
fn variance_reduction_lowers_the_standard_error() {
    let with = quick(0, true, 7);
    let without = quick(0, false, 7);
    assert!(
        with.stderr < 0.6 * without.stderr,
        "{} vs {}",
        with.stderr,
        without.stderr
    );
    // The opening is close to even.
    assert!(with.equity.abs() < 0.2, "{}", with.equity);
}

/// A middle game (docs/ANALYSIS.md, "Against gnubg's evaluation"):
/// Black on roll, a checker on the bar against a 3-point board.
fn bar_position() -> Position {
    Position::from_position_id("Zm4zAAPgjHnAQQ", Side::Black).expect("a Position ID")
}

/// A rollout of `root` cut after one half-move, without variance
/// reduction: 36 games, so each of the 36 first rolls once.
fn one_move(root: &Position, plies: u8) -> RolloutResult {
    let s = Settings {
        games: 36,
        seed: 3,
        threads: 1,
        plies,
        variance_reduction: false,
        truncate: Some(1),
        ..Settings::default()
    };
    money(root, &s)
}

/// The mean over the 36 rolls of the value, in the mover's eyes, of
/// `start` after the play of the player searching `plies` (the
/// players of `NeuralPlayer` and of the 3-ply search), computed here
/// roll by roll.
fn by_hand(start: &Position, plies: u8) -> f64 {
    let net = crate::net::default_net();
    let rules = Rules::standard();
    let mut scratch = crate::search::deep::Scratch::default();
    let mut sum = 0.0;
    for k in 0..36 {
        let plays = start.legal_plays(roll36(k), &rules);
        let play = match plies {
            0 => net.best_play(start, &plays, rules.preset).0,
            2 => {
                net.best_play_2ply(start, &plays, &rules, SEARCH_KEEP, SEARCH_MARGIN)
                    .0
            }
            _ => crate::search::deep::best_play_3ply(&net, start, &plays, &rules, &mut scratch).0,
        };
        let after = start.play_unchecked(&play);
        sum += f64::from(equity(&net.after_play(&after, start.turn(), rules.preset)));
    }
    sum / 36.0
}

#[test]
fn each_depth_plays_its_own_search() {
    let root = bar_position();
    let mut seen = Vec::new();
    for plies in [0u8, 2, 3] {
        let got = one_move(&root, plies).equity;
        let want = by_hand(&root, plies);
        assert!(
            (got - want).abs() < 1e-5,
            "plies {plies}: {got} against {want}"
        );
        seen.push(got);
    }
    // The three searches choose differently here: the test tells
    // them apart.
    assert!((seen[0] - seen[1]).abs() > 1e-4, "{seen:?}");
    assert!((seen[1] - seen[2]).abs() > 1e-4, "{seen:?}");
}

#[test]
fn deeper_searches_give_the_same_result_whatever_the_threads() {
    for plies in [2u8, 3] {
        let run = |threads: usize| {
            let s = Settings {
                games: 36,
                seed: 11,
                threads,
                plies,
                truncate: Some(3),
                ..Settings::default()
            };
            money(&Position::start(), &s)
        };
        let (a, b) = (run(1), run(3));
        assert_eq!(a.equity, b.equity, "plies {plies}");
        assert_eq!(a.chances, b.chances, "plies {plies}");
    }
}

/// White on roll with 4 checkers left, two on each of his 1- and
/// 2-points; Black with all 15 home, 7 on his 5-point and 8 on his
/// 6-point. White wins in at most two rolls, in one with 2-2 to 6-6
/// (5/36). A gammon (BG-6.1) unless Black, rolling once in between,
/// bears a checker off: he fails with 1-2, 1-3, 3-4, 1-1 and 4-4
/// (8/36; a die may bear off from a lower point only when no checker
/// is higher, BG-5.2). Equity 1 + 5/36 + 31/36 × 8/36.
fn gammon_race() -> Position {
    let mut white = [0u8; 26];
    let mut black = [0u8; 26];
    (white[0], white[1], white[2]) = (11, 2, 2);
    (black[5], black[6]) = (7, 8);
    Position::from_setup(backgammon::position::Setup {
        counts: backgammon::BySide::new(white, black),
        turn: Side::White,
    })
    .expect("a legal position")
}

#[test]
fn a_bear_off_played_out_is_counted_as_the_database_values_it() {
    let exact = 1.0 + 5.0 / 36.0 + 31.0 / 36.0 * 8.0 / 36.0;
    let run = |truncation: bool| {
        let s = Settings {
            games: 1296,
            plies: 0,
            threads: 2,
            bearoff_truncation: truncation,
            ..Settings::default()
        };
        money(&gammon_race(), &s)
    };
    // Stopped at once: the database's value, in White's eyes.
    let db = run(true);
    assert!((db.equity - exact).abs() < 1e-4, "{}", db.equity);
    assert!(db.stderr < 1e-6, "{}", db.stderr);
    // Played to the end, gammons counted at the end of each game,
    // the luck adjusted by the database: the same value.
    let played = run(false);
    assert!(
        (played.equity - exact).abs() < 1e-4,
        "{} ± {}",
        played.equity,
        played.stderr
    );
    assert!((played.chances[0] - 1.0).abs() < 1e-6);
    assert!((played.chances[1] - (exact - 1.0)).abs() < 1e-4);
}

#[test]
fn first_rolls_are_stratified() {
    let mut prng = ChaCha8Rng::seed_from_u64(1);
    let mut p: Vec<usize> = (0..36).collect();
    p.shuffle(&mut prng);
    let mut seen = [false; 36];
    for i in 0..36 {
        seen[p[i % 36]] = true;
    }
    assert!(seen.iter().all(|&x| x));
    let rolls: std::collections::HashSet<Roll> = (0..36).map(roll36).collect();
    assert_eq!(rolls.len(), 21);
}

#[test]
fn the_first_half_moves_rolls_are_kept_and_the_same() {
    let net = crate::net::default_net();
    let rules = Rules::standard();
    let mut buf = PlayList::new();
    let mut cache = RollsCache::default();
    let race = Position::from_position_id("2J2bAQDYnZsBAA", Side::White).expect("a position");
    for pos in [Position::start(), race] {
        let direct = all_rolls(&net, &pos, &rules, &mut buf);
        for half in [0, 2, RollsCache::HALVES] {
            let (per, mean) = cache.all_rolls(&net, &pos, half, &rules, &mut buf);
            assert_eq!(mean.map(f32::to_bits), direct.1.map(f32::to_bits));
            for (a, b) in per.iter().zip(&direct.0) {
                assert_eq!(a.0, b.0);
                assert_eq!(a.1.map(f32::to_bits), b.1.map(f32::to_bits));
            }
        }
    }
    // Only the first half-moves' positions are kept.
    assert_eq!(cache.known.len(), 2);
    let later = Position::start().with_turn(Side::Black);
    cache.all_rolls(&net, &later, RollsCache::HALVES, &rules, &mut buf);
    assert_eq!(cache.known.len(), 2);
}
