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
    BySide, Cube, MatchState, Phase, Play, PlayList, Point, Position, Roll, Rules, Setup, Side,
    Xgid, XgidDice,
};
use backgammon_bot::analysis::cubeful::{self, CubeAnalysis};
use backgammon_bot::analysis::explain::{features, why, Chances};
use backgammon_bot::cube::score::{ranked_3ply_in, Score};
use backgammon_bot::search::deep::Scratch;
use backgammon_bot::BgNet;
use serde_json::{json, Value};

use super::view::play_json;

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
        })
    }

    /// The setting's XGID (Jacoby off, the largest cube 64).
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
            jacoby: false,
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

/// The legal plays of the setting's roll, best first, the first
/// [`HINT_PLAYS`]: at `plies` 3 as the default bot searches them
/// ([`ranked_3ply_in`]: the deepest first, each play's `plies` the depth it
/// reached); at 2 the best [`HINT_PLAYS`] at 0 ply searched at 2 plies
/// and ranked again; at 0 by the evaluator alone. Each with its cubeless
/// equity, its difference from the best and its chances.
fn ranked_plays(net: &BgNet, s: &Setting, roll: Roll, rules: &Rules, plies: u8) -> Value {
    let pos = &s.position;
    let side = pos.turn();
    let plays = pos.legal_plays(roll, rules);
    // In a match, each play's value is the match-winning chances of its
    // outcomes as normalised money equity, and the plays are ranked by
    // it as the bot chooses (deep::Score); in money play its cubeless
    // equity.
    let score = Score {
        state: &s.state,
        cube: s.cube,
    };
    let value = |o: &_| score.value(o, side) as f32;
    let mut ranked: Vec<(Play, _, f32, u8)> = if plies >= 3 {
        ranked_3ply_in(net, pos, &plays, rules, &mut Scratch::default(), score)
            .iter()
            .take(HINT_PLAYS)
            .map(|r| (r.play, r.outputs, value(&r.outputs), r.plies))
            .collect()
    } else {
        let mut all: Vec<_> = plays
            .iter()
            .map(|p| {
                let o = net.after_play(&pos.play_unchecked(p), side, rules.preset);
                (*p, o, value(&o), 0)
            })
            .collect();
        all.sort_by(|a, b| b.2.total_cmp(&a.2));
        all.truncate(HINT_PLAYS);
        all
    };
    if plies == 2 {
        let mut buf = PlayList::new();
        for r in ranked.iter_mut() {
            r.1 = net.after_play_2ply(&pos.play_unchecked(&r.0), side, rules, &mut buf);
            r.2 = value(&r.1);
            r.3 = 2;
        }
        ranked.sort_by(|a, b| b.2.total_cmp(&a.2));
    }
    let best = ranked.first().map_or(0.0, |r| r.2);
    // Why each play (issue 40): the features of the position after it, in
    // the mover's eyes, with the ranking's chances; and why the first
    // rather than the second.
    let explained: Vec<_> = ranked
        .iter()
        .map(|(p, o, _, _)| {
            features(pos, &pos.play_unchecked(p), rules).with_chances(Chances::from_outputs(o))
        })
        .collect();
    let why_json = match (ranked.as_slice(), explained.as_slice()) {
        ([a, b, ..], [fa, fb, ..]) => why_value(&why(
            (&a.0.to_string(), fa),
            (&b.0.to_string(), fb),
            a.2 - b.2,
        )),
        _ => Value::Null,
    };
    let list: Vec<Value> = ranked
        .iter()
        .zip(&explained)
        .map(|((p, o, e, depth), f)| {
            let mut j = play_json(p, side);
            j["explain"] = explain_value(f);
            j["plies"] = json!(depth);
            j["equity"] = json!(r4(f64::from(*e)));
            // The name of the first hint's field, kept for old pages.
            j["value"] = json!(r4(f64::from(*e)));
            j["diff"] = json!(r4(f64::from(*e - best)));
            j["chances"] = chances_json(o);
            j["win"] = json!(r4(f64::from(o[0])));
            j
        })
        .collect();
    json!({ "plays": list, "of": plays.len(), "why": why_json })
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
        let r = ranked_plays(&net, s, roll, rules, plies);
        v["kind"] = json!("play");
        v["side"] = json!(me.name());
        v["of"] = r["of"].clone();
        v["plays"] = r["plays"].clone();
        v["why"] = r["why"].clone();
        return v;
    }
    let a = cubeful::analyse(&net, &s.position, rules, &s.state, s.cube, plies.min(3));
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

