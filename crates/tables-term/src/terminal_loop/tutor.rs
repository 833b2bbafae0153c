//! `--tutor` in the terminal loop: the game as it stood before the person's
//! answer is kept; once the answer took a decision, the game judges it
//! ([`TerminalGame::tutor`]), and one that loses at least the level's threshold
//! is told, with the better choice and why, and stands only if the
//! person keeps it — else the game and the dice go back to before it
//! and he chooses again (nothing was told of it yet).

use std::io::Write;

use rand_chacha::ChaCha8Rng;
use tables::Side;

use super::{TerminalGame, TerminalLoop};
use crate::error::TermError;
use crate::terminal::is_yes;
use crate::tutor::TutorLevel;

/// The game before an answer: its progress, the game, the dice.
pub(super) type Before<G> = Option<(usize, G, ChaCha8Rng)>;

impl<'a, T: TerminalGame<'a>> TerminalLoop<'a, T> {
    /// The game before the answer about to be applied, when the tutor is
    /// on (never before the roll: a school contested or a false move
    /// settled is not judged).
    pub(super) fn before_tutored(&self, first: bool) -> Before<T::Game> {
        if first || self.tutor.is_none() {
            return None;
        }
        Some((
            self.part.progress(),
            self.part.game().clone(),
            self.dice.clone(),
        ))
    }

    /// After the answer: a decision taken since `before` that loses too
    /// much is told and kept only if the person says yes.
    pub(super) fn tutored(&mut self, side: Side, before: Before<T::Game>) -> Result<(), TermError> {
        let (Some(level), Some((progress, game, dice))) = (self.tutor, before) else {
            return Ok(());
        };
        if self.part.progress() == progress {
            return Ok(());
        }
        let Some(advice) = self.part.tutor(&game, side) else {
            return Ok(());
        };
        if advice.lost < level.threshold(T::THRESHOLDS) {
            return Ok(());
        }
        self.say(&format!("Tutor: {}", advice.warning(T::THRESHOLDS)))?;
        for l in &advice.lines {
            writeln!(self.part.term(), "  {l}")?;
        }
        let answer = self.read(&advice.question())?;
        if is_yes(answer.as_deref()) {
            return Ok(self.part.say(&format!("Your {} stands.", advice.keep))?);
        }
        *self.part.game_mut() = game;
        self.dice = dice;
        self.introduced = None;
        self.part.after_undo();
        self.part.say(&format!(
            "Taken back: choose again (the tutor suggests {}).",
            advice.best
        ))?;
        Ok(())
    }

    /// Says, at the start, that the tutor is on and the game unrated.
    pub(super) fn tutor_intro(&mut self, level: TutorLevel) -> std::io::Result<()> {
        self.say(&format!(
            "Tutor on: before your {} stand, it warns about {} (losing at least {:.3} \
             against the best, by the analysis of `hint`) and asks whether to keep them. \
             The game is unrated (the prompt says [unrated]).",
            T::TUTORED,
            level.words(),
            level.threshold(T::THRESHOLDS)
        ))
    }
}
