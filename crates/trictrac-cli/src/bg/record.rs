//! Backgammon records: Jellyfish `.mat` files (BG-1.4) as gnubg imports
//! them, with the rules named in a leading comment line when they are not
//! gnubg's (`; trictrac bg rules: seed`), which gnubg ignores (BG-8).

use std::path::Path;

use backgammon::mat::MatFile;
use backgammon::Rules;

use crate::error::CliError;

/// The comment that names the rules.
const RULES_PREFIX: &str = "; trictrac bg rules: ";

/// Reads a record; the rules are the file's when it names them, else
/// `default`.
pub fn read(path: &Path, default: Option<Rules>) -> Result<(MatFile, Rules), CliError> {
    let text = crate::input::read_text(path)?;
    parse(&text, default).map_err(|e| match e {
        CliError::Input(m) => CliError::Input(format!("{}: {m}", path.display())),
        CliError::Illegal(m) => CliError::Illegal(format!("{}: {m}", path.display())),
        e => e,
    })
}

/// The rules a record names in its comment line, else the standard ones.
///
/// # Errors
/// A rules line that does not read.
pub fn rules_named(text: &str) -> Result<Rules, CliError> {
    Ok(rules_line(text)?.unwrap_or_else(Rules::standard))
}

/// The rules named by the comment line before the `N point match` line,
/// if there is one (a player's name is never taken for it).
fn rules_line(text: &str) -> Result<Option<Rules>, CliError> {
    text.lines()
        .map(str::trim)
        .take_while(|l| !l.to_ascii_lowercase().ends_with("point match"))
        .find_map(|l| l.strip_prefix(RULES_PREFIX.trim()))
        .map(|r| {
            r.trim()
                .parse::<Rules>()
                .map_err(|e| CliError::input(format!("the rules line: {e}")))
        })
        .transpose()
}

/// Reads the text of a record (see [`read`]). The rules line is looked
/// for only among the comments before the `N point match` line (a
/// player's name is never taken for it).
pub fn parse(text: &str, default: Option<Rules>) -> Result<(MatFile, Rules), CliError> {
    if text.trim().is_empty() {
        return Err(CliError::input(
            "the file is empty: not a .mat record (it starts with a line ` N point match`)",
        ));
    }
    let named = rules_line(text)?;
    let rules = match (named, default) {
        (Some(r), _) => r,
        (None, Some(d)) => d,
        (None, None) => Rules::standard(),
    };
    let mat = MatFile::parse(text, rules).map_err(|e| CliError::Illegal(e.to_string()))?;
    Ok((mat, rules))
}

/// The text of a record: the rules line when they are not the standard
/// ones, then the `.mat` text.
pub fn text(mat: &MatFile, rules: &Rules) -> String {
    let mut s = String::new();
    if *rules != Rules::standard() {
        s.push_str(RULES_PREFIX);
        s.push_str(&rules.to_string());
        s.push('\n');
    }
    s.push_str(&mat.to_string());
    s
}

/// Writes a record; a file that could not be written whole is removed.
pub fn write(path: &Path, mat: &MatFile, rules: &Rules) -> Result<(), CliError> {
    crate::input::write_text(path, &text(mat, rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::mat::mat_name;
    use backgammon::{BySide, Game, Side};
    use proptest::prelude::*;
    use rand::SeedableRng;

    /// Games as `bg play` keeps them: random plays and cube actions, by
    /// random players through the shared driver.
    fn games(seed: u64, rules: Rules, length: u32) -> Vec<Game> {
        use rand_chacha::ChaCha8Rng;
        let mut m = backgammon::session::Match::new(rules, length);
        let mut dice = ChaCha8Rng::seed_from_u64(seed);
        let mut w = tables::RandomPlayer::<ChaCha8Rng>::seeded(seed ^ 1);
        let mut b = tables::RandomPlayer::<ChaCha8Rng>::seeded(seed ^ 2);
        tables::play_out(&mut m, BySide::new(&mut w, &mut b), &mut dice, 100_000)
            .expect("random players end their match");
        m.games().cloned().collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// `bg play`'s save (`text`) read back by `bg replay` and
        /// `--load` (`parse`): any name, as `mat_name` writes it, the
        /// rules and the moves the same.
        #[test]
        fn bg_1_4_a_saved_game_reads_back_whatever_the_names(
            white in "(?s).{0,40}|(; trictrac bg rules: seed| Game [0-9]|Game|[:, \t#(])+",
            black in "(?s).{0,40}|(; trictrac bg rules: standard| Game [0-9]|Game|[:, \t#(])+",
            seed in 0u64..500,
            length in prop_oneof![Just(0u32), Just(3)],
            seed_rules in any::<bool>(),
        ) {
            let rules = if seed_rules { Rules::seed() } else { Rules::standard() };
            let m = MatFile { length, names: BySide::new(white.clone(), black.clone()), games: games(seed, rules, length) };
            let saved = text(&m, &rules);
            let (back, read_rules) = parse(&saved, None)
                .map_err(|e| TestCaseError::fail(format!("{}\n{saved}", e.message())))?;
            prop_assert_eq!(read_rules, rules);
            prop_assert_eq!(&back.names.white, &mat_name(&white, Side::White));
            prop_assert_eq!(&back.names.black, &mat_name(&black, Side::Black));
            prop_assert_eq!(back.games.len(), m.games.len());
            for (a, b) in back.games.iter().zip(&m.games) {
                prop_assert_eq!(a.position(), b.position());
                prop_assert_eq!(a.result(), b.result());
            }
        }
    }

    #[test]
    fn an_empty_record_is_refused() {
        for t in ["", "  \n\n"] {
            let e = parse(t, None).unwrap_err().message();
            assert!(e.contains("empty"), "{e}");
        }
    }
}
