//! The options of a game (RULES.md §12): first move, exit roll, payout,
//! marking, the kind of game and false plays, and their `key=value` words.

use crate::rules::{ExitMethod, OldJans, RencontreValue, Rules};

/// How the first player is chosen.
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

/// What the player who bore off his last checker does next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExitRoll {
    /// He makes a fresh roll to start the new relevé.
    #[default]
    Fresh,
    /// *Pour tout*: if he stays, his exit roll is also his first move of
    /// the new relevé.
    PourTout,
}

/// How a won game is paid.
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

impl Payout {
    /// Its word in the options (`payout=guiton`).
    pub const fn word(self) -> &'static str {
        match self {
            Payout::Guiton => "guiton",
            Payout::Soumille => "soumille",
            Payout::Jollyvet => "jollyvet",
            Payout::Honneurs => "honneurs",
            Payout::None => "none",
        }
    }
}

/// Who marks the points (RULES.md §12, section 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MarkingMode {
    /// The engine marks every point.
    #[default]
    Auto,
    /// Each player declares the points he marks, and errors are schools
    /// (*écoles*, R-10.1–) the other player may claim.
    Manual,
}

/// The kind of game.
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
            self.payout.word(),
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

/// Marqués of a partie à écrire when `marques=` is not given.
pub const DEFAULT_MARQUES: u8 = 6;
/// Consolation of a partie à écrire when `consolation=` is not given.
pub const DEFAULT_CONSOLATION: u8 = 4;
