//! Schools (*écoles*, R-10): with manual marking, points marked wrongly
//! that the other player claims, and the contest of a school.

use super::{Event, Game, GameError, Phase, PointsFrom};
use crate::board::{Field, Quarter};
use crate::jans::{Beneficiary, Jan};
use crate::score::ScoreState;
use crate::side::Side;

/// A fill or a conserve the mover's roll could make and his false play
/// did not: its kind and the points the jan was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unmade {
    kind: SchoolKind,
    points: u32,
}

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
    /// The school of a fill not made (R-10.3; the article's *école
    /// relative au remplissage*, and false move case 4): a player who
    /// could fill and played a false play that does not fill. The points
    /// he marked for the fill are taken off, and the claimant marks the
    /// fill's value.
    Remplir,
    /// The school of a conserve not made (R-10.3; the article's *école
    /// liée à la conservation*, false move case 5): a player who could keep
    /// his full quarter and broke it. Treated as [`SchoolKind::Remplir`].
    Conserver,
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
    /// gives the choice to stay or leave.
    ///
    /// With `false-moves=table`, a false play standing that did not fill
    /// (or keep full) a quarter the roll could fill (or keep) is a school
    /// as well as a false move (R-10.3; the article, *Scuole* 3 and 4, and
    /// false move cases 4 and 5): a claim on its author's declaration is
    /// [`SchoolKind::Remplir`] (or [`SchoolKind::Conserver`]) whatever
    /// points are named: the points he marked for the jan are taken off
    /// his points (as an excess, R-10.2) and the claimant marks the jan's
    /// value; an error in the rest of the same declaration is settled in
    /// the same claim (par moins or par trop). Where the roll could not
    /// fill, there is no such school, and a claim on a right declaration is
    /// a false school.
    ///
    /// Naming 0 points corrects the other player's marking without school
    /// points (the article: "è possibile correggere l'errore dell'avversario
    /// senza segnare punti scuola"): par moins, the declarer marks the
    /// points he missed; par trop (or the points of a fill or conserve not
    /// made), the excess is taken off and nobody marks it. A correction is
    /// not contested. Where there is no error it is refused (there is
    /// nothing to correct, and no false school either).
    ///
    /// # Errors
    /// When `claimant` is not marking the points of the other's roll, no
    /// declaration of the other player is open, `named` is not even, or 0
    /// (a correction) where the other marked right.
    pub fn claim_school(&mut self, claimant: Side, named: u32) -> Result<SchoolKind, GameError> {
        if !self.claiming(claimant) {
            return Err(GameError::Points(
                "a school is claimed when marking the points of the other player's roll (R-10.5)",
            ));
        }
        if !named.is_multiple_of(2) {
            return Err(GameError::Points(
                "a school names an even number of points (R-5.1); 0 corrects without school points",
            ));
        }
        if named > crate::score::MAX_MARK {
            return Err(GameError::Points(
                "no school can name that many points: no roll brings them (R-10)",
            ));
        }
        let declarer = !claimant;
        if let Some(u) = self.unmade(declarer) {
            return Ok(self.claim_unmade(claimant, named, u));
        }
        if named == 0
            && !self
                .open
                .iter()
                .any(|c| c.declarer == declarer && c.declared != c.owed)
        {
            return Err(GameError::Points(
                "the other player marked right: there is nothing to correct (R-10)",
            ));
        }
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

    /// The fill or conserve the false play of `declarer` standing did not
    /// make, when his roll could make it; `None` otherwise.
    fn unmade(&self, declarer: Side) -> Option<Unmade> {
        self.false_play
            .as_ref()
            .filter(|f| f.author == declarer && !f.replay)?;
        let p = self.pending.as_ref().filter(|p| p.score.side == declarer)?;
        // The declaration of that roll (the last committed) must still be
        // open, and this school not claimed already.
        self.open.last().filter(|c| c.declarer == declarer)?;
        if self
            .claimed
            .iter()
            .any(|c| matches!(c.kind, SchoolKind::Remplir | SchoolKind::Conserver))
        {
            return None;
        }
        let full = |q: Quarter| {
            (q.first()..q.first() + 6)
                .all(|n| self.position.board.count(declarer, Field::new(n)) >= 2)
        };
        let mut out: Option<Unmade> = None;
        for j in &p.score.jans {
            if j.beneficiary != Beneficiary::Mover {
                continue;
            }
            let kind = match j.jan {
                Jan::Fill(q) if !full(q) => SchoolKind::Remplir,
                Jan::Conserve(q) if !full(q) => SchoolKind::Conserver,
                _ => continue,
            };
            let u = out.get_or_insert(Unmade { kind, points: 0 });
            u.points += j.points;
            if kind == SchoolKind::Remplir {
                u.kind = kind;
            }
        }
        out
    }

    /// Claims the school of a fill or conserve not made on the
    /// declaration of the false play's roll; with any other error of that
    /// declaration settled at once (see [`Game::claim_school`]).
    fn claim_unmade(&mut self, claimant: Side, named: u32, u: Unmade) -> SchoolKind {
        let c = self.open.pop().expect("checked by `unmade`");
        // The points marked for the jan: what the declaration holds
        // beyond the rest of the roll's points, at most the jan's value.
        let rest_owed = c.owed.saturating_sub(u.points);
        let for_jan = c.declared.saturating_sub(rest_owed).min(u.points);
        let rest_declared = c.declared - for_jan;
        // The rest of the declaration: par trop is removed too, par moins
        // is the claimant's as well.
        let (removed, extra) = if rest_declared > rest_owed {
            (
                for_jan + rest_declared - rest_owed,
                rest_declared - rest_owed,
            )
        } else {
            (for_jan, rest_owed - rest_declared)
        };
        // A correction (0 named) gives the claimant nothing: only the
        // points the declarer missed in the rest are his.
        let points = if named == 0 {
            if rest_declared < rest_owed {
                extra
            } else {
                0
            }
        } else {
            u.points + extra
        };
        self.log.push(Event::School {
            claimant,
            kind: u.kind,
            named,
            points,
        });
        // `remove_excess` takes `declared - owed` off the declarer.
        let claim = Claimable {
            owed: c.declared - removed,
            ..c
        };
        self.claimed.push(ClaimedSchool {
            claimant,
            kind: u.kind,
            named,
            points,
            claim,
        });
        u.kind
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
        if let Some(u) = self.unmade(!claimant) {
            let c = self.open.last().expect("checked by `unmade`");
            let rest_owed = c.owed.saturating_sub(u.points);
            let rest = c.declared - c.declared.saturating_sub(rest_owed).min(u.points);
            return Some((u.kind, u.points + rest.abs_diff(rest_owed)));
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
            if sc.named == 0 {
                // A correction: the declarer's points made right, no
                // school points, no contest.
                if sc.claim.declared > sc.claim.owed {
                    self.remove_excess(&sc.claim);
                }
                if sc.kind != SchoolKind::Trop && sc.points > 0 {
                    self.mark(declarer, sc.points, PointsFrom::School);
                }
                continue;
            }
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
                SchoolKind::Remplir | SchoolKind::Conserver => {
                    if sc.claim.declared > sc.claim.owed {
                        self.remove_excess(&sc.claim);
                    }
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
