//! `trictrac bg hint --explain` (issue 40): each ranked play with its
//! features, why the best rather than the second, and without dice why
//! the cube decision, in text and JSON, run as the real binary.

mod support;
use support::*;

/// The text of `bg hint --dice 3-1` at the start, with `extra` options.
fn opening_31(extra: &[&str]) -> String {
    let mut args = vec!["bg", "hint", "--dice", "3-1"];
    args.extend_from_slice(extra);
    stdout_of(&args)
}

#[test]
fn explain_prints_the_features_under_each_play_and_why_the_best() {
    let text = opening_31(&["--explain"]);
    let lines: Vec<&str> = text.lines().collect();
    let best = lines
        .iter()
        .position(|l| l.starts_with("1.  8/5 6/5 "))
        .unwrap_or_else(|| panic!("{text}"));
    // The features of 8/5 6/5, computed from the position after it.
    assert!(
        lines[best + 1].starts_with("    no blot; makes the 5; home board 2 points; prime 2 (6-5)"),
        "{text}"
    );
    assert!(text.contains("pips 163 v 167"), "{text}");
    // The slot 13/10 6/5: blots on the 5 and the 10, 18 shots of 36.
    assert!(
        text.contains("blots on the 5 and 10: 18 shots of 36 (11 direct)"),
        "{text}"
    );
    let why = lines
        .iter()
        .position(|l| l.starts_with("Why 8/5 6/5 rather than "))
        .unwrap_or_else(|| panic!("{text}"));
    let reasons = lines[why..]
        .iter()
        .filter(|l| l.starts_with("  - "))
        .count();
    assert!((1..=3).contains(&reasons), "{text}");
    assert!(
        text.contains("8/5 6/5 makes the 5-point (home board: 2 points"),
        "{text}"
    );
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn without_explain_the_table_is_unchanged() {
    let plain = opening_31(&[]);
    assert!(!plain.contains("Why "), "{plain}");
    assert!(!plain.contains("no blot"), "{plain}");
    // --explain adds lines (the features, indented, and the "Why"
    // paragraph after a blank line) and changes none: without them, the
    // same text.
    let explained = opening_31(&["--explain"]);
    let (table, why) = explained
        .split_once("\n\nWhy ")
        .unwrap_or_else(|| panic!("{explained}"));
    assert!(!why.is_empty());
    let kept: Vec<&str> = table
        .lines()
        .filter(|l| !l.starts_with("    ") || l.starts_with("    play"))
        .collect();
    assert_eq!(kept.join("\n") + "\n", plain);
}

#[test]
fn explain_in_json_gives_the_features_of_each_play_and_the_comparison() {
    let v = json_of(&["bg", "hint", "--dice", "3-1", "--explain", "--json"]);
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 16);
    let best = &plays[0];
    assert_eq!(best["play"], "8/5 6/5");
    let f = &best["explain"];
    assert_eq!(f["points_made"], serde_json::json!([5]));
    assert_eq!(f["blots"], serde_json::json!([]));
    assert_eq!(f["shots"], 0);
    assert_eq!(f["home_board_points"], 2);
    assert_eq!(f["prime"]["length"], 2);
    assert_eq!(f["pips"]["mover"], 163);
    assert_eq!(f["pips"]["opponent"], 167);
    assert_eq!(f["race"], false);
    assert_eq!(f["chances"]["win_gammon"], best["win_gammon"]);
    let slot = plays.iter().find(|p| p["play"] == "13/10 6/5").unwrap();
    assert_eq!(slot["explain"]["shots"], 18);
    assert_eq!(slot["explain"]["blots"][0]["point"], 5);
    assert_eq!(slot["explain"]["blots"][0]["shots"], 15);
    assert_eq!(slot["explain"]["blots"][0]["direct_shots"], 11);
    let why = &v["why"];
    assert_eq!(why["play"], "8/5 6/5");
    assert_eq!(why["other"], plays[1]["play"]);
    let d = why["equity_difference"].as_f64().unwrap();
    let e = plays[0]["equity"].as_f64().unwrap() - plays[1]["equity"].as_f64().unwrap();
    assert!((d - e).abs() < 1e-5, "{d} {e}");
    let reasons = why["reasons"].as_array().unwrap();
    assert!((1..=3).contains(&reasons.len()), "{why}");
    let weights: Vec<f64> = reasons
        .iter()
        .map(|r| r["weight"].as_f64().unwrap().abs())
        .collect();
    assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{why}");
    assert!(reasons
        .iter()
        .all(|r| r["sentence"].is_string() && r["kind"].is_string()));
    // Without --explain, the JSON as before.
    let plain = json_of(&["bg", "hint", "--dice", "3-1", "--json"]);
    assert!(plain.get("why").is_none());
    assert!(plain["plays"][0].get("explain").is_none());
}

#[test]
fn explain_a_race_and_refuse_what_it_cannot_explain() {
    // Both sides in their home boards (an XGID, 2-1 to play): a race,
    // 72 pips against 70, and nothing else is said.
    let race = "XGID=----EEE------------ee-e---:0:0:1:21:0:0:0:0:10";
    let v = json_of(&["bg", "hint", "--position", race, "--explain", "--json"]);
    let f = &v["plays"][0]["explain"];
    assert_eq!(f["race"], true, "{v}");
    assert_eq!(f["pips"]["lead"], -2, "{v}");
    let text = stdout_of(&["bg", "hint", "--position", race, "--explain"]);
    assert!(
        text.contains("    race, pips 72 v 70 (2 behind); gammons 0%/0%"),
        "{text}"
    );
    assert!(!text.contains("blot"), "{text}");
    // --best prints no table.
    usage_error(&["bg", "hint", "--dice", "3-1", "--explain", "--best"]);
}

