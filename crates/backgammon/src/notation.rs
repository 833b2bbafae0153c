//! Play notation (BG-1.2) and gnubg Position IDs (BG-1.4).
//!
//! Plays are written as GNU Backgammon writes them, in the mover's own
//! numbering: `13/7* 8/7`, `bar/22`, `6/off`, `24/18/13` (one checker
//! twice), `8/5(2)` (two checkers the same way), `*` after a point where a
//! checker hits. A play parses without a position ([`PlayText`]) and is
//! then resolved against a position and a roll
//! ([`Position::resolve_play`]).

use core::fmt;
use core::str::FromStr;

use tables::{BySide, Side};

use crate::board::{Counts, BAR};
use crate::plays::Play;
use crate::position::{Position, Setup, SetupError};

impl fmt::Display for Play {
    /// gnubg's form: a checker moved twice is one chain (`24/13`, with
    /// intermediate points shown only where it hits: `24/18*/13`),
    /// identical chains are counted (`8/5(2)`), farthest first; the empty
    /// play is `--` (BG-4.2: nothing can be played).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("--");
        }
        // Chains: (points visited, hit at each).
        let mut chains: Vec<Vec<(u8, bool)>> = Vec::new();
        for (from, to, hit) in self.raw() {
            let ext = chains
                .iter_mut()
                .find(|c| c.last().is_some_and(|&(p, _)| p == from && p != 0));
            match ext {
                Some(c) => c.push((to, hit)),
                None => chains.push(vec![(from, false), (to, hit)]),
            }
        }
        let text = |c: &Vec<(u8, bool)>| {
            let name = |p: u8| match p as usize {
                BAR => "bar".to_string(),
                0 => "off".to_string(),
                n => n.to_string(),
            };
            let mut s = name(c[0].0);
            for (i, &(p, hit)) in c.iter().enumerate().skip(1) {
                if i + 1 < c.len() && !hit {
                    continue;
                }
                s.push('/');
                s.push_str(&name(p));
                if hit {
                    s.push('*');
                }
            }
            s
        };
        let mut parts: Vec<(String, usize)> = Vec::new();
        for c in &chains {
            let t = text(c);
            match parts.iter_mut().find(|(s, _)| *s == t) {
                Some((_, n)) => *n += 1,
                None => parts.push((t, 1)),
            }
        }
        for (i, (s, n)) in parts.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(s)?;
            if *n > 1 {
                write!(f, "({n})")?;
            }
        }
        Ok(())
    }
}

/// A play as written, parsed without a position: segments `from → to` in
/// the mover's numbering (25 the bar, 0 off). Resolve it with
/// [`Position::resolve_play`].
///
/// ```
/// use backgammon::PlayText;
/// let p: PlayText = "24/18*/13 8/5(2)".parse().unwrap();
/// assert_eq!(p.segments(), vec![(24, 18), (18, 13), (8, 5), (8, 5)]);
/// assert!("24/26".parse::<PlayText>().is_err());
/// assert_eq!("--".parse::<PlayText>().unwrap().segments(), vec![]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayText {
    text: String,
    segments: Vec<(u8, u8)>,
}

impl PlayText {
    /// The segments, in the order written (a chain gives one per leg).
    pub fn segments(&self) -> Vec<(u8, u8)> {
        self.segments.clone()
    }
}

impl fmt::Display for PlayText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why a play could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read the play `{text}`: {why} (play notation, BG-1.2: e.g. `13/7* 8/7`, `bar/22`, `6/off`, `8/5(2)`)")]
pub struct PlayParseError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub why: String,
}

impl FromStr for PlayText {
    type Err = PlayParseError;
    fn from_str(s: &str) -> Result<PlayText, PlayParseError> {
        let text = s.trim().to_string();
        let bad = |why: String| PlayParseError {
            text: text.clone(),
            why,
        };
        if text.len() > 200 {
            return Err(bad("too long".into()));
        }
        let mut segments = Vec::new();
        if matches!(text.as_str(), "" | "--" | "pass") {
            return Ok(PlayText { text, segments });
        }
        for tok in text.split_whitespace() {
            let (body, times) = match tok.find('(') {
                Some(i) => {
                    let n = tok[i + 1..]
                        .strip_suffix(')')
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|n| (1..=4).contains(n))
                        .ok_or_else(|| {
                            bad(format!("`{tok}`: a count is written (2), (3) or (4)"))
                        })?;
                    (&tok[..i], n)
                }
                None => (tok, 1),
            };
            let points: Vec<&str> = body.split('/').collect();
            if points.len() < 2 {
                return Err(bad(format!("`{tok}` is not FROM/TO")));
            }
            let mut prev: Option<u8> = None;
            let mut legs = Vec::new();
            for (i, p) in points.iter().enumerate() {
                let p = p.trim_end_matches('*');
                let v = match p.to_ascii_lowercase().as_str() {
                    "bar" | "b" => {
                        if i != 0 {
                            return Err(bad(format!("`{tok}`: a checker cannot move to the bar")));
                        }
                        25
                    }
                    "off" | "o" => {
                        if i + 1 != points.len() {
                            return Err(bad(format!("`{tok}`: nothing moves after bearing off")));
                        }
                        0
                    }
                    n => match n.parse::<u8>() {
                        Ok(v) if (1..=24).contains(&v) => v,
                        Ok(25) if i == 0 => 25,
                        Ok(0) if i + 1 == points.len() => 0,
                        _ => return Err(bad(format!("`{p}` is not a point 1-24, bar or off"))),
                    },
                };
                if let Some(a) = prev {
                    if v >= a {
                        return Err(bad(format!(
                            "`{tok}`: checkers move from higher to lower points"
                        )));
                    }
                    legs.push((a, v));
                }
                prev = Some(v);
            }
            for _ in 0..times {
                segments.extend_from_slice(&legs);
            }
        }
        if segments.len() > 8 {
            return Err(bad("more moves than a roll allows".into()));
        }
        Ok(PlayText { text, segments })
    }
}

