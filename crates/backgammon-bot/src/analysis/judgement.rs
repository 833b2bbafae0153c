//! A chequer play's judgement (the review's verdict on one play): the
//! best play, the two equities and the depth they were compared at,
//! shared by the review's judgements at every depth ([`super::chequer`],
//! [`super::deeper`]).

use backgammon::Play;

/// A play's judgement: the best play and its equity, the play made's
/// equity, and the depth (in plies) at which the two were compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// The best play.
    pub best: Play,
    /// Its cubeful equity.
    pub best_equity: f64,
    /// The cubeful equity of the play made.
    pub made_equity: f64,
    /// The depth of the comparison: 0, 2, 3 or 4.
    pub plies: u8,
    /// The games of each rollout that compared the two plays, close at 2
    /// plies ([`super::deeper`]); 0 when the searches alone judged.
    pub rollout: u32,
}

/// How deep the review judges a chequer play: the plies of its search
/// (0, 2 or 4), and with 4 the games of each play's rollout in the close
/// decisions (0: none; [`super::deeper`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Depth {
    /// The plies of the search.
    pub plies: u8,
    /// Games per rolled-out play (0: no rollout).
    pub rollout: u32,
}

impl From<u8> for Depth {
    /// The search alone, `plies` deep.
    fn from(plies: u8) -> Depth {
        Depth { plies, rollout: 0 }
    }
}

impl Judgement {
    /// The equity lost by the play made (never negative).
    pub fn lost(&self) -> f64 {
        (self.best_equity - self.made_equity).max(0.0)
    }

    /// The same judgement, made by a rollout of `games` games.
    pub(super) fn by_rollout(self, games: u32) -> Judgement {
        Judgement {
            rollout: games,
            ..self
        }
    }

    /// The judgement of the best `(equity, play)` against the play made.
    pub(super) fn settle(best: (f64, Play), made: &Play, made_eq: f64, plies: u8) -> Judgement {
        if best.0 > made_eq {
            Judgement {
                best: best.1,
                best_equity: best.0,
                made_equity: made_eq,
                plies,
                rollout: 0,
            }
        } else {
            Judgement {
                best: *made,
                best_equity: made_eq,
                made_equity: made_eq,
                plies,
                rollout: 0,
            }
        }
    }
}