/// A decision the tutor judges (issue 40): a play (the page's notation,
/// as `play` sends it) or a cube decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The play of the roll.
    Play(String),
    /// Rolling without doubling, when the cube is available.
    NoDouble,
    /// Doubling (or redoubling).
    Double,
    /// Taking the double offered.
    Take,
    /// Passing it (`drop`).
    Drop,
}

/// The mark of `lost` among the review's `thresholds` (gnubg's):
/// `very_bad`, `bad`, `doubtful`, or empty below the first.
pub fn mark(lost: f64, thresholds: [f64; 3]) -> &'static str {
    if lost >= thresholds[2] {
        "very_bad"
    } else if lost >= thresholds[1] {
        "bad"
    } else if lost >= thresholds[0] {
        "doubtful"
    } else {
        ""
    }
}

/// The tutor's judgement of `decision` in the game of `m`, without
/// making it (issue 40, the page's `judge`): the equity it loses against
/// the best choice (`lost`, 0 or more, in the units of the review), its
/// `mark` among the review's `thresholds`
/// ([`backgammon_bot::analysis::review::THRESHOLDS`]), the `best` choice
/// and `mine`. A play is judged by the hint's ranking (the default bot's
/// 3-ply search), each side with its `explain` features, and `why` the
/// best rather than the play made; a cube decision by the hint's cube
/// analysis (2 plies), under `cube`. `best.action` is the protocol's
/// message that makes the best choice (`play`, `roll`, `double`,
/// `take`, `drop`). Blocking.
///
/// # Errors
/// No such decision now, or a play that is not legal.
pub fn judge(m: &Match, decision: &Decision) -> Result<Value, crate::error::AnalysisError> {
    let s = Setting::of_match(m).ok_or("nothing to judge: no decision is pending")?;
    let thresholds = backgammon_bot::analysis::review::THRESHOLDS;
    let net = backgammon_bot::default_net();
    let mut v = match (decision, s.dice) {
        (Decision::Play(text), Some(roll)) => judge_play(&net, &s, roll, &m.rules, text)?,
        (Decision::Play(_), None) => return Err("no roll to play: roll first (BG-3.1)".into()),
        (_, Some(_)) => return Err("a cube decision is taken before the roll (BG-7.2)".into()),
        (d, None) => {
            let a = cubeful::analyse(&net, &s.position, &m.rules, &s.state, s.cube, 2);
            let double_word = if a.redouble { "redouble" } else { "double" };
            let (lost, mine, best) = match (d, s.doubled) {
                (Decision::NoDouble, false) if a.available => (
                    a.doubler_error(false),
                    "no_double",
                    if a.double { double_word } else { "no_double" },
                ),
                (Decision::Double, false) if a.available => (
                    a.doubler_error(true),
                    double_word,
                    if a.double { double_word } else { "no_double" },
                ),
                (Decision::Take, true) => (
                    a.taker_error(true),
                    "take",
                    if a.take { "take" } else { "drop" },
                ),
                (Decision::Drop, true) => (
                    a.taker_error(false),
                    "drop",
                    if a.take { "take" } else { "drop" },
                ),
                _ => return Err("that is not the cube decision pending (BG-7)".into()),
            };
            let action = |w: &'static str| match w {
                "no_double" => "roll",
                "double" | "redouble" => "double",
                o => o,
            };
            json!({
                "kind": "cube",
                "lost": r4(lost.max(0.0)),
                "mine": { "n": mine, "action": action(mine) },
                "best": { "n": best, "action": action(best) },
                "cube": cube_json(&a),
                "why": Value::Null,
            })
        }
    };
    let lost = v["lost"].as_f64().unwrap_or(0.0);
    v["mark"] = json!(mark(lost, thresholds));
    v["thresholds"] = json!(thresholds);
    v["side"] = json!(if s.doubled {
        (!s.position.turn()).name()
    } else {
        s.position.turn().name()
    });
    Ok(v)
}

