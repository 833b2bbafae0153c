//! A game of plain text in the terminal: a game that implements
//! [`TextGame`] — its position drawn as text, an action read from what a
//! person types, its lines of help, its bots — is played in the terminal
//! loop through [`TextTerminal`], which gives the loop everything else
//! ([`TerminalGame`]): the numbered list of plays, the dice thrown for a
//! person who has nothing else to choose, the actions told in the game's
//! notation ([`TableGame::action_text`]), the record saved.

use std::io::Write;
use std::path::Path;

use rand_chacha::ChaCha8Rng;
use tables::{ActionError, BySide, Decision, Player, RandomPlayer, Side, TableGame};

use crate::game::{Answer, Resignation, TerminalGame};
use crate::terminal::Terminal;

/// What a game gives the terminal to be played there: with it (and a
/// registration line, [`crate::TerminalRegistry::register`]) it is played
/// by a person against a bot in the terminal loop and by bots in
/// [`crate::arena`]'s matches.
pub trait TextGame: TableGame {
    /// The command that plays it, as the terminal names it when a game
    /// left unfinished is saved (`trictrac race`).
    const COMMAND: &'static str;

    /// The name of the file in the user's data directory where a game
    /// left unfinished is saved (`race-autosave.txt`).
    const AUTOSAVE: &'static str;

    /// The position drawn as text, seen from `viewer`'s side, ending with
    /// a newline.
    fn board_text(&self, viewer: Side) -> String;

    /// An action of the pending decision, read from what `side` typed in
    /// the game's notation (the inverse of [`TableGame::action_text`]).
    ///
    /// # Errors
    /// When the text is not an action of this game
    /// ([`ActionError::Unreadable`]), or one the rules refuse now.
    fn parse_action(&self, side: Side, text: &str) -> Result<Self::Action, ActionError>;

    /// The game's own lines of `help`: how its actions are typed, each
    /// entry `  WORD` then its meaning from column 18 (the terminal adds
    /// the commands every game shares).
    fn help_text(&self) -> String;

    /// The actions applied so far, in order (the terminal tells each new
    /// one once, and counts them to know how far the game went).
    fn history(&self) -> &[Self::Action];

    /// The names of its bots, the first the default.
    fn bots(&self) -> &'static [&'static str] {
        &["random"]
    }

    /// The bot `name` with its random choices drawn from `seed`; `None`
    /// for a name it does not know. By default only `random`
    /// ([`RandomPlayer`]).
    fn bot(&self, name: &str, seed: u64) -> Option<Box<dyn Player<Self>>> {
        (name == "random")
            .then(|| Box::new(RandomPlayer::<ChaCha8Rng>::seeded(seed)) as Box<dyn Player<Self>>)
    }
}

/// A [`TextGame`]'s part of the terminal loop.
pub struct TextTerminal<'a, G: TextGame> {
    term: Terminal<'a>,
    game: G,
    humans: BySide<bool>,
    names: BySide<String>,
    /// The side the board is drawn from.
    viewer: Side,
    /// Actions of the history told so far.
    told: usize,
    /// Whether the end of the game was told.
    ended: bool,
}

impl<'a, G: TextGame> TextTerminal<'a, G> {
    /// `game` on `term`, played by people on the sides of `humans` (the
    /// others by the bot `bot_name`); the board is drawn from the side of
    /// the first person.
    pub fn new(
        term: Terminal<'a>,
        game: G,
        humans: BySide<bool>,
        bot_name: &str,
    ) -> TextTerminal<'a, G> {
        let name = |s: Side| {
            if *humans.get(s) {
                "human".to_string()
            } else {
                bot_name.to_string()
            }
        };
        TextTerminal {
            term,
            names: BySide::new(name(Side::White), name(Side::Black)),
            viewer: if humans.white {
                Side::White
            } else {
                Side::Black
            },
            humans,
            told: game.history().len(),
            ended: false,
            game,
        }
    }

    fn decision(&self) -> Option<Decision> {
        self.game.pending().map(|p| p.decision)
    }

    /// Applies `action`, or says why the rules refuse it.
    fn act(&mut self, action: &G::Action) -> std::io::Result<()> {
        if let Err(e) = self.game.apply(action) {
            // The game's message names the rule it breaks.
            self.refuse(&format!("Refused: {e}."))?;
        }
        Ok(())
    }
}

