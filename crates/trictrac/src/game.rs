//! A whole game of Grand Trictrac to 12 holes: the turn sequence of R-2.4,
//! marking, staying or leaving, relevés, the first move and the stakes
//! (RULES.md sections 2, 4.8, 8, 9 and 12).
//!
//! The order of a turn is visible in one place, [`Game::roll`] →
//! [`Game::stay`] / [`Game::leave`] → [`Game::play`]:
//!
//! 1. the mover rolls (dice given, or drawn from an injected [`DiceSource`]);
//! 2. he marks the points his roll brings him (the jans are computed on the
//!    position before any checker moves); if that wins him a hole he must
//!    choose to stay or to leave (R-8.6);
//! 3. he plays (unless he left);
//! 4. if the play bore off his last checker he marks the exit (R-4.8), with
//!    the same choice if it wins a hole;
//! 5. the opponent marks the points the roll gave him (unless the mover
//!    left);
//! 6. after the exit the relevé ends: the checkers go back to the talons
//!    and the same player rolls first.
//!
//! ```
//! use trictrac::game::{Game, GameOptions, Phase};
//! use trictrac::{Die, Roll, Side};
//! let mut g = Game::new(GameOptions::default());
//! g.first_move(Die::new(5), Die::new(2)).unwrap(); // White starts (R-2.2)
//! g.roll(Roll::new(6, 5)).unwrap();
//! assert_eq!(g.phase(), Phase::Play(Side::White));
//! let play = g.legal_plays()[0];
//! g.play(&play).unwrap();
//! assert_eq!(g.phase(), Phase::Roll(Side::Black));
//! ```

use crate::board::{Dest, Field};
use crate::dice::{Die, Roll};
use crate::jans::{Beneficiary, Jan, RollContext, RollScore};
use crate::legality::IllegalPlay;
use crate::notation::PlayNotation;
use crate::plays::{Play, PlayList};
use crate::position::Position;
use crate::rules::{ExitMethod, OldJans, RencontreValue, Rules};
use crate::score::{Bredouille, Marking, ScoreState};
use crate::side::{BySide, Side};
use core::fmt;

/// How the first player is chosen (R-2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstMove {
    /// Each player rolls one die, ties re-rolled; the higher starts and
    /// rolls both dice for his first move.
    #[default]
    OneDieEach,
    /// One roll of both dice (one die each), re-rolled on a double; the
    /// winner plays that roll.
    CoupEtDes,
    /// Each player throws both dice; the higher total starts (equal totals
    /// are thrown again) and rolls both dice again for his first move
    /// (seeds, *Primato*: "o anche i due dadi").
    TwoDiceEach,
}

/// What the player who bore off his last checker does next (R-4.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExitRoll {
    /// He makes a fresh roll to start the new relevé.
    #[default]
    Fresh,
    /// *Pour tout*: if he stays, his exit roll is also his first move of
    /// the new relevé.
    PourTout,
}

/// How a won game is paid (R-9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Payout {
    /// ×4 / ×3 / ×2 / ×1 (Guiton, the modern laws).
    #[default]
    Guiton,
    /// ×2 / ×1.5 / ×1 (Soumille).
    Soumille,
    /// ×2 / ×1 (Jollyvet).
    Jollyvet,
    /// *Trictrac à honneurs* (*Le trictrac combiné*, c. 1780; seeds, note
    /// 45): Guiton's ×4 / ×3 / ×2 / ×1 with the 7th hole instead of the
    /// 6th — ×2 while the loser has fewer than 7 holes.
    Honneurs,
    /// Simple win or loss.
    None,
}

/// Who marks the points (RULES.md §12, section 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MarkingMode {
    /// The engine marks every point.
    #[default]
    Auto,
    /// Each player declares the points he marks, and errors are schools
    /// (*écoles*, R-10.1–R-10.4) the other player may claim.
    Manual,
}

/// The kind of game (R-9.1, R-9.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// The ordinary game in twelve holes (*partie en douze trous*).
    #[default]
    Douze,
    /// *Partie à écrire* (R-9.2): a sequence of `marques` marqués; each is
    /// scored by the difference of holes plus the `consolation`, doubled
    /// in grande bredouille.
    Ecrire {
        /// Number of marqués to play (even, 2..=24).
        marques: u8,
        /// Points of consolation added to every marqué won.
        consolation: u8,
    },
}

/// What happens to an illegal play (RULES.md section 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FalseMoves {
    /// The engine refuses it, naming the rule.
    #[default]
    Refused,
    /// *À la table*: the play stands until the opponent accepts it or has
    /// it corrected (or its author corrects it first).
    Table,
}

/// Every option of RULES.md §12 that a game uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameOptions {
    /// Exit method and old jans.
    pub rules: Rules,
    /// First-move method.
    pub first_move: FirstMove,
    /// Exit roll.
    pub exit_roll: ExitRoll,
    /// Payout method.
    pub payout: Payout,
    /// Marking: automatic, or manual with schools.
    pub marking: MarkingMode,
    /// The ordinary game, or the partie à écrire.
    pub game: GameKind,
    /// Illegal plays refused, or played at the table (section 11).
    pub false_moves: FalseMoves,
}

