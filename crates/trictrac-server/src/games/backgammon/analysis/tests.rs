//! Tests of the parent module.
use super::*;

use super::super::query as q;

#[test]
fn an_xgid_and_a_position_id_of_the_same_position_give_the_same_hint() {
    // The start with 3-1 to play, White on roll (BG-1.4).
    let a = setting(&q(&[("position", "4HPwATDgc/ABMA"), ("dice", "3-1")])).unwrap();
    let x = a.xgid().to_string();
    let b = setting(&q(&[("position", &x)])).unwrap();
    assert_eq!(a, b);
    let h = analyse(&b, &Rules::standard(), Some(0));
    assert_eq!(h["kind"], "play");
    assert_eq!(h["plays"][0]["n"], "8/5 6/5", "{h}");
}

#[test]
fn every_ranked_play_carries_its_features_and_the_hint_says_why_the_first() {
    // The start, 3-1 for White: 8/5 6/5 makes the 5-point, no blot.
    let s = setting(&q(&[("position", "4HPwATDgc/ABMA"), ("dice", "3-1")])).unwrap();
    let h = analyse(&s, &Rules::standard(), Some(0));
    let plays = h["plays"].as_array().unwrap();
    assert!(plays.len() >= 2, "{h}");
    for p in plays {
        let e = &p["explain"];
        assert!(e["shots"].is_u64() && e["blots"].is_array(), "{p}");
        assert!(
            e["pips"]["mover"].is_u64() && e["prime"]["length"].is_u64(),
            "{p}"
        );
        assert!(e["chances"]["win_gammon"].is_f64(), "{p}");
        assert!(e["summary"].as_str().unwrap().contains("pips"), "{p}");
    }
    let best = &plays[0]["explain"];
    assert_eq!(best["points_made"], json!([5]), "{best}");
    assert_eq!(best["blots"], json!([]), "{best}");
    assert_eq!(best["home_board_points"], 2, "{best}");
    let w = &h["why"];
    assert_eq!(w["play"], "8/5 6/5", "{w}");
    assert_eq!(w["other"], plays[1]["n"], "{w}");
    let d = plays[0]["equity"].as_f64().unwrap() - plays[1]["equity"].as_f64().unwrap();
    assert!(
        (w["equity_difference"].as_f64().unwrap() - d).abs() < 1e-3,
        "{w}"
    );
    let reasons = w["reasons"].as_array().unwrap();
    assert!(!reasons.is_empty(), "{w}");
    assert!(
        reasons
            .iter()
            .all(|r| r["sentence"].as_str().is_some_and(|t| !t.is_empty())
                && r["kind"].is_string()
                && r["weight"].is_f64()),
        "{w}"
    );
}

/// A money game in the play phase with White to play `w`-`b` from
/// the start (White wins the opening throw with the higher die).
fn opening(w: u8, b: u8) -> Match {
    let mut m = Match::new(Rules::standard(), 0);
    tables::TableGame::apply(&mut m, &backgammon::session::Action::Opening { w, b }).unwrap();
    m
}

#[test]
fn the_tutor_judges_a_play_against_the_best_without_making_it() {
    let m = opening(3, 1);
    let before = m.clone();
    let good = judge(&m, &Decision::Play("8/5 6/5".into())).unwrap();
    assert_eq!(good["kind"], "play");
    assert_eq!(good["lost"], 0.0, "{good}");
    assert_eq!(good["mark"], "", "{good}");
    assert!(good["why"].is_null(), "{good}");
    // 24/21 24/23 splits the back checkers instead of making the
    // 5-point: a mistake the review marks.
    let bad = judge(&m, &Decision::Play("24/21 24/23".into())).unwrap();
    let lost = bad["lost"].as_f64().unwrap();
    assert!(
        lost >= backgammon_bot::analysis::review::THRESHOLDS[0],
        "{bad}"
    );
    assert_eq!(
        bad["mark"],
        mark(lost, backgammon_bot::analysis::review::THRESHOLDS)
    );
    assert_eq!(bad["best"]["n"], "8/5 6/5", "{bad}");
    assert_eq!(bad["best"]["action"], "play");
    assert_eq!(bad["mine"]["n"], "24/23 24/21", "{bad}");
    assert!(bad["best"]["explain"]["points_made"] == json!([5]), "{bad}");
    assert_eq!(bad["why"]["play"], "8/5 6/5");
    assert_eq!(bad["why"]["other"], "24/23 24/21");
    assert_eq!(
        bad["thresholds"],
        json!(backgammon_bot::analysis::review::THRESHOLDS)
    );
    assert_eq!(bad["side"], "white");
    // Nothing was played.
    assert_eq!(m.game.position(), before.game.position());
    // Not a play of this roll; not a cube decision now.
    assert!(judge(&m, &Decision::Play("13/7".into())).is_err());
    assert!(judge(&m, &Decision::Double).is_err());
}

