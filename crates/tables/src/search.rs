//! Searches and rollouts written once for both games: the mean over a
//! chance node ([`expect`], [`expect_until`]), the n-ply expectimax over
//! chance nodes with a move filter ([`Expectimax`]), and the rollout of a
//! position by players ([`rollout_game`], [`Summary`]).
//!
//! The bots search their own fast positions (not a [`TableGame`]'s
//! actions, written as text): they go over the rolls of
//! [`crate::chance::ROLLS`] with [`expect`] and [`expect_until`], so that
//! the sum over a chance node is written here, with the arithmetic each
//! of them has always made ([`Mean`]). [`Expectimax`] searches any
//! [`TableGame`] through its own actions and
//! [`TableGame::chance_outcomes`].

use crate::chance::Weighted;
use crate::driver::{play_until, DriveError, Player};
use crate::game::{Outcome, TableGame};
use crate::{BySide, DiceSource, Side};

/// A value that can be averaged over a chance node's outcomes, weighted
/// by whole numbers out of a total (the ordered throws of the dice).
/// Each implementation fixes the order of its floating-point operations,
/// so that a search gives the same numbers every time.
pub trait Mean: Sized {
    /// The running sum.
    type Sum: Copy;
    /// The empty sum.
    const ZERO: Self::Sum;
    /// Adds `value`, of weight `weight` out of `total`.
    fn add(sum: &mut Self::Sum, weight: u32, total: u32, value: Self);
    /// The mean of a sum whose weights make `total`.
    fn mean(sum: Self::Sum, total: u32) -> Self;
}

/// Each value times its probability, added.
impl Mean for f64 {
    type Sum = f64;
    const ZERO: f64 = 0.0;
    fn add(sum: &mut f64, weight: u32, total: u32, value: f64) {
        *sum += f64::from(weight) / f64::from(total) * value;
    }
    fn mean(sum: f64, _total: u32) -> f64 {
        sum
    }
}

/// Each value times its weight, added, the sum divided by the total at
/// the end (the trictrac bots' search: the sum so far bounds the mean).
impl Mean for f32 {
    type Sum = f32;
    const ZERO: f32 = 0.0;
    fn add(sum: &mut f32, weight: u32, _total: u32, value: f32) {
        *sum += weight as f32 * value;
    }
    fn mean(sum: f32, total: u32) -> f32 {
        sum / total as f32
    }
}

/// Outputs of an evaluator (the backgammon bots' win and gammon
/// chances): each component times its probability, added.
impl<const N: usize> Mean for [f32; N] {
    type Sum = [f32; N];
    const ZERO: [f32; N] = [0.0; N];
    fn add(sum: &mut [f32; N], weight: u32, total: u32, value: [f32; N]) {
        let p = weight as f32 / total as f32;
        for (s, x) in sum.iter_mut().zip(value) {
            *s += p * x;
        }
    }
    fn mean(sum: [f32; N], _total: u32) -> [f32; N] {
        sum
    }
}

/// Values of several states (the backgammon bots' cube search): each
/// component times its probability, added.
impl<const N: usize> Mean for [f64; N] {
    type Sum = [f64; N];
    const ZERO: [f64; N] = [0.0; N];
    fn add(sum: &mut [f64; N], weight: u32, total: u32, value: [f64; N]) {
        let p = f64::from(weight) / f64::from(total);
        for (s, x) in sum.iter_mut().zip(value) {
            *s += p * x;
        }
    }
    fn mean(sum: [f64; N], _total: u32) -> [f64; N] {
        sum
    }
}

/// The mean over a chance node of `value` of each outcome, the outcomes'
/// weights making `total`.
///
/// ```
/// use tables::chance::{ROLLS, ROLL_TOTAL};
/// use tables::search::expect;
/// // The chance of a double.
/// let p: f64 = expect(ROLLS, ROLL_TOTAL, |r| if r.is_double() { 1.0 } else { 0.0 });
/// assert!((p - 1.0 / 6.0).abs() < 1e-12);
/// ```
pub fn expect<O, V: Mean>(
    chances: impl IntoIterator<Item = Weighted<O>>,
    total: u32,
    mut value: impl FnMut(O) -> V,
) -> V {
    expect_until(chances, total, |o| Some(value(o)), |_, _| None)
}

