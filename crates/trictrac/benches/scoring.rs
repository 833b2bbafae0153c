//! Scoring every roll of middle-game positions: the jans and the filling
//! and conserving obligations (issue "Scoring every roll"). Results are
//! asserted so that a fast but wrong engine fails.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use trictrac::{Position, Roll, RollContext, Rules};

/// (TPN, sum over the 21 rolls of mover points, of opponent points).
const POSITIONS: &[(&str, u32, u32)] = &[
    // Lelasseux 1852 fig. 36: both sides developed, many lone checkers.
    (
        "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w",
        134,
        54,
    ),
    // Lelasseux fig. 47: grand jan nearly full against Black's grand jan.
    (
        "w:4,5,6,7x3,8,9x2,10x2,11x2,12x2 b:13x2,15x2,16x2,17x2,18x2,22,23x2,24x2 w",
        124,
        20,
    ),
];

fn score_all(pos: &Position) -> (u32, u32) {
    let mut m = 0;
    let mut o = 0;
    let scorer = pos.scorer(&Rules::DEFAULT);
    for roll in Roll::ALL {
        let (s, plays) = scorer.score(roll, &RollContext::default());
        black_box(&plays);
        m += s.mover_points;
        o += s.opponent_points;
    }
    (m, o)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("scoring");
    for (i, &(tpn, want_m, want_o)) in POSITIONS.iter().enumerate() {
        let pos: Position = tpn.parse().unwrap();
        let (m, o) = score_all(&pos);
        eprintln!("position {i}: 21 rolls give {m} to the mover, {o} to the opponent");
        assert_eq!((m, o), (want_m, want_o), "position {i}: scoring changed");
        group.bench_function(format!("all 21 rolls, position {i}"), |b| {
            b.iter(|| score_all(black_box(&pos)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
