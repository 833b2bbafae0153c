//! Reading a line at a prompt (the shared [`crate::session::Terminal`]),
//! and saving a game left unfinished: the record written where it was
//! last saved (else the autosave file), and on Ctrl-C the game of the
//! last prompt ([`crate::session::set_snapshot`]).

use super::*;
use crate::session::{self, Snapshot};

/// Where an unfinished game is saved when it was never saved by name.
pub(super) const AUTOSAVE: &str = "trictrac-autosave.txt";

impl Session<'_> {
    /// Prints `prompt`, reads a line; `None` at the end of the input.
    pub(super) fn read(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        let snap = if self.game.phase_is_over() {
            None
        } else {
            let path = self.autosave_path();
            Some(Snapshot {
                text: self.record_text(&path),
                resume: format!("trictrac play --load {}", path.display()),
                path,
            })
        };
        session::set_snapshot(snap);
        let p = self.style.paint(Tone::Bold, prompt);
        self.term.read(&p)
    }

    pub(super) fn end_of_input(&mut self) -> Result<Flow, CliError> {
        if self.game.phase_is_over() {
            self.say("End of input.")?;
        } else {
            self.leave_unfinished("End of input: the game is left unfinished")?;
        }
        Ok(Flow::Stop)
    }

    /// Where the game is saved when left unfinished.
    pub(super) fn autosave_path(&self) -> PathBuf {
        self.save_path
            .clone()
            .unwrap_or_else(|| PathBuf::from(AUTOSAVE))
    }

    /// The game record, as JSON when `path` ends in `.json`.
    pub(super) fn record_text(&self, path: &Path) -> String {
        let rec = Record::from_game(&self.game, self.header.clone());
        if path.extension().is_some_and(|e| e == "json") {
            rec.to_json()
        } else {
            rec.to_string()
        }
    }

    /// Leaving a game before its end: saves it (unless it is saved as it
    /// stands) and says where, after `why`.
    pub(super) fn leave_unfinished(&mut self, why: &str) -> std::io::Result<()> {
        let path = self.autosave_path();
        let unsaved = self.saved != Some(self.game.events().len());
        let t = if !unsaved {
            format!("{why}; it is saved in {}.", path.display())
        } else {
            match std::fs::write(&path, self.record_text(&path)) {
                Ok(()) => {
                    self.saved = Some(self.game.events().len());
                    format!("{why}: saved to {}.", path.display())
                }
                Err(e) => {
                    let t = format!(
                        "{why}, and NOT saved: cannot write {}: {e}.",
                        path.display()
                    );
                    return self.refuse(&t);
                }
            }
        };
        self.say_wrapped(Tone::Plain, &t, 2)?;
        writeln!(
            self.term.out,
            "Resume it with: trictrac play --load {}",
            path.display()
        )
    }
}
