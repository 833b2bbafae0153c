//! The JSON view of a game that clients draw (docs/PROTOCOL.md, `state`).

use serde_json::{json, Value};
use trictrac::game::{PointsFrom, ReleveEnd, SchoolKind};
use trictrac::{
    Beneficiary, Dest, Event, Game, JanEvent, Phase, Play, RollScore, ScoreState, Side,
};

/// Absolute field of a move's end; 0 for a checker borne off.
fn dest(d: Dest, side: Side) -> u8 {
    match d {
        Dest::Field(f) => f.to_absolute(side).value(),
        Dest::Off => 0,
    }
}

/// A play as the client needs it: its notation and its moves in absolute
/// fields (`to` 0 = borne off).
pub fn play_json(play: &Play, side: Side) -> Value {
    let moves: Vec<Value> = play
        .moves()
        .iter()
        .map(|m| json!([m.from().to_absolute(side).value(), dest(m.to(), side)]))
        .collect();
    json!({ "n": play.display(side).to_string(), "m": moves })
}

fn jan_json(j: &JanEvent, mover: Side) -> Value {
    let side = match j.beneficiary {
        Beneficiary::Mover => mover,
        Beneficiary::Opponent => !mover,
    };
    json!({
        "id": j.jan.id(),
        "fr": j.jan.french_name(),
        "en": j.jan.english_name(),
        "rule": j.jan.rule(),
        "side": side.name(),
        "points": j.points,
        "ways": j.ways.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        "fields": j.fields.iter().map(|f| f.value()).collect::<Vec<_>>(),
        "depends_on_play": j.depends_on_play,
    })
}

/// The jans of a roll.
pub fn roll_json(s: &RollScore) -> Value {
    json!({
        "side": s.side.name(),
        "dice": s.roll.to_string(),
        "name": s.roll.french_name(),
        "jans": s.jans.iter().map(|j| jan_json(j, s.side)).collect::<Vec<_>>(),
        "mover_points": s.mover_points,
        "opponent_points": s.opponent_points,
    })
}

/// Manual marking: the sides whose points from the roll being
/// marked are withheld — a player counts for himself. The mover's until
/// he has declared them (while in [`Phase::Mark`] of his own roll), the
/// opponent's until he has declared his (his declaration closes the roll).
/// Once a side has marked, its jans are shown to everyone: the other
/// player may check the marking and send him to school.
fn withheld(game: &Game) -> Vec<Side> {
    if game.options().marking != trictrac::game::MarkingMode::Manual {
        return Vec::new();
    }
    let Some(p) = game.pending_score() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if game.phase() == Phase::Mark(p.side) {
        out.push(p.side);
    }
    out.push(!p.side);
    out
}

/// A roll's JSON (of [`roll_json`]) without the jans and totals of the
/// sides `hidden`, which it names in `hidden`.
fn withhold(v: &mut Value, hidden: &[Side]) {
    if hidden.is_empty() {
        return;
    }
    let names: Vec<&str> = hidden.iter().map(|s| s.name()).collect();
    if let Some(jans) = v["jans"].as_array_mut() {
        jans.retain(|j| !names.iter().any(|n| j["side"] == *n));
    }
    let mover = v["side"].as_str().unwrap_or_default().to_string();
    for (key, mine) in [("mover_points", true), ("opponent_points", false)] {
        if names.iter().any(|n| (*n == mover) == mine) {
            v[key] = Value::Null;
        }
    }
    v["hidden"] = json!(names);
}

/// The score state.
pub fn score_json(s: &ScoreState) -> Value {
    let b = |c: trictrac::Bredouille| c.char().to_string();
    json!({
        "white": { "points": s.points.get(Side::White), "holes": s.holes.get(Side::White) },
        "black": { "points": s.points.get(Side::Black), "holes": s.holes.get(Side::Black) },
        "bredouille": b(s.bredouille),
        "pavillon": b(s.pavillon),
        // As the article draws them (issue 24): the side whose token goes
        // with the second, bredouille token, and where the flag stands.
        "token": s.bredouille_token().map(Side::name),
        "flag": match s.flag() {
            trictrac::score::Flag::BetweenPegs => "pegs",
            trictrac::score::Flag::With(side) => side.name(),
            trictrac::score::Flag::Aside => "aside",
        },
    })
}

