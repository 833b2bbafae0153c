//! Jellyfish `.mat` text of whole matches (BG-1.4), as GNU Backgammon
//! exports and imports it.
//!
//! ```text
//!  5 point match
//!
//!  Game 1
//!  Alice : 0                      Bob : 0
//!   1) 31: 8/5 6/5                 52: 13/11 13/8
//!   2)  Doubles => 2                Takes
//!   3) 64: 25/21 21/15*            ...
//!                                   Wins 1 point
//! ```
//!
//! The left column is the first player (White here, gnubg's player 0),
//! the right one the second (Black). Moves are written one die at a time
//! in the mover's numbering, 25 for the bar and 0 for off, as gnubg does.
//! Reading replays every game in the engine: each play is resolved
//! against the position and the roll and checked, each cube action must
//! be allowed, each `Wins` line must agree with the engine's result;
//! errors give the line.
//!
//! Player names are written as [`mat_name`] makes them, so that every
//! reader reads them back: gnubg takes a name line's first name up to its
//! first colon, cuts names at 31 bytes and reads a comma as the start of
//! a rating; a name beginning with `;` or `Game ` would look like a
//! comment or a game header to a reader scanning lines. The reader here
//! takes the line after a `Game` line as the names line whatever it holds.
//!
//! The seed preset's opening (BG-2.2: one die each, then the starter
//! throws both) is not in the format: reading under `seed` rules lets the
//! side that moves first win an opening throw of 2 against 1.
//!
//! ```
//! use backgammon::{mat::MatFile, Rules};
//! let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   \n";
//! let m = MatFile::parse(text, Rules::standard()).unwrap();
//! assert_eq!(m.games.len(), 1);
//! assert_eq!(m.games[0].position().to_position_id(), "sGfwATDgc/ABMA");
//! ```

use core::fmt;

use tables::{BySide, Die, Roll, Side};

use crate::game::{Event, Game, MatchState, Phase};
use crate::notation::PlayText;
use crate::rules::{Preset, Rules};
use crate::score::WinKind;

/// A match (or a money session) read from or written to `.mat` text.
#[derive(Clone, Debug)]
pub struct MatFile {
    /// The match length, 0 for money.
    pub length: u32,
    /// The players' names (White left, Black right).
    pub names: BySide<String>,
    /// The games, in order, replayed in the engine (the last may be
    /// unfinished).
    pub games: Vec<Game>,
}

/// An error in `.mat` text, with its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(".mat line {line}: {message} (BG-1.4)")]
pub struct MatError {
    /// The line, from 1 (0 when the whole file is concerned).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

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

/// The longest name written, in bytes: gnubg keeps 31 (its `MAX_NAME_LEN`
/// is 32 with the final NUL) and cuts a longer one.
pub const MAX_NAME_BYTES: usize = 31;

/// A player's name as `.mat` text holds it, read back the same by this
/// module's reader and by gnubg: every run of whitespace, control
/// characters, colons (the name/score separator) and commas (gnubg reads
/// what follows one as a rating) becomes one space; no `;`, `#` or `(` at
/// the start (a comment to line-scanning readers, `(Crawford)`); a first
/// word `Game` is joined to what follows by `_` (`Game 2` would read as a
/// game header); at most [`MAX_NAME_BYTES`] bytes, cut at a character; an
/// empty name becomes the side's (`white`, `black`). The real name stays
/// wherever it is kept (the server's database); this is only how a record
/// writes it.
///
/// ```
/// use backgammon::{mat::mat_name, Side};
/// assert_eq!(mat_name("Alice", Side::White), "Alice");
/// assert_eq!(mat_name(" Game 2", Side::White), "Game_2");
/// assert_eq!(mat_name("; trictrac bg rules: seed", Side::Black), "trictrac bg rules seed");
/// assert_eq!(mat_name("a:b,\tc", Side::White), "a b c");
/// assert_eq!(mat_name("  ", Side::Black), "black");
/// ```
pub fn mat_name(name: &str, side: Side) -> String {
    let separator = |c: char| c.is_whitespace() || c.is_control() || c == ':' || c == ',';
    let words: Vec<&str> = name.split(separator).filter(|w| !w.is_empty()).collect();
    let joined = words.join(" ");
    let mut n = joined.trim_start_matches([';', '#', '(', ' ']).to_string();
    if n.len() > MAX_NAME_BYTES {
        let mut end = MAX_NAME_BYTES;
        while !n.is_char_boundary(end) {
            end -= 1;
        }
        n.truncate(end);
        n.truncate(n.trim_end().len());
    }
    if n == "Game" {
        n.push('_');
    } else if n.starts_with("Game ") {
        n.replace_range(4..5, "_");
    }
    if n.is_empty() {
        side.to_string()
    } else {
        n
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

    /// The final score: after the last game if it is over.
    pub fn final_score(&self) -> BySide<u32> {
        match self.games.last() {
            None => BySide::new(0, 0),
            Some(g) => match g.result() {
                Some(r) => g.match_state().after(&r).score,
                None => g.match_state().score,
            },
        }
    }
}

fn play_text(play: &crate::plays::Play) -> String {
    let mut out = String::new();
    for (from, to, hit) in play.raw() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format!("{from}/{to}"));
        if hit {
            out.push('*');
        }
    }
    out
}

