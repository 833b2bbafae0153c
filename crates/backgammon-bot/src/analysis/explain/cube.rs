//! Why a cube decision, as players reason about it (issue 40): the
//! chances of both sides, the gammon factor, the taker's take point
//! against his chances, and the **market losers**: the sequences of the
//! next exchange after which a double would come too late, the taker
//! then having a pass.
//!
//! Definitions (docs/ANALYSIS.md, "Why this cube decision"), all in the
//! eyes of the side on roll, the one considering a double:
//!
//! * the **gammon factor** is `(gammons won + gammons lost) / (games
//!   won + games lost)`, a backgammon counting as a gammon and once more:
//!   `wg + wbg + lg + lbg` (the games won and lost add up to 1), the
//!   points the gammons and backgammons of both sides add to a game;
//! * the mean value of a win `W = 1 + (wg + wbg) / win` and of a loss
//!   `L = 1 + (lg + lbg) / lose`;
//! * the **take point** is the taker's winning chances at which taking
//!   and passing a double are worth the same to him, by the cube model
//!   the hint uses ([`crate::cube::decide`]: Janowski's live cube in
//!   money, the match equity table in a match), the gammon rates held at
//!   those of the position; with a dead cube and no gammons it is 25%;
//! * a sequence is his roll and his best play, then the opponent's roll
//!   and his best reply, each play chosen at 0 ply; of the 36 × 36 =
//!   1296 sequences, it **loses his market** when afterwards, he on roll
//!   and the cube as it is now, the opponent would pass a double (by the
//!   same cube model on the evaluator's 0-ply chances), or when he has
//!   won the game.

use backgammon::{Cube, MatchState, PlayList, Position, Roll, Rules, Side};
use neural::Outputs;
use serde::Serialize;

use crate::analysis::best_after_roll;
use crate::analysis::cubeful::CubeAnalysis;
use crate::cube::may_double;
use crate::cube::{self, Rates};
use crate::net::flip;
use crate::BgNet;

/// The sequences of one exchange: 36 rolls of his, 36 of the opponent's.
pub const SEQUENCES: u32 = 36 * 36;

/// How many market losers [`explain_cube`] gives as examples.
pub const EXAMPLES: usize = 2;

/// Both sides' chances, in the eyes of the side on roll (gammons include
/// backgammons).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CubeChances {
    /// He wins.
    pub win: f32,
    /// He wins a gammon or a backgammon.
    pub win_gammon: f32,
    /// He wins a backgammon.
    pub win_backgammon: f32,
    /// The opponent wins.
    pub lose: f32,
    /// The opponent wins a gammon or a backgammon.
    pub lose_gammon: f32,
    /// The opponent wins a backgammon.
    pub lose_backgammon: f32,
}

impl CubeChances {
    /// From the evaluator's outputs in the eyes of the side on roll.
    pub fn from_outputs(o: &Outputs) -> CubeChances {
        CubeChances {
            win: o[0],
            win_gammon: o[1],
            win_backgammon: o[2],
            lose: 1.0 - o[0],
            lose_gammon: o[3],
            lose_backgammon: o[4],
        }
    }

    /// The gammon factor: `(gammons won + gammons lost) / (games won +
    /// games lost)`, each backgammon counted as a gammon and once more.
    pub fn gammon_factor(&self) -> f32 {
        self.win_gammon + self.win_backgammon + self.lose_gammon + self.lose_backgammon
    }
}

/// One sequence that loses the market.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MarketLoser {
    /// His roll, `6-6`.
    pub roll: String,
    /// His best play of it at 0 ply, in his numbering.
    pub play: String,
    /// The opponent's roll (none when the play won the game).
    pub reply_roll: Option<String>,
    /// The opponent's best reply at 0 ply, in the opponent's numbering.
    pub reply: Option<String>,
    /// The opponent's winning chances afterwards (0 when the game is
    /// over).
    pub taker_chances: f32,
    /// Of the 1296 sequences, how many this one stands for: 1 for two
    /// doubles, 2 for one, 4 for none; 36 times as many when the play
    /// wins the game.
    pub weight: u32,
}

