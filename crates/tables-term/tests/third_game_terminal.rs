//! The measure of the terminal's abstraction (issue 36, items 2 and 6):
//! a third game, the dice race of the tests (its rules written once in
//! `test-support`, [`test_support::race`], for every surface's test),
//! joins the terminal with no edit outside its own files: its
//! `tables_term::TextGame` below and one registration line. It is then
//! played by a person against a bot through the terminal loop —
//! scripted lines in, the transcript checked — and by two bots in a
//! match, with no change to the terminal loop, the match runner or the
//! registry.

use std::io::Cursor;

use tables::{ActionError, Player, Side};
use tables_term::{MatchSpec, PlaySetup, Terminal, TerminalRegistry, TextGame};

test_support::race_game!();

impl TextGame for Race {
    const COMMAND: &'static str = "race";
    const AUTOSAVE: &'static str = "race-autosave.txt";

    fn board_text(&self, viewer: Side) -> String {
        let lane = |s: Side| {
            let at = (*self.at.get(s)).min(self.goal) as usize;
            format!(
                "{:<5} |{}o{}| {}\n",
                s.to_string(),
                ".".repeat(at),
                ".".repeat(self.goal as usize - at),
                self.at.get(s)
            )
        };
        let roll = match self.roll {
            Some((a, b)) => format!("roll {a}-{b}\n"),
            None => String::new(),
        };
        format!("{}{}{roll}", lane(viewer), lane(!viewer))
    }

    fn parse_action(&self, _side: Side, text: &str) -> Result<RaceAction, ActionError> {
        let t = text.trim();
        let n = t.strip_prefix("move").unwrap_or(t).trim();
        n.parse()
            .map(|n| RaceAction::Move { n })
            .map_err(|_| ActionError::Unreadable(format!("`{t}` is not `move N`")))
    }

    fn help_text(&self) -> String {
        "  move N         move your runner N squares: the higher die or the sum\n".into()
    }

    fn history(&self) -> &[RaceAction] {
        &self.log
    }

    fn bots(&self) -> &'static [&'static str] {
        &["greedy", "random"]
    }

    fn bot(&self, name: &str, seed: u64) -> Option<Box<dyn Player<Race>>> {
        match name {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(
                tables::RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(seed),
            )),
            _ => None,
        }
    }
}

/// The registry of the test: the race, by its one line.
fn registry() -> TerminalRegistry {
    let mut games = TerminalRegistry::empty();
    games.register("race", |_options: &str| Ok(Race::default()));
    games
}

/// Plays the race in the terminal loop with `script` as the keyboard and
/// returns what the screen shows.
fn transcript(setup: &PlaySetup, script: &str) -> String {
    let mut out: Vec<u8> = Vec::new();
    let term = Terminal::new(&mut out, Box::new(Cursor::new(script.to_string())), true);
    registry()
        .play("race", setup, term)
        .expect("the race is played to its end");
    String::from_utf8(out).expect("the screen is text")
}

fn setup(bot: &str, seed: u64) -> PlaySetup {
    PlaySetup {
        options: String::new(),
        side: Side::White,
        hotseat: false,
        bot: Some(bot.into()),
        seed,
    }
}

#[test]
fn the_race_is_played_through_the_terminal_loop_against_a_bot() {
    // The shared commands, a number out of the list, an illegal move, a
    // line that is no move, then play number 1 (the higher die) until
    // the end; the line after the end leaves.
    let script = format!(
        "help\nlist\nboard\n9\nmove 0\nnonsense\nhint\n{}",
        "1\n".repeat(40)
    );
    let text = transcript(&setup("greedy", 7), &script);
    // The game's help, then the commands every game shares.
    assert!(
        text.contains("move N         move your runner N squares"),
        "{text}"
    );
    assert!(
        text.contains("save FILE      write the game record"),
        "{text}"
    );
    // The prompt, the numbered list of the legal plays, the board.
    assert!(text.contains("white to play> "), "{text}");
    assert!(text.contains("  1) move "), "{text}");
    assert!(text.contains("  2) move "), "{text}");
    assert!(text.contains("white |"), "{text}");
    // The refusals: the list's range, the rule broken, a line not read.
    assert!(
        text.contains("There is no play number 9: choose 1 to 2."),
        "{text}"
    );
    assert!(
        text.contains("Refused: move by the higher die or the sum, not 0 (RACE-1)."),
        "{text}"
    );
    assert!(
        text.contains("Not understood: `nonsense` is not `move N`"),
        "{text}"
    );
    // No analysis: the hint says so, and the game is unrated after it.
    assert!(text.contains("No analysis of race gives hints"), "{text}");
    assert!(text.contains("[unrated] white to play> "), "{text}");
    // The actions told in the game's notation, the bot's too, and the end.
    assert!(text.contains("  opening white "), "{text}");
    assert!(text.contains("  roll "), "{text}");
    assert!(text.contains("Game over: "), "{text}");
    assert!(
        text.contains("game over (`save FILE` keeps the record, Enter quits)> "),
        "{text}"
    );
    // The same seed and the same lines give the same game.
    assert_eq!(text, transcript(&setup("greedy", 7), &script));
}

