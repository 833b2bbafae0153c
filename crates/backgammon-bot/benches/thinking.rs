//! Thinking time of the backgammon bots: one decision (choose a play) on
//! the positions of the generator's corpus with a fixed roll each, and
//! the default bot's cube decision on the same positions.
//!
//! `cargo bench -p backgammon-bot --bench thinking`; results in
//! docs/PERFORMANCE.md.

use backgammon::{BySide, Cube, Game, MatchState, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::cube::decide;
use backgammon_bot::{by_name, default_net, Player};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;
use workloads::games_at_a_play as games;

fn thinking(c: &mut Criterion) {
    let games = games();
    for name in ["neural0", "neural2", "greedy"] {
        let mut p: Box<dyn Player> = by_name(name, 1).expect("a bot");
        c.bench_function(&format!("{name}: one play, mean over 200 positions"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(p.choose_play(&games[i]))
            })
        });
    }
}

/// A cube decision of the default bot (its evaluation for the cube, then
/// double or not) on the corpus positions, in a money game and at 5-away
/// 3-away in a 7-point match.
fn cube(c: &mut Criterion) {
    let positions: Vec<Position> = games().iter().map(|g| *g.position()).collect();
    let net = default_net();
    let rules = Rules::standard();
    for (label, state) in [
        ("money", MatchState::money()),
        (
            "7-point match at 2-4",
            MatchState {
                score: BySide::new(2, 4),
                ..MatchState::to(7)
            },
        ),
    ] {
        c.bench_function(&format!("neural: cube decision, {label}"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % positions.len();
                let pos = &positions[i];
                let o = net.evaluate_for_cube(pos, &rules);
                black_box(decide(pos, &rules, &state, Cube::centred(), &o).double())
            })
        });
    }
}

criterion_group!(benches, thinking, cube);
criterion_main!(benches);
