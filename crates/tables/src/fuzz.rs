//! Mutations of valid inputs, for the parsers' fuzz tests (feature
//! `fuzz`, enabled by the engines' dev-dependencies only).
//!
//! A fuzz test starts from valid texts (a position, a record, an id) and
//! damages them the way a file or a network does: a bit flipped, the
//! text cut short, a character inserted, deleted, replaced or a span
//! repeated. Each [`Mutation`] is decoded from plain numbers, so that any
//! property-testing crate can draw them and shrink a failure; the
//! proptest strategies both engines' fuzz tests draw from are here too
//! ([`mutations`], [`notation_text`]), with their budget ([`budget`]),
//! and the four properties they run over them ([`Parsers`],
//! [`fuzz_tests!`](crate::fuzz_tests)).
//!
//! ```
//! use tables::fuzz::{mutate, Mutation};
//! let m = [Mutation::Truncate { at: 3 }, Mutation::Insert { at: 1, ch: '/' }];
//! assert_eq!(mutate("24/18", &m), "2/4/");
//! assert_eq!(mutate("ab", &[Mutation::FlipBit { at: 0, bit: 7 }]), "\u{FFFD}b");
//! ```

/// Characters worth inserting into the games' notations: their
/// separators and digits, the letters they use, a quote, brackets, white
/// space, and a few characters outside ASCII (two bytes, three, four).
pub const CHARS: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '/', '*', ':', ',', '.', '=', '+', '(',
    ')', '[', ']', '{', '}', '"', '\'', ';', '#', ' ', '\t', '\n', 'x', 'w', 'b', 'A', 'Z', 'a',
    'z', 'o', 'f', 'D', 'B', 'R', 'X', 'G', 'I', '_', '|', 'é', '€', '\u{FFFD}', '𝄞',
];

/// One change to a text. Positions are byte offsets taken modulo the
/// text's length (so that any number fits any text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// Flips bit `bit` (0..8) of the byte at `at`.
    FlipBit {
        /// Byte offset.
        at: usize,
        /// Bit, 0 to 7.
        bit: u8,
    },
    /// Keeps the first `at` bytes.
    Truncate {
        /// Bytes kept.
        at: usize,
    },
    /// Inserts `ch` before the byte at `at`.
    Insert {
        /// Byte offset.
        at: usize,
        /// The character (UTF-8 bytes).
        ch: char,
    },
    /// Removes the byte at `at`.
    Delete {
        /// Byte offset.
        at: usize,
    },
    /// Replaces the byte at `at` by the UTF-8 bytes of `ch`.
    Replace {
        /// Byte offset.
        at: usize,
        /// The character.
        ch: char,
    },
    /// Repeats the `len` bytes from `at` right after them.
    Repeat {
        /// Byte offset.
        at: usize,
        /// Bytes repeated (at most to the end).
        len: usize,
    },
}

impl Mutation {
    /// Decodes a mutation from three numbers: `kind` picks the variant,
    /// `at` the position, `value` the bit, character (from [`CHARS`]) or
    /// length.
    pub fn from_numbers(kind: u8, at: usize, value: u8) -> Mutation {
        let ch = CHARS[usize::from(value) % CHARS.len()];
        match kind % 6 {
            0 => Mutation::FlipBit { at, bit: value % 8 },
            1 => Mutation::Truncate { at },
            2 => Mutation::Insert { at, ch },
            3 => Mutation::Delete { at },
            4 => Mutation::Replace { at, ch },
            _ => Mutation::Repeat {
                at,
                len: usize::from(value % 16) + 1,
            },
        }
    }
}

