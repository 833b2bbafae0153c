//! `trictrac score` and `trictrac mark`, run as the real binary.

use std::path::PathBuf;

mod support;
use support::*;

/// Every conformance case through the binary: `trictrac score` must
/// reproduce them (read at test time from the repository's
/// `tests/conformance/`, from `../shared/conformance/` when it exists,
/// and from `$TRICTRAC_CONFORMANCE_DIR` when it is set).
#[test]
fn score_reproduces_every_conformance_case() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs = vec![root.join("tests/conformance")];
    if root.join("../shared/conformance").is_dir() {
        dirs.push(root.join("../shared/conformance"));
    }
    if let Ok(d) = std::env::var("TRICTRAC_CONFORMANCE_DIR") {
        dirs.push(PathBuf::from(d));
    }
    let mut n = 0;
    let paths = dirs.iter().flat_map(|dir| {
        std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
    });
    for path in paths {
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let cases: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in cases.as_array().unwrap() {
            let id = case["id"].as_str().unwrap();
            let dice = format!("{}-{}", case["dice"][0], case["dice"][1]);
            let mut args = vec![
                "score".to_string(),
                "--position".into(),
                case["position"].as_str().unwrap().into(),
                "--dice".into(),
                dice,
                "--json".into(),
            ];
            if let Some(r) = case["rolls_played"].as_u64() {
                args.push("--rolls".into());
                args.push(r.to_string());
            }
            let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            let v = json_of(&args);
            assert_eq!(v["mover_points"], case["mover_points"], "{id}");
            assert_eq!(v["opponent_points"], case["opponent_points"], "{id}");
            n += 1;
        }
    }
    assert!(n > 0);
}

#[test]
fn score_json_lists_jans_with_ways_and_score_after() {
    let v = json_of(&[
        "score",
        "--position",
        "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w",
        "--dice",
        "6-6",
        "--json",
    ]);
    assert_eq!(v["mover_points"], 26);
    assert_eq!(v["opponent_points"], 12);
    let jans = v["jans"].as_array().unwrap();
    assert_eq!(jans.len(), 6);
    assert_eq!(jans[0]["jan"], "true-hit");
    assert_eq!(jans[0]["ways"], 2);
    assert_eq!(jans[0]["which"], serde_json::json!(["6", "tout d'une"]));
    assert_eq!(jans[0]["fields"][0], 18);
    assert_eq!(jans[0]["beneficiary"], "mover");
    assert_eq!(jans[5]["jan"], "false-hit");
    assert_eq!(jans[5]["side"], "black");
    // White 26 from 0: two double holes and 2 points; then Black's 12, en
    // bredouille, a double hole that erases White's 2 points.
    let after = &v["score_after"];
    assert_eq!(after["white_holes"], 4);
    assert_eq!(after["white_points"], 0);
    assert_eq!(after["black_holes"], 2);
    assert_eq!(after["bredouille"], "e");
    assert_eq!(after["pavillon"], "b");
}

#[test]
fn score_text_has_one_line_per_jan_and_totals() {
    let out = trictrac()
        .args(["score", "--position", "w:1x13,12x2 b:13x2,24x13 w dice=1-1"])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("contre-jan de mézéas"), "{text}");
    assert!(text.contains("black (opponent) 6 points"), "{text}");
    assert!(
        text.contains("score after: white 0 points 0 holes, black 6 points 0 holes, bredouille b"),
        "{text}"
    );
}

#[test]
fn score_rolls_override() {
    let tpn = "w:1x11,2,3,4,5 b:24x15 w";
    assert_eq!(
        json_of(&["score", "--position", tpn, "--dice", "6-5", "--json"])["mover_points"],
        0
    );
    assert_eq!(
        json_of(&[
            "score",
            "--position",
            tpn,
            "--dice",
            "6-5",
            "--rolls",
            "2",
            "--json"
        ])["mover_points"],
        4
    );
    let with = "w:1x11,2,3,4,5 b:24x15 w rolls=2";
    assert_eq!(
        json_of(&["score", "--position", with, "--dice", "6-5", "--json"])["mover_points"],
        4
    );
    assert_eq!(
        json_of(&[
            "score",
            "--position",
            with,
            "--dice",
            "6-5",
            "--rolls",
            "1",
            "--json"
        ])["mover_points"],
        0
    );
}

#[test]
fn score_bad_input() {
    let e = input_error(&["score", "--position", "w:1x15 b:24x15 w"]);
    assert!(e.contains("--dice"), "{e}");
    let e = input_error(&[
        "score",
        "--position",
        "w:1x14,13 b:24x15 w",
        "--dice",
        "6-5",
    ]);
    assert!(e.contains("corner"), "{e}");
    input_error(&["score", "--dice", "0-5"]);
}

#[test]
fn mark_holes_simple_and_double() {
    // 8 interrupted points and 18 more: a simple hole, a double
    // hole, 2 points in bredouille.
    let v = json_of(&[
        "mark",
        "--score",
        "score=8.0.8.0 bredouille=b pavillon=e",
        "--side",
        "w",
        "--points",
        "18",
        "--json",
    ]);
    assert_eq!(
        v["marked"]["holes"],
        serde_json::json!(["simple", "double"])
    );
    let a = &v["score_after"];
    assert_eq!(
        (
            a["white_points"].as_u64(),
            a["white_holes"].as_u64(),
            a["black_points"].as_u64(),
            a["black_holes"].as_u64()
        ),
        (Some(2), Some(3), Some(0), Some(0))
    );
    assert_eq!(a["bredouille"], "w");
    assert_eq!(a["pavillon"], "w");
}

#[test]
fn mark_bad_input() {
    input_error(&["mark", "--side", "x", "--points", "2"]);
    input_error(&["mark", "--side", "w", "--points", "3"]);
    let e = input_error(&["mark", "--side", "w", "--points", "4294967294"]);
    assert!(
        e.contains("no roll or school gives more than 400 points"),
        "{e}"
    );
    input_error(&[
        "mark",
        "--score",
        "score=1.2.3",
        "--side",
        "w",
        "--points",
        "2",
    ]);
}

#[test]
fn moves_with_the_provinciale_exit() {
    let run = |extra: &[&str]| {
        let mut args = vec!["moves", "--position", "w:19,23 b:1x15 w", "--dice", "2-1"];
        args.extend_from_slice(extra);
        let out = trictrac()
            .args(&args)
            .assert()
            .success()
            .get_output()
            .clone();
        String::from_utf8(out.stdout).unwrap()
    };
    // Parisienne: the 2 is sortant from 23 and may bear it off.
    assert!(run(&[]).contains("23-off"));
    // Provinciale: the 2 can be played inside, so it must be.
    let p = run(&["--exit", "provinciale"]);
    assert!(!p.contains("off"), "{p}");
}
