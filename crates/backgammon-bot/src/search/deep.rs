//! Plays valued at 3 plies (gnubg's 2-ply): one level of the
//! opponent's rolls and one of the mover's below the play, the best reply
//! of each roll chosen at 0 ply, as gnubg's `n`-ply evaluation recurses
//! (for each of the 21 rolls the best play at 0 ply, the position after
//! it valued one ply shallower).
//!
//! About 21 × 21 × (the plays of a roll) evaluations a play, some twenty
//! times a 2-ply value ([`BgNet::after_play_2ply`]): the review
//! spends them only on the plays it would otherwise call errors.

use backgammon::{Play, PlayList, Position, Rules, Side};
use neural::Outputs;
use tables::chance::{ROLLS, ROLL_TOTAL};

use crate::eval::near::Near;
use crate::net::{equity, flip, BgNet};

/// Scratch space for [`after_play_3ply`], reused from one play to the
/// next.
#[derive(Default)]
pub struct Scratch {
    replies: PlayList,
    inner: PlayList,
}

/// The outputs, in the mover's eyes, of the position `after` his play
/// searched two plies deeper: the mean over the opponent's 21 rolls
/// (weighted 1 or 2 of 36) of the position after his best reply at 0
/// ply, that position valued at 2 plies ([`BgNet::after_play_2ply`]:
/// the mean over the mover's rolls of his best play at 0 ply). Exact when
/// the play wins.
pub fn after_play_3ply(
    net: &BgNet,
    after: &Position,
    mover: Side,
    rules: &Rules,
    scratch: &mut Scratch,
) -> Outputs {
    let opp = !mover;
    let inner = &mut scratch.inner;
    after_best_replies(net, after, mover, rules, &mut scratch.replies, |next| {
        net.after_play_2ply(next, opp, rules, inner)
    })
}

/// One level of the opponent's rolls above `deeper`: the outputs, in the
/// mover's eyes, of the mean over the opponent's 21 rolls (the shared
/// chance node, weighted 1 or 2 of 36) of `deeper` (in the opponent's
/// eyes) of the position after his best reply at 0 ply; `replies` is
/// scratch space for the replies. Exact when the play wins.
/// [`after_play_3ply`] with the 2-ply value below, the 4-ply search with
/// the 3-ply one.
pub(crate) fn after_best_replies(
    net: &BgNet,
    after: &Position,
    mover: Side,
    rules: &Rules,
    replies: &mut PlayList,
    mut deeper: impl FnMut(&Position) -> Outputs,
) -> Outputs {
    if after.winner() == Some(mover) {
        return net.after_play(after, mover, rules.preset);
    }
    let opp = !mover;
    // The replies are a few checkers away from `after` with the mover on
    // roll: the network's sums for it are computed once (as in
    // `BgNet::after_play_2ply`).
    let mut near = Near::new();
    near.set_base(net, &after.with_turn(mover), rules.preset);
    tables::search::expect(ROLLS, ROLL_TOTAL, |roll| {
        replies.clear();
        after.legal_plays_into(roll, rules, replies);
        // The opponent's best reply at 0 ply, in his eyes (the list is
        // never empty: a pass when nothing can be played).
        let mut best: Option<(f32, Position)> = None;
        for p in replies.iter() {
            let next = after.play_unchecked(p);
            let e = equity(&net.after_play_near(&next, opp, rules.preset, &mut near));
            if best.is_none_or(|b| e > b.0) {
                best = Some((e, next));
            }
        }
        let next = best.map_or(*after, |b| b.1);
        flip(&deeper(&next))
    })
}

/// How many plays the 3-ply player searches at 2 plies: the best at 0
/// ply, up to this many (gnubg's move filter for its 2-ply keeps 8)...
pub const KEEP_2PLY: usize = 8;
/// ... within this much equity of the best at 0 ply (gnubg's 0.16).
pub const MARGIN_2PLY: f32 = 0.16;
/// How many of those the 3-ply player searches at 3 plies: the best at
/// 2 plies, up to this many (all of them: gnubg's 2-ply does not prune
/// at its 1-ply, our 2 plies)...
///
/// Until 2026-11-30 this was 2 within 0.04 (the filter gnubg applies
/// before its *3*-ply): judged by gnubg's 2-ply on 8 998 contact
/// decisions of our self-play, searching every candidate gains 0.00075
/// a decision (docs/STRENGTH.md, "Every candidate at 3 plies"), for
/// about three times the time (docs/PERFORMANCE.md).
pub const KEEP_3PLY: usize = 8;
/// ... within this much equity of the best at 2 plies (gnubg's first
/// filter's 0.16: it drops only the plays the level below found far
/// worse).
pub const MARGIN_3PLY: f32 = 0.16;