/// [`expect`], stopping early: after each outcome `cut` is given the sum
/// so far and the weight still to come, and the mean ends with the value
/// it returns, if any (a bound, when the rest cannot change a decision:
/// the *star1* cut-off of expectimax). `value` may skip an outcome
/// (`None`: it adds nothing, its weight counted as done).
///
/// ```
/// use tables::chance::{ROLLS, ROLL_TOTAL};
/// use tables::search::expect_until;
/// // Stops once the mean is sure to exceed 0.5.
/// let mut seen = 0;
/// let v: f32 = expect_until(
///     ROLLS,
///     ROLL_TOTAL,
///     |_| { seen += 1; Some(1.0f32) },
///     |sum, _rest| (*sum / 36.0 > 0.5).then_some(*sum / 36.0),
/// );
/// assert!(v > 0.5 && seen < 21);
/// ```
pub fn expect_until<O, V: Mean>(
    chances: impl IntoIterator<Item = Weighted<O>>,
    total: u32,
    mut value: impl FnMut(O) -> Option<V>,
    mut cut: impl FnMut(&V::Sum, u32) -> Option<V>,
) -> V {
    let mut sum = V::ZERO;
    let mut rest = total;
    for c in chances {
        if let Some(v) = value(c.outcome) {
            V::add(&mut sum, c.weight, total, v);
        }
        rest = rest.saturating_sub(c.weight);
        if let Some(v) = cut(&sum, rest) {
            return v;
        }
    }
    V::mean(sum, total)
}

/// What values the leaves of a search of a [`TableGame`]: values between
/// 0 and 1 for a side (its chance of winning, or an equity scaled to that
/// range), the other side's value being `1 − v`.
pub trait Evaluator<G: TableGame> {
    /// The value of `game` (not over) for `side`.
    fn value(&self, game: &G, side: Side) -> f64;

    /// The value for `side` of a game over: 1 won, 0 lost.
    fn over(&self, outcome: &Outcome, side: Side) -> f64 {
        if outcome.winner == side {
            1.0
        } else {
            0.0
        }
    }
}

impl<G: TableGame, F: Fn(&G, Side) -> f64> Evaluator<G> for F {
    fn value(&self, game: &G, side: Side) -> f64 {
        self(game, side)
    }
}

/// The move filter of an [`Expectimax`]: given the values at 0 ply of the
/// mover's candidates, best first, how many of them are searched deeper
/// (at least one is).
pub type Filter<'a, G> = &'a dyn Fn(&G, &[f64]) -> usize;

