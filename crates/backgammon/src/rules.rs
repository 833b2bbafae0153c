//! The two presets of the rule book and their options (BG-8).

use core::fmt;
use core::str::FromStr;

/// A preset of the rule book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Backgammon as played today and by GNU Backgammon.
    #[default]
    Standard,
    /// The seed page's own rules: BG-2.2 opening, BG-4.3 no hit and
    /// cover, BG-6.2 scoring, BG-7.4 refused redouble.
    Seed,
}

impl Preset {
    /// The preset's word: `standard` or `seed`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Seed => "seed",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        match s {
            "standard" => Ok(Preset::Standard),
            "seed" => Ok(Preset::Seed),
            _ => Err(RulesError(format!(
                "unknown rules `{s}`: expected standard or seed (BG-8)"
            ))),
        }
    }
}

/// Where a hit may not be covered in the same roll (BG-4.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HitCover {
    /// No restriction (`standard`).
    #[default]
    Allowed,
    /// The hitter's points 7–12, his *jan intérieur* in the page's sense
    /// (`seed`).
    Inner,
    /// The hitter's points 1–6, the usual French sense of *jan intérieur*.
    Home,
    /// Every point (the page's second sentence read alone).
    Anywhere,
    /// The *opponent's* points 7–12, the hitter's 13–18 ("son jan
    /// intérieur" read as the opponent's: the hit checker's own jan).
    Opponent,
}

impl HitCover {
    /// The option's word.
    pub const fn name(self) -> &'static str {
        match self {
            HitCover::Allowed => "allowed",
            HitCover::Inner => "inner",
            HitCover::Home => "home",
            HitCover::Anywhere => "anywhere",
            HitCover::Opponent => "opponent",
        }
    }

    /// The mover's points (bit `p`) on which a hit must stay uncovered.
    pub(crate) const fn mask(self) -> u32 {
        match self {
            HitCover::Allowed => 0,
            HitCover::Inner => 0b1_1111_1000_0000,
            HitCover::Home => 0b111_1110,
            HitCover::Anywhere => 0x1ff_fffe,
            HitCover::Opponent => 0b111_1110_0000_0000_0000,
        }
    }
}

/// The rules of a game: a preset and its options.
///
/// ```
/// use backgammon::{HitCover, Preset, Rules};
/// let r = Rules::seed();
/// assert_eq!(r.hit_cover, HitCover::Inner);
/// let r: Rules = "standard jacoby=off".parse().unwrap();
/// assert_eq!(r.preset, Preset::Standard);
/// assert!(!r.jacoby);
/// assert_eq!(r.to_string(), "standard jacoby=off");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The preset.
    pub preset: Preset,
    /// BG-4.3: where a hit may not be covered in the same roll.
    pub hit_cover: HitCover,
    /// BG-7.5: in money games played with the cube, gammons and
    /// backgammons count only once the cube has been turned (on by
    /// default; without the cube it has no object).
    pub jacoby: bool,
    /// BG-7.5: beavers (a player who takes may at once redouble and keep
    /// the cube; off by default).
    pub beavers: bool,
    /// Whether the videau is used at all (on by default).
    pub cube: bool,
    /// BG-7.2: when in his turn a player may offer the videau.
    pub videau: VideauTiming,
}

/// When in his turn a player may offer the videau (BG-7.2; option
/// `videau=`). The seed page: "Il est disponible à tout moment" and "Un
/// joueur, à son tour, peut prendre le Videau". Both presets default to
/// [`VideauTiming::BeforeRoll`] (docs/BACKGAMMON-CHOICES.md says why).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VideauTiming {
    /// On his turn, before rolling (the standard rule).
    #[default]
    BeforeRoll,
    /// At any moment of his turn: before rolling, or after rolling and
    /// before moving ("à tout moment … à son tour" read literally). If the
    /// opponent takes, the doubler plays the roll he threw.
    WholeTurn,
}

