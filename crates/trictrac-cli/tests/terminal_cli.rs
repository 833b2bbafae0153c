//! The one terminal session of both games (issue 21, item 4; issue 25,
//! items 6, 13 and 14; issue 23, item 1; issue 24, item 4), run as the
//! real binary: `trictrac play` and `trictrac bg play` share their
//! commands (undo, help, resign confirmed, autosave only with moves in
//! the data directory), list the bots by level, fit a terminal of 80×24
//! (a pseudo-terminal set to that size), and backgammon prints its IDs
//! and tells the opening throw.

mod support;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("term-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `trictrac ARGS` in `dir` (its data directory too) with `input` piped;
/// the output with line breaks and runs of spaces made single spaces.
fn run(dir: &Path, args: &[&str], input: &str) -> String {
    let text = support::piped_in(dir, args, input);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The help of both games lists the commands the session shares.
#[test]
fn both_games_share_the_commands_of_every_prompt() {
    let dir = scratch("help");
    for args in [
        &["play", "--seed", "1"][..],
        &["bg", "play", "--seed", "1"][..],
    ] {
        let text = run(&dir, args, "help\nquit\n");
        for command in [
            "list",
            "board",
            "undo",
            "save FILE",
            "resign",
            "quit",
            "hint",
        ] {
            assert!(text.contains(&format!(" {command} ")), "{command}: {text}");
        }
    }
}

/// `undo` takes back the person's last decision of the turn against the
/// bot: the same roll is to be decided again (the dice are those of the
/// game, not thrown again), and the game is unrated; it never reaches
/// past the bot's action, and is off at one screen (issue 35, item 1).
#[test]
fn undo_takes_back_a_decision_with_the_same_dice_in_both_games() {
    let dir = scratch("undo");
    // Trictrac: play, the bot answers: the play is not taken back.
    let text = run(
        &dir,
        &["play", "--seed", "4", "--bot", "random", "--side", "w"],
        "1\nundo\nquit\n",
    );
    assert!(
        text.contains("Nothing to undo: no decision of yours since the opponent's last action"),
        "{text}"
    );
    assert!(!text.contains("Undone"), "{text}");
    // Marking by hand, then undo at the play: back to the marking.
    let text = run(
        &dir,
        &[
            "play",
            "--seed",
            "4",
            "--bot",
            "random",
            "--side",
            "w",
            "--marking",
            "manual",
        ],
        "0\nundo\nquit\n",
    );
    let undone = text
        .find("Undone: back to your previous decision")
        .expect(&text);
    assert!(
        text[undone..].contains("This game is now unrated: undo was used"),
        "{text}"
    );
    assert!(
        text[undone..].contains("[unrated] white, points you mark>"),
        "{text}"
    );
    assert!(text.contains("no move was played: nothing saved"), "{text}");
    // A school claimed is not taken back (R-10.4).
    let text = run(
        &dir,
        &[
            "play",
            "--seed",
            "4",
            "--bot",
            "random",
            "--side",
            "w",
            "--marking",
            "manual",
        ],
        "0\n1\nschool 2\nundo\nquit\n",
    );
    assert!(text.contains("White claims a school of 2"), "{text}");
    assert!(
        text.contains(
            "Nothing to undo: a school was claimed since; it is not taken back (R-10.4)."
        ),
        "{text}"
    );
    // Backgammon: the bot played, the roll decided, then undo: back to
    // the roll decision, and the same dice are thrown again.
    let text = run(
        &dir,
        &["bg", "play", "--seed", "4", "--bot", "greedy"],
        "1\nundo\n\nundo\n\nquit\n",
    );
    assert!(text.contains("Nothing to undo: no decision"), "{text}");
    let undone = text
        .rfind("Undone: back to your previous decision")
        .expect(&text);
    let rolls: Vec<&str> = text
        .match_indices("white rolls ")
        .map(|(i, _)| &text[i..i + "white rolls 6-5".len()])
        .collect();
    assert_eq!(rolls.len(), 2, "{text}");
    assert_eq!(rolls[0], rolls[1], "{text}");
    assert!(
        text[undone..].contains("[unrated] white, roll (Enter) or double?"),
        "{text}"
    );
    // Undo at the first decision says so; at one screen it is off.
    let text = run(&dir, &["bg", "play", "--seed", "4"], "undo\nquit\n");
    assert!(text.contains("Nothing to undo"), "{text}");
    let text = run(
        &dir,
        &["bg", "play", "--seed", "4", "--hotseat"],
        "undo\nquit\n",
    );
    assert!(text.contains("No undo at one screen"), "{text}");
}

/// Trictrac saves only a game with moves, and in the data directory,
/// as backgammon does (issue 25, item 14).
#[test]
fn trictrac_saves_only_games_with_moves_in_the_data_directory() {
    let dir = scratch("trictrac-auto");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let out = Command::cargo_bin("trictrac")
        .unwrap()
        .current_dir(&work)
        .env("XDG_DATA_HOME", &dir)
        .args(["play", "--seed", "4", "--bot", "random"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Game left unfinished; no move was played: nothing saved."),
        "{text}"
    );
    let auto = dir.join("trictrac").join("trictrac-autosave.txt");
    assert!(!auto.exists());
    let text = Command::cargo_bin("trictrac")
        .unwrap()
        .current_dir(&work)
        .env("XDG_DATA_HOME", &dir)
        .args(["play", "--seed", "4", "--bot", "random"])
        .write_stdin("1\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(text.stdout).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(&format!("saved to {}.", auto.display())),
        "{text}"
    );
    assert!(auto.exists());
    // Nothing in the working directory.
    assert!(std::fs::read_dir(&work).unwrap().next().is_none());
}

/// The bots are listed by level, weakest first, in both games; the
/// levels and the internal names are both accepted (issue 25, item 6).
#[test]
fn bots_are_chosen_and_listed_by_level_in_both_games() {
    let dir = scratch("levels");
    let help = |args: &[&str]| {
        let out = Command::cargo_bin("trictrac")
            .unwrap()
            .args(args)
            .arg("--help")
            .assert()
            .success()
            .get_output()
            .clone();
        String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let h = help(&["play"]);
    assert!(
        h.contains("by level, weakest first: beginner (random), easy (greedy), medium (search1)"),
        "{h}"
    );
    let h = help(&["bg", "play"]);
    assert!(
        h.contains("beginner (random), easy (greedy), strong (neural0), expert (neural2), master (neural), master+ (neural3)"),
        "{h}"
    );
    let text = run(
        &dir,
        &["play", "--seed", "1", "--bot", "Beginner"],
        "quit\n",
    );
    assert!(
        text.contains("against the bot `random` (level beginner)"),
        "{text}"
    );
    let text = run(
        &dir,
        &["bg", "play", "--seed", "1", "--bot", "easy"],
        "quit\n",
    );
    assert!(
        text.contains("against the bot `greedy` (level easy)"),
        "{text}"
    );
    let out = Command::cargo_bin("trictrac")
        .unwrap()
        .args(["bg", "play", "--bot", "nobody"])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("the bots are beginner (random), easy (greedy)"),
        "{err}"
    );
}

/// `id` prints the gnubg Position ID, Match ID and XGID of the position
/// as it stands, the dice of the roll to play included (issue 23, item 1).
#[test]
fn bg_play_prints_the_ids_of_the_position() {
    let dir = scratch("id");
    let text = run(
        &dir,
        &["bg", "play", "--seed", "3", "--hotseat"],
        "id\nquit\n",
    );
    // The start, white on roll with the opening dice.
    let at = text.find(" to play ").expect(&text);
    let roll = &text[at + " to play ".len()..][..3];
    let (hi, lo) = (&roll[..1], &roll[2..]);
    assert!(
        text.contains("Position ID: 4HPwATDgc/ABMA Match ID: "),
        "{text}"
    );
    let xgid = text
        .split(' ')
        .find(|w| w.starts_with("XGID="))
        .expect(&text);
    assert!(
        xgid.starts_with("XGID=-b----E-C---eE---c-e----B-:0:0:"),
        "{xgid}"
    );
    assert!(xgid.contains(&format!(":{hi}{lo}:")), "{roll}: {xgid}");
    // The XGID reads back in `bg hint`, which names the same Position ID.
    let out = Command::cargo_bin("trictrac")
        .unwrap()
        .args(["bg", "hint", "--position", xgid])
        .assert()
        .success()
        .get_output()
        .clone();
    let hint = String::from_utf8(out.stdout).unwrap();
    assert!(hint.contains("4HPwATDgc/ABMA"), "{hint}");
}

/// Under the `seed` preset the terminal shows both opening dice, who won
/// the throw, and that he then throws both dice (issue 24, item 4); the
/// standard preset plays the opening dice.
#[test]
fn bg_play_tells_the_opening_throw() {
    let dir = scratch("opening");
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let text = run(
            &dir,
            &["bg", "play", "--seed", seed, "--rules", "seed", "--hotseat"],
            "quit\n",
        );
        let at = text
            .find("wins the opening throw (BG-2.2): white throws ")
            .expect(&text);
        let starter = if text[..at].ends_with("white ") {
            "white"
        } else {
            "black"
        };
        let dice = &text[at + "wins the opening throw (BG-2.2): white throws ".len()..];
        let w: u8 = dice[..1].parse().unwrap();
        let b: u8 = dice[", black ".len() + 1..][..1].parse().unwrap();
        assert_ne!(w, b, "{text}");
        assert_eq!(starter == "white", w > b, "{text}");
        assert!(
            text.contains(&format!(
                "{starter} starts and throws both dice (the seed page's rules)"
            )),
            "{text}"
        );
        assert!(text.contains(&format!("{starter}, roll (Enter)")), "{text}");
    }
    let text = run(&dir, &["bg", "play", "--seed", "3", "--hotseat"], "quit\n");
    assert!(text.contains("plays the opening dice"), "{text}");
}

/// In a terminal of 80×24 the board, the last roll and the prompt stay on
/// the screen: the plays that do not fit below the board are paged, and
/// `list` shows the next page (issue 25, item 13).
#[cfg(unix)]
#[test]
fn the_board_the_roll_and_the_prompt_fit_in_80_by_24() {
    let Some(mut t) = screen(&[
        "play",
        "--seed",
        "5",
        "--bot",
        "random",
        "--side",
        "w",
        "--no-color",
    ]) else {
        return;
    };
    // Play the first listed play until a roll with many plays.
    let mut paged = false;
    for _ in 0..40 {
        let n = t.until_prompt(r"your play \[1(?:-(\d+))?\]> |stay or leave> ");
        let window = t.window(24);
        if n >= 25 {
            assert!(
                window
                    .iter()
                    .any(|l| l.contains("talon") && l.contains("BLACK")),
                "board top: {window:#?}"
            );
            assert!(
                window
                    .iter()
                    .any(|l| l.contains("talon") && l.contains("WHITE")),
                "board bottom: {window:#?}"
            );
            assert!(
                window.iter().any(|l| l.contains("White rolls")),
                "roll: {window:#?}"
            );
            assert!(window.last().unwrap().contains("your play"), "{window:#?}");
            assert!(
                window.iter().any(|l| l.contains("`list` shows")),
                "{n} plays paged: {window:#?}"
            );
            t.send("list");
            t.until_prompt(r"your play \[1(?:-(\d+))?\]> ");
            let window = t.window(24);
            assert!(window.iter().any(|l| l.contains(" 1) ")), "{window:#?}");
            paged = true;
            break;
        }
        t.send(if n == 0 { "stay" } else { "1" });
    }
    assert!(paged, "no roll with 25 plays or more: {}", t.text);
    t.send("quit");

    // Backgammon: at the play prompt the board and the roll are in view.
    let Some(mut t) = screen(&["bg", "play", "--seed", "3", "--hotseat"]) else {
        return;
    };
    t.until_prompt(r"to play \d-\d \(number, play, list, hint\): ");
    let window = t.window(24);
    assert!(
        window.iter().any(|l| l.contains(" 13 14 15 16 17 18")),
        "{window:#?}"
    );
    assert!(window.iter().any(|l| l.contains("opening")), "{window:#?}");
    t.send("list");
    t.until_prompt(r"to play \d-\d \(number, play, list, hint\): ");
    let window = t.window(24);
    assert!(
        window.len() <= 24 && window.iter().any(|l| l.contains("  1) ")),
        "{window:#?}"
    );
    t.send("quit");
}

/// The program in a pseudo-terminal of 80 columns and 24 lines.
#[cfg(unix)]
struct Screen {
    s: rexpect::session::PtySession,
    text: String,
}

#[cfg(unix)]
fn screen(args: &[&str]) -> Option<Screen> {
    let dir = scratch(&format!("screen-{}", args.join("-").len()));
    let bin = env!("CARGO_BIN_EXE_trictrac");
    let mut cmd = std::process::Command::new("sh");
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    cmd.arg("-c")
        .arg(format!(
            "stty rows 24 cols 80 && exec '{bin}' {}",
            quoted.join(" ")
        ))
        .current_dir(&dir)
        .env("XDG_DATA_HOME", &dir);
    support::pty(cmd, 30_000).map(|s| Screen {
        s,
        text: String::new(),
    })
}

#[cfg(unix)]
impl Screen {
    /// Waits for a prompt matching `re`; returns the number its first
    /// group holds (the plays of a play prompt), else 0.
    fn until_prompt(&mut self, re: &str) -> usize {
        let (before, matched) = self
            .s
            .exp_regex(re)
            .unwrap_or_else(|e| panic!("no prompt `{re}`: {e}\n{}", self.text));
        let decode = |s: &str| {
            let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        };
        self.text.push_str(&decode(&before));
        self.text.push_str(&matched);
        let n = regex_group(re, &matched);
        n.unwrap_or(0)
    }

    fn send(&mut self, line: &str) {
        self.s.send_line(line).unwrap();
    }

    /// The last `rows` lines of the screen (the prompt's line last).
    fn window(&self, rows: usize) -> Vec<String> {
        let lines: Vec<String> = self
            .text
            .split('\n')
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect();
        lines[lines.len().saturating_sub(rows)..].to_vec()
    }
}

/// The plays a play prompt names (`[1-37]`: 37; `[1]`: 1).
#[cfg(unix)]
fn regex_group(_re: &str, matched: &str) -> Option<usize> {
    if !matched.contains("your play") {
        return None;
    }
    let inner = matched.split(['[', ']']).nth(1)?;
    inner.rsplit('-').next()?.parse().ok()
}

/// `load FILE` at a prompt leaves the game (saved first, since it has
/// moves) for the one saved in FILE, in both games; trictrac's resumes
/// the same roll, its dice following the record's seed.
#[test]
fn load_at_a_prompt_resumes_a_saved_game_in_both_games() {
    let dir = scratch("load");
    let text = run(
        &dir,
        &["play", "--seed", "4", "--bot", "random", "--side", "w"],
        "1\nsave a.txt\n1\nload a.txt\nquit\n",
    );
    let asked: Vec<&str> = text
        .match_indices("White to play ")
        .map(|(i, _)| &text[i..i + "White to play 6-5".len()])
        .collect();
    assert!(asked.len() >= 3, "{text}");
    let resumed = text.find("Resumed a.txt:").expect(&text);
    assert!(text[resumed..].contains(asked[1]), "{}: {text}", asked[1]);
    assert!(text.contains("This game is left: saved to"), "{text}");
    // Backgammon: the same command.
    let text = run(
        &dir,
        &["bg", "play", "--seed", "4", "--bot", "greedy"],
        "1\nsave b.mat\n\n1\nload b.mat\nquit\n",
    );
    assert!(text.contains("Resumed b.mat"), "{text}");
    assert!(text.contains("This game is left: saved to"), "{text}");
    let text = run(
        &dir,
        &["bg", "play", "--seed", "4"],
        "load nothing.mat\nquit\n",
    );
    assert!(text.contains("Not loaded:"), "{text}");
}

/// No line of `text` is wider than 80 columns (what the person typed
/// after a prompt aside).
fn assert_fits_80(text: &str) {
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let line = line
            .find("): ")
            .or_else(|| line.find("? "))
            .or_else(|| line.find("> "))
            .map_or(line, |i| &line[..i + 2]);
        assert!(
            line.chars().count() <= 80,
            "line of {} columns: {line}\n{text}",
            line.chars().count()
        );
    }
}

/// In `bg play` at 80×24 the hint at a cube decision is the full cube
/// analysis `bg hint` prints (No double / Double, take / Double, pass,
/// the proper action, the chances), the chequer hint numbers its plays
/// as `list` does, and no line is wider than 80 columns: the intro, the
/// hints, an error message (issue 35, item 9).
#[cfg(unix)]
#[test]
fn bg_hints_are_full_and_fit_80_columns() {
    let Some(mut t) = screen(&["bg", "play", "--seed", "4", "--bot", "greedy"]) else {
        return;
    };
    let play = r"to play \d-\d \(number, play, list, hint\): ";
    let roll = r"roll \(Enter\) or double\? ";
    t.until_prompt(play);
    t.send("hint");
    t.until_prompt(play);
    // The plays are numbered as `list` numbers them: `8) 8/3 6/3`.
    let hinted: Vec<(String, String)> = t
        .text
        .lines()
        .skip_while(|l| !l.contains("numbered"))
        .filter_map(|l| {
            let (n, rest) = l.trim().split_once(") ")?;
            n.parse::<usize>().ok()?;
            let play: Vec<&str> = rest
                .split_whitespace()
                .take_while(|w| w.contains('/'))
                .collect();
            Some((n.to_string(), play.join(" ")))
        })
        .collect();
    assert!(hinted.len() >= 2, "{}", t.text);
    t.send("list");
    t.until_prompt(play);
    for (n, p) in &hinted {
        assert!(
            t.text.contains(&format!("{n:>3}) {p}")),
            "{n}) {p} not in the list: {}",
            t.text
        );
    }
    t.send("no such thing at all, a long line that the program refuses politely");
    t.until_prompt(play);
    t.send("1");
    t.until_prompt(roll);
    t.send("hint");
    t.until_prompt(roll);
    let after = t.text.rfind("Cube analysis").expect(&t.text);
    let hint = &t.text[after..];
    for words in [
        "Cube analysis for White on roll",
        "White wins",
        "Black wins",
        "No double",
        "Double, take",
        "Double, pass",
        "Proper cube action: ",
    ] {
        assert!(hint.contains(words), "{words}: {hint}");
    }
    t.send("quit");
    t.s.exp_eof().ok();
    assert_fits_80(&t.text);
}

/// `bg hint` and `bg review` write their tables in 80 columns: the
/// constant evaluator column dropped (it stays in the JSON), the best
/// play and the player's counts on lines of their own.
#[test]
fn bg_hint_and_review_tables_fit_80_columns() {
    let text = support::stdout_of(&["bg", "hint", "--dice", "3-1"]);
    assert!(!text.contains("evaluator"), "{text}");
    assert!(text.contains("8/5 6/5"), "{text}");
    assert_fits_80(&text);
    let text = support::stdout_of(&[
        "bg", "hint", "--match", "7", "--score", "2-4", "--cube", "2", "--owner", "black",
    ]);
    assert!(text.contains("Proper cube action"), "{text}");
    assert_fits_80(&text);
    let dir = scratch("review-80");
    let file = dir.join("m.mat");
    std::fs::write(
        &file,
        " 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n  \
         1) 31: 8/5 6/5                 65: 24/13\n  2) 42: 24/20 24/22             31: 8/5* 6/5\n",
    )
    .unwrap();
    let text = support::stdout_of(&[
        "bg",
        "review",
        file.to_str().unwrap(),
        "--plies",
        "0",
        "--all",
    ]);
    assert!(text.contains("best 8/4 6/4"), "{text}");
    assert!(text.contains("proper: No double, take"), "{text}");
    assert_fits_80(&text);
}

/// The commands of a help page or two (what follows its last `Commands`
/// heading), each command once: the first word of each entry.
#[cfg(unix)]
fn help_commands(text: &str) -> Vec<String> {
    let from = text.rfind("Commands (type them").expect(text);
    text[from..]
        .lines()
        .filter_map(|l| {
            // The input is not echoed: the first line of a next page
            // follows the prompt.
            let l = l.split_once("> ").map_or(l, |(_, r)| r);
            let rest = l.trim_end_matches('\r').strip_prefix("  ")?;
            if rest.starts_with(' ') {
                return None;
            }
            rest.split([' ', ',']).next().map(str::to_string)
        })
        .collect()
}

/// Trictrac's `help` at 80×24 fits the screen or comes in pages, lists
/// each command once and only those the game's options allow (undo only
/// against the bot; marking and false-move commands only with their
/// options); the board names the bot by its level (issue 35, item 9).
#[cfg(unix)]
#[test]
fn trictrac_help_fits_24_lines_and_lists_the_allowed_commands_once() {
    let prompt = r"your play \[1(?:-(\d+))?\]> |points you mark> ";
    let Some(mut t) = screen(&[
        "play",
        "--seed",
        "4",
        "--bot",
        "random",
        "--side",
        "w",
        "--no-color",
    ]) else {
        return;
    };
    t.until_prompt(prompt);
    assert!(t.text.contains("BLACK  beginner"), "{}", t.text);
    t.send("help");
    t.until_prompt(prompt);
    let from = t.text.rfind("Commands (type them").unwrap();
    let shown = t.text[from..].lines().count();
    assert!(shown <= 23, "{shown} lines: {}", &t.text[from..]);
    let commands = help_commands(&t.text);
    let mut once = commands.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), commands.len(), "{commands:?}");
    for c in ["undo", "hint", "list", "resign", "quit"] {
        assert!(commands.iter().any(|x| x == c), "{c}: {commands:?}");
    }
    for c in ["school", "contest", "correct", "replay", "claim", "N"] {
        assert!(!commands.iter().any(|x| x == c), "{c}: {commands:?}");
    }
    t.send("quit");
    t.s.exp_eof().ok();
    assert_fits_80(&t.text);

    // At one screen, manual marking and false moves: more commands, in
    // pages; no undo.
    let Some(mut t) = screen(&[
        "play",
        "--seed",
        "4",
        "--hotseat",
        "--marking",
        "manual",
        "--options",
        "false-moves=table",
        "--no-color",
    ]) else {
        return;
    };
    t.until_prompt(prompt);
    t.send("help");
    t.until_prompt(prompt);
    let window = t.window(24);
    assert!(
        window
            .iter()
            .any(|l| l.contains("`help` shows the next ones")),
        "{window:#?}"
    );
    assert!(
        window.iter().any(|l| l.contains("Commands (type them")),
        "{window:#?}"
    );
    t.send("help");
    t.until_prompt(prompt);
    let commands = help_commands(&t.text);
    let mut once = commands.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), commands.len(), "{commands:?}");
    for c in [
        "school", "contest", "correct", "replay", "claim", "quit", "help",
    ] {
        assert!(commands.iter().any(|x| x == c), "{c}: {commands:?}");
    }
    assert!(!commands.iter().any(|x| x == "undo"), "{commands:?}");
    t.send("quit");
    t.s.exp_eof().ok();
    assert_fits_80(&t.text);
}
