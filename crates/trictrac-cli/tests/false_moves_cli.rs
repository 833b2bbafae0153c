//! Section 11, *Caso falso*, in the terminal through the real
//! binary: in hot-seat the opponent of a false move settles it as he
//! likes — a correction of his choice, or the checkers put back for the
//! author to replay — and the saved record keeps it (issue 24 item 6).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A fresh empty directory for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("trictrac-false-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `trictrac ARGS` in `dir` (its data directory too), `input` piped in;
/// the output, flattened.
fn piped_in(dir: &Path, args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("trictrac")
        .unwrap()
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .clone();
    flat(&String::from_utf8(out.stdout).unwrap())
}

fn autosave(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap()
}

#[test]
fn r11_case1_the_opponent_corrects_a_false_move_to_the_play_he_chooses() {
    // Seed 6: Black rolls 2-1 first and plays 24-21 24-23 (3 pips: no
    // die). White is asked after Black, chooses 24-22-21, not the
    // smallest correction 24-22 24-23.
    let dir = fresh_dir("case1");
    let text = piped_in(
        &dir,
        &[
            "play",
            "--hotseat",
            "--seed",
            "6",
            "--options",
            "false-moves=table",
        ],
        "24-21 24-23\n\ncorrect 24-22-21\nquit\n",
    );
    assert!(
        text.contains("Black, before white's roll: `correct` your false move to 24-22 24-23"),
        "{text}"
    );
    assert!(
        text.contains("`correct N` / `correct PLAY` to the play you choose, N among 1) 24-22 24-23, 2) 24-22-21"),
        "{text}"
    );
    assert!(
        text.contains("White has the false move corrected to 24-22-21 (section 11)."),
        "{text}"
    );
    let rec = autosave(&dir);
    assert!(
        rec.contains("24-21 24-23 ?\nsettle w correct 24-22-21\n"),
        "{rec}"
    );
}

#[test]
fn r11_case6_the_opponent_has_it_put_back_and_the_author_replays() {
    // White's 4-3 played 11-15 1-4: 15 is in Black's grand jan while he
    // can still fill it (R-4.6, the article's case 6). Resumed from the
    // record, the author declines to correct himself (Enter), Black has
    // the checkers put back, White may not go on without replaying, then
    // replays 1-5-8.
    let dir = fresh_dir("case6");
    std::fs::write(
        dir.join("case6.txt"),
        "[Event \"Grand Trictrac\"]\n[White \"human\"]\n[Black \"human\"]\n\
         [Start \"w:1x13,11x2 b:24x15 w\"]\n[Options \"false-moves=table\"]\n\n\
         w 4-3 : 11-15 1-4 ?\n",
    )
    .unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "case6.txt"],
        "\nreplay\n\nreplay 2\nquit\n",
    );
    assert!(
        text.contains("or `replay`: the checkers go back and white plays the roll again as he likes (section 11)"),
        "{text}"
    );
    assert!(
        text.contains("Black has the checkers of the false move put back: white plays the roll again (section 11)."),
        "{text}"
    );
    assert!(
        text.contains("Replay the roll first: `replay N` or `replay PLAY`."),
        "{text}"
    );
    assert!(
        text.contains("White plays the roll again: 1-5-8 (section 11)."),
        "{text}"
    );
    let rec = autosave(&dir);
    assert!(
        rec.contains("11-15 1-4 ?\nsettle b replay\nsettle w correct 1-5-8\n"),
        "{rec}"
    );
}
