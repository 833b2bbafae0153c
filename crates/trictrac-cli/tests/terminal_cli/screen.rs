//! A terminal of 80×24: the board, the roll, the prompt, the hints and
//! the help fit in it.

use super::*;

/// In a terminal of 80×24 the board, the last roll and the prompt stay on
/// the screen: the plays that do not fit below the board are paged, and
/// `list` shows the next page (issue 25, item 13).
#[cfg(unix)]
#[test]
fn the_board_the_roll_and_the_prompt_fit_in_80_by_24() {
    let Some(mut t) = screen(&args("play --seed 5 --bot random --side w --no-color")) else {
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
    let Some(mut t) = screen(&args("bg play --seed 3 --hotseat")) else {
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

/// In `bg play` at 80×24 the hint at a cube decision is the full cube
/// analysis `bg hint` prints (No double / Double, take / Double, pass,
/// the proper action, the chances), the chequer hint numbers its plays
/// as `list` does, and no line is wider than 80 columns: the intro, the
/// hints, an error message (issue 35, item 9).
#[cfg(unix)]
#[test]
fn bg_hints_are_full_and_fit_80_columns() {
    let Some(mut t) = screen(&args("bg play --seed 4 --bot greedy")) else {
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
    let text = support::stdout_of(&args(
        "bg hint --match 7 --score 2-4 --cube 2 --owner black",
    ));
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
    let Some(mut t) = screen(&args("play --seed 4 --bot random --side w --no-color")) else {
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
    let Some(mut t) = screen(&args(
        "play --seed 4 --hotseat --marking manual --options false-moves=table --no-color",
    )) else {
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
