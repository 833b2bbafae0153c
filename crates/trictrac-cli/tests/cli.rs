//! End-to-end tests of the `trictrac` binary.

use predicates::prelude::*;
use predicates::str::contains;

mod support;
use support::*;

// ---- moves ----

#[test]
fn moves_from_start_with_six_five() {
    // 1-7-12 would leave one checker on the corner.
    assert_eq!(stdout_of(&["moves", "--dice", "6-5"]), "1-7 1-6\n");
    // dice in either order, position given explicitly
    assert_eq!(
        stdout_of(&["moves", "--position", "w:1x15 b:24x15 w", "--dice", "5-6"]),
        "1-7 1-6\n"
    );
}

#[test]
fn moves_json_has_plays() {
    let v = json_of(&["moves", "--dice", "6-5", "--json"]);
    assert_eq!(v["plays"], serde_json::json!(["1-7 1-6"]));
    assert_eq!(v["dice"], "6-5");
    assert_eq!(v["position"], "w:1x15 b:24x15 w");

    let v = json_of(&[
        "moves",
        "--position",
        "w:1x13,6,7 b:24x15 w",
        "--dice",
        "2-1",
        "--json",
    ]);
    let plays: Vec<&str> = v["plays"]
        .as_array()
        .expect("plays is an array")
        .iter()
        .map(|p| p.as_str().expect("a play is a string"))
        .collect();
    assert!(plays.contains(&"1-3 1-2"), "{plays:?}");
    assert_eq!(v["count"].as_u64(), Some(plays.len() as u64));
}

#[test]
fn moves_black_plays_in_absolute_fields() {
    let out = stdout_of(&[
        "moves",
        "--position",
        "w:1x13,6,7 b:24x15 b",
        "--dice",
        "3-1",
    ]);
    let plays: Vec<&str> = out.lines().collect();
    assert!(plays.contains(&"24-21 24-23"), "{plays:?}");
}

#[test]
fn moves_takes_dice_from_the_position() {
    let out = stdout_of(&["moves", "--position", "w:1x15 b:24x15 w dice=6-5"]);
    assert_eq!(out, "1-7 1-6\n");
    // --dice wins over the position's dice= key
    let with_flag = stdout_of(&[
        "moves",
        "--position",
        "w:1x15 b:24x15 w dice=6-5",
        "--dice",
        "2-1",
    ]);
    assert_ne!(with_flag, out);
    assert!(with_flag.lines().any(|l| l == "1-3 1-2"), "{with_flag}");
}

#[test]
fn moves_without_any_roll_is_an_error() {
    let err = error_of(&["moves"], 2);
    assert!(err.contains("--dice"), "{err}");
}

#[test]
fn bad_positions_are_reported_with_the_token() {
    for (tpn, token) in [
        ("w:1x16 b:24x15 w", "1x16"),
        ("w:1x15 b:24x15 x", "`x`"),
        ("w:25 b:24x15 w", "w:25"),
        ("w:1x15 b:24x15", "side to move"),
        ("w:1x15 b:24x15 w dice=7-1", "dice=7-1"),
    ] {
        let err = error_of(&["moves", "--position", tpn, "--dice", "6-5"], 2);
        assert!(err.contains(token), "{tpn}: {err}");
    }
}

#[test]
fn illegal_position_names_the_rule() {
    let err = error_of(
        &["moves", "--position", "w:12 b:24x15 w", "--dice", "6-5"],
        2,
    );
    assert!(err.contains("R-4.1"), "{err}");
}

#[test]
fn bad_dice_is_an_input_error() {
    for dice in ["7-1", "0-3", "6", "six-five"] {
        let err = error_of(&["moves", "--dice", dice], 2);
        assert!(err.contains(dice), "{dice}: {err}");
    }
}

#[test]
fn play_check_refuses_a_lone_corner() {
    let err = error_of(&["moves", "--dice", "6-5", "--play", "1-12"], 1);
    assert!(err.contains("R-4.1"), "{err}");
    assert!(err.contains("1-12"), "{err}");
}

