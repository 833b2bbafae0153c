//! Chance nodes: a throw of the dice as a node of the game tree, with its
//! outcomes and their probabilities (OpenSpiel's chance nodes).
//!
//! Both games throw fair six-sided dice (trictrac R-2.3, backgammon
//! BG-1.1), so every probability here is a whole number of equally likely
//! ordered throws out of a total: a roll of two dice is one of 21 rolls,
//! weighted 1 (a double) or 2 (a single) of 36 ([`ROLLS`]). Searches that
//! must add up exactly the same numbers every time keep these integer
//! weights ([`crate::search::expect`]); the game's own list of outcomes
//! ([`crate::TableGame::chance_outcomes`]) gives the probability as an
//! `f64`.

use crate::{DiceSource, Die, Roll};

/// One outcome of a chance node and its weight: how many of the node's
/// equally likely ordered throws give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weighted<O> {
    /// The outcome.
    pub outcome: O,
    /// Its weight out of the node's total.
    pub weight: u32,
}

/// The chance node of a roll of two dice: the 21 rolls of [`Roll::ALL`]
/// in that order, each weighted 1 or 2 of [`ROLL_TOTAL`].
///
/// ```
/// use tables::chance::{ROLLS, ROLL_TOTAL};
/// assert_eq!(ROLLS.len(), 21);
/// assert_eq!(ROLLS.iter().map(|w| w.weight).sum::<u32>(), ROLL_TOTAL);
/// ```
pub const ROLLS: [Weighted<Roll>; 21] = {
    let mut out = [Weighted {
        outcome: Roll::ALL[0],
        weight: 0,
    }; 21];
    let mut i = 0;
    while i < 21 {
        out[i] = Weighted {
            outcome: Roll::ALL[i],
            weight: Roll::ALL[i].weight(),
        };
        i += 1;
    }
    out
};

/// The ordered throws of two dice: the total weight of [`ROLLS`].
pub const ROLL_TOTAL: u32 = 36;

impl Roll {
    /// The probability of this roll on a throw of two dice: 1/36 for a
    /// double, 2/36 for a single.
    ///
    /// ```
    /// use tables::Roll;
    /// assert_eq!(Roll::new(6, 5).probability(), 2.0 / 36.0);
    /// let total: f64 = Roll::ALL.iter().map(|r| r.probability()).sum();
    /// assert!((total - 1.0).abs() < 1e-12);
    /// ```
    pub fn probability(self) -> f64 {
        f64::from(self.weight()) / f64::from(ROLL_TOTAL)
    }
}

/// A scripted source of dice: the dice of `digits` (0-based faces, the
/// first die first), then sixes; counts the dice drawn.
struct Script<'a> {
    faces: &'a [u8],
    drawn: usize,
}

impl DiceSource for Script<'_> {
    fn die(&mut self) -> Die {
        let f = self.faces.get(self.drawn).copied().unwrap_or(5);
        self.drawn += 1;
        Die::new(f + 1)
    }
}

/// The most dice one throw may draw for [`outcomes_of_throw`]: 4 dice
/// (1 296 sequences).
pub const MAX_THROW_DICE: usize = 4;

/// The outcomes of a throw made by `throw` from a source of dice, with
/// their probabilities: every sequence of the dice it draws is tried (it
/// must draw the same number whatever they show, at most
/// [`MAX_THROW_DICE`]), and the sequences that make equal outcomes are
/// counted together, in the order each outcome first appears. Empty when
/// `throw` gives nothing (no dice are due). What a game without its own
/// list answers ([`crate::TableGame::chance_outcomes`]).
///
/// ```
/// use tables::chance::outcomes_of_throw;
/// use tables::Roll;
/// // Two dice as an unordered roll: the 21 rolls.
/// let o = outcomes_of_throw(|d| Some(d.roll()));
/// assert_eq!(o.len(), 21);
/// assert!(o.contains(&(Roll::new(6, 6), 1.0 / 36.0)));
/// assert!(o.contains(&(Roll::new(6, 5), 2.0 / 36.0)));
/// ```
pub fn outcomes_of_throw<A: PartialEq>(
    mut throw: impl FnMut(&mut dyn DiceSource) -> Option<A>,
) -> Vec<(A, f64)> {
    // How many dice a throw draws.
    let mut probe = Script {
        faces: &[],
        drawn: 0,
    };
    if throw(&mut probe).is_none() {
        return Vec::new();
    }
    let n = probe.drawn.min(MAX_THROW_DICE);
    let sequences = 6usize.pow(n as u32);
    let p = 1.0 / sequences as f64;
    let mut out: Vec<(A, f64)> = Vec::new();
    let mut faces = [0u8; MAX_THROW_DICE];
    for k in 0..sequences {
        let mut rest = k;
        for f in faces[..n].iter_mut().rev() {
            *f = (rest % 6) as u8;
            rest /= 6;
        }
        let mut dice = Script {
            faces: &faces[..n],
            drawn: 0,
        };
        let Some(a) = throw(&mut dice) else { continue };
        match out.iter_mut().find(|(b, _)| *b == a) {
            Some(seen) => seen.1 += p,
            None => out.push((a, p)),
        }
    }
    out
}

/// The 36 ordered throws of one die each (`(first, second)`, 1/36 each):
/// the opening throws of both games when each side throws one die.
pub fn one_die_each() -> impl Iterator<Item = ((Die, Die), f64)> {
    (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| ((Die::new(a), Die::new(b)), 1.0 / 36.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rolls_weigh_36_and_follow_roll_all() {
        for (w, r) in ROLLS.iter().zip(Roll::ALL) {
            assert_eq!(w.outcome, r);
            assert_eq!(w.weight, r.weight());
        }
    }

    #[test]
    fn a_throw_of_four_dice_has_1296_sequences() {
        let o = outcomes_of_throw(|d| Some([d.die(), d.die(), d.die(), d.die()]));
        assert_eq!(o.len(), 1296);
        let total: f64 = o.iter().map(|x| x.1).sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert!(outcomes_of_throw(|_| None::<u8>).is_empty());
        let sums = outcomes_of_throw(|d| Some(d.die().value() + d.die().value()));
        assert_eq!(sums.len(), 11);
        assert_eq!(sums[0], (2, 1.0 / 36.0));
        assert_eq!(one_die_each().count(), 36);
    }
}
