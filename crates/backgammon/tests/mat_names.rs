//! Player names in `.mat` records (BG-1.4): whatever a name holds, the
//! record written with it reads back, with the name as `mat_name` writes
//! it and the same moves.

use backgammon::mat::{mat_name, MatFile, MAX_NAME_BYTES};
use backgammon::{BySide, Event, Game, Rules, Side};
use proptest::prelude::*;

mod support;
use support::RandomMatch;

/// A match (length > 0) or a money session of up to 3 games, random
/// plays and cube actions.
fn random_games(seed: u64, length: u32, rules: Rules) -> Vec<Game> {
    RandomMatch {
        money_games: 3,
        ..RandomMatch::to(length, rules)
    }
    .games(seed, |_| {})
}

/// The moves and cube actions of the games, which a record keeps (the
/// seed preset's opening throw is not in the format).
fn actions(games: &[Game]) -> Vec<Vec<Event>> {
    games
        .iter()
        .map(|g| {
            g.events()
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::Play { .. }
                            | Event::Double { .. }
                            | Event::Take { .. }
                            | Event::Beaver { .. }
                            | Event::Drop { .. }
                    )
                })
                .copied()
                .collect()
        })
        .collect()
}

/// Pieces of names that break naive readers.
const TRICKY: &[&str] = &[
    " Game 2",
    "Game",
    "Game 1",
    "; trictrac bg rules: seed",
    "# comment",
    "(Crawford)",
    "5 point match",
    " 12) 31: 8/5 6/5",
    "Wins 1 point",
    "Doubles => 2",
    "Bob : 3",
    "Ann, 1600",
    ":",
    "\t",
    "\u{a0}",
    "\u{2028}",
    "\r\n",
    "0",
    "Émile Zoë 東京",
    "                                        ",
];

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        // Anything of up to 40 characters (the server keeps 40).
        proptest::string::string_regex("(?s).{0,40}").unwrap(),
        (
            proptest::sample::select(TRICKY),
            proptest::string::string_regex("(?s).{0,8}").unwrap(),
            proptest::sample::select(TRICKY),
        )
            .prop_map(|(a, b, c)| format!("{a}{b}{c}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn bg_1_4_any_name_round_trips_through_mat(
        white in name(),
        black in name(),
        seed in 0u64..1000,
        length in prop_oneof![Just(0u32), Just(1), Just(3)],
        seed_rules in any::<bool>(),
    ) {
        let rules = if seed_rules { Rules::seed() } else { Rules::standard() };
        let games = random_games(seed, length, rules);
        let m = MatFile { length, names: BySide::new(white.clone(), black.clone()), games };
        let text = m.to_string();
        let back = MatFile::parse(&text, rules)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.names.white, &mat_name(&white, Side::White), "{}", text);
        prop_assert_eq!(&back.names.black, &mat_name(&black, Side::Black), "{}", text);
        prop_assert_eq!(actions(&back.games), actions(&m.games), "{}", text);
        prop_assert_eq!(back.final_score(), m.final_score());
        // The name is what gnubg keeps whole: one line, no colon or
        // comma, at most 31 bytes, trimmed, not empty.
        for n in [&back.names.white, &back.names.black] {
            prop_assert!(!n.is_empty() && n.len() <= MAX_NAME_BYTES, "{:?}", n);
            prop_assert!(!n.contains([':', ',', '\n', '\r', '\t']), "{:?}", n);
            prop_assert_eq!(n.trim(), n.as_str());
            prop_assert!(!n.starts_with("Game ") && n != "Game", "{:?}", n);
        }
        // Writing the names read back writes the same text.
        prop_assert_eq!(MatFile { length, names: back.names.clone(), games: back.games }.to_string(), text);
    }
}

#[test]
fn bg_1_4_names_that_broke_the_reader() {
    for (white, black) in [
        (" Game 2", "Bob"),
        ("Alice", "; trictrac bg rules: seed"),
        ("; x", "Game 3"),
        ("a name of forty characters, quite long!!", "2 Bob"),
        ("Crawford", "(Crawford) Bob"),
    ] {
        let games = random_games(7, 3, Rules::standard());
        let m = MatFile {
            length: 3,
            names: BySide::new(white.to_string(), black.to_string()),
            games,
        };
        let text = m.to_string();
        let back =
            MatFile::parse(&text, Rules::standard()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.names.white, mat_name(white, Side::White), "{text}");
        assert_eq!(back.names.black, mat_name(black, Side::Black), "{text}");
        assert_eq!(actions(&back.games), actions(&m.games));
    }
}

#[test]
fn bg_1_4_the_reader_takes_the_line_after_game_as_names() {
    // Written by another program, unsanitised: still read.
    let text = " 1 point match\n\n Game 1\n Game 2 : 0     ; x : y : 0\n  1) 31: 8/5 6/5\n";
    let m = MatFile::parse(text, Rules::standard()).unwrap();
    assert_eq!(m.names.white, "Game 2");
    assert_eq!(m.names.black, "; x : y");
    assert_eq!(m.games[0].position().to_position_id(), "sGfwATDgc/ABMA");
}
