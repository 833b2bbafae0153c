//! Perft: the number of play sequences from a position, the regression
//! test of the legal-play generator (BG-3 to BG-5, BG-4.3 under the seed
//! preset). The counts are stored in `data/perft.txt`. Depth 1 from the
//! start is also checked against GNU Backgammon in `tests/gnubg.rs`, and
//! every count of one turn is the sum of per-roll play counts that the
//! differential test compares with gnubg on random positions.

use backgammon::perft::{perft, Counts};
use backgammon::{BySide, Position, Roll, Rules, Setup, Side};

/// The table: position ID; side on roll; rules; depth; sequences;
/// weighted[; release] ([`test_support::perft`]).
const TABLE: &str = include_str!("data/perft.txt");

/// The fields of a row before its counts.
const FIELDS: usize = 4;

/// A row's position, rules and depth.
fn parsed(f: &[&str]) -> (Position, Rules, u32) {
    let line = f.join("; ");
    let turn = match f[1] {
        "white" => Side::White,
        "black" => Side::Black,
        other => panic!("bad side {other:?} in {line}"),
    };
    (
        Position::from_position_id(f[0], turn).unwrap_or_else(|e| panic!("{line}: {e}")),
        f[2].parse().unwrap_or_else(|e| panic!("{line}: {e}")),
        f[3].parse().unwrap_or_else(|e| panic!("{line}: {e}")),
    )
}

/// A row's counts.
fn counted(f: &[&str]) -> (u64, u64) {
    let (pos, rules, depth) = parsed(f);
    let c = perft(&pos, depth, &rules);
    (c.sequences, c.weighted)
}

#[test]
fn perft_table() {
    let n = test_support::perft::run(TABLE, FIELDS, false, counted);
    assert!(n >= 8, "only {n} rows");
}

/// The depth-3 rows take long in a debug build: run them optimised,
/// `cargo test --release -p backgammon --test perft`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn perft_table_deep() {
    let n = test_support::perft::run(TABLE, FIELDS, true, counted);
    assert!(n >= 2);
}

#[test]
fn perft_start_depth_one_is_the_sum_of_the_21_rolls() {
    // BG-2.1, BG-3.1: 447 plays over the 21 rolls (gnubg agrees roll by
    // roll, tests/gnubg.rs); the 15 singles count twice when weighted.
    let start = Position::start();
    let rules = Rules::standard();
    let c = perft(&start, 1, &rules);
    assert_eq!(c.sequences, 447);
    let by_roll = |doubles: bool| -> u64 {
        Roll::ALL
            .iter()
            .filter(|r| r.is_double() == doubles)
            .map(|&r| start.legal_plays(r, &rules).len() as u64)
            .sum()
    };
    assert_eq!(c.sequences, by_roll(false) + by_roll(true));
    assert_eq!(c.weighted, 2 * by_roll(false) + by_roll(true));
    assert_eq!(
        perft(&start, 0, &rules),
        Counts {
            sequences: 1,
            weighted: 1
        }
    );
    // No hit is possible on the first turn: the seed preset agrees.
    assert_eq!(perft(&start, 1, &Rules::seed()), c);
}

#[test]
fn perft_is_the_same_for_either_side_on_roll() {
    // A position and its mirror (colours swapped, the other on roll) are
    // the same game (BG-1.2: each side numbers from his own side).
    let rules = Rules::standard();
    for row in test_support::perft::rows(TABLE, FIELDS) {
        let (pos, _, depth) = parsed(&row.fields);
        if row.release_only || depth != 1 {
            continue;
        }
        let id = pos.to_position_id();
        let other = Position::from_position_id(&id, !pos.turn()).unwrap();
        assert_eq!(perft(&other, 1, &rules), perft(&pos, 1, &rules), "{id}");
    }
}

#[test]
fn a_finished_game_is_one_leaf() {
    // BG-5.3: once a side has borne off fifteen there is nothing to play.
    let mut white = [0u8; 26];
    white[0] = 15;
    let mut black = [0u8; 26];
    black[6] = 15;
    let rules = Rules::standard();
    for turn in [Side::White, Side::Black] {
        let p = Position::from_setup(Setup {
            counts: BySide::new(white, black),
            turn,
        })
        .unwrap();
        assert_eq!(p.winner(), Some(Side::White));
        let leaf = Counts {
            sequences: 1,
            weighted: 1,
        };
        assert_eq!(perft(&p, 3, &rules), leaf);
    }
}
