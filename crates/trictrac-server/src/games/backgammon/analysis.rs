//! The backgammon hint at every decision and the analysis board: the
//! plays of a roll ranked with their chances, the cube analysis of a
//! roll-or-double decision (No double, Double/Take, Double/Pass and the
//! proper action in gnubg's words, [`backgammon_bot::analysis::cubeful`])
//! and of a take-or-pass decision from the taker's side. The same
//! functions answer the hint of a game in a room and the positions set
//! up on the analysis board (a Position ID, an XGID or checkers placed
//! by clicks).

use std::collections::HashMap;

use backgammon::session::Match;
use backgammon::{
    BySide, Cube, MatchState, Phase, Play, Point, Position, Roll, Rules, Setup, Side, Xgid,
    XgidDice,
};
use backgammon_bot::analysis::cubeful::{self, CubeAnalysis};
use backgammon_bot::analysis::explain::features;
use backgammon_bot::analysis::service::{self, Analyst, PlayDepth};
use backgammon_bot::cube::score::Score;
use backgammon_bot::BgNet;
use serde_json::{json, Value};

use super::view::play_json;

mod judge;
mod setting;
pub use judge::{judge, mark, Decision};
pub use setting::{plies, setting};

/// How many plays a hint lists.
pub const HINT_PLAYS: usize = 5;

/// The longest text a field of the analysis board may hold.
pub const TEXT_MAX: usize = 200;

/// A position with what surrounds it: the dice (a play to choose) or
/// none (a cube decision), the cube, the match, and whether a double is
/// offered (the doubled side to answer, BG-7.3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setting {
    /// The checkers, the side on roll (the doubler when `doubled`).
    pub position: Position,
    /// The roll to play, if rolled.
    pub dice: Option<Roll>,
    /// The cube before any double offered.
    pub cube: Cube,
    /// The match (money when its length is 0).
    pub state: MatchState,
    /// A double is offered by the side on roll: the other answers.
    pub doubled: bool,
    /// `Some(false)`: the Jacoby rule is off (an XGID or a Match ID of
    /// money play that says so, or a game whose rules have it off), over
    /// the rules the setting is analysed under, as `trictrac bg hint`
    /// takes it; `None`: the standard rule, on in money play.
    pub jacoby: Option<bool>,
}

impl Setting {
    /// The decision of a game in a room, if it has one to hint.
    pub fn of_match(m: &Match) -> Option<Setting> {
        let g = &m.game;
        let (dice, doubled) = match g.phase() {
            Phase::Play(_, roll) => (Some(roll), false),
            Phase::Roll(_) => (None, false),
            Phase::Doubled { .. } => (None, true),
            Phase::Opening | Phase::Over(_) => return None,
        };
        let mut position = *g.position();
        if let Phase::Doubled { by } = g.phase() {
            position = position.with_turn(by);
        }
        Some(Setting {
            position,
            dice,
            cube: g.cube(),
            state: *g.match_state(),
            doubled,
            jacoby: (!m.rules.jacoby).then_some(false),
        })
    }

    /// The setting's XGID (the Jacoby rule as analysed: off when
    /// `jacoby` says so, else on; the largest cube 64).
    pub fn xgid(&self) -> Xgid {
        let (turn, dice) = if self.doubled {
            (!self.position.turn(), XgidDice::Doubled)
        } else {
            (
                self.position.turn(),
                match self.dice {
                    Some(r) => XgidDice::Rolled(r.high(), r.low()),
                    None => XgidDice::NotRolled,
                },
            )
        };
        Xgid {
            position: self.position.with_turn(turn),
            cube: self.cube,
            turn,
            dice,
            score: self.state.score,
            length: self.state.length,
            crawford: self.state.crawford,
            jacoby: self.jacoby.unwrap_or(true),
            beavers: false,
            max_cube_log2: Cube::MAX.trailing_zeros(),
        }
    }
}

/// The checkers of `pos` as a key (issue 38): both Position IDs of its
/// layout (White on roll, Black on roll), sorted, so that the same
/// checkers give the same key whoever is on roll, whichever notation
/// (XGID, Position ID, board) wrote them, and with the colours swapped.
/// `None` for the starting position, whose analysis is everyone's.
pub fn live_key(pos: &Position) -> Option<String> {
    let key = |pos: &Position| {
        let mut ids = [
            pos.with_turn(Side::White).to_position_id(),
            pos.with_turn(Side::Black).to_position_id(),
        ];
        ids.sort();
        format!("backgammon {} {}", ids[0], ids[1])
    };
    let k = key(pos);
    (k != key(&Position::start())).then_some(k)
}