impl GameOptions {
    /// The options as `key=value` words, e.g.
    /// `first-move=one-die-each exit=parisienne exit-roll=fresh payout=guiton old-jans=off marking=auto`.
    /// The options added later (`rencontre`, `game`, `marques`,
    /// `consolation`, `false-moves`) are written only when not default.
    pub fn to_words(&self) -> String {
        let o = self.rules.old_jans;
        let old = if o == OldJans::ALL {
            "on".to_string()
        } else if o == OldJans::NONE {
            "off".to_string()
        } else {
            [
                (o.rencontre, "rencontre"),
                (o.margot, "margot"),
                (o.pile, "pile"),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
            .join(",")
        };
        let mut w = format!(
            "first-move={} exit={} exit-roll={} payout={} old-jans={} marking={}",
            match self.first_move {
                FirstMove::OneDieEach => "one-die-each",
                FirstMove::CoupEtDes => "coup-et-des",
                FirstMove::TwoDiceEach => "two-dice-each",
            },
            match self.rules.exit {
                ExitMethod::Parisienne => "parisienne",
                ExitMethod::Provinciale => "provinciale",
            },
            match self.exit_roll {
                ExitRoll::Fresh => "fresh",
                ExitRoll::PourTout => "pour-tout",
            },
            match self.payout {
                Payout::Guiton => "guiton",
                Payout::Soumille => "soumille",
                Payout::Jollyvet => "jollyvet",
                Payout::Honneurs => "honneurs",
                Payout::None => "none",
            },
            old,
            match self.marking {
                MarkingMode::Auto => "auto",
                MarkingMode::Manual => "manual",
            }
        );
        if self.rules.rencontre == RencontreValue::TwoFour {
            w.push_str(" rencontre=2-4");
        }
        if let GameKind::Ecrire {
            marques,
            consolation,
        } = self.game
        {
            w.push_str(&format!(
                " game=ecrire marques={marques} consolation={consolation}"
            ));
        }
        if self.false_moves == FalseMoves::Table {
            w.push_str(" false-moves=table");
        }
        w
    }

    /// Parses the words of [`GameOptions::to_words`] (any subset, any order).
    ///
    /// # Errors
    /// A message naming the unknown word or value.
    pub fn from_words(s: &str) -> Result<GameOptions, String> {
        let mut o = GameOptions::default();
        for w in s.split_whitespace() {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("option `{w}`: expected key=value"))?;
            let bad = || format!("option `{w}`: unknown value `{v}` for {k}");
            match k {
                "first-move" => {
                    o.first_move = match v {
                        "one-die-each" => FirstMove::OneDieEach,
                        "coup-et-des" => FirstMove::CoupEtDes,
                        "two-dice-each" => FirstMove::TwoDiceEach,
                        _ => return Err(bad()),
                    }
                }
                "exit" => {
                    o.rules.exit = match v {
                        "parisienne" => ExitMethod::Parisienne,
                        "provinciale" => ExitMethod::Provinciale,
                        _ => return Err(bad()),
                    }
                }
                "exit-roll" => {
                    o.exit_roll = match v {
                        "fresh" => ExitRoll::Fresh,
                        "pour-tout" => ExitRoll::PourTout,
                        _ => return Err(bad()),
                    }
                }
                "payout" => {
                    o.payout = match v {
                        "guiton" => Payout::Guiton,
                        "soumille" => Payout::Soumille,
                        "jollyvet" => Payout::Jollyvet,
                        "honneurs" => Payout::Honneurs,
                        "none" => Payout::None,
                        _ => return Err(bad()),
                    }
                }
                "old-jans" => {
                    o.rules.old_jans = match v {
                        "on" => OldJans::ALL,
                        "off" => OldJans::NONE,
                        list => {
                            let mut j = OldJans::NONE;
                            for n in list.split(',') {
                                match n {
                                    "rencontre" => j.rencontre = true,
                                    "margot" => j.margot = true,
                                    "pile" => j.pile = true,
                                    _ => return Err(format!(
                                        "option `{w}`: old-jans is on, off or a list of rencontre, margot, pile (R-6.15–R-6.17)"
                                    )),
                                }
                            }
                            j
                        }
                    }
                }
                "rencontre" => {
                    o.rules.rencontre = match v {
                        "4-6" => RencontreValue::FourSix,
                        "2-4" => RencontreValue::TwoFour,
                        _ => return Err(bad()),
                    }
                }
                "game" => {
                    o.game = match (v, o.game) {
                        ("douze", _) => GameKind::Douze,
                        ("ecrire", GameKind::Ecrire { .. }) => o.game,
                        ("ecrire", GameKind::Douze) => GameKind::Ecrire {
                            marques: DEFAULT_MARQUES,
                            consolation: DEFAULT_CONSOLATION,
                        },
                        _ => return Err(bad()),
                    }
                }
                "marques" | "consolation" => {
                    let n: u8 = v.parse().map_err(|_| bad())?;
                    let GameKind::Ecrire {
                        marques,
                        consolation,
                    } = &mut o.game
                    else {
                        return Err(format!(
                            "option `{w}`: {k} needs game=ecrire before it (R-9.2)"
                        ));
                    };
                    if k == "marques" {
                        if n == 0 || !n.is_multiple_of(2) || n > 24 {
                            return Err(format!(
                                "option `{w}`: the number of marqués is even, 2 to 24 (R-9.2)"
                            ));
                        }
                        *marques = n;
                    } else {
                        if !n.is_multiple_of(2) || n > 12 {
                            return Err(format!(
                                "option `{w}`: the consolation is even, 0 to 12 (R-9.2)"
                            ));
                        }
                        *consolation = n;
                    }
                }
                "false-moves" => {
                    o.false_moves = match v {
                        "refused" => FalseMoves::Refused,
                        "table" => FalseMoves::Table,
                        _ => return Err(bad()),
                    }
                }
                "marking" => {
                    o.marking = match v {
                        "auto" => MarkingMode::Auto,
                        "manual" => MarkingMode::Manual,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(format!("option `{w}`: unknown option `{k}`")),
            }
        }
        Ok(o)
    }
}

pub use tables::DiceSource;

/// Marqués of a partie à écrire when `marques=` is not given.
pub const DEFAULT_MARQUES: u8 = 6;
/// Consolation of a partie à écrire when `consolation=` is not given.
pub const DEFAULT_CONSOLATION: u8 = 4;

/// Where the game stands: who must do what next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Deciding who starts (R-2.2): [`Game::first_move`].
    FirstMove,
    /// `side` must roll: [`Game::roll`].
    Roll(Side),
    /// `side` won a hole by his own roll and must stay or leave (R-8.6):
    /// [`Game::stay`] or [`Game::leave`].
    StayOrLeave(Side),
    /// `side` must play the pending roll: [`Game::play`].
    Play(Side),
    /// Manual marking: `side` must declare the points he marks — his own
    /// after rolling, or after the mover's play those the roll gave him:
    /// [`Game::declare`].
    Mark(Side),
    /// The game is over: `side` has 12 holes (R-5.2).
    Over(Side),
}

impl Phase {
    /// The side that must act, if any.
    pub fn side(self) -> Option<Side> {
        match self {
            Phase::Roll(s) | Phase::StayOrLeave(s) | Phase::Play(s) | Phase::Mark(s) => Some(s),
            Phase::FirstMove | Phase::Over(_) => None,
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Phase::FirstMove => "the first-move dice (R-2.2)",
            Phase::Roll(_) => "a roll (R-2.4)",
            Phase::StayOrLeave(_) => "staying or leaving (R-8.6)",
            Phase::Play(_) => "a play of the roll (R-2.4)",
            Phase::Mark(_) => "the points marked (R-10)",
            Phase::Over(_) => "nothing: the game is over (R-5.2)",
        }
    }
}

/// Why a relevé ended (R-8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReleveEnd {
    /// A player left after winning a hole (R-8.6).
    Leave,
    /// A player bore off his last checker (R-4.8).
    Exit,
}

/// Who marks points: the roller's own roll, or the points it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointsFrom {
    /// The marker's own roll (before playing).
    OwnRoll,
    /// The marker's exit (after playing, R-4.8).
    Exit,
    /// The opponent's roll gave them (jans qui ne peut).
    OpponentRoll,
    /// A school (R-10): points the other player failed to mark or marked
    /// too many, or a false school.
    School,
}

/// The kinds of school (R-10.1, R-10.2, R-10.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchoolKind {
    /// *École par moins*: fewer points marked than won.
    Moins,
    /// *École par trop*: more points marked than won.
    Trop,
    /// *Fausse école*: a school claimed where there is none.
    Fausse,
    /// *Augmentation d'école*: a correct school wrongly contested doubles
    /// (R-10.4): the claimant marks its points once more.
    Augmentation,
}

