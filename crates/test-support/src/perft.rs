//! The perft tables of the rules engines (`tests/data/perft.txt` of
//! `backgammon` and of `trictrac`): one position a line, its fields
//! separated by `;`, the last two the expected counts (play sequences,
//! then weighted by the rolls' chances), then the word `release` for a
//! row too slow for a debug build; `#` starts a comment line. Each
//! engine reads its own position fields and counts with its own perft;
//! the reading of the table and the running of its rows are written
//! here once.

/// A row of a perft table.
#[derive(Clone, Debug)]
pub struct Row<'a> {
    /// The whole line, to name the row when it fails.
    pub line: &'a str,
    /// The fields before the counts (the position, its depth, …).
    pub fields: Vec<&'a str>,
    /// The expected counts: sequences, weighted.
    pub expected: (u64, u64),
    /// The row runs only optimised (`release`).
    pub release_only: bool,
}

/// The rows of a perft table whose rows have `fields` fields before
/// their two counts.
///
/// # Panics
/// On a row of another number of fields, or whose counts are not
/// numbers: the table is wrong.
pub fn rows(table: &str, fields: usize) -> Vec<Row<'_>> {
    table
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split(';').map(str::trim).collect();
            let n = fields + 2;
            assert!(
                f.len() == n || (f.len() == n + 1 && f[n] == "release"),
                "bad perft row: {line}"
            );
            let count = |s: &str| {
                s.parse()
                    .unwrap_or_else(|e| panic!("bad count {s:?} in {line}: {e}"))
            };
            Row {
                line,
                fields: f[..fields].to_vec(),
                expected: (count(f[fields]), count(f[fields + 1])),
                release_only: f.len() == n + 1,
            }
        })
        .collect()
}

/// Runs the rows of `table` (with `fields` fields before the counts)
/// that run optimised only (`release`) or the others, `perft` counting
/// a row's sequences and weighted sequences from its fields; returns how
/// many rows ran.
///
/// # Panics
/// Listing every row whose counts differ.
pub fn run(
    table: &str,
    fields: usize,
    release: bool,
    perft: impl Fn(&[&str]) -> (u64, u64),
) -> usize {
    let mut n = 0;
    let mut wrong = Vec::new();
    for row in rows(table, fields)
        .into_iter()
        .filter(|r| r.release_only == release)
    {
        let got = perft(&row.fields);
        if got != row.expected {
            wrong.push(format!("{}: got {}; {}", row.line, got.0, got.1));
        }
        n += 1;
    }
    assert!(wrong.is_empty(), "perft rows differ:\n{}", wrong.join("\n"));
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "# a comment\n a; 1; 3; 5\n\n b; 2; 7; 9; release\n";

    #[test]
    fn rows_are_read_with_their_counts_and_release_mark() {
        let r = rows(TABLE, 2);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].fields, ["a", "1"]);
        assert_eq!(r[0].expected, (3, 5));
        assert!(!r[0].release_only);
        assert_eq!(r[1].expected, (7, 9));
        assert!(r[1].release_only);
    }

    #[test]
    fn run_counts_the_rows_it_runs_and_fails_on_a_wrong_count() {
        let n = run(TABLE, 2, false, |f| (3, f[1].parse::<u64>().unwrap() + 4));
        assert_eq!(n, 1);
        let wrong = std::panic::catch_unwind(|| run(TABLE, 2, true, |_| (7, 8)));
        let e = wrong.expect_err("a wrong count fails");
        let msg = e.downcast_ref::<String>().expect("a message");
        assert!(msg.contains("b; 2; 7; 9; release: got 7; 8"), "{msg}");
    }

    #[test]
    #[should_panic(expected = "bad perft row")]
    fn a_row_of_other_fields_is_refused() {
        rows("a; 1; 2", 2);
    }
}
