//! Perft: counting play sequences, the generator's regression test.

use tables::Roll;

use crate::plays::PlayList;
use crate::position::Position;
use crate::rules::Rules;

/// Counts after `depth` turns from `pos`: `sequences` counts each of the
/// 21 distinct rolls once, `weighted` counts the 36 dice outcomes (a
/// single roll twice). A finished game counts as one leaf.
///
/// ```
/// use backgammon::{perft::perft, Position, Rules};
/// let c = perft(&Position::start(), 1, &Rules::standard());
/// assert_eq!(c.sequences, 447); // all 21 rolls agree with gnubg
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Play sequences, one per distinct roll.
    pub sequences: u64,
    /// Play sequences weighted by the 36 dice outcomes.
    pub weighted: u64,
}

/// The perft counts of `pos` at `depth` (see [`Counts`]).
pub fn perft(pos: &Position, depth: u32, rules: &Rules) -> Counts {
    if depth == 0 || pos.winner().is_some() {
        return Counts {
            sequences: 1,
            weighted: 1,
        };
    }
    let mut total = Counts::default();
    let mut list = PlayList::new();
    for roll in Roll::ALL {
        pos.legal_plays_into(roll, rules, &mut list);
        let w = roll.weight() as u64;
        if depth == 1 {
            total.sequences += list.len() as u64;
            total.weighted += w * list.len() as u64;
            continue;
        }
        let plays = list.clone();
        for p in &plays {
            let c = perft(&pos.play_unchecked(p), depth - 1, rules);
            total.sequences += c.sequences;
            total.weighted += w * c.weighted;
        }
    }
    total
}
