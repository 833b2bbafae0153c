//! Grand Trictrac's analysis for the page (issue 13): the hint's
//! equities, the review of a finished game and the tables of chances of
//! the analysis board — all through [`trictrac_bot::analysis`] and
//! [`trictrac::chances`], the functions of `trictrac hint`, `review` and
//! `chances`.

use serde_json::{json, Value};
use trictrac::action::Action;
use trictrac::chances::{chances, lone_opponent, Question};
use trictrac::record::Record;
use trictrac::Play;
use trictrac::{Event, Field, Game, GameOptions, Phase, Position, Quarter};
use trictrac_bot::analysis::analyst;
use trictrac_bot::explain::{compare, explain_play, explain_ranked};

use super::view::play_json;

use trictrac_bot::review;

/// How many plays a hint lists.
pub const HINT_PLAYS: usize = 5;

/// The hint for the side to decide in `game`: the plays of the pending
/// roll ranked by equity (expected stake, R-9.1) with their difference
/// from the best, or the equities of staying and leaving.
/// Blocking (the search): run it in `spawn_blocking`.
///
/// # Errors
/// Outside a play or a stay/leave decision there is nothing to hint.
pub fn hint(game: &Game) -> Result<Value, crate::error::AnalysisError> {
    let mut a = analyst();
    let by = trictrac_bot::DEFAULT_BOT;
    match game.phase() {
        Phase::Play(side) => {
            let ranked = a.plays(game);
            let best = ranked.first().map_or(0.0, |p| p.equity);
            let top = &ranked[..ranked.len().min(HINT_PLAYS)];
            // Why each play (issue 40): `trictrac hint --explain`'s
            // explanation of each, and why the first rather than the second.
            let explained = explain_ranked(game, top);
            let explain_of = |p: &Play| {
                let n = p.display(side).to_string();
                explained.iter().find(|e| e.play == n)
            };
            let plays: Vec<Value> = top
                .iter()
                .map(|p| {
                    let mut j = play_json(&p.play, side);
                    j["equity"] = json!(round(p.equity));
                    j["diff"] = json!(round(p.equity - best));
                    j["plies"] = json!(p.plies);
                    j["explain"] = json!(explain_of(&p.play));
                    j
                })
                .collect();
            let why = match top {
                [x, y, ..] => match (explain_of(&x.play), explain_of(&y.play)) {
                    (Some(ex), Some(ey)) => json!(compare(ex, ey)),
                    _ => Value::Null,
                },
                _ => Value::Null,
            };
            Ok(json!({
                "by": by,
                "evaluator": a.describe(),
                "kind": "play",
                "of": ranked.len(),
                "plays": plays,
                "why": why,
                "stay_leave": null,
            }))
        }
        Phase::StayOrLeave(_) => {
            let sl = a
                .stay_leave(game)
                .ok_or("no stay/leave decision to value (R-8.6)")?;
            let best = if sl.leave > sl.stay { "leave" } else { "stay" };
            Ok(json!({
                "by": by,
                "evaluator": a.describe(),
                "kind": "stay_or_leave",
                "plays": [],
                "stay_leave": {
                    "stay": round(sl.stay),
                    "leave": round(sl.leave),
                    "best": best,
                    "diff": round(-(sl.stay - sl.leave).abs()),
                },
            }))
        }
        _ => Err("a hint is for choosing a play or whether to stay (R-8.6): roll first".into()),
    }
}

/// A decision the tutor judges (issue 40): a play (the page's notation,
/// as `play` sends it), or staying or leaving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The play of the pending roll.
    Play(String),
    /// Staying (`true`) or leaving after a hole won.
    Stay(bool),
}