fn phase_json(p: Phase) -> Value {
    let (kind, side) = match p {
        Phase::FirstMove => ("first_move", None),
        Phase::Roll(s) => ("roll", Some(s)),
        Phase::StayOrLeave(s) => ("stay_or_leave", Some(s)),
        Phase::Play(s) => ("play", Some(s)),
        Phase::Mark(s) => ("mark", Some(s)),
        Phase::Over(s) => ("over", Some(s)),
    };
    json!({ "kind": kind, "side": side.map(Side::name) })
}

/// A false play's moves (in its author's frame) in absolute fields.
fn false_play_text(side: Side, moves: &[(u8, u8)]) -> String {
    if moves.is_empty() {
        return "--".into();
    }
    let abs = |x: u8| trictrac::Field::new(x).to_absolute(side).value();
    moves
        .iter()
        .map(|&(f, t)| format!("{}-{}", abs(f), abs(t)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn school_kind(k: SchoolKind) -> &'static str {
    match k {
        SchoolKind::Moins => "moins",
        SchoolKind::Trop => "trop",
        SchoolKind::Fausse => "fausse",
        SchoolKind::Augmentation => "augmentation",
        SchoolKind::Remplir => "remplir",
        SchoolKind::Conserver => "conserver",
    }
}

/// The history of a game from entry `start` on: one entry per first-move
/// throw, roll, school and new relevé, with the points and holes each side
/// marked on it and the score after it.
pub fn history(game: &Game, start: usize) -> Vec<Value> {
    let mut out = Tail {
        start,
        len: 0,
        out: Vec::new(),
    };
    // Index of the entry that marks go to (the last roll or school).
    let mut cur: Option<usize> = None;
    let mut roll: Option<usize> = None;
    // Schools and contests whose points are still to be marked (R-10.4:
    // school points are marked last, after the claimant's declaration).
    let mut schools: std::collections::VecDeque<usize> = Default::default();
    let mut score = ScoreState::default();
    let mut marque = 0u32;
    let mut last_false: Option<Side> = None;
    for e in game.events() {
        match e {
            Event::FirstMoveDice { white, black } => {
                out.push(
                    || json!({ "kind": "first", "white": white.value(), "black": black.value() }),
                );
            }
            Event::FirstMoveRolls { white, black } => {
                out.push(|| {
                    json!({ "kind": "first_two", "white": white.to_string(), "black": black.to_string() })
                });
            }
            Event::Starts(s) => {
                out.push(|| json!({ "kind": "starts", "side": s.name() }));
            }
            Event::Rolled(s) => {
                cur = Some(out.push(|| {
                    let mut v = roll_json(s);
                    v["kind"] = json!("roll");
                    v["marked"] = json!({ "white": 0, "black": 0 });
                    v["holes"] = json!({ "white": 0, "black": 0 });
                    v["score"] = score_json(&score);
                    v
                }));
                roll = cur;
            }
            Event::Marked {
                side,
                from,
                marking,
                after,
            } => {
                score = *after;
                let at = if *from == PointsFrom::School {
                    schools.pop_front().or(cur)
                } else {
                    cur
                };
                if let Some(v) = at.and_then(|i| out.get(i)) {
                    let k = side.name();
                    let p = v["marked"][k].as_u64().unwrap_or(0) + u64::from(marking.points);
                    v["marked"][k] = json!(p);
                    let h = v["holes"][k].as_u64().unwrap_or(0) + u64::from(marking.hole_count());
                    v["holes"][k] = json!(h);
                    v["score"] = score_json(after);
                    if *from == PointsFrom::Exit {
                        v["exit"] = json!(true);
                    }
                }
            }
            Event::Declared { side, points, owed } => {
                cur = roll;
                if let Some(v) = roll.and_then(|i| out.get(i)) {
                    v["declared"][side.name()] = json!({ "points": points, "owed": owed });
                }
            }
            Event::School {
                claimant,
                kind,
                named,
                points,
            } => {
                let kind = school_kind(*kind);
                schools.push_back(out.push(|| {
                    json!({
                        "kind": "school", "claimant": claimant.name(), "school": kind,
                        "named": named, "points": points,
                        "marked": { "white": 0, "black": 0 }, "holes": { "white": 0, "black": 0 },
                        "score": score_json(&score),
                    })
                }));
            }
            Event::Contested { side, kind, points } => {
                let kind = school_kind(*kind);
                schools.push_back(out.push(|| {
                    json!({
                        "kind": "contest", "side": side.name(), "school": kind, "points": points,
                        "marked": { "white": 0, "black": 0 }, "holes": { "white": 0, "black": 0 },
                        "score": score_json(&score),
                    })
                }));
            }
            Event::MarqueEnd {
                winner,
                holes,
                value,
                first,
            } => {
                marque += 1;
                let n = marque;
                out.push(|| {
                    json!({
                        "kind": "marque", "number": n, "winner": winner.map(Side::name),
                        "holes": { "white": holes.white, "black": holes.black },
                        "value": value, "first": first.name(),
                    })
                });
            }
            Event::FalsePlay { side, moves } => {
                last_false = Some(*side);
                let text = false_play_text(*side, moves);
                if let Some(v) = roll.and_then(|i| out.get(i)) {
                    v["play"] = json!(format!("{text} ?"));
                }
                out.push(|| json!({ "kind": "false_move", "side": side.name(), "play": text }));
                cur = roll;
            }
            Event::FalseMoveSettled { by, corrected } => {
                let author = last_false.unwrap_or(!*by);
                let c = corrected.map(|p| p.display(author).to_string());
                out.push(|| json!({ "kind": "settled", "by": by.name(), "corrected": c }));
            }
            Event::FalseMovePutBack { by } => {
                out.push(|| json!({ "kind": "put_back", "by": by.name() }));
            }
            Event::LateFalseMoveClaimed { by } => {
                out.push(|| json!({ "kind": "late_claim", "by": by.name() }));
            }
            Event::Decided { stay, .. } => {
                if let Some(v) = roll.and_then(|i| out.get(i)) {
                    v["decision"] = json!(if *stay { "stay" } else { "leave" });
                }
                cur = roll;
            }
            Event::Played { side, play } => {
                if let Some(v) = roll.and_then(|i| out.get(i)) {
                    v["play"] = json!(play.display(*side).to_string());
                }
                cur = roll;
            }
            Event::NewReleve { reason, first } => {
                let reason = match reason {
                    ReleveEnd::Leave => "leave",
                    ReleveEnd::Exit => "exit",
                };
                out.push(|| json!({ "kind": "releve", "reason": reason, "first": first.name() }));
            }
            Event::Resigned { side } => {
                out.push(|| json!({ "kind": "resign", "side": side.name() }));
            }
            Event::Over { winner, stake } => {
                let stake = stake_text(game).unwrap_or_else(|| stake.to_string());
                out.push(|| json!({ "kind": "over", "winner": winner.name(), "stake": stake }));
            }
        }
    }
    // The roll being marked: what its markers must count themselves.
    if let Some(v) = roll.and_then(|i| out.get(i)) {
        withhold(v, &withheld(game));
    }
    out.out
}

/// What the finished game is worth, as the page shows it: the stake's
/// multiplier (`x2`, R-9.1), or for a partie à écrire the marqués'
/// totals and the payment (`marqués 58–27, +31`, R-9.2).
pub fn stake_text(game: &Game) -> Option<String> {
    if let (Some(w), Some((_, paid))) = (game.winner(), game.ecrire_payment()) {
        let t = game.marque_totals();
        return Some(format!("marqués {}–{}, +{paid}", t.get(w), t.get(!w)));
    }
    game.stake().map(|s| s.to_string())
}

/// The number of history entries of a game (see [`history`]).
pub fn history_len(game: &Game) -> usize {
    game.events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::FirstMoveDice { .. }
                    | Event::FirstMoveRolls { .. }
                    | Event::Starts(_)
                    | Event::Rolled(_)
                    | Event::School { .. }
                    | Event::Contested { .. }
                    | Event::Resigned { .. }
                    | Event::MarqueEnd { .. }
                    | Event::FalsePlay { .. }
                    | Event::FalseMoveSettled { .. }
                    | Event::FalseMovePutBack { .. }
                    | Event::LateFalseMoveClaimed { .. }
                    | Event::NewReleve { .. }
                    | Event::Over { .. }
            )
        })
        .count()
}

