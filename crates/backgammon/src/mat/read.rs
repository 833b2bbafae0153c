//! Reading `.mat` text: the columns, the actions, the names line, and the
//! replay of every game in the engine.

use tables::{BySide, Die, Roll, Side};

use super::{MatError, MatFile};
use crate::game::{Game, MatchState, Phase};
use crate::notation::PlayText;
use crate::rules::{Preset, Rules};
use crate::score::WinKind;

/// One action in a column.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Action {
    Roll(Die, Die, String),
    Double(u32),
    Take,
    Beaver,
    Drop,
    Wins(u32),
}

fn parse_action(text: &str) -> Result<Option<Action>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let lower = t.to_ascii_lowercase();
    let number_after = |s: &str| -> Result<u32, String> {
        s.split_whitespace()
            .next()
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(|| format!("`{t}`: a number is missing"))
    };
    if let Some(rest) = lower.strip_prefix("doubles") {
        let rest = rest.trim_start().trim_start_matches("=>").trim();
        return Ok(Some(Action::Double(number_after(rest)?)));
    }
    if lower.starts_with("beavers") {
        return Ok(Some(Action::Beaver));
    }
    if lower.starts_with("takes") || lower.starts_with("accepts") {
        return Ok(Some(Action::Take));
    }
    if lower.starts_with("drops") || lower.starts_with("passes") || lower.starts_with("rejects") {
        return Ok(Some(Action::Drop));
    }
    if let Some(rest) = lower.strip_prefix("wins") {
        return Ok(Some(Action::Wins(number_after(rest)?)));
    }
    let (dice, moves) = t
        .split_once(':')
        .ok_or_else(|| format!("`{t}` is neither a roll `DD: moves` nor a cube action"))?;
    let d: Vec<u8> = dice.trim().bytes().collect();
    match d.as_slice() {
        [a @ b'1'..=b'6', b @ b'1'..=b'6'] => Ok(Some(Action::Roll(
            Die::new(a - b'0'),
            Die::new(b - b'0'),
            moves.trim().to_string(),
        ))),
        _ => Err(format!("`{dice}` is not a roll of two dice 1-6")),
    }
}

/// Splits the text after `N)` into the two columns: the right column
/// starts at the second action (the left one is empty when the text
/// starts far to the right).
fn split_columns(line: &str, after: usize) -> (String, String) {
    let rest = &line[after..];
    let lead = rest.len() - rest.trim_start().len();
    // An empty left column: the first action starts in the right half.
    if lead >= 12 {
        return (String::new(), rest.trim().to_string());
    }
    let body = rest.trim();
    // Where the second action starts: a roll `DD:` or a cube word after
    // the first action's text.
    let words: Vec<(usize, &str)> = body
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - body.as_ptr() as usize, w))
        .collect();
    let starts_action = |w: &str| {
        let l = w.to_ascii_lowercase();
        let b = w.as_bytes();
        (b.len() == 3 && b[2] == b':' && b[0].is_ascii_digit() && b[1].is_ascii_digit())
            || [
                "doubles", "takes", "drops", "passes", "beavers", "accepts", "rejects", "wins",
            ]
            .iter()
            .any(|k| l == *k)
    };
    for (i, &(at, w)) in words.iter().enumerate().skip(1) {
        if starts_action(w) && !(i == 1 && words[0].1.eq_ignore_ascii_case("doubles")) {
            return (body[..at].to_string(), body[at..].to_string());
        }
    }
    (body.to_string(), String::new())
}

fn kind_of(points: u32, cube: u32) -> Option<WinKind> {
    match points.checked_div(cube)? {
        1 => Some(WinKind::Single),
        2 => Some(WinKind::Gammon),
        3 => Some(WinKind::Backgammon),
        _ => None,
    }
}

struct Reader {
    rules: Rules,
    length: u32,
    games: Vec<Game>,
}

impl Reader {
    fn game(&mut self, line: usize) -> Result<&mut Game, MatError> {
        self.games.last_mut().ok_or_else(|| MatError {
            line,
            message: "a move before the first `Game` line".into(),
        })
    }

