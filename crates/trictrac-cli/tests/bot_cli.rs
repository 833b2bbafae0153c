//! `trictrac match` and `trictrac train`, run as the real binary.

mod support;
use support::*;

#[test]
fn match_prints_the_score_and_does_not_depend_on_jobs() {
    let run = |jobs: &str| -> serde_json::Value {
        let s = stdout_of(&[
            "match", "--white", "greedy", "--black", "random", "--games", "6", "--seed", "4",
            "--jobs", jobs, "--json",
        ]);
        serde_json::from_str(&s).unwrap()
    };
    let (a, b) = (run("1"), run("3"));
    assert_same_figures(
        &a,
        &b,
        &[
            "games",
            "a_wins",
            "win_rate",
            "win_rate_ci95",
            "mean_hole_difference",
            "mean_stake",
            "rolls_per_game",
        ],
    );
    assert_eq!(a["games"], 6);
    assert_eq!(a["a_wins"], 6, "greedy beats random: {a}");
    assert_eq!(a["a_white_games"], 3, "colours alternate");
    let ci = a["win_rate_ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() < 1.0 && ci[1].as_f64().unwrap() == 1.0);
    assert!(a["mean_stake"].as_f64().unwrap() >= 1.0);

    let text = stdout_of(&[
        "match", "--white", "neural", "--black", "random", "--games", "2", "--seed", "1",
    ]);
    for needle in [
        "neural",
        "wins",
        "95 % CI",
        "mean hole difference",
        "mean stake",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

#[test]
fn match_errors_are_one_line() {
    let e = error_of(&["match", "--white", "deep-blue", "--black", "random"], 2);
    assert!(
        e.contains("unknown player `deep-blue`") && e.contains("neural"),
        "{e}"
    );
    error_of(
        &[
            "match", "--white", "random", "--black", "random", "--games", "0",
        ],
        2,
    );
    let dir = scratch("badmodel");
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, b"not a model").unwrap();
    let missing = dir.join("missing.bin");
    for (model, says) in [
        (&bad, "not a trictrac model file"),
        (&missing, "cannot read"),
    ] {
        let model = model.to_str().unwrap();
        let args = [
            "match", "--white", "neural", "--black", "random", "--model", model,
        ];
        let e = error_of(&args, 2);
        assert!(e.contains(says), "{e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn train_is_deterministic_resumable_and_its_model_plays() {
    let dir = scratch("train");
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    // The learning-rate schedule spans 4 games in every run, as it would
    // in one run of 4 games stopped after its first checkpoint.
    let tiny = [
        "--hidden",
        "4",
        "--batch",
        "2",
        "--seed",
        "5",
        "--alpha-games",
        "4",
        "--quiet",
    ];
    let train = |out: &str, games: &str, jobs: &str| {
        let mut args = vec!["train", "--games", games, "--jobs", jobs, "--out", out];
        args.extend(tiny);
        trictrac().args(&args).assert().success();
    };
    // Deterministic for a seed, whatever the threads.
    train(&path("a.bin"), "4", "1");
    train(&path("b.bin"), "4", "2");
    let a = std::fs::read(path("a.bin")).unwrap();
    assert_eq!(a, std::fs::read(path("b.bin")).unwrap());
    // Resumed from a checkpoint (2 games): the same as one run.
    train(&path("c.bin"), "2", "1");
    trictrac()
        .args([
            "train",
            "--games",
            "4",
            "--resume",
            &path("c.bin"),
            "--quiet",
        ])
        .assert()
        .success();
    assert_eq!(a, std::fs::read(path("c.bin")).unwrap());
    // Without --quiet it reports what it did.
    let text = stdout_of(&[
        "train",
        "--games",
        "6",
        "--resume",
        &path("c.bin"),
        "--out",
        &path("d.bin"),
    ]);
    assert!(text.contains("trained 6 games (2 in this run)"), "{text}");
    // The trained model drives the neural players.
    let s = stdout_of(&[
        "match",
        "--white",
        "neural",
        "--black",
        "random",
        "--games",
        "2",
        "--model",
        &path("d.bin"),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&s).unwrap();
    assert_eq!(v["games"], 2);
    // Errors.
    let e = error_of(
        &[
            "train",
            "--games",
            "4",
            "--resume",
            &path("c.bin"),
            "--seed",
            "2",
        ],
        2,
    );
    assert!(e.contains("--seed cannot be changed when resuming"), "{e}");
    let e = error_of(&["train", "--games", "3", "--resume", &path("c.bin")], 2);
    assert!(e.contains("already been trained on 4 games"), "{e}");
    error_of(
        &[
            "train",
            "--games",
            "3",
            "--lambda",
            "2",
            "--out",
            &path("e.bin"),
        ],
        2,
    );
    let e = error_of(
        &["train", "--games", "3", "--out", &path("no/such/dir/m.bin")],
        2,
    );
    assert!(e.contains("cannot write"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 25 item 6: `match` and `bg match` name their players by level
/// (weakest first) and accept the level words beside the internal names.
#[test]
fn both_matches_take_and_list_the_bots_by_level() {
    let help = stdout_of(&["match", "--help"]);
    assert!(
        help.contains("Players, by level, weakest first: beginner (random), easy (greedy)"),
        "{help}"
    );
    let help = stdout_of(&["bg", "match", "--help"]);
    assert!(
        help.contains("Players, by level, weakest first: beginner (random)"),
        "{help}"
    );
    let v = json_of(&[
        "match", "--white", "easy", "--black", "Beginner", "--games", "2", "--seed", "3", "--json",
    ]);
    assert_eq!(v["white"], "greedy", "{v}");
    assert_eq!(v["black"], "random", "{v}");
    let v = json_of(&[
        "bg", "match", "--white", "easy", "--black", "beginner", "--games", "2", "--seed", "3",
        "--json",
    ]);
    assert_eq!(v["white"], "greedy", "{v}");
    assert_eq!(v["black"], "random", "{v}");
}