/// Why a Position ID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionIdError {
    /// Not 14 characters of base64.
    #[error("`{0}` is not a gnubg Position ID: 14 characters A-Z a-z 0-9 + / expected (BG-1.4)")]
    Syntax(String),
    /// The bits do not describe two sides of at most 15 checkers.
    #[error("`{0}` is not a gnubg Position ID: its bits do not describe two sides of 15 checkers (BG-1.4)")]
    Bits(String),
    /// The position is not valid.
    #[error("Position ID `{id}`: {error}")]
    Invalid {
        /// The ID.
        id: String,
        /// What is wrong.
        error: SetupError,
    },
}

fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The 10-byte key of gnubg: for the player *not* on roll then the player
/// on roll, for his points 1 to 24 then the bar, as many 1 bits as
/// checkers followed by a 0; bits little-endian in each byte.
fn key_bytes(first: &Counts, second: &Counts) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [first, second] {
        for &n in &side[1..=25] {
            for _ in 0..n {
                if bit < 80 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

impl Position {
    /// The gnubg Position ID (BG-1.4): 14 characters of base64 of the
    /// 80-bit key. As GNU Backgammon writes it, the key lists first the
    /// checkers of the player who is *not* on roll, then those of the
    /// player on roll (checked against gnubg in the tests).
    pub fn to_position_id(&self) -> String {
        let key = key_bytes(self.counts.get(!self.turn), self.counts.get(self.turn));
        let mut out = String::with_capacity(14);
        let mut bits = 0u32;
        let mut nbits = 0;
        for &b in &key {
            bits = (bits << 8) | b as u32;
            nbits += 8;
            while nbits >= 6 {
                nbits -= 6;
                out.push(B64[((bits >> nbits) & 63) as usize] as char);
            }
        }
        if nbits > 0 {
            out.push(B64[((bits << (6 - nbits)) & 63) as usize] as char);
        }
        out
    }

    /// Reads a gnubg Position ID with `turn` the side on roll (the ID does
    /// not say who is White).
    ///
    /// # Errors
    /// If the text is not an ID of a valid position.
    ///
    /// ```
    /// use backgammon::{Position, Side};
    /// let p = Position::from_position_id("4HPwATDgc/ABMA", Side::White).unwrap();
    /// assert_eq!(p, Position::start());
    /// assert!(Position::from_position_id("4HPwATDgc/AB", Side::White).is_err());
    /// ```
    pub fn from_position_id(id: &str, turn: Side) -> Result<Position, PositionIdError> {
        let b = id.as_bytes();
        if b.len() != 14 {
            return Err(PositionIdError::Syntax(id.to_string()));
        }
        let mut key = [0u8; 10];
        let mut bits = 0u32;
        let mut nbits = 0;
        let mut k = 0;
        for &c in b {
            let v = b64_value(c).ok_or_else(|| PositionIdError::Syntax(id.to_string()))?;
            bits = (bits << 6) | v as u32;
            nbits += 6;
            if nbits >= 8 {
                nbits -= 8;
                if k < 10 {
                    key[k] = (bits >> nbits) as u8;
                    k += 1;
                }
            }
        }
        let mut sides = [[0u8; 26]; 2];
        let (mut s, mut idx) = (0usize, 1usize);
        for bit in 0..80 {
            if s >= 2 {
                if key[bit / 8] & (1 << (bit % 8)) != 0 {
                    return Err(PositionIdError::Bits(id.to_string()));
                }
                continue;
            }
            if key[bit / 8] & (1 << (bit % 8)) != 0 {
                sides[s][idx] += 1;
                if sides[s][idx] > 15 {
                    return Err(PositionIdError::Bits(id.to_string()));
                }
            } else {
                idx += 1;
                if idx > 25 {
                    s += 1;
                    idx = 1;
                }
            }
        }
        if s < 2 {
            return Err(PositionIdError::Bits(id.to_string()));
        }
        for side in sides.iter_mut() {
            let on: u32 = side.iter().map(|&n| n as u32).sum();
            if on > 15 {
                return Err(PositionIdError::Bits(id.to_string()));
            }
            side[0] = 15 - on as u8;
        }
        let mut counts = BySide::new([0u8; 26], [0u8; 26]);
        *counts.get_mut(!turn) = sides[0];
        *counts.get_mut(turn) = sides[1];
        Position::from_setup(Setup { counts, turn }).map_err(|error| PositionIdError::Invalid {
            id: id.to_string(),
            error,
        })
    }
}