/// Everything that happens in a game, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The dice of the first-move privilege (a tie is re-rolled).
    FirstMoveDice {
        /// White's die.
        white: Die,
        /// Black's die.
        black: Die,
    },
    /// The first-move throws with `first-move=two-dice-each` (R-2.2): both
    /// dice of each player (equal totals are thrown again).
    FirstMoveRolls {
        /// White's dice.
        white: Roll,
        /// Black's dice.
        black: Roll,
    },
    /// The first player is decided.
    Starts(Side),
    /// A roll and what it brings and gives (before the play).
    Rolled(RollScore),
    /// Points marked.
    Marked {
        /// Who marks.
        side: Side,
        /// Where the points come from.
        from: PointsFrom,
        /// The points and holes.
        marking: Marking,
        /// The score state after.
        after: ScoreState,
    },
    /// Manual marking: points declared (and marked) by `side`, and the
    /// points the rules give.
    Declared {
        /// Who declares.
        side: Side,
        /// Points declared.
        points: u32,
        /// Points won by the rules.
        owed: u32,
    },
    /// A school claimed (R-10).
    School {
        /// Who claims.
        claimant: Side,
        /// Which school it turned out to be.
        kind: SchoolKind,
        /// Points the claimant named.
        named: u32,
        /// Points marked for the school (by the claimant, or for a false
        /// school by the other player).
        points: u32,
    },
    /// A school contested by `side` (R-10.4): an *augmentation d'école*
    /// when the school was correct, a false school again when it was false.
    Contested {
        /// Who contests.
        side: Side,
        /// [`SchoolKind::Augmentation`] or [`SchoolKind::Fausse`].
        kind: SchoolKind,
        /// Points marked (by the claimant of a correct school, or by the
        /// other player of a false one).
        points: u32,
    },
    /// Stay (`true`) or leave after winning a hole (R-8.6).
    Decided {
        /// Who decides.
        side: Side,
        /// Whether he stays.
        stay: bool,
    },
    /// A play.
    Played {
        /// Who plays.
        side: Side,
        /// The play.
        play: Play,
    },
    /// Partie à écrire (R-9.2): a marqué ends (a player left with six
    /// holes or more on the board, or reached twelve). Checkers, points,
    /// holes and the pavillon start again; `first` rolls first.
    MarqueEnd {
        /// The player with more holes; `None` when equal (*refait*: the
        /// marqué is replayed and counts for nobody).
        winner: Option<Side>,
        /// Holes of each side at the end.
        holes: BySide<u8>,
        /// The marqué's value to the winner (0 for a refait).
        value: u32,
        /// Who rolls first in the next marqué.
        first: Side,
    },
    /// `false-moves=table` (section 11): `side` made an illegal play, as
    /// moves in his own frame (from, to; `to` 25 = off). It stands until
    /// it is settled ([`Event::FalseMoveSettled`]).
    FalsePlay {
        /// Who played.
        side: Side,
        /// The moves made, `(from, to)` in the player's frame.
        moves: Vec<(u8, u8)>,
    },
    /// `false-moves=table`: a false play is settled — left as it is
    /// (`corrected: None`), or replaced by the smallest legal correction.
    FalseMoveSettled {
        /// Who settled it: the opponent, or its author correcting himself
        /// before the opponent rolled.
        by: Side,
        /// The legal play that replaced the false one, if corrected.
        corrected: Option<Play>,
    },
    /// A relevé ends; `first` rolls first in the next one.
    NewReleve {
        /// Why.
        reason: ReleveEnd,
        /// Who plays first.
        first: Side,
    },
    /// `side` resigns: the other player wins the game at once (see
    /// [`Game::resign`]); [`Event::Over`] follows.
    Resigned {
        /// Who resigns.
        side: Side,
    },
    /// The game ends.
    Over {
        /// The winner (12 holes).
        winner: Side,
        /// The stake multiplier (R-9.1).
        stake: Stake,
    },
}

/// A stake multiplier (R-9.1), in halves to hold ×1.5 exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stake {
    halves: u8,
}

impl Stake {
    /// The multiplier as a number.
    pub fn value(self) -> f64 {
        self.halves as f64 / 2.0
    }
}

impl fmt::Display for Stake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.halves.is_multiple_of(2) {
            write!(f, "x{}", self.halves / 2)
        } else {
            write!(f, "x{}.5", self.halves / 2)
        }
    }
}

/// The stake of a finished game (R-9.1).
pub fn stake(payout: Payout, score: &ScoreState, winner: Side) -> Stake {
    let loser_holes = *score.holes.get(!winner);
    let grande = loser_holes == 0 || score.pavillon == Bredouille::Side(winner);
    let halves = match payout {
        Payout::Guiton => {
            if loser_holes == 0 {
                8
            } else if score.pavillon == Bredouille::Side(winner) {
                6
            } else if score.pavillon == Bredouille::Neither && loser_holes < 6 {
                4
            } else {
                2
            }
        }
        Payout::Soumille => {
            if grande {
                4
            } else if loser_holes < 7 {
                3
            } else {
                2
            }
        }
        Payout::Jollyvet => {
            if grande {
                4
            } else {
                2
            }
        }
        Payout::Honneurs => {
            if loser_holes == 0 {
                8
            } else if score.pavillon == Bredouille::Side(winner) {
                6
            } else if score.pavillon == Bredouille::Neither && loser_holes < 7 {
                4
            } else {
                2
            }
        }
        Payout::None => 2,
    };
    Stake { halves }
}

/// A rejected action, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The action does not fit the phase of the turn.
    #[error("expected {expected}, not {action}")]
    WrongPhase {
        /// What the game waits for.
        expected: &'static str,
        /// What was attempted.
        action: &'static str,
    },
    /// The play is not legal.
    #[error("{0}")]
    Illegal(#[from] IllegalPlay),
    /// Points that cannot be marked.
    #[error("{0}")]
    Points(&'static str),
}

/// The roll being played: its analysis and legal plays.
#[derive(Clone, Debug)]
struct Pending {
    score: RollScore,
    plays: PlayList,
    /// The hole-winning marking that asked for a decision came from the exit.
    after_exit: bool,
    /// Points the mover's roll brings him before playing (exit excluded).
    own: u32,
    /// Manual marking: what the mover declared, with the score just before
    /// and just after it was marked (R-10.2: a hole won only with
    /// over-marked points is taken back).
    declared: Option<(u32, ScoreState, ScoreState)>,
    /// The mover bore off his last checker with this roll.
    exited: bool,
}

/// Manual marking: a committed declaration the other player may claim a
/// school on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Claimable {
    declarer: Side,
    declared: u32,
    owed: u32,
    /// The score just before the declaration was marked.
    before: ScoreState,
    /// The score just after.
    after: ScoreState,
}

/// Manual marking: a school claimed, marked once the claimant has marked
/// the points of the other player's roll (R-10.4: school points are marked
/// last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ClaimedSchool {
    claimant: Side,
    kind: SchoolKind,
    named: u32,
    points: u32,
    claim: Claimable,
}

/// Manual marking: the last school marked, open to a contest until the
/// next roll (R-10.4, *augmentation d'école*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contestable {
    claimant: Side,
    kind: SchoolKind,
    named: u32,
    points: u32,
}

/// A game of Grand Trictrac to 12 holes.
#[derive(Clone, Debug)]
pub struct Game {
    options: GameOptions,
    position: Position,
    phase: Phase,
    pending: Option<Pending>,
    log: Vec<Event>,
    /// The starter's first roll and whether the second player has rolled
    /// yet (jan de rencontre, R-6.15).
    first_roll: Option<Roll>,
    second_rolled: bool,
    starter: Option<Side>,
    rolls: u32,
    releves: u32,
    /// Manual marking: committed declarations open to a school.
    open: Vec<Claimable>,
    /// Manual marking: schools claimed, marked after the claimant's
    /// declaration (R-10.4).
    claimed: Vec<ClaimedSchool>,
    /// Manual marking: the last school marked, open to a contest.
    contestable: Option<Contestable>,
    /// `false-moves=table`: a false play standing until it is settled.
    false_play: Option<FalseState>,
    /// Partie à écrire: the marqués ended so far.
    marques: Vec<MarqueResult>,
    /// A marqué ended inside the current action: the rest of the turn is
    /// cut (see [`Game::phase_over`]).
    cut: bool,
}

