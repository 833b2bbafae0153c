//! Legal-play generation over a corpus of positions, and perft.
//!
//! `cargo bench -p trictrac --bench movegen`. Results and the machine are
//! recorded in docs/PERFORMANCE.md.
//!
//! The corpus covers the phases of a relevé, both sides to move: the
//! opening, early plays and corner fights, middle games with both sides
//! developed, the passage to the return and bearing off. Most positions
//! come from random games (seeds 100–105, as in tests/properties.rs), two
//! from NOTATION.md. Before measuring, the bench checks the number of
//! plays of every position and roll, and perft(3) from the opening, so that
//! a fast but wrong engine fails.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use trictrac::perft::perft;
use trictrac::{Position, Roll, Rules};

/// (name, TPN, sum over the 21 rolls of the number of legal plays).
const CORPUS: [(&str, &str, usize); 13] = [
    ("opening", "w:1x15 b:24x15 w", 40),
    ("black-reply", "w:1x13,6,7 b:24x15 b", 40),
    ("notation-2", "w:1x9,2x3,3,4,7 b:24x15 w rolls=2", 369),
    (
        "early-white",
        "w:1x6,3,4x2,5x2,7,8,9,10 b:14x2,15,18,19,20,24x9 w rolls=6",
        548,
    ),
    (
        "early-black",
        "w:1x9,4,5,8,9,11x2 b:15x2,16,18,20x2,24x9 b rolls=6",
        201,
    ),
    (
        "corners",
        "w:1x2,2,7,9,10x2,11x4,12x3,21 b:14x4,15x4,17x4,20,22,24 b rolls=18",
        210,
    ),
    (
        "notation-3",
        "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=8.0.10.0 bredouille=n",
        603,
    ),
    (
        "middle",
        "w:1x2,7,8x4,9x4,10,15,18,20 b:13x3,14x6,16x5,19 w rolls=18",
        494,
    ),
    (
        "return-white",
        "w:3,7x2,11,14,16,19,20x3,21x2,22,23x2 b:1,2x3,4x2,13x7,15,17 w rolls=30",
        586,
    ),
    (
        "return-black",
        "w:10x2,11x2,12x3,16x3,20,22x2,23,24 b:4,5,6,9x2,13x2,14x5,15x2,19 b rolls=30",
        412,
    ),
    (
        "entering",
        "w:17,18x3,20,21x2,22,23x4,24x3 b:1x7,2x3,3x3,5 w rolls=48",
        211,
    ),
    (
        "bearing-off",
        "w:20,21x2,22x2,23x4,24x6 b:1x8,2 w rolls=51",
        119,
    ),
    (
        "bearing-off-black",
        "w:22x4,23x5,24x5 b:2x5,3x5,4x2,8x2,10 b rolls=45",
        163,
    ),
];

/// Sum of the counts of CORPUS.
const TOTAL_PLAYS: usize = 3996;
/// perft(3) from the opening, unweighted.
const PERFT_3: u64 = 154_680;

fn corpus() -> Vec<(&'static str, Position)> {
    CORPUS
        .iter()
        .map(|&(name, tpn, _)| {
            let pos: Position = tpn.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, pos)
        })
        .collect()
}

fn plays_all_rolls(pos: &Position) -> usize {
    Roll::ALL
        .iter()
        .map(|&r| black_box(pos.legal_plays(black_box(r))).len())
        .sum()
}

fn movement_all_rolls(pos: &Position) -> usize {
    Roll::ALL
        .iter()
        .map(|&r| black_box(pos.movement_plays(black_box(r), &Rules::DEFAULT)).len())
        .sum()
}

/// A wrong engine must not produce numbers.
fn check_results(positions: &[(&str, Position)]) {
    let mut total = 0;
    for ((name, pos), &(_, _, expected)) in positions.iter().zip(CORPUS.iter()) {
        let n = plays_all_rolls(pos);
        assert_eq!(n, expected, "{name}: plays over the 21 rolls");
        total += n;
    }
    assert_eq!(total, TOTAL_PLAYS, "plays over the corpus");
    assert_eq!(perft(&Position::start(), 3).sequences, PERFT_3);
}

fn bench_movegen(c: &mut Criterion) {
    let positions = corpus();
    check_results(&positions);
    let rolls = (positions.len() * Roll::ALL.len()) as u64;

    // The headline number: per-roll average over the whole corpus.
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Elements(rolls));
    group.bench_function("legal_plays", |b| {
        b.iter(|| {
            let n: usize = positions.iter().map(|(_, p)| plays_all_rolls(p)).sum();
            assert_eq!(n, TOTAL_PLAYS);
            n
        })
    });
    group.bench_function("movement_plays", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(_, p)| movement_all_rolls(p))
                .sum::<usize>()
        })
    });
    group.finish();

    // Per position: the 21 rolls.
    let mut group = c.benchmark_group("position");
    group.throughput(Throughput::Elements(Roll::ALL.len() as u64));
    for (name, pos) in &positions {
        group.bench_with_input(BenchmarkId::from_parameter(name), pos, |b, pos| {
            b.iter(|| plays_all_rolls(pos))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    group.bench_function("start_depth_3", |b| {
        b.iter(|| {
            let c = perft(black_box(&Position::start()), 3);
            assert_eq!(c.sequences, PERFT_3);
            c
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_movegen
}
criterion_main!(benches);
