//! `trictrac bg …`, run as the real binary.

mod support;
use support::*;

#[test]
fn bg_moves_lists_the_plays_with_gnubg_position_ids() {
    let text = stdout_of(&["bg", "moves", "--dice", "3-1"]);
    assert_eq!(text.lines().count(), 16);
    assert!(text.lines().any(|l| l == "8/5 6/5"));
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "bg",
        "moves",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3-1",
        "--json",
    ]))
    .unwrap();
    let plays = json["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 16);
    let best = plays.iter().find(|p| p["play"] == "8/5 6/5").unwrap();
    // gnubg's own ID of the position after 8/5 6/5, the opponent on roll.
    assert_eq!(best["position"], "sGfwATDgc/ABMA");
}

#[test]
fn bg_moves_checks_a_play_and_names_the_rule() {
    let text = stdout_of(&["bg", "moves", "--dice", "6-5", "--play", "24/13"]);
    assert_eq!(text.lines().next(), Some("24/13"));
    let e = error_of(&["bg", "moves", "--dice", "6-5", "--play", "24/18 13/7"], 1);
    assert!(e.contains("BG-3.1"), "{e}");
    let e = error_of(
        &["bg", "moves", "--dice", "5-2", "--play", "24/19 24/22"],
        1,
    );
    assert!(e.contains("BG-3.3"), "{e}");
}

#[test]
fn bg_bad_input_gets_a_clear_error() {
    let e = error_of(
        &["bg", "moves", "--position", "nonsense", "--dice", "3-1"],
        2,
    );
    assert!(e.contains("BG-1.4"), "{e}");
    error_of(&["bg", "moves", "--dice", "7-1"], 2);
    let e = error_of(&["bg", "moves", "--dice", "3-1", "--play", "24/30"], 2);
    assert!(e.contains("BG-1.2"), "{e}");
    let e = error_of(&["bg", "moves", "--dice", "3-1", "--rules", "house"], 2);
    assert!(e.contains("standard or seed"), "{e}");
    error_of(&["bg", "perft", "--depth", "9"], 2);
}

#[test]
fn bg_perft_from_the_start() {
    let text = stdout_of(&["bg", "perft", "--depth", "2"]);
    assert!(text.contains(" 447 "), "{text}");
    assert!(text.contains(" 202782 "), "{text}");
}

#[test]
fn bg_selfplay_prints_statistics() {
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "bg", "selfplay", "--games", "50", "--seed", "3", "--json",
    ]))
    .unwrap();
    assert_eq!(json["games"], 50);
    let shares = json["single"].as_f64().unwrap()
        + json["gammon"].as_f64().unwrap()
        + json["backgammon"].as_f64().unwrap();
    assert!((shares - 1.0).abs() < 1e-9);
}

