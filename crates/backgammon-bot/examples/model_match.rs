//! Two model files against each other: money games without the cube (with it under `CUBE=1`),
//! duplicate dice (each dice sequence played twice, the colours
//! swapped), both players `neural` (2 ply), `neural3` or `neural0`
//! (PLIES 2, 3 or 0; B at its own depth when PLIES_OF_B is given), everything else
//! (bear-off database, race network) shared. Prints A's points per game
//! with a 95 % interval over the pairs.
//!
//! `cargo run --release -p backgammon-bot --example model_match -- A.bin B.bin GAMES SEED [PLIES [PLIES_OF_B]]`
//!
//! With `CUBE=1` in the environment the games are money games with the
//! cube (each player's cube decisions its own network's); with `JOBS=N`
//! the pairs are played on N threads (the result does not depend on N).

use std::sync::Arc;

use backgammon::{Game, Rules, Side};
use backgammon_bot::{play_out, BgNet, NeuralPlayer};
use rand::SeedableRng;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let net_a = Arc::new(BgNet::load(std::path::Path::new(&a[1])).expect("model A"));
    let net_b = Arc::new(BgNet::load(std::path::Path::new(&a[2])).expect("model B"));
    let games: u64 = a[3].parse().expect("games");
    let seed: u64 = a[4].parse().expect("seed");
    let plies: u8 = a.get(5).map_or(2, |p| p.parse().expect("plies"));
    // B's depth, A's when not given.
    let plies_b: u8 = a.get(6).map_or(plies, |p| p.parse().expect("plies of B"));
    let cube = std::env::var("CUBE").is_ok_and(|v| v == "1");
    let jobs: usize = std::env::var("JOBS")
        .ok()
        .map_or(1, |j| j.parse().expect("JOBS"));
    let rules = Rules {
        cube,
        ..Rules::standard()
    };
    let player = |net: &Arc<BgNet>, plies: u8| match plies {
        3 => NeuralPlayer::three_ply(net.clone()),
        2 => NeuralPlayer::two_ply(net.clone()),
        _ => NeuralPlayer::new(net.clone()),
    };
    let pairs = games.div_ceil(2);
    let results = neural::td::parallel_map(pairs as usize, jobs, |k| {
        let dice_seed = neural::td::game_seed(seed, k as u64);
        let mut pair = 0i64;
        let mut wins = 0u64;
        for a_side in [Side::White, Side::Black] {
            let mut pa = player(&net_a, plies);
            let mut pb = player(&net_b, plies_b);
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(dice_seed);
            let mut g = Game::money(rules);
            let r = if a_side == Side::White {
                play_out(&mut g, &mut pa, &mut pb, &mut dice)
            } else {
                play_out(&mut g, &mut pb, &mut pa, &mut dice)
            };
            let pts = r.points as i64;
            if r.winner == a_side {
                pair += pts;
                wins += 1;
            } else {
                pair -= pts;
            }
        }
        (pair as f64 / 2.0, wins)
    });
    let per_pair: Vec<f64> = results.iter().map(|r| r.0).collect();
    let wins: u64 = results.iter().map(|r| r.1).sum();
    let n = per_pair.len() as f64;
    let mean = per_pair.iter().sum::<f64>() / n;
    let var = per_pair.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "A {} vs B {}: {} games, A won {}, A's points per game {:+.3} ({:+.3} to {:+.3})",
        a[1],
        a[2],
        2 * pairs,
        wins,
        mean,
        mean - half,
        mean + half
    );
}
