//! A game in a pseudo-terminal: played to the end, saved and reloaded,
//! in colour, the last rolls on the board, and left (saved).

use super::*;

/// A complete game to 12 holes against the random bot with a fixed seed:
/// always play option 1, leave the first time a hole is won and stay
/// afterwards; one hint and one illegal play on the way; the record is
/// saved at the end and replays.
#[test]
fn a_complete_game_in_a_terminal() {
    let Some(mut t) = spawn(&args("play --seed 1 --bot random --no-color")) else {
        return;
    };
    let record = temp("complete.txt");
    let mut plays = 0;
    let mut decisions = 0;
    let mut hinted = false;
    let mut refused = false;
    loop {
        let (before, p) = t.prompt();
        match p {
            Prompt::Play(n) => {
                assert!(n >= 1);
                if !hinted {
                    hinted = true;
                    t.send("hint");
                    let said = t.expect("Hint: the best play is");
                    assert!(!said.contains("error"), "{said}");
                    // The plays in equity, the first 0 from the best.
                    t.expect("Equity = the stake");
                    t.expect("(+0.000)");
                    let (_, again) = t.prompt();
                    assert_eq!(again, Prompt::Play(n));
                }
                if !refused {
                    refused = true;
                    // Passing is illegal when a die can be played.
                    t.send("--");
                    t.expect("Illegal play `--`: some die of");
                    t.expect("(R-3.5)");
                    let (_, again) = t.prompt();
                    assert_eq!(again, Prompt::Play(n));
                }
                t.send("1");
                plays += 1;
            }
            Prompt::Stay => {
                assert!(flat(&before).contains("(R-8.6)"), "{before}");
                if decisions == 0 {
                    t.send("leave");
                    t.expect("White leaves (s'en aller).");
                    t.expect("New relevé, after leaving (R-8.6)");
                } else {
                    t.send("stay");
                    t.expect("White stays (tenir).");
                }
                decisions += 1;
            }
            Prompt::Mark => panic!("no marking prompt in automatic marking"),
            Prompt::Before => panic!("nothing to contest or settle with the default options"),
            Prompt::Over => {
                assert!(flat(&before).contains("wins the game"), "{before}");
                t.send(&format!("save {}", record.display()));
                t.expect("The game record is saved to");
                let (_, p) = t.prompt();
                assert_eq!(p, Prompt::Over);
                t.send("");
                t.end();
                break;
            }
        }
        assert!(plays < 500, "the game does not end");
    }
    assert!(
        decisions >= 2,
        "expected stay/leave decisions, got {decisions}"
    );
    assert_fits_80(&t.transcript);
    let text = flat(&t.transcript);
    assert!(
        text.contains("First move (R-2.2): White rolls a"),
        "{}",
        &text[..500]
    );
    assert!(text.contains(" starts."));
    assert!(text.contains("talon") && text.contains("coin") && text.contains("holes"));
    assert!(text.contains("battre à vrai"), "the jans are listed");
    assert!(text.contains("(true hit in the"));
    assert!(text.contains("12 holes") || text.contains("holes to"));
    // The saved record is a finished game whose dice follow its seed.
    let out = support::stdout_of(&["replay", record.to_str().unwrap()]);
    assert!(out.contains("dice checked against the seed"), "{out}");
    assert!(out.contains("wins, stake"), "{out}");
    let rec = std::fs::read_to_string(&record).unwrap();
    assert!(rec.contains("[White \"human\"]") && rec.contains("[Black \"random\"]"));
    assert!(rec.contains("[Seed \"1\"]"), "{rec}");
    assert!(rec.contains(" leave") && rec.contains(" stay"));
}