/// A play against the best of the hint's ranking: see [`judge`].
fn judge_play(
    net: &BgNet,
    s: &Setting,
    roll: Roll,
    rules: &Rules,
    text: &str,
) -> Result<Value, crate::error::AnalysisError> {
    let pos = &s.position;
    let side = pos.turn();
    let play = if text.trim() == "--" || text.trim().is_empty() {
        Play::PASS
    } else {
        let t: backgammon::PlayText = text.parse().map_err(|e| format!("play `{text}`: {e}"))?;
        pos.resolve_play(roll, &t, rules)
            .map_err(|e| format!("play `{text}`: {e}"))?
    };
    let plays = pos.legal_plays(roll, rules);
    let score = Score {
        state: &s.state,
        cube: s.cube,
    };
    let after = pos.play_unchecked(&play);
    let entry = |p: &Play, o: &_, e: f32| {
        let mut j = play_json(p, side);
        j["action"] = json!("play");
        j["equity"] = json!(r4(f64::from(e)));
        j["explain"] = explain_value(
            &features(pos, &pos.play_unchecked(p), rules).with_chances(Chances::from_outputs(o)),
        );
        j
    };
    if plays.len() < 2 {
        return Ok(
            json!({ "kind": "play", "lost": 0.0, "mine": play_json(&play, side), "best": play_json(&play, side), "why": Value::Null }),
        );
    }
    let ranked = ranked_3ply_in(net, pos, &plays, rules, &mut Scratch::default(), score);
    let value = |o: &_| score.value(o, side) as f32;
    let best = ranked.first().ok_or("no legal play")?;
    let mine = ranked
        .iter()
        .find(|r| pos.play_unchecked(&r.play) == after)
        .ok_or_else(|| format!("play `{text}` is not among the legal plays"))?;
    let (eb, em) = (value(&best.outputs), value(&mine.outputs));
    let (jb, jm) = (
        entry(&best.play, &best.outputs, eb),
        entry(&mine.play, &mine.outputs, em),
    );
    let same = pos.play_unchecked(&best.play) == after;
    let why_json = if same {
        Value::Null
    } else {
        let fb = features(pos, &pos.play_unchecked(&best.play), rules)
            .with_chances(Chances::from_outputs(&best.outputs));
        let fm = features(pos, &after, rules).with_chances(Chances::from_outputs(&mine.outputs));
        why_value(&why(
            (&best.play.to_string(), &fb),
            (&mine.play.to_string(), &fm),
            eb - em,
        ))
    };
    Ok(json!({
        "kind": "play",
        "lost": if same { 0.0 } else { r4(f64::from(eb - em).max(0.0)) },
        "best": jb,
        "mine": jm,
        "why": why_json,
    }))
}

/// One field of the analysis board's query, trimmed, empty as absent.
fn field<'a>(
    q: &'a HashMap<String, String>,
    name: &str,
) -> Result<Option<&'a str>, crate::error::AnalysisError> {
    match q.get(name).map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(t) if t.len() > TEXT_MAX => {
            Err(format!("{name}: at most {TEXT_MAX} characters").into())
        }
        x => Ok(x),
    }
}

fn side_of(text: &str) -> Result<Side, crate::error::AnalysisError> {
    match text {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        o => Err(format!("turn `{o}`: white or black").into()),
    }
}

