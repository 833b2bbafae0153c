//! Thinking time of the backgammon bots: one decision (choose a play) on
//! the positions of the generator's corpus with a fixed roll each.
//!
//! `cargo bench -p backgammon-bot --bench thinking`; results in
//! docs/PERFORMANCE.md.

use backgammon::{Game, Phase, Position, Roll, Rules, Side};
use backgammon_bot::{by_name, Player};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Games paused at a play: the corpus positions with roll i mod 21.
fn games() -> Vec<Game> {
    include_str!("../../backgammon/benches/corpus.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| {
            let (id, s) = l.split_once(' ').expect("ID and side");
            let side = if s == "white" {
                Side::White
            } else {
                Side::Black
            };
            let pos = Position::from_position_id(id, side).expect("valid");
            let mut g = Game::from_position(Rules::standard(), pos);
            g.roll(Roll::ALL[i % 21]).expect("a roll");
            assert!(matches!(g.phase(), Phase::Play(..)));
            g
        })
        .collect()
}

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

criterion_group!(benches, thinking);
criterion_main!(benches);
