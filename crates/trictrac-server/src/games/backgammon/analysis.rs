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
    let list: Vec<Value> = ranked
        .iter()
        .map(|(p, o, e, depth)| {
            let mut j = play_json(p, side);
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
    json!({ "plays": list, "of": plays.len() })
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
pub fn hint(m: &Match) -> Result<Value, String> {
    if m.over() {
        return Err("the game is over: nothing to hint".into());
    }
    let s = Setting::of_match(m)
        .ok_or("a hint is for a decision: the opening throw is being made (BG-2.2)")?;
    Ok(analyse(&s, &m.rules, None))
}

/// One field of the analysis board's query, trimmed, empty as absent.
fn field<'a>(q: &'a HashMap<String, String>, name: &str) -> Result<Option<&'a str>, String> {
    match q.get(name).map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(t) if t.len() > TEXT_MAX => Err(format!("{name}: at most {TEXT_MAX} characters")),
        x => Ok(x),
    }
}

fn side_of(text: &str) -> Result<Side, String> {
    match text {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        o => Err(format!("turn `{o}`: white or black")),
    }
}

/// The checkers placed on the board by clicks: `board`, 24 signed counts
/// on White's points 1..24 (+ White, − Black) separated by commas,
/// `bar` `W-B`; the rest of each side's 15 borne off.
fn from_board(board: &str, bar: Option<&str>, turn: Side) -> Result<Position, String> {
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
        ));
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
            return Err(format!(
                "board: {c} checkers on point {p} (15 a side, BG-1.1)"
            ));
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
            return Err(format!(
                "{side} has {on} checkers on the board, more than 15 (BG-1.1)"
            ));
        }
        c[0] = 15 - on as u8;
    }
    Position::from_setup(Setup { counts, turn }).map_err(|e| format!("board: {e}"))
}

/// The setting of the analysis board's query: `position` (a gnubg
/// Position ID, `PositionID:MatchID` or an XGID) or `board`/`bar` (the
/// checkers placed by clicks), `turn`, `dice` (`A-B`, or none for the
/// cube), `double` (`offered`: the side on roll has doubled, the other
/// answers), `cube` and `owner`, `length`, `score` (`W-B`), `crawford`.
///
/// # Errors
/// One line naming the field that is wrong.
pub fn setting(q: &HashMap<String, String>) -> Result<Setting, String> {
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
        Some(o) => return Err(format!("double `{o}`: offered or none")),
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
            ));
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
pub fn plies(q: &HashMap<String, String>) -> Result<Option<u8>, String> {
    match field(q, "plies")? {
        None => Ok(None),
        Some("0") => Ok(Some(0)),
        Some("2") => Ok(Some(2)),
        Some("3") => Ok(Some(3)),
        Some(o) => Err(format!("plies `{o}`: 0, 2 or 3")),
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
            assert!(e.contains(word), "{pairs:?}: {e}");
        }
    }
}