/// The tutor's judgement of `decision` in `game`, without making it
/// (issue 40, the page's `judge`): the equity it loses against the best
/// choice (`lost`, 0 or more, the expected stake of ), its `mark`
/// among the review's `thresholds` ([`review::THRESHOLDS`]), the `best`
/// choice and `mine`. A play is judged by the hint's ranking, each side
/// with its `explain` (`trictrac hint --explain`), and `why` the best
/// rather than the play made; staying or leaving by the hint's equities.
/// `best.action` is the protocol's message that makes the best choice
/// (`play`, `stay`, `leave`). Blocking.
///
/// # Errors
/// No such decision now, or a play that is not legal.
pub fn judge(game: &Game, decision: &Decision) -> Result<Value, crate::error::AnalysisError> {
    let mut a = analyst();
    let thresholds = review::THRESHOLDS;
    let mut v = match (decision, game.phase()) {
        (Decision::Play(text), Phase::Play(side)) => {
            // The play as the game reads it (the same words as `play`).
            let mut g = game.clone();
            tables::TableGame::apply(&mut g, &Action::Play { p: text.clone() })
                .map_err(|e| e.to_string())?;
            let play = g.events()[game.events().len()..]
                .iter()
                .find_map(|e| match e {
                    Event::Played { play, .. } => Some(*play),
                    _ => None,
                })
                .ok_or_else(|| format!("play `{text}`: not a play of this roll"))?;
            let ranked = a.plays(game);
            let rules = game.options().rules;
            let after = |p: &Play| {
                let mut pos = game.position().clone();
                pos.play_unchecked_with(p, &rules);
                pos
            };
            let made = after(&play);
            let best = ranked.first().ok_or("no legal play to judge")?;
            let mine = ranked
                .iter()
                .find(|r| r.play == play)
                .or_else(|| ranked.iter().find(|r| after(&r.play) == made))
                .ok_or_else(|| format!("play `{text}` is not among the legal plays"))?;
            // Each explanation with its equity, as `explain_ranked` gives it.
            let explain = |p: &trictrac_bot::analysis::PlayEquity| {
                explain_ranked(game, std::slice::from_ref(p))
                    .into_iter()
                    .next()
            };
            let entry = |p: &trictrac_bot::analysis::PlayEquity| {
                let mut j = play_json(&p.play, side);
                j["action"] = json!("play");
                j["equity"] = json!(round(p.equity));
                j["explain"] = json!(explain(p));
                j
            };
            let same = after(&best.play) == made;
            let why = match (explain(best), explain(mine)) {
                (Some(b), Some(m)) if !same => json!(compare(&b, &m)),
                _ => Value::Null,
            };
            json!({
                "kind": "play",
                "lost": if same { 0.0 } else { round((best.equity - mine.equity).max(0.0)) },
                "best": entry(best),
                "mine": entry(mine),
                "why": why,
            })
        }
        (Decision::Stay(stay), Phase::StayOrLeave(_)) => {
            let sl = a
                .stay_leave(game)
                .ok_or("no stay/leave decision to value (R-8.6)")?;
            let (mine, other) = if *stay {
                (sl.stay, sl.leave)
            } else {
                (sl.leave, sl.stay)
            };
            let word = |s: bool| if s { "stay" } else { "leave" };
            let best = if sl.leave > sl.stay { "leave" } else { "stay" };
            json!({
                "kind": "stay_or_leave",
                "lost": round((other - mine).max(0.0)),
                "mine": { "n": word(*stay), "action": word(*stay), "equity": round(mine) },
                "best": { "n": best, "action": best, "equity": round(sl.stay.max(sl.leave)) },
                "stay_leave": { "stay": round(sl.stay), "leave": round(sl.leave), "best": best },
                "why": Value::Null,
            })
        }
        (Decision::Play(_), _) => {
            return Err("no roll to play now: the tutor judges the play of a roll".into())
        }
        (Decision::Stay(_), _) => return Err("no choice to stay or leave now (R-8.6)".into()),
    };
    let lost = v["lost"].as_f64().unwrap_or(0.0);
    v["mark"] = json!(crate::games::mark(lost, thresholds));
    v["thresholds"] = json!(thresholds);
    v["side"] = json!(game.position().turn().name());
    Ok(v)
}

