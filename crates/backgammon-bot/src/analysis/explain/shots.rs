//! The opponent's shots at the mover's blots, counted exactly: each of
//! the 36 rolls is played by the real move generator of the `backgammon`
//! crate ([`Position::legal_plays`]), so blocked points (BG-3.3), the bar
//! (a checker on the bar enters before anything moves, BG-4.2), the rule
//! to play both dice (BG-3.4), bearing off (BG-5) and the preset's own
//! rules (BG-4.3) all apply.

use backgammon::{Position, Roll, Rules, Side};

/// The index of the bar in a side's counts (BG-1.2: 25 in his own
/// numbering).
const BAR: usize = 25;

/// What the opponent's 36 rolls do to one blot of the mover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlotShots {
    /// Rolls (of 36) with a legal play that hits this blot.
    pub shots: u8,
    /// Of those, the rolls that hit it with a single die: a checker
    /// moves from a point it stood on before the roll (or enters from
    /// the bar) straight onto the blot.
    pub direct: u8,
}

/// The opponent's shots at every point of the mover, and at any blot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotTable {
    /// Indexed by the mover's point (1..=24; 0 unused).
    pub per_point: [BlotShots; 25],
    /// Rolls (of 36) with a legal play that hits at least one blot.
    pub any: u8,
    /// Rolls (of 36) with a legal play that hits some blot with a single
    /// die.
    pub any_direct: u8,
    /// Rolls (of 36) with a legal play that hits a blot outside the
    /// opponent's home board (the mover's points 1–18), where being hit
    /// costs the mover 7 pips or more.
    pub outside: u8,
    /// Of those, the rolls that hit such a blot with a single die.
    pub outside_direct: u8,
}

/// The weight of `roll` among the 36: 1 for a double, 2 otherwise.
fn weight(roll: Roll) -> u8 {
    if roll.is_double() {
        1
    } else {
        2
    }
}

/// The opponent's shots at `mover`'s blots in `after` (the position
/// after the mover's play), the opponent on roll whatever `after` says:
/// every one of the 21 distinct rolls, weighted 1 (a double) or 2, is
/// played through the legal plays of the rules, and a roll counts for a
/// blot when one of them hits it (BG-4.1).
pub fn shot_table(after: &Position, mover: Side, rules: &Rules) -> ShotTable {
    let opponent = !mover;
    let pos = after.with_turn(opponent);
    // Where the opponent stood before the roll (his numbering; the bar
    // is 25): a hit from such a point is a single die's.
    let stood = *pos.counts(opponent);
    let mut table = ShotTable {
        per_point: [BlotShots::default(); 25],
        any: 0,
        any_direct: 0,
        outside: 0,
        outside_direct: 0,
    };
    for roll in Roll::ALL {
        let w = weight(roll);
        // Per mover's point: hit, hit with a single die.
        let mut hit = [false; 25];
        let mut direct = [false; 25];
        for play in pos.legal_plays(roll, rules).iter() {
            for (from, to, is_hit) in play.raw() {
                if !is_hit || to == 0 {
                    continue;
                }
                // The opponent's point `to` is the mover's `25 − to`.
                let p = 25 - to as usize;
                hit[p] = true;
                let from = from as usize;
                if from == BAR || stood[from] > 0 {
                    direct[p] = true;
                }
            }
        }
        for p in 1..=24 {
            if hit[p] {
                table.per_point[p].shots += w;
            }
            if direct[p] {
                table.per_point[p].direct += w;
            }
        }
        if hit.iter().any(|&h| h) {
            table.any += w;
        }
        if direct.iter().any(|&d| d) {
            table.any_direct += w;
        }
        if hit[1..=18].iter().any(|&h| h) {
            table.outside += w;
        }
        if direct[1..=18].iter().any(|&d| d) {
            table.outside_direct += w;
        }
    }
    table
}

/// The distances (1..=24) from which the opponent's checkers, or his
/// checkers on the bar, aim at the mover's point `p`: an opponent
/// checker on his point `q` is `q − (25 − p)` pips behind it, one on the
/// bar `p` pips (he enters on the mover's home board, BG-4.2).
pub fn shooter_distances(after: &Position, mover: Side, p: u8) -> Vec<u8> {
    let theirs = after.counts(!mover);
    let target = 25 - usize::from(p);
    ((target + 1)..=BAR)
        .filter(|&q| theirs[q] > 0)
        .map(|q| (q - target) as u8)
        .collect()
}
