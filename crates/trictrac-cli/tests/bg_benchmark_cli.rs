//! `trictrac bg benchmark` and `bg match --save-mat` (issue 22, item 6),
//! run as the real binary.

mod support;
use support::*;

#[test]
fn bg_match_takes_default_and_saves_each_game_as_a_mat_record() {
    let dir = scratch("bg-match-save-mat");
    let text = stdout_of(&[
        "bg",
        "match",
        "--white",
        "default",
        "--black",
        "random",
        "--games",
        "2",
        "--cube",
        "off",
        "--seed",
        "4",
        "--save-mat",
        dir.to_str().unwrap(),
    ]);
    assert!(
        text.contains("default (White in even games) vs random"),
        "{text}"
    );
    for (file, first) in [("game-00001.mat", "default"), ("game-00002.mat", "random")] {
        let mat = std::fs::read_to_string(dir.join(file)).expect("a record");
        // A money session (after the comment naming the rules: cube off).
        assert!(mat.lines().any(|l| l == " 0 point match"), "{mat}");
        // The White player of that game is named first.
        let names = mat
            .lines()
            .skip_while(|l| l.trim() != "Game 1")
            .nth(1)
            .unwrap_or_default()
            .to_string();
        assert!(names.trim_start().starts_with(first), "{names}");
        // Each record reads back as a game (bg replay).
        let replay = stdout_of(&["bg", "replay", dir.join(file).to_str().unwrap()]);
        assert!(!replay.is_empty());
    }
    assert!(!dir.join("game-00003.mat").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_benchmark_plays_gnubg_both_ways_and_has_it_judge_the_games() {
    if !gnubg_installed("bg_benchmark_plays_gnubg_both_ways_and_has_it_judge_the_games") {
        return;
    }
    let dir = scratch("bg-benchmark");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "bg",
        "benchmark",
        "--bot",
        "neural0",
        "--games",
        "2",
        "--analyse",
        "1",
        "--plies",
        "0",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--save-mat",
        dir.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["seed"], 5);
    assert_eq!(json["bot"], "neural0");
    let settings = json["settings"].as_array().unwrap();
    assert_eq!(settings.len(), 2, "{json}");
    for (s, cube) in settings.iter().zip([false, true]) {
        assert_eq!(s["cube"], cube);
        assert_eq!(s["games"], 2);
        let a = &s["analysis"];
        assert_eq!(a["games"], 1, "{json}");
        // Both sides of the analysed game made moves with a choice, and
        // gnubg judged them (an error total of zero or more).
        for side in ["ours", "gnubg"] {
            assert!(a[side]["moves"].as_u64().unwrap() > 0, "{json}");
            assert!(a[side]["chequer_emg"].as_f64().unwrap() >= 0.0, "{json}");
        }
    }
    assert!(dir.join("cube-off/game-00001.mat").is_file());
    assert!(dir.join("cube-on/game-00001.mat").is_file());
    assert!(!dir.join("cube-on/game-00002.mat").exists());
    // The text names the seed, so that a run can be repeated.
    let text = stdout_of(&[
        "bg",
        "benchmark",
        "--games",
        "2",
        "--analyse",
        "0",
        "--cube",
        "off",
        "--jobs",
        "1",
    ]);
    assert!(text.contains("neural against gnubg 0-ply"), "{text}");
    assert!(text.contains("(repeat with --seed "), "{text}");
    assert!(text.contains("cube off: 2 games"), "{text}");
    assert!(text.contains("points per game"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_benchmark_refuses_gnubg_as_our_bot_and_a_wrong_cube() {
    let e = error_of(&["bg", "benchmark", "--bot", "gnubg"], 2);
    assert!(e.contains("gnubg is the opponent"), "{e}");
    let e = error_of(&["bg", "benchmark", "--cube", "maybe"], 2);
    assert!(e.contains("off, on or both"), "{e}");
}