/// `false-moves=table`: a false play and what it may become.
#[derive(Clone, Debug)]
struct FalseState {
    author: Side,
    /// The position before the false play (the author to move).
    before: Position,
    /// The smallest legal correction (section 11).
    correction: Play,
}

/// A marqué of a partie à écrire (R-9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarqueResult {
    /// The player with more holes, `None` for a refait.
    pub winner: Option<Side>,
    /// Holes of each side at the end.
    pub holes: BySide<u8>,
    /// The marqué's value to the winner: the difference of holes plus the
    /// consolation, doubled in grande bredouille; 0 for a refait.
    pub value: u32,
}

impl Game {
    /// A new game: checkers on the talons, no score, first move to decide.
    pub fn new(options: GameOptions) -> Game {
        Game {
            options,
            position: Position::start(),
            phase: Phase::FirstMove,
            pending: None,
            log: Vec::new(),
            first_roll: None,
            second_rolled: false,
            starter: None,
            rolls: 0,
            releves: 1,
            open: Vec::new(),
            claimed: Vec::new(),
            contestable: None,
            false_play: None,
            marques: Vec::new(),
            cut: false,
        }
    }

    /// A game continuing from `position` (its checkers, score state and
    /// side to move, who must roll next), e.g. a position from a book.
    /// If the position carries `dice=`, that roll is made at once.
    ///
    /// # Errors
    /// If the position's score already has a winner.
    pub fn from_position(options: GameOptions, position: Position) -> Result<Game, GameError> {
        let mut g = Game::new(options);
        let side = position.turn();
        let dice = position.dice();
        g.position = position;
        g.position.set_dice(None);
        g.starter = Some(side);
        // The history is unknown: no jan de rencontre.
        g.second_rolled = true;
        if let Some(w) = g.position.score().winner() {
            g.phase = Phase::Over(w);
            return Err(g.wrong("a game that is not over"));
        }
        g.phase = Phase::Roll(side);
        if let Some(r) = dice {
            g.roll(r)?;
        }
        Ok(g)
    }