fn round(x: f32) -> f64 {
    (x as f64 * 10_000.0).round() / 10_000.0
}

/// The review of a finished game's record: every decision (in the order
/// of the game) against the bot's best, with `roll`, the index of its
/// roll among the game's rolls (the page's history entries of kind
/// `roll`), the summary per player and the thresholds. Blocking.
pub fn review_json(rec: &Record) -> Value {
    let mut a = analyst();
    let r = review::review(&mut a, rec);
    // The roll of each record line: its index among the `w`/`b` lines.
    let mut roll_of = Vec::with_capacity(rec.rolls.len());
    let mut k = 0usize;
    for line in &rec.rolls {
        roll_of.push(k);
        if line.side == "w" || line.side == "b" {
            k += 1;
        }
    }
    let decisions: Vec<Value> = r
        .decisions
        .iter()
        .map(|d| {
            let mut j = serde_json::to_value(d).unwrap_or(Value::Null);
            j["roll"] = json!(roll_of.get(d.entry - 1).copied().unwrap_or(0));
            add_why(rec, d, &mut j);
            j
        })
        .collect();
    let side = |s: &review::PlayerSummary| crate::games::SideFigures {
        decisions: s.decisions as u32,
        error_rate: (s.mean_error * 10_000.0).round() / 10.0,
        luck: (s.luck * 10_000.0).round() / 10.0,
        rating: None,
    };
    let figures = crate::games::ReviewFigures {
        unit: "mstake".into(),
        white: side(&r.summary.white),
        black: side(&r.summary.black),
    };
    json!({
        "evaluator": r.evaluator,
        "thresholds": review::THRESHOLDS,
        "decisions": decisions,
        "summary": r.summary,
        "figures": figures,
    })
}

/// For a reviewed play losing the first threshold or more (issue 40): `why`
/// the best rather than it ([`compare`]) and `explain: {best, play}`.
fn add_why(rec: &Record, d: &review::Decision, j: &mut Value) {
    let doubtful = d.error >= review::THRESHOLDS[0];
    let Some((g, best, played)) = doubtful.then(|| review::decision_plays(rec, d)).flatten() else {
        return;
    };
    let (Some(mut b), Some(mut p)) = (explain_play(&g, &best), explain_play(&g, &played)) else {
        return;
    };
    b.equity = Some(d.equity_best);
    p.equity = Some(d.equity_played);
    j["why"] = json!(compare(&b, &p));
    j["explain"] = json!({ "best": b, "play": p });
}

/// The query of `/api/chances`.
#[derive(Debug, Default, serde::Deserialize)]
pub struct ChancesQuery {
    /// The position in TPN.
    #[serde(default)]
    pub position: Option<String>,
    /// `hit`, `fill`, `point` or `corner`.
    #[serde(default)]
    pub question: Option<String>,
    /// For `hit`: a field or `any`; for `point`: fields separated by
    /// commas.
    #[serde(default)]
    pub field: Option<String>,
    /// For `fill`: `petit`, `grand` or `retour`.
    #[serde(default)]
    pub jan: Option<String>,
    /// Rule options (words of `trictrac play --options`), default
    /// `default`.
    #[serde(default)]
    pub options: Option<String>,
}

/// The longest TPN or options text accepted.
const TEXT_MAX: usize = 512;

fn field(text: &str, what: &str) -> Result<Field, crate::error::AnalysisError> {
    let t = text.trim();
    let n: u8 = t
        .parse()
        .map_err(|_| format!("{what}: `{t}` is not a field (fields are 1 to 24, R-1.3)"))?;
    Field::try_from(n).map_err(|e| format!("{what}: {e} (R-1.3)").into())
}

