//! The tablier drawn in text, 80 columns wide at most.
//!
//! ```text
//!   talon                                          coin  BLACK  random
//!     24  23  22  21  20  19          18  17  16  15  14  13  holes   0
//!   +------------------------+-----+------------------------+ points  4
//!   |  X   .   X   .   .   . |     |  X   .   .   .   .   . | 6-5 +4
//!   |  X                     |     |                        | 24-18 24-19
//!   |  X                     |     |                        | bredouille: black
//!   |  12                    |     |                        | pavillon: to take
//!   |                        | 5-1 |                        | dice 5-1
//!   |  12                    |     |                        | white to play
//!   |  O                     |     |                        | relevé 1
//!   |  O                     |     |                        | 4-2 +0
//!   |  O   .   .   O   .   . |     |  O   .   .   .   .   . | 1-5 1-3
//!   +------------------------+-----+------------------------+ points  0
//!      1   2   3   4   5   6           7   8   9  10  11  12  holes   0
//!   talon                                          coin  WHITE  you
//! ```
//!
//! The orientation of the treatises (and of the web board): the side at
//! the bottom is the viewer, and each side's row shows its own fields 1
//! (its talon) to 12 (its rest corner, *coin*) from left to right, so
//! both talons are on the left, by the band where the pavillon starts,
//! and the petit-jan table is the left half. A side's points are shown
//! where its token (*jeton*) stands in the treatises (seed article,
//! "Marcatura del punto"; RULES-CHOICES.md "Token places"): 2 and 4 at the
//! base of the side's fields 2 and 4 (classical arrows 1 and 3), on the
//! line outside its row; 6 and 8 at the tips of its fields 6 and 7
//! (arrows 5 and 6) against the bar, drawn in the bar beside its innermost
//! row; 10 at the tip of its corner (arrow 11) against the side band; two
//! tokens (`@@`) when it marks *en bredouille* (R-8.2) facing the
//! opponent's points (the article draws no second token while the
//! opponent's is still at the talons: the run is obvious). Beside each side's score, the panel keeps that side's last
//! roll with the points it brought, and its last play, so that the bot's
//! turn is still in view when the person is asked.

use trictrac::{BySide, Event, Field, FieldNames, Game, Play, Roll, Side};

use crate::jans_json::marker;

use super::style::{Line, Style, Tone};
pub use super::words::{flag_text, label, named_fields_text, play_text, run_text, turn_text};

/// How the board is drawn.
#[derive(Clone, Debug)]
pub struct View {
    /// The side drawn at the bottom.
    pub viewer: Side,
    /// How fields are labelled, and plays printed and read (R-1.6).
    pub fields: FieldNames,
    /// A word after each side's name (`you`, a bot's name).
    pub names: BySide<String>,
}

/// Cells are 4 columns wide; the board starts after a 2-column margin.
const MARGIN: usize = 2;
const CELL: usize = 4;
const BAR: usize = 5;
/// Where the panel to the right of the board starts.
const PANEL: usize = MARGIN + 1 + 6 * CELL + 1 + BAR + 1 + 6 * CELL + 1 + 1;
/// Stacked checkers drawn before the count takes the last row.
const ROWS: usize = 4;

/// The twelve absolute fields of `side`'s row, left to right: its own
/// fields 1 (talon) up to 12 (corner).
fn row_fields(side: Side) -> [Field; 12] {
    let mut r = [Field::new(1); 12];
    for (i, slot) in r.iter_mut().enumerate() {
        *slot = Field::new(i as u8 + 1).to_absolute(side);
    }
    r
}

/// The column where the cell of a side's own field `k` starts in its row.
fn column(k: u8) -> usize {
    let i = k as usize - 1;
    MARGIN + 1 + i * CELL + if i >= 6 { BAR + 2 } else { 0 }
}

fn glyph(side: Side) -> &'static str {
    match side {
        Side::White => "O",
        Side::Black => "X",
    }
}