    /// The options.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The position (checkers, side to move, score state).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The score state.
    pub fn score(&self) -> &ScoreState {
        self.position.score()
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Everything that happened so far.
    pub fn events(&self) -> &[Event] {
        &self.log
    }

    /// The pending roll, while it is being played or decided.
    pub fn pending_roll(&self) -> Option<Roll> {
        self.pending.as_ref().map(|p| p.score.roll)
    }

    /// The jans of the pending roll.
    pub fn pending_score(&self) -> Option<&RollScore> {
        self.pending.as_ref().map(|p| &p.score)
    }

    /// The legal plays of the pending roll (empty outside [`Phase::Play`]).
    pub fn legal_plays(&self) -> &[Play] {
        match (&self.pending, self.phase) {
            (Some(p), Phase::Play(_)) => &p.plays,
            _ => &[],
        }
    }

    /// The first player, once decided.
    pub fn starter(&self) -> Option<Side> {
        self.starter
    }

    /// Rolls made so far (first-move dice not counted).
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// Relevés started so far (1 at the start).
    pub fn releves(&self) -> u32 {
        self.releves
    }

    /// Whether the game is over.
    pub fn phase_is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::Over(s) => Some(s),
            _ => None,
        }
    }

    /// The stake of the finished game (R-9.1).
    pub fn stake(&self) -> Option<Stake> {
        if matches!(self.options.game, GameKind::Ecrire { .. }) {
            // The partie à écrire is paid by its totals (see
            // [`Game::ecrire_payment`]).
            return self.winner().map(|_| Stake { halves: 2 });
        }
        self.winner()
            .map(|w| stake(self.options.payout, self.position.score(), w))
    }

    fn wrong(&self, action: &'static str) -> GameError {
        GameError::WrongPhase {
            expected: self.phase.expected(),
            action,
        }
    }

    /// The first-move dice (R-2.2): White's die and Black's die. A tie
    /// leaves the phase unchanged (roll again). With `coup-et-des` the
    /// winner then plays that roll.
    ///
    /// # Errors
    /// Outside [`Phase::FirstMove`].
    pub fn first_move(&mut self, white: Die, black: Die) -> Result<(), GameError> {
        if self.phase != Phase::FirstMove {
            return Err(self.wrong("first-move dice"));
        }
        if self.options.first_move == FirstMove::TwoDiceEach {
            return Err(GameError::WrongPhase {
                expected: "both dice of each player (first-move=two-dice-each, R-2.2)",
                action: "one die each",
            });
        }
        self.log.push(Event::FirstMoveDice { white, black });
        if white == black {
            return Ok(());
        }
        let starter = if white > black {
            Side::White
        } else {
            Side::Black
        };
        self.starter = Some(starter);
        self.log.push(Event::Starts(starter));
        self.position.new_releve(starter);
        self.phase = Phase::Roll(starter);
        if self.options.first_move == FirstMove::CoupEtDes {
            self.roll(Roll::from_dice(white, black))?;
        }
        Ok(())
    }

    /// The first-move throws with `first-move=two-dice-each` (R-2.2): each
    /// player throws both dice; the higher total starts and rolls both dice
    /// again for his first move; equal totals leave the phase unchanged
    /// (throw again).
    ///
    /// # Errors
    /// Outside [`Phase::FirstMove`], or with another first-move option.
    pub fn first_move_two(&mut self, white: Roll, black: Roll) -> Result<(), GameError> {
        if self.phase != Phase::FirstMove {
            return Err(self.wrong("first-move dice"));
        }
        if self.options.first_move != FirstMove::TwoDiceEach {
            return Err(GameError::WrongPhase {
                expected: "one die of each player (R-2.2)",
                action: "both dice each",
            });
        }
        self.log.push(Event::FirstMoveRolls { white, black });
        let total = |r: Roll| r.high().value() + r.low().value();
        if total(white) == total(black) {
            return Ok(());
        }
        let starter = if total(white) > total(black) {
            Side::White
        } else {
            Side::Black
        };
        self.starter = Some(starter);
        self.log.push(Event::Starts(starter));
        self.position.new_releve(starter);
        self.phase = Phase::Roll(starter);
        Ok(())
    }

    /// Draws the next dice from `dice` and applies them: the first-move
    /// dice, or a roll.
    ///
    /// # Errors
    /// When the game waits for a decision or a play, or is over.
    pub fn roll_with(&mut self, dice: &mut impl DiceSource) -> Result<(), GameError> {
        match self.phase {
            Phase::FirstMove if self.options.first_move == FirstMove::TwoDiceEach => {
                let w = Roll::from_dice(dice.die(), dice.die());
                let b = Roll::from_dice(dice.die(), dice.die());
                self.first_move_two(w, b)
            }
            Phase::FirstMove => {
                let (w, b) = (dice.die(), dice.die());
                self.first_move(w, b)
            }
            Phase::Roll(_) => {
                let (a, b) = (dice.die(), dice.die());
                self.roll(Roll::from_dice(a, b))
            }
            _ => Err(self.wrong("a roll")),
        }
    }

    /// The side to move rolls `roll` (R-2.4 steps 1–2): the jans are
    /// computed, the mover marks his points and, if they win a hole, the
    /// game waits for [`Game::stay`] or [`Game::leave`]; otherwise for
    /// [`Game::play`].
    ///
    /// # Errors
    /// Outside [`Phase::Roll`].
    pub fn roll(&mut self, roll: Roll) -> Result<(), GameError> {
        let Phase::Roll(side) = self.phase else {
            return Err(self.wrong("a roll"));
        };
        if let Some(f) = self.false_play.take() {
            // Rolling leaves the false play as it is (section 11: the
            // opponent settles it before his roll).
            self.log.push(Event::FalseMoveSettled {
                by: !f.author,
                corrected: None,
            });
        }
        self.rolls += 1;
        self.cut = false;
        self.contestable = None;
        let mut ctx = RollContext::default();
        if Some(side) == self.starter {
            if self.first_roll.is_none() {
                self.first_roll = Some(roll);
            }
        } else if !self.second_rolled {
            self.second_rolled = true;
            ctx.rencontre_with = self.first_roll;
        }
        let (score, plays) = self
            .position
            .score_roll_with(roll, &self.options.rules, &ctx);
        // The exit is marked after the play (R-4.8).
        let own: u32 = score
            .jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Mover && e.jan != Jan::Exit)
            .map(|e| e.points)
            .sum();
        self.log.push(Event::Rolled(score.clone()));
        self.pending = Some(Pending {
            score,
            plays,
            after_exit: false,
            own,
            declared: None,
            exited: false,
        });
        if self.options.marking == MarkingMode::Manual {
            self.phase = Phase::Mark(side);
            return Ok(());
        }
        self.mark_own(side, own);
        Ok(())
    }

    /// The mover marks the points of his own roll (step 2 of R-2.4).
    fn mark_own(&mut self, side: Side, points: u32) {
        let m = self.mark(side, points, PointsFrom::OwnRoll);
        if self.phase_over() {
            return;
        }
        self.phase = if m.holes.is_empty() {
            Phase::Play(side)
        } else {
            Phase::StayOrLeave(side)
        };
    }

    /// Manual marking (R-10): the side in [`Phase::Mark`] declares the
    /// points he marks — after rolling, those his roll brings him; after
    /// the mover's play, those the roll gave him. The declared points are
    /// marked as they are (holes and staying or leaving follow them); an
    /// error is a school the other player may claim with
    /// [`Game::claim_school`].
    ///
    /// # Errors
    /// Outside [`Phase::Mark`], or odd points (R-5.1).
    pub fn declare(&mut self, points: u32) -> Result<(), GameError> {
        let Phase::Mark(side) = self.phase else {
            return Err(self.wrong("declared points"));
        };
        if !points.is_multiple_of(2) {
            return Err(GameError::Points("points are always even (R-5.1)"));
        }
        if points > crate::score::MAX_MARK {
            return Err(GameError::Points("no roll brings that many points"));
        }
        let pending = self.pending.as_ref().expect("a pending roll when marking");
        let mover = pending.score.side;
        let before = *self.position.score();
        if side == mover {
            let owed = pending.own;
            self.log.push(Event::Declared { side, points, owed });
            self.mark_own(side, points);
            let after = *self.position.score();
            if let Some(p) = self.pending.as_mut() {
                p.declared = Some((points, before, after));
            }
        } else {
            // The opponent marks what the roll gave him (step 4 of R-2.4);
            // his schools on the mover's declarations had to be claimed
            // before: those declarations close.
            let owed = pending.score.opponent_points;
            let exited = pending.exited;
            self.open.retain(|c| c.declarer != mover);
            self.log.push(Event::Declared { side, points, owed });
            self.pending = None;
            self.mark(side, points, PointsFrom::OpponentRoll);
            let after = *self.position.score();
            // School points are marked last (R-10.4).
            self.mark_schools();
            self.open.push(Claimable {
                declarer: side,
                declared: points,
                owed,
                before,
                after,
            });
            self.after_opponent_marked(mover, exited, None);
        }
        Ok(())
    }

    /// Manual marking: `claimant` claims a school, naming `named` points
    /// (R-10.1, R-10.2, R-10.4). Schools are claimed when the claimant
    /// marks the points the other player's roll gave him (in
    /// [`Phase::Mark`], before [`Game::declare`]; R-10.5: jans qui ne peut
    /// and schools are marked before rolling), on the other player's
    /// committed declarations: his own points, committed when he played or
    /// left, and the points he marked from the claimant's previous roll,
    /// committed when he rolled.
    ///
    /// The engine is the arbiter: with fewer points marked than won (*par
    /// moins*) the claimant marks the missing points; with more (*par
    /// trop*) the excess is taken off the other player's points on the
    /// board (points already turned into holes stay) and marked by the
    /// claimant; with no error it is a false school (R-10.4) and the other
    /// player marks the points named. A school is marked in full and never
    /// gives the choice to stay or leave. There is no contesting (the
    /// engine does not err), so no *augmentation d'école*.
    ///
    /// # Errors
    /// When `claimant` is not marking the points of the other's roll, no
    /// declaration of the other player is open, or `named` is not even.
    pub fn claim_school(&mut self, claimant: Side, named: u32) -> Result<SchoolKind, GameError> {
        if !self.claiming(claimant) {
            return Err(GameError::Points(
                "a school is claimed when marking the points of the other player's roll (R-10.5)",
            ));
        }
        if !named.is_multiple_of(2) || named == 0 {
            return Err(GameError::Points(
                "a school names an even number of points (R-5.1)",
            ));
        }
        if named > crate::score::MAX_MARK {
            return Err(GameError::Points(
                "no school can name that many points: no roll brings them (R-10)",
            ));
        }
        let declarer = !claimant;
        let idx = self
            .open
            .iter()
            .position(|c| c.declarer == declarer && c.declared != c.owed)
            .or_else(|| self.open.iter().rposition(|c| c.declarer == declarer))
            .ok_or(GameError::Points(
                "no declaration of the other player is open to a school (R-10)",
            ))?;
        let c = self.open.remove(idx);
        let (kind, points) = match c.declared.cmp(&c.owed) {
            core::cmp::Ordering::Less => (SchoolKind::Moins, c.owed - c.declared),
            core::cmp::Ordering::Greater => (SchoolKind::Trop, c.declared - c.owed),
            core::cmp::Ordering::Equal => (SchoolKind::Fausse, named),
        };
        self.log.push(Event::School {
            claimant,
            kind,
            named,
            points,
        });
        // Marked after the claimant's own declaration (R-10.4: school
        // points are marked last).
        self.claimed.push(ClaimedSchool {
            claimant,
            kind,
            named,
            points,
            claim: c,
        });
        Ok(kind)
    }

    /// Whether `side` is marking the points of the other player's roll
    /// (when schools are claimed).
    fn claiming(&self, side: Side) -> bool {
        self.phase == Phase::Mark(side)
            && self.pending.as_ref().is_some_and(|p| p.score.side == !side)
    }

    /// Manual marking: the points the side in [`Phase::Mark`] has won by
    /// the rules — what an honest, attentive player declares.
    pub fn points_owed(&self) -> Option<u32> {
        let Phase::Mark(side) = self.phase else {
            return None;
        };
        let p = self.pending.as_ref()?;
        Some(if side == p.score.side {
            p.own
        } else {
            p.score.opponent_points
        })
    }

    /// Manual marking: the real school `claimant` could claim now — its
    /// kind and points — or `None` when the other player's open
    /// declarations are right or it is not the moment to claim. For players
    /// that check every count (bots); a person has to spot it himself.
    pub fn open_school(&self, claimant: Side) -> Option<(SchoolKind, u32)> {
        if !self.claiming(claimant) {
            return None;
        }
        let c = self
            .open
            .iter()
            .find(|c| c.declarer == !claimant && c.declared != c.owed)?;
        Some(if c.declared < c.owed {
            (SchoolKind::Moins, c.owed - c.declared)
        } else {
            (SchoolKind::Trop, c.declared - c.owed)
        })
    }

    /// Whether `side` may claim a school now (see [`Game::claim_school`]).
    pub fn can_claim_school(&self, side: Side) -> bool {
        self.claiming(side) && self.open.iter().any(|c| c.declarer == !side)
    }

    /// Marks points for `side` and logs it; ends the game at 12 holes.
    fn mark(&mut self, side: Side, points: u32, from: PointsFrom) -> Marking {
        let mut score = *self.position.score();
        let m = score.mark(side, points);
        self.position
            .set_score(score)
            .expect("marking keeps the score in range");
        if points > 0 {
            self.log.push(Event::Marked {
                side,
                from,
                marking: m.clone(),
                after: score,
            });
        }
        if m.won && matches!(self.options.game, GameKind::Ecrire { .. }) {
            // A marqué ends at twelve holes (R-9.2); the player who reached
            // them rolls first in the next one.
            self.end_marque(side);
        } else if m.won {
            let stake = stake(self.options.payout, &score, side);
            self.log.push(Event::Over {
                winner: side,
                stake,
            });
            self.phase = Phase::Over(side);
            self.pending = None;
        }
        m
    }

    /// Whether the current action must stop: the game is over, or a
    /// marqué of a partie à écrire just ended.
    fn phase_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_)) || self.cut
    }

    /// Partie à écrire: the marqués ended so far (refaits included).
    pub fn marques(&self) -> &[MarqueResult] {
        &self.marques
    }

    /// Partie à écrire: each side's total of the marqués it won.
    pub fn marque_totals(&self) -> BySide<u32> {
        let mut t = BySide::default();
        for m in &self.marques {
            if let Some(w) = m.winner {
                *t.get_mut(w) += m.value;
            }
        }
        t
    }

    /// Partie à écrire: what the loser pays at the end — the difference of
    /// the totals (R-9.2) — and to whom; `None` while even.
    pub fn ecrire_payment(&self) -> Option<(Side, u32)> {
        let t = self.marque_totals();
        match t.white.cmp(&t.black) {
            core::cmp::Ordering::Greater => Some((Side::White, t.white - t.black)),
            core::cmp::Ordering::Less => Some((Side::Black, t.black - t.white)),
            core::cmp::Ordering::Equal => None,
        }
    }

    /// Partie à écrire: ends the current marqué (R-9.2); `first` rolls
    /// first in the next one. The partie ends once the agreed number of
    /// marqués has been won and the totals differ (an even partie goes on
    /// with one more marqué).
    fn end_marque(&mut self, first: Side) {
        let GameKind::Ecrire {
            marques,
            consolation,
        } = self.options.game
        else {
            return;
        };
        let score = *self.position.score();
        let holes = score.holes;
        let winner = match holes.white.cmp(&holes.black) {
            core::cmp::Ordering::Greater => Some(Side::White),
            core::cmp::Ordering::Less => Some(Side::Black),
            core::cmp::Ordering::Equal => None,
        };
        let value = winner.map_or(0, |w| {
            let base = u32::from(holes.get(w) - holes.get(!w)) + u32::from(consolation);
            let grande = *holes.get(!w) == 0 || score.pavillon == Bredouille::Side(w);
            if grande {
                2 * base
            } else {
                base
            }
        });
        self.marques.push(MarqueResult {
            winner,
            holes,
            value,
        });
        self.log.push(Event::MarqueEnd {
            winner,
            holes,
            value,
            first,
        });
        self.cut = true;
        self.pending = None;
        self.false_play = None;
        self.open.clear();
        self.claimed.clear();
        self.contestable = None;
        self.position
            .set_score(ScoreState::default())
            .expect("the initial score is in range");
        self.position.new_releve(first);
        self.releves += 1;
        let won = self.marques.iter().filter(|m| m.winner.is_some()).count();
        if won >= usize::from(marques) {
            if let Some((w, _)) = self.ecrire_payment() {
                self.log.push(Event::Over {
                    winner: w,
                    stake: Stake { halves: 2 },
                });
                self.phase = Phase::Over(w);
                return;
            }
        }
        self.phase = Phase::Roll(first);
    }

    /// The mover stays (*tenir*, R-8.6): he keeps his remainder and plays
    /// (or, after the exit, the opponent marks and the relevé ends).
    ///
    /// # Errors
    /// Outside [`Phase::StayOrLeave`].
    pub fn stay(&mut self) -> Result<(), GameError> {
        let Phase::StayOrLeave(side) = self.phase else {
            return Err(self.wrong("staying"));
        };
        self.log.push(Event::Decided { side, stay: true });
        let after_exit = self.pending.as_ref().is_some_and(|p| p.after_exit);
        if after_exit {
            self.finish_turn(side, true);
        } else {
            self.phase = Phase::Play(side);
        }
        Ok(())
    }

    /// The mover leaves (*s'en aller*, R-8.6): his remainder is lost, the
    /// opponent marks nothing for this roll, all checkers go back to the
    /// talons and the leaver rolls first in the new relevé.
    ///
    /// # Errors
    /// Outside [`Phase::StayOrLeave`].
    pub fn leave(&mut self) -> Result<(), GameError> {
        let Phase::StayOrLeave(side) = self.phase else {
            return Err(self.wrong("leaving"));
        };
        self.log.push(Event::Decided { side, stay: false });
        self.commit_declaration(side);
        let mut score = *self.position.score();
        *score.points.get_mut(side) = 0;
        *score.points.get_mut(!side) = 0;
        score.bredouille = Bredouille::Either;
        self.position
            .set_score(score)
            .expect("zero points are in range");
        if matches!(self.options.game, GameKind::Ecrire { .. })
            && (score.holes.white >= 6 || score.holes.black >= 6)
        {
            // Partie à écrire: leaving with six holes or more on the board
            // (either side's) ends the marqué (R-9.2).
            self.end_marque(side);
            self.cut = false;
            return Ok(());
        }
        self.new_releve(ReleveEnd::Leave, side);
        Ok(())
    }

    /// Manual marking: the mover's declaration is committed (he moves a
    /// checker, or leaves) and open to the opponent's claim.
    fn commit_declaration(&mut self, side: Side) {
        if let Some(p) = &mut self.pending {
            if let Some((declared, before, after)) = p.declared.take() {
                let owed = p.own;
                self.open.push(Claimable {
                    declarer: side,
                    declared,
                    owed,
                    before,
                    after,
                });
            }
        }
    }

    /// Marks the schools claimed, in the order claimed, after the
    /// claimant's declaration (R-10.4: school points are marked last).
    fn mark_schools(&mut self) {
        for sc in core::mem::take(&mut self.claimed) {
            if self.phase_over() {
                return;
            }
            let declarer = sc.claim.declarer;
            match sc.kind {
                SchoolKind::Fausse | SchoolKind::Augmentation => {
                    self.mark(declarer, sc.points, PointsFrom::School);
                }
                SchoolKind::Trop => {
                    self.remove_excess(&sc.claim);
                    self.mark(sc.claimant, sc.points, PointsFrom::School);
                }
                SchoolKind::Moins => {
                    self.mark(sc.claimant, sc.points, PointsFrom::School);
                }
            }
            self.contestable = Some(Contestable {
                claimant: sc.claimant,
                kind: sc.kind,
                named: sc.named,
                points: sc.points,
            });
        }
    }

    /// *École par trop* (R-10.2): the excess is taken off the declarer's
    /// points. When the over-marked points won a hole that the points owed
    /// would not have won, and no hole was marked since, the hole is taken
    /// back: the score becomes what the points owed would have given, plus
    /// the points each side marked since. Otherwise (a hole marked since)
    /// the excess comes off the points on the board.
    fn remove_excess(&mut self, c: &Claimable) {
        let declarer = c.declarer;
        let excess = c.declared - c.owed;
        let now = *self.position.score();
        let mut if_owed = c.before;
        if_owed.mark(declarer, c.owed);
        let hole_by_excess = c.after.holes.get(declarer) > if_owed.holes.get(declarer);
        let no_hole_since = now.holes == c.after.holes;
        let mut score = now;
        if hole_by_excess && no_hole_since {
            score = if_owed;
            for side in [declarer, !declarer] {
                let since = now
                    .points
                    .get(side)
                    .saturating_sub(*c.after.points.get(side));
                score.mark(side, since as u32);
            }
        } else {
            let p = score.points.get_mut(declarer);
            *p -= (excess.min(u8::MAX as u32) as u8).min(*p);
        }
        self.position
            .set_score(score)
            .expect("taking points back keeps the score in range");
    }

    /// Manual marking: `side` contests the last school marked against him
    /// (R-10.4), before the next roll. The engine is the arbiter: a correct
    /// school (*par moins*, *par trop*) wrongly contested is an
    /// *augmentation d'école* — the claimant marks its points once more;
    /// a false school that its claimant insists on is a false school once
    /// more — the other player marks the points named again. Either way
    /// the contest closes the school (no escalation).
    ///
    /// # Errors
    /// When no school marked against `side` is open to a contest (outside
    /// a roll phase, or after the next roll).
    pub fn contest_school(&mut self, side: Side) -> Result<SchoolKind, GameError> {
        let Some(c) = self.contestable else {
            return Err(GameError::Points(
                "no school is open to a contest (R-10.4): contest before the next roll",
            ));
        };
        let loser = match c.kind {
            SchoolKind::Fausse => c.claimant,
            _ => !c.claimant,
        };
        if !matches!(self.phase, Phase::Roll(_)) || side != loser {
            return Err(GameError::Points(
                "only the player a school was marked against contests it, before the next roll (R-10.4)",
            ));
        }
        self.contestable = None;
        let (kind, marker, points) = match c.kind {
            SchoolKind::Fausse => (SchoolKind::Fausse, !c.claimant, c.named),
            _ => (SchoolKind::Augmentation, c.claimant, c.points),
        };
        self.log.push(Event::Contested { side, kind, points });
        self.mark(marker, points, PointsFrom::School);
        Ok(kind)
    }

    /// Manual marking: whether `side` may contest a school now (see
    /// [`Game::contest_school`]).
    pub fn can_contest_school(&self, side: Side) -> bool {
        matches!(self.phase, Phase::Roll(_))
            && self.contestable.is_some_and(|c| match c.kind {
                SchoolKind::Fausse => c.claimant == side,
                _ => c.claimant == !side,
            })
    }

    /// `side` resigns (docs/RULES-CHOICES.md): the other player wins the
    /// game at once, at the stake R-9.1 gives him on the score as it
    /// stands — as if he took the holes left before the resigner marked
    /// another (a resigner without a hole pays the grande bredouille).
    /// Allowed at any moment of a game not over, on either side's turn.
    ///
    /// # Errors
    /// When the game is over, or in a partie à écrire (R-9.2: it is paid
    /// by its marqués, there is no stake to concede).
    pub fn resign(&mut self, side: Side) -> Result<Stake, GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(self.wrong("a resignation"));
        }
        if matches!(self.options.game, GameKind::Ecrire { .. }) {
            return Err(GameError::Points(
                "a partie à écrire is paid by its marqués and is not resigned (R-9.2)",
            ));
        }
        let winner = !side;
        let stake = stake(self.options.payout, self.position.score(), winner);
        self.pending = None;
        self.false_play = None;
        self.open.clear();
        self.claimed.clear();
        self.contestable = None;
        self.log.push(Event::Resigned { side });
        self.log.push(Event::Over { winner, stake });
        self.phase = Phase::Over(winner);
        Ok(stake)
    }

    fn new_releve(&mut self, reason: ReleveEnd, first: Side) {
        self.false_play = None;
        self.position.new_releve(first);
        self.releves += 1;
        self.log.push(Event::NewReleve { reason, first });
        self.pending = None;
        self.phase = Phase::Roll(first);
    }

    /// Plays `play` for the side to move (R-2.4 step 3), then marks the
    /// exit if the last checker left (R-4.8) and the points the roll gave
    /// the opponent.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], or an illegal play (naming the rule).
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let play = if pending.plays.contains(play) {
            *play
        } else {
            let roll = pending.score.roll;
            let notation = play.to_notation(side);
            self.position
                .resolve_against(roll, &notation, &self.options.rules, &pending.plays)?
        };
        self.apply_play(side, play);
        Ok(())
    }

    /// Plays a written play (NOTATION.md) for the side to move.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], or an illegal play (naming the rule).
    pub fn play_notation(&mut self, play: &PlayNotation) -> Result<Play, GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let p = self.position.resolve_against(
            pending.score.roll,
            play,
            &self.options.rules,
            &pending.plays,
        )?;
        self.apply_play(side, p);
        Ok(p)
    }

    /// `false-moves=table` (RULES.md section 11): plays a written play for
    /// the side to move as it is. A legal play is played as by
    /// [`Game::play_notation`] (returned as `Some`). An illegal one that
    /// can be made at a real table — each checker moved forward from a
    /// field holding one of the player's checkers onto a field holding
    /// none of the opponent's, at most two checkers, none borne off — is a
    /// *fausse case*: it stands, the turn goes on (the opponent marks what
    /// the roll gave him, jans being counted before the play), and before
    /// his roll the opponent leaves it ([`Game::accept_false_move`], or
    /// simply rolls) or has it corrected ([`Game::correct_false_move`]);
    /// its author may correct it himself before that roll (*dame lâchée,
    /// dame jouée*: only to the smallest correction, never to a play of
    /// his choice). Returns `None` for a false play.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], without `false-moves=table` when the play
    /// is illegal, or a play no table allows (a checker moved back or onto
    /// the opponent's checkers, more than two checkers, a checker borne
    /// off falsely, a lone checker on a corner — R-4.1, R-4.2: it must be
    /// replayed, section 11 case 7).
    pub fn play_at_table(&mut self, play: &PlayNotation) -> Result<Option<Play>, GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let illegal = match self.play_notation(play) {
            Ok(p) => return Ok(Some(p)),
            Err(e) => e,
        };
        if self.options.false_moves != FalseMoves::Table {
            return Err(illegal);
        }
        let table = |why: &'static str| GameError::Points(why);
        if play.moves.len() > 2 {
            return Err(table(
                "at most two checkers move on a roll (R-3.1, section 11)",
            ));
        }
        let mut board = self.position.board;
        let mut made = Vec::new();
        for m in &play.moves {
            let from = m.from.from_absolute(side).value();
            let to = match m.to {
                Dest::Field(f) => f.from_absolute(side).value(),
                Dest::Off => {
                    return Err(table(
                        "a false move never bears a checker off: play the exit legally (R-4.7, section 11)",
                    ))
                }
            };
            if board.count(side, Field::new(from)) == 0 {
                return Err(table("no checker of the player on that field (section 11)"));
            }
            if to <= from {
                return Err(table("checkers only move forward (R-3.1, section 11)"));
            }
            // (the opponent counts his fields in his own frame)
            if board.count(!side, Field::new(to).mirror()) > 0 {
                return Err(table(
                    "no checker may stand on the opponent's checkers (R-3.3, section 11)",
                ));
            }
            board.move_checker(side, from, Some(to));
            made.push((from, to));
        }
        if board.count(side, Field::OWN_CORNER) == 1
            || board.count(side, Field::OPPONENT_CORNER) > 0
        {
            return Err(table(
                "a lone checker on a corner cannot be left at the table: it must be replayed (R-4.1, R-4.2, section 11 case 7)",
            ));
        }
        // The smallest correction: the legal play whose checkers end
        // nearest the false play's (fewest checkers to displace; the
        // first legal play on a tie).
        let displaced = |p: &Play| {
            let after = self.position.after(p);
            (1..=24u8)
                .map(|f| {
                    let a = after.board.count(side, Field::new(f)) as i32;
                    let b = board.count(side, Field::new(f)) as i32;
                    (a - b).unsigned_abs()
                })
                .sum::<u32>()
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let correction = *pending
            .plays
            .iter()
            .min_by_key(|p| displaced(p))
            .expect("a roll always has a play (-- at least)");
        let before = self.position.clone();
        self.position.board = board;
        if let Some(r) = self.position.rolls.get_mut(side) {
            *r = r.saturating_add(1);
        }
        self.position.turn = !side;
        self.position.dice = None;
        self.log.push(Event::FalsePlay { side, moves: made });
        self.false_play = Some(FalseState {
            author: side,
            before,
            correction,
        });
        self.commit_declaration(side);
        self.finish_turn(side, false);
        Ok(None)
    }

    /// `false-moves=table`: the author of the false play standing, and
    /// its smallest correction (see [`Game::play_at_table`]).
    pub fn false_move(&self) -> Option<(Side, Play)> {
        self.false_play.as_ref().map(|f| (f.author, f.correction))
    }

    /// `false-moves=table`: the position as it stands with the false play,
    /// and as it would be corrected — both with the opponent to roll — for
    /// a player weighing the choice.
    pub fn false_move_choices(&self) -> Option<(Position, Position)> {
        let f = self.false_play.as_ref()?;
        Some((self.position.clone(), self.corrected_position(f)))
    }

    fn corrected_position(&self, f: &FalseState) -> Position {
        let mut p = f.before.clone();
        p.play_unchecked_with(&f.correction, &self.options.rules);
        p.score = self.position.score;
        p
    }

    /// Whether `side` may settle the false play standing now: its
    /// opponent may leave or correct it, its author correct it, once the
    /// opponent has marked the points of the roll and until he rolls.
    pub fn can_settle_false_move(&self, side: Side) -> bool {
        let Some(f) = &self.false_play else {
            return false;
        };
        let opponent = !f.author;
        (side == opponent || side == f.author) && self.phase == Phase::Roll(opponent)
    }

    /// `false-moves=table`: the opponent leaves the false play as it is
    /// (section 11).
    ///
    /// # Errors
    /// When no false play of the other player stands, or after his roll.
    pub fn accept_false_move(&mut self, side: Side) -> Result<(), GameError> {
        match &self.false_play {
            Some(f) if f.author == !side && self.can_settle_false_move(side) => {}
            _ => {
                return Err(GameError::Points(
                    "no false play of the other player to leave as it is, before your roll (section 11)",
                ))
            }
        }
        self.false_play = None;
        self.log.push(Event::FalseMoveSettled {
            by: side,
            corrected: None,
        });
        Ok(())
    }

    /// `false-moves=table`: the false play is corrected — by the opponent,
    /// or by its author before the opponent rolls — to the smallest legal
    /// correction (section 11). The points already marked stand (they
    /// come from the roll, not the play).
    ///
    /// # Errors
    /// When no false play stands, or after the opponent's roll.
    pub fn correct_false_move(&mut self, side: Side) -> Result<Play, GameError> {
        let Some(f) = self.false_play.clone() else {
            return Err(GameError::Points("no false play to correct (section 11)"));
        };
        if !self.can_settle_false_move(side) {
            return Err(GameError::Points(
                "a false play is corrected before the opponent's roll (section 11)",
            ));
        }
        let corrected = self.corrected_position(&f);
        self.position.board = corrected.board;
        self.position.privileges = corrected.privileges;
        self.false_play = None;
        self.log.push(Event::FalseMoveSettled {
            by: side,
            corrected: Some(f.correction),
        });
        Ok(f.correction)
    }

    fn apply_play(&mut self, side: Side, play: Play) {
        self.position
            .play_unchecked_with(&play, &self.options.rules);
        self.log.push(Event::Played { side, play });
        self.commit_declaration(side);
        if self.position.all_off(side) {
            // R-4.8 / R-6.10: the exit is marked after the play.
            let roll = self.pending.as_ref().expect("pending").score.roll;
            let points = if roll.is_double() { 6 } else { 4 };
            let m = self.mark(side, points, PointsFrom::Exit);
            if self.phase_over() {
                return;
            }
            if !m.holes.is_empty() {
                if let Some(p) = self.pending.as_mut() {
                    p.after_exit = true;
                }
                self.phase = Phase::StayOrLeave(side);
                return;
            }
            self.finish_turn(side, true);
        } else {
            self.finish_turn(side, false);
        }
    }

    /// R-2.4 steps 4–5: the opponent marks what the roll gave him; after
    /// the exit the relevé ends.
    fn finish_turn(&mut self, side: Side, exited: bool) {
        if self.options.marking == MarkingMode::Manual {
            let p = self.pending.as_mut().expect("a pending roll");
            p.exited = exited;
            self.phase = Phase::Mark(!side);
            return;
        }
        let pending = self.pending.take().expect("a pending roll");
        self.mark(
            !side,
            pending.score.opponent_points,
            PointsFrom::OpponentRoll,
        );
        self.after_opponent_marked(side, exited, Some(pending.score.roll));
    }

    /// After the opponent marked: the relevé ends after the exit (the
    /// mover rolls first), otherwise the opponent rolls.
    fn after_opponent_marked(&mut self, side: Side, exited: bool, roll: Option<Roll>) {
        if self.phase_over() {
            return;
        }
        if exited {
            let roll = roll.or_else(|| {
                self.log.iter().rev().find_map(|e| match e {
                    Event::Rolled(s) if s.side == side => Some(s.roll),
                    _ => None,
                })
            });
            self.new_releve(ReleveEnd::Exit, side);
            if self.options.exit_roll == ExitRoll::PourTout {
                // The exit roll is also the first move of the new relevé.
                if let Some(r) = roll {
                    let _ = self.roll(r);
                }
            }
        } else {
            self.phase = Phase::Roll(!side);
        }
    }
}
