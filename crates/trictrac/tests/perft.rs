//! Perft: the number of ply sequences from a position, the regression
//! test of the legal-play generator. The counts are stored in
//! `data/perft.txt`; the small ones were checked by hand (see the
//! comments there).

use trictrac::perft::{perft, PerftCount};
use trictrac::{Position, Setup, Side};

struct Row {
    tpn: &'static str,
    depth: u32,
    expected: PerftCount,
    release_only: bool,
}

fn rows() -> Vec<Row> {
    include_str!("data/perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split(';').map(str::trim).collect();
            assert!(f.len() == 4 || f.len() == 5, "bad perft row: {line}");
            Row {
                tpn: f[0],
                depth: f[1].parse().unwrap(),
                expected: PerftCount {
                    sequences: f[2].parse().unwrap(),
                    weighted: f[3].parse().unwrap(),
                },
                release_only: f.get(4) == Some(&"release"),
            }
        })
        .collect()
}

fn run(rows: impl Iterator<Item = Row>) -> usize {
    let mut n = 0;
    for row in rows {
        let pos: Position = row
            .tpn
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", row.tpn));
        assert_eq!(
            perft(&pos, row.depth),
            row.expected,
            "perft({}, {})",
            row.tpn,
            row.depth
        );
        n += 1;
    }
    n
}

#[test]
fn perft_table() {
    let n = run(rows().into_iter().filter(|r| !r.release_only));
    assert!(n >= 15, "only {n} rows");
}

/// The deeper rows take seconds in a debug build: run them optimised,
/// `cargo test --release -p trictrac --test perft`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn perft_table_deep() {
    let n = run(rows().into_iter().filter(|r| r.release_only));
    assert!(n >= 1);
}

#[test]
fn perft_start_depth_one_by_hand() {
    // 15 singles two checkers + 14 tout d'une + 6 doubles + 5 tout d'une.
    let c = perft(&Position::start(), 1);
    assert_eq!(c.sequences, 15 + 14 + 6 + 5);
    assert_eq!(c.weighted, 2 * (15 + 14) + (6 + 5));
    assert_eq!(perft(&Position::start(), 0).sequences, 1);
}

/// The same position seen from the other side: Black's field k becomes
/// White's field k (absolute 25 − k), the turn and the score swap.
fn mirror(pos: &Position) -> Position {
    let s = pos.to_setup();
    let mut m = Setup::empty();
    for i in 0..24 {
        m.white[i] = s.black[23 - i];
        m.black[i] = s.white[23 - i];
    }
    m.turn = !s.turn;
    m.rolls = s.rolls;
    m.score.points = trictrac::BySide::new(s.score.points.black, s.score.points.white);
    m.score.holes = trictrac::BySide::new(s.score.holes.black, s.score.holes.white);
    Position::from_setup(m).unwrap()
}

#[test]
fn perft_is_colour_blind() {
    // Every row gives the same counts with the colours exchanged.
    for row in rows()
        .into_iter()
        .filter(|r| !r.release_only && r.depth <= 2)
    {
        let pos: Position = row.tpn.parse().unwrap();
        let m = mirror(&pos);
        assert_ne!(m.turn(), pos.turn());
        assert_eq!(perft(&m, row.depth), row.expected, "mirror of {}", row.tpn);
    }
    assert_eq!(mirror(&Position::start()).turn(), Side::Black);
}