/// Writes `text` into a 4-column cell starting at the line's end: one
/// character in the cell's second column, two in the first two.
fn put_cell(line: &mut Line, style: &Style, tone: Tone, text: &str) {
    let start = line.width();
    let lead = if text.chars().count() >= 2 { 1 } else { 2 };
    line.pad_to(start + lead);
    line.push(style, tone, text);
    line.pad_to(start + CELL);
}

/// Draws the board of `game` with `dice` in the bar: 15 lines of at most
/// 80 columns, and a legend of the names when they are not numbers.
pub fn render(game: &Game, dice: Option<Roll>, view: &View, style: &Style) -> Vec<String> {
    let board = game.position().board();
    let score = game.score();
    let top = !view.viewer;
    let bottom = view.viewer;

    let numbers = |side: Side| -> Line {
        let mut l = Line::new();
        l.pad_to(MARGIN + 1);
        for (i, &f) in row_fields(side).iter().enumerate() {
            if i == 6 {
                let w = l.width();
                l.pad_to(w + BAR + 2);
            }
            put_cell(&mut l, style, Tone::Bold, &label(f, view));
        }
        l
    };
    // The second token only where the article draws it (issue 24,
    // `ScoreState::bredouille_token`).
    let token = |side: Side| -> &'static str {
        if score.bredouille_token() == Some(side) {
            "@@"
        } else {
            "@"
        }
    };
    // The line outside a side's row, by the bases of its fields: the
    // labels of its talon and corner, and its token for 2 or 4 points,
    // at the base of its field 2 or 4 shifted toward the next field.
    let tokens = |side: Side| -> Line {
        let token = token(side);
        let mut items: Vec<(usize, &str, Tone)> = vec![
            (column(12), "coin", Tone::Dim),
            (column(1), "talon", Tone::Dim),
        ];
        let p = *score.points.get(side);
        if p == 2 || p == 4 {
            items.push((column(p) + 4 - token.len(), token, Tone::Points));
        }
        items.sort_by_key(|i| i.0);
        let mut l = Line::new();
        for (col, text, tone) in items {
            l.pad_to(col).push(style, tone, text);
        }
        l
    };
    let checker_row = |side: Side, r: usize| -> Line {
        let fields = row_fields(side);
        let points = *score.points.get(side);
        // The innermost row is by the tips of the side's fields.
        let tips = r == ROWS - 1;
        let mut l = Line::new();
        l.pad_to(MARGIN).push(style, Tone::Dim, "|");
        for (i, &f) in fields.iter().enumerate() {
            if i == 6 {
                l.push(style, Tone::Dim, "|");
                let w = l.width();
                // Six and eight points: at the tip of field 6 (arrow 5)
                // or 7 (arrow 6), against the bar.
                match (tips, points) {
                    (true, 6) => {
                        l.push(style, Tone::Points, token(side));
                    }
                    (true, 8) => {
                        l.pad_to(w + BAR - token(side).len());
                        l.push(style, Tone::Points, token(side));
                    }
                    _ => {}
                }
                l.pad_to(w + BAR).push(style, Tone::Dim, "|");
            }
            // Row `r` counted from the edge of the board.
            let (text, tone) = match board.at(f) {
                Some((s, n)) if n as usize > ROWS && r == ROWS - 1 => {
                    (n.to_string(), Tone::Side(s))
                }
                Some((s, n)) if r < n as usize => (glyph(s).to_string(), Tone::Side(s)),
                _ if r == 0 => (".".to_string(), Tone::Dim),
                _ => (String::new(), Tone::Plain),
            };
            if tips && points == 10 && i == 11 {
                // Ten points: at the tip of the corner (arrow 11), against
                // the side band, in the cell's last column(s); a checker
                // drawn there keeps its place (the second token of a
                // bredouille is then only in the panel's `@@`).
                let start = l.width();
                let t = token(side);
                let t = if text.is_empty() { t } else { "@" };
                if !text.is_empty() {
                    let lead = if text.chars().count() >= 2 { 1 } else { 2 };
                    l.pad_to(start + lead);
                    l.push(style, tone, &text);
                }
                l.pad_to(start + CELL - t.len());
                l.push(style, Tone::Points, t);
                continue;
            }
            put_cell(&mut l, style, tone, &text);
        }
        l.push(style, Tone::Dim, "|");
        l
    };
    let border = || -> Line {
        let mut l = Line::new();
        l.pad_to(MARGIN).push(
            style,
            Tone::Dim,
            &format!(
                "+{}+{}+{}+",
                "-".repeat(6 * CELL),
                "-".repeat(BAR),
                "-".repeat(6 * CELL)
            ),
        );
        l
    };

    let mut lines: Vec<Line> = vec![tokens(top), numbers(top), border()];
    for r in 0..ROWS {
        lines.push(checker_row(top, r));
    }
    // The middle row: the dice in the bar.
    let mut mid = Line::new();
    mid.pad_to(MARGIN).push(style, Tone::Dim, "|");
    mid.pad_to(MARGIN + 1 + 6 * CELL)
        .push(style, Tone::Dim, "|");
    if let Some(d) = dice {
        mid.push(style, Tone::Plain, " ");
        mid.push(style, Tone::Dice, &d.to_string());
    }
    mid.pad_to(MARGIN + 1 + 6 * CELL + 1 + BAR);
    mid.push(style, Tone::Dim, "|");
    let w = mid.width();
    mid.pad_to(w + 6 * CELL).push(style, Tone::Dim, "|");
    lines.push(mid);
    for r in (0..ROWS).rev() {
        lines.push(checker_row(bottom, r));
    }
    lines.push(border());
    lines.push(numbers(bottom));
    lines.push(tokens(bottom));

    // The panel to the right: each side's score beside its row, the
    // dice and the turn in the middle.
    let side_block = |side: Side| -> [Line; 3] {
        let mut name = Line::new();
        name.push(style, Tone::Side(side), &side.name().to_uppercase());
        let extra: String = view.names.get(side).chars().take(12).collect();
        if !extra.is_empty() {
            name.push(style, Tone::Plain, &format!("  {extra}"));
        }
        let mut holes = Line::new();
        holes.push(style, Tone::Plain, "holes  ");
        holes.push(
            style,
            Tone::Points,
            &format!("{:>2}", score.holes.get(side)),
        );
        let mut points = Line::new();
        points.push(style, Tone::Plain, "points ");
        points.push(
            style,
            Tone::Points,
            &format!("{:>2}", score.points.get(side)),
        );
        if score.bredouille_token() == Some(side) {
            points.push(style, Tone::Points, " @@");
        }
        [name, holes, points]
    };
    let text = |s: String| {
        let mut l = Line::new();
        l.push(style, Tone::Plain, &s);
        l
    };
    let mut panel: Vec<Line> = vec![Line::new(); lines.len()];
    let n = panel.len();
    let [name, holes, points] = side_block(top);
    panel[0] = name;
    panel[1] = holes;
    panel[2] = points;
    let [name, holes, points] = side_block(bottom);
    panel[n - 3] = points;
    panel[n - 2] = holes;
    panel[n - 1] = name;
    // Each side's last roll and play, beside its score.
    let [roll, play] = last_turn_lines(game, top, view.fields, style);
    panel[3] = roll;
    panel[4] = play;
    let [roll, play] = last_turn_lines(game, bottom, view.fields, style);
    panel[n - 5] = roll;
    panel[n - 4] = play;
    // The middle row, with the dice in the bar.
    let mid = 3 + ROWS;
    panel[mid - 2] = text(format!("bredouille: {}", run_text(score.bredouille)));
    panel[mid - 1] = text(format!("pavillon: {}", flag_text(score)));
    let mut d = Line::new();
    d.push(style, Tone::Plain, "dice ");
    match dice {
        Some(r) => d.push(style, Tone::Dice, &r.to_string()),
        None => d.push(style, Tone::Plain, "-"),
    };
    panel[mid] = d;
    let mut t = Line::new();
    let tone = game.phase().side().map_or(Tone::Bold, Tone::Side);
    t.push(style, tone, &turn_text(game.phase()));
    panel[mid + 1] = t;
    panel[mid + 2] = text(format!("relevé {}", game.releves()));

    let mut out = Vec::with_capacity(lines.len() + 2);
    for (mut l, p) in lines.into_iter().zip(panel) {
        if p.width() > 0 {
            l.pad_to(PANEL).append(&p);
        }
        out.push(l.finish());
    }
    if view.fields != FieldNames::Numbers {
        // A legend: the names in use, and where the named fields are.
        let head = format!(
            "  {} names: white's talon {} to corner {}, black's corner {} to talon {}.",
            view.fields,
            view.fields.name(1),
            view.fields.name(12),
            view.fields.name(13),
            view.fields.name(24)
        );
        let t = format!("{head} {}", named_fields_text(view.fields, false));
        out.extend(super::style::wrap(&t, 79, 4));
    }
    out
}

