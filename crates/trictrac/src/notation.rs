//! The notation of `NOTATION.md`: TPN positions and plays.
//!
//! Parsing happens without context (text → [`Setup`] or
//! [`PlayNotation`]); a [`PlayNotation`] is then resolved against a
//! position and a roll ([`Position::resolve_play`]).

use crate::board::{Dest, Field};
use crate::dice::Roll;
use crate::position::{Position, Setup, SetupError};
use crate::score::{Bredouille, ScoreState};
use crate::side::{BySide, Side};
use core::fmt;
use core::str::FromStr;

/// Why a TPN string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TpnError {
    /// Nothing to parse.
    #[error("empty position: expected `w:<checkers> b:<checkers> <w|b> [key=value ...]`, e.g. `w:1x15 b:24x15 w`")]
    Empty,
    /// A token is malformed.
    #[error("token {index} `{token}`: {problem}")]
    Token {
        /// 1-based index of the token.
        index: usize,
        /// The token as given.
        token: String,
        /// What is wrong and what was expected.
        problem: String,
    },
    /// A required token is missing.
    #[error("missing {0}")]
    Missing(&'static str),
    /// The text is well formed but describes no legal position.
    #[error("{0}")]
    Position(#[from] SetupError),
}

fn token_err(index: usize, token: &str, problem: impl Into<String>) -> TpnError {
    TpnError::Token {
        index,
        token: token.to_string(),
        problem: problem.into(),
    }
}

/// Parses a checker list (`-` or `F`, `FxC` items) for `side`.
fn parse_list(index: usize, token: &str, body: &str, out: &mut [u8; 24]) -> Result<(), TpnError> {
    if body == "-" {
        return Ok(());
    }
    if body.is_empty() {
        return Err(token_err(
            index,
            token,
            "expected a checker list such as `1x15` or `1x13,6,7`, or `-` for none",
        ));
    }
    for item in body.split(',') {
        let (f, c) = match item.split_once('x') {
            Some((f, c)) => (f, Some(c)),
            None => (item, None),
        };
        let field: u32 = parse_num(f).ok_or_else(|| {
            token_err(
                index,
                token,
                format!("`{item}`: expected a field number 1..24, optionally followed by xCOUNT"),
            )
        })?;
        if !(1..=24).contains(&field) {
            return Err(token_err(
                index,
                token,
                format!("`{item}`: field {field} is not on the board (fields are 1 to 24)"),
            ));
        }
        let count = match c {
            None => 1,
            Some(c) => {
                let n: u32 = parse_num(c).ok_or_else(|| {
                    token_err(
                        index,
                        token,
                        format!("`{item}`: expected a count after `x`"),
                    )
                })?;
                if n < 2 {
                    return Err(token_err(
                        index,
                        token,
                        format!("`{item}`: a count is written only when 2 or more (write `{field}` for one checker)"),
                    ));
                }
                if n > 15 {
                    return Err(token_err(
                        index,
                        token,
                        format!("`{item}`: {n} checkers; a side has 15 (R-1.1)"),
                    ));
                }
                n
            }
        };
        let slot = &mut out[field as usize - 1];
        if *slot != 0 {
            return Err(token_err(
                index,
                token,
                format!("field {field} is listed twice"),
            ));
        }
        *slot = count as u8;
    }
    Ok(())
}

/// Parses one of the score keys (`score=`, `bredouille=`, `pavillon=`).
fn parse_score_key(
    index: usize,
    tok: &str,
    key: &str,
    value: &str,
    score: &mut ScoreState,
) -> Result<(), TpnError> {
    if key == "score" {
        let nums: Option<Vec<u32>> = value.split('.').map(parse_num).collect();
        match nums {
            Some(n) if n.len() == 4 && n.iter().all(|&x| x <= 255) => {
                score.points = BySide::new(n[0] as u8, n[2] as u8);
                score.holes = BySide::new(n[1] as u8, n[3] as u8);
                Ok(())
            }
            _ => Err(token_err(
                index,
                tok,
                "expected score=WP.WH.BP.BH (White's points and holes, Black's points and holes), e.g. score=8.0.10.0",
            )),
        }
    } else {
        let mut chars = value.chars();
        let b = match (chars.next(), chars.next()) {
            (Some(c), None) => Bredouille::from_char(c),
            _ => None,
        };
        let Some(b) = b else {
            return Err(token_err(
                index,
                tok,
                format!("expected {key}=e, w, b or n"),
            ));
        };
        if key == "bredouille" {
            score.bredouille = b;
        } else {
            score.pavillon = b;
        }
        Ok(())
    }
}

impl FromStr for ScoreState {
    type Err = TpnError;

    /// Parses the score keys of TPN alone, e.g.
    /// `score=8.0.8.0 bredouille=b pavillon=e` (missing keys take their
    /// defaults), and checks the ranges (R-5.1, R-5.2).
    ///
    /// ```
    /// use trictrac::{ScoreState, Bredouille, Side};
    /// let s: ScoreState = "score=8.0.10.1 bredouille=n".parse().unwrap();
    /// assert_eq!((s.points.white, s.holes.black), (8, 1));
    /// assert_eq!(s.to_string(), "score=8.0.10.1 bredouille=n pavillon=e");
    /// assert!("score=7.0.0.0".parse::<ScoreState>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<ScoreState, TpnError> {
        let mut score = ScoreState::default();
        let mut seen: Vec<&str> = Vec::new();
        for (k, tok) in s.split_whitespace().enumerate() {
            let index = k + 1;
            let (key, value) = tok
                .split_once('=')
                .filter(|(k, _)| matches!(*k, "score" | "bredouille" | "pavillon"))
                .ok_or_else(|| {
                    token_err(
                        index,
                        tok,
                        "expected score=WP.WH.BP.BH, bredouille=e|w|b|n or pavillon=e|w|b|n",
                    )
                })?;
            if seen.contains(&key) {
                return Err(token_err(index, tok, format!("key `{key}` given twice")));
            }
            seen.push(key);
            parse_score_key(index, tok, key, value, &mut score)?;
        }
        let mut pos = Position::start();
        pos.set_score(score).map_err(|e| {
            TpnError::Position(SetupError {
                setup: Box::new(Setup::default()),
                errors: vec![e],
            })
        })?;
        Ok(score)
    }
}