#[test]
fn bg_play_a_whole_game_from_piped_input() {
    // Enter rolls or plays the only play, "1" the first play, "take"
    // answers a double: a game against the greedy bot to its end, with a
    // double offered by the human and taken by the bot.
    let dir = scratch("bg-whole");
    let mut input = String::from("double\n");
    for _ in 0..400 {
        input.push_str("1\n\ntake\n");
    }
    let text = piped_in(
        &dir,
        &[
            "bg", "play", "--seed", "5", "--rules", "seed", "--bot", "greedy",
        ],
        &input,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("wins the opening throw (BG-2.2)"), "{text}");
    assert!(text.contains("takes: the videau is at 2"), "{text}");
    assert!(
        text.contains("game over") && !text.contains("left unfinished"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    assert!(!text.contains("panicked"));
}

#[test]
fn bg_play_hint_and_illegal_play() {
    let dir = scratch("bg-hint");
    let text = piped_in(
        &dir,
        &["bg", "play", "--seed", "1"],
        "hint\n24/30\n13/2 13/2\nquit\n",
    );
    // The hint is the default bot's: equities, best first, the first
    // difference zero and a winning chance.
    assert!(text.contains("Hint (the bot's cubeless equity"), "{text}");
    assert!(text.contains("equity    diff ply  win"), "{text}");
    assert!(text.contains(" +0.000 "), "{text}");
    assert!(
        text.contains("cannot read the play") || text.contains("illegal play"),
        "{text}"
    );
    // Nothing was played: nothing is saved, anywhere.
    assert!(text.contains("no move was played: nothing saved"), "{text}");
    assert!(!dir.join("backgammon-autosave.mat").exists());
    assert!(!dir.join("trictrac/backgammon-autosave.mat").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_match_prints_points_per_game_with_an_interval() {
    let text = stdout_of(&[
        "bg", "match", "--white", "greedy", "--black", "random", "--games", "20", "--cube", "off",
    ]);
    assert!(text.contains("points per game for White: +"), "{text}");
    assert!(text.contains("95 % CI"), "{text}");
    assert!(text.contains("wins: greedy "), "{text}");
    assert!(text.contains("games/s"), "{text}");
    let e = error_of(
        &["bg", "match", "--white", "gnubg9", "--black", "random"],
        2,
    );
    assert!(
        e.contains("the players are neural, neural0, neural2, neural3, greedy, random, gnubg"),
        "{e}"
    );
}

#[test]
fn bg_match_against_gnubg_smoke() {
    if !gnubg_installed("bg_match_against_gnubg_smoke") {
        return;
    }
    // A few games with the cube, gnubg started and stopped by the command.
    let text = stdout_of(&[
        "bg", "match", "--white", "neural0", "--black", "gnubg", "--games", "4", "--seed", "3",
    ]);
    assert!(
        text.contains("neural0 (White in even games) vs gnubg: 4 games"),
        "{text}"
    );
    assert!(text.contains("points per game for White: "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "bg", "match", "--white", "gnubg", "--black", "random", "--games", "2", "--cube", "off",
        "--json", "--jobs", "1",
    ]))
    .unwrap();
    assert_eq!(json["games"], 2);
    // gnubg does not lose to random play: at least one of the two games,
    // most likely both, won.
    assert!(json["a_wins"].as_u64().unwrap() >= 1, "{json}");
    // gnubg knows only the standard rules (BG-8).
    let e = error_of(
        &[
            "bg", "match", "--white", "gnubg", "--black", "random", "--rules", "seed",
        ],
        2,
    );
    assert!(
        e.contains("only the standard rules") && e.contains("BG-8"),
        "{e}"
    );
}

#[test]
fn bg_match_without_gnubg_is_a_clear_error() {
    let out = trictrac()
        .env("TRICTRAC_GNUBG", "/nonexistent/gnubg")
        .args([
            "bg", "match", "--white", "neural", "--black", "gnubg", "--games", "2",
        ])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.starts_with("error: GNU Backgammon is not installed"),
        "{e}"
    );
    assert!(e.contains("TRICTRAC_GNUBG"), "{e}");
}

#[test]
fn bg_train_writes_a_model_the_neural_bot_plays_with() {
    let dir = scratch("bg-train");
    let model = dir.join("m.bin");
    let m = model.to_str().unwrap();
    stdout_of(&[
        "bg", "train", "--games", "16", "--hidden", "8", "--out", m, "--quiet",
    ]);
    let text = stdout_of(&[
        "bg", "match", "--white", "neural", "--black", "random", "--model", m, "--games", "4",
    ]);
    assert!(text.contains("points per game"), "{text}");
    // Resuming continues the same model.
    stdout_of(&["bg", "train", "--games", "32", "--resume", m, "--quiet"]);
    let e = error_of(&["bg", "train", "--games", "32", "--resume", m], 2);
    assert!(e.contains("already been trained"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_saves_a_mat_that_replays_and_resumes() {
    let dir = scratch("bg-save");
    let mut input = String::new();
    for _ in 0..10 {
        input.push_str("\n1\n");
    }
    input.push_str("save m.mat\nquit\n");
    let text = piped_in(
        &dir,
        &[
            "bg", "play", "--seed", "4", "--rules", "seed", "--match", "3",
        ],
        &input,
    );
    assert!(text.contains("saved to m.mat"), "{text}");
    // quit saves the unfinished game too, in the data directory, and
    // says where.
    let auto = dir.join("trictrac").join("backgammon-autosave.mat");
    assert!(
        text.contains(&format!("saved to {}", auto.display())),
        "{text}"
    );
    assert!(auto.exists());
    let mat = std::fs::read_to_string(dir.join("m.mat")).unwrap();
    assert!(
        mat.starts_with("; trictrac bg rules: seed\n 3 point match"),
        "{mat}"
    );
    let m = dir.join("m.mat");
    let m = m.to_str().unwrap();
    let replay = stdout_of(&["bg", "replay", m]);
    assert!(
        replay.contains("every move and cube action checked"),
        "{replay}"
    );
    assert!(replay.contains("(seed)"), "{replay}");
    // Resuming continues the game: more plays, then quit saves again.
    let text = piped_in(
        &dir,
        &["bg", "play", "--load", "m.mat", "--seed", "2"],
        "\n1\nquit\n",
    );
    assert!(text.contains("match to 3"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_replay_names_the_line_of_an_illegal_move_and_bounds_its_input() {
    let dir = scratch("bg-replay");
    let bad = dir.join("bad.mat");
    std::fs::write(
        &bad,
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/4 6/5\n",
    )
    .unwrap();
    let e = error_of(&["bg", "replay", bad.to_str().unwrap()], 1);
    assert!(e.contains("line 5"), "{e}");
    error_of(
        &["bg", "replay", dir.join("missing.mat").to_str().unwrap()],
        2,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_hint_ranks_the_plays_by_equity() {
    let json = json_of(&["bg", "hint", "--dice", "3-1", "--plies", "2", "--json"]);
    let plays = json["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 16);
    // Every play at the same depth: best first, the difference from the
    // best never positive.
    let eq: Vec<f64> = plays
        .iter()
        .map(|p| p["equity"].as_f64().unwrap())
        .collect();
    assert!(eq.windows(2).all(|w| w[0] >= w[1]));
    assert!(plays
        .iter()
        .all(|p| p["difference"].as_f64().unwrap() <= 0.0));
    // The opening 3-1: making the 5-point, as every strong player does.
    assert_eq!(plays[0]["play"], "8/5 6/5");
    assert_eq!(
        stdout_of(&["bg", "hint", "--dice", "6-5", "--best"]).trim(),
        "24/13"
    );
    // At 0 ply, the same opening choice; a bad depth is refused.
    assert_eq!(
        stdout_of(&["bg", "hint", "--dice", "3-1", "--best", "--plies", "0"]).trim(),
        "8/5 6/5"
    );
    let e = error_of(&["bg", "hint", "--dice", "3-1", "--plies", "1"], 2);
    assert!(e.contains("--plies must be 0, 2, 3 or 4"), "{e}");
    // At 4 plies the two close finalists of the 3-ply search are
    // searched a level deeper and listed first; the others stay as the
    // 3-ply search left them (every candidate of its filter at 3 plies).
    let four = json_of(&["bg", "hint", "--dice", "5-2", "--plies", "4", "--json"]);
    let plays = four["plays"].as_array().unwrap();
    let depths: Vec<u64> = plays.iter().map(|p| p["plies"].as_u64().unwrap()).collect();
    assert_eq!(depths[..3], [4, 4, 3], "{four}");
    assert_eq!(
        stdout_of(&["bg", "hint", "--dice", "5-2", "--best", "--plies", "4"]).trim(),
        plays[0]["play"].as_str().unwrap()
    );
}

#[test]
fn bg_hint_searches_as_the_default_bot_and_names_each_plays_depth() {
    // The default: the 3-ply bot's search, the deepest plays first; its
    // first is the play `--best` names (what the bot `neural` plays).
    // A middle game (docs/ANALYSIS.md), 5-2 to play, and more options.
    let hint = |more: &[&'static str]| {
        let mut args = vec![
            "bg",
            "hint",
            "--position",
            "hgsZyQaMzxwHAA",
            "--dice",
            "5-2",
        ];
        args.extend_from_slice(more);
        args
    };
    let json = json_of(&hint(&["--json"]));
    let plays = json["plays"].as_array().unwrap();
    let depth: Vec<u64> = plays.iter().map(|p| p["plies"].as_u64().unwrap()).collect();
    assert!(depth.windows(2).all(|w| w[0] >= w[1]), "{depth:?}");
    assert_eq!(depth[0], 3, "{depth:?}");
    // Every candidate of the 0-ply filter (up to 8 within 0.16) searched
    // at 3 plies, as gnubg's 2-ply, not only the best two at 2 plies;
    // the others at 0 ply.
    let deepest = depth.iter().filter(|d| **d == 3).count();
    assert!((3..=8).contains(&deepest), "{depth:?}");
    assert!(depth.contains(&0), "{depth:?}");
    let best = stdout_of(&hint(&["--best"]));
    assert_eq!(plays[0]["play"], best.trim());
    // Every play at 2 plies on request.
    let json = json_of(&hint(&["--plies", "2", "--json"]));
    let plays2 = json["plays"].as_array().unwrap();
    assert_eq!(plays2.len(), plays.len());
    assert!(plays2.iter().all(|p| p["plies"] == 2));
    // The text names the depth of each play.
    let text = stdout_of(&hint(&[]));
    assert!(text.contains(" ply "), "{text}");
}

#[test]
fn bg_hint_in_a_match_values_the_plays_by_match_equity() {
    // Double match point (7-point match at 6-6, an XGID): a gammon wins
    // no more than a game, so each play's equity is 2·win − 1 and the
    // plays of each depth are ranked by their winning chances. In money
    // play the same position's equities count the gammons.
    let xgid = |score: &str| format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:{score}:0:7:10");
    let dmp = xgid("6:6");
    let json = json_of(&["bg", "hint", "--position", &dmp, "--json"]);
    let plays = json["plays"].as_array().unwrap();
    for p in plays {
        let (e, w) = (p["equity"].as_f64().unwrap(), p["win"].as_f64().unwrap());
        assert!((e - (2.0 * w - 1.0)).abs() < 2e-3, "{p}");
    }
    let first_depth = plays[0]["plies"].as_u64().unwrap();
    let deepest: Vec<f64> = plays
        .iter()
        .take_while(|p| p["plies"].as_u64().unwrap() == first_depth)
        .map(|p| p["win"].as_f64().unwrap())
        .collect();
    assert!(deepest.windows(2).all(|w| w[0] >= w[1]), "{deepest:?}");
    let best = stdout_of(&["bg", "hint", "--position", &dmp, "--best"]);
    assert_eq!(plays[0]["play"], best.trim());
    let money = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";
    let json = json_of(&["bg", "hint", "--position", money, "--json"]);
    let p = &json["plays"][0];
    let (e, w) = (p["equity"].as_f64().unwrap(), p["win"].as_f64().unwrap());
    assert!((e - (2.0 * w - 1.0)).abs() > 0.01, "{p}");
}
