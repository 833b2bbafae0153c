//! The generator's workloads, written once for `benches/movegen.rs`, the
//! `bench_work` example (the same work as a plain program, for `perf
//! stat`), the unit test of the reference generator (`src/reference.rs`)
//! and the backgammon bots' thinking bench and `think_time` example: the
//! corpus of positions and random complete games. The including
//! module brings the engine's `Game`, `Phase`, `PlayList`, `Position`,
//! `Roll`, `Rules` and `Side` into scope. Also the loop of cubeless
//! money games whose plays a caller makes ([`money_games`]), for the
//! bots' fast-path test and `decisions` example.
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Game, Phase, PlayList, Position, Roll, Rules, Side};

/// Sum over the corpus and the 21 rolls of the number of legal plays.
pub const CORPUS_PLAYS: usize = 62_002;

/// The corpus (`benches/corpus.txt`): 200 mid-game positions (contact,
/// turns 10 to 50) of games between two greedy players, written by
/// `cargo run --release -p backgammon-bot --example corpus`.
pub fn corpus() -> Vec<Position> {
    include_str!("../corpus.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, side) = l.split_once(' ').expect("ID and side");
            let side = if side.trim() == "white" {
                Side::White
            } else {
                Side::Black
            };
            Position::from_position_id(id, side).expect("a valid Position ID")
        })
        .collect()
}

/// Games paused at a play: the corpus positions, the one of line `i`
/// with roll `i` mod 21 (the bots' thinking benches).
pub fn games_at_a_play() -> Vec<Game> {
    corpus()
        .into_iter()
        .enumerate()
        .map(|(i, pos)| {
            let mut g = Game::from_position(Rules::standard(), pos);
            g.roll(Roll::ALL[i % 21]).expect("a roll");
            assert!(matches!(g.phase(), Phase::Play(..)));
            g
        })
        .collect()
}

/// The number of legal plays over `corpus` and the 21 rolls.
pub fn count_all(corpus: &[Position], rules: &Rules, list: &mut PlayList) -> usize {
    let mut n = 0;
    for pos in corpus {
        for roll in Roll::ALL {
            pos.legal_plays_into(roll, rules, list);
            n += list.len();
        }
    }
    n
}

/// A complete cubeless game of random plays with the dice of `seed`:
/// the plies played.
pub fn random_game(seed: u64) -> usize {
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules);
    g.roll_with(&mut rng).unwrap();
    let mut plies = 0;
    loop {
        match g.phase() {
            Phase::Play(_, _) => {
                let plays = g.legal_plays();
                let p = plays[rng.gen_range(0..plays.len())];
                g.play(&p).unwrap();
                plies += 1;
            }
            Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
            _ => return plies,
        }
    }
}

/// Plays `games` cubeless money games with the dice of `seed`: `play`
/// makes each play, given the game at a play, its roll, and the dice's
/// generator (for random choices: the same stream as the dice).
pub fn money_games(games: u64, seed: u64, mut play: impl FnMut(&mut Game, Roll, &mut ChaCha8Rng)) {
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = Game::money(rules);
        loop {
            match g.phase() {
                Phase::Over(_) => break,
                Phase::Play(_, roll) => play(&mut g, roll, &mut rng),
                _ => g.roll_with(&mut rng).expect("a roll"),
            }
        }
    }
}
