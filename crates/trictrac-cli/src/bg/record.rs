//! Backgammon records: Jellyfish `.mat` files (BG-1.4) as gnubg imports
//! them, with the rules named in a leading comment line when they are not
//! gnubg's (`; trictrac bg rules: seed`), which gnubg ignores (BG-8).

use std::path::Path;

use backgammon::mat::MatFile;
use backgammon::Rules;

use crate::error::CliError;

/// The comment that names the rules.
const RULES_PREFIX: &str = "; trictrac bg rules: ";

/// The largest record read (a long money session is a few hundred KB).
const MAX_BYTES: u64 = 16 << 20;

/// Reads a record; the rules are the file's when it names them, else
/// `default`.
pub fn read(path: &Path, default: Option<Rules>) -> Result<(MatFile, Rules), CliError> {
    let len = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?
        .len();
    if len > MAX_BYTES {
        return Err(CliError::input(format!(
            "{}: {len} bytes is too large for a backgammon record (at most {MAX_BYTES})",
            path.display()
        )));
    }
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES).read_to_string(&mut text))
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
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
    if let Err(e) = std::fs::write(path, text(mat, rules)) {
        let _ = std::fs::remove_file(path);
        return Err(CliError::input(format!(
            "cannot write {}: {e}",
            path.display()
        )));
    }
    Ok(())
}
