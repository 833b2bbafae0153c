//! Property tests over random games of both presets, cube included: the
//! invariants hold after every action.

use std::collections::HashSet;

use backgammon::{Game, Phase, Position, Rules, Side};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn check_game(seed: u64, rules: Rules) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules);
    let mut cube = g.cube().value;
    let mut plies = 0;
    loop {
        let pos = *g.position();
        prop_assert!(pos.is_valid(), "15 checkers each, no shared point");
        // Position IDs round trip.
        let id = pos.to_position_id();
        prop_assert_eq!(Position::from_position_id(&id, pos.turn()).unwrap(), pos);
        match g.phase() {
            Phase::Opening => g.roll_with(&mut rng).unwrap(),
            Phase::Roll(side) => {
                if g.can_double(side) && rng.gen_ratio(1, 10) {
                    g.double().unwrap();
                } else {
                    g.roll_with(&mut rng).unwrap();
                }
            }
            Phase::Doubled { .. } => {
                if rng.gen_ratio(4, 5) {
                    g.take().unwrap();
                } else {
                    g.drop_double().unwrap();
                }
            }
            Phase::Play(side, roll) => {
                let plays = g.legal_plays().clone();
                prop_assert!(!plays.is_empty());
                // One play per resulting position, each legal through the
                // checked path.
                let mut seen = HashSet::new();
                for p in &plays {
                    let after = pos.play_unchecked(p);
                    prop_assert!(seen.insert(after), "two plays reach one position");
                    prop_assert_eq!(pos.play(roll, p, &rules), Ok(after));
                    // The mover's pips never grow; he moves at most 24 pips.
                    let before = pos.pip_count(side);
                    let now = after.pip_count(side);
                    prop_assert!(now <= before);
                    prop_assert!(before - now <= 24);
                    // The text of a play resolves to the same play.
                    let text: backgammon::PlayText = p.to_string().parse().unwrap();
                    let back = pos.resolve_play(roll, &text, &rules).unwrap();
                    prop_assert_eq!(pos.play_unchecked(&back), after);
                }
                let p = plays[rng.gen_range(0..plays.len())];
                g.play(&p).unwrap();
                plies += 1;
            }
            Phase::Over(r) => {
                prop_assert!(r.points >= 1);
                prop_assert!(r.points <= 3 * 64);
                if let Some(w) = g.position().winner() {
                    prop_assert_eq!(w, r.winner);
                }
                break;
            }
        }
        // The cube only doubles.
        let c = g.cube().value;
        prop_assert!(c == cube || c == 2 * cube || c == 4 * cube);
        cube = c;
        prop_assert!(plies < 2000, "games end");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_standard_games_keep_the_invariants(seed in any::<u64>()) {
        check_game(seed, Rules::standard())?;
    }

    #[test]
    fn random_seed_games_keep_the_invariants(seed in any::<u64>()) {
        check_game(seed, Rules::seed())?;
    }
}

#[test]
fn the_widest_roll_fits_the_play_list() {
    // Fifteen checkers spread so that 1-1 has the most plays we know:
    // MAX_PLAYS (3060) bounds any roll (see its documentation).
    let mut s = Position::start().to_setup();
    s.counts.white = [0; 26];
    for p in 7..=21 {
        s.counts.white[p] = 1;
    }
    s.counts.black = [0; 26];
    s.counts.black[1] = 15; // on White's 24, out of the way
    let pos = Position::from_setup(s).unwrap();
    let n = pos
        .legal_plays(backgammon::Roll::new(1, 1), &Rules::standard())
        .len();
    eprintln!("1-1 with 15 blots on 7..21: {n} plays");
    assert!(n > 1000 && n <= backgammon::MAX_PLAYS, "{n}");
    let _ = Side::White;
}

/// Random matches through the session under the seed preset with the
/// videau at any moment of the turn (BG-7.2, `videau=whole-turn`): random
/// players double before and after rolling, take and drop at random; every
/// game ends, the videau never passes 64 (BG-7.1), and a double taken
/// after rolling leaves the doubler to play the roll he threw.
#[test]
fn random_matches_with_the_videau_at_any_moment_of_the_turn() {
    use backgammon::session::Match;
    use backgammon::Event;
    use rand::SeedableRng;
    use tables::driver::{play_out, RandomPlayer};
    use tables::BySide;
    let rules: Rules = "seed videau=whole-turn".parse().unwrap();
    let mut after_roll = 0;
    for seed in 0..200u64 {
        for length in [0, 5] {
            let mut m = Match::new(rules, length);
            let mut w = RandomPlayer::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let mut b = RandomPlayer::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1000));
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 2000);
            play_out(&mut m, BySide::new(&mut w, &mut b), &mut dice, 100_000)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for g in m.games() {
                for pair in g.events().windows(2) {
                    if let [Event::Roll { side, .. }, Event::Double { side: d, value }] = pair {
                        assert_eq!(side, d);
                        assert!(*value <= 64);
                        after_roll += 1;
                    }
                }
                assert!(g.cube().value <= 64);
            }
        }
    }
    assert!(after_roll > 50, "doubles after rolling: {after_roll}");
}
