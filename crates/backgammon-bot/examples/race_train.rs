//! Trains the race network as `trictrac bg train --race` does (the same
//! library calls and settings), for builds without the CLI:
//!
//! `cargo run --release -p backgammon-bot --example race_train -- WARM_START.bin OUT.bin GAMES STARTS SEED ALPHA ALPHA_END`
//!
//! A checkpoint (OUT.GAMES.bin) and a log line every 20 000 games.

use backgammon_bot::eval::race::RaceNet;
use backgammon_bot::train::race::{start_positions, RaceTrainer};
use backgammon_bot::BgNet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let old = BgNet::load(std::path::Path::new(&a[1])).expect("a model");
    let out = std::path::PathBuf::from(&a[2]);
    let games: u64 = a[3].parse().expect("games");
    let starts: usize = a[4].parse().expect("starts");
    let seed: u64 = a[5].parse().expect("seed");
    let alpha: f32 = a[6].parse().expect("alpha");
    let alpha_end: f32 = a[7].parse().expect("alpha end");
    let mut net = RaceNet::from_contact(&old, seed);
    net.0.info = neural::TrainInfo {
        games: 0,
        seed,
        alpha,
        alpha_end,
        alpha_games: games,
        lambda: 0.7,
        batch: 32,
    };
    let t0 = std::time::Instant::now();
    let s = start_positions(starts, seed, 1);
    println!(
        "{} start positions in {:.1} s",
        s.len(),
        t0.elapsed().as_secs_f64()
    );
    let mut t = RaceTrainer::new(net, s);
    let (mut g, mut p, mut e) = (0u64, 0u64, 0.0f64);
    while t.games() < games {
        let before = t.games();
        let (n, plies, err) = t.batch(games, 1);
        g += n;
        p += plies;
        e += err * n as f64;
        if t.games() / 20_000 > before / 20_000 || t.games() == games {
            println!(
                "games {} secs {:.0} plies/game {:.1} error {:.4}",
                t.games(),
                t0.elapsed().as_secs_f64(),
                p as f64 / g as f64,
                e / g as f64
            );
            (g, p, e) = (0, 0, 0.0);
            t.net().save(&out).expect("saved");
            t.net()
                .save(&out.with_extension(format!("{}.bin", t.games())))
                .expect("saved");
        }
    }
}
