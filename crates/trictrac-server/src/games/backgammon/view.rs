//! The backgammon fields of a `state` message (docs/PROTOCOL.md): the
//! board, the cube, the match, the history.

use backgammon::session::Match;
use backgammon::{EndReason, Event, Game, Phase, Play, Side};
use serde_json::{json, Value};

/// A play for the client: gnubg's notation (`n`), the page's line names
/// (`lines`, BG-1.3) and its moves `[from, to, hit]` in the mover's
/// numbering (25 the bar, 0 off).
pub fn play_json(play: &Play, side: Side) -> Value {
    let moves: Vec<Value> = play.raw().map(|(f, t, hit)| json!([f, t, hit])).collect();
    json!({
        "n": play.to_string(),
        "lines": backgammon::play_line_names(play, side),
        "m": moves,
    })
}

fn phase_json(m: &Match) -> Value {
    let (kind, side) = if m.over() {
        ("over", m.winner())
    } else if let Some((by, _)) = m.game.resignation_offer() {
        // The other side answers the resignation offered first.
        ("resign_offered", Some(!by))
    } else {
        match m.game.phase() {
            Phase::Opening => ("opening", None),
            Phase::Roll(s) => ("roll", Some(s)),
            Phase::Doubled { by } => ("doubled", Some(!by)),
            Phase::Play(s, _) => ("play", Some(s)),
            Phase::Over(r) => ("over", Some(r.winner)),
        }
    };
    json!({ "kind": kind, "side": side.map(Side::name) })
}

fn result_json(g: &Game) -> Value {
    match g.result() {
        None => Value::Null,
        Some(r) => json!({
            "winner": r.winner.name(),
            "kind": r.kind.name(),
            "points": r.points,
            "reason": match r.reason {
                EndReason::BorneOff => "borne_off",
                EndReason::Dropped => "dropped",
                EndReason::Resigned => "resigned",
            },
            "text": r.to_string(),
        }),
    }
}

/// The history: per game a `game` entry, the opening throws, each roll
/// with its play, each cube action and the result.
pub fn history(m: &Match) -> Vec<Value> {
    let mut out = Vec::new();
    for (n, g) in m.games().enumerate() {
        let s = g.match_state().score;
        out.push(json!({
            "kind": "game", "n": n + 1,
            "score": { "white": s.white, "black": s.black },
            "crawford": g.match_state().crawford,
        }));
        let mut roll_at: Option<usize> = None;
        for e in g.events() {
            match *e {
                Event::Opening { white, black } => out.push(
                    json!({ "kind": "opening", "white": white.value(), "black": black.value() }),
                ),
                Event::Roll { side, roll } => {
                    roll_at = Some(out.len());
                    out.push(json!({ "kind": "roll", "side": side.name(),
                        "dice": format!("{}-{}", roll.high(), roll.low()) }));
                }
                Event::Play { side, roll, play } => {
                    let entry = json!({ "kind": "roll", "side": side.name(),
                        "dice": format!("{}-{}", roll.high(), roll.low()),
                        "play": play.to_string(),
                        "lines": backgammon::play_line_names(&play, side) });
                    // The standard opening plays the opening dice: no
                    // roll entry before it.
                    match roll_at.take() {
                        Some(i) => out[i] = entry,
                        None => out.push(entry),
                    }
                }
                Event::Double { side, value } => {
                    out.push(json!({ "kind": "double", "side": side.name(), "value": value }))
                }
                Event::Take { side } => out.push(json!({ "kind": "take", "side": side.name() })),
                Event::Beaver { side } => {
                    out.push(json!({ "kind": "beaver", "side": side.name() }))
                }
                Event::Drop { side } => out.push(json!({ "kind": "drop", "side": side.name() })),
                Event::Resign { side, kind } => out.push(
                    json!({ "kind": "resign", "side": side.name(), "concedes": kind.name() }),
                ),
                Event::ResignOffer { side, kind } => out.push(json!({
                    "kind": "resign_offer", "side": side.name(), "offers": kind.name(),
                    "points": kind.points() * g.cube().value,
                })),
                Event::ResignDeclined { side } => {
                    out.push(json!({ "kind": "resign_declined", "side": side.name() }))
                }
                Event::ResignWithdrawn { side } => {
                    out.push(json!({ "kind": "resign_withdrawn", "side": side.name() }))
                }
            }
        }
        if g.result().is_some() {
            let mut v = result_json(g);
            // The entry's kind is `over`; the result's kind is `win`.
            v["win"] = v["kind"].take();
            v["kind"] = json!("over");
            out.push(v);
        }
    }
    out
}