#[test]
fn play_check_names_the_rule_of_other_errors() {
    // 6-5 from the start: a 4 is not a die of the roll
    let err = error_of(&["moves", "--dice", "6-5", "--play", "1-5 1-7"], 1);
    assert!(err.contains("R-3.1"), "{err}");
    // playing one die when both can be played
    let err = error_of(&["moves", "--dice", "6-5", "--play", "1-7"], 1);
    assert!(err.contains("R-3.5"), "{err}");
}

#[test]
fn play_check_accepts_a_legal_play() {
    let out = stdout_of(&["moves", "--dice", "6-5", "--play", "1-6 1-7"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["1-7 1-6", "w:1x13,6,7 b:24x15 b rolls=0"]);

    let v = json_of(&["moves", "--dice", "6-5", "--play", "1-6 1-7", "--json"]);
    assert_eq!(v["play"], "1-7 1-6");
    assert_eq!(v["after"], "w:1x13,6,7 b:24x15 b rolls=0");
}

#[test]
fn unreadable_play_is_an_input_error() {
    let err = error_of(&["moves", "--dice", "6-5", "--play", "1-x"], 2);
    assert!(err.contains("1-x"), "{err}");
}

// ---- perft ----

#[test]
fn perft_depth_two() {
    let out = stdout_of(&["perft", "--depth", "2"]);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert_eq!(rows[0][..3], ["1", "40", "69"], "{out}");
    assert_eq!(rows[1][..2], ["2", "1600"], "{out}");
}

#[test]
fn perft_json() {
    let v = json_of(&["perft", "--depth", "1", "--json"]);
    assert_eq!(v["results"][0]["depth"], 1);
    assert_eq!(v["results"][0]["sequences"], 40);
    assert_eq!(v["results"][0]["weighted"], 69);
    assert!(v["results"][0]["seconds"].is_number());
}

#[test]
fn perft_depth_zero_is_refused() {
    let err = error_of(&["perft", "--depth", "0"], 2);
    assert!(err.contains("depth"), "{err}");
}

#[test]
fn perft_bad_position() {
    let err = error_of(
        &["perft", "--depth", "1", "--position", "w:1x15 b:24x15 x"],
        2,
    );
    assert!(err.contains("`x`"), "{err}");
}

#[test]
fn perft_needs_a_depth() {
    trictrac()
        .arg("perft")
        .assert()
        .code(2)
        .stderr(contains("--depth").and(contains("panicked").not()));
}

// ---- help ----

#[test]
fn help_has_examples() {
    for args in [
        &["--help"][..],
        &["moves", "--help"],
        &["perft", "--help"],
        &["moves", "-h"],
        &["perft", "-h"],
        &["help", "moves"],
    ] {
        trictrac()
            .args(args)
            .assert()
            .success()
            .stdout(contains("Example"));
    }
}

#[test]
fn no_arguments_prints_usage() {
    trictrac().assert().code(2).stderr(contains("Usage"));
}

#[test]
fn fields_reads_and_prints_the_historical_names() {
    // classical T … 11 of each side, Soumille's and Lepeintre's
    // letters (NOTATION.md, "Historical field names").
    let out = trictrac()
        .args([
            "moves",
            "--fields",
            "classical",
            "--position",
            "w:BTx15 b:NTx15 w",
            "--dice",
            "6-5",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "BT-B6 BT-B5\n");
    let out = trictrac()
        .args([
            "moves", "--fields", "soumille", "--dice", "6-5", "--play", "A-G A-F",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("A-G A-F\nw:Ax13,F,G b:&x15 b"), "{text}");
    let out = trictrac()
        .args([
            "score",
            "--fields",
            "lepeintre",
            "--position",
            "w:ax14,j b:p,yx14 w",
            "--dice",
            "6-3",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("fields p j"), "{text}");
    // An unknown letter names the rule.
    let out = trictrac()
        .args([
            "moves",
            "--fields",
            "soumille",
            "--position",
            "w:Jx15 b:&x15 w",
            "--dice",
            "6-5",
        ])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8(out.stderr).unwrap().contains("R-1.6"));
}