#[test]
fn the_tutor_judges_the_cube_decisions() {
    use backgammon::session::Action;
    let mut m = opening(3, 1);
    for a in [
        Action::Play {
            p: "8/5 6/5".into(),
        },
        Action::Roll { a: 2, b: 1 },
        Action::Play {
            p: "13/11 24/23".into(),
        },
    ] {
        tables::TableGame::apply(&mut m, &a).unwrap();
    }
    // White before his roll, early in a money game: no double.
    let roll = judge(&m, &Decision::NoDouble).unwrap();
    assert_eq!(roll["kind"], "cube", "{roll}");
    assert_eq!(roll["lost"], 0.0, "{roll}");
    assert_eq!(roll["best"]["n"], "no_double");
    assert_eq!(roll["best"]["action"], "roll");
    let double = judge(&m, &Decision::Double).unwrap();
    assert!(double["lost"].as_f64().unwrap() > 0.0, "{double}");
    assert_eq!(double["mine"]["action"], "double");
    assert!(double["cube"]["no_double"].is_f64(), "{double}");
    assert!(judge(&m, &Decision::Take).is_err());
    // Doubled, Black takes: passing gives away a game he is not losing.
    tables::TableGame::apply(&mut m, &Action::Double).unwrap();
    let take = judge(&m, &Decision::Take).unwrap();
    assert_eq!(take["lost"], 0.0, "{take}");
    assert_eq!(take["side"], "black", "{take}");
    let pass = judge(&m, &Decision::Drop).unwrap();
    assert!(pass["lost"].as_f64().unwrap() >= 0.12, "{pass}");
    assert_eq!(pass["mark"], "very_bad", "{pass}");
    assert_eq!(pass["best"]["action"], "take");
}

#[test]
fn a_cube_decision_and_an_answer_are_analysed_in_the_deciders_eyes() {
    // White 99 pips against 135 in a race: double, and Black should pass.
    let board = "0,0,0,0,3,4,4,4,0,0,0,0,0,0,0,-15,0,0,0,0,0,0,0,0";
    let s = setting(&q(&[("board", board), ("turn", "white")])).unwrap();
    let h = analyse(&s, &Rules::standard(), Some(0));
    assert_eq!(h["kind"], "cube");
    assert_eq!(h["cube"]["double"], true, "{h}");
    assert_eq!(h["cube"]["take"], false, "{h}");
    assert!(h["chances"]["win"].as_f64().unwrap() > 0.9, "{h}");
    let mut d = s;
    d.doubled = true;
    let a = analyse(&d, &Rules::standard(), Some(0));
    assert_eq!(a["kind"], "answer");
    assert_eq!(a["side"], "black");
    assert_eq!(a["answer"]["proper"], "pass", "{a}");
    assert!(a["chances"]["win"].as_f64().unwrap() < 0.1, "{a}");
    assert!(a["xgid"].as_str().unwrap().contains(":D:"), "{a}");
}

#[test]
fn bad_fields_are_named() {
    for (pairs, word) in [
        (vec![], "give a position"),
        (vec![("position", "nonsense!")], "position"),
        (
            vec![("position", "4HPwATDgc/ABMA"), ("dice", "7-1")],
            "dice",
        ),
        (vec![("position", "4HPwATDgc/ABMA"), ("cube", "3")], "cube"),
        (
            vec![("position", "4HPwATDgc/ABMA"), ("score", "2-4")],
            "length",
        ),
        (
            vec![
                ("position", "4HPwATDgc/ABMA"),
                ("length", "5"),
                ("score", "5-0"),
            ],
            "ends",
        ),
        (vec![("board", "1,2")], "24 counts"),
        (
            vec![(
                "board",
                "16,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15",
            )],
            "15",
        ),
    ] {
        let e = setting(&q(&pairs)).unwrap_err();
        assert!(e.to_string().contains(word), "{pairs:?}: {e}");
    }
}