/// The last roll of `side` in the game: its dice, the points its jans
/// gave `side` and its opponent, and the play that followed (none while
/// it is being played, or when the mover left).
pub fn last_turn(game: &Game, side: Side) -> Option<(Roll, u32, u32, Option<Play>)> {
    let events = game.events();
    let at = events
        .iter()
        .rposition(|e| matches!(e, Event::Rolled(s) if s.side == side))?;
    let Event::Rolled(score) = &events[at] else {
        return None;
    };
    let (mut own, mut other) = (0, 0);
    for j in &score.jans {
        if marker(j, side) == side {
            own += j.points;
        } else {
            other += j.points;
        }
    }
    let play = events[at + 1..].iter().find_map(|e| match e {
        Event::Played { side: s, play } if *s == side => Some(*play),
        _ => None,
    });
    Some((score.roll, own, other, play))
}

/// Whether the points of `side`'s last roll are still being marked by
/// hand (`marking=manual`): until the other player has marked what the
/// roll gave him (and claimed any school on it), nobody is shown the
/// count — each player counts for himself (R-10).
pub fn count_hidden(game: &Game, side: Side) -> bool {
    if game.options().marking != trictrac::game::MarkingMode::Manual {
        return false;
    }
    let events = game.events();
    let Some(at) = events
        .iter()
        .rposition(|e| matches!(e, Event::Rolled(s) if s.side == side))
    else {
        return false;
    };
    !events[at + 1..].iter().any(|e| match e {
        Event::Declared { side: s, .. } => *s != side,
        Event::Rolled(_) => true,
        _ => false,
    })
}