/// The market losers of a double now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Market {
    /// The sequences counted: [`SEQUENCES`].
    pub sequences: u32,
    /// Those that lose the market.
    pub losers: u32,
    /// `losers / sequences`.
    pub fraction: f32,
    /// His rolls (of 36) after which at least one reply of the opponent
    /// leaves him a market loser.
    pub rolls: u32,
    /// The heaviest losers, at most [`EXAMPLES`], of different rolls of
    /// his: the most likely first, then the most crushing.
    pub examples: Vec<MarketLoser>,
}

/// Why a cube decision: the numbers players reason with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CubeExplanation {
    /// The side on roll, considering a double: "white" or "black".
    pub doubler: String,
    /// The chances the cube hint used, in his eyes.
    pub chances: CubeChances,
    /// The gammon factor ([`CubeChances::gammon_factor`]).
    pub gammon_factor: f32,
    /// The mean points of his win, `W`.
    pub win_value: f32,
    /// The mean points of his loss, `L`.
    pub loss_value: f32,
    /// The taker's take point: his winning chances at which a take and a
    /// pass are equal, by the cube model at these gammon rates.
    pub take_point: f32,
    /// The taker's winning chances now.
    pub taker_chances: f32,
    /// Whether the game is a money game (else a match).
    pub money: bool,
    /// The market losers of a double now (`None` when the cube is not
    /// his to turn).
    pub market: Option<Market>,
    /// The proper action of the cube hint.
    pub action: String,
    /// All of it in one sentence.
    pub sentence: String,
}

/// The weight of a roll among the 36.
fn weight(roll: Roll) -> u32 {
    if roll.is_double() {
        1
    } else {
        2
    }
}

/// The chances with the same conditional gammon and backgammon rates as
/// `rates` and winning chances `p`.
fn at_rates(rates: &Rates, p: f64) -> Outputs {
    let mut o = [0.0f32; neural::MAX_OUTPUTS];
    o[0] = p as f32;
    o[1] = (rates.win_gammon * p) as f32;
    o[2] = (rates.win_backgammon * p) as f32;
    o[3] = (rates.lose_gammon * (1.0 - p)) as f32;
    o[4] = (rates.lose_backgammon * (1.0 - p)) as f32;
    o
}

