//! The race judge's set (`tests/data/race_judge.txt`): race and bear-off
//! decisions (a position and a roll with at least two different
//! positions to reach), each with gnubg's cubeless money equity of the
//! plays at 2 plies, best first.
//!
//! One decision a line, fields separated by ` | `:
//!
//! ```text
//! POSITION_ID ROLL KIND PLAYS GNUBG_HINT | PLAY EQUITY | PLAY EQUITY ...
//! ```
//!
//! the Position ID (the side on roll's checkers second, as gnubg writes
//! it), the roll (`6-4`), `race` or `bearoff` (which of our evaluators
//! values the position), the number of different positions the roll
//! reaches, whether gnubg's own 2-ply choice (its `hint`, move filters
//! and pruning on) is the best of all plays (`hint=best`) or another
//! (`hint=other`); then the plays (gnubg's notation, the mover's
//! numbering) within the set's margin of the best, each with its equity
//! at gnubg's 2 plies, best first. A play not listed loses more than the
//! margin (line `# margin M`). Lines starting with `#` are comments.

use backgammon::{Play, PlayText, Position, Roll, Rules, Side};

/// One judged decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The position, White on roll.
    pub pos: Position,
    /// The roll.
    pub roll: Roll,
    /// `race` or `bearoff`.
    pub kind: String,
    /// How many different positions the roll reaches.
    pub choices: usize,
    /// Whether gnubg's own 2-ply choice is the best of the plays.
    pub hint_is_best: bool,
    /// The plays within the margin with their equities, best first.
    pub plays: Vec<(String, f64)>,
}

impl Decision {
    /// The decision's line.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} {} {} {} {}",
            self.pos.to_position_id(),
            self.roll,
            self.kind,
            self.choices,
            if self.hint_is_best {
                "hint=best"
            } else {
                "hint=other"
            }
        );
        for (p, e) in &self.plays {
            s.push_str(&format!(" | {p} {e:+.5}"));
        }
        s
    }

    /// The best equity.
    pub fn best(&self) -> f64 {
        self.plays.first().map_or(0.0, |p| p.1)
    }

    /// The equity `play` loses against the best by gnubg's 2 plies
    /// (`None`: more than the set's margin, not listed).
    pub fn loss(&self, play: &Play, rules: &Rules) -> Option<f64> {
        let target = self.pos.play_unchecked(play);
        self.plays.iter().find_map(|(text, e)| {
            let reached = text
                .parse::<PlayText>()
                .ok()
                .and_then(|t| self.pos.resolve_play(self.roll, &t, rules).ok())
                .map(|p| self.pos.play_unchecked(&p));
            (reached == Some(target)).then(|| self.best() - e)
        })
    }
}

/// Reads a set: its margin and decisions.
///
/// # Errors
/// A line that cannot be read, with its number.
pub fn parse(text: &str) -> Result<(f64, Vec<Decision>), String> {
    let mut margin = None;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |why: &str| format!("line {}: {why}: `{line}`", n + 1);
        if let Some(m) = line.strip_prefix("# margin ") {
            margin = Some(m.trim().parse::<f64>().map_err(|_| bad("a margin"))?);
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(" | ");
        let head: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
        let [id, roll, kind, choices, hint] = head[..] else {
            return Err(bad("five fields before the plays"));
        };
        let pos = Position::from_position_id(id, Side::White).map_err(|_| bad("a Position ID"))?;
        let roll: Roll = roll.parse().map_err(|_| bad("a roll"))?;
        let choices: usize = choices.parse().map_err(|_| bad("a count of plays"))?;
        let mut plays = Vec::new();
        for p in parts {
            let (text, e) = p
                .rsplit_once(' ')
                .ok_or_else(|| bad("a play and its equity"))?;
            let e: f64 = e.parse().map_err(|_| bad("an equity"))?;
            plays.push((text.to_string(), e));
        }
        if plays.is_empty() || plays.windows(2).any(|w| w[0].1 < w[1].1) {
            return Err(bad("plays best first"));
        }
        out.push(Decision {
            pos,
            roll,
            kind: kind.to_string(),
            choices,
            hint_is_best: hint == "hint=best",
            plays,
        });
    }
    Ok((margin.ok_or("no `# margin` line")?, out))
}
