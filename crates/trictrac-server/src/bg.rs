//! Backgammon with the videau on the server: a money game or a match
//! (docs/BACKGAMMON.md), its stored actions, its JSON view, its bot and
//! its record (`.mat`).
//!
//! A backgammon room holds a [`BgMatch`]: the games played so far and the
//! current one. Its actions are stored like Grand Trictrac's (JSON with a
//! `k` tag) and replayed through the engine after a restart. The server
//! draws every die: the opening throw (repeated while equal, BG-2.2) is
//! stored as `opening` actions, and in a match the next game starts by
//! itself with its own opening throw once a game ends.

use backgammon::mat::MatFile;
use backgammon::{
    BySide, Die, EndReason, Event, Game, MatchState, Phase, Play, PlayText, Roll, Rules, Side,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The longest match offered (as the command line's `--match`).
pub const MAX_MATCH: u32 = 99;

/// A money game or a match: the finished games and the current one.
#[derive(Clone, Debug)]
pub struct BgMatch {
    /// The rules of every game.
    pub rules: Rules,
    /// Points to win, 0 for a money game.
    pub length: u32,
    /// The games already over (a match only).
    pub done: Vec<Game>,
    /// The game being played (or the last one, once all is over).
    pub game: Game,
}

/// The options of a backgammon room: rule words, then `match=N` for a
/// match (none, or `match=0`, for a money game).
pub fn parse_options(words: &str) -> Result<(Rules, u32), String> {
    let mut length = 0;
    let mut rest = Vec::new();
    for w in words.split_whitespace() {
        match w.strip_prefix("match=") {
            Some(n) => {
                length = n
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= MAX_MATCH)
                    .ok_or_else(|| {
                        format!("match={n}: a match is 1 to {MAX_MATCH} points (0 for money)")
                    })?;
            }
            None => rest.push(w),
        }
    }
    let rules: Rules = rest
        .join(" ")
        .parse()
        .map_err(|e: backgammon::RulesError| e.to_string())?;
    Ok((rules, length))
}

/// The options as stored: [`parse_options`] reads them back.
pub fn options_words(rules: &Rules, length: u32) -> String {
    if length == 0 {
        rules.to_string()
    } else {
        format!("{rules} match={length}")
    }
}

impl BgMatch {
    /// A new money game (`length` 0) or match, at its opening throw.
    pub fn new(rules: Rules, length: u32) -> BgMatch {
        let state = if length == 0 {
            MatchState::money()
        } else {
            MatchState::to(length)
        };
        BgMatch {
            rules,
            length,
            done: Vec::new(),
            game: Game::new(rules, state),
        }
    }

    /// Whether everything is over: the money game, or the match.
    pub fn over(&self) -> bool {
        self.game.result().is_some() && (self.length == 0 || self.game.next_game().is_none())
    }

    /// Who acts now (`None` at the opening throw and once over).
    pub fn side_to_act(&self) -> Option<Side> {
        match self.game.phase() {
            Phase::Roll(s) | Phase::Play(s, _) => Some(s),
            Phase::Doubled { by } => Some(!by),
            Phase::Opening | Phase::Over(_) => None,
        }
    }

    /// The match score after the games over (the current one included
    /// when it is over).
    pub fn score(&self) -> BySide<u32> {
        let s = self.game.match_state();
        match self.game.result() {
            Some(r) => s.after(&r).score,
            None => s.score,
        }
    }

    /// The winner of the whole (money game or match), once over.
    pub fn winner(&self) -> Option<Side> {
        if !self.over() {
            return None;
        }
        let r = self.game.result()?;
        if self.length == 0 {
            return Some(r.winner);
        }
        self.game
            .match_state()
            .after(&r)
            .winner()
            .or(Some(r.winner))
    }

    /// The result line once over, e.g. `white 1 black 0 (single)` for a
    /// money game or `white 5 black 3 (match to 5)`.
    pub fn result_text(&self) -> Option<String> {
        let w = self.winner()?;
        let r = self.game.result()?;
        if self.length == 0 {
            let how = match r.reason {
                EndReason::Dropped => "double dropped".to_string(),
                EndReason::Resigned => format!("{} resigned", r.kind),
                EndReason::BorneOff => r.kind.to_string(),
            };
            Some(format!(
                "{} {} {} 0 ({how}, cube {})",
                w.name(),
                r.points,
                (!w).name(),
                self.game.cube().value
            ))
        } else {
            let s = self.score();
            Some(format!(
                "{} {} {} {} (match to {})",
                w.name(),
                s.get(w),
                (!w).name(),
                s.get(!w),
                self.length
            ))
        }
    }

    /// Every game, the current one last.
    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.done.iter().chain(std::iter::once(&self.game))
    }

    /// The record: gnubg-importable Jellyfish `.mat` text, after a
    /// comment naming the rules when they are not gnubg's (BG-1.4, BG-8).
    /// The names are written as [`backgammon::mat::mat_name`] makes them
    /// (a name such as `; x` or ` Game 2` would break a reader); the real
    /// names stay in the database.
    pub fn mat_text(&self, white: &str, black: &str) -> String {
        let mat = MatFile {
            length: self.length,
            names: BySide::new(white.to_string(), black.to_string()),
            games: self.games().cloned().collect(),
        };
        let mut s = String::new();
        if self.rules != Rules::standard() {
            s.push_str(&format!("; trictrac bg rules: {}\n", self.rules));
        }
        s.push_str(&mat.to_string());
        s
    }
}

