//! Colours for `trictrac play`: plain ANSI escapes, or none.

use trictrac::Side;

/// What a piece of text is, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Ordinary text.
    Plain,
    /// A side's checkers and name.
    Side(Side),
    /// Headings, prompts.
    Bold,
    /// Board lines, empty fields.
    Dim,
    /// Refusals and errors.
    Error,
    /// Points and holes.
    Points,
    /// The dice.
    Dice,
}

/// Turns tones into escapes when colour is on.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn code(tone: Tone) -> &'static str {
        match tone {
            Tone::Plain => "",
            Tone::Side(Side::White) => "\x1b[1;97m",
            Tone::Side(Side::Black) => "\x1b[1;31m",
            Tone::Bold => "\x1b[1m",
            Tone::Dim => "\x1b[2m",
            Tone::Error => "\x1b[31m",
            Tone::Points => "\x1b[32m",
            Tone::Dice => "\x1b[1;33m",
        }
    }

    /// `text` in `tone`.
    pub fn paint(&self, tone: Tone, text: &str) -> String {
        let code = Self::code(tone);
        if !self.color || code.is_empty() || text.is_empty() {
            text.to_string()
        } else {
            format!("{code}{text}\x1b[0m")
        }
    }
}

/// A line built from painted pieces that knows its visible width.
#[derive(Clone, Debug, Default)]
pub struct Line {
    text: String,
    width: usize,
}

impl Line {
    pub fn new() -> Line {
        Line::default()
    }

    /// Appends `s` in `tone`.
    pub fn push(&mut self, style: &Style, tone: Tone, s: &str) -> &mut Line {
        self.text.push_str(&style.paint(tone, s));
        self.width += s.chars().count();
        self
    }

    /// Pads with spaces to `width` visible columns.
    pub fn pad_to(&mut self, width: usize) -> &mut Line {
        while self.width < width {
            self.text.push(' ');
            self.width += 1;
        }
        self
    }

    /// Appends another line.
    pub fn append(&mut self, other: &Line) -> &mut Line {
        self.text.push_str(&other.text);
        self.width += other.width;
        self
    }

    /// Visible width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The text with its escapes, trailing spaces removed.
    pub fn finish(&self) -> String {
        self.text.trim_end().to_string()
    }
}

pub use tables_term::wrap;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_lines_short() {
        let text = "  white: battre à vrai dans la table du petit jan (true hit in the petit-jan table), on 20, 2 ways: 8";
        let lines = wrap(text, 60, 6);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(l.chars().count() <= 60, "{l}");
        }
        assert!(lines[1].starts_with("      ") && !lines[1].starts_with("       "));
        assert_eq!(wrap("a b", 80, 2), vec!["a b".to_string()]);
    }

    #[test]
    fn plain_style_has_no_escapes() {
        let s = Style { color: false };
        assert_eq!(s.paint(Tone::Error, "x"), "x");
        let c = Style { color: true };
        assert!(c.paint(Tone::Error, "x").contains('\x1b'));
        let mut l = Line::new();
        l.push(&c, Tone::Bold, "abc").pad_to(5);
        assert_eq!(l.width(), 5);
    }
}
