//! Reading backgammon positions, rolls, rules and plays from the command
//! line.

use backgammon::{Position, Roll, Rules, Side};

use crate::error::CliError;

/// The start position's gnubg Position ID, the default of `--position`.
pub const START_ID: &str = "4HPwATDgc/ABMA";

/// `--rules`: a preset and options (e.g. `seed`, `standard jacoby=off`).
pub fn rules(text: &str) -> Result<Rules, CliError> {
    text.parse::<Rules>()
        .map_err(|e| CliError::input(format!("invalid --rules `{text}`: {e}")))
}

/// `--turn`: the side on roll of a Position ID.
pub fn side(text: &str) -> Result<Side, CliError> {
    match text {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        _ => Err(CliError::input(format!(
            "invalid side `{text}`: expected white or black"
        ))),
    }
}

/// A gnubg Position ID, `turn` on roll.
pub fn position(id: &str, turn: Side) -> Result<Position, CliError> {
    Position::from_position_id(id.trim(), turn)
        .map_err(|e| CliError::input(format!("invalid --position: {e}")))
}

/// A roll written `A-B`.
pub fn roll(text: &str) -> Result<Roll, CliError> {
    text.trim()
        .parse::<Roll>()
        .map_err(|e| CliError::input(format!("invalid --dice: {e}")))
}
