//! The backgammon board in text, from a side, and plays as the board
//! names them (gnubg's numbers or the page's line names, BG-1.3).

use super::*;

/// The board from `viewer`'s side: his points 13–24 on top, 12–1 below,
/// the bar in the middle, X his checkers, O the opponent's.
pub(crate) fn draw_board(
    pos: &Position,
    cube: Cube,
    viewer: Side,
    lines: bool,
    state: &MatchState,
) -> String {
    let me = pos.counts(viewer);
    let op = pos.counts(!viewer);
    // Checkers on the viewer's point p: positive his, negative the opponent's.
    let at = |p: usize| -> i32 {
        if me[p] > 0 {
            me[p] as i32
        } else {
            -(op[25 - p] as i32)
        }
    };
    let label = |p: usize| -> String {
        if lines {
            backgammon::Point::new(p as u8).line_name(viewer)
        } else {
            p.to_string()
        }
    };
    let cell = |n: i32, row: usize| -> &'static str {
        let k = n.unsigned_abs() as usize;
        if k > row {
            if n > 0 {
                " X "
            } else {
                " O "
            }
        } else {
            "   "
        }
    };
    let count = |n: i32| -> String {
        let k = n.unsigned_abs();
        if k > 5 {
            format!("{k:^3}")
        } else {
            "   ".into()
        }
    };
    let mut s = String::new();
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let header = |pts: &[usize]| -> String {
        let mut h = String::from(" ");
        for (i, &p) in pts.iter().enumerate() {
            if i == 6 {
                h.push_str(" |   | ");
            }
            h.push_str(&format!("{:^3}", label(p)));
        }
        h
    };
    s.push_str(&header(&top));
    s.push('\n');
    for row in 0..5 {
        s.push(' ');
        for (i, &p) in top.iter().enumerate() {
            if i == 6 {
                s.push_str(" |   | ");
            }
            s.push_str(if row == 4 && at(p).unsigned_abs() > 5 {
                ""
            } else {
                cell(at(p), row)
            });
            if row == 4 && at(p).unsigned_abs() > 5 {
                s.push_str(&count(at(p)));
            }
        }
        s.push('\n');
    }
    let bar = format!(
        " bar: X {}  O {}    off: X {}  O {}    videau: {}{}",
        me[25],
        op[25],
        me[0],
        op[0],
        cube.value,
        match cube.owner {
            None => " (centred)".to_string(),
            Some(o) if o == viewer => " (yours)".to_string(),
            Some(_) => " (opponent's)".to_string(),
        }
    );
    s.push_str(&bar);
    s.push('\n');
    for row in (0..5).rev() {
        s.push(' ');
        for (i, &p) in bottom.iter().enumerate() {
            if i == 6 {
                s.push_str(" |   | ");
            }
            if row == 4 && at(p).unsigned_abs() > 5 {
                s.push_str(&count(at(p)));
            } else {
                s.push_str(cell(at(p), row));
            }
        }
        s.push('\n');
    }
    s.push_str(&header(&bottom));
    s.push('\n');
    s.push_str(&format!(
        " X = {} (pips {}), O = {} (pips {})",
        viewer,
        pos.pip_count(viewer),
        !viewer,
        pos.pip_count(!viewer)
    ));
    if state.length > 0 {
        s.push_str(&format!(
            "; match to {}: {} {} - {} {}{}",
            state.length,
            viewer,
            state.score.get(viewer),
            !viewer,
            state.score.get(!viewer),
            if state.crawford {
                " (Crawford game)"
            } else {
                ""
            }
        ));
    }
    s.push('\n');
    s
}

impl BgTerminal<'_> {
    /// A play of `side` as the board names the points.
    pub(super) fn show_play(&self, p: &Play, side: Side) -> String {
        if self.lines {
            line_names(p, side)
        } else {
            p.to_string()
        }
    }

    /// Draws the board of the current game from the viewer's side.
    pub(super) fn draw(&mut self) -> std::io::Result<()> {
        let g = &self.m.game;
        let b = draw_board(
            g.position(),
            g.cube(),
            self.viewer,
            self.lines,
            g.match_state(),
        );
        self.term.mark_top();
        self.drawn = true;
        write!(self.term, "\n{b}")
    }

    /// The legal plays numbered, `  3) 8/5 6/5`.
    pub(super) fn play_items(&self, side: Side) -> Vec<String> {
        if !matches!(self.m.game.phase(), Phase::Play(..)) {
            return Vec::new();
        }
        self.m
            .game
            .legal_plays()
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{:>3}) {}", i + 1, self.show_play(p, side)))
            .collect()
    }
}
