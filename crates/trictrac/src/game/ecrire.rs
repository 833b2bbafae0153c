//! The *partie à écrire* (R-9.2): a sequence of marqués, each scored by
//! the difference of holes plus the consolation.

use super::{Event, Game, GameKind, Phase, Stake};
use crate::score::{Bredouille, ScoreState};
use crate::side::{BySide, Side};

/// A marqué of a partie à écrire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarqueResult {
    /// The player with more holes, `None` for a refait.
    pub winner: Option<Side>,
    /// Holes of each side at the end.
    pub holes: BySide<u8>,
    /// The marqué's value to the winner: the difference of holes plus the
    /// consolation, doubled in grande bredouille; 0 for a refait.
    pub value: u32,
    /// Won en grande bredouille (the loser has no hole, or the winner
    /// holds the pavillon, R-9.1): the value is doubled.
    pub grande_bredouille: bool,
}

impl Game {
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
    /// the totals — and to whom; `None` while even.
    pub fn ecrire_payment(&self) -> Option<(Side, u32)> {
        let t = self.marque_totals();
        match t.white.cmp(&t.black) {
            core::cmp::Ordering::Greater => Some((Side::White, t.white - t.black)),
            core::cmp::Ordering::Less => Some((Side::Black, t.black - t.white)),
            core::cmp::Ordering::Equal => None,
        }
    }

    /// Partie à écrire: ends the current marqué; `first` rolls
    /// first in the next one. The partie ends once the agreed number of
    /// marqués has been won and the totals differ (an even partie goes on
    /// with one more marqué).
    pub(super) fn end_marque(&mut self, first: Side) {
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
        let grande_bredouille =
            winner.is_some_and(|w| *holes.get(!w) == 0 || score.pavillon == Bredouille::Side(w));
        let value = winner.map_or(0, |w| {
            let base = u32::from(holes.get(w) - holes.get(!w)) + u32::from(consolation);
            if grande_bredouille {
                2 * base
            } else {
                base
            }
        });
        self.marques.push(MarqueResult {
            winner,
            holes,
            value,
            grande_bredouille,
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
}
