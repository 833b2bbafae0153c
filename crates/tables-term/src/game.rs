//! What one game gives the terminal loop ([`crate::TerminalLoop`]): its board,
//! its notation (how a typed play is read and a play written), what a
//! hint prints, and how it tells what happened. Everything else — the
//! loop, the commands every prompt accepts, undo, saving, Ctrl-C, the
//! resignation asked twice, the paging of long lists — is written once,
//! over [`tables::TableGame`].

use std::path::Path;

use tables::{BySide, Side, TableGame};

use crate::terminal::Terminal;
use crate::tutor::Advice;

/// A resignation the person is asked to confirm.
pub struct Resignation {
    /// The question, e.g. `Resign? Black wins the game, stake 2. (yes/no) `.
    pub question: String,
}

/// What a person's answer asks of the terminal loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Done (applied to the game, or refused with a message).
    Done,
    /// Throw the dice (the terminal loop holds them).
    Throw,
}

/// Writes, in an `impl TerminalGame<'a>`, the four accessors of a
/// terminal that holds its parts in fields: [`TerminalGame::game`] and
/// [`TerminalGame::game_mut`] on the field named `$game`,
/// [`TerminalGame::term`] on `term`, [`TerminalGame::humans`] on
/// `humans`. The calling crate depends on `tables`.
///
/// ```ignore
/// impl<'a> TerminalGame<'a> for MyTerminal<'a> {
///     type Game = MyGame;
///     tables_term::terminal_fields!('a, game);
///     // …
/// }
/// ```
#[macro_export]
macro_rules! terminal_fields {
    ($lt:lifetime, $game:ident) => {
        fn game(&self) -> &Self::Game {
            &self.$game
        }

        fn game_mut(&mut self) -> &mut Self::Game {
            &mut self.$game
        }

        fn term(&mut self) -> &mut $crate::Terminal<$lt> {
            &mut self.term
        }

        fn humans(&self) -> ::tables::BySide<bool> {
            self.humans
        }
    };
}

