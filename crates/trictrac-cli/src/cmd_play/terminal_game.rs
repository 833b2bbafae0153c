//! Grand Trictrac's part of the shared terminal loop
//! ([`tables_term::TerminalLoop`]): its board, its notation, its hint, and
//! the words it tells the game in.

use super::*;
use tables_term::{Answer, Resignation, TerminalGame};

impl<'a> TerminalGame<'a> for TrictracTerminal<'a> {
    type Game = Game;

    const COMMAND: &'static str = "trictrac play";
    const AUTOSAVE: &'static str = saving::AUTOSAVE;
    const THRESHOLDS: [f64; 3] = trictrac_bot::review::THRESHOLDS;
    const TUTORED: &'static str = "plays and choices to stay or leave";

    tables_term::terminal_fields!('a, game);

    fn progress(&self) -> usize {
        self.game.events().len()
    }

    fn has_moves(&self) -> bool {
        self.game
            .events()
            .iter()
            .any(|e| matches!(e, Event::Played { .. } | Event::FalsePlay { .. }))
    }

    fn record_text(&self, path: &Path) -> String {
        TrictracTerminal::record_text(self, path)
    }

    fn tell(&mut self) -> std::io::Result<()> {
        TrictracTerminal::tell(self)
    }

    fn board(&mut self) -> std::io::Result<()> {
        let dice = self.game.pending_roll();
        self.show_board(dice)
    }

    fn hint(&mut self, side: Side) -> std::io::Result<()> {
        TrictracTerminal::hint(self, side)
    }

    fn play_items(&self, side: Side) -> Vec<String> {
        TrictracTerminal::play_items(self, side)
    }

    fn play_number(&mut self, _side: Side, k: usize) -> std::io::Result<()> {
        TrictracTerminal::play_number(self, k)
    }

    fn help(&self) -> String {
        // Only the commands the game's options allow.
        let mut h = HELP.to_string();
        if self.manual() {
            h.push('\n');
            h.push_str(HELP_MANUAL);
        }
        if self.game.options().false_moves == FalseMoves::Table {
            h.push('\n');
            h.push_str(HELP_TABLE);
        }
        h
    }

    fn command(&mut self, _side: Side, line: &str) -> std::io::Result<bool> {
        self.game_command(line)
    }

    fn asks_roll(&self) -> bool {
        false
    }

    fn asks_first(&mut self) -> Option<Side> {
        self.first = self.before_roll_side();
        self.first
    }

    fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        TrictracTerminal::question(self, side, fresh)
    }

    fn answer(&mut self, side: Side, line: &str) -> std::io::Result<Answer> {
        TrictracTerminal::answer(self, side, line)?;
        Ok(Answer::Done)
    }

    fn throw(&mut self, dice: &mut dyn tables::DiceSource) -> Result<(), String> {
        self.throw_dice(dice)
    }

    fn tutor(&mut self, before: &Game, side: Side) -> Option<tables_term::tutor::Advice> {
        TrictracTerminal::tutor(self, before, side)
    }

    fn resignation(&self, side: Side, _words: &str) -> Result<Resignation, String> {
        TrictracTerminal::resignation(self, side)
    }

    fn resign(&mut self, side: Side, _words: &str) -> Result<(), String> {
        self.game
            .resign(side)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn load(&mut self, path: &Path) -> Result<Option<rand_chacha::ChaCha8Rng>, String> {
        self.load_game(path)
    }

    fn fixed_since(&self, progress: usize) -> Option<String> {
        self.game
            .events()
            .get(progress..)?
            .iter()
            .any(|e| matches!(e, Event::School { .. } | Event::Contested { .. }))
            .then(|| "a school was claimed since; it is not taken back (R-10.4)".to_string())
    }

    fn after_undo(&mut self) {
        self.told = self.game.events().len();
        self.roll = self.game.pending_score().cloned();
        self.jans_shown = true;
        self.asked_before_roll.clear();
        self.first = None;
        self.resigned = false;
    }

    fn say(&mut self, text: &str) -> std::io::Result<()> {
        self.say_wrapped(Tone::Plain, text, 2)
    }

    fn refuse(&mut self, text: &str) -> std::io::Result<()> {
        TrictracTerminal::refuse(self, text)
    }

    fn paint_prompt(&self, prompt: &str) -> String {
        self.style.paint(Tone::Bold, prompt)
    }
}
