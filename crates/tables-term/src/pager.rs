//! The screen's size and long lists in pages (issue 25, item 13): in a
//! terminal of 24 lines, the board, the last roll and the prompt stay on
//! the screen, and the legal plays that do not fit below them are shown a
//! page at a time by `list`.

use std::io::IsTerminal;

/// The widest a line of the list may be.
const WIDTH: usize = 78;

/// The lines of the terminal, when the output is one (piped output is
/// not paged).
pub fn rows() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    console::Term::stdout()
        .size_checked()
        .map(|(rows, _)| rows as usize)
        .filter(|&r| r > 0)
}

/// The items laid out in columns, as many a line as fit in 78 columns.
pub fn columns(items: &[String]) -> Vec<String> {
    let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 2;
    let per_line = (WIDTH / width).max(1);
    items
        .chunks(per_line)
        .map(|chunk| {
            let line: String = chunk.iter().map(|s| format!("{s:<width$}")).collect();
            line.trim_end().to_string()
        })
        .collect()
}

/// One page of a list: its lines, and the index of the first item of the
/// next page (`None` when this page ends the list).
#[derive(Debug, PartialEq)]
pub struct Page {
    /// The lines to print.
    pub lines: Vec<String>,
    /// The items shown: `from..to`.
    pub to: usize,
    /// Whether items remain after this page.
    pub more: bool,
}

/// The items from `from` on, in columns, in at most `room` lines (at
/// least one line).
pub fn page(items: &[String], from: usize, room: usize) -> Page {
    let all = columns(items);
    let per_line = if all.is_empty() {
        1
    } else {
        items.len().div_ceil(all.len())
    };
    let first_line = from / per_line;
    let room = room.max(1);
    let lines: Vec<String> = all.iter().skip(first_line).take(room).cloned().collect();
    let to = ((first_line + lines.len()) * per_line).min(items.len());
    Page {
        lines,
        to,
        more: to < items.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_cut_into_pages() {
        let items: Vec<String> = (1..=100).map(|i| format!("{i:>3}) 8/5 6/5")).collect();
        let p = page(&items, 0, 3);
        assert_eq!(p.lines.len(), 3);
        assert!(p.more);
        let q = page(&items, p.to, 100);
        assert!(!q.more);
        assert_eq!(q.to, 100);
        assert!(q.lines[0]
            .trim_start()
            .starts_with(&format!("{})", p.to + 1)));
        for l in columns(&items) {
            assert!(l.chars().count() <= 78, "{l}");
        }
    }
}