/// A play as the 3-ply search left it: its outputs (in the mover's eyes)
/// at the deepest level it was searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Searched {
    /// The play.
    pub play: Play,
    /// Its outputs: win, win gammon, win backgammon, lose gammon, lose
    /// backgammon.
    pub outputs: Outputs,
    /// How deep it was searched: 3, 2 or 0 plies.
    pub plies: u8,
}

impl Searched {
    /// Its cubeless money equity.
    pub fn equity(&self) -> f32 {
        equity(&self.outputs)
    }
}

/// The play of highest cubeless equity at 3 plies (gnubg's 2-ply) and
/// its outputs in the mover's eyes: every play valued at 0 ply, the best
/// [`KEEP_2PLY`] within [`MARGIN_2PLY`] at 2 plies
/// ([`BgNet::after_play_2ply`]), the best [`KEEP_3PLY`] of those within
/// [`MARGIN_3PLY`] at 3 plies ([`after_play_3ply`]), as gnubg's move
/// filters narrow its search. When one candidate is left after a level
/// it is played without going deeper.
pub fn best_play_3ply(
    net: &BgNet,
    pos: &Position,
    plays: &[Play],
    rules: &Rules,
    scratch: &mut Scratch,
) -> (Play, Outputs) {
    Searcher::new(net, rules, None).best_3ply(pos, plays, scratch)
}

/// How the candidates of the deepest level are compared, when not by
/// cubeless equity: the value of outputs in the mover's eyes (in a
/// match, their match-winning chances, given by the cube layer's
/// `cube::score`).
pub type Value<'a> = &'a dyn Fn(&Outputs, Side) -> f64;

/// The fixed parts of the filtered 3- and 4-ply searches: the network,
/// the rules and how the candidates of the deepest level are compared
/// (`value`, see [`Value`]; none: by cubeless equity). The position and
/// its plays are the question asked of it.
#[derive(Clone, Copy)]
pub struct Searcher<'a> {
    /// The network that values the positions.
    pub net: &'a BgNet,
    /// The rules the replies are played under.
    pub rules: &'a Rules,
    /// How the deepest candidates are compared, when not by cubeless
    /// equity.
    pub value: Option<Value<'a>>,
}

impl<'a> Searcher<'a> {
    /// The search of `net` under `rules`, comparing by `value` when given.
    pub fn new(net: &'a BgNet, rules: &'a Rules, value: Option<Value<'a>>) -> Self {
        Searcher { net, rules, value }
    }

    /// [`best_play_3ply`], the candidates of the deepest level compared
    /// by the searcher's value; for no play, a pass and the position's
    /// value.
    pub fn best_3ply(&self, pos: &Position, plays: &[Play], work: &mut Scratch) -> (Play, Outputs) {
        if plays.is_empty() {
            return (Play::PASS, self.net.evaluate(pos, self.rules.preset));
        }
        let best = self.search(pos, plays, work, false)[0];
        (best.play, best.outputs)
    }

    /// [`ranked_3ply`], the candidates of the deepest level compared by
    /// the searcher's value; empty when `plays` is.
    pub fn ranked_3ply(&self, pos: &Position, plays: &[Play], work: &mut Scratch) -> Vec<Searched> {
        if plays.is_empty() {
            return Vec::new();
        }
        self.search(pos, plays, work, true)
    }

