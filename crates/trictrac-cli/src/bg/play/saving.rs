//! The record a save writes: the money game or match so far as a `.mat`
//! file (gnubg's format), with the rules when they are not gnubg's.
//! Where and when it is written is the shared terminal loop's
//! ([`tables_term::TerminalLoop`]).

use std::path::Path;

use super::*;
use crate::bg::record;
use backgammon::mat::MatFile;

impl BgTerminal<'_> {
    /// The match so far, as its .mat record holds it.
    fn mat(&self) -> MatFile {
        MatFile {
            length: self.m.length,
            names: self.names.clone(),
            games: self.m.games().cloned().collect(),
        }
    }

    /// The record's text (the same whatever the file's name).
    pub(super) fn record(&self, _path: &Path) -> String {
        record::text(&self.mat(), &self.m.rules)
    }

    /// Writes the record to `path`.
    pub(super) fn write_mat(&self, path: &Path) -> Result<(), String> {
        record::write(path, &self.mat(), &self.m.rules).map_err(|e| e.message())
    }

    /// What a save made now leaves out: a .mat holds rolls with their
    /// plays, so a roll not yet played is thrown again on resuming.
    pub(super) fn roll_note(&self) -> &'static str {
        if matches!(self.m.game.phase(), Phase::Play(..)) {
            " (without the roll in progress: it is thrown again on resuming)"
        } else {
            ""
        }
    }

    /// Whether any game of the session has a move (a game with none is
    /// not worth a file).
    pub(super) fn any_move(&self) -> bool {
        self.m
            .games()
            .any(|g| g.events().iter().any(|e| matches!(e, Event::Play { .. })))
    }
}
