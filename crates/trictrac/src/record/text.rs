//! The text form of a record (NOTATION.md, "Game record"): headers, then
//! one line per roll; written by `Display`, read by `FromStr`.

use super::{Record, RecordError, RecordedJan, RecordedRoll, RecordedSchool};
use crate::dice::Roll;
use core::fmt;
use core::str::FromStr;

impl fmt::Display for RecordedRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.school, &self.contest, &self.settle, &self.resign) {
            (Some(sc), _, _, _) => write!(f, "school {} {}", sc.claimant, sc.named)?,
            (None, Some(c), _, _) => write!(f, "contest {c}")?,
            (None, None, Some(s), _) => write!(f, "settle {s}")?,
            (None, None, None, Some(s)) => write!(f, "resign {s}")?,
            (None, None, None, None) => write!(f, "{} {}", self.side, self.dice)?,
        }
        if let Some(d) = self.white_declared {
            write!(f, " w={d}")?;
        }
        if let Some(d) = self.black_declared {
            write!(f, " b={d}")?;
        }
        if self.white_points > 0 {
            write!(f, " w+{}", self.white_points)?;
        }
        if self.black_points > 0 {
            write!(f, " b+{}", self.black_points)?;
        }
        if !self.jans.is_empty() {
            f.write_str(" {")?;
            for (i, j) in self.jans.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{} {} {}", j.side, j.jan, j.points)?;
            }
            f.write_str("}")?;
        }
        if let Some(d) = &self.decision {
            write!(f, " {d}")?;
        }
        if let Some(p) = &self.play {
            write!(f, " : {p}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let tag =
            |f: &mut fmt::Formatter<'_>, k: &str, v: &str| writeln!(f, "[{k} \"{}\"]", escape(v));
        tag(f, "Event", &h.event)?;
        tag(f, "Date", &h.date)?;
        tag(f, "White", &h.white)?;
        tag(f, "Black", &h.black)?;
        tag(f, "Options", &h.options)?;
        if let Some(s) = h.seed {
            tag(f, "Seed", &s.to_string())?;
        }
        if let Some(s) = &h.start {
            tag(f, "Start", s)?;
        }
        if let Some(r) = &h.result {
            tag(f, "Result", r)?;
        }
        writeln!(f)?;
        for r in &self.rolls {
            writeln!(f, "{r}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        for (n, raw) in s.lines().enumerate() {
            let line = raw.trim();
            let syntax = |problem: String| RecordError::Syntax {
                line: n + 1,
                problem,
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix('[') {
                let rest = rest
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("a header is [Key \"value\"]".into()))?;
                let (key, value) = rest
                    .split_once(' ')
                    .ok_or_else(|| syntax("a header is [Key \"value\"]".into()))?;
                let value = unescape(value.trim());
                let h = &mut rec.header;
                match key {
                    "Event" => h.event = value,
                    "Date" => h.date = value,
                    "White" => h.white = value,
                    "Black" => h.black = value,
                    "Options" => h.options = value,
                    "Seed" => {
                        h.seed =
                            Some(value.parse().map_err(|_| {
                                syntax(format!("[Seed]: `{value}` is not a number"))
                            })?)
                    }
                    "Start" => h.start = Some(value),
                    "Result" => h.result = Some(value),
                    _ => return Err(syntax(format!("unknown header `{key}`"))),
                }
                continue;
            }
            // side dice [w+N] [b+N] [{jans}] [stay|leave] [: play]
            let (main, play) = match line.split_once(" : ") {
                Some((m, p)) => (m, Some(p.trim().to_string())),
                None => (line, None),
            };
            let (main, jans) = match (main.find('{'), main.rfind('}')) {
                (Some(a), Some(b)) if a < b => {
                    let inner = &main[a + 1..b];
                    let mut jans = Vec::new();
                    for item in inner.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                        let parts: Vec<&str> = item.split_whitespace().collect();
                        let [side, jan, points] = parts[..] else {
                            return Err(syntax(format!(
                                "jan `{item}`: expected `side jan-id points`"
                            )));
                        };
                        jans.push(RecordedJan {
                            side: side.into(),
                            jan: jan.into(),
                            points: points
                                .parse()
                                .map_err(|_| syntax(format!("jan `{item}`: bad points")))?,
                        });
                    }
                    (format!("{} {}", &main[..a], &main[b + 1..]), jans)
                }
                _ => (main.to_string(), Vec::new()),
            };
            let mut words = main.split_whitespace();
            let side = words.next().ok_or_else(|| syntax("empty line".into()))?;
            if !matches!(
                side,
                "w" | "b" | "first" | "school" | "contest" | "settle" | "resign"
            ) {
                return Err(syntax(format!(
                    "`{side}`: a line starts with w, b, first, school, contest, settle or resign"
                )));
            }
            let mut r = if side == "settle" {
                let who = words.next().filter(|c| matches!(*c, "w" | "b"));
                let how = words
                    .next()
                    .filter(|c| matches!(*c, "accept" | "correct" | "replay" | "late"));
                let (Some(who), Some(how)) = (who, how) else {
                    return Err(syntax(
                        "a settle line is `settle w|b accept|correct [PLAY]|replay|late`".into(),
                    ));
                };
                // `correct` may name the play chosen (section 11); without
                // it, the smallest correction (records before the choice).
                let play: Vec<&str> = words.by_ref().collect();
                let mut r = RecordedRoll::new("settle", String::new());
                r.settle = Some(if how == "correct" && !play.is_empty() {
                    format!("{who} {how} {}", play.join(" "))
                } else {
                    format!("{who} {how}")
                });
                r
            } else if side == "resign" {
                let who = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a resign line is `resign w|b`".into()))?;
                let mut r = RecordedRoll::new("resign", String::new());
                r.resign = Some(who.into());
                r
            } else if side == "contest" {
                let who = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a contest line is `contest w|b`".into()))?;
                let mut r = RecordedRoll::new("contest", String::new());
                r.contest = Some(who.into());
                r
            } else if side == "school" {
                let claimant = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a school line is `school w|b POINTS`".into()))?;
                let named = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| syntax("a school line is `school w|b POINTS`".into()))?;
                let mut r = RecordedRoll::new("school", String::new());
                r.school = Some(RecordedSchool {
                    claimant: claimant.into(),
                    named,
                });
                r
            } else {
                let mut dice = words
                    .next()
                    .ok_or_else(|| syntax("missing dice A-B".into()))?
                    .to_string();
                // first-move=two-dice-each: `first A-B C-D`.
                if side == "first" {
                    if let Some(next) = words.clone().next() {
                        if next.parse::<Roll>().is_ok() {
                            dice = format!("{dice} {next}");
                            words.next();
                        }
                    }
                }
                RecordedRoll::new(side, dice)
            };
            r.jans = jans;
            r.play = play;
            for w in words {
                if let Some(p) = w.strip_prefix("w+") {
                    r.white_points = p
                        .parse()
                        .map_err(|_| syntax(format!("`{w}`: bad points")))?;
                } else if let Some(p) = w.strip_prefix("b+") {
                    r.black_points = p
                        .parse()
                        .map_err(|_| syntax(format!("`{w}`: bad points")))?;
                } else if let Some(p) = w.strip_prefix("w=") {
                    r.white_declared = Some(
                        p.parse()
                            .map_err(|_| syntax(format!("`{w}`: bad points")))?,
                    );
                } else if let Some(p) = w.strip_prefix("b=") {
                    r.black_declared = Some(
                        p.parse()
                            .map_err(|_| syntax(format!("`{w}`: bad points")))?,
                    );
                } else if w == "stay" || w == "leave" {
                    r.decision = Some(w.into());
                } else {
                    return Err(syntax(format!("unexpected `{w}`")));
                }
            }
            rec.rolls.push(r);
        }
        Ok(rec)
    }
}

/// A header value between quotes, as PGN writes it: `\` and `"` escaped
/// by a backslash; a line break (which would end the header) becomes a
/// space.
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Reads a header value written by [`escape`]: the quotes around it
/// taken off, `\\` and `\"` read back. Older records (a quote written as
/// `'`) and values without quotes read as they are.
fn unescape(v: &str) -> String {
    let v = v.strip_prefix('"').unwrap_or(v);
    let v = v.strip_suffix('"').unwrap_or(v);
    let mut out = String::with_capacity(v.len());
    let mut chars = v.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&n)) if n == '\\' || n == '"' => {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}
