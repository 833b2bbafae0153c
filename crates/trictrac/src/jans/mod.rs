//! The jans: what a roll brings to the player who rolled and what it gives
//! to his opponent (RULES.md sections 5–7), and the filling and conserving
//! obligations on the legal plays (R-6.8 step 3).
//!
//! Points are a function of the position and the roll *before* the
//! checkers move; only the exit depends on the play.

mod obligations;
mod scorer;

pub(crate) use obligations::{obligations, relevant_quarter, Obligations, QuarterState};
pub use scorer::RollScorer;

use crate::board::{Field, Quarter, Table};
use crate::dice::{Die, Roll};
use crate::side::Side;
use arrayvec::ArrayVec;
use core::fmt;

/// A scoring event of a roll (*jan*, R-5.3, section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jan {
    /// *Battre à vrai* (true hit) of a lone checker, R-6.1.
    TrueHit(Table),
    /// *Battre à faux* (false hit), R-6.2: to the opponent.
    FalseHit(Table),
    /// *Battre le coin* (hitting the corner), R-6.4.
    HitCorner,
    /// *Remplir* (filling) a quarter, R-6.5, R-6.6.
    Fill(Quarter),
    /// *Conserver* (keeping) a full quarter, R-6.7.
    Conserve(Quarter),
    /// *Dame impuissante* (unplayable die), R-6.9: to the opponent.
    Unplayable,
    /// *Sortie* (first to bear off all checkers), R-6.10.
    Exit,
    /// *Jan de trois coups* / *de six tables*, R-6.11.
    TroisCoups,
    /// *Jan de deux tables*, R-6.12.
    DeuxTables,
    /// *Contre-jan de deux tables*, R-6.12: to the opponent.
    ContreDeuxTables,
    /// *Jan de mézéas*, R-6.13.
    Mezeas,
    /// *Contre-jan de mézéas*, R-6.14: to the opponent.
    ContreMezeas,
    /// *Jan de rencontre* (option `old-jans`), R-6.15.
    Rencontre,
    /// *Margot la fendue* (option `old-jans`), R-6.16: to the opponent.
    Margot,
    /// *Pile de misère* (option `old-jans`), R-6.17.
    PileDeMisere,
}

