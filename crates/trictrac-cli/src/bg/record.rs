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
    let named = text
        .lines()
        .find_map(|l| l.trim().strip_prefix(RULES_PREFIX.trim()))
        .map(|r| {
            r.trim()
                .parse::<Rules>()
                .map_err(|e| CliError::input(format!("{}: the rules line: {e}", path.display())))
        })
        .transpose()?;
    let rules = match (named, default) {
        (Some(r), _) => r,
        (None, Some(d)) => d,
        (None, None) => Rules::standard(),
    };
    let mat = MatFile::parse(&text, rules)
        .map_err(|e| CliError::Illegal(format!("{}: {e}", path.display())))?;
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
