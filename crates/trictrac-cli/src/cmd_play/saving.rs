//! The game record a save writes (text, or JSON for a `.json` file);
//! where and when it is written is the shared terminal loop's
//! ([`tables_term::TerminalLoop`]).

use super::*;

/// Where an unfinished game is saved (in the user's data directory) when
/// it was never saved by name.
pub(super) const AUTOSAVE: &str = "trictrac-autosave.txt";

impl TrictracTerminal<'_> {
    /// The game record, as JSON when `path` ends in `.json`.
    pub(super) fn record_text(&self, path: &Path) -> String {
        let rec = Record::from_game(&self.game, self.header.clone());
        if path.extension().is_some_and(|e| e == "json") {
            rec.to_json()
        } else {
            rec.to_string()
        }
    }
}
