//! Writing `.mat` text, in gnubg's layout, and the names as it holds them.

use core::fmt;

use tables::Side;

use super::MatFile;
use crate::game::Event;

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
