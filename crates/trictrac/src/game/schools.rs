//! Schools (*écoles*, R-10): with manual marking, points marked wrongly
//! that the other player claims, and the contest of a school.

use super::{Event, Game, GameError, Phase, PointsFrom};
use crate::score::ScoreState;
use crate::side::Side;

/// The kinds of school.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchoolKind {
    /// *École par moins*: fewer points marked than won.
    Moins,
    /// *École par trop*: more points marked than won.
    Trop,
    /// *Fausse école*: a school claimed where there is none.
    Fausse,
    /// *Augmentation d'école*: a correct school wrongly contested doubles
    /// the claimant marks its points once more.
    Augmentation,
}

/// Manual marking: a committed declaration the other player may claim a
/// school on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Claimable {
    pub(super) declarer: Side,
    pub(super) declared: u32,
    pub(super) owed: u32,
    /// The score just before the declaration was marked.
    pub(super) before: ScoreState,
    /// The score just after.
    pub(super) after: ScoreState,
}

/// Manual marking: a school claimed, marked once the claimant has marked
/// the points of the other player's roll (R-10.4: school points are marked
/// last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ClaimedSchool {
    pub(super) claimant: Side,
    pub(super) kind: SchoolKind,
    pub(super) named: u32,
    pub(super) points: u32,
    pub(super) claim: Claimable,
}

/// Manual marking: the last school marked, open to a contest until the
/// next roll (R-10.4, *augmentation d'école*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Contestable {
    pub(super) claimant: Side,
    pub(super) kind: SchoolKind,
    pub(super) named: u32,
    pub(super) points: u32,
}

impl Game {
    /// Manual marking: `claimant` claims a school, naming `named` points
    /// . Schools are claimed when the claimant
    /// marks the points the other player's roll gave him (in
    /// [`Phase::Mark`], before [`Game::declare`]: jans qui ne peut
    /// and schools are marked before rolling), on the other player's
    /// committed declarations: his own points, committed when he played or
    /// left, and the points he marked from the claimant's previous roll,
    /// committed when he rolled.
    ///
    /// The engine is the arbiter: with fewer points marked than won (*par
    /// moins*) the claimant marks the missing points; with more (*par
    /// trop*) the excess is taken off the other player's points on the
    /// board (points already turned into holes stay) and marked by the
    /// claimant; with no error it is a false school and the other
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

    /// Marks the schools claimed, in the order claimed, after the
    /// claimant's declaration (R-10.4: school points are marked last).
    pub(super) fn mark_schools(&mut self) {
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
    /// before the next roll. The engine is the arbiter: a correct
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
}