#[test]
fn a_finished_race_is_saved_as_its_record() {
    let dir = std::env::temp_dir().join(format!("tables-term-race-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("race.txt");
    // `save` before every play, then play number 1; once the race is
    // over, `save` keeps the whole record and the next line leaves.
    let script = format!("save {}\n1\n", path.display()).repeat(40);
    let text = transcript(&setup("random", 3), &script);
    assert!(text.contains("The game record is saved to"), "{text}");
    assert!(text.contains("Game over: "), "{text}");
    let record = std::fs::read_to_string(&path).expect("the record is written");
    assert!(record.starts_with("race human v random\n"), "{record}");
    let moves = record.lines().filter(|l| l.starts_with("move ")).count();
    assert!(moves >= 2, "{record}");
    // The record saved after the end holds the winning move: the race
    // replayed from it ends where the screen says.
    let mut replay = Race::default();
    for l in record.lines().skip(1) {
        let a = replay.history().len();
        let action = action_of(l).expect("a line of the record");
        tables::TableGame::apply(&mut replay, &action).expect("a legal action");
        assert_eq!(replay.history().len(), a + 1);
    }
    let over = tables::TableGame::outcome(&replay).expect("the race is over");
    assert!(text.contains(&format!("({})", over.text)), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_people_play_the_race_at_one_keyboard() {
    let hotseat = PlaySetup {
        hotseat: true,
        bot: None,
        ..setup("greedy", 11)
    };
    let text = transcript(&hotseat, &format!("undo\n{}", "1\n".repeat(60)));
    // Both sides are asked, each seeing the board from his side; no undo
    // at one screen.
    assert!(text.contains("white to play> "), "{text}");
    assert!(text.contains("black to play> "), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let from = |first: &str, second: &str| {
        lines
            .windows(2)
            .any(|w| w[0].starts_with(first) && w[1].starts_with(second))
    };
    assert!(
        from("white |", "black |") && from("black |", "white |"),
        "{text}"
    );
    assert!(text.contains("No undo at one screen"), "{text}");
    assert!(text.contains("Game over: "), "{text}");
}

#[test]
fn unknown_games_and_bots_are_refused_by_name() {
    let mut out: Vec<u8> = Vec::new();
    let term = Terminal::new(&mut out, Box::new(Cursor::new(String::new())), true);
    let e = registry()
        .play("chess", &setup("greedy", 1), term)
        .unwrap_err();
    assert_eq!(e.to_string(), "unknown game `chess`: the games are race");
    let term = Terminal::new(&mut out, Box::new(Cursor::new(String::new())), true);
    let e = registry()
        .play("race", &setup("deep-blue", 1), term)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown bot `deep-blue`: the bots are greedy, random"
    );
    assert_eq!(registry().names(), ["race"]);
    assert_eq!(
        registry().bots("race").expect("a game"),
        ["greedy", "random"]
    );
}

#[test]
fn the_race_is_played_by_two_bots_in_a_match() {
    let spec = MatchSpec {
        a: "greedy".into(),
        b: "random".into(),
        games: 200,
        seed: 1,
    };
    let games = registry();
    let r = games
        .play_match("race", &spec)
        .expect("the match is played");
    assert_eq!(r.games, 200);
    assert_eq!(r.a_wins + r.b_wins, 200);
    assert_eq!(r.a_white_games, 100);
    // Taking the sum is never worse than the higher die alone.
    assert!(r.a_wins > r.b_wins, "{r:?}");
    assert!(r.win_rate_ci95[0] < r.win_rate && r.win_rate < r.win_rate_ci95[1]);
    assert!(
        (r.mean_points - (2.0 * r.win_rate - 1.0)).abs() < 1e-9,
        "{r:?}"
    );
    // The report, as text and as JSON.
    let mut out: Vec<u8> = Vec::new();
    r.write(&mut out).expect("written");
    let text = String::from_utf8(out).expect("text");
    assert!(
        text.starts_with("race match, greedy vs random: 200 games, seed 1"),
        "{text}"
    );
    assert!(
        text.contains(&format!("greedy  {:>5} wins", r.a_wins)),
        "{text}"
    );
    let json = serde_json::to_value(&r).expect("json");
    assert_eq!(json["games"], 200);
    // A match depends on its seed only; a wrong player or length is refused.
    assert_eq!(games.play_match("race", &spec).expect("again"), r);
    let bad = MatchSpec {
        a: "nobody".into(),
        ..spec.clone()
    };
    assert_eq!(
        games.play_match("race", &bad).unwrap_err().to_string(),
        "unknown player `nobody`"
    );
    let none = MatchSpec { games: 0, ..spec };
    assert!(games.play_match("race", &none).is_err());
}
