//! The terminal loop's help and wrapping.

use super::*;

#[test]
fn help_lists_each_command_once_and_undo_where_allowed() {
    let game = "Commands:\n  3              a play\n  resign         the game's own\n                 words";
    let lines = help_lines(game, true);
    let commands: Vec<&str> = lines.iter().filter_map(|l| help_command(l)).collect();
    let mut unique = commands.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), commands.len(), "{lines:#?}");
    assert!(lines.iter().any(|l| l.contains("the game's own")));
    assert!(!lines.iter().any(|l| l.contains("give up the game")));
    assert!(commands.contains(&"undo"));
    assert!(!help_lines(game, false)
        .iter()
        .any(|l| help_command(l) == Some("undo")));
}

#[test]
fn the_common_help_fits_in_80_columns() {
    for l in COMMON_HELP.lines() {
        assert!(l.chars().count() <= 80, "{l}");
    }
}

#[test]
fn saved_to_a_path_is_kept_on_one_line() {
    let p = Path::new("/a/rather/long/path/to/the/data/directory/trictrac/autosave.txt");
    let text = format!(
        "End of input: the game is left unfinished: {}.",
        saved_to(p)
    );
    let lines: Vec<String> = crate::wrap(&text, 79, 2)
        .into_iter()
        .map(|l| l.replace(GLUE, " "))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("saved to {}", p.display()))),
        "{lines:?}"
    );
}
