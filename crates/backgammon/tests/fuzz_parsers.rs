//! Fuzzing the parsers (issue 21): Position ID, Match ID, XGID, play
//! notation (gnubg's and with line names), rules and `.mat`.
//!
//! `cargo fuzz` needs a nightly toolchain, so these run in the ordinary
//! test suite with a fixed budget of cases: arbitrary texts, and valid
//! texts (from random matches) damaged by bit flips, truncations and
//! inserted, deleted, replaced or repeated characters
//! ([`tables::fuzz::mutate`]). No input may panic, and every input that
//! reads must round-trip: written, then read again, it gives the same
//! value. `FUZZ_SCALE=N` multiplies the budget for a longer hunt.

use std::sync::OnceLock;

use backgammon::lines::{play_line_names, play_text_from_line_names};
use backgammon::mat::{mat_name, MatFile};
use backgammon::{BySide, Event, MatchId, PlayText, Position, Preset, Rules, Side, Xgid};
use proptest::prelude::*;

mod support;
use support::{moves_of, RandomMatch};

/// Valid texts to damage: the ids and plays met in random matches, and
/// the matches as `.mat`.
struct Seeds {
    short: Vec<String>,
    mat: Vec<String>,
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut short = vec!["24/18*/13 8/5(2)".to_string(), "bar/22 6/off".into()];
        let mut mat = Vec::new();
        for (seed, length) in [(1, 3), (2, 0), (3, 1)] {
            let mut n = 0;
            let games = RandomMatch::to(length, Rules::standard()).games(seed, |g| {
                n += 1;
                if n % 7 == 0 {
                    let pos = g.position();
                    short.push(pos.to_position_id());
                    short.push(MatchId::of_game(g).to_string());
                    short.push(Xgid::of_game(g).to_string());
                    if let Some(Event::Play { side, play, .. }) = g.events().last() {
                        short.push(play.to_string());
                        short.push(play_line_names(play, *side));
                    }
                }
            });
            let names = BySide::new("Alice Smith".to_string(), "Bob".to_string());
            mat.push(
                MatFile {
                    length,
                    names,
                    games,
                }
                .to_string(),
            );
        }
        short.extend(
            [
                "standard",
                "seed",
                "seed hit-cover=home jacoby=on",
                "standard cube=off beavers=on",
            ]
            .map(String::from),
        );
        Seeds { short, mat }
    })
}

/// Every short parser on `s`: no panic, and what reads round-trips.
fn check_short(s: &str) -> Result<(), TestCaseError> {
    for side in Side::ALL {
        if let Ok(p) = Position::from_position_id(s, side) {
            let id = p.to_position_id();
            prop_assert_eq!(Position::from_position_id(&id, side), Ok(p), "{}", id);
        }
    }
    if let Ok(m) = s.parse::<MatchId>() {
        prop_assert_eq!(m.to_string().parse::<MatchId>(), Ok(m));
    }
    if let Ok(x) = s.parse::<Xgid>() {
        let text = x.to_string();
        prop_assert_eq!(text.parse::<Xgid>(), Ok(x), "{}", text);
    }
    if let Ok(p) = s.parse::<PlayText>() {
        prop_assert_eq!(p.to_string().parse::<PlayText>(), Ok(p));
    }
    for side in Side::ALL {
        // Line names (BG-1.3) read to gnubg's numbering, which reads back.
        if let Ok(p) = play_text_from_line_names(s, side) {
            let again = p.to_string().parse::<PlayText>();
            prop_assert!(again.is_ok(), "{}: {:?}", p, again);
            prop_assert_eq!(again.unwrap().segments(), p.segments());
        }
    }
    if let Ok(r) = s.parse::<Rules>() {
        prop_assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
    }
    if let Ok(p) = s.parse::<Preset>() {
        prop_assert_eq!(p.to_string().parse::<Preset>(), Ok(p));
    }
    Ok(())
}

/// `.mat` on `s`: no panic, and a match that reads is written and read
/// back to the same games, length and names (as written, [`mat_name`]).
fn check_mat(s: &str) -> Result<(), TestCaseError> {
    let rules = Rules::standard();
    let Ok(m) = MatFile::parse(s, rules) else {
        return Ok(());
    };
    let text = m.to_string();
    let back = MatFile::parse(&text, rules);
    prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), text);
    let back = back.unwrap();
    prop_assert_eq!(back.length, m.length);
    prop_assert_eq!(back.games.len(), m.games.len());
    for (a, b) in back.games.iter().zip(&m.games) {
        prop_assert_eq!(moves_of(a), moves_of(b));
        prop_assert_eq!(a.result(), b.result());
    }
    if !m.games.is_empty() {
        for side in Side::ALL {
            prop_assert_eq!(back.names.get(side), &mat_name(m.names.get(side), side));
        }
    }
    prop_assert_eq!(back.to_string(), text);
    Ok(())
}

#[test]
fn the_seeds_read_back() {
    for s in &seeds().short {
        check_short(s).unwrap();
    }
    for s in &seeds().mat {
        assert!(MatFile::parse(s, Rules::standard()).is_ok(), "{s}");
        check_mat(s).unwrap();
    }
}

tables::fuzz_tests! {
    short: check_short, &seeds().short, damaged_ids_and_plays_read_or_are_refused;
    long: check_mat, &seeds().mat, damaged_mat_files_read_or_are_refused, 1500;
    in_long: |s| format!(" 1 point match\n Game 1\n A : 0  B : 0\n  1) {s}\n");
}