/// One game's part of the terminal loop: `trictrac play`'s Grand
/// Trictrac (`TrictracTerminal`), `trictrac bg play`'s backgammon
/// (`BgTerminal`), and any game of plain text ([`crate::TextTerminal`]
/// over a [`crate::TextGame`]).
pub trait TerminalGame<'a> {
    /// The game, as every surface sees it.
    type Game: TableGame;

    /// The command that plays it and resumes a saved game with `--load`
    /// (`trictrac play`, `trictrac bg play`).
    const COMMAND: &'static str;

    /// The name of the autosave file in the user's data directory.
    const AUTOSAVE: &'static str;

    /// The thresholds of equity lost of the game's review: doubtful, bad,
    /// very bad (what `--tutor` warns from).
    const THRESHOLDS: [f64; 3];

    /// The decisions the tutor judges, in words (`plays and cube
    /// decisions`).
    const TUTORED: &'static str;

    /// The game.
    fn game(&self) -> &Self::Game;

    /// The game, to change.
    fn game_mut(&mut self) -> &mut Self::Game;

    /// The keyboard and the screen.
    fn term(&mut self) -> &mut Terminal<'a>;

    /// Which sides people play (both in a hotseat game).
    fn humans(&self) -> BySide<bool>;

    /// How far the game went: grows with every action (its events).
    fn progress(&self) -> usize;

    /// Whether a checker was moved (a game without is not worth a file).
    fn has_moves(&self) -> bool;

    /// The record to write at `path` (the format may follow its name).
    fn record_text(&self, path: &Path) -> String;

    /// Writes the record to `path`.
    ///
    /// # Errors
    /// A one-line reason, naming the file.
    fn write_record(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.record_text(path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// A note on what a save made now leaves out (e.g. a roll in progress).
    fn save_note(&self) -> &'static str {
        ""
    }

    /// Tells what happened since it last told (the events of the log).
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn tell(&mut self) -> std::io::Result<()>;

    /// Draws the board (it calls [`Terminal::mark_top`] first, so that    /// the terminal loop knows how much of the screen is used).
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn board(&mut self) -> std::io::Result<()>;

    /// The game's advice for `side`'s decision.
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn hint(&mut self, side: Side) -> std::io::Result<()>;

    /// The legal plays of `side`, numbered as a person chooses them
    /// (`3) 1-7 1-6`); empty when no roll is to be played.
    fn play_items(&self, side: Side) -> Vec<String>;

    /// Plays `side`'s legal play number `k` (from 0, in the order of
    /// [`TerminalGame::play_items`]).
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn play_number(&mut self, side: Side, k: usize) -> std::io::Result<()>;

    /// The game's own lines of `help` (its notation and decisions), only
    /// those the game's options allow; an entry of a command every game
    /// shares replaces the shared one.
    fn help(&self) -> String;

    /// A command of this game only (`names`, `fields`, `id`); `false`
    /// when `line` is not one.
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn command(&mut self, side: Side, line: &str) -> std::io::Result<bool>;

    /// Whether a person rolls by pressing Enter (backgammon, where the
    /// cube may be offered first); else the dice are thrown for him.
    fn asks_roll(&self) -> bool;

    /// A person to ask before the dice are thrown (a school to contest,
    /// a false move to settle), once per point of the game.
    fn asks_first(&mut self) -> Option<Side> {
        None
    }

    /// Prints what `side` is asked (when `fresh`, the first time at this
    /// decision) and returns the prompt, with whether the legal plays
    /// are to be listed now.
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)>;

    /// What `side` answered at the prompt (no common command, and at a
    /// play no number and not Enter: the terminal loop chooses those from the
    /// list): a play typed in the game's notation, a decision, applied to
    /// the game or refused with a message; or the roll, which the terminal loop
    /// throws.
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn answer(&mut self, side: Side, line: &str) -> std::io::Result<Answer>;

    /// Throws the dice for the side on roll (its roll is then told).
    ///
    /// # Errors
    /// When no dice are due (a bug of the terminal loop).
    fn throw(&mut self, dice: &mut dyn tables::DiceSource) -> Result<(), String> {
        let a = self.game().throw(dice).map_err(|e| e.to_string())?;
        self.game_mut().apply(&a).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// What resigning with `words` (`gammon`, …) would concede, asked
    /// before it is done; an `Err` is the reason it is not possible.
    fn resignation(&self, side: Side, words: &str) -> Result<Resignation, String>;

    /// Resigns, once confirmed.
    ///
    /// # Errors
    /// The engine's reason.
    fn resign(&mut self, side: Side, words: &str) -> Result<(), String>;

    /// `load FILE`: the game saved in FILE replaces this one (and is
    /// shown); the dice to go on with when the record fixes them.
    ///
    /// # Errors
    /// Why the file cannot be resumed.
    fn load(&mut self, path: &Path) -> Result<Option<rand_chacha::ChaCha8Rng>, String>;

    /// A short name of a common command in this game (`l` for `list` in
    /// backgammon; trictrac's `l` is leave).
    fn alias(&self, word: &str) -> Option<&'static str> {
        let _ = word;
        None
    }

    /// Why what happened since `progress` cannot be taken back by `undo`
    /// (a school claimed, R-10.4), or `None`.
    fn fixed_since(&self, progress: usize) -> Option<String> {
        let _ = progress;
        None
    }

    /// The tutor's judgement of the decision `side` just took, which
    /// made the game of `before` the game now (nothing told yet): the
    /// equity it loses against the best choice by the analysis of `hint`,
    /// with the best and why; `None` for a decision the tutor does not
    /// judge (a forced one, a resignation, a marking).
    fn tutor(&mut self, before: &Self::Game, side: Side) -> Option<Advice> {
        let _ = (before, side);
        None
    }

    /// Once the game was set back by `undo`: what was told is forgotten.
    fn after_undo(&mut self);

    /// Writes a line, word-wrapped to 79 columns.
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn say(&mut self, text: &str) -> std::io::Result<()> {
        for l in crate::wrap(text, 79, 2) {
            std::io::Write::write_fmt(self.term(), format_args!("{l}\n"))?;
        }
        Ok(())
    }

    /// Writes a refusal (coloured as an error where the game colours).
    ///
    /// # Errors
    /// When the screen cannot be written.
    fn refuse(&mut self, text: &str) -> std::io::Result<()> {
        self.say(text)
    }

    /// The prompt as painted on the screen.
    fn paint_prompt(&self, prompt: &str) -> String {
        prompt.to_string()
    }
}
