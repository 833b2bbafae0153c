//! `trictrac bg hint` (cube hint, IDs), `bg rollout` and `bg review`, run
//! as the real binary (issue 23).

mod support;
use support::*;

/// The keys of the gammon and backgammon chances in the JSON of `bg hint`.
const GAMMON_KEYS: [&str; 4] = [
    "win_gammon",
    "win_backgammon",
    "lose_gammon",
    "lose_backgammon",
];

const START_XGID: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:1:0:6";

/// White on roll far ahead, gammon chances high: gnubg 1.07 at 2 ply
/// says "Double, pass" (No double +0.801, Double/Take +2.063).
const DOUBLE_PASS: &str = "thkAOA/3+RgAAA:MAEAAAAAAAAA";

#[test]
fn cube_hint_of_the_start_is_no_double_take() {
    let v = json_of(&["bg", "hint", "--json"]);
    let c = &v["cube"];
    assert_eq!(c["action"], "No double, take");
    assert_eq!(c["double"], false);
    assert_eq!(c["take"], true);
    assert_eq!(c["double_pass"], 1.0);
    let nd = c["no_double"].as_f64().unwrap();
    assert!(nd > 0.0 && nd < 0.25, "{nd}");
    assert!(c["double_take"].as_f64().unwrap() < nd);
    let win = v["win"].as_f64().unwrap();
    assert!((0.45..0.6).contains(&win), "{win}");
    for k in GAMMON_KEYS {
        assert!(v[k].as_f64().is_some(), "{k}");
    }
    assert_eq!(v["position_id"], "4HPwATDgc/ABMA");
    assert_eq!(v["xgid"], START_XGID);
    assert!(v.get("mwc").is_none());
    let text = stdout_of(&["bg", "hint"]);
    assert!(
        text.contains("Proper cube action: No double, take"),
        "{text}"
    );
    assert!(text.contains("Position ID: 4HPwATDgc/ABMA"), "{text}");
}

#[test]
fn a_clear_double_pass_agrees_with_gnubg() {
    let v = json_of(&["bg", "hint", "--position", DOUBLE_PASS, "--json"]);
    assert_eq!(v["cube"]["action"], "Double, pass");
    assert_eq!(v["cube"]["double"], true);
    assert_eq!(v["cube"]["take"], false);
    let owned_by = |owner: &str| {
        json_of(&[
            "bg",
            "hint",
            "--position",
            DOUBLE_PASS,
            "--cube",
            "2",
            "--owner",
            owner,
            "--json",
        ])
    };
    // The same position with the cube on the other side: not available.
    let v = owned_by("black");
    assert_eq!(v["cube"]["available"], false);
    assert_eq!(v["cube"]["double"], false);
    // White owns it: a redouble, or too good for one.
    let v = owned_by("white");
    // The cube turned, the Jacoby rule no longer holds: the gammons
    // count and playing on is worth more than the cash.
    assert_eq!(v["cube"]["action"], "Too good to redouble, pass");
}

#[test]
fn match_play_gives_match_winning_chances() {
    let v = json_of(&["bg", "hint", "--match", "7", "--score", "2-4", "--json"]);
    let m = &v["mwc"];
    for k in ["no_double", "double_take", "double_pass"] {
        let x = m[k].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&x), "{k} {x}");
    }
    // White trails 2-4 in a 7-point match: below half at the start.
    assert!(m["no_double"].as_f64().unwrap() < 0.5);
    assert_eq!(v["cube"]["double_pass"], 1.0);
    // The Match ID carries the score.
    let again = json_of(&[
        "bg",
        "hint",
        "--position",
        "4HPwATDgc/ABMA",
        "--match-id",
        v["match_id"].as_str().unwrap(),
        "--json",
    ]);
    assert_eq!(again["mwc"], v["mwc"]);
    assert_eq!(again["xgid"], v["xgid"]);
}

#[test]
fn an_xgid_and_a_position_id_give_the_same_hints() {
    let by_id = json_of(&["bg", "hint", "--dice", "3-1", "--plies", "0", "--json"]);
    let by_x = json_of(&[
        "bg",
        "hint",
        "--position",
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:1:0:6",
        "--plies",
        "0",
        "--json",
    ]);
    assert_eq!(by_id["plays"], by_x["plays"]);
    assert_eq!(by_id["position_id"], by_x["position_id"]);
    assert_eq!(
        by_x["xgid"],
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:1:0:6"
    );
    // Per play gammon and backgammon chances.
    let best = &by_id["plays"][0];
    assert_eq!(best["play"], "8/5 6/5");
    for k in GAMMON_KEYS {
        assert!(best[k].as_f64().is_some(), "{k}");
    }
    // Same legal plays through bg moves.
    let a = stdout_of(&["bg", "moves", "--dice", "6-4"]);
    let b = stdout_of(&["bg", "moves", "--dice", "6-4", "--position", START_XGID]);
    assert_eq!(a, b);
}