/// The board of a position as the page draws it: signed checkers on
/// White's points 1..24 (+ White, − Black), the bar, the trays, the pip
/// counts and the side on roll.
pub fn board_json(pos: &Position) -> Value {
    let board: Vec<i32> = (1..=24u8)
        .map(|p| {
            let w = i32::from(pos.at(Side::White, Point::new(p)));
            let b = i32::from(pos.at(Side::Black, Point::new(25 - p)));
            w - b
        })
        .collect();
    let by =
        |f: &dyn Fn(Side) -> Value| json!({ "white": f(Side::White), "black": f(Side::Black) });
    json!({
        "board": board,
        "bar": by(&|s| json!(pos.on_bar(s))),
        "off": by(&|s| json!(pos.borne_off(s))),
        "pips": by(&|s| json!(pos.pip_count(s))),
        "turn": pos.turn().name(),
    })
}

fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The five chances of outputs as the page shows them: win, gammon and
/// backgammon of each side (`lose` the complement of `win`).
pub fn chances_json(o: &[f32]) -> Value {
    let c: Vec<f64> = o.iter().take(5).map(|&x| f64::from(x)).collect();
    if c.len() < 5 {
        return Value::Null;
    }
    json!({
        "win": r4(c[0]),
        "win_gammon": r4(c[1]),
        "win_backgammon": r4(c[2]),
        "lose": r4(1.0 - c[0]),
        "lose_gammon": r4(c[3]),
        "lose_backgammon": r4(c[4]),
    })
}

/// The legal plays of the setting's roll as the analysis service ranks
/// them at `depth` ([`Analyst::plays`], the ranking of `trictrac bg
/// hint` at the same depth), the first [`HINT_PLAYS`]: each with its
/// depth, its cubeless equity (in a match its normalised match equity),
/// its difference from the best, its chances and its features; and why
/// the first rather than the second.
fn ranked_plays(net: &BgNet, s: &Setting, roll: Roll, rules: &Rules, depth: PlayDepth) -> Value {
    let pos = &s.position;
    let side = pos.turn();
    let score = Score {
        state: &s.state,
        cube: s.cube,
    };
    let mut ranked = Analyst::new(net).plays(pos, roll, rules, score, depth);
    let of = ranked.len();
    ranked.truncate(HINT_PLAYS);
    // Why each play (issue 40): the features of the position after it, in
    // the mover's eyes, with the ranking's chances; and why the first
    // rather than the second.
    let why_json = service::explain(pos, rules, &mut ranked).map_or(Value::Null, |w| why_value(&w));
    let list: Vec<Value> = ranked
        .iter()
        .map(|r| {
            let e = r.equity;
            let mut j = play_json(&r.raw, side);
            j["explain"] = r.explain.as_ref().map_or(Value::Null, explain_value);
            j["plies"] = json!(r.plies);
            j["equity"] = json!(r4(f64::from(e)));
            // The name of the first hint's field, kept for old pages.
            j["value"] = json!(r4(f64::from(e)));
            j["diff"] = json!(r4(f64::from(r.difference)));
            j["chances"] = chances_json(&r.outputs());
            j["win"] = json!(r4(f64::from(r.win)));
            j
        })
        .collect();
    json!({ "plays": list, "of": of, "why": why_json })
}

/// The features of a play as the page reads them (issue 40): the typed
/// [`backgammon_bot::analysis::explain::PlayFeatures`] serialized, its
/// chances rounded, and `summary`, the line of `trictrac bg hint
/// --explain` (English).
pub(super) fn explain_value(f: &backgammon_bot::analysis::explain::PlayFeatures) -> Value {
    let mut v = serde_json::to_value(f).unwrap_or(Value::Null);
    if let Some(c) = &f.chances {
        v["chances"] = json!({
            "win": r4(f64::from(c.win)),
            "win_gammon": r4(f64::from(c.win_gammon)),
            "win_backgammon": r4(f64::from(c.win_backgammon)),
            "lose_gammon": r4(f64::from(c.lose_gammon)),
            "lose_backgammon": r4(f64::from(c.lose_backgammon)),
        });
    }
    v["summary"] = json!(backgammon_bot::analysis::explain::summary(f));
    v
}

