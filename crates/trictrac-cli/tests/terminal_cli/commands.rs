//! The commands both games share at every prompt: help, undo, load,
//! the autosave, the bots by level.

use super::*;

/// The help of both games lists the commands the session shares.
#[test]
fn both_games_share_the_commands_of_every_prompt() {
    let dir = scratch("help");
    for args in ["play --seed 1", "bg play --seed 1"] {
        let text = run(&dir, args, "help\nquit\n");
        for command in [
            "list",
            "board",
            "undo",
            "save FILE",
            "resign",
            "quit",
            "hint",
        ] {
            assert!(text.contains(&format!(" {command} ")), "{command}: {text}");
        }
    }
}

/// `undo` takes back the person's last decision of the turn against the
/// bot: the same roll is to be decided again (the dice are those of the
/// game, not thrown again), and the game is unrated; it never reaches
/// past the bot's action, and is off at one screen (issue 35, item 1).
#[test]
fn undo_takes_back_a_decision_with_the_same_dice_in_both_games() {
    let dir = scratch("undo");
    // Trictrac: play, the bot answers: the play is not taken back.
    let text = run(
        &dir,
        "play --seed 4 --bot random --side w",
        "1\nundo\nquit\n",
    );
    assert!(
        text.contains("Nothing to undo: no decision of yours since the opponent's last action"),
        "{text}"
    );
    assert!(!text.contains("Undone"), "{text}");
    // Marking by hand, then undo at the play: back to the marking.
    let text = run(
        &dir,
        "play --seed 4 --bot random --side w --marking manual",
        "0\nundo\nquit\n",
    );
    let undone = text
        .find("Undone: back to your previous decision")
        .expect(&text);
    assert!(
        text[undone..].contains("This game is now unrated: undo was used"),
        "{text}"
    );
    assert!(
        text[undone..].contains("[unrated] white, points you mark>"),
        "{text}"
    );
    assert!(text.contains("no move was played: nothing saved"), "{text}");
    // A school claimed is not taken back.
    let text = run(
        &dir,
        "play --seed 4 --bot random --side w --marking manual",
        "0\n1\nschool 2\nundo\nquit\n",
    );
    assert!(text.contains("White claims a school of 2"), "{text}");
    assert!(
        text.contains(
            "Nothing to undo: a school was claimed since; it is not taken back (R-10.4)."
        ),
        "{text}"
    );
    // Backgammon: the bot played, the roll decided, then undo: back to
    // the roll decision, and the same dice are thrown again.
    let text = run(
        &dir,
        "bg play --seed 4 --bot greedy",
        "1\nundo\n\nundo\n\nquit\n",
    );
    assert!(text.contains("Nothing to undo: no decision"), "{text}");
    let undone = text
        .rfind("Undone: back to your previous decision")
        .expect(&text);
    let rolls: Vec<&str> = text
        .match_indices("white rolls ")
        .map(|(i, _)| &text[i..i + "white rolls 6-5".len()])
        .collect();
    assert_eq!(rolls.len(), 2, "{text}");
    assert_eq!(rolls[0], rolls[1], "{text}");
    assert!(
        text[undone..].contains("[unrated] white, roll (Enter) or double?"),
        "{text}"
    );
    // Undo at the first decision says so; at one screen it is off.
    let text = run(&dir, "bg play --seed 4", "undo\nquit\n");
    assert!(text.contains("Nothing to undo"), "{text}");
    let text = run(&dir, "bg play --seed 4 --hotseat", "undo\nquit\n");
    assert!(text.contains("No undo at one screen"), "{text}");
}

/// Trictrac saves only a game with moves, and in the data directory,
/// as backgammon does (issue 25, item 14).
#[test]
fn trictrac_saves_only_games_with_moves_in_the_data_directory() {
    let dir = scratch("trictrac-auto");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let out = support::trictrac()
        .current_dir(&work)
        .env("XDG_DATA_HOME", &dir)
        .args(["play", "--seed", "4", "--bot", "random"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Game left unfinished; no move was played: nothing saved."),
        "{text}"
    );
    let auto = dir.join("trictrac").join("trictrac-autosave.txt");
    assert!(!auto.exists());
    let text = support::trictrac()
        .current_dir(&work)
        .env("XDG_DATA_HOME", &dir)
        .args(["play", "--seed", "4", "--bot", "random"])
        .write_stdin("1\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(text.stdout).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(&format!("saved to {}.", auto.display())),
        "{text}"
    );
    assert!(auto.exists());
    // Nothing in the working directory.
    assert!(std::fs::read_dir(&work).unwrap().next().is_none());
}

/// The bots are listed by level, weakest first, in both games; the
/// levels and the internal names are both accepted (issue 25, item 6).
#[test]
fn bots_are_chosen_and_listed_by_level_in_both_games() {
    let dir = scratch("levels");
    let help = |args: &[&str]| {
        let out = support::trictrac()
            .args(args)
            .arg("--help")
            .assert()
            .success()
            .get_output()
            .clone();
        String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let h = help(&["play"]);
    assert!(
        h.contains("by level, weakest first: beginner (random), easy (greedy), medium (search1)"),
        "{h}"
    );
    let h = help(&["bg", "play"]);
    assert!(
        h.contains("beginner (random), easy (greedy), strong (neural0), expert (neural2), master (neural), master+ (neural3)"),
        "{h}"
    );
    let text = run(&dir, "play --seed 1 --bot Beginner", "quit\n");
    assert!(
        text.contains("against the bot `random` (level beginner)"),
        "{text}"
    );
    let text = run(&dir, "bg play --seed 1 --bot easy", "quit\n");
    assert!(
        text.contains("against the bot `greedy` (level easy)"),
        "{text}"
    );
    let out = support::trictrac()
        .args(["bg", "play", "--bot", "nobody"])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the bots are beginner (random), easy (greedy)"),
        "{err}"
    );
}

/// `load FILE` at a prompt leaves the game (saved first, since it has
/// moves) for the one saved in FILE, in both games; trictrac's resumes
/// the same roll, its dice following the record's seed.
#[test]
fn load_at_a_prompt_resumes_a_saved_game_in_both_games() {
    let dir = scratch("load");
    let text = run(
        &dir,
        "play --seed 4 --bot random --side w",
        "1\nsave a.txt\n1\nload a.txt\nquit\n",
    );
    let asked: Vec<&str> = text
        .match_indices("White to play ")
        .map(|(i, _)| &text[i..i + "White to play 6-5".len()])
        .collect();
    assert!(asked.len() >= 3, "{text}");
    let resumed = text.find("Resumed a.txt:").expect(&text);
    assert!(text[resumed..].contains(asked[1]), "{}: {text}", asked[1]);
    assert!(text.contains("This game is left: saved to"), "{text}");
    // Backgammon: the same command.
    let text = run(
        &dir,
        "bg play --seed 4 --bot greedy",
        "1\nsave b.mat\n\n1\nload b.mat\nquit\n",
    );
    assert!(text.contains("Resumed b.mat"), "{text}");
    assert!(text.contains("This game is left: saved to"), "{text}");
    let text = run(&dir, "bg play --seed 4", "load nothing.mat\nquit\n");
    assert!(text.contains("Not loaded:"), "{text}");
}
