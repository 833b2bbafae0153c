//! Dice and rolls (trictrac R-2.3, backgammon BG-1.1), and the source of
//! random dice that games draw from.

use core::fmt;
use core::str::FromStr;

/// One die: a value 1..=6.
///
/// ```
/// use tables::Die;
/// assert_eq!(Die::try_from(6).unwrap().value(), 6);
/// assert!(Die::try_from(7).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die(u8);

impl Die {
    /// The die of value `v`.
    ///
    /// # Panics
    /// If `v` is not in 1..=6. Use `Die::try_from` for untrusted input.
    #[track_caller]
    pub const fn new(v: u8) -> Die {
        assert!(v >= 1 && v <= 6, "a die shows 1..=6");
        Die(v)
    }

    /// The value shown, 1..=6.
    pub const fn value(self) -> u8 {
        self.0
    }
}

/// Error for a die value outside 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a die shows 1 to 6, not {0}")]
pub struct DieError(pub u8);

impl TryFrom<u8> for Die {
    type Error = DieError;
    fn try_from(v: u8) -> Result<Die, DieError> {
        if (1..=6).contains(&v) {
            Ok(Die(v))
        } else {
            Err(DieError(v))
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A roll of two dice, unordered: the higher die first (trictrac R-2.3,
/// backgammon BG-3.1).
///
/// There are 21 distinct rolls: 6 doubles (*doublets*, probability 1/36
/// each) and 15 singles (*coups simples*, 2/36 each).
///
/// ```
/// use tables::Roll;
/// let r: Roll = "5-6".parse().unwrap();
/// assert_eq!(r.to_string(), "6-5");
/// assert_eq!(r.french_name(), "six et cinq");
/// assert_eq!(Roll::ALL.len(), 21);
/// assert_eq!(Roll::new(1, 1).french_name(), "bezet");
/// assert_eq!(Roll::new(4, 4).french_name(), "carmes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll {
    hi: Die,
    lo: Die,
}

impl Roll {
    /// All 21 distinct rolls, doubles and singles, high die first.
    pub const ALL: [Roll; 21] = {
        let mut all = [Roll {
            hi: Die(1),
            lo: Die(1),
        }; 21];
        let mut n = 0;
        let mut hi = 1;
        while hi <= 6 {
            let mut lo = 1;
            while lo <= hi {
                all[n] = Roll {
                    hi: Die(hi),
                    lo: Die(lo),
                };
                n += 1;
                lo += 1;
            }
            hi += 1;
        }
        all
    };

    /// The roll of dice `a` and `b` in any order.
    ///
    /// # Panics
    /// If a value is not in 1..=6.
    #[track_caller]
    pub const fn new(a: u8, b: u8) -> Roll {
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        Roll {
            hi: Die::new(hi),
            lo: Die::new(lo),
        }
    }

    /// The roll of two dice.
    pub fn from_dice(a: Die, b: Die) -> Roll {
        if a >= b {
            Roll { hi: a, lo: b }
        } else {
            Roll { hi: b, lo: a }
        }
    }

    /// The higher die.
    pub const fn high(self) -> Die {
        self.hi
    }

    /// The lower die.
    pub const fn low(self) -> Die {
        self.lo
    }

    /// Whether both dice are equal (*doublet*).
    pub const fn is_double(self) -> bool {
        self.hi.0 == self.lo.0
    }

    /// Out of 36 equally likely ordered outcomes, how many give this roll
    /// (1 for a double, 2 for a single).
    pub const fn weight(self) -> u32 {
        if self.is_double() {
            1
        } else {
            2
        }
    }

    /// Index in [`Roll::ALL`], 0..21.
    pub const fn index(self) -> usize {
        let h = self.hi.0 as usize;
        (h - 1) * h / 2 + (self.lo.0 as usize - 1)
    }

    /// The French name of the roll (trictrac R-2.3): *bezet*, *double-deux*,
    /// *ternes*, *carmes*, *quines*, *sonnez* (the seed article's old
    /// plurals: two dice showing three, four or five), or for a single the
    /// two dice high first ("six et as").
    pub fn french_name(self) -> String {
        const NUM: [&str; 7] = ["", "as", "deux", "trois", "quatre", "cinq", "six"];
        if self.is_double() {
            [
                "",
                "bezet",
                "double-deux",
                "ternes",
                "carmes",
                "quines",
                "sonnez",
            ][self.hi.0 as usize]
                .to_string()
        } else {
            format!("{} et {}", NUM[self.hi.0 as usize], NUM[self.lo.0 as usize])
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.hi, self.lo)
    }
}

/// Error for text that is not a roll `A-B`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a roll: expected two dice 1..6 written A-B, e.g. 6-5")]
pub struct RollParseError(pub String);

impl FromStr for Roll {
    type Err = RollParseError;
    fn from_str(s: &str) -> Result<Roll, RollParseError> {
        let err = || RollParseError(s.to_string());
        let b = s.as_bytes();
        if b.len() != 3 || b[1] != b'-' {
            return Err(err());
        }
        let d = |c: u8| -> Option<Die> {
            if c.is_ascii_digit() {
                Die::try_from(c - b'0').ok()
            } else {
                None
            }
        };
        match (d(b[0]), d(b[2])) {
            (Some(a), Some(c)) => Ok(Roll::from_dice(a, c)),
            _ => Err(err()),
        }
    }
}

/// Where random dice come from. The engines never draw dice themselves:
/// a game is given a source (any `rand_core::RngCore`, or a scripted
/// list in tests).
///
/// ```
/// use rand_core::SeedableRng;
/// use tables::DiceSource;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let d = rng.die();
/// assert!((1..=6).contains(&d.value()));
/// ```
pub trait DiceSource {
    /// One die, uniformly 1..=6.
    fn die(&mut self) -> Die;

    /// Two dice, as a roll.
    fn roll(&mut self) -> Roll {
        let a = self.die();
        let b = self.die();
        Roll::from_dice(a, b)
    }
}

impl<R: rand_core::RngCore> DiceSource for R {
    fn die(&mut self) -> Die {
        // Rejection sampling on a byte keeps the six faces exactly uniform.
        loop {
            let x = (self.next_u32() & 0xff) as u8;
            if x < 252 {
                return Die::new(x % 6 + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_rolls_are_distinct_and_indexed() {
        for (i, r) in Roll::ALL.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
        let total: u32 = Roll::ALL.iter().map(|r| r.weight()).sum();
        assert_eq!(total, 36);
    }

    #[test]
    fn roll_parse_errors() {
        for bad in ["", "6", "6-", "7-1", "0-1", "6-5-4", "a-b", "6 5"] {
            assert!(bad.parse::<Roll>().is_err(), "{bad}");
        }
    }
}