/// "Why A rather than B" as the page reads it: `play`, `other`,
/// `equity_difference` and the `reasons` (`kind`, `weight` in equity,
/// the English `sentence`), heaviest first.
pub(super) fn why_value(w: &backgammon_bot::analysis::explain::Why) -> Value {
    json!({
        "play": w.play,
        "other": w.other,
        "equity_difference": r4(f64::from(w.equity_difference)),
        "reasons": w.reasons.iter().map(|r| json!({
            "kind": r.kind,
            "weight": r4(f64::from(r.weight)),
            "sentence": r.sentence,
        })).collect::<Vec<_>>(),
    })
}

fn cube_json(a: &CubeAnalysis) -> Value {
    json!({
        "no_double": r4(a.no_double),
        "double_take": r4(a.double_take),
        "double_pass": r4(a.double_pass),
        "cubeless": r4(a.cubeless),
        "mwc": a.mwc.map(|m| m.iter().map(|x| r4(*x)).collect::<Vec<_>>()),
        "available": a.available,
        "double": a.double,
        "take": a.take,
        "redouble": a.redouble,
        "action": a.action,
        "best": r4(a.best()),
    })
}

/// The analysis of a setting: `kind` `play` (the ranked plays of the
/// roll, with their chances), `cube` (the cube analysis of the side on
/// roll, in his eyes) or `answer` (the same for the doubler, with the
/// equities of taking and passing and the chances in the taker's eyes);
/// the three IDs of the position and its board. Blocking (the search):
/// run it off the async threads. `plies`: the depth asked, else the
/// default bot's (3 for a roll's plays, 2 for the cube).
pub fn analyse(s: &Setting, rules: &Rules, plies: Option<u8>) -> Value {
    let mut own = *rules;
    if let Some(j) = s.jacoby {
        own.jacoby = j;
    }
    let rules = &own;
    let net = backgammon_bot::default_net();
    let plies = plies.unwrap_or(if s.dice.is_some() { 3 } else { 2 });
    let xgid = s.xgid();
    let mut v = json!({
        "by": "neural",
        "evaluator": backgammon_bot::eval::Evaluator::of(&s.position).label(),
        "plies": plies,
        "position_id": s.position.to_position_id(),
        "match_id": xgid.to_match_id().to_string(),
        "xgid": xgid.to_string(),
        "position": board_json(&s.position),
        "dice": s.dice.map(|r| json!([r.high().value(), r.low().value()])),
        "cube_state": {
            "value": s.cube.value,
            "owner": s.cube.owner.map(Side::name),
        },
        "match": {
            "length": s.state.length,
            "score": { "white": s.state.score.white, "black": s.state.score.black },
            "crawford": s.state.crawford,
        },
        "plays": [],
    });
    let me = s.position.turn();
    if let Some(roll) = s.dice {
        // `plies` of a roll's plays is 0, 2 or 3 ([`plies`]); another
        // depth is ranked as the default bot's.
        let depth = PlayDepth::try_from(plies).unwrap_or_default();
        let r = ranked_plays(&net, s, roll, rules, depth);
        v["kind"] = json!("play");
        v["side"] = json!(me.name());
        v["of"] = r["of"].clone();
        v["plays"] = r["plays"].clone();
        v["why"] = r["why"].clone();
        return v;
    }
    let a = Analyst::new(&net).cube(&s.position, rules, &s.state, s.cube, plies.min(3));
    v["cube"] = cube_json(&a);
    if s.doubled {
        // The doubled side's decision: his equities are the doubler's
        // turned around (units of the cube before the double).
        v["kind"] = json!("answer");
        v["side"] = json!((!me).name());
        v["doubler"] = json!(me.name());
        v["answer"] = json!({
            "take": r4(-a.double_take),
            "pass": r4(-a.double_pass),
            "proper": if a.take { "take" } else { "pass" },
            "error": r4(a.taker_error(!a.take).max(a.taker_error(a.take))),
        });
        v["chances"] = chances_json(&cubeful::other_eyes(&a.outputs));
    } else {
        v["kind"] = json!("cube");
        v["side"] = json!(me.name());
        v["chances"] = chances_json(&a.outputs);
    }
    v
}

/// The hint of a game in a room: [`analyse`] of its decision at the
/// default bot's depth (its plays at 3 plies, its cube at 2), so the
/// hint's first play is the play the bot `neural` would make.
///
/// # Errors
/// At the opening throw or once the game is over.
pub fn hint(m: &Match) -> Result<Value, crate::error::AnalysisError> {
    if m.over() {
        return Err("the game is over: nothing to hint".into());
    }
    let s = Setting::of_match(m)
        .ok_or("a hint is for a decision: the opening throw is being made (BG-2.2)")?;
    Ok(analyse(&s, &m.rules, None))
}

#[cfg(test)]
mod tests;
