//! The game options of RULES.md §12 as command-line flags.

use clap::{Args, ValueEnum};
use trictrac::game::{ExitRoll, FirstMove, GameOptions, MarkingMode, Payout};
use trictrac::{ExitMethod, Rules};

use crate::error::CliError;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FirstMoveArg {
    OneDieEach,
    CoupEtDes,
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
    /// First-move method
    #[arg(long, value_enum, default_value = "one-die-each")]
    first_move: FirstMoveArg,

    /// Bearing-off method
    #[arg(long, value_enum, default_value = "parisienne")]
    exit: ExitArg,

    /// After bearing off: a fresh roll, or the exit roll also serves
    #[arg(long, value_enum, default_value = "fresh")]
    exit_roll: ExitRollArg,

    /// Stake multipliers of a won game
    #[arg(long, value_enum, default_value = "guiton")]
    payout: PayoutArg,

    /// Score the abandoned jans
    #[arg(long)]
    old_jans: bool,

    /// Who marks the points: the engine (auto), or the players, who declare
    /// their points, errors being schools the other may claim (manual, R-10)
    #[arg(long, value_enum, default_value = "auto")]
    marking: MarkingArg,
}

impl OptionArgs {
    /// The game options.
    pub fn to_options(&self) -> Result<GameOptions, CliError> {
        Ok(GameOptions {
            rules: Rules {
                exit: self.exit.into(),
                old_jans: self.old_jans,
            },
            first_move: match self.first_move {
                FirstMoveArg::OneDieEach => FirstMove::OneDieEach,
                FirstMoveArg::CoupEtDes => FirstMove::CoupEtDes,
            },
            exit_roll: match self.exit_roll {
                ExitRollArg::Fresh => ExitRoll::Fresh,
                ExitRollArg::PourTout => ExitRoll::PourTout,
            },
            payout: match self.payout {
                PayoutArg::Guiton => Payout::Guiton,
                PayoutArg::Soumille => Payout::Soumille,
                PayoutArg::Jollyvet => Payout::Jollyvet,
                PayoutArg::None => Payout::None,
            },
            marking: match self.marking {
                MarkingArg::Auto => MarkingMode::Auto,
                MarkingArg::Manual => MarkingMode::Manual,
            },
        })
    }
}