/// One stored backgammon action (JSON in the `actions` table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum BgAction {
    /// The opening throw (BG-2.2), one die each; when the current game
    /// of a match is over it first starts the next game.
    Opening {
        /// White's die.
        w: u8,
        /// Black's die.
        b: u8,
    },
    /// A roll drawn by the server for the side on roll.
    Roll {
        /// One die.
        a: u8,
        /// The other die.
        b: u8,
    },
    /// A play, in gnubg's notation from the mover's side (`8/5 6/5`).
    Play {
        /// The play.
        p: String,
    },
    /// The side on roll offers the videau (BG-7.2).
    Double,
    /// The doubled side takes (BG-7.3).
    Take,
    /// The doubled side takes and redoubles at once (BG-7.5).
    Beaver,
    /// The doubled side refuses and loses (BG-7.4).
    Drop,
    /// `side` resigns the current game, conceding a single game (times
    /// the videau).
    Resign {
        /// `w` or `b`.
        side: char,
    },
}

fn die(v: u8) -> Result<Die, String> {
    if (1..=6).contains(&v) {
        Ok(Die::new(v))
    } else {
        Err(format!("die {v} is not 1..6"))
    }
}

impl BgAction {
    /// Applies the action through the engine, which checks it.
    ///
    /// # Errors
    /// The engine's one-line reason, with the rule.
    pub fn apply(&self, m: &mut BgMatch) -> Result<(), String> {
        let g = &mut m.game;
        let r = match self {
            BgAction::Opening { w, b } => {
                if g.result().is_some() {
                    let next = g
                        .next_game()
                        .filter(|_| m.length > 0)
                        .ok_or("the game is over")?;
                    let old = std::mem::replace(&mut m.game, next);
                    m.done.push(old);
                }
                m.game.opening(die(*w)?, die(*b)?)
            }
            BgAction::Roll { a, b } => g.roll(Roll::from_dice(die(*a)?, die(*b)?)),
            BgAction::Play { p } => {
                let Phase::Play(_, roll) = g.phase() else {
                    return Err(match g.phase() {
                        Phase::Roll(s) => format!("{s} must roll before playing (BG-3.1)"),
                        Phase::Doubled { by } => {
                            format!("{} must first take or drop the videau (BG-7.3)", !by)
                        }
                        _ => "there is no roll to play".into(),
                    });
                };
                let play = if p.trim() == "--" || p.trim().is_empty() {
                    Play::PASS
                } else {
                    let text: PlayText = p.parse().map_err(|e| format!("{e}"))?;
                    g.position()
                        .resolve_play(roll, &text, &m.rules)
                        .map_err(|e| e.to_string())?
                };
                g.play(&play)
            }
            BgAction::Double => g.double(),
            BgAction::Take => g.take(),
            BgAction::Beaver => g.beaver(),
            BgAction::Drop => g.drop_double(),
            BgAction::Resign { side } => {
                let side = Side::from_char(*side).ok_or("a resignation names w or b")?;
                g.resign(side, backgammon::WinKind::Single)
            }
        };
        r.map_err(|e| e.to_string())
    }

    /// The action as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an action serializes")
    }

    /// Reads a stored action.
    ///
    /// # Errors
    /// When the text is not a backgammon action.
    pub fn from_json(s: &str) -> Result<BgAction, String> {
        serde_json::from_str(s).map_err(|e| format!("stored action `{s}`: {e}"))
    }
}

/// Rebuilds a match by replaying its stored actions.
///
/// # Errors
/// The first action that does not apply, with its number.
pub fn replay(m: &mut BgMatch, actions: &[String]) -> Result<(), String> {
    for (i, a) in actions.iter().enumerate() {
        BgAction::from_json(a)?
            .apply(m)
            .map_err(|e| format!("action {i} ({a}): {e}"))?;
    }
    Ok(())
}