    /// The filtered search of [`best_play_3ply`]: the candidates searched
    /// deeper, best first, then (with `all`) the other plays at 0 ply; with
    /// the searcher's value, those of the deepest level ordered by it.
    fn search(
        &self,
        pos: &Position,
        plays: &[Play],
        work: &mut Scratch,
        all: bool,
    ) -> Vec<Searched> {
        let Searcher { net, rules, value } = *self;
        let mover = pos.turn();
        let ranked = net.ranked_at_0ply(pos, plays, rules.preset);
        let top = ranked[0].0;
        let n2 = ranked
            .iter()
            .take(KEEP_2PLY)
            .take_while(|r| r.0 >= top - MARGIN_2PLY)
            .count();
        let mut out: Vec<Searched> = ranked[..n2]
            .iter()
            .map(|(_, p, after)| Searched {
                play: *p,
                outputs: net.after_play_2ply(after, mover, rules, &mut work.inner),
                plies: 2,
            })
            .collect();
        // Stable sorts: of equal values, the better at the level above first.
        out.sort_by(|a, b| b.equity().total_cmp(&a.equity()));
        let top2 = out[0].equity();
        let n3 = out
            .iter()
            .take(KEEP_3PLY)
            .take_while(|s| s.equity() >= top2 - MARGIN_3PLY)
            .count();
        if n3 > 1 {
            for s in out[..n3].iter_mut() {
                let after = pos.play_unchecked(&s.play);
                s.outputs = after_play_3ply(net, &after, mover, rules, work);
                s.plies = 3;
            }
            out[..n3].sort_by(|a, b| b.equity().total_cmp(&a.equity()));
        }
        if all {
            out.extend(ranked[n2..].iter().map(|(_, p, after)| Searched {
                play: *p,
                outputs: net.after_play(after, mover, rules.preset),
                plies: 0,
            }));
        }
        if let Some(by) = value {
            // The plays of each depth (the deepest first: the 3-ply
            // candidates, or every 2-ply one when a single play went no
            // deeper) ordered by their match value; the first is played.
            let value = |s: &Searched| by(&s.outputs, mover);
            for group in out.chunk_by_mut(|a, b| a.plies == b.plies) {
                group.sort_by(|a, b| value(b).total_cmp(&value(a)));
            }
        }
        out
    }
}

