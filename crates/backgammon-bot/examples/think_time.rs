//! The bots' mean time per play (0, 2 and 3 plies) over the generator's corpus (as
//! the `thinking` bench, in a plain loop), with the shipped model or a
//! model file: `cargo run --release -p backgammon-bot --example think_time -- [MODEL.bin|-] [ROUNDS]`.
//! Prints the CPU time of the thread per play (and the wall time).

use std::sync::Arc;

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::{default_net, BgBot, BgNet, NeuralPlayer};

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;

#[path = "../benches/clock/mod.rs"]
mod clock;

/// This thread's CPU time in seconds, as the `thinking` bench measures.
fn cpu() -> f64 {
    clock::thread_cpu_ns() / 1e9
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let net = match a.get(1) {
        Some(p) if p != "-" => Arc::new(BgNet::load(std::path::Path::new(p)).expect("a model")),
        _ => default_net(),
    };
    let rounds: usize = a.get(2).map_or(5, |r| r.parse().expect("rounds"));
    let games = workloads::games_at_a_play();
    // Warm up (the bear-off database is built at first use).
    let _ = backgammon_bot::eval::bearoff::db();
    for (name, mut p) in [
        ("neural0", NeuralPlayer::new(net.clone())),
        ("neural2", NeuralPlayer::two_ply(net.clone())),
        ("neural3", NeuralPlayer::three_ply(net.clone())),
    ] {
        let t = std::time::Instant::now();
        let c = cpu();
        let mut n = 0;
        for _ in 0..rounds {
            for g in &games {
                std::hint::black_box(p.choose_play(g));
                n += 1;
            }
        }
        println!(
            "{name}: {:.1} µs of CPU per play ({:.1} µs wall) over {n} plays ({} inputs, {} hidden)",
            (cpu() - c) * 1e6 / n as f64,
            t.elapsed().as_secs_f64() * 1e6 / n as f64,
            net.inputs(),
            net.hidden()
        );
    }
}
