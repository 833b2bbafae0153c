//! Which evaluator values a position ([`Evaluator::of`]), and its value
//! ([`BgNet::evaluate`], [`BgNet::after_play`]).

use backgammon::score::win_kind;
use backgammon::{Position, Preset, Side};
use neural::Outputs;

use super::{bearoff, race};
use crate::net::{flip, outcome, BgNet};

/// Which evaluator values a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluator {
    /// Both sides bear off: the exact one-sided database
    /// ([`bearoff`]).
    BearoffDb,
    /// No contact, a side still outside his home board.
    Race,
    /// Contact: the network.
    Contact,
}

impl Evaluator {
    /// The evaluator for `pos`.
    pub fn of(pos: &Position) -> Evaluator {
        if bearoff::applies(pos) {
            Evaluator::BearoffDb
        } else if pos.is_race() {
            Evaluator::Race
        } else {
            Evaluator::Contact
        }
    }

    /// Its name in the program's output.
    pub fn label(self) -> &'static str {
        match self {
            Evaluator::BearoffDb => "bear-off database",
            Evaluator::Race => "race",
            Evaluator::Contact => "contact network",
        }
    }
}

impl BgNet {
    /// The outputs for `pos` (before its side on roll rolls), in that
    /// side's eyes, from the evaluator that applies ([`Evaluator::of`]):
    /// the bear-off database, the race evaluator or the network.
    pub fn evaluate(&self, pos: &Position, preset: Preset) -> Outputs {
        match Evaluator::of(pos) {
            Evaluator::BearoffDb => bearoff::evaluate(pos),
            Evaluator::Race => match race::race_net() {
                Some(r) => r.evaluate(pos, preset),
                None => self.evaluate_net(pos, preset),
            },
            Evaluator::Contact => self.evaluate_net(pos, preset),
        }
    }

    /// The outputs, in the mover's eyes, of the position `after` his play
    /// (exact when the play wins).
    pub fn after_play(&self, after: &Position, mover: Side, preset: Preset) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, preset), mover);
        }
        flip(&self.evaluate(after, preset))
    }
}