/// The actions the server makes by itself after a change, applied to `m`
/// and appended to `out`: the opening throw of a new game (drawn with
/// `dice`, again while equal), and a forced pass when nothing can be
/// played (BG-3.4, BG-4.2).
pub fn follow_ups(m: &mut BgMatch, out: &mut Vec<BgAction>, dice: &mut dyn FnMut() -> (u8, u8)) {
    loop {
        let a = match m.game.phase() {
            Phase::Opening => {
                let (w, b) = dice();
                BgAction::Opening { w, b }
            }
            Phase::Over(_) if !m.over() => {
                let (w, b) = dice();
                BgAction::Opening { w, b }
            }
            Phase::Play(..) => {
                let plays = m.game.legal_plays();
                if plays.len() == 1 && plays[0].is_pass() {
                    BgAction::Play { p: "--".into() }
                } else {
                    return;
                }
            }
            _ => return,
        };
        if a.apply(m).is_err() {
            return;
        }
        out.push(a);
    }
}

/// The play just made, as the engine writes it (stored instead of the
/// text sent).
pub fn last_play_text(m: &BgMatch) -> Option<String> {
    m.game.events().iter().rev().find_map(|e| match e {
        Event::Play { play, .. } => Some(play.to_string()),
        _ => None,
    })
}

/// The bot's next action (`None` when it has none to make).
pub fn bot_action(m: &BgMatch, name: &str, seed: u64, dice: (u8, u8)) -> Option<BgAction> {
    let mut bot = backgammon_bot::by_name(name, seed)?;
    let g = &m.game;
    Some(match g.phase() {
        Phase::Roll(s) => {
            if g.can_double(s) && bot.wants_double(g) {
                BgAction::Double
            } else {
                BgAction::Roll {
                    a: dice.0,
                    b: dice.1,
                }
            }
        }
        Phase::Doubled { .. } => {
            if bot.takes(g) {
                BgAction::Take
            } else {
                BgAction::Drop
            }
        }
        Phase::Play(..) => BgAction::Play {
            p: bot.choose_play(g).to_string(),
        },
        Phase::Opening | Phase::Over(_) => return None,
    })
}

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