/// Every play of `plays` ranked as the 3-ply player ranks them, as
/// gnubg's hint lists them: those searched at 3 plies first (best
/// first), then those searched at 2 plies, then the rest at 0 ply, each
/// with its outputs at the depth it reached. The first is
/// [`best_play_3ply`]'s play. Empty when `plays` is.
///
/// ```
/// use backgammon::{Position, Roll, Rules};
/// use backgammon_bot::search::deep::{ranked_3ply, Scratch};
///
/// let net = backgammon_bot::default_net();
/// let rules = Rules::standard();
/// let start = Position::start();
/// let plays = start.legal_plays("3-1".parse::<Roll>().unwrap(), &rules);
/// let ranked = ranked_3ply(&net, &start, &plays, &rules, &mut Scratch::default());
/// assert_eq!(ranked.len(), plays.len());
/// assert_eq!(ranked[0].play.to_string(), "8/5 6/5");
/// ```
pub fn ranked_3ply(
    net: &BgNet,
    pos: &Position,
    plays: &[Play],
    rules: &Rules,
    scratch: &mut Scratch,
) -> Vec<Searched> {
    Searcher::new(net, rules, None).ranked_3ply(pos, plays, scratch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Roll;

    /// The shipped network, the standard rules, the starting position and
    /// its plays of `roll`.
    fn at_the_start(roll: &str) -> (std::sync::Arc<BgNet>, Rules, Position, PlayList) {
        let rules = Rules::standard();
        let start = Position::start();
        let roll: Roll = roll.parse().expect("a roll");
        let plays = start.legal_plays(roll, &rules);
        (crate::net::default_net(), rules, start, plays)
    }

    /// The mean over the opponent's rolls of the 2-ply values of his
    /// best replies, computed here the plain way, roll by roll.
    fn by_hand(net: &BgNet, after: &Position, mover: Side, rules: &Rules) -> Outputs {
        let opp = !mover;
        let mut sum = [0.0f32; neural::MAX_OUTPUTS];
        let mut buf = PlayList::new();
        for roll in Roll::ALL {
            let plays = after.legal_plays(roll, rules);
            let (reply, _) = net.best_play(after, &plays, rules.preset);
            let next = after.play_unchecked(&reply);
            let o = flip(&net.after_play_2ply(&next, opp, rules, &mut buf));
            for (s, x) in sum.iter_mut().zip(o) {
                *s += roll.weight() as f32 / 36.0 * x;
            }
        }
        sum
    }

    #[test]
    fn three_plies_average_the_two_ply_values_of_the_best_replies() {
        let (net, rules, start, plays) = at_the_start("3-1");
        let play: &Play = plays.iter().next().expect("a play");
        let after = start.play_unchecked(play);
        let mut s = Scratch::default();
        let got = after_play_3ply(&net, &after, start.turn(), &rules, &mut s);
        let want = by_hand(&net, &after, start.turn(), &rules);
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-5, "{got:?} against {want:?}");
        }
        // A probability distribution: the win chance and gammons in
        // range, and not the 2-ply value itself.
        assert!((0.0..=1.0).contains(&got[0]), "{got:?}");
        let mut buf = PlayList::new();
        let two = net.after_play_2ply(&after, start.turn(), &rules, &mut buf);
        assert!((two[0] - got[0]).abs() > 1e-6, "{two:?} {got:?}");
    }

    #[test]
    fn the_3_ply_player_takes_the_best_at_3_plies_of_gnubgs_filtered_candidates() {
        // The start, then three positions of the bot's self-play (White
        // on roll) where the filter before 2026-11-30 (the best 2 within
        // 0.04 at 2 plies) played otherwise (examples/filter_judge.rs).
        let net = crate::net::default_net();
        let rules = Rules::standard();
        for (id, roll) in [
            ("4HPwATDgc/ABMA", "6-4"),
            ("cGfwAVC2jcEFIA", "4-3"),
            ("3s4AAGzs7hwCAA", "5-2"),
            ("9g4AAHg7A0TAAA", "6-2"),
        ] {
            let pos = Position::from_position_id(id, Side::White).expect("a Position ID");
            let roll: Roll = roll.parse().expect("a roll");
            let plays = pos.legal_plays(roll, &rules);
            let mover = pos.turn();
            let mut s = Scratch::default();
            let (got, o) = best_play_3ply(&net, &pos, &plays, &rules, &mut s);
            // By hand: 0 ply, then 2 plies for the best 8 within 0.16, then
            // 3 plies for those still within 0.16 of the best at 2 plies.
            let mut buf = PlayList::new();
            let mut zero: Vec<(f32, Play)> = plays
                .iter()
                .map(|p| {
                    let a = pos.play_unchecked(p);
                    (equity(&net.after_play(&a, mover, rules.preset)), *p)
                })
                .collect();
            zero.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut two: Vec<(f32, Play)> = zero
                .iter()
                .take(8)
                .filter(|z| z.0 >= zero[0].0 - 0.16)
                .map(|(_, p)| {
                    let a = pos.play_unchecked(p);
                    (
                        equity(&net.after_play_2ply(&a, mover, &rules, &mut buf)),
                        *p,
                    )
                })
                .collect();
            two.sort_by(|a, b| b.0.total_cmp(&a.0));
            let finalists: Vec<Play> = two
                .iter()
                .filter(|t| t.0 >= two[0].0 - 0.16)
                .map(|t| t.1)
                .collect();
            let mut want = finalists[0];
            if finalists.len() > 1 {
                let v = |p: &Play| {
                    let a = pos.play_unchecked(p);
                    equity(&after_play_3ply(
                        &net,
                        &a,
                        mover,
                        &rules,
                        &mut Scratch::default(),
                    ))
                };
                // The best at 3 plies; of equal values, the better at 2.
                let mut best_v = v(&want);
                for p in &finalists[1..] {
                    let x = v(p);
                    if x > best_v {
                        (want, best_v) = (*p, x);
                    }
                }
            }
            assert_eq!(
                pos.play_unchecked(&got),
                pos.play_unchecked(&want),
                "{id} {roll}: {got} against {want}"
            );
            assert!((0.0..=1.0).contains(&o[0]), "{o:?}");
        }
    }

    #[test]
    fn the_3_ply_ranking_lists_every_play_deepest_first_and_starts_with_the_players_choice() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let mut game = backgammon::Game::money(Rules {
            cube: false,
            ..rules
        });
        let mut checked = 0;
        while checked < 6 {
            match game.phase() {
                backgammon::Phase::Play(..) => {
                    let pos = *game.position();
                    let plays = game.legal_plays().clone();
                    let mut s = Scratch::default();
                    let ranked = ranked_3ply(&net, &pos, &plays, &rules, &mut s);
                    assert_eq!(ranked.len(), plays.len());
                    let (best, o) = best_play_3ply(&net, &pos, &plays, &rules, &mut s);
                    assert_eq!(ranked[0].play, best);
                    assert_eq!(ranked[0].outputs, o);
                    // Deepest first, and best first within a depth.
                    for w in ranked.windows(2) {
                        assert!(w[0].plies >= w[1].plies, "{w:?}");
                        if w[0].plies == w[1].plies {
                            assert!(w[0].equity() >= w[1].equity(), "{w:?}");
                        }
                    }
                    if plays.len() > 1 {
                        checked += 1;
                    }
                    game.play(&best).expect("a legal play");
                }
                backgammon::Phase::Over(_) => {
                    game = backgammon::Game::money(Rules {
                        cube: false,
                        ..rules
                    })
                }
                _ => game.roll_with(&mut rng).expect("a roll"),
            }
        }
        assert!(ranked_3ply(
            &net,
            &Position::start(),
            &[],
            &rules,
            &mut Scratch::default()
        )
        .is_empty());
    }
}