/// The checkers placed on the board by clicks: `board`, 24 signed counts
/// on White's points 1..24 (+ White, − Black) separated by commas,
/// `bar` `W-B`; the rest of each side's 15 borne off.
fn from_board(
    board: &str,
    bar: Option<&str>,
    turn: Side,
) -> Result<Position, crate::error::AnalysisError> {
    let cells: Vec<i32> = board
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<i32>()
                .map_err(|_| format!("board: `{}` is not a count of checkers", t.trim()))
        })
        .collect::<Result<_, _>>()?;
    if cells.len() != 24 {
        return Err(format!(
            "board: 24 counts (White's points 1 to 24, + White, − Black), not {}",
            cells.len()
        )
        .into());
    }
    let (bw, bb) = match bar {
        None => (0, 0),
        Some(t) => {
            let bad = || format!("bar `{t}`: White's and Black's checkers on the bar, e.g. 1-0");
            let (a, b) = t.split_once('-').ok_or_else(bad)?;
            (
                a.trim().parse::<u8>().map_err(|_| bad())?,
                b.trim().parse::<u8>().map_err(|_| bad())?,
            )
        }
    };
    let mut counts = BySide::new([0u8; 26], [0u8; 26]);
    for (i, c) in cells.iter().enumerate() {
        let p = i + 1;
        let n = u8::try_from(c.unsigned_abs().min(15)).unwrap_or(15);
        if c.unsigned_abs() > 15 {
            return Err(format!("board: {c} checkers on point {p} (15 a side, BG-1.1)").into());
        }
        if *c > 0 {
            counts.white[p] = n;
        } else if *c < 0 {
            counts.black[25 - p] = n;
        }
    }
    counts.white[25] = bw;
    counts.black[25] = bb;
    for side in [Side::White, Side::Black] {
        let c = counts.get_mut(side);
        let on: u32 = c[1..].iter().map(|&n| u32::from(n)).sum();
        if on > 15 {
            return Err(
                format!("{side} has {on} checkers on the board, more than 15 (BG-1.1)").into(),
            );
        }
        c[0] = 15 - on as u8;
    }
    Position::from_setup(Setup { counts, turn }).map_err(|e| format!("board: {e}").into())
}