/// Applies `mutations` to the bytes of `input`, in order, and reads the
/// result as UTF-8, invalid sequences replaced by U+FFFD (a parser takes
/// a `&str`).
pub fn mutate(input: &str, mutations: &[Mutation]) -> String {
    let mut b = input.as_bytes().to_vec();
    let mut buf = [0u8; 4];
    for m in mutations {
        let n = b.len();
        match *m {
            Mutation::FlipBit { at, bit } if n > 0 => b[at % n] ^= 1 << (bit % 8),
            Mutation::Truncate { at } => b.truncate(at % (n + 1)),
            Mutation::Insert { at, ch } => {
                let at = at % (n + 1);
                b.splice(at..at, ch.encode_utf8(&mut buf).bytes());
            }
            Mutation::Delete { at } if n > 0 => {
                b.remove(at % n);
            }
            Mutation::Replace { at, ch } if n > 0 => {
                let at = at % n;
                b.splice(at..=at, ch.encode_utf8(&mut buf).bytes());
            }
            Mutation::Repeat { at, len } if n > 0 => {
                let at = at % n;
                let end = (at + len).min(n);
                let span = b[at..end].to_vec();
                b.splice(end..end, span);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// `cases` cases, times `FUZZ_SCALE` (default 1) for a longer hunt:
/// `FUZZ_SCALE=100 cargo test -p backgammon --test fuzz_parsers`.
pub fn budget(cases: u32) -> proptest::test_runner::Config {
    let scale = std::env::var("FUZZ_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    proptest::test_runner::Config::with_cases(cases.saturating_mul(scale))
}

/// Texts of up to 40 characters drawn from the notations' [`CHARS`].
pub fn notation_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::strategy::Strategy;
    proptest::collection::vec(proptest::sample::select(CHARS), 0..40)
        .prop_map(|c| c.into_iter().collect())
}

/// One to five [`Mutation`]s, drawn as numbers ([`Mutation::from_numbers`]).
pub fn mutations() -> impl proptest::strategy::Strategy<Value = Vec<Mutation>> {
    use proptest::arbitrary::any;
    use proptest::strategy::Strategy;
    proptest::collection::vec(
        (any::<u8>(), any::<usize>(), any::<u8>())
            .prop_map(|(k, at, v)| Mutation::from_numbers(k, at, v)),
        1..6,
    )
}

/// Writes the parsers' fuzz tests of a game ([`Parsers`]): four
/// `#[test]`s, `any_text_reads_or_is_refused` and
/// `notation_like_text_reads_or_is_refused` (2 000 cases each), and the
/// two named for the damaged short texts (2 000 cases) and files (the
/// cases given). Each line gives a kind of text: its check, its seeds,
/// its test; `in_long` writes a notation-like text into a file.
///
/// ```ignore
/// tables::fuzz_tests! {
///     short: check_short, &seeds().short, damaged_ids_read_or_are_refused;
///     long: check_file, &seeds().files, damaged_files_read_or_are_refused, 1500;
///     in_long: |s| format!("1) {s}\n");
/// }
/// ```
#[macro_export]
macro_rules! fuzz_tests {
    (
        short: $short:expr, $short_seeds:expr, $short_test:ident;
        long: $long:expr, $long_seeds:expr, $long_test:ident, $long_cases:expr;
        in_long: $in_long:expr;
    ) => {
        /// The suite of this file's parsers.
        fn parsers() -> $crate::fuzz::Parsers {
            $crate::fuzz::Parsers {
                file: file!(),
                short: $short,
                long: $long,
                in_long: $in_long,
                short_seeds: $short_seeds,
                long_seeds: $long_seeds,
            }
        }

        #[test]
        fn any_text_reads_or_is_refused() {
            parsers().any_text(2000);
        }

        #[test]
        fn notation_like_text_reads_or_is_refused() {
            parsers().notation_like(2000);
        }

        #[test]
        fn $short_test() {
            parsers().damaged_short(2000);
        }

        #[test]
        fn $long_test() {
            parsers().damaged_long($long_cases);
        }
    };
}

/// A property of one text: `Ok` when the text reads and round-trips or
/// is refused, a failure otherwise.
pub type Check = fn(&str) -> Result<(), proptest::test_runner::TestCaseError>;

/// The parsers' fuzz suite of a game, the same four properties for each
/// engine: arbitrary texts, notation-like texts, and valid texts damaged
/// by [`mutations`] — short ones (positions, ids, plays) and whole files
/// (records, matches) — read or are refused, never panic. Each engine's
/// test gives its own checks and seeds, and a `#[test]` per property.
#[derive(Clone, Copy, Debug)]
pub struct Parsers {
    /// The test's file (`file!()`): proptest keeps the seeds of the
    /// failures found beside it (`*.proptest-regressions`).
    pub file: &'static str,
    /// The check of a short text.
    pub short: Check,
    /// The check of a whole file.
    pub long: Check,
    /// A notation-like text written into a whole file (as one play).
    pub in_long: fn(&str) -> String,
    /// Valid short texts, to damage.
    pub short_seeds: &'static [String],
    /// Valid whole files, to damage.
    pub long_seeds: &'static [String],
}

impl Parsers {
    /// `cases` arbitrary texts (times `FUZZ_SCALE`), as short texts and
    /// as whole files.
    ///
    /// # Panics
    /// With the smallest failing text, when a check fails.
    pub fn any_text(&self, cases: u32) {
        self.run(cases, proptest::arbitrary::any::<String>(), |s| {
            (self.short)(&s)?;
            (self.long)(&s)
        });
    }

    /// `cases` [`notation_text`]s, as short texts, as whole files and
    /// written into a whole file ([`Parsers::in_long`]).
    ///
    /// # Panics
    /// With the smallest failing text, when a check fails.
    pub fn notation_like(&self, cases: u32) {
        self.run(cases, notation_text(), |s| {
            (self.short)(&s)?;
            (self.long)(&s)?;
            (self.long)(&(self.in_long)(&s))
        });
    }

    /// `cases` short seeds damaged by [`mutations`].
    ///
    /// # Panics
    /// With the smallest failing damage, when a check fails.
    pub fn damaged_short(&self, cases: u32) {
        self.damaged(cases, self.short_seeds, self.short);
    }

    /// `cases` whole-file seeds damaged by [`mutations`].
    ///
    /// # Panics
    /// With the smallest failing damage, when a check fails.
    pub fn damaged_long(&self, cases: u32) {
        self.damaged(cases, self.long_seeds, self.long);
    }

    fn damaged(&self, cases: u32, seeds: &[String], check: Check) {
        use proptest::arbitrary::any;
        use proptest::sample::Index;
        assert!(!seeds.is_empty(), "no seeds to damage");
        self.run(cases, (any::<Index>(), mutations()), |(i, m)| {
            check(&mutate(&seeds[i.index(seeds.len())], &m))
        });
    }

    /// Runs `test` on `cases` values of `strategy` (times `FUZZ_SCALE`,
    /// [`budget`]) as `proptest!` does: the seeds of past failures
    /// first, a failure shrunk and kept.
    fn run<S: proptest::strategy::Strategy>(
        &self,
        cases: u32,
        strategy: S,
        test: impl Fn(S::Value) -> Result<(), proptest::test_runner::TestCaseError>,
    ) {
        let mut config = budget(cases);
        config.source_file = Some(self.file);
        let mut runner = proptest::test_runner::TestRunner::new(config);
        if let Err(e) = runner.run(&strategy, test) {
            panic!("{e}\n{runner}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mutation_changes_what_it_says() {
        let m = |k, at, v| mutate("12-34", &[Mutation::from_numbers(k, at, v)]);
        assert_eq!(m(0, 0, 0), "02-34"); // '1' ^ 1
        assert_eq!(m(1, 2, 0), "12");
        assert_eq!(m(2, 5, 1), "12-341"); // CHARS[1]
        assert_eq!(m(3, 7, 0), "1234"); // 7 % 5 = 2
        assert_eq!(m(4, 0, 10), "-2-34"); // CHARS[10]
        assert_eq!(m(5, 3, 1), "12-3434");
        assert_eq!(mutate("", &[Mutation::from_numbers(0, 9, 9)]), "");
    }
}