/// What the page draws of a position: the side to move, its TPN, the
/// board's cells and the checkers borne off.
fn position_fields(pos: &Position) -> Value {
    json!({
        "side": pos.turn().name(),
        "position": pos.to_string(),
        "board": pos.board().cells().to_vec(),
        "off": {
            "white": pos.board().off().get(trictrac::Side::White),
            "black": pos.board().off().get(trictrac::Side::Black),
        },
    })
}

/// A position in TPN and rule options as words (default: the defaults),
/// each with a one-line error.
fn read_position(
    position: Option<&str>,
    options: Option<&str>,
) -> Result<(Position, GameOptions), crate::error::AnalysisError> {
    let text = position
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or("give a position in TPN: ?position=w:1x15 b:24x15 w (NOTATION.md)")?;
    if text.len() > TEXT_MAX {
        return Err(format!("a position is at most {TEXT_MAX} bytes of TPN").into());
    }
    let pos: Position = text
        .parse()
        .map_err(|e| format!("position `{text}`: {e}"))?;
    let words = options.unwrap_or("").trim();
    if words.len() > TEXT_MAX {
        return Err(format!("options are at most {TEXT_MAX} bytes").into());
    }
    let options = if words.is_empty() {
        GameOptions::default()
    } else {
        GameOptions::from_words(words).map_err(|e| format!("options `{words}`: {e}"))?
    };
    Ok((pos, options))
}

/// `/api/chances`: the rolls of 36 that bring one event to the side to
/// move of a position, as `trictrac chances --json` answers (`count`,
/// `of`, `rolls`), with the question and the side to move.
///
/// # Errors
/// A one-line error for a bad position, question, field, jan or options.
pub fn chances_json(q: &ChancesQuery) -> Result<Value, crate::error::AnalysisError> {
    let (pos, options) = read_position(q.position.as_deref(), q.options.as_deref())?;
    let arg = q.field.as_deref().unwrap_or("").trim();
    let question = match q.question.as_deref().unwrap_or("").trim() {
        "hit" => {
            if arg.eq_ignore_ascii_case("any") || arg.is_empty() {
                Question::Hit(None)
            } else {
                let f = field(arg, "hit")?;
                if !lone_opponent(&pos, f) {
                    return Err(format!(
                        "hit {}: field {} does not hold a lone {} checker (a demi-case, R-6.1)",
                        f.value(),
                        f.value(),
                        (!pos.turn()).name()
                    ).into());
                }
                Question::Hit(Some(f))
            }
        }
        "fill" => Question::Fill(match q.jan.as_deref().unwrap_or(arg).trim() {
            "petit" => Quarter::PetitJan,
            "grand" => Quarter::GrandJan,
            "retour" => Quarter::JanDeRetour,
            o => {
                return Err(format!(
                    "fill `{o}`: petit, grand or retour (the jans a player fills, R-6.5)"
                ).into())
            }
        }),
        "point" => {
            if arg.is_empty() {
                return Err("point: give the fields, e.g. field=7,8".into());
            }
            Question::Point(
                arg.split(',')
                    .map(|t| field(t, "point"))
                    .collect::<Result<Vec<_>, _>>()?,
            )
        }
        "corner" => Question::Corner,
        o => {
            return Err(format!(
                "question `{o}`: hit (field=N or any), fill (jan=petit|grand|retour), point (field=F,…) or corner"
            ).into())
        }
    };
    let c = chances(&pos, &options.rules, &question);
    let rolls: Vec<String> = c.rolls.iter().map(|r| r.to_string()).collect();
    let mut v = position_fields(&pos);
    v["count"] = json!(c.count);
    v["of"] = json!(36);
    v["rolls"] = json!(rolls);
    Ok(v)
}

/// A position of the analysis board to evaluate: its TPN and the rule
/// options.
#[derive(Clone, Debug)]
pub struct PositionQuery {
    pub(crate) position: Position,
    options: GameOptions,
}

