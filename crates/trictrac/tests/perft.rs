//! Perft: the number of ply sequences from a position, the regression
//! test of the legal-play generator. The counts are stored in
//! `data/perft.txt`; the small ones were checked by hand (see the
//! comments there).

use trictrac::perft::perft;
use trictrac::{Position, Setup, Side};

/// The table: TPN; depth; sequences; weighted[; release]
/// ([`test_support::perft`]).
const TABLE: &str = include_str!("data/perft.txt");

/// The fields of a row before its counts.
const FIELDS: usize = 2;

/// A row's position and depth.
fn parsed(f: &[&str]) -> (Position, u32) {
    let pos = f[0].parse().unwrap_or_else(|e| panic!("{}: {e}", f[0]));
    (
        pos,
        f[1].parse().unwrap_or_else(|e| panic!("{}: {e}", f[1])),
    )
}

/// A row's counts.
fn counted(f: &[&str]) -> (u64, u64) {
    let (pos, depth) = parsed(f);
    let c = perft(&pos, depth);
    (c.sequences, c.weighted)
}

#[test]
fn perft_table() {
    let n = test_support::perft::run(TABLE, FIELDS, false, counted);
    assert!(n >= 15, "only {n} rows");
}

/// The deeper rows take seconds in a debug build: run them optimised,
/// `cargo test --release -p trictrac --test perft`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn perft_table_deep() {
    let n = test_support::perft::run(TABLE, FIELDS, true, counted);
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
    for row in test_support::perft::rows(TABLE, FIELDS) {
        let (pos, depth) = parsed(&row.fields);
        if row.release_only || depth > 2 {
            continue;
        }
        let m = mirror(&pos);
        assert_ne!(m.turn(), pos.turn());
        let c = perft(&m, depth);
        assert_eq!(
            (c.sequences, c.weighted),
            row.expected,
            "mirror of {}",
            row.line
        );
    }
    assert_eq!(mirror(&Position::start()).turn(), Side::Black);
}