    fn act(&mut self, line: usize, side: Side, action: Action) -> Result<(), MatError> {
        let rules = self.rules;
        let g = self.game(line)?;
        let err = |m: String| MatError { line, message: m };
        let wrong_turn = |g: &Game| {
            err(format!(
                "it is not {side}'s turn to act here (the game is at {:?})",
                g.phase()
            ))
        };
        match action {
            Action::Roll(a, b, moves) => {
                let roll = Roll::from_dice(a, b);
                match g.phase() {
                    Phase::Opening => {
                        if a == b && rules.preset == Preset::Standard {
                            return Err(err(format!(
                                "the opening roll {roll} cannot be a double (BG-2.2)"
                            )));
                        }
                        let (hi, lo) = match rules.preset {
                            Preset::Standard => (roll.high(), roll.low()),
                            Preset::Seed => (Die::new(2), Die::new(1)),
                        };
                        let (w, bl) = if side == Side::White {
                            (hi, lo)
                        } else {
                            (lo, hi)
                        };
                        g.opening(w, bl).map_err(|e| err(e.0))?;
                        if rules.preset == Preset::Seed {
                            g.roll(roll).map_err(|e| err(e.0))?;
                        }
                    }
                    Phase::Roll(s) if s == side => g.roll(roll).map_err(|e| err(e.0))?,
                    _ => return Err(wrong_turn(g)),
                }
                let text: PlayText = moves.parse().map_err(|e| err(format!("{e}")))?;
                let play = g
                    .position()
                    .resolve_play(roll, &text, &rules)
                    .map_err(|e| err(format!("{side} cannot play `{moves}` with {roll}: {e}")))?;
                g.play(&play).map_err(|e| err(e.0))?;
            }
            Action::Double(v) => {
                if g.phase() == Phase::Opening && rules.preset == Preset::Seed {
                    let (w, b) = match side {
                        Side::White => (Die::new(2), Die::new(1)),
                        Side::Black => (Die::new(1), Die::new(2)),
                    };
                    g.opening(w, b).map_err(|e| err(e.0))?;
                }
                if g.phase() != Phase::Roll(side) {
                    return Err(wrong_turn(g));
                }
                g.double().map_err(|e| err(e.0))?;
                if v != g.cube().value * 2 {
                    return Err(err(format!(
                        "doubles to {v}, but the videau is at {} (BG-7.2)",
                        g.cube().value
                    )));
                }
            }
            Action::Take | Action::Beaver | Action::Drop => {
                if g.phase() != (Phase::Doubled { by: !side }) {
                    return Err(err(format!(
                        "{side} answers a double that {} did not offer (BG-7.3)",
                        !side
                    )));
                }
                match action {
                    Action::Take => g.take(),
                    Action::Beaver => g.beaver(),
                    _ => g.drop_double(),
                }
                .map_err(|e| err(e.0))?;
            }
            Action::Wins(points) => {
                if g.result().is_none() {
                    // The loser resigned.
                    let kind = kind_of(points, g.cube().value).ok_or_else(|| {
                        err(format!(
                            "{side} wins {points} points, not 1, 2 or 3 times the videau ({})",
                            g.cube().value
                        ))
                    })?;
                    g.resign(!side, kind).map_err(|e| err(e.0))?;
                }
                let r = g
                    .result()
                    .ok_or_else(|| err("the game is not over".into()))?;
                if r.winner != side || r.points != points {
                    return Err(err(format!(
                        "the file says {side} wins {points}, the engine: {r}"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Reads a names line `NAME : SCORE   NAME : SCORE` as tolerantly as gnubg
/// does: the first name runs to the first colon, the second score follows
/// the last one; between them the first score, an optional `(Crawford)`,
/// and the second name (which may then hold colons). Returns the names,
/// the scores and whether `(Crawford)` follows a score.
fn names_line(t: &str) -> Result<(BySide<String>, BySide<u32>, bool), String> {
    let (Some(first), Some(last)) = (t.find(':'), t.rfind(':')) else {
        return Err(format!("`{t}`: `NAME : SCORE   NAME : SCORE` expected"));
    };
    if first == last {
        return Err(format!("`{t}`: `NAME : SCORE   NAME : SCORE` expected"));
    }
    let mid = &t[first + 1..last];
    let s0 = digits_prefix(mid).ok_or_else(|| format!("`{}` is not a score", mid.trim()))?;
    let rest = mid
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim();
    let (crawford, name1) = match rest.strip_prefix("(Crawford)") {
        Some(n) => (true, n.trim()),
        None => (false, rest),
    };
    let right = &t[last + 1..];
    let s1 = digits_prefix(right).ok_or_else(|| format!("`{}` is not a score", right.trim()))?;
    Ok((
        BySide::new(t[..first].trim().to_string(), name1.to_string()),
        BySide::new(s0, s1),
        crawford || right.contains("(Crawford)"),
    ))
}

fn digits_prefix(s: &str) -> Option<u32> {
    let d: String = s
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    d.parse().ok()
}
impl MatFile {
    /// Reads `.mat` text and replays every game under `rules`.
    ///
    /// # Errors
    /// The first line that cannot be read or replayed, with the rule.
    pub fn parse(text: &str, rules: Rules) -> Result<MatFile, MatError> {
        let mut r = Reader {
            rules,
            length: 0,
            games: Vec::new(),
        };
        let mut names = BySide::new(String::new(), String::new());
        let mut seen_length = false;
        let mut expect_names = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |m: String| MatError { line, message: m };
            let t = raw.trim();
            if t.is_empty() {
                continue;
            }
            // The line after a `Game` line holds the names, whatever they
            // look like (`; x`, `Game 2`).
            if expect_names {
                expect_names = false;
                let (n, score, crawford) = names_line(t).map_err(err)?;
                names = n;
                let (s0, s1) = (score.white, score.black);
                let state = match r.games.last() {
                    Some(g) => {
                        let res = g.result().ok_or_else(|| err("unfinished game".into()))?;
                        g.match_state().after(&res)
                    }
                    None => {
                        let mut st = MatchState::to(r.length);
                        st.score = score;
                        st.crawford = r.length > 1 && crawford;
                        st.crawford_done = r.length > 1
                            && !st.crawford
                            && (s0 + 1 >= r.length || s1 + 1 >= r.length);
                        st
                    }
                };
                if state.score != score {
                    return Err(err(format!(
                        "the score {s0}-{s1} is not the {}-{} the games before it give",
                        state.score.white, state.score.black
                    )));
                }
                if state.winner().is_some() {
                    return Err(err("a game after the match was won".into()));
                }
                r.games.push(Game::new(rules, state));
                continue;
            }
            if t.starts_with(';') || t.starts_with('#') {
                continue;
            }
            if !seen_length {
                let lower = t.to_ascii_lowercase();
                if let Some(n) = lower.strip_suffix("point match").and_then(digits_prefix) {
                    r.length = n;
                    seen_length = true;
                    continue;
                }
            }
            if let Some(rest) = t.strip_prefix("Game ") {
                if rest.trim().parse::<u32>().is_err() {
                    return Err(err(format!("`{t}`: a game number is expected")));
                }
                if let Some(g) = r.games.last() {
                    if g.result().is_none() {
                        return Err(err("a new game before the last one ended".into()));
                    }
                }
                expect_names = true;
                continue;
            }
            // A numbered move line or a `Wins` line.
            let (left, right) = match t.find(')') {
                Some(p) if t[..p].trim().parse::<u32>().is_ok() => {
                    let after = raw.find(')').map_or(0, |q| q + 1);
                    split_columns(raw, after)
                }
                _ if t.to_ascii_lowercase().starts_with("wins") => {
                    let lead = raw.len() - raw.trim_start().len();
                    if lead >= 20 {
                        (String::new(), t.to_string())
                    } else {
                        (t.to_string(), String::new())
                    }
                }
                _ => return Err(err(format!("cannot read `{t}`"))),
            };
            for (side, text) in [(Side::White, left), (Side::Black, right)] {
                if let Some(a) = parse_action(&text).map_err(err)? {
                    r.act(line, side, a)?;
                }
            }
        }
        if !seen_length {
            return Err(MatError {
                line: 0,
                message: "no `N point match` line".into(),
            });
        }
        Ok(MatFile {
            length: r.length,
            names,
            games: r.games,
        })
    }
}