/// The n-ply expectimax over a [`TableGame`]'s chance nodes: at a throw
/// the mean over [`TableGame::chance_outcomes`] weighted by their
/// probabilities, at a decision the best of the mover's candidate
/// actions in his eyes, at 0 ply (or once over) the evaluator.
///
/// A ply is one decision: a throw costs none. At a decision the
/// candidates are first valued at 0 ply and ranked; the filter keeps the
/// best few ([`Expectimax::filter`]), which alone are searched deeper. A
/// decision where the dice may be thrown ([`crate::Decision::throws`]) is
/// searched as the throw: the other actions then open (doubling, a school
/// claimed) are left to the players. An action the game makes by itself
/// ([`TableGame::forced`]) costs no ply.
///
/// ```
/// use tables::search::Expectimax;
/// use tables::{Side, TableGame};
/// # use tables::{BySide, DiceSource, Decision, Pending};
/// # use tables::game::{ActionError, Outcome};
/// # #[derive(Clone, Debug, Default)]
/// # struct Doubles(Option<(u8, u8)>);
/// # impl TableGame for Doubles {
/// #     type Action = (u8, u8);
/// #     fn kind(&self) -> &'static str { "doubles" }
/// #     fn pending(&self) -> Option<Pending> {
/// #         self.0.is_none().then_some(Pending { side: None, decision: Decision::Opening })
/// #     }
/// #     fn legal_actions(&self) -> Vec<(u8, u8)> { Vec::new() }
/// #     fn throw(&self, dice: &mut dyn DiceSource) -> Result<(u8, u8), ActionError> {
/// #         let r = dice.roll();
/// #         Ok((r.high().value(), r.low().value()))
/// #     }
/// #     fn apply(&mut self, a: &(u8, u8)) -> Result<(u8, u8), ActionError> {
/// #         self.0 = Some(*a);
/// #         Ok(*a)
/// #     }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let (a, b) = self.0?;
/// #         let winner = if a == b { Side::White } else { Side::Black };
/// #         Some(Outcome { winner, points: 1, text: String::new() })
/// #     }
/// #     fn action_text(&self, a: &(u8, u8)) -> String { format!("{}-{}", a.0, a.1) }
/// #     fn position_text(&self) -> String { String::new() }
/// #     fn record_text(&self, _: BySide<&str>) -> String { String::new() }
/// # }
/// // A game of one throw of two dice, a double winning for White.
/// let even = |_: &Doubles, _: Side| 0.5;
/// let search = Expectimax::new(&even);
/// assert_eq!(search.value(&Doubles::default(), Side::White, 0), 0.5);
/// let exact = search.value(&Doubles::default(), Side::White, 1);
/// assert!((exact - 1.0 / 6.0).abs() < 1e-12);
/// ```
pub struct Expectimax<'a, G: TableGame, E> {
    /// The evaluator of the leaves.
    pub eval: &'a E,
    /// The move filter; `None` searches every candidate.
    pub filter: Option<Filter<'a, G>>,
}

impl<'a, G: TableGame, E: Evaluator<G>> Expectimax<'a, G, E> {
    /// The search with `eval`, every candidate searched.
    pub fn new(eval: &'a E) -> Self {
        Expectimax { eval, filter: None }
    }

    /// The search keeping, at each decision, the candidates `filter`
    /// keeps.
    pub fn filtered(eval: &'a E, filter: Filter<'a, G>) -> Self {
        Expectimax {
            eval,
            filter: Some(filter),
        }
    }

    /// The value of `game` for `side`, searched `plies` decisions deep.
    pub fn value(&self, game: &G, side: Side, plies: u8) -> f64 {
        if let Some(o) = game.outcome() {
            return self.eval.over(&o, side);
        }
        let Some(p) = game.pending() else {
            return self.eval.value(game, side);
        };
        if plies == 0 {
            return self.eval.value(game, side);
        }
        if p.side.is_none() || p.decision.throws() {
            let chances = game.chance_outcomes();
            if !chances.is_empty() {
                let mut sum = 0.0;
                for (a, prob) in chances {
                    let mut next = game.clone();
                    if next.apply(&a).is_ok() {
                        sum += prob * self.value(&next, side, plies);
                    }
                }
                return sum;
            }
        }
        if let Some(a) = game.forced() {
            let mut next = game.clone();
            return match next.apply(&a) {
                Ok(_) => self.value(&next, side, plies),
                Err(_) => self.eval.value(game, side),
            };
        }
        let mover = p.side.unwrap_or(side);
        match self.best(game, mover, plies) {
            Some((_, v)) if mover == side => v,
            Some((_, v)) => 1.0 - v,
            None => self.eval.value(game, side),
        }
    }

