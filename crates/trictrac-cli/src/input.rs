//! Reading positions, rolls and plays given on the command line.

use trictrac::{FieldNames, PlayNotation, Position, Roll};

use crate::error::CliError;

/// The start position in TPN, the default of `--position`.
pub const START_TPN: &str = "w:1x15 b:24x15 w";

/// Parses and validates a TPN position.
pub fn position(tpn: &str) -> Result<Position, CliError> {
    tpn.parse::<Position>()
        .map_err(|e| CliError::input(format!("invalid position `{}`: {e}", tpn.trim())))
}

/// How fields are written on the command line (`--fields`, R-1.6).
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum FieldsArg {
    /// Absolute numbers 1..24 (NOTATION.md)
    #[default]
    Numbers,
    /// The classical T, 1 … 11 of each side: BT … B11 (White's half),
    /// NT … N11 (Black's)
    Classical,
    /// Soumille's letters A … & (A White's talon)
    Soumille,
    /// Lepeintre's letters a … y (a White's talon)
    Lepeintre,
}

/// The rule and the notation of a position's listing (`moves`,
/// `score`): the bearing-off method, the field names, text or JSON.
#[derive(Debug, clap::Args)]
pub struct ListingArgs {
    /// Bearing-off method
    #[arg(long, value_enum, default_value = "parisienne")]
    pub exit: crate::options::ExitArg,

    /// How fields are written, read and printed: absolute numbers,
    /// or the historical classical, Soumille or Lepeintre names
    #[arg(long, value_enum, default_value = "numbers")]
    pub fields: FieldsArg,

    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

impl From<FieldsArg> for FieldNames {
    fn from(f: FieldsArg) -> FieldNames {
        match f {
            FieldsArg::Numbers => FieldNames::Numbers,
            FieldsArg::Classical => FieldNames::Classical,
            FieldsArg::Soumille => FieldNames::Soumille,
            FieldsArg::Lepeintre => FieldNames::Lepeintre,
        }
    }
}

/// Parses a TPN position whose fields are written with `names`.
pub fn position_named(tpn: &str, names: FieldNames) -> Result<Position, CliError> {
    let numbers = names
        .tpn_to_numbers(tpn)
        .map_err(|e| CliError::input(format!("invalid position `{}`: {e}", tpn.trim())))?;
    position(&numbers)
}

/// Parses a play whose fields are written with `names`.
pub fn play_named(text: &str, names: FieldNames) -> Result<PlayNotation, CliError> {
    let numbers = names
        .play_to_numbers(text)
        .map_err(|e| CliError::input(format!("invalid --play `{}`: {e}", text.trim())))?;
    play(&numbers)
}

/// Parses a roll written `A-B`.
pub fn roll(text: &str) -> Result<Roll, CliError> {
    text.trim()
        .parse::<Roll>()
        .map_err(|e| CliError::input(format!("invalid --dice: {e}")))
}

/// The roll to use: `--dice` if given, else the position's `dice=` key.
pub fn roll_for(pos: &Position, dice: Option<&str>) -> Result<Roll, CliError> {
    match dice {
        Some(d) => roll(d),
        None => pos.dice().ok_or_else(|| {
            CliError::input(
                "no roll given: pass --dice A-B (e.g. --dice 6-5) or add dice=A-B to the position",
            )
        }),
    }
}

/// Parses a play written in play notation.
pub fn play(text: &str) -> Result<PlayNotation, CliError> {
    text.parse::<PlayNotation>()
        .map_err(|e| CliError::input(format!("invalid --play `{}`: {e}", text.trim())))
}

/// A play given on the command line with the no-move play written so that
/// a shell and the argument parser let it through: `pass` or `none` (any
/// case) stand for `--`, which `--play=--` also gives.
pub fn no_move_word(text: &str) -> &str {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("none") {
        "--"
    } else {
        text
    }
}

/// Worker threads for `--jobs`: the number given (1..=256), or all cores.
pub fn jobs(requested: Option<usize>) -> usize {
    requested
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
}

/// The largest file a command reads (records are a few hundred KB).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a text file given on the command line, at most
/// [`MAX_FILE_BYTES`] (so that `/dev/zero` or a huge file is refused
/// instead of read for ever).
pub fn read_text(path: &std::path::Path) -> Result<String, CliError> {
    use std::io::Read;
    let cannot =
        |e: &dyn std::fmt::Display| CliError::input(format!("cannot read {}: {e}", path.display()));
    let f = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(CliError::input(format!(
            "{}: more than {} MiB, too large for a record",
            path.display(),
            MAX_FILE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| cannot(&"not UTF-8 text"))
}

/// Reads a game record (text or JSON, NOTATION.md) from a file given on
/// the command line, bounded as [`read_text`].
pub fn read_record(path: &std::path::Path) -> Result<trictrac::Record, CliError> {
    let text = read_text(path)?;
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "{} is empty: not a game record (a record holds the game's header \
             and rolls, as `trictrac play`'s save or `selfplay --record` writes them)",
            path.display()
        )));
    }
    if text.trim_start().starts_with('{') {
        trictrac::Record::from_json(&text)
    } else {
        text.parse()
    }
    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// Writes a file; a file that could not be written whole (a full disk)
/// is removed rather than left empty or cut.
pub fn write_text(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    if let Err(e) = std::fs::write(path, text) {
        // Only a regular file is removed (never a device such as /dev/full).
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(path);
        }
        return Err(CliError::input(format!(
            "cannot write {}: {e} (nothing was kept)",
            path.display()
        )));
    }
    Ok(())
}

/// A progress bar of `len` steps on stderr, drawn with `template`
/// (indicatif's), or hidden (`--json`, `--quiet`: nothing but the result).
pub fn progress(len: u64, hidden: bool, template: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let bar = ProgressBar::new(len);
    bar.set_draw_target(if hidden {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    });
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
