//! Perft: counting move sequences, the regression test of the generator.
//!
//! A *ply* is one of the 21 distinct rolls followed by one legal play of
//! it (a roll of which nothing can be played counts its single pass).
//! `perft(pos, n)` is the number of sequences of `n` plies from `pos`,
//! each roll counted once (unweighted). `perft_weighted` counts the
//! 36 ordered outcomes of the dice instead: a single counts twice.
//! Points do not enter (no holes, no relevé ends): this is a count of
//! the legal plays (R-3.1–R-4.7, R-3.5 and the filling and conserving
//! obligations of R-6.8).

use crate::dice::Roll;
use crate::plays::{Mover, PlayList};
use crate::position::Position;
use crate::rules::Rules;

/// Unweighted and weighted counts of one perft.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftCount {
    /// Sequences, each of the 21 rolls counted once.
    pub sequences: u64,
    /// Sequences weighted by the 36 dice outcomes (a single counts 2).
    pub weighted: u64,
}

/// Counts the sequences of `depth` plies from `pos` (see the module doc).
///
/// ```
/// use trictrac::{perft::perft, Position};
/// let c = perft(&Position::start(), 1);
/// assert_eq!(c.sequences, 40); // 15 singles + 14 tout d'une + 6 doubles + 5 tout d'une
/// ```
pub fn perft(pos: &Position, depth: u32) -> PerftCount {
    perft_with(pos, depth, &Rules::DEFAULT)
}

/// [`perft`] under `rules`.
pub fn perft_with(pos: &Position, depth: u32, rules: &Rules) -> PerftCount {
    if depth == 0 {
        return PerftCount {
            sequences: 1,
            weighted: 1,
        };
    }
    let mover = Mover::new(pos, rules);
    let mut total = PerftCount::default();
    let mut plays = PlayList::new();
    for roll in Roll::ALL {
        mover.legal(roll, &mut plays);
        let w = roll.weight() as u64;
        if depth == 1 {
            total.sequences += plays.len() as u64;
            total.weighted += w * plays.len() as u64;
            continue;
        }
        for p in &plays {
            let mut next = pos.clone();
            next.play_unchecked_with(p, rules);
            let c = perft_with(&next, depth - 1, rules);
            total.sequences += c.sequences;
            total.weighted += w * c.weighted;
        }
    }
    total
}