/// The taker's take point in `pos` (the side on roll doubling, the
/// chances `o` in his eyes): his winning chances at which the cube model
/// finds a take and a pass equal, at the gammon rates of `o`; found by
/// bisection on the doubler's chances (the take is right below, the
/// pass above).
pub fn take_point(
    o: &Outputs,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
) -> f32 {
    let rates = Rates::of(o);
    let take = |p: f64| cube::decide(pos, rules, state, cube, &at_rates(&rates, p)).take();
    if take(1.0) {
        return 0.0;
    }
    if !take(0.0) {
        return 1.0;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if take(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (1.0 - 0.5 * (lo + hi)) as f32
}

/// A sequence that loses the market, before it is weighed for the
/// examples.
struct Loser {
    example: MarketLoser,
    /// The doubler's equity afterwards (to rank the crushing ones).
    equity: f32,
}

/// The market losers of a double by the side on roll of `pos`, the cube
/// `cube` (see the module's definitions).
pub fn market(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
) -> Market {
    let me = pos.turn();
    let (mut mine, mut theirs) = (PlayList::new(), PlayList::new());
    let mut losers = 0u32;
    let mut rolls = 0u32;
    let mut found: Vec<Loser> = Vec::new();
    for r1 in Roll::ALL {
        let w1 = weight(r1);
        let (i, _) = best_after_roll(net, pos, r1, rules, &mut mine);
        let Some(play) = mine.get(i).copied() else {
            continue;
        };
        let after = pos.play_unchecked(&play);
        if after.winner() == Some(me) {
            losers += 36 * w1;
            rolls += w1;
            found.push(Loser {
                example: MarketLoser {
                    roll: r1.to_string(),
                    play: play.to_string(),
                    reply_roll: None,
                    reply: None,
                    taker_chances: 0.0,
                    weight: 36 * w1,
                },
                equity: f32::INFINITY,
            });
            continue;
        }
        let mut any = false;
        for r2 in Roll::ALL {
            let (j, o) = best_after_roll(net, &after, r2, rules, &mut theirs);
            let Some(reply) = theirs.get(j).copied() else {
                continue;
            };
            let next = after.play_unchecked(&reply);
            if next.winner().is_some() {
                // The opponent won: no market of the doubler's lost.
                continue;
            }
            let o = flip(&o);
            if cube::decide(&next, rules, state, cube, &o).take() {
                continue;
            }
            let w = w1 * weight(r2);
            losers += w;
            any = true;
            found.push(Loser {
                example: MarketLoser {
                    roll: r1.to_string(),
                    play: play.to_string(),
                    reply_roll: Some(r2.to_string()),
                    reply: Some(reply.to_string()),
                    taker_chances: 1.0 - o[0],
                    weight: w,
                },
                equity: crate::net::equity(&o),
            });
        }
        if any {
            rolls += w1;
        }
    }
    found.sort_by(|a, b| {
        b.example
            .weight
            .cmp(&a.example.weight)
            .then(b.equity.total_cmp(&a.equity))
    });
    let mut examples: Vec<MarketLoser> = Vec::new();
    for l in found {
        if examples.len() < EXAMPLES && examples.iter().all(|e| e.roll != l.example.roll) {
            examples.push(l.example);
        }
    }
    Market {
        sequences: SEQUENCES,
        losers,
        fraction: losers as f32 / SEQUENCES as f32,
        rolls,
        examples,
    }
}

/// Why the cube decision `a` (the cube hint of the side on roll of
/// `pos`, [`crate::analysis::cubeful::analyse`]): its chances, the
/// gammon factor, the take point and, when the cube is his to turn, the
/// market losers.
pub fn explain_cube(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    a: &CubeAnalysis,
) -> CubeExplanation {
    let o = &a.outputs;
    let chances = CubeChances::from_outputs(o);
    let (w, l) = Rates::of(o).money();
    let take_point = take_point(o, pos, rules, state, cube);
    let market = (may_double(pos, state, cube) && pos.winner().is_none())
        .then(|| market(net, pos, rules, state, cube));
    let mut e = CubeExplanation {
        doubler: match pos.turn() {
            Side::White => "white",
            Side::Black => "black",
        }
        .to_string(),
        chances,
        gammon_factor: chances.gammon_factor(),
        win_value: w as f32,
        loss_value: l as f32,
        take_point,
        taker_chances: chances.lose,
        money: state.is_money(),
        market,
        action: a.action.clone(),
        sentence: String::new(),
    };
    e.sentence = sentence(&e);
    e
}

/// A fraction as a whole percentage.
fn pct(x: f32) -> String {
    format!("{:.0}%", (100.0 * x).max(0.0))
}

/// The explanation in one sentence, as players say it: "A double now: 18%
/// of the sequences (236 of 1296) lose your market; gammon factor 0.35;
/// take point 22% (money) — the taker's chances 31%: a take."
pub fn sentence(e: &CubeExplanation) -> String {
    let head = match &e.market {
        Some(m) => format!(
            "A double now: {} of the sequences ({} of {}) lose your market",
            pct(m.fraction),
            m.losers,
            m.sequences
        ),
        None => "The cube is not yours to turn".to_string(),
    };
    let verdict = if e.taker_chances >= e.take_point {
        "a take"
    } else {
        "a pass"
    };
    format!(
        "{head}; gammon factor {:.2}; take point {} ({}) — the taker's chances {}: {verdict}.",
        e.gammon_factor,
        pct(e.take_point),
        if e.money { "money" } else { "match" },
        pct(e.taker_chances)
    )
}

/// A market loser as players tell it: "6-6 (8/2(2) 6/off(2)), then 6-5
/// (25/20 20/14): the taker's chances 14%".
pub fn loser_text(l: &MarketLoser) -> String {
    match (&l.reply_roll, &l.reply) {
        (Some(r), Some(p)) if p == "--" => format!(
            "{} ({}), then {r}, which the opponent cannot play: the taker's chances {}",
            l.roll,
            l.play,
            pct(l.taker_chances)
        ),
        (Some(r), Some(p)) => format!(
            "{} ({}), then {r} ({p}): the taker's chances {}",
            l.roll,
            l.play,
            pct(l.taker_chances)
        ),
        _ => format!("{} ({}): the game is won", l.roll, l.play),
    }
}
