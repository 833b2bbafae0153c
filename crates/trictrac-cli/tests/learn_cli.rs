//! `trictrac learn` and `trictrac bg learn`, run as the real binary with
//! piped answers: a right and a wrong answer each, the score at the end,
//! the progress file, and the refusals.

use std::path::PathBuf;

mod support;
use support::*;

/// A fresh progress file in a scratch directory.
fn progress_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trictrac-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("progress.json")
}

/// Runs `trictrac ARGS` with `answers` on stdin; its stdout.
fn session(args: &[&str], answers: &str) -> String {
    let out = trictrac()
        .args(args)
        .write_stdin(answers)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(out.stdout).expect("utf-8")
}

fn read_json(path: &PathBuf) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the progress file")).unwrap()
}

#[test]
fn learn_grades_a_right_and_a_wrong_count() {
    let file = progress_file("count");
    let base = ["learn", "--level", "jans", "--seed", "5", "--count", "2"];
    let batch = json_of(&[&base[..], &["--json"]].concat());
    let answer = |i: usize| {
        let a = &batch[i]["answer"];
        (
            a["mover_points"].as_u64().unwrap(),
            a["opponent_points"].as_u64().unwrap(),
        )
    };
    let (m0, o0) = answer(0);
    let (m1, o1) = answer(1);
    let input = format!("{m0} {o0}\n{} {o1}\n", m1 + 2);
    let mut args = base.to_vec();
    let p = file.to_str().unwrap();
    args.extend(["--lang", "en", "--progress", p]);
    let out = session(&args, &input);
    assert!(out.contains("Exercise 1/2"), "{out}");
    assert!(
        out.contains(batch[0]["position"].as_str().unwrap()),
        "{out}"
    );
    let right = out.find("Right!").expect("the first answer is right");
    let wrong = out.find("Wrong.").expect("the second is wrong");
    assert!(right < wrong, "{out}");
    // The correction names the jans in French with their rules.
    let jan = &batch[1]["answer"]["jans"][0];
    assert!(out.contains(jan["french"].as_str().unwrap()), "{out}");
    assert!(out.contains(jan["rule"].as_str().unwrap()), "{out}");
    assert!(out.contains("Score: 1/2 right."), "{out}");
    let kept = read_json(&file);
    assert_eq!(kept["trictrac"]["jans"]["asked"], 2);
    assert_eq!(kept["trictrac"]["jans"]["right"], 1);
    // A second session adds to the first.
    session(&args, &format!("{m0} {o0}\nquit\n"));
    assert_eq!(read_json(&file)["trictrac"]["jans"]["asked"], 3);
}

/// Lesson 16 is Lelasseux's fig. 36: 26 to the roller, 12 to the
/// opponent (26 alone is wrong); lesson 17 is hitting the corner, 4.
#[test]
fn learn_lessons_follow_the_article_in_french() {
    let file = progress_file("lesson");
    let p = file.to_str().unwrap();
    let args = ["learn", "--lesson", "16", "--lang", "fr", "--progress", p];
    let out = session(&args, "vingt-six\n26\n4\nquit\n");
    assert!(out.contains("Leçon 16/"), "{out}");
    assert!(out.contains("Pas compris"), "{out}");
    let wrong = out.find("Faux.").expect("26 alone is wrong");
    let right = out.find("Juste !").expect("4 for the corner is right");
    assert!(wrong < right, "{out}");
    assert!(out.contains("Réponse : Blanc 26, Noir 12."), "{out}");
    assert!(
        out.contains("battre à faux dans la table du petit jan (R-6.2)"),
        "{out}"
    );
    assert!(out.contains("Résultat : 1/2 justes."), "{out}");
    let kept = read_json(&file);
    assert_eq!(kept["lessons_passed"], serde_json::json!([17]));
    let lessons = json_of(&["learn", "--lesson", "1", "--json"]);
    assert_eq!(lessons[0]["answer"]["mover_points"], 4);
    assert_eq!(lessons[0]["title"]["fr"], "Le jan de trois coups");
}

#[test]
fn learn_refuses_bad_input() {
    assert!(input_error(&["learn", "--level", "expert", "--json"]).contains("unknown level"));
    assert!(input_error(&["learn", "--lesson", "99", "--json"]).contains("no lesson 99"));
    assert!(input_error(&["learn", "--lang", "de", "--json"]).contains("--lang"));
    let file = progress_file("bad");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "{not json").unwrap();
    let e = error_of(
        &["learn", "--seed", "1", "--progress", file.to_str().unwrap()],
        2,
    );
    assert!(e.contains("progress file"), "{e}");
}

#[test]
fn bg_learn_grades_plays_by_the_bots_equity() {
    let file = progress_file("bg");
    let base = [
        "bg", "learn", "--theme", "opening", "--seed", "1", "--count", "2", "--plies", "0",
    ];
    let batch = json_of(&[&base[..], &["--json"]].concat());
    assert_eq!(batch[0]["kind"], "best-play");
    let best = batch[0]["plays"][0]["play"].as_str().unwrap();
    let second = &batch[1]["plays"][1];
    let lost = second["loss"].as_f64().unwrap();
    assert!(lost >= 0.08, "{batch}");
    let input = format!("{best}\nnonsense\n{}\n", second["play"].as_str().unwrap());
    let mut args = base.to_vec();
    args.extend(["--lang", "en", "--progress", file.to_str().unwrap()]);
    let out = session(&args, &input);
    assert!(out.contains("Best play!"), "{out}");
    assert!(out.contains("Not understood"), "{out}");
    assert!(
        out.contains(&format!("rank 2, {lost:.3} equity lost")),
        "{out}"
    );
    assert!(out.contains("Score: 1/2 right"), "{out}");
    let kept = read_json(&file);
    assert_eq!(kept["backgammon"]["opening"]["right"], 1);
    let kept_loss = kept["backgammon"]["opening"]["equity_lost"]
        .as_f64()
        .unwrap();
    assert!((kept_loss - lost).abs() < 1e-3, "{kept}");
}

#[test]
fn bg_learn_grades_the_cube() {
    let file = progress_file("cube");
    let base = [
        "bg", "learn", "--theme", "cube", "--seed", "2", "--count", "1", "--plies", "0",
    ];
    let batch = json_of(&[&base[..], &["--json"]].concat());
    let a = &batch[0]["answer"];
    let yes = |b: bool, y: &str, n: &str| if b { y.to_string() } else { n.to_string() };
    let double = yes(a["double"].as_bool().unwrap(), "yes", "no");
    let take = yes(a["take"].as_bool().unwrap(), "take", "pass");
    let mut args = base.to_vec();
    args.extend(["--lang", "en", "--progress", file.to_str().unwrap()]);
    let out = session(&args, &format!("{double}\n{take}\n"));
    assert!(out.contains("Right!"), "{out}");
    assert!(out.contains(a["action"].as_str().unwrap()), "{out}");
    // The wrong answers to both questions.
    let wrong_double = yes(!a["double"].as_bool().unwrap(), "yes", "no");
    let wrong_take = yes(!a["take"].as_bool().unwrap(), "take", "pass");
    let out = session(&args, &format!("maybe\n{wrong_double}\n{wrong_take}\n"));
    assert!(out.contains("Wrong."), "{out}");
    assert!(out.contains("Score: 0/1 right"), "{out}");
    assert!(input_error(&["bg", "learn", "--theme", "endgame"]).contains("unknown theme"));
}