/// The two panel lines of `side`'s last turn, e.g. `rolled 6-5 +4` and
/// `played 1-7 1-6`; at most 20 columns each.
fn last_turn_lines(game: &Game, side: Side, names: FieldNames, style: &Style) -> [Line; 2] {
    let mut roll = Line::new();
    let mut play = Line::new();
    if let Some((dice, own, other, played)) = last_turn(game, side) {
        if count_hidden(game, side) {
            // Manual marking: the count only once the roll is marked.
            roll.push(style, Tone::Plain, "rolled ");
            roll.push(style, Tone::Dice, &dice.to_string());
        } else if other == 0 {
            roll.push(style, Tone::Plain, "rolled ");
            roll.push(style, Tone::Dice, &dice.to_string());
            roll.push(style, Tone::Points, &format!(" +{own}"));
        } else {
            roll.push(style, Tone::Dice, &dice.to_string());
            roll.push(style, Tone::Points, &format!(" +{own}, {} +{other}", !side));
        }
        if let Some(p) = played {
            let text = play_text(&p, side, names);
            play.push(style, Tone::Plain, &format!("played {text}"));
        }
    }
    [roll, play]
}

/// The visible width of a string with ANSI escapes.
#[cfg(test)]
pub fn strip_len(s: &str) -> usize {
    strip(s).chars().count()
}

/// `s` without its ANSI escapes.
#[cfg(test)]
pub fn strip(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut esc = false;
    for c in s.chars() {
        if esc {
            if c.is_ascii_alphabetic() {
                esc = false;
            }
        } else if c == '\x1b' {
            esc = true;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests;
