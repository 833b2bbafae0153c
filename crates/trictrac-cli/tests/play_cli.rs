//! `trictrac play` driven as a person would: in a pseudo-terminal (the
//! program sees a real terminal on stdin and stdout), reacting to its
//! prompts; and with input piped from a file, as scripts do.

use std::path::PathBuf;
use std::process::Command;

use assert_cmd::Command as AssertCommand;
use rexpect::session::PtySession;

mod support;
use support::flat;

/// Every prompt the program shows, told apart by their words.
const PROMPTS: &str = r"your play \[1(?:-\d+)?\]> |stay or leave> |points you mark> |before the roll> |game over \([^)]*\)> ";

/// What the program asks.
#[derive(Debug, PartialEq)]
enum Prompt {
    /// A play, with the number of legal plays.
    Play(usize),
    Stay,
    Mark,
    /// Before a roll: a school to contest or a false move to settle.
    Before,
    Over,
}

/// rexpect hands over each byte as a `char`: the UTF-8 of `é` arrives as
/// two Latin-1 characters. Back to text.
fn decode(s: &str) -> String {
    let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// `text` as rexpect sees it (see [`decode`]).
fn encode(text: &str) -> String {
    text.bytes().map(|b| b as char).collect()
}

/// The program in a pseudo-terminal, with the text it wrote so far.
struct Pty {
    s: PtySession,
    transcript: String,
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_trictrac"))
}

/// Starts `trictrac ARGS` in a pseudo-terminal; `None` (and the test is
/// skipped) only where the machine has no pseudo-terminals.
fn spawn(args: &[&str]) -> Option<Pty> {
    spawn_in(&temp_dir(), args)
}

/// [`spawn`] in the working directory `dir` (where an unfinished game is
/// saved).
fn spawn_in(dir: &std::path::Path, args: &[&str]) -> Option<Pty> {
    let mut cmd = binary();
    cmd.args(args).current_dir(dir).env("XDG_DATA_HOME", dir);
    support::pty(cmd, 20_000).map(|s| Pty {
        s,
        transcript: String::new(),
    })
}

impl Pty {
    /// Waits for the next prompt; returns what came before it.
    fn prompt(&mut self) -> (String, Prompt) {
        let (before, matched) = self
            .s
            .exp_regex(PROMPTS)
            .unwrap_or_else(|e| panic!("no prompt: {e}\n--- so far:\n{}", self.tail()));
        let before = decode(&before);
        self.transcript.push_str(&before);
        self.transcript.push_str(&matched);
        let p = if matched.contains("your play") {
            let n = matched
                .split(['[', ']'])
                .nth(1)
                .and_then(|r| r.rsplit('-').next())
                .and_then(|n| n.parse().ok())
                .expect("a count of plays");
            Prompt::Play(n)
        } else if matched.contains("stay or leave") {
            Prompt::Stay
        } else if matched.contains("points you mark") {
            Prompt::Mark
        } else if matched.contains("before the roll") {
            Prompt::Before
        } else {
            Prompt::Over
        };
        (before, p)
    }

    fn send(&mut self, line: &str) {
        self.s.send_line(line).expect("the program reads its input");
        self.transcript.push_str(line);
        self.transcript.push('\n');
    }

    /// Waits for `text`; returns what came before it.
    fn expect(&mut self, text: &str) -> String {
        let before = self
            .s
            .exp_string(&encode(text))
            .unwrap_or_else(|e| panic!("`{text}` not shown: {e}\n--- so far:\n{}", self.tail()));
        let before = decode(&before);
        self.transcript.push_str(&before);
        self.transcript.push_str(text);
        before
    }

    /// Waits for the program to end.
    fn end(&mut self) {
        let rest = self
            .s
            .exp_eof()
            .unwrap_or_else(|e| panic!("the program did not end: {e}\n{}", self.tail()));
        self.transcript.push_str(&decode(&rest));
    }

    fn tail(&self) -> String {
        let t = &self.transcript;
        let start = t.char_indices().rev().nth(3000).map_or(0, |(i, _)| i);
        t[start..].to_string()
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trictrac-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn temp(name: &str) -> PathBuf {
    temp_dir().join(name)
}

/// A fresh empty directory for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = temp_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// No line wider than a plain 80-column terminal (what the person
/// types after a prompt aside).
fn assert_fits_80(text: &str) {
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let line = line.find("> ").map_or(line, |i| &line[..i + 2]);
        assert!(
            line.chars().count() <= 80,
            "line of {} columns: {line}",
            line.chars().count()
        );
    }
}

/// A complete game to 12 holes against the random bot with a fixed seed:
/// always play option 1, leave the first time a hole is won and stay
/// afterwards; one hint and one illegal play on the way; the record is
/// saved at the end and replays.
#[test]
fn a_complete_game_in_a_terminal() {
    let Some(mut t) = spawn(&["play", "--seed", "1", "--bot", "random", "--no-color"]) else {
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
    let out = AssertCommand::cargo_bin("trictrac")
        .unwrap()
        .args(["replay", record.to_str().unwrap()])
        .assert()
        .success()
        .get_output()
        .clone();
    let out = String::from_utf8(out.stdout).unwrap();
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
    let Some(mut t) = spawn(&["play", "--seed", "5", "--bot", "random", "--no-color"]) else {
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
    let out = AssertCommand::cargo_bin("trictrac")
        .unwrap()
        .args(["replay", saved.to_str().unwrap()])
        .assert()
        .success()
        .get_output()
        .clone();
    let out = String::from_utf8(out.stdout).unwrap();
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

/// Manual marking: the person counts his points (the engine's count is
/// not shown), the bot claims the schools he leaves, and a school he
/// claims where the bot marked right is a false school.
#[test]
fn manual_marking_and_schools() {
    let Some(mut t) = spawn(&[
        "play",
        "--seed",
        "2",
        "--bot",
        "random",
        "--marking",
        "manual",
        "--no-color",
    ]) else {
        return;
    };
    let mut marked = 0;
    let mut claimed = false;
    let mut false_school = false;
    let mut contested = false;
    for _ in 0..200 {
        let (before, p) = t.prompt();
        match p {
            Prompt::Play(_) => t.send("1"),
            Prompt::Before => {
                // R-10.4: the school marked against White, contested once.
                assert!(
                    flat(&before).contains("`contest` the school (R-10.4)"),
                    "{before}"
                );
                if contested {
                    t.send("");
                } else {
                    contested = true;
                    t.send("contest");
                    // What the contest gave is told before the next prompt.
                    let (said, p) = t.prompt();
                    let said = flat(&said);
                    assert!(
                        said.contains("augmentation") || said.contains("fausse école"),
                        "{said}"
                    );
                    assert_ne!(p, Prompt::Before, "the school is closed");
                    t.send(match p {
                        Prompt::Play(_) => "1",
                        Prompt::Stay => "stay",
                        _ => "",
                    });
                }
            }
            Prompt::Stay => t.send("stay"),
            Prompt::Mark => {
                assert!(flat(&before).contains("Enter marks 0"), "{before}");
                // The jans of the roll being marked are not shown.
                let since_roll = before.rsplit(" rolls ").next().unwrap_or("");
                assert!(
                    !since_roll.contains("battre à") && !since_roll.contains("The rules gave"),
                    "{before}"
                );
                if flat(&before).contains("`school N` first claims a school") && !claimed {
                    claimed = true;
                    t.send("school 2");
                    let said = t.expect("points you mark> ");
                    false_school = flat(&said).contains("fausse école");
                    assert!(false_school, "{said}");
                    t.send("");
                } else {
                    // Always 0: the bot claims what is missing.
                    t.send("");
                }
                t.expect("You marked 0.");
                marked += 1;
            }
            Prompt::Over => break,
        }
        if claimed && flat(&t.transcript).contains("école par moins") && marked > 5 {
            break;
        }
    }
    assert!(marked > 0);
    assert!(false_school, "no chance to claim a school");
    assert!(contested, "a school was contested (R-10.4)");
    assert!(
        flat(&t.transcript).contains("école par moins, R-10.1"),
        "the bot claims the points not marked"
    );
    assert!(flat(&t.transcript).contains("The rules gave for"));
    t.send("quit");
    t.end();
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

// --- Input piped from a file ---------------------------------------------

/// The output of `trictrac ARGS` with `input` piped in, flattened.
fn piped(args: &[&str], input: &str) -> String {
    flat(&piped_raw(args, input))
}

fn piped_raw(args: &[&str], input: &str) -> String {
    piped_in(&temp_dir(), args, input)
}

/// [`piped_raw`] in the working directory `dir`.
fn piped_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let text = support::piped_in(dir, args, input);
    assert!(!text.contains('\x1b'), "no colour when piped");
    assert_fits_80(&text);
    text
}

#[test]
fn piped_commands_and_the_end_of_input() {
    let text = piped(
        &["play", "--seed", "4", "--bot", "random"],
        "help\nboard\nnames\n99\n1-25\nstay\nresign\nyes\n",
    );
    assert!(
        text.contains("Commands (type them at any prompt)"),
        "{text}"
    );
    assert!(text.contains("classical names: white's talon BT to corner B11"));
    assert!(
        text.contains(" NT N1 N2 "),
        "classical names of Black's side"
    );
    assert!(text.contains("There is no play number 99"));
    assert!(text.contains("`1-25` is neither a command nor a play"));
    assert!(text.contains("`stay` is not asked now"));
    assert!(text.contains("White resigns: Black wins the game."));
    // Input lines are echoed after the prompt.
    assert!(text.contains("your play [") && text.contains("]> help"));

    // The end of the input saves the unfinished game and says where.
    let dir = fresh_dir("end-of-input");
    let text = flat(&piped_in(
        &dir,
        &["play", "--seed", "4", "--bot", "random"],
        "1\n",
    ));
    // In the data directory (issue 25, item 14).
    let auto = dir.join("trictrac").join("trictrac-autosave.txt");
    assert!(
        text.trim_end().ends_with(&format!(
            "End of input: the game is left unfinished: saved to {0}. \
             Resume it with: trictrac play --load {0}",
            auto.display()
        )),
        "{text}"
    );
    let rec = std::fs::read_to_string(&auto).unwrap();
    assert!(rec.contains("[Seed \"4\"]"), "{rec}");
    let text = flat(&piped_in(
        &dir,
        &["play", "--load", auto.to_str().unwrap()],
        "resign\nyes\n",
    ));
    assert!(
        text.contains(&format!("Resumed {}", auto.display())),
        "{text}"
    );
}

#[test]
fn a_piped_game_as_black_to_the_end() {
    let input = "1\nstay\n".repeat(400);
    let raw = piped_raw(
        &["play", "--side", "b", "--seed", "8", "--bot", "random"],
        &input,
    );
    let text = flat(&raw);
    assert!(text.contains("you play Black against the bot `random`"));
    assert!(text.contains("black, your play ["));
    assert!(
        text.contains("wins the game"),
        "{}",
        &text[text.len() - 2000..]
    );
    // Black at the bottom, White's fields above: both talons on the left
    // (field 24, Black's talon, bottom left), as in the treatises.
    let board: Vec<&str> = raw
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("talon"))
        .take(15)
        .collect();
    assert!(board[1].trim_start().starts_with("1   2   3"), "{board:?}");
    assert!(
        board[13].trim_start().starts_with("24  23  22"),
        "{board:?}"
    );
    assert!(board[13][..59].trim_end().ends_with("13"), "{board:?}");
}

#[test]
fn a_hotseat_game_saved_as_json_and_resumed() {
    let saved = temp("hotseat.json");
    let input = format!("1\n1\n1\nsave {}\nquit\n", saved.display());
    let text = piped(&["play", "--hotseat", "--seed", "6"], &input);
    assert!(text.contains("two players at one keyboard"));
    assert!(text.contains("white, your play") && text.contains("black, your play"));
    let json = std::fs::read_to_string(&saved).unwrap();
    assert!(json.trim_start().starts_with('{'), "{json}");
    assert!(json.contains("\"white\": \"human\"") && json.contains("\"black\": \"human\""));
    let text = piped(
        &["play", "--load", saved.to_str().unwrap()],
        "1\nresign\nyes\n",
    );
    assert!(text.contains("Resumed"), "{text}");
    assert!(text.contains("two players at one keyboard"));
    assert!(text.contains("resigns"));
}

#[test]
fn bad_arguments() {
    for (args, needle) in [
        (
            vec!["play", "--bot", "nobody"],
            "unknown bot `nobody`: the bots are",
        ),
        (
            vec!["play", "--load", "/nonexistent/game.txt"],
            "cannot read",
        ),
        (
            vec!["play", "--load", "/nonexistent/game.txt", "--seed", "3"],
            "--seed cannot be used with --load",
        ),
    ] {
        let out = AssertCommand::cargo_bin("trictrac")
            .unwrap()
            .args(&args)
            .write_stdin("")
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// A 20-digit seed: its line still fits in 80 columns.
#[test]
fn the_seed_line_fits_in_80_columns() {
    let raw = piped_raw(
        &["play", "--seed", "18446744073709551615", "--bot", "random"],
        "resign\nyes\n",
    );
    let line = raw
        .lines()
        .find(|l| l.starts_with("Dice seed"))
        .expect("the seed line");
    assert_eq!(
        line,
        "Dice seed 18446744073709551615 (same dice: `--seed 18446744073709551615`)."
    );
}

/// In a terminal of 80 x 24, the bot's turn scrolls off while the person
/// reads the list of plays: the board keeps each side's last roll, with
/// the points it brought, and its last play beside its score.
#[test]
fn the_last_roll_of_each_side_stays_on_the_board() {
    let Some(mut t) = spawn(&["play", "--seed", "11", "--bot", "random", "--no-color"]) else {
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
    let dir = fresh_dir("quit");
    let auto = |dir: &std::path::Path| dir.join("trictrac").join("trictrac-autosave.txt");
    let Some(mut t) = spawn_in(&dir, &["play", "--seed", "5", "--bot", "random"]) else {
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
    let dir = fresh_dir("ctrl-c");
    let Some(mut t) = spawn_in(&dir, &["play", "--seed", "7", "--bot", "random"]) else {
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
    let out = AssertCommand::cargo_bin("trictrac")
        .unwrap()
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
    let dir = fresh_dir("named");
    let Some(mut t) = spawn_in(&dir, &["play", "--seed", "7", "--bot", "random"]) else {
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

/// R-2.2 with `first-move=two-dice-each`: the terminal throws both dice for
/// each player, tells the throws, and the saved game writes them.
#[test]
fn two_dice_each_first_move_in_the_terminal() {
    let dir = fresh_dir("first-two");
    let text = flat(&piped_in(
        &dir,
        &[
            "play",
            "--seed",
            "3",
            "--bot",
            "random",
            "--options",
            "first-move=two-dice-each",
        ],
        &"1\nstay\n".repeat(6),
    ));
    assert!(
        text.contains("First move (R-2.2, both dice each): White throws"),
        "{text}"
    );
    assert!(!text.contains("White rolls a"), "no one-die throw: {text}");
    assert!(text.contains("starts."), "{text}");
    let rec = std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap();
    assert!(rec.contains("first-move=two-dice-each"), "{rec}");
    assert!(
        rec.lines().any(|l| l.trim_start().starts_with("first ")),
        "{rec}"
    );
}

/// Section 11 with `false-moves=table`: an illegal play a table allows
/// stands; the opponent, before his roll, has it corrected.
#[test]
fn a_false_move_at_the_table_corrected_by_the_opponent() {
    let dir = fresh_dir("false-move");
    let saved = dir.join("false.txt");
    // Black, its author, is asked first (Enter: he does not correct it).
    let input = format!("24-21 24-23\n\ncorrect\nquit\n{}", "");
    let text = flat(&piped_in(
        &dir,
        &[
            "play",
            "--hotseat",
            "--seed",
            "6",
            "--options",
            "false-moves=table",
        ],
        &input,
    ));
    assert!(
        text.contains(
            "Black plays 24-21 24-23 — a false move, it stands until settled (section 11)."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "White, before your roll: `correct` black's false move to 24-22 24-23, or `leave` it"
        ),
        "{text}"
    );
    assert!(
        text.contains("White has the false move corrected to 24-22 24-23 (section 11)."),
        "{text}"
    );
    let rec = std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap();
    assert!(rec.contains("24-21 24-23 ?"), "{rec}");
    assert!(rec.contains("settle w correct"), "{rec}");
    let _ = saved;
    // Without the option the same play is refused with its rule.
    let text = piped(&["play", "--hotseat", "--seed", "6"], "24-21 24-23\nquit\n");
    assert!(text.contains("Illegal play `24-21 24-23`"), "{text}");
}

/// R-9.2, `game=ecrire`: the marqués, their totals and the payment.
#[test]
fn a_partie_a_ecrire_in_the_terminal() {
    let input = "1\nstay\n".repeat(3000);
    let text = piped(
        &[
            "play",
            "--seed",
            "8",
            "--bot",
            "random",
            "--options",
            "game=ecrire marques=2",
        ],
        &input,
    );
    assert!(
        text.contains(
            "Marqué won by Black, 12 holes to 5: 11 points (R-9.2). Totals: White 0, Black 11."
        ),
        "{text}"
    );
    assert!(
        text.contains("Black wins the partie à écrire, 11 to 10 in marqués: White pays 1 (R-9.2)."),
        "{text}"
    );
    // A partie à écrire is not resigned (R-9.2).
    let text = piped(
        &[
            "play",
            "--seed",
            "8",
            "--bot",
            "random",
            "--options",
            "game=ecrire",
        ],
        "resign\nquit\n",
    );
    assert!(text.contains("is not resigned (R-9.2)"), "{text}");
}

/// Resigning ends the game through the engine: the stake of the score as
/// it stands, and the record keeps the resignation.
#[test]
fn resigning_is_recorded() {
    let dir = fresh_dir("resign");
    let text = flat(&piped_in(
        &dir,
        &["play", "--seed", "4", "--bot", "random", "--side", "w"],
        "resign\nyes\nsave r.txt\n",
    ));
    assert!(
        text.contains("White resigns: Black wins the game."),
        "{text}"
    );
    assert!(
        text.contains("Stake x4 (R-9.1, on the score as it stands: 0 holes to 0)."),
        "{text}"
    );
    let rec = std::fs::read_to_string(dir.join("r.txt")).unwrap();
    assert!(rec.lines().any(|l| l.trim() == "resign w"), "{rec}");
    assert!(rec.contains("[Result \"black 0 white 0 x4\"]"), "{rec}");
}

/// Resigning asks first: anything but yes leaves the game going on.
#[test]
fn resigning_asks_for_confirmation() {
    let dir = fresh_dir("resign-confirm");
    let text = flat(&piped_in(
        &dir,
        &["play", "--seed", "4", "--bot", "random", "--side", "w"],
        "resign\nno\nresign\nyes\n",
    ));
    assert!(
        text.contains("Resign? Black wins the game, stake x4 (R-9.1). (yes/no)"),
        "{text}"
    );
    assert_eq!(
        text.matches("Not resigned: the game goes on.").count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("White resigns: Black wins the game.").count(),
        1,
        "{text}"
    );
}

/// `--fields` (R-1.6): the board's labels, the plays listed, told and
/// hinted, and the plays typed use the chosen names; numbers are read too;
/// `names` switches and `fields` names the named fields.
#[test]
fn historical_field_names_in_the_terminal() {
    // Seed 4: White starts with 5-3 (1-6 1-4 or 1-6-9), Black answers 6-2.
    let text = piped(
        &[
            "play", "--seed", "4", "--bot", "random", "--fields", "soumille",
        ],
        "A-F A-D\nhint\nfields\nnames lepeintre\nlist\nQ-Z\nresign\nyes\n",
    );
    // The board's labels: Black's row & … N, White's A … M.
    assert!(text.contains(" & Z Y X V T S R Q P O N holes"), "{text}");
    assert!(text.contains(" A B C D E F G H I K L M holes"), "{text}");
    assert!(text.contains("1) A-F A-D 2) A-F-I"), "{text}");
    // The play typed in Soumille's letters, told in them.
    assert!(text.contains("White plays A-F A-D."), "{text}");
    assert!(text.contains("Black plays &-S-Q."), "{text}");
    assert!(text.contains("played &-S-Q"), "the panel: {text}");
    // The hint in Soumille's letters too: its best play has no digit.
    let best = text
        .split("Hint: the best play is ")
        .nth(1)
        .and_then(|r| r.split(" (").next())
        .expect("a hint");
    assert!(
        !best.is_empty() && !best.chars().any(|c| c.is_ascii_digit()),
        "{best}"
    );
    // The legend and `fields`: each side's named fields.
    assert!(text.contains("coin de repos M|N"), "{text}");
    assert!(text.contains("case du diable H|R"), "{text}");
    // Issue 24 item 8: the tenth field's other names (seed, note 46).
    assert!(
        text.contains("case des écoliers (also case du diable, le Travanais) L|O"),
        "{text}"
    );
    // Lepeintre's letters after `names lepeintre`.
    assert!(text.contains(" y x v u t s r q p o n m holes"), "{text}");
    assert!(text.contains("played y-r-p"), "{text}");
    assert!(text.contains("1) a-d a-b 2) a-d f-g"), "{text}");
    assert!(
        text.contains("`Q` is not a field in lepeintre names"),
        "{text}"
    );

    // Numbers are always read; classical names are told.
    let text = piped(
        &[
            "play",
            "--seed",
            "4",
            "--bot",
            "random",
            "--fields",
            "classical",
        ],
        "1-6 1-4\nresign\nyes\n",
    );
    assert!(text.contains("1) BT-B5 BT-B3 2) BT-B5-B8"), "{text}");
    assert!(text.contains("White plays BT-B5 BT-B3."), "{text}");
    assert!(text.contains("Black plays NT-N6-N8."), "{text}");
    assert!(text.contains(" BT B1 B2 B3 B4 B5 B6 B7"), "{text}");
    assert!(text.contains("coin bourgeois B5,B6|N5,N6"), "{text}");

    // A bad naming is refused by clap.
    let out = AssertCommand::cargo_bin("trictrac")
        .unwrap()
        .args(["play", "--fields", "roman"])
        .write_stdin("")
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("soumille") && err.contains("lepeintre"),
        "{err}"
    );
}

/// Issue 35, items 1 and 2, at one screen: Black's `undo` takes back
/// neither White's play nor the school he claimed (a decision taken is
/// taken: *dame touchée, dame jouée*; undo is off at one screen), and
/// under manual marking the panel shows no count of the roll before the
/// player marks (R-10: each counts for himself).
#[test]
fn at_one_screen_undo_takes_back_neither_the_others_play_nor_a_school() {
    let Some(mut t) = spawn(&[
        "play",
        "--hotseat",
        "--seed",
        "4",
        "--marking",
        "manual",
        "--no-color",
    ]) else {
        return;
    };
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.contains("rolled 5-3"), "{before}");
    assert!(!before.contains("rolled 5-3 +"), "a count shown: {before}");
    t.send("0");
    assert_eq!(t.prompt().1, Prompt::Play(2));
    t.send("1");
    // Black marks the points of White's roll: his undo is refused.
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("undo");
    t.expect("No undo at one screen: a decision taken is taken");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("school 2");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("undo");
    t.expect("No undo at one screen");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("0");
    // The school stands (Black may contest it before his roll).
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Before, "{before}");
    assert!(
        before.contains("White marks 2 points for the school"),
        "{before}"
    );
    t.send("quit");
    t.end();
    assert!(!t.transcript.contains("Undone"), "{}", t.tail());
    // White was asked his play once.
    assert_eq!(t.transcript.matches("White to play 5-3").count(), 1);
}

/// Issue 35, items 1 and 2, against the bot: undo takes back the
/// person's own decision of the turn (the same dice), the game is then
/// unrated and every prompt says so; it never reaches past the bot's
/// action. The count of a roll marked by hand is shown once both players
/// have marked it.
#[test]
fn against_the_bot_undo_works_within_the_turn_and_makes_the_game_unrated() {
    let Some(mut t) = spawn(&[
        "play",
        "--seed",
        "4",
        "--bot",
        "random",
        "--side",
        "w",
        "--marking",
        "manual",
        "--no-color",
    ]) else {
        return;
    };
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(!before.contains("rolled 5-3 +"), "a count shown: {before}");
    assert!(!before.contains("[unrated]"), "{before}");
    t.send("0");
    assert_eq!(t.prompt().1, Prompt::Play(2));
    t.send("undo");
    t.expect("Undone: back to your previous decision, with the same dice.");
    t.expect("This game is now unrated");
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.ends_with("[unrated] white, "), "{before}");
    assert!(before.contains("rolled 5-3"), "{before}");
    t.send("0");
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Play(2));
    assert!(before.ends_with("[unrated] white, "), "{before}");
    t.send("1");
    // The bot marked and rolled: White's count is shown now, Black's not
    // while White has to mark what Black's roll gave him.
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.contains("rolled 5-3 +0"), "{before}");
    assert!(
        before.contains("rolled 6-2") && !before.contains("rolled 6-2 +"),
        "{before}"
    );
    t.send("undo");
    t.expect("Nothing to undo: no decision of yours since the opponent's last action");
    t.prompt();
    t.send("quit");
    t.end();
}