/// Saving in the middle of a turn and resuming with `--load`: the same
/// roll is waiting, and the game goes on.
#[test]
fn save_and_reload() {
    let Some(mut t) = spawn(&args("play --seed 5 --bot random --no-color")) else {
        return;
    };
    for _ in 0..3 {
        match t.prompt() {
            (_, Prompt::Play(_)) => t.send("1"),
            (_, Prompt::Stay) => t.send("stay"),
            (_, p) => panic!("unexpected {p:?}"),
        }
    }
    let (before, p) = loop {
        match t.prompt() {
            (b, Prompt::Play(n)) => break (b, Prompt::Play(n)),
            (_, Prompt::Stay) => t.send("stay"),
            (_, p) => panic!("unexpected {p:?}"),
        }
    };
    // `White to play 5-1: ...`
    let waiting = before
        .lines()
        .rev()
        .find(|l| l.contains(" to play "))
        .expect("the roll to play")
        .trim()
        .to_string();
    let roll = waiting
        .split(" to play ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let saved = temp("midgame.txt");
    t.send(&format!("save {}", saved.display()));
    t.expect("The game record is saved to");
    t.prompt();
    t.send("quit");
    t.expect("Game left unfinished:");
    t.end();
    // `trictrac replay` checks a game saved in the middle of a turn.
    let out = support::stdout_of(&["replay", saved.to_str().unwrap()]);
    assert!(out.contains("dice checked against the seed"), "{out}");
    assert!(out.contains("game in progress: Play(White)"), "{out}");

    let Some(mut t) = spawn(&["play", "--load", saved.to_str().unwrap(), "--no-color"]) else {
        return;
    };
    let (before, again) = t.prompt();
    assert_eq!(again, p, "{before}");
    let said = flat(&before);
    assert!(said.contains("Resumed"), "{before}");
    assert!(said.contains(&format!("dice {roll}")), "{roll}: {before}");
    // The resumed roll has its header, as when it was rolled.
    assert!(said.contains(&format!("White rolls {roll} (")), "{before}");
    assert!(said.contains(&format!("to play {roll}")), "{before}");
    assert!(said.contains("against the bot `random`"), "{before}");
    t.send("1");
    let (_, p) = t.prompt();
    assert!(matches!(p, Prompt::Play(_) | Prompt::Stay));
    t.send("resign");
    t.expect("Resign? Black wins the game, stake");
    t.send("yes");
    t.expect("White resigns: Black wins the game.");
    // The record can still be saved; Enter quits.
    t.expect("game over");
    t.send("");
    t.end();
    assert_fits_80(&t.transcript);
}

/// Colour by default in a terminal; the default bot.
#[test]
fn colour_in_a_terminal_and_the_default_bot() {
    let Some(mut t) = spawn(&["play", "--seed", "9"]) else {
        return;
    };
    let (before, _) = t.prompt();
    assert!(before.contains("\x1b["), "colour escapes in a terminal");
    assert!(flat(&before).contains(&format!("against the bot `{}`", trictrac_bot::DEFAULT_BOT)));
    t.send("help");
    t.expect("save FILE");
    t.prompt();
    t.send("quit");
    t.end();
}

/// In a terminal of 80 x 24, the bot's turn scrolls off while the person
/// reads the list of plays: the board keeps each side's last roll, with
/// the points it brought, and its last play beside its score.
#[test]
fn the_last_roll_of_each_side_stays_on_the_board() {
    let Some(mut t) = spawn(&args("play --seed 11 --bot random --no-color")) else {
        return;
    };
    let mut checked = 0;
    for _ in 0..12 {
        let (before, p) = t.prompt();
        match p {
            Prompt::Play(_) => {}
            Prompt::Stay => {
                t.send("stay");
                continue;
            }
            p => panic!("unexpected {p:?}"),
        }
        // Black's turn as told, then the board.
        let told_roll = before
            .lines()
            .rev()
            .find_map(|l| l.trim().strip_prefix("Black rolls "))
            .map(|r| r.split(' ').next().unwrap().to_string());
        let told_play = before
            .lines()
            .rev()
            .find_map(|l| l.trim().strip_prefix("Black plays "))
            .map(|r| r.trim_end_matches('.').to_string());
        let board: Vec<&str> = before
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("talon"))
            .collect();
        if let (Some(roll), Some(play)) = (told_roll, told_play) {
            assert!(board[3].contains(&format!("rolled {roll} +")), "{before}");
            assert!(board[4].contains(&format!("played {play}")), "{before}");
            checked += 1;
        }
        // White's roll, being played, beside its score at the bottom.
        let white = before
            .lines()
            .rev()
            .find_map(|l| l.trim().strip_prefix("White rolls "))
            .expect("White's roll")
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        assert!(board[10].contains(&white), "{before}");
        t.send("1");
    }
    assert!(checked >= 5, "{checked}");
    t.send("resign");
    t.expect("(yes/no)");
    t.send("y");
    t.expect("game over");
    t.send("");
    t.end();
    assert_fits_80(&t.transcript);
}

