//! Input piped from a file, as scripts do: the commands, the end of
//! input, whole games, bad arguments, resigning.

use super::*;

#[test]
fn piped_commands_and_the_end_of_input() {
    let text = piped(
        &args("play --seed 4 --bot random"),
        "help\nboard\nnames\n99\n1-25\nstay\nresign\nyes\n",
    );
    assert!(
        text.contains("Commands (type them at any prompt)"),
        "{text}"
    );
    assert!(text.contains("classical names: white's talon BT to corner B11"));
    assert!(
        text.contains(" NT N1 N2 "),
        "classical names of Black's side"
    );
    assert!(text.contains("There is no play number 99"));
    assert!(text.contains("`1-25` is neither a command nor a play"));
    assert!(text.contains("`stay` is not asked now"));
    assert!(text.contains("White resigns: Black wins the game."));
    // Input lines are echoed after the prompt.
    assert!(text.contains("your play [") && text.contains("]> help"));

    // The end of the input saves the unfinished game and says where.
    let dir = scratch("end-of-input");
    let text = flat(&piped_in(&dir, &args("play --seed 4 --bot random"), "1\n"));
    // In the data directory (issue 25, item 14).
    let auto = dir.join("trictrac").join("trictrac-autosave.txt");
    assert!(
        text.trim_end().ends_with(&format!(
            "End of input: the game is left unfinished: saved to {0}. \
             Resume it with: trictrac play --load {0}",
            auto.display()
        )),
        "{text}"
    );
    let rec = std::fs::read_to_string(&auto).unwrap();
    assert!(rec.contains("[Seed \"4\"]"), "{rec}");
    let text = flat(&piped_in(
        &dir,
        &["play", "--load", auto.to_str().unwrap()],
        "resign\nyes\n",
    ));
    assert!(
        text.contains(&format!("Resumed {}", auto.display())),
        "{text}"
    );
}

#[test]
fn a_piped_game_as_black_to_the_end() {
    let input = "1\nstay\n".repeat(400);
    let raw = piped_raw(&args("play --side b --seed 8 --bot random"), &input);
    let text = flat(&raw);
    assert!(text.contains("you play Black against the bot `random`"));
    assert!(text.contains("black, your play ["));
    assert!(
        text.contains("wins the game"),
        "{}",
        &text[text.len() - 2000..]
    );
    // Black at the bottom, White's fields above: both talons on the left
    // (field 24, Black's talon, bottom left), as in the treatises.
    let board: Vec<&str> = raw
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("talon"))
        .take(15)
        .collect();
    assert!(board[1].trim_start().starts_with("1   2   3"), "{board:?}");
    assert!(
        board[13].trim_start().starts_with("24  23  22"),
        "{board:?}"
    );
    assert!(board[13][..59].trim_end().ends_with("13"), "{board:?}");
}

#[test]
fn a_hotseat_game_saved_as_json_and_resumed() {
    let saved = temp("hotseat.json");
    let input = format!("1\n1\n1\nsave {}\nquit\n", saved.display());
    let text = piped(&["play", "--hotseat", "--seed", "6"], &input);
    assert!(text.contains("two players at one keyboard"));
    assert!(text.contains("white, your play") && text.contains("black, your play"));
    let json = std::fs::read_to_string(&saved).unwrap();
    assert!(json.trim_start().starts_with('{'), "{json}");
    assert!(json.contains("\"white\": \"human\"") && json.contains("\"black\": \"human\""));
    let text = piped(
        &["play", "--load", saved.to_str().unwrap()],
        "1\nresign\nyes\n",
    );
    assert!(text.contains("Resumed"), "{text}");
    assert!(text.contains("two players at one keyboard"));
    assert!(text.contains("resigns"));
}

#[test]
fn bad_arguments() {
    for (args, needle) in [
        (
            vec!["play", "--bot", "nobody"],
            "unknown bot `nobody`: the bots are",
        ),
        (
            vec!["play", "--load", "/nonexistent/game.txt"],
            "cannot read",
        ),
        (
            vec!["play", "--load", "/nonexistent/game.txt", "--seed", "3"],
            "--seed cannot be used with --load",
        ),
    ] {
        let err = support::stderr_of(&args, 2);
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// A 20-digit seed: its line still fits in 80 columns.
#[test]
fn the_seed_line_fits_in_80_columns() {
    let raw = piped_raw(
        &args("play --seed 18446744073709551615 --bot random"),
        "resign\nyes\n",
    );
    let line = raw
        .lines()
        .find(|l| l.starts_with("Dice seed"))
        .expect("the seed line");
    assert_eq!(
        line,
        "Dice seed 18446744073709551615 (same dice: `--seed 18446744073709551615`)."
    );
}

/// Resigning ends the game through the engine: the stake of the score as
/// it stands, and the record keeps the resignation.
#[test]
fn resigning_is_recorded() {
    let dir = scratch("resign");
    let text = flat(&piped_in(
        &dir,
        &args("play --seed 4 --bot random --side w"),
        "resign\nyes\nsave r.txt\n",
    ));
    assert!(
        text.contains("White resigns: Black wins the game."),
        "{text}"
    );
    assert!(
        text.contains("Stake x4 (R-9.1, on the score as it stands: 0 holes to 0)."),
        "{text}"
    );
    let rec = std::fs::read_to_string(dir.join("r.txt")).unwrap();
    assert!(rec.lines().any(|l| l.trim() == "resign w"), "{rec}");
    assert!(rec.contains("[Result \"black 0 white 0 x4\"]"), "{rec}");
}

/// Resigning asks first: anything but yes leaves the game going on.
#[test]
fn resigning_asks_for_confirmation() {
    let dir = scratch("resign-confirm");
    let text = flat(&piped_in(
        &dir,
        &args("play --seed 4 --bot random --side w"),
        "resign\nno\nresign\nyes\n",
    ));
    assert!(
        text.contains("Resign? Black wins the game, stake x4 (R-9.1). (yes/no)"),
        "{text}"
    );
    assert_eq!(
        text.matches("Not resigned: the game goes on.").count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("White resigns: Black wins the game.").count(),
        1,
        "{text}"
    );
}
