//! `trictrac selfplay` and `trictrac replay`, run as the real binary.

mod support;
use support::*;

#[test]
fn selfplay_prints_statistics_and_is_deterministic() {
    let a = stdout_of(&[
        "selfplay", "--games", "40", "--seed", "3", "--jobs", "1", "--json",
    ]);
    let b = stdout_of(&[
        "selfplay", "--games", "40", "--seed", "3", "--jobs", "2", "--json",
    ]);
    let va: serde_json::Value = serde_json::from_str(&a).unwrap();
    let vb: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_same_figures(
        &va,
        &vb,
        &[
            "games",
            "rolls_per_game",
            "releves_per_game",
            "holes_per_game",
            "double_hole_share",
            "grande_bredouille_share",
            "points_per_roll",
        ],
    );
    assert_eq!(va["games"], 40);
    assert!(va["rolls_per_game"].as_f64().unwrap() > 10.0);
    assert!(va["holes_per_game"].as_f64().unwrap() >= 12.0);
    assert!(va["points_per_roll"]["true-hit"].as_f64().unwrap() > 0.0);
    let text = stdout_of(&["selfplay", "--games", "20", "--seed", "3"]);
    for needle in [
        "games/s",
        "rolls per game",
        "relevés per game",
        "holes per game",
        "double holes",
        "grande bredouille",
        "points per roll by jan",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

#[test]
fn a_seeded_game_replays_identically() {
    let dir = scratch("trictrac-cli-test");
    for name in ["g.txt", "g.json"] {
        let path = dir.join(name);
        let p = path.to_str().unwrap();
        stdout_of(&["selfplay", "--games", "1", "--seed", "11", "--record", p]);
        let out = stdout_of(&["replay", p, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["seed_checked"], true);
        let winner = v["winner"].as_str().unwrap();
        assert_eq!(v["score"][format!("{winner}_holes")], 12);
        // The same seed gives the same game.
        let again = dir.join(format!("again-{name}"));
        stdout_of(&[
            "selfplay",
            "--games",
            "1",
            "--seed",
            "11",
            "--record",
            again.to_str().unwrap(),
        ]);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&again).unwrap()
        );
    }
    // A tampered record is refused with the line and the reason.
    let text = std::fs::read_to_string(dir.join("g.txt")).unwrap();
    let tampered: String = text
        .lines()
        .map(|l| {
            if l.starts_with("w ") && l.contains(" : ") && !l.contains("w+") {
                l.replacen(" : ", " w+2 : ", 1)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, tampered).unwrap();
    let err = stderr_of(&["replay", bad.to_str().unwrap()], 1);
    assert!(
        err.starts_with("error: ") && err.contains("does not replay"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_bad_input() {
    let err = stderr_of(&["replay", "/nonexistent/record.txt"], 2);
    assert!(err.contains("cannot read"), "{err}");
    let out = trictrac()
        .args(["selfplay", "--games", "0"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("error: "));
    // Manual marking (schools): self-play players mark honestly.
    let out = stdout_of(&["selfplay", "--games", "5", "--marking", "manual", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 5);
}

#[test]
fn replay_and_load_refuse_endless_input() {
    for args in [
        vec!["replay", "/dev/zero"],
        vec!["play", "--load", "/dev/zero"],
    ] {
        let e = stderr_of(&args, 2);
        assert!(e.contains("too large for a record"), "{e}");
    }
}

#[test]
fn selfplay_record_on_a_full_disk_leaves_no_file() {
    // A full file system: a small tmpfs filled up (root only).
    let dir = scratch("trictrac-full-rec");
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        support::missing(
            "ROOT",
            "this test needs root to mount a tmpfs (a full file system)",
        );
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    {
        use std::io::Write;
        let mut f = std::fs::File::create(dir.join("filler")).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
    }
    let record = dir.join("game.txt");
    let out = trictrac()
        .args(["selfplay", "--games", "1", "--seed", "7", "--record"])
        .arg(&record)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let e = String::from_utf8(out.stderr).unwrap();
    let exists = record.exists();
    let _ = std::process::Command::new("umount")
        .arg("-l")
        .arg(&dir)
        .status();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(e.contains("cannot write"), "{e}");
    assert!(!exists, "no empty or cut record is left");
}

#[test]
fn the_options_flag_gives_the_rule_words_to_selfplay_and_match() {
    // RULES.md §12 options as words (issue 16): a partie à écrire of two
    // marqués, both dice thrown by each player, trictrac à
    // honneurs, one old jan; the record names them and
    // replays.
    let dir = scratch("trictrac-cli-options");
    let path = dir.join("ecrire.txt");
    let words = "game=ecrire marques=2 first-move=two-dice-each payout=honneurs old-jans=margot";
    stdout_of(&[
        "selfplay",
        "--games",
        "1",
        "--seed",
        "5",
        "--options",
        words,
        "--record",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("game=ecrire marques=2 consolation=4"),
        "{text}"
    );
    assert!(text.contains("first-move=two-dice-each"), "{text}");
    assert!(text.contains("old-jans=margot"), "{text}");
    assert!(
        text.contains(" ecrire "),
        "the result gives the totals: {text}"
    );
    let out = stdout_of(&["replay", path.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["seed_checked"], true);
    // A flag overrides the words.
    stdout_of(&[
        "match",
        "--games",
        "1",
        "--seed",
        "2",
        "--options",
        "payout=jollyvet",
        "--payout",
        "soumille",
        "--white",
        "greedy",
        "--black",
        "random",
    ]);
    // Bad words are refused with the option named.
    let err = stderr_of(&["selfplay", "--games", "1", "--options", "payout=nope"], 2);
    assert!(
        err.contains("--options") && err.contains("payout=nope"),
        "{err}"
    );
}

/// Issue 24 item 9, R-9.2: a partie à écrire is scored by its marqués.
/// `selfplay` counts the grande bredouille per marqué won (the board's
/// score starts again at each marqué, so "per game" read 100 %) and gives
/// the payment; `replay` says who pays what, not a stake multiplier.
#[test]
fn r_9_2_partie_a_ecrire_statistics_and_replay_say_what_the_rules_say() {
    let dir = std::env::temp_dir().join(format!("trictrac-cli-ecrire-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ecrire.txt");
    let json = stdout_of(&[
        "selfplay",
        "--games",
        "30",
        "--seed",
        "2",
        "--options",
        "game=ecrire",
        "--json",
        "--record",
        path.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let share = v["grande_bredouille_share"].as_f64().unwrap();
    assert!(share > 0.0 && share < 0.9, "per marqué won: {v}");
    assert!(v["marques_per_game"].as_f64().unwrap() >= 6.0, "{v}");
    assert!(v["points_won_per_game"].as_f64().unwrap() > 1.0, "{v}");
    let text = stdout_of(&["selfplay", "--games", "5", "--options", "game=ecrire"]);
    assert!(text.contains("% of marqués won"), "{text}");
    assert!(text.contains("payment per partie"), "{text}");
    // The ordinary game keeps its figures per game, with the stake.
    let text = stdout_of(&["selfplay", "--games", "5"]);
    assert!(text.contains("% of games"), "{text}");
    assert!(text.contains("stake per game       x"), "{text}");

    let rec = std::fs::read_to_string(&path).unwrap();
    let result = rec
        .lines()
        .find_map(|l| l.strip_prefix("[Result \""))
        .expect("a [Result] header")
        .trim_end_matches("\"]")
        .to_string();
    // `WINNER TOTAL LOSER TOTAL ecrire PAYMENT`
    let f: Vec<&str> = result.split_whitespace().collect();
    let paid: u32 = f[5].parse().unwrap();
    assert_eq!(
        paid,
        f[1].parse::<u32>().unwrap() - f[3].parse::<u32>().unwrap()
    );
    let out = stdout_of(&["replay", path.to_str().unwrap()]);
    assert!(
        out.contains(&format!(
            "{} wins the partie à écrire: {} pays {paid}",
            f[0], f[2]
        )),
        "{out}"
    );
    assert!(!out.contains("stake x"), "{out}");
    let out = stdout_of(&["replay", path.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stake"], serde_json::Value::Null, "{v}");
    assert_eq!(v["points_won"].as_f64(), Some(f64::from(paid)), "{v}");
    assert!(v["marques"].as_array().unwrap().len() >= 6, "{v}");
    std::fs::remove_dir_all(&dir).ok();
}
