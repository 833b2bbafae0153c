//! The one terminal session of both games (issue 21, item 4; issue 25,
//! items 6, 13 and 14; issue 23, item 1; issue 24, item 4), run as the
//! real binary: `trictrac play` and `trictrac bg play` share their
//! commands (undo, help, resign confirmed, autosave only with moves in
//! the data directory), list the bots by level, fit a terminal of 80×24
//! (a pseudo-terminal set to that size), and backgammon prints its IDs
//! and tells the opening throw.

use std::path::Path;

#[path = "../support/mod.rs"]
mod support;

use support::{args, assert_fits_80, flat, scratch};

mod backgammon;
mod commands;
mod screen;

/// `trictrac ARGS` in `dir` (its data directory too) with `input` piped,
/// `ARGS` written as a command line (words without spaces); the output
/// with line breaks and runs of spaces made single spaces.
fn run(dir: &Path, args: &str, input: &str) -> String {
    flat(&support::piped_in(dir, &support::args(args), input))
}
