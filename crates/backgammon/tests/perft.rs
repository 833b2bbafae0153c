//! Perft: the number of play sequences from a position, the regression
//! test of the legal-play generator (BG-3 to BG-5, BG-4.3 under the seed
//! preset). The counts are stored in `data/perft.txt`. Depth 1 from the
//! start is also checked against GNU Backgammon in `tests/gnubg.rs`, and
//! every count of one turn is the sum of per-roll play counts that the
//! differential test compares with gnubg on random positions.

use backgammon::perft::{perft, Counts};
use backgammon::{BySide, Position, Roll, Rules, Setup, Side};

struct Row {
    line: &'static str,
    pos: Position,
    rules: Rules,
    depth: u32,
    expected: Counts,
    release_only: bool,
}

fn rows() -> Vec<Row> {
    include_str!("data/perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split(';').map(str::trim).collect();
            assert!(f.len() == 6 || f.len() == 7, "bad perft row: {line}");
            let turn = match f[1] {
                "white" => Side::White,
                "black" => Side::Black,
                other => panic!("bad side {other:?} in {line}"),
            };
            Row {
                line,
                pos: Position::from_position_id(f[0], turn)
                    .unwrap_or_else(|e| panic!("{line}: {e}")),
                rules: f[2].parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                depth: f[3].parse().unwrap(),
                expected: Counts {
                    sequences: f[4].parse().unwrap(),
                    weighted: f[5].parse().unwrap(),
                },
                release_only: f.get(6) == Some(&"release"),
            }
        })
        .collect()
}

/// Runs the rows, returns how many ran; fails listing every wrong row.
fn run(rows: impl Iterator<Item = Row>) -> usize {
    let mut n = 0;
    let mut wrong = Vec::new();
    for row in rows {
        let got = perft(&row.pos, row.depth, &row.rules);
        if got != row.expected {
            wrong.push(format!(
                "{}: got {}; {}",
                row.line, got.sequences, got.weighted
            ));
        }
        n += 1;
    }
    assert!(wrong.is_empty(), "perft rows differ:\n{}", wrong.join("\n"));
    n
}

#[test]
fn perft_table() {
    let n = run(rows().into_iter().filter(|r| !r.release_only));
    assert!(n >= 8, "only {n} rows");
}

/// The depth-3 rows take long in a debug build: run them optimised,
/// `cargo test --release -p backgammon --test perft`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn perft_table_deep() {
    let n = run(rows().into_iter().filter(|r| r.release_only));
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
    for row in rows()
        .into_iter()
        .filter(|r| !r.release_only && r.depth == 1)
    {
        let id = row.pos.to_position_id();
        let other = Position::from_position_id(&id, !row.pos.turn()).unwrap();
        assert_eq!(perft(&other, 1, &rules), perft(&row.pos, 1, &rules), "{id}");
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
