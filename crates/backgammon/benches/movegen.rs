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
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Sum over the corpus and the 21 rolls of the number of legal plays.
const CORPUS_PLAYS: usize = 62_002;

fn corpus() -> Vec<Position> {
    include_str!("corpus.txt")
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

fn count_all(corpus: &[Position], rules: &Rules, list: &mut PlayList) -> usize {
    let mut n = 0;
    for pos in corpus {
        for roll in Roll::ALL {
            pos.legal_plays_into(roll, rules, list);
            n += list.len();
        }
    }
    n
}

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
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements(100));
    let mut seed = 0u64;
    group.bench_function("random complete games (100)", |b| {
        b.iter(|| {
            let mut plies = 0usize;
            for _ in 0..100 {
                seed += 1;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut g = Game::money(rules);
                g.roll_with(&mut rng).unwrap();
                loop {
                    match g.phase() {
                        Phase::Play(_, _) => {
                            let plays = g.legal_plays();
                            let p = plays[rng.gen_range(0..plays.len())];
                            g.play(&p).unwrap();
                            plies += 1;
                        }
                        Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
                        _ => break,
                    }
                }
            }
            black_box(plies)
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, random_games);
criterion_main!(benches);