/// `quit`, Ctrl-D and Ctrl-C all save the unfinished game and say where;
/// each saved game resumes.
#[test]
fn leaving_saves_the_game() {
    // quit: saved to trictrac-autosave.txt in the data directory
    // ($XDG_DATA_HOME/trictrac, the test's directory here).
    let dir = scratch("quit");
    let auto = |dir: &std::path::Path| dir.join("trictrac").join("trictrac-autosave.txt");
    let Some(mut t) = spawn_in(&dir, &args("play --seed 5 --bot random")) else {
        return;
    };
    t.prompt();
    t.send("1");
    t.prompt();
    t.send("quit");
    t.expect("Game left unfinished:");
    t.expect(&format!("saved to {}.", auto(&dir).display()));
    t.expect("Resume it with: trictrac play --load");
    t.end();
    let saved = auto(&dir);
    let rec = std::fs::read_to_string(&saved).unwrap();
    assert!(rec.contains("[Seed \"5\"]"), "{rec}");

    // Ctrl-D at a prompt, after `--load`: saved to the autosave again.
    let Some(mut t) = spawn_in(&dir, &["play", "--load", saved.to_str().unwrap()]) else {
        return;
    };
    t.prompt();
    t.send("1");
    t.prompt();
    t.s.send_control('d').unwrap();
    t.expect("End of input: the game is left unfinished:");
    t.expect(&format!("saved to {}.", saved.display()));
    t.end();
    let longer = std::fs::read_to_string(&saved).unwrap();
    assert!(longer.len() > rec.len(), "one more roll saved");

    // Ctrl-C: the signal saves the game as it stands at the prompt.
    let dir = scratch("ctrl-c");
    let Some(mut t) = spawn_in(&dir, &args("play --seed 7 --bot random")) else {
        return;
    };
    t.prompt();
    t.send("1");
    t.prompt();
    t.s.send_control('c').unwrap();
    t.expect(&format!(
        "Interrupted: the game is saved to {}.",
        auto(&dir).display()
    ));
    t.expect(&format!(
        "Resume it with: trictrac play --load {}",
        auto(&dir).display()
    ));
    t.end();
    let out = support::trictrac()
        .args(["replay", auto(&dir).to_str().unwrap()])
        .current_dir(&dir)
        .assert()
        .success()
        .get_output()
        .clone();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("dice checked against the seed"), "{out}");
    assert!(out.contains("game in progress"), "{out}");

    // A game saved by name keeps that file as it was saved; leaving
    // saves the game to the autosave file (the same for both games).
    let dir = scratch("named");
    let Some(mut t) = spawn_in(&dir, &args("play --seed 7 --bot random")) else {
        return;
    };
    t.prompt();
    t.send("save mine.json");
    t.expect("The game record is saved to");
    t.prompt();
    t.send("1");
    t.prompt();
    t.send("quit");
    t.expect("Game left unfinished:");
    t.end();
    assert!(auto(&dir).exists());
    let json = std::fs::read_to_string(dir.join("mine.json")).unwrap();
    assert!(json.trim_start().starts_with('{'), "{json}");
}
