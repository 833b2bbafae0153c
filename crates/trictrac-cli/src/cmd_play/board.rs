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
mod tests {
    use super::*;
    use trictrac::game::GameOptions;
    use trictrac::Die;

    fn view(viewer: Side, fields: FieldNames) -> View {
        View {
            viewer,
            fields,
            names: BySide::new("you".to_string(), "random".to_string()),
        }
    }

    /// The board part of a line, without the panel.
    fn left(s: &str) -> &str {
        &s[..s.len().min(59)]
    }

    fn started() -> Game {
        let mut g = Game::new(GameOptions::default());
        g.first_move(Die::new(5), Die::new(2)).unwrap();
        g.roll(Roll::new(6, 5)).unwrap();
        g
    }

    #[test]
    fn the_board_fits_in_80_columns_with_both_talons() {
        let g = started();
        for color in [false, true] {
            for v in [
                view(Side::White, FieldNames::Numbers),
                view(Side::Black, FieldNames::Classical),
            ] {
                let lines = render(&g, Some(Roll::new(6, 5)), &v, &Style { color });
                for l in &lines {
                    assert!(strip_len(l) <= 80, "{l}");
                }
                let text = strip(&lines.join("\n"));
                assert_eq!(text.matches("| 15 ").count(), 2, "{text}");
                assert!(text.contains("6-5"));
                assert!(text.contains("talon") && text.contains("coin"));
                assert!(text.contains("white to play"), "{text}");
            }
        }
    }

    /// The treatises' orientation, as on the web board: both talons on
    /// the left, the petit-jan table the left half, the viewer at the
    /// bottom (R-1.3).
    #[test]
    fn white_at_the_bottom_with_its_talon_on_the_left() {
        let g = started();
        let lines = render(
            &g,
            Some(Roll::new(6, 5)),
            &view(Side::White, FieldNames::Numbers),
            &Style { color: false },
        );
        let text = lines.join("\n");
        println!("{text}");
        assert!(lines[1].contains("13") && lines[1].trim_end().ends_with("holes   0"));
        let top_numbers = &left(&lines[1]);
        assert!(top_numbers.trim_start().starts_with("24"), "{top_numbers}");
        assert!(top_numbers.trim_end().ends_with("13"), "{top_numbers}");
        let bottom_numbers = &left(&lines[13]);
        assert!(
            bottom_numbers.trim_start().starts_with("1 "),
            "{bottom_numbers}"
        );
        assert!(bottom_numbers.trim_end().ends_with("12"));
        assert!(lines[0].trim_start().starts_with("talon"), "{}", lines[0]);
        assert!(lines[14].trim_start().starts_with("talon"), "{}", lines[14]);
        // Fifteen on each talon: four checkers and the count.
        assert!(left(&lines[3]).starts_with("  |  X "), "{}", lines[3]);
        assert!(left(&lines[6]).starts_with("  | 15 "), "{}", lines[6]);
        assert!(left(&lines[8]).starts_with("  | 15 "), "{}", lines[8]);
        assert!(left(&lines[11]).starts_with("  |  O "), "{}", lines[11]);
        // Each checker under its number.
        let col_o = lines[11].find('O').unwrap();
        let col_1 = left(&lines[13]).find('1').unwrap();
        assert_eq!(col_o, col_1);
        assert!(lines[7].contains("| 6-5 |"), "{}", lines[7]);
        // Black's side seen from Black.
        let lines = render(
            &g,
            None,
            &view(Side::Black, FieldNames::Numbers),
            &Style { color: false },
        );
        assert!(
            left(&lines[13]).trim_start().starts_with("24"),
            "{}",
            lines[13]
        );
        assert!(
            left(&lines[1]).trim_start().starts_with("1 "),
            "{}",
            lines[1]
        );
    }

    /// Each side's last roll, with its points, and its last play stay in
    /// the panel beside its score.
    #[test]
    fn the_last_roll_and_play_of_each_side() {
        let mut g = Game::new(GameOptions::default());
        g.first_move(Die::new(5), Die::new(2)).unwrap();
        g.roll(Roll::new(6, 5)).unwrap();
        let play = g.legal_plays()[0];
        g.play(&play).unwrap();
        g.roll(Roll::new(2, 1)).unwrap();
        let v = view(Side::White, FieldNames::Numbers);
        let lines = render(&g, Some(Roll::new(2, 1)), &v, &Style { color: false });
        let text = lines.join("\n");
        println!("{text}");
        let (dice, own, _, played) = last_turn(&g, Side::White).unwrap();
        assert_eq!((dice, played), (Roll::new(6, 5), Some(play)));
        // White at the bottom: its roll and play above its points.
        assert!(lines[10].contains(&format!("rolled 6-5 +{own}")), "{text}");
        let p = format!("played {}", play.display(Side::White));
        assert!(lines[11].contains(&p), "{text}");
        // Black's roll being played: no play yet.
        assert!(
            lines[3].contains("rolled 2-1") || lines[3].contains("2-1 +"),
            "{text}"
        );
        assert!(!lines[4].contains("played"), "{text}");
        for l in &lines {
            assert!(strip_len(l) <= 80, "{l}");
        }
    }

