//! Saving: `save FILE`, the autosave of a game left unfinished with
//! moves (in the user's data directory), on leaving and on Ctrl-C
//! ([`crate::session::set_snapshot`]), the prompt after the end.

use std::path::{Path, PathBuf};

use super::*;
use crate::bg::record;
use crate::session::{self, Snapshot};
use backgammon::mat::MatFile;

/// The match so far, as its .mat record holds it.
fn mat(s: &Session, g: &Game) -> MatFile {
    let mut games = s.history.clone();
    games.push(g.clone());
    MatFile {
        length: g.match_state().length,
        names: s.names.clone(),
        games,
    }
}

/// The note of a save made during a roll.
fn roll_note(g: &Game) -> &'static str {
    if matches!(g.phase(), Phase::Play(..)) {
        " (without the roll in progress: it is thrown again on resuming)"
    } else {
        ""
    }
}

/// Writes the match so far to `path`; says when a roll in progress is
/// not in the record (a .mat holds rolls with their plays).
pub(super) fn save(s: &Session, g: &Game, path: &Path) -> Result<&'static str, CliError> {
    record::write(path, &mat(s, g), &s.rules)?;
    Ok(roll_note(g))
}

/// Where an unfinished game is saved: `backgammon-autosave.mat` in the
/// user's data directory (`$XDG_DATA_HOME/trictrac` or
/// `~/.local/share/trictrac` on Linux), or the current directory when
/// there is none.
pub(super) fn autosave_path() -> PathBuf {
    session::data_file("backgammon-autosave.mat")
}

/// Whether the game is still to be played (not over, or a match with a
/// game to come).
fn unfinished(g: &Game) -> bool {
    g.result().is_none() || g.next_game().is_some()
}

/// What Ctrl-C saves at this prompt: the unfinished game with moves, to
/// the autosave file.
pub(super) fn snapshot(s: &Session, g: &Game) -> Option<Snapshot> {
    if !unfinished(g) || !has_moves(s, g) {
        return None;
    }
    let path = autosave_path();
    Some(Snapshot {
        text: record::text(&mat(s, g), &s.rules),
        resume: format!("trictrac bg play --load {}", session::shell_word(&path)),
        path,
    })
}

/// Whether any game of the session has a move (a game with none is not
/// worth a file).
pub(super) fn has_moves(s: &Session, g: &Game) -> bool {
    s.history.iter().chain(std::iter::once(g)).any(|g| {
        g.events()
            .iter()
            .any(|e| matches!(e, backgammon::Event::Play { .. }))
    })
}

/// Saves an unfinished game that has moves before leaving, and says where.
pub(super) fn autosave(s: &mut Session, g: &Game) -> Result<(), CliError> {
    session::set_snapshot(None);
    if !unfinished(g) {
        return Ok(());
    }
    if !has_moves(s, g) {
        writeln!(s.term.out, "no move was played: nothing saved")?;
        return Ok(());
    }
    let path = autosave_path();
    match save(s, g, &path) {
        Ok(note) => writeln!(
            s.term.out,
            "game left unfinished: saved to {}{note}; resume with trictrac bg play --load {}",
            path.display(),
            session::shell_word(&path)
        )?,
        Err(e) => writeln!(s.term.out, "game left unfinished; {}", e.message())?,
    }
    Ok(())
}

/// Once everything is over: the record may still be saved.
pub(super) fn after_the_end(s: &mut Session, g: &Game) -> Result<(), CliError> {
    session::set_snapshot(None);
    loop {
        let Some(line) = read_line(s, "save FILE to keep the record, Enter to leave: ")? else {
            return Ok(());
        };
        let mut words = line.split_whitespace();
        match words.next() {
            None | Some("quit") | Some("exit") | Some("q") => return Ok(()),
            Some("save") => match words.next() {
                Some(f) => {
                    let path = Path::new(f);
                    match save(s, g, path) {
                        Ok(_) => writeln!(s.term.out, "saved to {}", path.display())?,
                        Err(e) => writeln!(s.term.out, "{}", e.message())?,
                    }
                }
                None => writeln!(s.term.out, "save FILE: the file to write")?,
            },
            Some(other) => writeln!(
                s.term.out,
                "`{other}`: it is over; type save FILE, or Enter to leave"
            )?,
        }
    }
}
