//! Empty records and the no-move play on the command line (issue 25,
//! item 3), run as the real binary.

mod support;
use support::*;

#[test]
fn empty_records_are_refused_with_a_clear_message() {
    let dir = scratch("empty");
    let blank = dir.join("blank.txt");
    std::fs::write(&blank, "  \n\n").unwrap();
    let blank = blank.to_str().unwrap();
    for file in ["/dev/null", blank] {
        for cmd in [
            &["replay", file][..],
            &["review", file],
            &["play", "--load", file],
        ] {
            let e = error_of(cmd, 2);
            assert!(e.contains("is empty: not a game record"), "{cmd:?}: {e}");
        }
        for cmd in [&["bg", "replay", file][..], &["bg", "play", "--load", file]] {
            let e = error_of(cmd, 2);
            assert!(
                e.contains("the file is empty: not a .mat record"),
                "{cmd:?}: {e}"
            );
        }
    }
    // A record with a header and no roll has nothing to replay.
    let header = dir.join("header.txt");
    std::fs::write(&header, "[Seed \"7\"]\n").unwrap();
    let e = error_of(&["replay", header.to_str().unwrap()], 2);
    assert!(e.contains("holds no roll") || e.contains("empty"), "{e}");
    // A .mat with its match line and no game.
    let mat = dir.join("nogame.mat");
    std::fs::write(&mat, " 3 point match\n\n").unwrap();
    let e = error_of(&["bg", "replay", mat.to_str().unwrap()], 2);
    assert!(e.contains("holds no game"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// White on the bar against Black's closed board: nothing can be played.
const CLOSED: &str = "27YBBwDg/wcAQA";

#[test]
fn bg_moves_accepts_the_no_move_play_as_a_user_types_it() {
    let list = trictrac()
        .args(["bg", "moves", "--position", CLOSED, "--dice", "6-6"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(list).unwrap(), "--\n");
    for play in [
        &["--play=--"][..],
        &["--play", "--"],
        &["--play", "pass"],
        &["--play", "None"],
    ] {
        let moves = ["bg", "moves", "--position", CLOSED, "--dice", "6-6"];
        let text = stdout_of(&[&moves[..], play].concat());
        assert!(text.starts_with("--\n"), "{play:?}: {text}");
    }
    // Where a play exists, the no-move play is refused by the rules
    // (exit code 1), not by the argument parser (2).
    let e = error_of(&["bg", "moves", "--dice", "3-1", "--play=--"], 1);
    assert!(e.contains("BG-3.4"), "{e}");
    // trictrac's own `moves` takes the same forms.
    for play in ["--play=--", "--play=pass"] {
        let e = error_of(&["moves", "--dice", "6-5", play], 1);
        assert!(e.contains("R-3.5"), "{e}");
    }
}

#[test]
fn the_help_says_how_to_write_the_no_move_play() {
    for cmd in [&["bg", "moves", "--help"][..], &["moves", "--help"]] {
        let text = stdout_of(cmd);
        assert!(text.contains("--play=--"), "{cmd:?}: {text}");
        assert!(text.contains("--play pass"), "{cmd:?}: {text}");
    }
}
