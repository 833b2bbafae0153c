//! The tutor's judgement of a decision (issue 40): the equity a play or
//! a cube decision loses against the best, its mark, and why.

use super::*;

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

pub use crate::games::mark;

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
            let a = Analyst::new(&net).cube(&s.position, &m.rules, &s.state, s.cube, 2);
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
    let entry = |r: &service::AnalysedPlay| {
        let mut j = play_json(&r.raw, side);
        j["action"] = json!("play");
        j["equity"] = json!(r4(f64::from(r.equity)));
        j["explain"] = r.explain.as_ref().map_or(Value::Null, explain_value);
        j
    };
    if plays.len() < 2 {
        return Ok(
            json!({ "kind": "play", "lost": 0.0, "mine": play_json(&play, side), "best": play_json(&play, side), "why": Value::Null }),
        );
    }
    let mut ranked = Analyst::new(net).rank(pos, &plays, rules, score, PlayDepth::Three);
    // The first of the ranking is the best; the play made is found by
    // the position it leaves.
    let best_at = 0;
    let mine_at = ranked
        .iter()
        .position(|r| pos.play_unchecked(&r.raw) == after)
        .ok_or_else(|| format!("play `{text}` is not among the legal plays"))?;
    for i in [best_at, mine_at] {
        let after = pos.play_unchecked(&ranked[i].raw);
        ranked[i].explain = Some(features(pos, &after, rules).with_chances(ranked[i].chances()));
    }
    let (best, mine) = (&ranked[best_at], &ranked[mine_at]);
    let (eb, em) = (best.equity, mine.equity);
    let (jb, jm) = (entry(best), entry(mine));
    let same = mine_at == best_at;
    let why_json = if same {
        Value::Null
    } else {
        service::why_between(best, mine).map_or(Value::Null, |w| why_value(&w))
    };
    Ok(json!({
        "kind": "play",
        "lost": if same { 0.0 } else { r4(f64::from(eb - em).max(0.0)) },
        "best": jb,
        "mine": jm,
        "why": why_json,
    }))
}