impl fmt::Display for ScoreState {
    /// Always prints the three keys: `score=WP.WH.BP.BH bredouille=X pavillon=Y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "score={}.{}.{}.{} bredouille={} pavillon={}",
            self.points.white,
            self.holes.white,
            self.points.black,
            self.holes.black,
            self.bredouille,
            self.pavillon
        )
    }
}

fn parse_num(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl FromStr for Setup {
    type Err = TpnError;

    /// Parses a TPN string without validating the position.
    fn from_str(s: &str) -> Result<Setup, TpnError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(TpnError::Empty);
        }
        let mut setup = Setup::empty();
        for (i, side) in Side::ALL.iter().enumerate() {
            let Some(tok) = tokens.get(i) else {
                return Err(TpnError::Missing(match side {
                    Side::White => "White's checkers (`w:...`)",
                    Side::Black => "Black's checkers (`b:...`)",
                }));
            };
            let prefix = format!("{}:", side.char());
            let Some(body) = tok.strip_prefix(&prefix) else {
                return Err(token_err(
                    i + 1,
                    tok,
                    format!("expected {}'s checkers starting with `{prefix}`", side),
                ));
            };
            parse_list(i + 1, tok, body, setup.checkers_mut(*side))?;
        }
        let Some(turn) = tokens.get(2) else {
            return Err(TpnError::Missing("the side to move (`w` or `b`)"));
        };
        setup.turn = match *turn {
            "w" => Side::White,
            "b" => Side::Black,
            _ => {
                return Err(token_err(3, turn, "expected the side to move: `w` or `b`"));
            }
        };
        let mut seen: Vec<&str> = Vec::new();
        for (k, tok) in tokens.iter().enumerate().skip(3) {
            let index = k + 1;
            let Some((key, value)) = tok.split_once('=') else {
                return Err(token_err(
                    index,
                    tok,
                    "expected key=value (rolls, score, bredouille, pavillon, dice)",
                ));
            };
            if seen.contains(&key) {
                return Err(token_err(index, tok, format!("key `{key}` given twice")));
            }
            seen.push(key);
            match key {
                "rolls" => {
                    let n = parse_num(value).filter(|&n| n <= 255).ok_or_else(|| {
                        token_err(index, tok, "expected rolls=N with N a number of rolls")
                    })?;
                    setup.rolls = Some(n as u8);
                }
                "score" | "bredouille" | "pavillon" => {
                    parse_score_key(index, tok, key, value, &mut setup.score)?;
                }
                "dice" => {
                    let r: Roll = value.parse().map_err(|_| {
                        token_err(
                            index,
                            tok,
                            "expected dice=A-B with A and B in 1..6, e.g. dice=6-5",
                        )
                    })?;
                    setup.dice = Some(r);
                }
                _ => {
                    return Err(token_err(
                        index,
                        tok,
                        format!(
                            "unknown key `{key}` (known: rolls, score, bredouille, pavillon, dice)"
                        ),
                    ))
                }
            }
        }
        Ok(setup)
    }
}

impl FromStr for Position {
    type Err = TpnError;