#[test]
fn bad_ids_get_one_line_naming_the_field() {
    let e = input_error(&[
        "bg",
        "hint",
        "--position",
        "XGID=-b----E-C---eE---c-e----B-:0:3:-1:00:0:0:1:0:6",
    ]);
    assert!(e.contains("cube position"), "{e}");
    let e = input_error(&["bg", "hint", "--match-id", "cAkAAAAAAAA!"]);
    assert!(e.contains("--match-id"), "{e}");
    let e = input_error(&["bg", "hint", "--position", "4HPwATDgc/AB"]);
    assert!(e.contains("Position ID"), "{e}");
    let e = input_error(&["bg", "hint", "--match", "7", "--score", "7-2"]);
    assert!(e.contains("--score"), "{e}");
    let e = input_error(&["bg", "rollout", "--games", "0"]);
    assert!(e.contains("--games"), "{e}");
}

#[test]
fn rollout_is_the_same_whatever_the_threads() {
    let args = |j: &'static str| {
        [
            "bg",
            "rollout",
            "--games",
            "72",
            "--seed",
            "4",
            "--truncate",
            "6",
            "--json",
            "-j",
            j,
        ]
    };
    let one = json_of(&args("1"));
    let two = json_of(&args("2"));
    for k in [
        "equity",
        "stderr",
        "win",
        "win_gammon",
        "win_backgammon",
        "lose_gammon",
        "lose_backgammon",
        "games",
    ] {
        assert!(one[k].is_number(), "{k}");
        assert_eq!(one[k], two[k], "{k}");
    }
    assert!(one["seconds"].as_f64().is_some());
    assert_eq!(one["games"], 72);
    let e = one["equity"].as_f64().unwrap();
    let se = one["stderr"].as_f64().unwrap();
    assert!(se > 0.0 && se < 0.1, "{se}");
    assert!(e.abs() < 0.3, "{e}");
    // Another seed, another result.
    let other = json_of(&[
        "bg",
        "rollout",
        "--games",
        "72",
        "--seed",
        "5",
        "--truncate",
        "6",
        "--json",
    ]);
    assert_ne!(other["equity"], one["equity"]);
}

#[test]
fn rollout_plays_at_two_plies_unless_told() {
    let args = |plies: Option<&'static str>| {
        let mut a = vec![
            "bg",
            "rollout",
            "--position",
            "Zm4zAAPgjHnAQQ:cAkAAAAAAAAA",
            "--games",
            "36",
            "--truncate",
            "1",
            "--variance-reduction",
            "off",
        ];
        if let Some(p) = plies {
            a.extend(["--plies", p]);
        }
        a
    };
    let text = stdout_of(&args(None));
    assert!(text.contains("Rollout (2 plies, seed 1)"), "{text}");
    // One half-move played by each search, then valued: the default is
    // the 2-ply search's result, not the evaluator's alone.
    let mut with = args(None);
    with.push("--json");
    let default = json_of(&with);
    let mut two = args(Some("2"));
    two.push("--json");
    let mut zero = args(Some("0"));
    zero.push("--json");
    let mut three = args(Some("3"));
    three.push("--json");
    assert_eq!(default["equity"], json_of(&two)["equity"]);
    assert_ne!(default["equity"], json_of(&zero)["equity"]);
    assert!(json_of(&three)["equity"].is_number());
    let e = input_error(&["bg", "rollout", "--plies", "4"]);
    assert!(e.contains("--plies must be 0, 1, 2 or 3"), "{e}");
}