#[test]
fn the_text_says_when_the_features_speak_for_the_second_play() {
    // Whichever way the weights go, the text follows the JSON: the
    // closing line when their sum speaks for the second play.
    for dice in ["3-1", "6-4"] {
        let v = json_of(&["bg", "hint", "--dice", dice, "--explain", "--json"]);
        let sum: f64 = v["why"]["reasons"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["weight"].as_f64().unwrap())
            .sum();
        let text = stdout_of(&["bg", "hint", "--dice", dice, "--explain"]);
        let other = v["why"]["other"].as_str().unwrap();
        let closing = format!("  These speak for {other}:");
        assert_eq!(text.contains(&closing), sum < 0.0, "{dice}: {text}");
        assert!(
            text.contains("  The heaviest differences [their weight for "),
            "{text}"
        );
    }
}

/// A race of 59 pips against 65, Black on roll: double, take.
const RACE_DOUBLE: &str = "XGID=-ABCCCC------------ddcbaa-:0:0:1:00:0:0:0:0:10";

#[test]
fn explain_without_dice_explains_the_cube_decision() {
    let text = stdout_of(&["bg", "hint", "--position", RACE_DOUBLE, "--explain"]);
    assert!(text.contains("Proper cube action: Double, take"), "{text}");
    let why = text
        .split_once("\nWhy: A double now: ")
        .unwrap_or_else(|| panic!("{text}"))
        .1;
    // The sentence, its wrapped lines joined.
    let sentence = why.split("\n  - ").next().unwrap().replace("\n  ", " ");
    assert!(why.contains("of the sequences ("), "{text}");
    assert!(
        sentence.contains("lose your market; gammon factor 0.00; take point"),
        "{sentence}"
    );
    assert!(
        sentence.contains("(money) — the taker's chances 26%: a take."),
        "{sentence}"
    );
    assert!(why.contains("  - Market losers: "), "{text}");
    assert!(why.contains("      e.g. "), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    // Without --explain, the cube hint as before: the same text up to
    // the explanation.
    let plain = stdout_of(&["bg", "hint", "--position", RACE_DOUBLE]);
    assert!(text.starts_with(&plain), "{plain}\n---\n{text}");
    assert!(!plain.contains("Why"), "{plain}");
}

#[test]
fn the_cube_explanation_in_json() {
    let v = json_of(&[
        "bg",
        "hint",
        "--position",
        RACE_DOUBLE,
        "--explain",
        "--json",
    ]);
    let e = &v["explain"];
    assert_eq!(e["doubler"], "black", "{e}");
    assert_eq!(e["money"], true);
    assert_eq!(e["chances"]["win"], v["win"]);
    let m = &e["market"];
    assert_eq!(m["sequences"], 1296);
    let losers = m["losers"].as_u64().unwrap();
    assert!(losers > 0, "{e}");
    let f = m["fraction"].as_f64().unwrap();
    assert!((f - losers as f64 / 1296.0).abs() < 1e-6);
    let ex = m["examples"].as_array().unwrap();
    assert!((1..=2).contains(&ex.len()), "{e}");
    assert!(ex[0]["roll"].is_string() && ex[0]["play"].is_string());
    let tp = e["take_point"].as_f64().unwrap();
    assert!((0.15..0.25).contains(&tp), "{e}");
    assert!(e["sentence"]
        .as_str()
        .unwrap()
        .starts_with("A double now: "));
    // The start: the cube is centred, nothing loses the market.
    let start = json_of(&["bg", "hint", "--explain", "--json"]);
    assert_eq!(start["explain"]["market"]["losers"], 0, "{start}");
    assert!(start["explain"]["gammon_factor"].as_f64().unwrap() > 0.1);
    // The opponent's cube: no market of the roller's to lose.
    let theirs = json_of(&[
        "bg",
        "hint",
        "--position",
        RACE_DOUBLE,
        "--cube",
        "2",
        "--owner",
        "white",
        "--explain",
        "--json",
    ]);
    assert!(theirs["explain"]["market"].is_null(), "{theirs}");
    // Without --explain, no explanation.
    let plain = json_of(&["bg", "hint", "--position", RACE_DOUBLE, "--json"]);
    assert!(plain.get("explain").is_none());
}

#[test]
fn why_in_the_terminal_after_a_hint() {
    // Seed 7: black opens with 5-2, white is asked to roll or double,
    // then plays 5-2.
    let dir = scratch("bg-why");
    let input = "why\nhint\nwhy\n\nhint\nwhy\nquit\n";
    let text = piped_in(&dir, &["bg", "play", "--seed", "7"], input);
    // Before a hint, `why` has nothing to explain.
    assert!(
        text.contains("`why` explains the hint: ask `hint` first at this decision."),
        "{text}"
    );
    // After the cube hint: the cube decision explained.
    assert!(text.contains("Why: A double now: "), "{text}");
    assert!(text.contains("  - Market losers: "), "{text}");
    // After the hint of a roll: its best play against its second.
    // `Why BEST rather than SECOND`: the two plays the hint listed first
    // (which plays they are is the network's business).
    let line = |tag: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(tag))
            .unwrap_or_else(|| panic!("{text}"))
    };
    let (best, second) = (line("Best: "), line("Second: "));
    assert!(best.contains("equity"), "{text}");
    let play = |rest: &str| rest.split(',').next().unwrap_or_default().to_string();
    let why = format!("Why {} rather than {}: ", play(best), play(second));
    assert!(text.contains(&why), "{why} {text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}