/// The hint: the legal plays ranked by the shipped network's cubeless
/// equity after each (0 ply), best first, with its winning chances.
pub fn hint(m: &BgMatch) -> Result<Value, String> {
    let Phase::Play(side, _) = m.game.phase() else {
        return Err("a hint is for choosing a play: roll first".into());
    };
    let net = backgammon_bot::default_net();
    let pos = m.game.position();
    let mut ranked: Vec<(Play, f32, f32)> = m
        .game
        .legal_plays()
        .iter()
        .map(|p| {
            let o = net.after_play(&pos.play_unchecked(p), side, m.rules.preset);
            (*p, backgammon_bot::neural::equity(&o), o[0])
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let plays: Vec<Value> = ranked
        .iter()
        .take(5)
        .map(|(p, e, w)| {
            let mut j = play_json(p, side);
            j["value"] = json!(e);
            j["win"] = json!(w);
            j
        })
        .collect();
    Ok(json!({ "by": "neural", "plays": plays }))
}

fn phase_json(m: &BgMatch) -> Value {
    let (kind, side) = if m.over() {
        ("over", m.winner())
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
pub fn history(m: &BgMatch) -> Vec<Value> {
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
            }
        }
        if g.result().is_some() {
            let mut v = result_json(g);
            v["kind"] = json!("over");
            out.push(v);
        }
    }
    out
}

/// The board part of a backgammon `state` message (docs/PROTOCOL.md).
pub fn state_fields(m: &BgMatch, v: &mut Value, full: bool, tail: usize) {
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
        Phase::Roll(s) => g.can_double(s),
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

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::mat::mat_name;

    #[test]
    fn options_round_trip() {
        let (r, n) = parse_options("seed match=5").unwrap();
        assert_eq!(r, Rules::seed());
        assert_eq!(n, 5);
        assert_eq!(options_words(&r, n), "seed match=5");
        let (r, n) = parse_options("standard").unwrap();
        assert_eq!((r, n), (Rules::standard(), 0));
        assert!(parse_options("standard match=100").is_err());
        assert!(parse_options("standard nope").is_err());
    }

    #[test]
    fn a_match_goes_on_to_the_next_game_by_itself() {
        // BG-7.4: a dropped double ends the game; the match goes on.
        let mut m = BgMatch::new(Rules::standard(), 3);
        let mut out = Vec::new();
        let mut d = [(3, 1), (5, 2)].into_iter().cycle();
        follow_ups(&mut m, &mut out, &mut || d.next().unwrap());
        assert_eq!(out, vec![BgAction::Opening { w: 3, b: 1 }]);
        BgAction::Play {
            p: "8/5 6/5".into(),
        }
        .apply(&mut m)
        .unwrap();
        BgAction::Double.apply(&mut m).unwrap();
        BgAction::Drop.apply(&mut m).unwrap();
        assert!(!m.over());
        out.clear();
        follow_ups(&mut m, &mut out, &mut || d.next().unwrap());
        assert_eq!(out.len(), 1);
        assert_eq!(m.done.len(), 1);
        assert_eq!(m.score().get(Side::Black), &1);
        assert!(m.mat_text("A", "B").contains("Game 2"));
        // Replaying the stored actions gives the same match.
        let texts: Vec<String> = [
            BgAction::Opening { w: 3, b: 1 },
            BgAction::Play {
                p: "8/5 6/5".into(),
            },
            BgAction::Double,
            BgAction::Drop,
            out[0].clone(),
        ]
        .iter()
        .map(BgAction::to_json)
        .collect();
        let mut again = BgMatch::new(Rules::standard(), 3);
        replay(&mut again, &texts).unwrap();
        assert_eq!(again.game.position(), m.game.position());
        assert_eq!(again.done.len(), 1);
    }

    /// A match played to its end (or a money game) by random actions
    /// through the server's own path: `BgAction`s and `follow_ups`.
    fn random_match(seed: u64, rules: Rules, length: u32) -> BgMatch {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut m = BgMatch::new(rules, length);
        let mut out = Vec::new();
        for _ in 0..2000 {
            let mut dice = || (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
            follow_ups(&mut m, &mut out, &mut dice);
            let a = match m.game.phase() {
                Phase::Roll(s) if m.game.can_double(s) && rng.gen_ratio(1, 8) => BgAction::Double,
                Phase::Roll(s) if rng.gen_ratio(1, 200) => BgAction::Resign {
                    side: if s == Side::White { 'w' } else { 'b' },
                },
                Phase::Roll(_) => BgAction::Roll {
                    a: rng.gen_range(1..=6),
                    b: rng.gen_range(1..=6),
                },
                Phase::Doubled { .. } if rng.gen_ratio(2, 3) => BgAction::Take,
                Phase::Doubled { .. } => BgAction::Drop,
                Phase::Play(..) => {
                    let plays = m.game.legal_plays();
                    BgAction::Play {
                        p: plays[rng.gen_range(0..plays.len())].to_string(),
                    }
                }
                Phase::Opening | Phase::Over(_) => break,
            };
            a.apply(&mut m).unwrap();
        }
        m
    }

    fn actions(games: &[Game]) -> Vec<Vec<Event>> {
        games
            .iter()
            .map(|g| {
                g.events()
                    .iter()
                    .filter(|e| !matches!(e, Event::Opening { .. } | Event::Roll { .. }))
                    .copied()
                    .collect()
            })
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 64,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Any name (the server accepts names cleaned of control and
        /// format characters, at most 40 characters: these are any
        /// strings of up to 40) round-trips through the `.mat` download:
        /// read back as `mat_name` writes it, with the same moves.
        #[test]
        fn bg_1_4_any_player_name_round_trips_through_the_mat_export(
            white in "(?s).{0,40}|( Game [0-9]|; trictrac bg rules: seed|Game|#|\\(Crawford\\)|[:, \t])+",
            black in "(?s).{0,40}|( Game [0-9]|; trictrac bg rules: seed|Game|#|\\(Crawford\\)|[:, \t])+",
            seed in 0u64..500,
            length in proptest::prop_oneof![proptest::strategy::Just(0u32), proptest::strategy::Just(3)],
            seed_rules in proptest::prelude::any::<bool>(),
        ) {
            let rules = if seed_rules { Rules::seed() } else { Rules::standard() };
            let m = random_match(seed, rules, length);
            let text = m.mat_text(&white, &black);
            // The rules line names the rules the reader needs.
            let named = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("; trictrac bg rules: "))
                .map(|r| r.parse::<Rules>().unwrap())
                .unwrap_or(Rules::standard());
            proptest::prop_assert_eq!(named, rules);
            let back = MatFile::parse(&text, rules)
                .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}\n{text}")))?;
            proptest::prop_assert_eq!(&back.names.white, &mat_name(&white, Side::White));
            proptest::prop_assert_eq!(&back.names.black, &mat_name(&black, Side::Black));
            let games: Vec<Game> = m.games().cloned().collect();
            proptest::prop_assert_eq!(actions(&back.games), actions(&games), "{}", text);
            proptest::prop_assert_eq!(back.final_score(), m.score());
        }
    }

    #[test]
    fn doubling_out_of_turn_names_bg_7_2() {
        let mut m = BgMatch::new(Rules::standard(), 0);
        BgAction::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
        let e = BgAction::Double.apply(&mut m).unwrap_err();
        assert!(e.contains("BG-7.2"), "{e}");
    }
}