impl PositionQuery {
    /// Reads `position` (TPN) and `options` (words of `trictrac play
    /// --options`, default `default`).
    ///
    /// # Errors
    /// One line for a bad position or options.
    pub fn read(
        q: &std::collections::HashMap<String, String>,
    ) -> Result<PositionQuery, crate::error::AnalysisError> {
        let (position, options) = read_position(
            q.get("position").map(String::as_str),
            q.get("options").map(String::as_str),
        )?;
        Ok(PositionQuery { position, options })
    }
}

/// The evaluation of a position set up on the analysis board: the
/// equity (expected stake, R-9.1) of the side to move before the roll,
/// by the network, with the position's board. Blocking.
///
/// # Errors
/// None today (the signature of a job).
pub fn position_json(q: &PositionQuery) -> Result<Value, crate::error::AnalysisError> {
    let a = analyst();
    let pos = &q.position;
    let e = a.position(pos, &q.options);
    let mut v = position_fields(pos);
    v["kind"] = json!("position");
    v["evaluator"] = json!("equity network, no search");
    v["equity"] = json!(round(e));
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use trictrac::Roll;

    #[test]
    fn a_hole_won_by_the_roll_hints_staying_or_leaving_with_both_equities() {
        // White at 10 points hits the lone checker on 7 with the 6 of 6-1
        // (R-6.1, 2 points or more): a hole, and the choice to stay or
        // leave before the play.
        let pos: Position = "w:1x15 b:24x14,7 w score=10.0.0.0".parse().unwrap();
        let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
        g.roll(Roll::new(6, 1)).unwrap();
        assert!(
            matches!(g.phase(), Phase::StayOrLeave(_)),
            "{:?}",
            g.phase()
        );
        let h = hint(&g).unwrap();
        assert_eq!(h["kind"], "stay_or_leave");
        let sl = &h["stay_leave"];
        let (stay, leave) = (sl["stay"].as_f64().unwrap(), sl["leave"].as_f64().unwrap());
        let best = if leave > stay { "leave" } else { "stay" };
        assert_eq!(sl["best"], best);
        assert!((sl["diff"].as_f64().unwrap() + (stay - leave).abs()).abs() < 1e-9);
    }

    /// The game of `pos` (TPN) with `a`-`b` rolled.
    fn rolled(pos: &str, a: u8, b: u8) -> Game {
        let mut g = Game::from_position(GameOptions::default(), pos.parse().unwrap()).unwrap();
        g.roll(Roll::new(a, b)).unwrap();
        g
    }

    #[test]
    fn every_ranked_play_carries_its_explanation_and_the_hint_says_why_the_first() {
        // A lone black checker on 17: White's 6-1 may hit it.
        let g = rolled("w:1x14,5 b:24x14,17 w", 6, 1);
        let h = hint(&g).unwrap();
        let plays = h["plays"].as_array().unwrap();
        assert!(plays.len() >= 2, "{h}");
        for p in plays {
            let e = &p["explain"];
            assert_eq!(e["play"], p["n"], "{p}");
            assert!(e["opponent"]["hit_rolls"].is_u64(), "{p}");
            assert!(e["marked"].is_array() && e["obligations"].is_array(), "{p}");
            assert!(
                e["lone_checkers"].is_array() && e["lines"].is_array(),
                "{p}"
            );
        }
        let w = &h["why"];
        assert_eq!(w["best"], plays[0]["n"], "{w}");
        assert_eq!(w["second"], plays[1]["n"], "{w}");
        assert!(!w["lines"].as_array().unwrap().is_empty(), "{w}");
    }

    #[test]
    fn the_tutor_judges_a_play_against_the_best_without_making_it() {
        let g = rolled("w:1x14,5 b:24x14,17 w", 6, 1);
        let h = hint(&g).unwrap();
        let plays = h["plays"].as_array().unwrap();
        let best = plays[0]["n"].as_str().unwrap();
        let good = judge(&g, &Decision::Play(best.into())).unwrap();
        assert_eq!(good["lost"], 0.0, "{good}");
        assert_eq!(good["mark"], "");
        assert!(good["why"].is_null());
        // The worst of the plays ranked: it loses, and the tutor says why.
        let ranked = analyst().plays(&g);
        let worst = ranked.last().unwrap();
        let text = worst.play.display(trictrac::Side::White).to_string();
        let bad = judge(&g, &Decision::Play(text.clone())).unwrap();
        let lost = bad["lost"].as_f64().unwrap();
        let expected = f64::from(ranked[0].equity - worst.equity);
        assert!((lost - expected).abs() < 1e-3, "{bad}");
        assert!(lost > 0.0, "{bad}");
        assert_eq!(bad["mine"]["n"], text.as_str());
        assert_eq!(bad["best"]["n"], best);
        assert_eq!(bad["best"]["action"], "play");
        assert!(bad["best"]["explain"]["opponent"].is_object(), "{bad}");
        assert_eq!(bad["why"]["best"], best, "{bad}");
        assert!(
            (bad["why"]["equity_difference"].as_f64().unwrap() - lost).abs() < 1e-3,
            "{bad}"
        );
        assert_eq!(bad["thresholds"], json!(review::THRESHOLDS));
        // Nothing was played; no stay/leave decision now.
        assert!(matches!(g.phase(), Phase::Play(_)));
        assert!(judge(&g, &Decision::Stay(true)).is_err());
        assert!(judge(&g, &Decision::Play("1-2 1-3".into())).is_err());
    }

    #[test]
    fn the_tutor_judges_staying_and_leaving() {
        let g = rolled("w:1x15 b:24x14,7 w score=10.0.0.0", 6, 1);
        let h = hint(&g).unwrap();
        let best = h["stay_leave"]["best"].as_str().unwrap().to_string();
        let worse = best != "stay";
        let good = judge(&g, &Decision::Stay(best == "stay")).unwrap();
        assert_eq!(good["kind"], "stay_or_leave");
        assert_eq!(good["lost"], 0.0, "{good}");
        let bad = judge(&g, &Decision::Stay(worse)).unwrap();
        assert_eq!(bad["best"]["action"], best.as_str(), "{bad}");
        assert!(
            (bad["lost"].as_f64().unwrap() + h["stay_leave"]["diff"].as_f64().unwrap()).abs()
                < 1e-3,
            "{bad} {h}"
        );
    }

    #[test]
    fn the_review_says_why_the_best_rather_than_a_clear_error() {
        // The worst play of a 6-5 that may take the corner.
        let tpn = "w:1x13,6,7 b:24x15 w";
        let mut g = rolled(tpn, 6, 5);
        let worst = analyst().plays(&g).last().unwrap().play;
        g.play(&worst).unwrap();
        let header = trictrac::record::Header {
            start: Some(tpn.into()),
            ..Default::default()
        };
        let v = review_json(&Record::from_game(&g, header));
        let d = &v["decisions"][0];
        assert!(
            d["error"].as_f64().unwrap_or(0.0) >= review::THRESHOLDS[2],
            "{v}"
        );
        let w = &d["why"];
        assert_eq!(w["best"], d["best"], "{d}");
        assert_eq!(w["second"], d["played"], "{d}");
        assert!(w["lines"].to_string().contains("corner"), "{d}");
        assert_eq!(d["explain"]["best"]["play"], d["best"], "{d}");
        assert_eq!(d["explain"]["play"]["play"], d["played"], "{d}");
    }

    #[test]
    fn no_hint_before_the_roll() {
        let g = Game::from_position(GameOptions::default(), "w:1x15 b:24x15 w".parse().unwrap())
            .unwrap();
        assert!(hint(&g).unwrap_err().to_string().contains("roll first"));
    }
}
