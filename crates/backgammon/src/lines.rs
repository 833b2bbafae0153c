//! Plays written with the page's line names (BG-1.3).

use tables::Side;

use crate::board::Point;
use crate::notation::{PlayParseError, PlayText};
use crate::plays::Play;

/// `play` of `side` written as gnubg writes it ([`Play`]'s `Display`) but
/// with each point named by the page's lines N and B (BG-1.3): White's
/// `8/5 6/5` is `B8/B5 B6/B5`, his `24/18` is `N1/N7`; `bar`, `off`,
/// `*` and counts such as `(2)` are kept.
///
/// ```
/// use backgammon::{play_line_names, Position, Roll, Rules, Side};
/// let pos = Position::start();
/// let rules = Rules::standard();
/// let p = pos.resolve_play(Roll::new(3, 1), &"8/5 6/5".parse().unwrap(), &rules).unwrap();
/// assert_eq!(play_line_names(&p, Side::White), "B8/B5 B6/B5");
/// assert_eq!(play_line_names(&p, Side::Black), "N8/N5 N6/N5");
/// let p = pos.resolve_play(Roll::new(6, 6), &"24/18(2) 13/7(2)".parse().unwrap(), &rules).unwrap();
/// assert_eq!(play_line_names(&p, Side::White), "N1/N7(2) N12/B7(2)");
/// ```
pub fn play_line_names(play: &Play, side: Side) -> String {
    let text = play.to_string();
    let mut out = String::with_capacity(text.len() + 8);
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String, in_count: bool| {
        if digits.is_empty() {
            return;
        }
        match digits
            .parse::<u8>()
            .ok()
            .and_then(|n| Point::try_from(n).ok())
        {
            Some(p) if !in_count => out.push_str(&p.line_name(side)),
            _ => out.push_str(digits),
        }
        digits.clear();
    };
    let mut in_count = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        flush(&mut digits, &mut out, in_count);
        match c {
            '(' => in_count = true,
            ')' => in_count = false,
            _ => {}
        }
        out.push(c);
    }
    flush(&mut digits, &mut out, in_count);
    out
}

/// Reads a play written with line names (BG-1.3) by `side`: `B8/B5 B6/B5`
/// for White is `8/5 6/5`. `bar`, `off`, `*` and counts are read as in
/// [`PlayText`].
///
/// # Errors
/// A line name outside 1–12 or text that is not a play.
///
/// ```
/// use backgammon::{lines::play_text_from_line_names, Side};
/// let t = play_text_from_line_names("N1/N7(2) N12/B7(2)", Side::White).unwrap();
/// assert_eq!(t.segments(), vec![(24, 18), (24, 18), (13, 7), (13, 7)]);
/// assert!(play_text_from_line_names("B13/B7", Side::White).is_err());
/// ```
pub fn play_text_from_line_names(text: &str, side: Side) -> Result<PlayText, PlayParseError> {
    let bad = |why: String| PlayParseError {
        text: text.to_string(),
        why,
    };
    let (low, high) = match side {
        Side::White => ('B', 'N'),
        Side::Black => ('N', 'B'),
    };
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].to_ascii_uppercase();
        let starts_name =
            (c == 'B' || c == 'N') && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if !starts_name {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let digits: String = chars[i + 1..j].iter().collect();
        let n: u8 = digits
            .parse()
            .ok()
            .filter(|n| (1..=12).contains(n))
            .ok_or_else(|| {
                bad(format!(
                    "`{c}{digits}`: lines are numbered 1 to 12 (BG-1.3)"
                ))
            })?;
        let p = if c == low {
            n
        } else {
            debug_assert_eq!(c, high);
            25 - n
        };
        out.push_str(&p.to_string());
        i = j;
    }
    out.parse()
}
