//! Reading positions, rolls and plays given on the command line.

use trictrac::{PlayNotation, Position, Roll};

use crate::error::CliError;

/// The start position in TPN, the default of `--position`.
pub const START_TPN: &str = "w:1x15 b:24x15 w";

/// Parses and validates a TPN position.
pub fn position(tpn: &str) -> Result<Position, CliError> {
    tpn.parse::<Position>()
        .map_err(|e| CliError::input(format!("invalid position `{}`: {e}", tpn.trim())))
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

/// Worker threads for `--jobs`: the number given (1..=256), or all cores.
pub fn jobs(requested: Option<usize>) -> usize {
    requested
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
}