fn points_text(n: u32) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

impl fmt::Display for MatFile {
    /// The `.mat` text, in gnubg's layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, " {} point match", self.length)?;
        for (n, g) in self.games.iter().enumerate() {
            writeln!(f)?;
            writeln!(f, " Game {}", n + 1)?;
            let s = g.match_state().score;
            let left = format!("{} : {}", mat_name(&self.names.white, Side::White), s.white);
            // At least two spaces before the second name (gnubg skips the
            // first score up to a space; a name may start with a digit).
            writeln!(
                f,
                " {left:<29}  {} : {}",
                mat_name(&self.names.black, Side::Black),
                s.black
            )?;
            let mut actions: Vec<(Side, String)> = Vec::new();
            for e in g.events() {
                match *e {
                    Event::Play { side, roll, play } => actions.push((
                        side,
                        format!("{}{}: {}", roll.high(), roll.low(), play_text(&play)),
                    )),
                    Event::Double { side, value } => {
                        actions.push((side, format!(" Doubles => {value}")))
                    }
                    Event::Take { side } => actions.push((side, " Takes".into())),
                    Event::Beaver { side } => actions.push((side, " Beavers".into())),
                    Event::Drop { side } => actions.push((side, " Drops".into())),
                    _ => {}
                }
            }
            let mut lines: Vec<(String, String)> = Vec::new();
            let mut cur: Option<(String, String)> = None;
            for (side, text) in actions {
                match side {
                    Side::White => {
                        if let Some(c) = cur.take() {
                            lines.push(c);
                        }
                        cur = Some((text, String::new()));
                    }
                    Side::Black => {
                        let (l, _) = cur.take().unwrap_or_default();
                        lines.push((l, text));
                    }
                }
            }
            if let Some(c) = cur.take() {
                lines.push(c);
            }
            // gnubg writes Black's `Wins` beside White's last action
            // when that line has room (its importer counts a dropped
            // redouble twice when the line stands alone: measured).
            let mut wins_line = None;
            if let Some(res) = g.result() {
                let text = format!("Wins {}", points_text(res.points));
                match (res.winner, lines.last_mut()) {
                    (Side::Black, Some((l, r))) if r.is_empty() && !l.is_empty() => {
                        *r = format!(" {text}");
                    }
                    (Side::Black, _) => wins_line = Some(format!("{:34}{text}", "")),
                    (Side::White, _) => wins_line = Some(format!("      {text}")),
                }
            }
            for (i, (l, r)) in lines.iter().enumerate() {
                // At least one space between the columns.
                let sep = if l.len() >= 28 { " " } else { "" };
                let row = format!("{:>3}) {l:<28}{sep}{r}", i + 1);
                writeln!(f, "{}", row.trim_end())?;
            }
            if let Some(w) = wins_line {
                writeln!(f, "{w}")?;
            }
        }
        Ok(())
    }
}

/// Checks the dice of an online game's `.mat` text against its seeds
/// (issue 38, `tables::fair`, docs/DICE.md), reading only the rolls
/// (`DD:` in order, game after game; the plays are not replayed, so
/// that a die changed is named as such): each game's opening (one die
/// each, thrown again while equal — the tied throws are not in a `.mat`;
/// under the standard rules the two dice are the starter's first roll,
/// under the seed rules the starter then throws both), then every roll.
/// The number of throws checked.
///
/// # Errors
/// The first throw that does not match: its line, the dice the seeds
/// give and the record's.
pub fn verify_dice(text: &str, rules: &Rules, seeds: tables::fair::Seeds) -> Result<usize, String> {
    use tables::DiceSource;
    let mut d = tables::fair::FairDice::new(seeds);
    let mut throws = 0;
    let mut opening = false;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        if t.to_ascii_lowercase().starts_with("game ") {
            opening = true;
            continue;
        }
        // Move lines: `N) …`.
        let Some((n, rest)) = t.split_once(')') else {
            continue;
        };
        if n.trim().parse::<u32>().is_err() {
            continue;
        }
        for w in rest.split_whitespace() {
            let b = w.as_bytes();
            if !(b.len() == 3
                && b[2] == b':'
                && (b'1'..=b'6').contains(&b[0])
                && (b'1'..=b'6').contains(&b[1]))
            {
                continue;
            }
            let roll = Roll::from_dice(Die::new(b[0] - b'0'), Die::new(b[1] - b'0'));
            let drawn = if opening {
                opening = false;
                let (w, b) = loop {
                    throws += 1;
                    let (w, b) = (d.die(), d.die());
                    if w != b {
                        break (w, b);
                    }
                };
                match rules.preset {
                    Preset::Standard => Roll::from_dice(w, b),
                    Preset::Seed => {
                        throws += 1;
                        Roll::from_dice(d.die(), d.die())
                    }
                }
            } else {
                throws += 1;
                Roll::from_dice(d.die(), d.die())
            };
            if drawn != roll {
                return Err(format!(
                    ".mat line {}: throw {throws}: the dice do not match the seeds: \
                     the seeds give {drawn}, the record {roll}",
                    i + 1
                ));
            }
        }
    }
    Ok(throws)
}