/// The setting of the analysis board's query: `position` (a gnubg
/// Position ID, `PositionID:MatchID` or an XGID) or `board`/`bar` (the
/// checkers placed by clicks), `turn`, `dice` (`A-B`, or none for the
/// cube), `double` (`offered`: the side on roll has doubled, the other
/// answers), `cube` and `owner`, `length`, `score` (`W-B`), `crawford`.
///
/// # Errors
/// One line naming the field that is wrong.
pub fn setting(q: &HashMap<String, String>) -> Result<Setting, crate::error::AnalysisError> {
    let turn = field(q, "turn")?.map(side_of).transpose()?;
    let mut s = Setting {
        position: Position::start(),
        dice: None,
        cube: Cube::centred(),
        state: MatchState::money(),
        doubled: false,
    };
    match (field(q, "position")?, field(q, "board")?) {
        (Some(_), Some(_)) => return Err("give a position or a board, not both".into()),
        (Some(text), None) => {
            if text.starts_with("XGID=") || text.matches(':').count() >= 9 {
                let full = if text.starts_with("XGID=") {
                    text.to_string()
                } else {
                    format!("XGID={text}")
                };
                let x: Xgid = full.parse().map_err(|e| format!("position: {e}"))?;
                let m = x.to_match_id();
                s.cube = x.cube;
                s.state = m.match_state();
                match x.dice {
                    XgidDice::Rolled(a, b) => {
                        s.dice = Some(Roll::new(a.value(), b.value()));
                        s.position = x.position.with_turn(x.turn);
                    }
                    XgidDice::Doubled | XgidDice::Beavered | XgidDice::Raccooned => {
                        s.doubled = true;
                        s.position = x.position.with_turn(!x.turn);
                    }
                    XgidDice::NotRolled => s.position = x.position.with_turn(x.turn),
                }
            } else {
                let (pid, mid) = match text.split_once(':') {
                    Some((p, m)) => (p.trim(), Some(m.trim())),
                    None => (text, None),
                };
                let m = mid
                    .map(|m| {
                        m.parse::<backgammon::MatchId>()
                            .map_err(|e| format!("match ID: {e}"))
                    })
                    .transpose()?;
                let on_roll = m.map_or(turn.unwrap_or(Side::White), |m| m.turn);
                s.position = Position::from_position_id(pid, on_roll)
                    .map_err(|e| format!("position: {e}"))?;
                if let Some(m) = m {
                    s.cube = m.cube();
                    s.state = m.match_state();
                    s.dice = m.dice.map(|(a, b)| Roll::new(a.value(), b.value()));
                    if m.double_offered {
                        s.doubled = true;
                        s.position = s.position.with_turn(!m.turn);
                    }
                }
            }
        }
        (None, Some(board)) => {
            s.position = from_board(board, field(q, "bar")?, turn.unwrap_or(Side::White))?;
        }
        (None, None) => {
            return Err(
                "give a position (a Position ID such as 4HPwATDgc/ABMA, or an XGID) or a board"
                    .into(),
            )
        }
    }
    if s.position.winner().is_some() {
        return Err("position: the game is over in it (a side has borne off all 15)".into());
    }
    if let Some(d) = field(q, "dice")? {
        if d == "none" || d == "cube" {
            s.dice = None;
        } else {
            let r: Roll = d
                .parse()
                .map_err(|e| format!("dice `{d}`: {e} (two dice, e.g. 6-4)"))?;
            s.dice = Some(r);
            s.doubled = false;
        }
    }
    match field(q, "double")? {
        None => {}
        Some("offered") if s.dice.is_some() => {
            return Err("double=offered: a double is offered before the roll, not with dice".into())
        }
        Some("offered") => s.doubled = true,
        Some("none") => s.doubled = false,
        Some(o) => return Err(format!("double `{o}`: offered or none").into()),
    }
    if let Some(c) = field(q, "cube")? {
        let v: u32 = c
            .parse()
            .ok()
            .filter(|v: &u32| v.is_power_of_two() && *v <= Cube::MAX)
            .ok_or_else(|| format!("cube `{c}`: 1, 2, 4, … 64 (BG-7.1)"))?;
        s.cube.value = v;
    }
    if let Some(o) = field(q, "owner")? {
        s.cube.owner = match o {
            "centre" | "center" | "centred" | "none" => None,
            o => Some(side_of(o).map_err(|_| format!("owner `{o}`: white, black or centre"))?),
        };
    }
    if s.cube.value == 1 && s.cube.owner.is_some() {
        return Err("cube: a cube at 1 is centred (BG-7.1)".into());
    }
    if let Some(l) = field(q, "length")? {
        s.state.length = l
            .parse()
            .ok()
            .filter(|n| *n <= backgammon::session::MAX_MATCH)
            .ok_or_else(|| {
                format!(
                    "length `{l}`: 0 (money) to {} points",
                    backgammon::session::MAX_MATCH
                )
            })?;
    }
    if let Some(sc) = field(q, "score")? {
        let bad = || format!("score `{sc}`: White's then Black's points, e.g. 2-4");
        let (a, b) = sc.split_once('-').ok_or_else(bad)?;
        s.state.score = BySide::new(
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
    }
    if let Some(c) = field(q, "crawford")? {
        s.state.crawford = matches!(c, "1" | "true" | "on" | "yes");
    }
    let st = s.state;
    if st.length == 0 {
        if st.score.white > 0 || st.score.black > 0 || st.crawford {
            return Err("score and crawford are for a match: give a length".into());
        }
    } else {
        if st.score.white >= st.length || st.score.black >= st.length {
            return Err(format!(
                "score {}-{}: ends a {}-point match",
                st.score.white, st.score.black, st.length
            )
            .into());
        }
        let at_crawford = st.score.white + 1 == st.length || st.score.black + 1 == st.length;
        if st.crawford && !at_crawford {
            return Err("crawford: the Crawford game needs a side 1 point away (BG-7.5)".into());
        }
        s.state.crawford_done = at_crawford && !st.crawford;
    }
    if s.doubled && !backgammon_bot::cube::may_double(&s.position, &s.state, s.cube) {
        return Err("a double offered where the cube is not available (BG-7.2)".into());
    }
    Ok(s)
}

/// `plies` of the query: 0, 2 or 3; absent, the default bot's depth
/// ([`analyse`]).
///
/// # Errors
/// Anything else.
pub fn plies(q: &HashMap<String, String>) -> Result<Option<u8>, crate::error::AnalysisError> {
    match field(q, "plies")? {
        None => Ok(None),
        Some("0") => Ok(Some(0)),
        Some("2") => Ok(Some(2)),
        Some("3") => Ok(Some(3)),
        Some(o) => Err(format!("plies `{o}`: 0, 2 or 3").into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::query as q;

    #[test]
    fn an_xgid_and_a_position_id_of_the_same_position_give_the_same_hint() {
        // The start with 3-1 to play, White on roll (BG-1.4).
        let a = setting(&q(&[("position", "4HPwATDgc/ABMA"), ("dice", "3-1")])).unwrap();
        let x = a.xgid().to_string();
        let b = setting(&q(&[("position", &x)])).unwrap();
        assert_eq!(a, b);
        let h = analyse(&b, &Rules::standard(), Some(0));
        assert_eq!(h["kind"], "play");
        assert_eq!(h["plays"][0]["n"], "8/5 6/5", "{h}");
    }

    #[test]
    fn every_ranked_play_carries_its_features_and_the_hint_says_why_the_first() {
        // The start, 3-1 for White: 8/5 6/5 makes the 5-point, no blot.
        let s = setting(&q(&[("position", "4HPwATDgc/ABMA"), ("dice", "3-1")])).unwrap();
        let h = analyse(&s, &Rules::standard(), Some(0));
        let plays = h["plays"].as_array().unwrap();
        assert!(plays.len() >= 2, "{h}");
        for p in plays {
            let e = &p["explain"];
            assert!(e["shots"].is_u64() && e["blots"].is_array(), "{p}");
            assert!(
                e["pips"]["mover"].is_u64() && e["prime"]["length"].is_u64(),
                "{p}"
            );
            assert!(e["chances"]["win_gammon"].is_f64(), "{p}");
            assert!(e["summary"].as_str().unwrap().contains("pips"), "{p}");
        }
        let best = &plays[0]["explain"];
        assert_eq!(best["points_made"], json!([5]), "{best}");
        assert_eq!(best["blots"], json!([]), "{best}");
        assert_eq!(best["home_board_points"], 2, "{best}");
        let w = &h["why"];
        assert_eq!(w["play"], "8/5 6/5", "{w}");
        assert_eq!(w["other"], plays[1]["n"], "{w}");
        let d = plays[0]["equity"].as_f64().unwrap() - plays[1]["equity"].as_f64().unwrap();
        assert!(
            (w["equity_difference"].as_f64().unwrap() - d).abs() < 1e-3,
            "{w}"
        );
        let reasons = w["reasons"].as_array().unwrap();
        assert!(!reasons.is_empty(), "{w}");
        assert!(
            reasons
                .iter()
                .all(|r| r["sentence"].as_str().is_some_and(|t| !t.is_empty())
                    && r["kind"].is_string()
                    && r["weight"].is_f64()),
            "{w}"
        );
    }

    /// A money game in the play phase with White to play `w`-`b` from
    /// the start (White wins the opening throw with the higher die).
    fn opening(w: u8, b: u8) -> Match {
        let mut m = Match::new(Rules::standard(), 0);
        tables::TableGame::apply(&mut m, &backgammon::session::Action::Opening { w, b }).unwrap();
        m
    }

    #[test]
    fn the_tutor_judges_a_play_against_the_best_without_making_it() {
        let m = opening(3, 1);
        let before = m.clone();
        let good = judge(&m, &Decision::Play("8/5 6/5".into())).unwrap();
        assert_eq!(good["kind"], "play");
        assert_eq!(good["lost"], 0.0, "{good}");
        assert_eq!(good["mark"], "", "{good}");
        assert!(good["why"].is_null(), "{good}");
        // 24/21 24/23 splits the back checkers instead of making the
        // 5-point: a mistake the review marks.
        let bad = judge(&m, &Decision::Play("24/21 24/23".into())).unwrap();
        let lost = bad["lost"].as_f64().unwrap();
        assert!(
            lost >= backgammon_bot::analysis::review::THRESHOLDS[0],
            "{bad}"
        );
        assert_eq!(
            bad["mark"],
            mark(lost, backgammon_bot::analysis::review::THRESHOLDS)
        );
        assert_eq!(bad["best"]["n"], "8/5 6/5", "{bad}");
        assert_eq!(bad["best"]["action"], "play");
        assert_eq!(bad["mine"]["n"], "24/23 24/21", "{bad}");
        assert!(bad["best"]["explain"]["points_made"] == json!([5]), "{bad}");
        assert_eq!(bad["why"]["play"], "8/5 6/5");
        assert_eq!(bad["why"]["other"], "24/23 24/21");
        assert_eq!(
            bad["thresholds"],
            json!(backgammon_bot::analysis::review::THRESHOLDS)
        );
        assert_eq!(bad["side"], "white");
        // Nothing was played.
        assert_eq!(m.game.position(), before.game.position());
        // Not a play of this roll; not a cube decision now.
        assert!(judge(&m, &Decision::Play("13/7".into())).is_err());
        assert!(judge(&m, &Decision::Double).is_err());
    }

    #[test]
    fn the_tutor_judges_the_cube_decisions() {
        use backgammon::session::Action;
        let mut m = opening(3, 1);
        for a in [
            Action::Play {
                p: "8/5 6/5".into(),
            },
            Action::Roll { a: 2, b: 1 },
            Action::Play {
                p: "13/11 24/23".into(),
            },
        ] {
            tables::TableGame::apply(&mut m, &a).unwrap();
        }
        // White before his roll, early in a money game: no double.
        let roll = judge(&m, &Decision::NoDouble).unwrap();
        assert_eq!(roll["kind"], "cube", "{roll}");
        assert_eq!(roll["lost"], 0.0, "{roll}");
        assert_eq!(roll["best"]["n"], "no_double");
        assert_eq!(roll["best"]["action"], "roll");
        let double = judge(&m, &Decision::Double).unwrap();
        assert!(double["lost"].as_f64().unwrap() > 0.0, "{double}");
        assert_eq!(double["mine"]["action"], "double");
        assert!(double["cube"]["no_double"].is_f64(), "{double}");
        assert!(judge(&m, &Decision::Take).is_err());
        // Doubled, Black takes: passing gives away a game he is not losing.
        tables::TableGame::apply(&mut m, &Action::Double).unwrap();
        let take = judge(&m, &Decision::Take).unwrap();
        assert_eq!(take["lost"], 0.0, "{take}");
        assert_eq!(take["side"], "black", "{take}");
        let pass = judge(&m, &Decision::Drop).unwrap();
        assert!(pass["lost"].as_f64().unwrap() >= 0.12, "{pass}");
        assert_eq!(pass["mark"], "very_bad", "{pass}");
        assert_eq!(pass["best"]["action"], "take");
    }

    #[test]
    fn a_cube_decision_and_an_answer_are_analysed_in_the_deciders_eyes() {
        // White 99 pips against 135 in a race: double, and Black should pass.
        let board = "0,0,0,0,3,4,4,4,0,0,0,0,0,0,0,-15,0,0,0,0,0,0,0,0";
        let s = setting(&q(&[("board", board), ("turn", "white")])).unwrap();
        let h = analyse(&s, &Rules::standard(), Some(0));
        assert_eq!(h["kind"], "cube");
        assert_eq!(h["cube"]["double"], true, "{h}");
        assert_eq!(h["cube"]["take"], false, "{h}");
        assert!(h["chances"]["win"].as_f64().unwrap() > 0.9, "{h}");
        let mut d = s;
        d.doubled = true;
        let a = analyse(&d, &Rules::standard(), Some(0));
        assert_eq!(a["kind"], "answer");
        assert_eq!(a["side"], "black");
        assert_eq!(a["answer"]["proper"], "pass", "{a}");
        assert!(a["chances"]["win"].as_f64().unwrap() < 0.1, "{a}");
        assert!(a["xgid"].as_str().unwrap().contains(":D:"), "{a}");
    }

    #[test]
    fn bad_fields_are_named() {
        for (pairs, word) in [
            (vec![], "give a position"),
            (vec![("position", "nonsense!")], "position"),
            (
                vec![("position", "4HPwATDgc/ABMA"), ("dice", "7-1")],
                "dice",
            ),
            (vec![("position", "4HPwATDgc/ABMA"), ("cube", "3")], "cube"),
            (
                vec![("position", "4HPwATDgc/ABMA"), ("score", "2-4")],
                "length",
            ),
            (
                vec![
                    ("position", "4HPwATDgc/ABMA"),
                    ("length", "5"),
                    ("score", "5-0"),
                ],
                "ends",
            ),
            (vec![("board", "1,2")], "24 counts"),
            (
                vec![(
                    "board",
                    "16,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15",
                )],
                "15",
            ),
        ] {
            let e = setting(&q(&pairs)).unwrap_err();
            assert!(e.to_string().contains(word), "{pairs:?}: {e}");
        }
    }
}