impl VideauTiming {
    /// Its word (`videau=before-roll`, `videau=whole-turn`).
    pub const fn name(self) -> &'static str {
        match self {
            VideauTiming::BeforeRoll => "before-roll",
            VideauTiming::WholeTurn => "whole-turn",
        }
    }
}

impl Rules {
    /// The `standard` preset: gnubg's rules.
    pub const fn standard() -> Rules {
        Rules {
            preset: Preset::Standard,
            hit_cover: HitCover::Allowed,
            jacoby: true,
            beavers: false,
            cube: true,
            videau: VideauTiming::BeforeRoll,
        }
    }

    /// The `seed` preset: the page's rules. The page scores 1, 2 when the
    /// loser bore off nothing, 3 when he still has a captured checker,
    /// times the videau, and suspends nothing while the videau is
    /// unturned: no Jacoby rule (`jacoby=on` remains an option).
    pub const fn seed() -> Rules {
        Rules {
            preset: Preset::Seed,
            hit_cover: HitCover::Inner,
            jacoby: false,
            beavers: false,
            cube: true,
            videau: VideauTiming::BeforeRoll,
        }
    }

    /// The preset's default rules.
    pub const fn of(preset: Preset) -> Rules {
        match preset {
            Preset::Standard => Rules::standard(),
            Preset::Seed => Rules::seed(),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

/// Error for rule words that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RulesError(pub String);

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Rules::of(self.preset);
        f.write_str(self.preset.name())?;
        if self.hit_cover != d.hit_cover {
            write!(f, " hit-cover={}", self.hit_cover.name())?;
        }
        let onoff = |b: bool| if b { "on" } else { "off" };
        if self.jacoby != d.jacoby {
            write!(f, " jacoby={}", onoff(self.jacoby))?;
        }
        if self.beavers != d.beavers {
            write!(f, " beavers={}", onoff(self.beavers))?;
        }
        if self.cube != d.cube {
            write!(f, " cube={}", onoff(self.cube))?;
        }
        if self.videau != d.videau {
            write!(f, " videau={}", self.videau.name())?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;
    /// Words: the preset first (`standard` or `seed`), then options
    /// `hit-cover=allowed|inner|home|anywhere|opponent`, `jacoby=on|off`,
    /// `beavers=on|off`, `cube=on|off`, `videau=before-roll|whole-turn`.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut words = s.split_whitespace();
        let mut r = match words.next() {
            None => Rules::standard(),
            Some(w) => Rules::of(w.parse()?),
        };
        for w in words {
            let (k, v) = w.split_once('=').ok_or_else(|| {
                RulesError(format!("`{w}` is not an option: expected NAME=VALUE"))
            })?;
            let onoff = |v: &str| match v {
                "on" => Ok(true),
                "off" => Ok(false),
                _ => Err(RulesError(format!("{k}: expected on or off, not `{v}`"))),
            };
            match k {
                "hit-cover" => {
                    r.hit_cover = match v {
                        "allowed" => HitCover::Allowed,
                        "inner" => HitCover::Inner,
                        "home" => HitCover::Home,
                        "anywhere" => HitCover::Anywhere,
                        "opponent" => HitCover::Opponent,
                        _ => {
                            return Err(RulesError(format!(
                        "hit-cover: expected allowed, inner, home, anywhere or opponent, not `{v}` (BG-4.3)"
                    )))
                        }
                    }
                }
                "jacoby" => r.jacoby = onoff(v)?,
                "beavers" => r.beavers = onoff(v)?,
                "cube" => r.cube = onoff(v)?,
                "videau" => {
                    r.videau = match v {
                        "before-roll" => VideauTiming::BeforeRoll,
                        "whole-turn" => VideauTiming::WholeTurn,
                        _ => {
                            return Err(RulesError(format!(
                                "videau: expected before-roll or whole-turn, not `{v}` (BG-7.2)"
                            )))
                        }
                    }
                }
                _ => {
                    return Err(RulesError(format!(
                        "unknown option `{k}`: expected hit-cover, jacoby, beavers, cube or videau"
                    )))
                }
            }
        }
        Ok(r)
    }
}