#[test]
fn rollout_of_the_plays_of_a_roll() {
    let v = json_of(&[
        "bg",
        "rollout",
        "--dice",
        "3-1",
        "--plays",
        "2",
        "--games",
        "36",
        "--truncate",
        "4",
        "--json",
    ]);
    let plays = v["plays"].as_array().expect("plays");
    assert_eq!(plays.len(), 2);
    assert_eq!(plays[0]["play"], "8/5 6/5");
    // The mover's eyes: making the 5-point is good for him.
    assert!(plays[0]["equity"].as_f64().unwrap() > 0.0);
    let cube = json_of(&[
        "bg",
        "rollout",
        "--position",
        DOUBLE_PASS,
        "--cube",
        "on",
        "--games",
        "36",
        "--truncate",
        "2",
        "--json",
    ]);
    // The bot doubles and the opponent passes: one point, no luck to
    // adjust once the game is over.
    let cf = cube["cubeful_equity"].as_f64().unwrap();
    assert!((cf - 1.0).abs() < 1e-9, "{cf}");
}

const MAT: &str = " 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5                 65: 24/13
  2) 42: 24/20 24/22             31: 8/5* 6/5
";

#[test]
fn review_marks_the_errors_and_rates_the_players() {
    let dir = scratch("trictrac-review");
    let file = dir.join("m.mat");
    std::fs::write(&file, MAT).unwrap();
    let path = file.to_str().unwrap();
    let v = json_of(&["bg", "review", path, "--plies", "0", "--json"]);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["name"], "Alice");
    for p in players {
        for k in [
            "error_rate",
            "checker_error_rate",
            "cube_error_rate",
            "luck_rate",
        ] {
            assert!(p[k].is_number(), "{k}");
        }
        assert!(p["rating"].is_string());
    }
    let moves = v["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    // 42: 24/20 24/22 instead of 8/4 6/4.
    assert_eq!(moves[2]["play"], "24/22 24/20");
    assert_eq!(moves[2]["best"], "8/4 6/4");
    assert!(moves[2]["equity_lost"].as_f64().unwrap() > 0.03);
    assert_ne!(moves[2]["mark"], "");
    assert_eq!(moves[0]["mark"], "");
    // Alice blundered, Bob played the book: Alice rates worse.
    let a = players[0]["error_rate"].as_f64().unwrap();
    let b = players[1]["error_rate"].as_f64().unwrap();
    assert!(a > b, "{a} {b}");
    let text = stdout_of(&["bg", "review", path, "--plies", "0"]);
    assert!(text.contains("24/22 24/20"), "{text}");
    assert!(text.contains("Alice"), "{text}");
    let e = input_error(&["bg", "review", "/nonexistent/x.mat"]);
    assert!(e.contains("cannot read"), "{e}");
    // A level above the player: the same blunder found, every play judged
    // at 4 plies at most; 3 is no review depth.
    let four = json_of(&["bg", "review", path, "--plies", "4", "--json"]);
    assert_eq!(four["plies"], 4);
    let moves = four["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves[2]["best"], "8/4 6/4");
    assert!(moves[2]["equity_lost"].as_f64().unwrap() > 0.03);
    assert!(moves.iter().all(|m| m["plies"].as_u64().unwrap() <= 4));
    let e = input_error(&["bg", "review", path, "--plies", "3"]);
    assert!(e.contains("--plies must be 0, 2 or 4"), "{e}");
    // With rollouts (issue 37, item 5): the close decisions judged by
    // rollouts of 72 games, the blunder (more than 0.10 below the best)
    // still by the searches.
    let with_rollouts = ["bg", "review", path, "--plies", "4", "--rollout=72"];
    let rolled_out = || json_of(&[&with_rollouts[..], &["--json"]].concat());
    let rolled = rolled_out();
    assert_eq!(rolled["rollout"], 72);
    let moves = rolled["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves[2]["best"], "8/4 6/4");
    assert!(moves[2]["equity_lost"].as_f64().unwrap() > 0.03);
    assert_eq!(moves[2]["rollout"], 0);
    // 43 and 52 from the start: close choices, both rolled out.
    std::fs::write(
        &file,
        " 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n  \
         1) 43: 13/10 13/9             52: 13/8 13/11\n",
    )
    .unwrap();
    let rolled = rolled_out();
    let moves = rolled["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m["rollout"] == 72), "{moves:?}");
    let text = stdout_of(&[&with_rollouts[..], &["--all"]].concat());
    assert!(text.contains("(rollouts of 72 games)"), "{text}");
    for bad in [
        vec!["bg", "review", path, "--rollout"],
        vec!["bg", "review", path, "--plies", "4", "--rollout=0"],
    ] {
        let e = input_error(&bad);
        assert!(e.contains("--rollout needs --plies 4"), "{e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