impl Jan {
    /// The French name, as players say it.
    pub fn french_name(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(Table::PetitJan) => "battre à vrai dans la table du petit jan",
            TrueHit(Table::GrandJan) => "battre à vrai dans la table du grand jan",
            FalseHit(Table::PetitJan) => "battre à faux dans la table du petit jan",
            FalseHit(Table::GrandJan) => "battre à faux dans la table du grand jan",
            HitCorner => "battre le coin",
            Fill(Quarter::PetitJan) => "remplir le petit jan",
            Fill(Quarter::GrandJan) => "remplir le grand jan",
            Fill(_) => "remplir le jan de retour",
            Conserve(Quarter::PetitJan) => "conserver le petit jan",
            Conserve(Quarter::GrandJan) => "conserver le grand jan",
            Conserve(_) => "conserver le jan de retour",
            Unplayable => "jan qui ne peut (dame impuissante)",
            Exit => "sortie",
            TroisCoups => "jan de trois coups",
            DeuxTables => "jan de deux tables",
            ContreDeuxTables => "contre-jan de deux tables",
            Mezeas => "jan de mézéas",
            ContreMezeas => "contre-jan de mézéas",
            Rencontre => "jan de rencontre",
            Margot => "margot la fendue",
            PileDeMisere => "pile de misère",
        }
    }

    /// An English gloss.
    pub fn english_name(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(Table::PetitJan) => "true hit in the petit-jan table",
            TrueHit(Table::GrandJan) => "true hit in the grand-jan table",
            FalseHit(Table::PetitJan) => "false hit in the petit-jan table",
            FalseHit(Table::GrandJan) => "false hit in the grand-jan table",
            HitCorner => "hitting the corner",
            Fill(Quarter::PetitJan) => "filling the petit jan",
            Fill(Quarter::GrandJan) => "filling the grand jan",
            Fill(_) => "filling the jan de retour",
            Conserve(Quarter::PetitJan) => "keeping the petit jan",
            Conserve(Quarter::GrandJan) => "keeping the grand jan",
            Conserve(_) => "keeping the jan de retour",
            Unplayable => "unplayable die",
            Exit => "first to bear off all checkers",
            TroisCoups => "three-roll jan",
            DeuxTables => "two-tables jan",
            ContreDeuxTables => "counter two-tables jan",
            Mezeas => "mezeas jan",
            ContreMezeas => "counter mezeas jan",
            Rencontre => "meeting jan",
            Margot => "split Margot",
            PileDeMisere => "pile of misery",
        }
    }

    /// A short stable identifier, e.g. `true-hit`, `fill`, `unplayable`.
    pub fn id(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(_) => "true-hit",
            FalseHit(_) => "false-hit",
            HitCorner => "hit-corner",
            Fill(_) => "fill",
            Conserve(_) => "conserve",
            Unplayable => "unplayable",
            Exit => "exit",
            TroisCoups => "trois-coups",
            DeuxTables => "deux-tables",
            ContreDeuxTables => "contre-deux-tables",
            Mezeas => "mezeas",
            ContreMezeas => "contre-mezeas",
            Rencontre => "rencontre",
            Margot => "margot",
            PileDeMisere => "pile-de-misere",
        }
    }

    /// The rule id that defines it.
    pub fn rule(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(_) => "R-6.1",
            FalseHit(_) => "R-6.2",
            HitCorner => "R-6.4",
            Fill(_) => "R-6.6",
            Conserve(_) => "R-6.7",
            Unplayable => "R-6.9",
            Exit => "R-6.10",
            TroisCoups => "R-6.11",
            DeuxTables | ContreDeuxTables => "R-6.12",
            Mezeas => "R-6.13",
            ContreMezeas => "R-6.14",
            Rencontre => "R-6.15",
            Margot => "R-6.16",
            PileDeMisere => "R-6.17",
        }
    }
}

/// Who marks the points of a jan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Beneficiary {
    /// The player who rolled (*J*).
    Mover,
    /// His opponent (*A*): jans qui ne peut.
    Opponent,
}

/// A way (*façon*, *moyen*) of achieving a jan (section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// One die alone.
    Die(Die),
    /// Both dice with one checker (*tout d'une*).
    ToutDUne,
    /// Both dice with two checkers (a fill of two missing checkers).
    BothDice,
}

impl fmt::Display for Way {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Way::Die(d) => write!(f, "{d}"),
            Way::ToutDUne => f.write_str("tout d'une"),
            Way::BothDice => f.write_str("both dice"),
        }
    }
}

/// One jan of a roll with its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JanEvent {
    /// Which jan.
    pub jan: Jan,
    /// Who marks it.
    pub beneficiary: Beneficiary,
    /// The ways that achieve it (empty for jans counted without ways; for
    /// unplayable dice, one entry per unplayed die).
    pub ways: ArrayVec<Way, 3>,
    /// Fields involved, absolute frame: for a hit the target first, then
    /// the origins; for a fill the field completed; for the corner jans
    /// the corners.
    pub fields: ArrayVec<Field, 4>,
    /// Points marked.
    pub points: u32,
    /// Scored only if the play makes it (the exit, R-4.8).
    pub depends_on_play: bool,
    /// A conserve by helplessness.
    pub helpless: bool,
}

/// Everything a roll brings and gives, before the checkers move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollScore {
    /// The player who rolled.
    pub side: Side,
    /// The roll.
    pub roll: Roll,
    /// The jans, mover's first.
    pub jans: Vec<JanEvent>,
    /// Points for the player who rolled.
    pub mover_points: u32,
    /// Points for his opponent.
    pub opponent_points: u32,
}

/// Game history a few jans need that a position does not hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollContext {
    /// For the jan de rencontre (R-6.15, `old-jans`): the first player's
    /// first roll of the game, when this roll is the second player's first.
    pub rencontre_with: Option<Roll>,
}
