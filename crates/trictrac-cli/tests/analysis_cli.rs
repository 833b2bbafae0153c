//! `trictrac hint`, `review`, `chances` and `rollout`, run as the real
//! binary (issue 13).

mod support;
use support::*;

#[test]
fn hint_ranks_every_legal_play_best_first() {
    let pos = "w:1x13,6,7 b:24x15 w";
    let h = json_of(&["hint", "--position", pos, "--dice", "4-2", "--json"]);
    let plays = h["plays"].as_array().unwrap();
    let legal = json_of(&["moves", "--position", pos, "--dice", "4-2", "--json"]);
    assert_eq!(plays.len(), legal["plays"].as_array().unwrap().len());
    let best = plays[0]["equity"].as_f64().unwrap();
    for p in plays {
        assert!(p["play"].is_string());
        let e = p["equity"].as_f64().unwrap();
        assert!(e <= best + 1e-9, "the best comes first");
        let d = p["difference"].as_f64().unwrap();
        assert!((d - (e - best)).abs() < 1e-3);
    }
    assert_eq!(plays[0]["difference"].as_f64().unwrap(), 0.0);
    assert!(h["stay_leave"].is_null());
}

#[test]
fn hint_shows_the_jans_of_the_roll() {
    // a lone black checker on 7, White's talon on 1: 6-5 hits it
    // truly with the 6.
    let h = json_of(&[
        "hint",
        "--position",
        "w:1x15 b:24x14,7 w",
        "--dice",
        "6-5",
        "--json",
    ]);
    let jans: Vec<&str> = h["jans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["jan"].as_str().unwrap())
        .collect();
    assert!(jans.contains(&"true-hit"), "{jans:?}");
    assert!(h["plays"][0]["jans"]
        .as_array()
        .unwrap()
        .iter()
        .any(|j| j == "true-hit"));
}

#[test]
fn hint_gives_stay_and_leave_when_the_roll_wins_a_hole() {
    // White has 10 points; a true hit worth 4 wins him a hole with
    // his own roll: he may stay or leave.
    let h = json_of(&[
        "hint",
        "--position",
        "w:1x15 b:24x14,7 w score=10.0.0.0",
        "--dice",
        "6-5",
        "--json",
    ]);
    let sl = &h["stay_leave"];
    assert!(sl["stay"].is_number() && sl["leave"].is_number(), "{h}");
    let best = sl["best"].as_str().unwrap();
    let (s, l) = (sl["stay"].as_f64().unwrap(), sl["leave"].as_f64().unwrap());
    assert_eq!(best, if l > s { "leave" } else { "stay" });
    // The plays after staying.
    assert!(!h["plays"].as_array().unwrap().is_empty());
    let text = stdout_of(&[
        "hint",
        "--position",
        "w:1x15 b:24x14,7 w score=10.0.0.0",
        "--dice",
        "6-5",
    ]);
    assert!(text.contains("stay") && text.contains("leave"), "{text}");
}

#[test]
fn hint_refuses_bad_input_with_one_line() {
    let e = error_of(
        &["hint", "--position", "w:1x15 b:24x15 w", "--dice", "7-1"],
        2,
    );
    assert!(e.contains("--dice"), "{e}");
    let e = error_of(&["hint", "--position", "w:1x15 b:24x15 w"], 2);
    assert!(e.contains("no roll given"), "{e}");
    let e = error_of(&["hint", "--position", "nonsense", "--dice", "6-5"], 2);
    assert!(e.contains("invalid position"), "{e}");
}

#[test]
fn chances_answers_as_the_treatises_count() {
    // a lone checker six fields away: 16 of 36 (not 2-2).
    let c = json_of(&[
        "chances",
        "--position",
        "w:1x15 b:24x14,7 w",
        "--hit",
        "7",
        "--json",
    ]);
    assert_eq!(c["count"], 16);
    assert_eq!(c["of"], 36);
    let rolls: Vec<&str> = c["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(
        rolls,
        ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-1", "4-2", "3-3"]
    );
    assert_eq!(c.as_object().unwrap().len(), 3, "exactly count, of, rolls");
    // the petit jan missing one checker on 6: 15 of 36.
    let c = json_of(&[
        "chances",
        "--position",
        "w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w",
        "--fill",
        "petit",
        "--json",
    ]);
    assert_eq!(c["count"], 15);
    // A point on 7 from 1, 3 and 5; on 7 or 8 more.
    let c = json_of(&[
        "chances",
        "--position",
        "w:1x13,3,5 b:24x15 w",
        "--point",
        "7",
        "--json",
    ]);
    assert_eq!(c["count"], 7);
    let c8 = json_of(&[
        "chances",
        "--position",
        "w:1x13,3,5 b:24x15 w",
        "--point",
        "7,8",
        "--json",
    ]);
    assert!(c8["count"].as_u64().unwrap() > 7);
    // the corner by effect or by power.
    let c = json_of(&[
        "chances",
        "--position",
        "w:1x12,8,9,10 b:24x15 w",
        "--corner",
        "--json",
    ]);
    assert_eq!(c["count"], 10);
    // Any lone checker: on 7 and on 2.
    let c = json_of(&[
        "chances",
        "--position",
        "w:1x15 b:24x13,7,2 w",
        "--hit",
        "any",
        "--json",
    ]);
    assert_eq!(c["count"], 23);
    let text = stdout_of(&["chances", "--position", "w:1x15 b:24x14,7 w", "--hit", "7"]);
    assert!(text.starts_with("16 of 36"), "{text}");
}

#[test]
fn chances_refuses_bad_questions() {
    let pos = "w:1x15 b:24x14,7 w";
    let e = error_of(&["chances", "--position", pos, "--json"], 2);
    assert!(e.contains("ask one question"), "{e}");
    let e = error_of(&["chances", "--position", pos, "--hit", "8"], 2);
    assert!(e.contains("R-6.1"), "{e}");
    let e = error_of(&["chances", "--position", pos, "--hit", "25"], 2);
    assert!(e.contains("R-1.3"), "{e}");
    let e = error_of(&["chances", "--position", pos, "--point", "7,x"], 2);
    assert!(e.contains("--point"), "{e}");
    usage_error(&["chances", "--position", pos, "--hit", "7", "--corner"]);
    usage_error(&["chances", "--position", pos, "--fill", "middle"]);
}

#[test]
fn review_compares_every_decision_with_the_best() {
    let dir = scratch("review");
    let file = dir.join("game.txt");
    let f = file.to_str().unwrap();
    trictrac()
        .args(["selfplay", "--games", "1", "--seed", "7", "--record", f])
        .assert()
        .success();
    let r = json_of(&["review", f, "--json"]);
    let d = r["decisions"].as_array().unwrap();
    assert!(!d.is_empty());
    let errors: Vec<f64> = d.iter().map(|x| x["error"].as_f64().unwrap()).collect();
    assert!(errors.windows(2).all(|w| w[0] >= w[1]), "biggest first");
    assert!(errors.iter().all(|&e| e >= 0.0));
    // Random players make mistakes.
    assert!(errors[0] > 0.0);
    for x in d {
        let (p, b) = (
            x["equity_played"].as_f64().unwrap(),
            x["equity_best"].as_f64().unwrap(),
        );
        assert!((b - p - x["error"].as_f64().unwrap()).abs() < 1e-3);
    }
    let s = &r["summary"];
    let n = s["white"]["decisions"].as_u64().unwrap() + s["black"]["decisions"].as_u64().unwrap();
    assert_eq!(n as usize, d.len());
    // The luck of every roll followed by a play, for both players
    // (issue 38: the figures of the server's review).
    for side in ["white", "black"] {
        assert!(s[side]["rolls"].as_u64().unwrap() > 0, "{s}");
        let luck = s[side]["luck"].as_f64().unwrap();
        assert!(luck.is_finite() && luck.abs() < 10.0, "{s}");
    }

    let text = stdout_of(&["review", f]);
    assert!(text.contains("white:") && text.contains("black:"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn review_refuses_a_missing_or_broken_record() {
    let e = error_of(&["review", "/nonexistent/game.txt"], 2);
    assert!(e.contains("cannot read"), "{e}");
    let dir = scratch("review-bad");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "[Event \"x\"]\n\nw 6-5 : 1-12\n").unwrap();
    let out = trictrac()
        .args(["review", file.to_str().unwrap()])
        .assert()
        .failure()
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rollout_of_a_won_position_is_won_every_time() {
    // White bears off his last checker with any roll, and
    // its 4 points win the 12th hole: every game is won (R-9.1: the loser
    // has 3 holes, so at least ×1).
    let r = json_of(&[
        "rollout",
        "--position",
        "w:24 b:1x15 w score=10.11.0.3",
        "--games",
        "36",
        "--json",
        "--jobs",
        "2",
    ]);
    assert_eq!(r["games"], 36);
    assert_eq!(r["wins"].as_f64().unwrap(), 1.0);
    assert!(r["equity"].as_f64().unwrap() >= 1.0);
    let e = error_of(&["rollout", "--games", "0"], 2);
    assert!(e.contains("--games"), "{e}");
    usage_error(&["rollout", "--plies", "3"]);
}

#[test]
fn a_truncated_rollout_values_the_games_it_stops() {
    let r = json_of(&[
        "rollout",
        "--position",
        "w:1x13,6,7 b:24x15 b",
        "--games",
        "36",
        "--truncate",
        "4",
        "--json",
    ]);
    assert_eq!(r["truncated"], 36);
    let e = r["equity"].as_f64().unwrap();
    assert!(e.abs() < 4.0);
}

#[test]
fn rollout_does_not_depend_on_the_threads() {
    let args = |jobs: &'static str| {
        [
            "rollout",
            "--position",
            "w:1x13,6,7 b:24x15 b",
            "--games",
            "24",
            "--json",
            "--jobs",
            jobs,
        ]
    };
    let a = json_of(&args("1"));
    let b = json_of(&args("2"));
    assert_eq!(a["equity"], b["equity"]);
    assert!(a["ci95"].as_f64().unwrap() > 0.0);
    let text = stdout_of(&[
        "rollout",
        "--position",
        "w:1x13,6,7 b:24x15 b",
        "--games",
        "4",
    ]);
    assert!(text.contains("equity for black"), "{text}");
}

#[test]
fn an_equity_network_trains_from_the_first_one_and_plays() {
    let dir = scratch("equity-train");
    let model = dir.join("eq.bin");
    let m = model.to_str().unwrap();
    let v1 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../trictrac-bot/models/default.bin"
    );
    trictrac()
        .args([
            "train", "--equity", "--init", v1, "--games", "2", "--batch", "2", "--out", m,
            "--quiet",
        ])
        .assert()
        .success();
    // seven outputs, the stake distribution; the v1 file has one.
    assert!(std::fs::metadata(&model).unwrap().len() > std::fs::metadata(v1).unwrap().len());
    let r = json_of(&[
        "match",
        "--white",
        "default",
        "--black",
        "neural-v1",
        "--model",
        m,
        "--games",
        "2",
        "--seed",
        "21",
        "--json",
    ]);
    assert_eq!(r["games"], 2);
    // --init needs --equity.
    trictrac()
        .args(["train", "--init", v1, "--games", "2", "--out", m])
        .assert()
        .code(2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn hint_explain_says_why_each_play_and_why_the_best() {
    // after 5-11 1-2 Black's checker on 17 (his field 8) hits the
    // lone checker on 11, six fields away, with 16 rolls of 36 (every 6,
    // 5-1, 4-2, 3-3); 1-7 1-2 leaves 2, 5 and 7, reached only by 6-6,
    // 6-4 and 5-5: 4 rolls.
    let args = [
        "hint",
        "--position",
        "w:1x14,5 b:24x14,17 w",
        "--dice",
        "6-1",
    ];
    let plain = stdout_of(&args);
    assert!(
        !plain.contains("Why") && !plain.contains("lone checker"),
        "{plain}"
    );
    let text = stdout_of(&[&args[..], &["--explain"]].concat());
    assert!(text.starts_with(&plain.lines().next().unwrap().to_string()));
    assert!(
        text.contains("Marked before the checkers move (R-2.4): nothing"),
        "{text}"
    );
    assert!(
        text.contains("leaves 2 lone checkers on 2 11: black hits with 16 rolls of 36 (R-6.1"),
        "{text}"
    );
    assert!(
        text.contains("leaves 3 lone checkers on 2 5 7: black hits with 4 rolls of 36"),
        "{text}"
    );
    let why = text
        .lines()
        .find(|l| l.starts_with("Why "))
        .expect("a Why line");
    assert!(why.ends_with(':') && why.contains(" rather than "), "{why}");
    assert!(
        text.trim_end().lines().last().unwrap().contains("better"),
        "{text}"
    );
    // Every ranked play is in the plain output, in the same order.
    let ranks = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| {
                l.trim_start()
                    .split('.')
                    .next()
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
            .collect()
    };
    assert_eq!(ranks(&plain), ranks(&text));

    let plain = json_of(&[&args[..], &["--json"]].concat());
    assert!(plain.get("comparison").is_none());
    assert!(plain["plays"][0].get("explain").is_none());
    let h = json_of(&[&args[..], &["--json", "--explain"]].concat());
    let plays = h["plays"].as_array().unwrap();
    let of = |play: &str| {
        plays
            .iter()
            .find(|p| p["play"] == play)
            .unwrap_or_else(|| panic!("{play} ranked"))["explain"]
            .clone()
    };
    let e = of("5-11 1-2");
    assert_eq!(e["opponent"]["hit_rolls"], 16);
    assert_eq!(e["opponent"]["hit_points"], 1.0);
    assert_eq!(e["lone_checkers"], serde_json::json!([2, 11]));
    assert_eq!(of("1-7 1-2")["opponent"]["hit_rolls"], 4);
    for p in plays {
        assert_eq!(p["explain"]["play"], p["play"]);
        assert_eq!(p["explain"]["equity"], p["equity"]);
    }
    let c = &h["comparison"];
    assert_eq!(c["best"], plays[0]["play"]);
    assert_eq!(c["second"], plays[1]["play"]);
    let d = c["equity_difference"].as_f64().unwrap();
    let want = plays[0]["equity"].as_f64().unwrap() - plays[1]["equity"].as_f64().unwrap();
    assert!((d - want).abs() < 1e-3, "{d} {want}");
}

#[test]
fn hint_explain_names_the_fill_and_the_stakes_of_staying() {
    // the 5 from the talon fills the petit jan, 4 points.
    let text = stdout_of(&[
        "hint",
        "--position",
        "w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w",
        "--dice",
        "5-3",
        "--explain",
    ]);
    assert!(
        text.contains("fills the petit jan (R-6.5): 4 points now (R-6.6)"),
        "{text}"
    );
    // 10 points and a true hit worth 4 on 6-6: a double hole, 2
    // of remainder en bredouille; both 6s blocked: 4 points for Black.
    let h = json_of(&[
        "hint",
        "--position",
        "w:1x15 b:24x14,7 w score=10.0.0.0",
        "--dice",
        "6-6",
        "--json",
        "--explain",
    ]);
    let e = &h["stay_leave"]["explain"];
    assert_eq!(e["holes"], serde_json::json!(["double"]));
    assert_eq!(e["remainder"], 2);
    assert_eq!(e["opponent_points"], 4);
    assert_eq!(e["best"], h["stay_leave"]["best"]);
}