    /// The mover's best action at `game`'s decision, searched `plies`
    /// decisions deep (at least 1), and its value in his eyes; `None`
    /// when he has no action to choose.
    pub fn best(&self, game: &G, mover: Side, plies: u8) -> Option<(G::Action, f64)> {
        let mut ranked: Vec<(f64, G::Action, G)> = game
            .legal_actions()
            .into_iter()
            .filter_map(|a| {
                let mut next = game.clone();
                next.apply(&a).ok()?;
                Some((self.value(&next, mover, 0), a, next))
            })
            .collect();
        ranked.sort_by(|x, y| y.0.total_cmp(&x.0));
        if plies <= 1 {
            return ranked.into_iter().next().map(|(v, a, _)| (a, v));
        }
        let keep = match self.filter {
            Some(f) => {
                let values: Vec<f64> = ranked.iter().map(|r| r.0).collect();
                f(game, &values).max(1)
            }
            None => ranked.len(),
        };
        let mut best: Option<(G::Action, f64)> = None;
        for (_, a, next) in ranked.into_iter().take(keep) {
            let v = self.value(&next, mover, plies - 1);
            if best.as_ref().is_none_or(|b| v > b.1) {
                best = Some((a, v));
            }
        }
        best
    }
}

/// The move filter that keeps the best `keep` candidates within `margin`
/// of the best (gnubg's move filter; both bots' 2-ply searches).
///
/// ```
/// use tables::search::keep_within;
/// assert_eq!(keep_within(&[0.9, 0.85, 0.5], 2, 0.1), 2);
/// assert_eq!(keep_within(&[0.9, 0.7, 0.69], 5, 0.1), 1);
/// ```
pub fn keep_within<T: PartialOrd + Copy + std::ops::Sub<Output = T>>(
    ranked: &[T],
    keep: usize,
    margin: T,
) -> usize {
    let Some(&top) = ranked.first() else {
        return 0;
    };
    ranked
        .iter()
        .take(keep)
        .take_while(|&&v| v >= top - margin)
        .count()
}

/// One game of a rollout, as [`rollout_game`] ends it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The value counted for the game.
    pub value: f64,
    /// Whether the game was played to its end (else truncated, and
    /// valued by the evaluator).
    pub finished: bool,
}

/// Plays one game of a rollout from `game` (left as it ended) between
/// `players` with `dice`, until it is over or `stop` says so before a
/// turn (a truncated rollout), and values it: `value` is given the game
/// and its outcome when it is over.
///
/// # Errors
/// When a player fails.
pub fn rollout_game<G: TableGame>(
    game: &mut G,
    players: BySide<&mut dyn Player<G>>,
    dice: &mut dyn DiceSource,
    stop: impl FnMut(&G) -> bool,
    value: impl FnOnce(&G, Option<&Outcome>) -> f64,
) -> Result<Sample, DriveError> {
    let outcome = play_until(game, players, dice, usize::MAX, stop)?;
    Ok(Sample {
        value: value(game, outcome.as_ref()),
        finished: outcome.is_some(),
    })
}

/// The mean of a rollout's values and its error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games.
    pub games: u64,
    /// The mean value.
    pub mean: f64,
    /// Its standard error (the sample's standard deviation over the
    /// square root of the games).
    pub stderr: f64,
}

impl Summary {
    /// The summary of `values`, in their order.
    ///
    /// ```
    /// use tables::search::Summary;
    /// let s = Summary::of([1.0, -1.0, 1.0, 1.0]);
    /// assert_eq!((s.games, s.mean), (4, 0.5));
    /// assert!((s.stderr - 0.5).abs() < 1e-12);
    /// ```
    pub fn of(values: impl IntoIterator<Item = f64> + Clone) -> Summary {
        let (n, sum) = values
            .clone()
            .into_iter()
            .fold((0u64, 0.0), |(n, s), x| (n + 1, s + x));
        let count = (n.max(1)) as f64;
        let mean = sum / count;
        let var =
            values.into_iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (count - 1.0).max(1.0);
        Summary {
            games: n,
            mean,
            stderr: (var / count).sqrt(),
        }
    }

    /// Half-width of the 95 % confidence interval (1.96 standard errors).
    pub fn ci95(&self) -> f64 {
        1.96 * self.stderr
    }
}

#[cfg(test)]
mod tests;
