//! `trictrac bg play`, `bg selfplay` and `bg match` as a new player meets
//! them (issue 25, item 14), run as the real binary: the rules in force
//! beside the figures, the autosave (only games with moves, in the data
//! directory, said where), saving a finished match, resigning confirmed.

use std::path::Path;

mod support;
use support::*;

/// `bg play` in `dir` (also its data directory) with `input` piped.
fn play(dir: &Path, args: &[&str], input: &str) -> String {
    piped_in(dir, &[&["bg", "play"], args].concat(), input)
}

#[test]
fn bg_selfplay_says_why_every_game_is_worth_one_point() {
    let text = stdout_of(&["bg", "selfplay", "--games", "40", "--seed", "1"]);
    assert!(text.contains("points per game     1.000"), "{text}");
    assert!(
        text.contains("rules in force: standard (gnubg's), money games, cube on, Jacoby on"),
        "{text}"
    );
    assert!(
        text.contains("these players never double, so by the Jacoby rule (BG-7.5)"),
        "{text}"
    );
    // Without the Jacoby rule the gammons count, and the report says so.
    let text = stdout_of(&[
        "bg",
        "selfplay",
        "--games",
        "40",
        "--seed",
        "1",
        "--rules",
        "seed jacoby=off",
    ]);
    assert!(text.contains("Jacoby off"), "{text}");
    assert!(text.contains("count in full (BG-6.2)"), "{text}");
    let points: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("points per game"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(points > 1.0, "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["bg", "selfplay", "--games", "8", "--json"])).unwrap();
    assert_eq!(json["jacoby"], true);
    assert_eq!(json["cube"], true);
    assert!(json["rules_in_force"]
        .as_str()
        .unwrap()
        .contains("Jacoby on"));
}

#[test]
fn bg_match_says_the_rules_in_force() {
    let text = stdout_of(&[
        "bg", "match", "--white", "greedy", "--black", "random", "--games", "4", "--seed", "3",
    ]);
    assert!(
        text.contains("rules in force: standard (gnubg's), money games, cube on, Jacoby on"),
        "{text}"
    );
    assert!(text.contains("unless the cube was turned"), "{text}");
    let text = stdout_of(&[
        "bg", "match", "--white", "greedy", "--black", "random", "--games", "4", "--seed", "3",
        "--cube", "off",
    ]);
    assert!(text.contains("cube off"), "{text}");
    assert!(text.contains("count in full (BG-6.1)"), "{text}");
}

#[test]
fn bg_play_saves_nothing_when_nothing_was_played() {
    let dir = scratch("nothing");
    for input in ["quit\n", ""] {
        let text = play(&dir, &["--seed", "1"], input);
        assert!(text.contains("no move was played: nothing saved"), "{text}");
        assert!(!text.contains("saved to"), "{text}");
    }
    assert!(!dir.join("backgammon-autosave.mat").exists());
    assert!(!dir
        .join("trictrac")
        .join("backgammon-autosave.mat")
        .exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_autosaves_a_game_with_moves_in_the_data_directory() {
    let dir = scratch("autosave");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let text = piped_with_data(
        &work,
        &dir,
        &["bg", "play", "--seed", "4", "--hotseat"],
        "\n1\n\n1\nquit\n",
    );
    // Long lines are wrapped at 79 columns: read the words.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let auto = dir.join("trictrac").join("backgammon-autosave.mat");
    assert!(
        text.contains(&format!("saved to {}", auto.display())),
        "{text}"
    );
    assert!(
        text.contains(&format!("trictrac bg play --load {}", auto.display())),
        "{text}"
    );
    assert!(auto.exists());
    // Not in the working directory.
    assert!(std::fs::read_dir(&work).unwrap().next().is_none());
    // It replays and resumes.
    let replay = stdout_of(&["bg", "replay", auto.to_str().unwrap()]);
    assert!(replay.contains("1 game(s) replayed"), "{replay}");
    let text = play(
        &work,
        &["--load", auto.to_str().unwrap(), "--hotseat"],
        "quit\n",
    );
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("Game left unfinished: saved to"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_a_finished_match_can_be_saved() {
    let dir = scratch("finished");
    // A one-point match ended by a resignation: the match is over and
    // `save` still writes it.
    let text = play(
        &dir,
        &["--seed", "2", "--match", "1", "--bot", "greedy"],
        "\n1\nresign\nyes\nsave done.mat\n\n",
    );
    assert!(text.contains("wins the match"), "{text}");
    assert!(text.contains("saved to done.mat"), "{text}");
    let replay = stdout_of(&["bg", "replay", dir.join("done.mat").to_str().unwrap()]);
    assert!(replay.contains("final score (match to 1)"), "{replay}");
    assert!(
        replay.contains("(black) 1") || replay.contains("(white) 1"),
        "{replay}"
    );
    // A money game too, and nothing is autosaved once it is over.
    let text = play(
        &dir,
        &["--seed", "2", "--bot", "greedy"],
        "\n1\nresign\ny\nsave money.mat\n",
    );
    assert!(text.contains("game over"), "{text}");
    assert!(text.contains("saved to money.mat"), "{text}");
    assert!(!text.contains("left unfinished"), "{text}");
    assert!(dir.join("money.mat").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_resign_asks_for_confirmation() {
    let dir = scratch("resign");
    let text = play(
        &dir,
        &["--seed", "2", "--bot", "greedy"],
        "\n1\nresign\nno\nresign gammon\n\nquit\n",
    );
    assert!(
        text.contains(
            "offers to resign a single game: black wins 1 point if he accepts. Offer? (yes/no)"
        ) || text.contains(
            "offers to resign a single game: white wins 1 point if he accepts. Offer? (yes/no)"
        ),
        "{text}"
    );
    assert!(text.contains("offers to resign a gammon"), "{text}");
    assert_eq!(
        text.matches("Not resigned: the game goes on").count(),
        2,
        "{text}"
    );
    assert!(!text.contains("game over"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_a_resignation_offered_is_answered() {
    // Two persons at one terminal: Black offers a gammon, White declines
    // and play goes on; then a backgammon, which White accepts.
    let dir = scratch("resign-offer");
    let text = play(
        &dir,
        &["--seed", "2", "--hotseat"],
        "\n1\nresign gammon\nyes\nmaybe\ndecline\nresign backgammon\nyes\naccept\nsave r.mat\n",
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("offers to resign a gammon (2 points): white, accept or decline?")
            || flat.contains("offers to resign a gammon (2 points): black, accept or decline?"),
        "{text}"
    );
    assert!(flat.contains("type accept or decline"), "{text}");
    assert!(flat.contains("declines the resignation"), "{text}");
    assert!(flat.contains("resigns a backgammon"), "{text}");
    assert!(flat.contains("game over"), "{text}");
    let mat = std::fs::read_to_string(dir.join("r.mat")).expect("the record");
    assert!(mat.contains("Wins 3 points"), "{mat}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_play_names_the_bot_and_the_rules_at_the_start() {
    let dir = scratch("start");
    let text = play(&dir, &["--seed", "1"], "quit\n");
    assert!(
        text.split_whitespace().collect::<Vec<_>>().join(" ").starts_with(
            "Backgammon with the videau (standard), money game: you play white against the bot `neural` (level master);"
        ),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C (SIGINT) at a prompt saves the unfinished game with moves to
/// the autosave file and says how to resume it, as `trictrac play` does
/// (the two sessions share it: issue 21).
#[cfg(unix)]
#[test]
fn bg_play_saves_the_game_on_ctrl_c() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    let dir = scratch("ctrl-c");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_trictrac"))
        .current_dir(&dir)
        .env("XDG_DATA_HOME", &dir)
        .args(["bg", "play", "--seed", "4", "--hotseat"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let seen = Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    // The opening roll is played (a move), then the other side is asked.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = seen.lock().unwrap().clone();
        if let Some(at) = text.find(" plays ") {
            if text[at..].contains("roll (Enter)") {
                break;
            }
        }
        assert!(Instant::now() < deadline, "no second prompt: {text}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    // The handler's thread saves and exits by itself: stdin stays open
    // until the process is gone, or the end of the input (a quit, exit 0)
    // could win the race against the handler on a loaded machine.
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
    reader.join().unwrap();
    let (status, err) = wait_stderr(child);
    assert_eq!(status.code(), Some(130), "{err}");
    let auto = dir.join("trictrac").join("backgammon-autosave.mat");
    assert!(
        err.contains(&format!(
            "Interrupted: the game is saved to {}.",
            auto.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("trictrac bg play --load {}", auto.display())),
        "{err}"
    );
    let mat = std::fs::read_to_string(&auto).unwrap();
    assert!(mat.contains("Game 1"), "{mat}");
    let _ = std::fs::remove_dir_all(&dir);
}
