//! Legal-play generation over a corpus of real mid-game positions, and
//! random complete games.
//!
//! `cargo bench -p backgammon --bench movegen`. Results and the machine
//! are recorded in docs/PERFORMANCE.md.
//!
//! The corpus (`benches/corpus.txt`) is 200 mid-game positions (contact,
//! turns 10 to 50) of games between two greedy players, written by
//! `cargo run --release -p backgammon-bot --example corpus`. Before
//! measuring, the bench checks the number of legal plays of every
//! position for all 21 rolls against the recorded total, so that a fast
//! but wrong engine fails (the generator itself is checked against GNU
//! Backgammon in tests/gnubg.rs).

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

mod workloads;
use workloads::{corpus, count_all, random_game, CORPUS_PLAYS};

fn movegen(c: &mut Criterion) {
    let corpus = corpus();
    assert_eq!(corpus.len(), 200);
    let rules = Rules::standard();
    let mut list = PlayList::new();
    let total = count_all(&corpus, &rules, &mut list);
    assert_eq!(total, CORPUS_PLAYS, "the legal plays of the corpus changed");
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements((corpus.len() * 21) as u64));
    group.bench_function("legal_plays/corpus (per roll)", |b| {
        b.iter(|| black_box(count_all(black_box(&corpus), &rules, &mut list)))
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements(100));
    let mut seed = 0u64;
    group.bench_function("random complete games (100)", |b| {
        b.iter(|| {
            let mut plies = 0usize;
            for _ in 0..100 {
                seed += 1;
                plies += random_game(seed);
            }
            black_box(plies)
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, random_games);
criterion_main!(benches);