    /// Parses and validates a TPN string.
    ///
    /// ```
    /// use trictrac::Position;
    /// let pos: Position = "w:1x13,6,7 b:24x15 w dice=6-6".parse().unwrap();
    /// assert_eq!(pos.to_string(), "w:1x13,6,7 b:24x15 w dice=6-6");
    /// let err = "w:1x16 b:24x15 w".parse::<Position>().unwrap_err();
    /// assert!(err.to_string().contains("16 checkers"));
    /// ```
    fn from_str(s: &str) -> Result<Position, TpnError> {
        let setup: Setup = s.parse()?;
        Ok(Position::from_setup(setup)?)
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, counts: &[u8; 24]) -> fmt::Result {
    let mut first = true;
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        if !first {
            f.write_str(",")?;
        }
        first = false;
        if c == 1 {
            write!(f, "{}", i + 1)?;
        } else {
            write!(f, "{}x{}", i + 1, c)?;
        }
    }
    if first {
        f.write_str("-")?;
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("w:")?;
        write_list(f, &self.white)?;
        f.write_str(" b:")?;
        write_list(f, &self.black)?;
        write!(f, " {}", self.turn.char())?;
        let both_on_talon = self.white[0] == 15 && self.black[23] == 15;
        match self.rolls {
            Some(0) if both_on_talon => {}
            Some(n) => write!(f, " rolls={n}")?,
            None => {}
        }
        let s: &ScoreState = &self.score;
        if s.points != BySide::default() || s.holes != BySide::default() {
            write!(
                f,
                " score={}.{}.{}.{}",
                s.points.white, s.holes.white, s.points.black, s.holes.black
            )?;
        }
        if s.bredouille != Bredouille::Either {
            write!(f, " bredouille={}", s.bredouille)?;
        }
        if s.pavillon != Bredouille::Either {
            write!(f, " pavillon={}", s.pavillon)?;
        }
        if let Some(d) = self.dice {
            write!(f, " dice={d}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The TPN of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// One checker move as written: `from-to`, `from-rest-to`, or with `off`.
/// Fields are absolute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotatedMove {
    /// The field the checker leaves.
    pub from: Field,
    /// The rest of a *tout d'une*, if written.
    pub rest: Option<Field>,
    /// Where the checker ends.
    pub to: Dest,
}

/// A play as written (NOTATION.md), not yet checked against a position:
/// moves in absolute fields, or `--` for nothing played.
///
/// ```
/// use trictrac::PlayNotation;
/// let p: PlayNotation = "1-4-9 21-off".parse().unwrap();
/// assert_eq!(p.moves.len(), 2);
/// assert_eq!(p.to_string(), "1-4-9 21-off");
/// assert!("1-25".parse::<PlayNotation>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayNotation {
    /// The moves; empty for `--`.
    pub moves: Vec<NotatedMove>,
}

/// Why a play string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayParseError {
    /// Nothing to parse.
    #[error("empty play: expected moves such as `1-7 1-6`, `1-4-9`, `21-off`, or `--` when nothing can be played")]
    Empty,
    /// A move is malformed.
    #[error("move {index} `{token}`: {problem}")]
    Move {
        /// 1-based index of the move.
        index: usize,
        /// The move as given.
        token: String,
        /// What is wrong.
        problem: String,
    },
}

impl FromStr for PlayNotation {
    type Err = PlayParseError;

    fn from_str(s: &str) -> Result<PlayNotation, PlayParseError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(PlayParseError::Empty);
        }
        if tokens == ["--"] {
            return Ok(PlayNotation { moves: Vec::new() });
        }
        let mut moves = Vec::new();
        for (k, tok) in tokens.iter().enumerate() {
            let err = |problem: String| PlayParseError::Move {
                index: k + 1,
                token: tok.to_string(),
                problem,
            };
            if *tok == "--" {
                return Err(err("`--` (nothing played) must stand alone".into()));
            }
            let parts: Vec<&str> = tok.split('-').collect();
            if parts.len() < 2 || parts.len() > 3 {
                return Err(err(
                    "expected from-to, from-rest-to or from-off, e.g. 1-7, 1-4-9, 21-off".into(),
                ));
            }
            let field = |s: &str, what: &str| -> Result<Field, PlayParseError> {
                match parse_num(s) {
                    Some(n) if (1..=24).contains(&n) => Ok(Field::new(n as u8)),
                    Some(n) => Err(err(format!(
                        "{what} {n} is not on the board (fields are 1 to 24; `off` bears off)"
                    ))),
                    None => Err(err(format!(
                        "expected a field number 1..24 as {what}, found `{s}`"
                    ))),
                }
            };
            let from = field(parts[0], "origin")?;
            let rest = if parts.len() == 3 {
                Some(field(parts[1], "rest")?)
            } else {
                None
            };
            let last = parts[parts.len() - 1];
            let to = if last == "off" {
                Dest::Off
            } else {
                Dest::Field(field(last, "destination")?)
            };
            moves.push(NotatedMove { from, rest, to });
        }
        Ok(PlayNotation { moves })
    }
}

impl fmt::Display for PlayNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("--");
        }
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}-", m.from)?;
            if let Some(r) = m.rest {
                write!(f, "{r}-")?;
            }
            match m.to {
                Dest::Off => f.write_str("off")?,
                Dest::Field(t) => write!(f, "{t}")?,
            }
        }
        Ok(())
    }
}