/// The board part of a backgammon `state` message (docs/PROTOCOL.md).
pub fn state_fields(m: &Match, v: &mut Value, full: bool, tail: usize) {
    let g = &m.game;
    let pos = g.position();
    // Signed checkers on each point of White's numbering: + White, − Black.
    let board: Vec<i32> = (1..=24u8)
        .map(|p| {
            let w = i32::from(pos.at(Side::White, backgammon::Point::new(p)));
            let b = i32::from(pos.at(Side::Black, backgammon::Point::new(25 - p)));
            w - b
        })
        .collect();
    let by =
        |f: &dyn Fn(Side) -> Value| json!({ "white": f(Side::White), "black": f(Side::Black) });
    let phase = g.phase();
    let plays: Vec<Value> = match phase {
        Phase::Play(side, _) if !m.over() => {
            g.legal_plays().iter().map(|p| play_json(p, side)).collect()
        }
        _ => Vec::new(),
    };
    let cube = g.cube();
    let can_double = match phase {
        // `videau=whole-turn`: after rolling too, before moving (BG-7.2).
        Phase::Roll(s) | Phase::Play(s, _) => g.can_double(s),
        _ => false,
    };
    let last_play = g.events().iter().rev().find_map(|e| match *e {
        Event::Play { side, roll, play } => {
            let mut j = play_json(&play, side);
            j["side"] = json!(side.name());
            j["dice"] = json!([roll.high().value(), roll.low().value()]);
            Some(j)
        }
        _ => None,
    });
    let hist = history(m);
    let len = hist.len();
    let start = if full { 0 } else { len.saturating_sub(tail) };
    let score = m.score();
    let ms = g.match_state();
    let fields = json!({
        "board": board,
        "bar": by(&|s| json!(pos.on_bar(s))),
        "off": by(&|s| json!(pos.borne_off(s))),
        "pips": by(&|s| json!(pos.pip_count(s))),
        "phase": phase_json(m),
        "dice": match phase {
            Phase::Play(_, r) => json!([r.high().value(), r.low().value()]),
            _ => Value::Null,
        },
        "last_play": last_play,
        "cube": {
            "value": cube.value,
            "owner": cube.owner.map(Side::name),
            "can_double": can_double,
            "offered": match phase { Phase::Doubled { by } => json!(by.name()), _ => Value::Null },
            "beavers": m.rules.beavers && m.length == 0,
            "used": m.rules.cube,
        },
        // The resignation offered and not yet answered.
        "resignation": match g.resignation_offer() {
            Some((by, kind)) if !m.over() => json!({
                "side": by.name(),
                "kind": kind.name(),
                "points": kind.points() * cube.value,
            }),
            _ => Value::Null,
        },
        "rules": m.rules.to_string(),
        "preset": m.rules.preset.name(),
        "match": {
            "length": m.length,
            "score": { "white": score.white, "black": score.black },
            "game": m.done.len() + 1,
            "crawford": ms.crawford,
        },
        "game_result": result_json(g),
        "last_result": m.done.last().map(result_json).unwrap_or(Value::Null),
        // The position's IDs (BG-1.4), for the analysis board.
        "ids": {
            "position_id": pos.to_position_id(),
            "xgid": backgammon::Xgid::of_game(g).to_string(),
        },
        "history_start": start,
        "history_len": len,
    });
    if let (Value::Object(o), Value::Object(f)) = (v, fields) {
        o.extend(f);
        // Moved in, not copied (`json!` would serialize them again).
        let mut hist = hist;
        o.insert("plays".into(), Value::Array(plays));
        o.insert("history".into(), Value::Array(hist.split_off(start)));
    }
}