/// History entries from `start` on: the earlier ones are counted, not built.
struct Tail {
    start: usize,
    len: usize,
    out: Vec<Value>,
}

impl Tail {
    /// Adds an entry (built only when kept); returns its index.
    fn push(&mut self, make: impl FnOnce() -> Value) -> usize {
        if self.len >= self.start {
            self.out.push(make());
        }
        self.len += 1;
        self.len - 1
    }

    fn get(&mut self, i: usize) -> Option<&mut Value> {
        i.checked_sub(self.start).and_then(|k| self.out.get_mut(k))
    }
}

/// The Grand Trictrac fields of a `state` message (docs/PROTOCOL.md);
/// `full` carries the whole history, else the last `tail` entries.
pub fn state_fields(game: &Game, v: &mut Value, full: bool, tail: usize) {
    let pos = game.position();
    let board: Vec<i8> = pos.board().cells().to_vec();
    let off = pos.board().off();
    let phase = game.phase();
    let plays: Vec<Value> = match phase {
        Phase::Play(side) => game
            .legal_plays()
            .iter()
            .map(|p| play_json(p, side))
            .collect(),
        _ => Vec::new(),
    };
    // The roll being played, or else the last roll made.
    let last_roll = game.pending_score().cloned().or_else(|| {
        game.events().iter().rev().find_map(|e| match e {
            Event::Rolled(s) => Some(s.clone()),
            _ => None,
        })
    });
    let last_play = game.events().iter().rev().find_map(|e| match e {
        Event::Played { side, play } => Some(play_json(play, *side)),
        _ => None,
    });
    let len = history_len(game);
    let start = if full { 0 } else { len.saturating_sub(tail) };
    let hist = history(game, start);
    let fields = json!({
        "cube": null,
        "board": board,
        "off": { "white": off.get(Side::White), "black": off.get(Side::Black) },
        "tpn": pos.to_string(),
        "phase": phase_json(phase),
        "dice": game.pending_roll().map(|r| [r.high().value(), r.low().value()]),
        "roll": last_roll.as_ref().map(|r| {
            let mut v = roll_json(r);
            withhold(&mut v, &withheld(game));
            v
        }),
        "last_play": last_play,
        "score": score_json(game.score()),
        "releve": game.releves(),
        "rolls": game.rolls(),
        "history_start": start,
        "history_len": len,
    });
    if let (Value::Object(o), Value::Object(f)) = (&mut *v, fields) {
        o.extend(f);
    }
    // Moved in, not copied: `json!` serializes what it is given (a deep
    // copy), and the plays and the history are most of a state.
    v["plays"] = Value::Array(plays);
    v["history"] = Value::Array(hist);
    if let Some((author, correction)) = game.false_move() {
        let texts = |plays: Vec<trictrac::Play>| -> Vec<String> {
            plays
                .iter()
                .map(|p| p.display(author).to_string())
                .collect()
        };
        let replay = game.false_move_replay();
        v["false_move"] = json!({
            "author": author.name(),
            "correction": correction.display(author).to_string(),
            // Section 11: the plays the opponent may choose, whether he
            // may have it put back, and, once put back, the author's plays.
            "corrections": texts(game.false_move_corrections()),
            "may_replay": game.false_move_may_replay(),
            "replay": replay.is_some(),
            "replay_plays": texts(replay.map(|(_, p)| p).unwrap_or_default()),
            "can_settle": {
                "white": game.can_settle_false_move(Side::White),
                "black": game.can_settle_false_move(Side::Black),
            },
        });
    }
    if let Some(l) = game.late_false_move() {
        // Section 11, case 6: the false play left by the opponent's roll
        // that he may still claim, until its author's next play.
        v["late_false_move"] = json!({
            "author": l.author.name(),
            "fields": l.fields.iter().map(|f| f.value()).collect::<Vec<_>>(),
            "claimed": l.claimed,
            "binding": l.binding,
            "can_claim": {
                "white": game.can_claim_late_false_move(Side::White),
                "black": game.can_claim_late_false_move(Side::Black),
            },
        });
    }
    if matches!(game.options().game, trictrac::game::GameKind::Ecrire { .. }) {
        let t = game.marque_totals();
        v["ecrire"] = json!({
            "marques": game.marques().iter().map(|m| json!({
                "winner": m.winner.map(Side::name),
                "holes": { "white": m.holes.white, "black": m.holes.black },
                "value": m.value,
            })).collect::<Vec<_>>(),
            "totals": { "white": t.white, "black": t.black },
            "payment": game.ecrire_payment().map(|(s, n)| json!({ "to": s.name(), "amount": n })),
        });
    }
    if game.options().marking == trictrac::game::MarkingMode::Manual {
        v["can_claim"] = json!({
            "white": game.can_claim_school(Side::White),
            "black": game.can_claim_school(Side::Black),
        });
        v["can_contest"] = json!({
            "white": game.can_contest_school(Side::White),
            "black": game.can_contest_school(Side::Black),
        });
    }
}