    /// The token places of the seed article ("Marcatura del punto";
    /// RULES-CHOICES.md "Token places", R-8.2): 2 and 4 at the base of
    /// fields 2 and 4, outside the row; 6 and 8 at the tips of fields 6 and
    /// 7 against the bar; 10 at the tip of the corner against the side band.
    #[test]
    fn tokens_stand_where_the_article_puts_them() {
        let at = |w: u32, b: u32, bred: &str| {
            let pos: trictrac::Position = format!("w:1x15 b:24x15 w score={w}.0.{b}.0{bred}")
                .parse()
                .unwrap();
            let g = Game::from_position(GameOptions::default(), pos).unwrap();
            render(
                &g,
                None,
                &view(Side::White, FieldNames::Numbers),
                &Style { color: false },
            )
        };
        // Lines: 0 Black's tokens, 6 Black's innermost row (tips), 8
        // White's innermost row, 14 White's tokens; the bar is columns
        // 28..32, the corner's cell 54..57, the side band 58.
        let tokens_at = |l: &str| -> Vec<usize> { l.match_indices('@').map(|(i, _)| i).collect() };
        let lines = at(2, 4, "");
        // Two points: the base of White's field 2 (cell 7..10), toward 3.
        assert_eq!(tokens_at(&lines[14]), vec![column(2) + 3], "{}", lines[14]);
        // Four points: the base of Black's field 4.
        assert_eq!(tokens_at(&lines[0]), vec![column(4) + 3], "{}", lines[0]);
        for l in &lines[1..14] {
            assert!(!l[..58].contains('@'), "no token inside: {l}");
        }
        let lines = at(6, 8, "");
        let bar = MARGIN + 1 + 6 * CELL + 1;
        // Six points: White's tip of field 6, in the bar against it.
        assert_eq!(tokens_at(&lines[8]), vec![bar], "{}", lines[8]);
        assert_eq!(&lines[8][bar - 1..bar + 1], "|@");
        // Eight points: Black's tip of field 7, against the bar.
        assert_eq!(tokens_at(&lines[6]), vec![bar + BAR - 1], "{}", lines[6]);
        assert_eq!(&lines[6][bar + BAR - 1..bar + BAR + 1], "@|");
        assert!(!lines[0].contains('@') && !lines[14].contains('@'));
        // Ten points: the corner's tip against the side band; two tokens
        // en bredouille.
        let lines = at(10, 10, " bredouille=b");
        assert_eq!(tokens_at(&lines[8]), vec![column(12) + 3], "{}", lines[8]);
        assert_eq!(&lines[8][column(12) + 3..column(12) + 5], "@|");
        assert_eq!(
            &lines[6][column(12) + 2..column(12) + 5],
            "@@|",
            "{}",
            lines[6]
        );
        // Eight en bredouille facing White's token at the talons: one
        // token, the run is obvious (issue 24, the article's *A mani
        // vuote*); the panel still says who is en bredouille.
        let lines = at(0, 8, " bredouille=b");
        assert_eq!(&lines[6][bar + BAR - 2..bar + BAR + 1], " @|");
        assert!(lines.join("\n").contains("bredouille: black"));
        // Facing White's points: the second token shows it.
        let lines = at(2, 8, " bredouille=b");
        assert_eq!(&lines[6][bar + BAR - 2..bar + BAR + 1], "@@|");
    }

    /// The labels and the legend follow `--fields` (R-1.6).
    #[test]
    fn field_names_on_the_board() {
        let g = started();
        let lines = render(
            &g,
            None,
            &view(Side::White, FieldNames::Classical),
            &Style { color: false },
        );
        assert!(
            left(&lines[13]).trim_start().starts_with("BT  B1"),
            "{}",
            lines[13]
        );
        assert!(
            left(&lines[13]).trim_end().ends_with("B10 B11"),
            "{}",
            lines[13]
        );
        assert!(
            left(&lines[1]).trim_start().starts_with("NT  N1"),
            "{}",
            lines[1]
        );
        let legend = lines[15..]
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(legend.contains("coin de repos B11|N11"), "{legend}");
        assert!(legend.contains("coin bourgeois B5,B6|N5,N6"), "{legend}");
        let lines = render(
            &g,
            None,
            &view(Side::Black, FieldNames::Soumille),
            &Style { color: false },
        );
        assert!(
            left(&lines[13]).trim_start().starts_with("&   Z   Y"),
            "{}",
            lines[13]
        );
        assert!(
            left(&lines[1]).trim_start().starts_with("A   B   C"),
            "{}",
            lines[1]
        );
        let legend = lines[15..]
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(legend.contains("case du diable H|R"), "{legend}");
        let lines = render(
            &g,
            None,
            &view(Side::White, FieldNames::Lepeintre),
            &Style { color: false },
        );
        assert!(
            left(&lines[13]).trim_end().ends_with("k   l"),
            "{}",
            lines[13]
        );
        let legend = lines[15..]
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(legend.contains("case des écoliers k|n"), "{legend}");
        assert!(
            lines.len() <= 18,
            "a legend of 3 lines at most: {}",
            lines[15..].join("\n")
        );
        for l in &lines {
            assert!(strip_len(l) <= 80, "{l}");
        }
        let lines = render(
            &g,
            None,
            &view(Side::White, FieldNames::Numbers),
            &Style { color: false },
        );
        assert_eq!(lines.len(), 15);
    }
}