impl<'a, G: TextGame> TerminalGame<'a> for TextTerminal<'a, G> {
    type Game = G;

    const COMMAND: &'static str = G::COMMAND;
    const AUTOSAVE: &'static str = G::AUTOSAVE;
    // No analysis judges the decisions of a text game: the tutor is off.
    const THRESHOLDS: [f64; 3] = [f64::INFINITY; 3];
    const TUTORED: &'static str = "decisions";

    crate::terminal_fields!('a, game);

    fn progress(&self) -> usize {
        self.game.history().len()
    }

    fn has_moves(&self) -> bool {
        !self.game.history().is_empty()
    }

    fn record_text(&self, _path: &Path) -> String {
        self.game
            .record_text(BySide::new(&self.names.white, &self.names.black))
    }

    fn tell(&mut self) -> std::io::Result<()> {
        let new: Vec<String> = self.game.history()[self.told.min(self.game.history().len())..]
            .iter()
            .map(|a| self.game.action_text(a))
            .collect();
        self.told = self.game.history().len();
        for t in new {
            writeln!(self.term, "  {t}")?;
        }
        if let (Some(o), false) = (self.game.outcome(), self.ended) {
            self.ended = true;
            self.board()?;
            let who = if *self.humans.get(o.winner) && !self.humans.get(!o.winner) {
                "you win".to_string()
            } else {
                format!("{} wins", o.winner)
            };
            self.say(&format!("Game over: {who} ({}).", o.text))?;
        }
        Ok(())
    }

    fn board(&mut self) -> std::io::Result<()> {
        self.term.mark_top();
        let text = self.game.board_text(self.viewer);
        write!(self.term, "{text}")
    }

    fn hint(&mut self, _side: Side) -> std::io::Result<()> {
        let kind = self.game.kind();
        self.refuse(&format!(
            "No analysis of {kind} gives hints: `list` shows the legal plays."
        ))
    }

    fn play_items(&self, _side: Side) -> Vec<String> {
        if self.decision() != Some(Decision::Play) {
            return Vec::new();
        }
        self.game
            .legal_actions()
            .iter()
            .enumerate()
            .map(|(k, a)| format!("{:>3}) {}", k + 1, self.game.action_text(a)))
            .collect()
    }

    fn play_number(&mut self, _side: Side, k: usize) -> std::io::Result<()> {
        match self.game.legal_actions().get(k).cloned() {
            Some(a) => self.act(&a),
            None => self.refuse(&format!("There is no play number {}.", k + 1)),
        }
    }

    fn help(&self) -> String {
        format!(
            "Commands:\n  3              choose play number 3 of the list\n  \
             Enter          play the only legal play, or roll\n  \
             roll           roll the dice (when something else could be chosen)\n{}",
            self.game.help_text().trim_end_matches('\n')
        )
    }

    fn command(&mut self, _side: Side, _line: &str) -> std::io::Result<bool> {
        Ok(false)
    }

    fn asks_roll(&self) -> bool {
        // Only when something else may be chosen instead of the throw.
        self.decision().is_some_and(Decision::throws) && !self.game.legal_actions().is_empty()
    }

    fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        let d = self.decision();
        if fresh {
            if self.humans.white && self.humans.black {
                // At one screen, the board is drawn from the side asked.
                self.viewer = side;
            }
            self.board()?;
        }
        let what = match d {
            Some(Decision::Play) => "play",
            Some(d) if d.throws() => "roll",
            _ => "decide",
        };
        Ok((format!("{side} to {what}> "), d == Some(Decision::Play)))
    }

    fn answer(&mut self, side: Side, line: &str) -> std::io::Result<Answer> {
        let word = line.trim().to_lowercase();
        if self.decision().is_some_and(Decision::throws) && (word.is_empty() || word == "roll") {
            return Ok(Answer::Throw);
        }
        match self.game.parse_action(side, line) {
            Ok(a) => self.act(&a)?,
            Err(e) => self.refuse(&format!(
                "Not understood: {e} (`help` lists the commands, `list` the legal plays)."
            ))?,
        }
        Ok(Answer::Done)
    }

    fn resignation(&self, _side: Side, _words: &str) -> Result<Resignation, String> {
        Err(format!(
            "{} has no resignation: play on, or `quit` (the game is saved)",
            self.game.kind()
        ))
    }

    fn resign(&mut self, side: Side, words: &str) -> Result<(), String> {
        self.resignation(side, words).map(|_| ())
    }

    fn load(&mut self, path: &Path) -> Result<Option<ChaCha8Rng>, String> {
        Err(format!(
            "{} is a record of {} to read; it cannot be resumed here",
            path.display(),
            self.game.kind()
        ))
    }

    fn after_undo(&mut self) {
        self.told = self.game.history().len();
        self.ended = false;
    }
}
