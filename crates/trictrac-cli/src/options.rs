//! The game options of RULES.md §12 as command-line flags.

use clap::{Args, ValueEnum};
use trictrac::game::{ExitRoll, FirstMove, GameOptions, MarkingMode, Payout};
use trictrac::{ExitMethod, OldJans};

use crate::error::CliError;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FirstMoveArg {
    OneDieEach,
    CoupEtDes,
    TwoDiceEach,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExitArg {
    Parisienne,
    Provinciale,
}

impl From<ExitArg> for ExitMethod {
    fn from(e: ExitArg) -> ExitMethod {
        match e {
            ExitArg::Parisienne => ExitMethod::Parisienne,
            ExitArg::Provinciale => ExitMethod::Provinciale,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExitRollArg {
    Fresh,
    PourTout,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PayoutArg {
    Guiton,
    Soumille,
    Jollyvet,
    Honneurs,
    None,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MarkingArg {
    Auto,
    Manual,
}

/// Rule options (RULES.md §12).
#[derive(Debug, Args, Clone)]
pub struct OptionArgs {
    /// Rule options as words, e.g. "payout=honneurs old-jans=margot,pile
    /// rencontre=2-4 first-move=two-dice-each game=ecrire marques=6
    /// consolation=4 false-moves=table" (the words of a record's [Options]
    /// header); the flags below override them
    #[arg(long, value_name = "WORDS")]
    options: Option<String>,

    /// First-move method (R-2.2) [default: one-die-each]
    #[arg(long, value_enum)]
    first_move: Option<FirstMoveArg>,

    /// Bearing-off method (R-4.7) [default: parisienne]
    #[arg(long, value_enum)]
    exit: Option<ExitArg>,

    /// After bearing off: a fresh roll, or the exit roll also serves
    /// [default: fresh]
    #[arg(long, value_enum)]
    exit_roll: Option<ExitRollArg>,

    /// Stake multipliers of a won game (R-9.1) [default: guiton]
    #[arg(long, value_enum)]
    payout: Option<PayoutArg>,

    /// Score all the abandoned jans; one by one with
    /// --options "old-jans=rencontre,margot,pile"
    #[arg(long)]
    old_jans: bool,

    /// Who marks the points: the engine (auto), or the players, who declare
    /// their points, errors being schools the other may claim (manual, R-10)
    /// [default: auto]
    #[arg(long, value_enum)]
    marking: Option<MarkingArg>,
}

impl OptionArgs {
    /// The game options: the words of `--options`, then the flags.
    pub fn to_options(&self) -> Result<GameOptions, CliError> {
        let mut o = match &self.options {
            Some(words) => GameOptions::from_words(words)
                .map_err(|e| CliError::input(format!("--options: {e} (RULES.md §12)")))?,
            None => GameOptions::default(),
        };
        if let Some(e) = self.exit {
            o.rules.exit = e.into();
        }
        if self.old_jans {
            o.rules.old_jans = OldJans::ALL;
        }
        if let Some(f) = self.first_move {
            o.first_move = match f {
                FirstMoveArg::OneDieEach => FirstMove::OneDieEach,
                FirstMoveArg::CoupEtDes => FirstMove::CoupEtDes,
                FirstMoveArg::TwoDiceEach => FirstMove::TwoDiceEach,
            };
        }
        if let Some(e) = self.exit_roll {
            o.exit_roll = match e {
                ExitRollArg::Fresh => ExitRoll::Fresh,
                ExitRollArg::PourTout => ExitRoll::PourTout,
            };
        }
        if let Some(p) = self.payout {
            o.payout = match p {
                PayoutArg::Guiton => Payout::Guiton,
                PayoutArg::Soumille => Payout::Soumille,
                PayoutArg::Jollyvet => Payout::Jollyvet,
                PayoutArg::Honneurs => Payout::Honneurs,
                PayoutArg::None => Payout::None,
            };
        }
        if let Some(m) = self.marking {
            o.marking = match m {
                MarkingArg::Auto => MarkingMode::Auto,
                MarkingArg::Manual => MarkingMode::Manual,
            };
        }
        Ok(o)
    }
}
