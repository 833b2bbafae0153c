//! Fuzzing the parsers (issue 21): TPN (`Setup`, `Position`, the score
//! state), play notation, rolls, field names, the options' words and the
//! game records (text and JSON, and their replay).
//!
//! `cargo fuzz` needs a nightly toolchain, so these run in the ordinary
//! test suite with a fixed budget of cases: arbitrary texts, and valid
//! texts (from random games) damaged by bit flips, truncations and
//! inserted, deleted, replaced or repeated characters
//! ([`tables::fuzz::mutate`]). No input may panic, and every input that
//! reads must round-trip: written, then read again, it gives the same
//! value. A record that reads is also replayed (it may be refused, never
//! panic), and a record that replays writes one that replays again.
//! `FUZZ_SCALE=N` multiplies the budget for a longer hunt.

use std::sync::OnceLock;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac::record::Header;
use trictrac::{
    Dest, Field, FieldNames, Game, GameOptions, Phase, PlayNotation, Position, Record, Roll,
    ScoreState, Setup, Side,
};

/// Valid texts to damage: positions, plays, rolls and options met in
/// random games, and the games' records (text and JSON).
struct Seeds {
    short: Vec<String>,
    records: Vec<String>,
}

/// Options of the seed games: every kind of record line appears.
const OPTIONS: [&str; 6] = [
    "",
    "marking=manual",
    "false-moves=table old-jans=on",
    "game=ecrire marques=2 consolation=2",
    "first-move=two-dice-each exit-roll=pour-tout exit=provinciale",
    "first-move=coup-et-des payout=soumille rencontre=2-4 old-jans=rencontre,pile",
];

/// A random game of at most `actions` actions; every position met is
/// passed to `visit`.
fn random_game(seed: u64, game: Game, actions: usize, mut visit: impl FnMut(&Game)) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = game;
    for _ in 0..actions {
        visit(&g);
        match g.phase() {
            Phase::Roll(s) if g.can_contest_school(!s) && rng.gen_ratio(1, 2) => {
                g.contest_school(!s).unwrap();
            }
            Phase::Roll(s) if g.can_settle_false_move(s) && rng.gen_ratio(1, 2) => {
                if rng.gen_ratio(1, 2) {
                    g.accept_false_move(s).unwrap();
                } else {
                    g.correct_false_move(s).unwrap();
                }
            }
            Phase::FirstMove | Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
            Phase::StayOrLeave(_) if rng.gen_ratio(1, 3) => g.leave().unwrap(),
            Phase::StayOrLeave(_) => g.stay().unwrap(),
            Phase::Play(side) if g.options().false_moves == trictrac::game::FalseMoves::Table => {
                // A checker played one field short: a fausse case when a
                // table allows it.
                let p = g.legal_plays()[rng.gen_range(0..g.legal_plays().len())];
                let mut n: PlayNotation = p.display(side).to_string().parse().unwrap();
                if let Some(m) = n.moves.first_mut() {
                    if let Dest::Field(to) = m.to {
                        let short = match side {
                            Side::White => to.value() - 1,
                            Side::Black => to.value() + 1,
                        };
                        if short != m.from.value() {
                            m.to = Dest::Field(Field::new(short));
                            m.rest = None;
                        }
                    }
                }
                if g.play_at_table(&n).is_err() {
                    g.play(&p).unwrap();
                }
            }
            Phase::Play(_) => {
                let p = g.legal_plays()[rng.gen_range(0..g.legal_plays().len())];
                g.play(&p).unwrap();
            }
            Phase::Mark(side) => match g.open_school(side) {
                Some((_, p)) => {
                    g.claim_school(side, p).unwrap();
                }
                None => {
                    let owed = g.points_owed().unwrap();
                    let wrong = rng.gen_ratio(1, 4);
                    g.declare(if wrong { owed + 2 } else { owed }).unwrap();
                }
            },
            Phase::Over(_) => break,
        }
    }
    g
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut short: Vec<String> = [
            "w:1x9,2x3,3,4,7 b:24x15 w rolls=2 dice=6-5",
            "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=8.0.10.0 bredouille=n dice=6-6",
            "w:- b:- b score=2.1.0.3 pavillon=w",
            "1-4-9 21-off",
            "--",
            "classical",
        ]
        .map(String::from)
        .into();
        let mut records = Vec::new();
        for (seed, words) in OPTIONS.iter().enumerate() {
            let options = GameOptions::from_words(words).unwrap();
            short.push(options.to_words());
            let mut n = 0;
            let g = random_game(seed as u64, Game::new(options), 160, |g| {
                n += 1;
                if n % 9 == 0 {
                    short.push(g.position().to_string());
                    short.push(g.score().to_string());
                    if let Some(r) = g.pending_roll() {
                        short.push(r.to_string());
                    }
                    if let Some(p) = g.legal_plays().first() {
                        short.push(p.display(g.position().turn()).to_string());
                    }
                }
            });
            let header = Header {
                event: "fuzz".into(),
                white: "Alice \"A\" Smith".into(),
                seed: Some(seed as u64),
                ..Header::default()
            };
            let rec = Record::from_game(&g, header);
            records.push(rec.to_string());
            records.push(rec.to_json());
        }
        // From a start position, ended by a resignation.
        let start: Position = short[0].parse().unwrap();
        let g = Game::from_position(GameOptions::default(), start).unwrap();
        let mut g = random_game(7, g, 30, |_| {});
        if g.winner().is_none() {
            g.resign(Side::Black).unwrap();
        }
        let header = Header {
            start: Some(short[0].clone()),
            ..Header::default()
        };
        records.push(Record::from_game(&g, header).to_string());
        Seeds { short, records }
    })
}

/// Every short parser on `s`: no panic, and what reads round-trips.
fn check_short(s: &str) -> Result<(), TestCaseError> {
    if let Ok(x) = s.parse::<Setup>() {
        prop_assert_eq!(x.to_string().parse::<Setup>(), Ok(x.clone()), "{}", x);
    }
    if let Ok(x) = s.parse::<Position>() {
        prop_assert_eq!(x.to_string().parse::<Position>(), Ok(x.clone()), "{}", x);
    }
    if let Ok(x) = s.parse::<ScoreState>() {
        prop_assert_eq!(x.to_string().parse::<ScoreState>(), Ok(x), "{}", x);
    }
    if let Ok(x) = s.parse::<PlayNotation>() {
        prop_assert_eq!(
            x.to_string().parse::<PlayNotation>(),
            Ok(x.clone()),
            "{}",
            x
        );
    }
    if let Ok(x) = s.parse::<Roll>() {
        prop_assert_eq!(x.to_string().parse::<Roll>(), Ok(x));
    }
    if let Ok(x) = s.parse::<FieldNames>() {
        prop_assert_eq!(x.to_string().parse::<FieldNames>(), Ok(x));
        for w in s.split_whitespace() {
            if let Ok(f) = x.parse(w) {
                prop_assert_eq!(x.parse(&x.name(f)), Ok(f));
            }
        }
    }
    for names in [
        FieldNames::Classical,
        FieldNames::Soumille,
        FieldNames::Lepeintre,
    ] {
        if let Ok(f) = names.parse(s) {
            prop_assert_eq!(names.parse(&names.name(f)), Ok(f));
        }
    }
    if let Ok(x) = GameOptions::from_words(s) {
        prop_assert_eq!(
            GameOptions::from_words(&x.to_words()),
            Ok(x),
            "{}",
            x.to_words()
        );
    }
    Ok(())
}

/// A record read (text or JSON) round-trips, and replays or is refused;
/// a game it replays to writes a record that replays again.
fn check_record(s: &str) -> Result<(), TestCaseError> {
    if let Ok(r) = s.parse::<Record>() {
        let text = r.to_string();
        prop_assert_eq!(text.parse::<Record>(), Ok(r.clone()), "{}", text);
        replay(&r)?;
    }
    if let Ok(r) = Record::from_json(s) {
        prop_assert_eq!(Record::from_json(&r.to_json()), Ok(r.clone()));
        replay(&r)?;
    }
    Ok(())
}

fn replay(r: &Record) -> Result<(), TestCaseError> {
    if let Ok(g) = r.replay() {
        let again = Record::from_game(&g, r.header.clone());
        let back = again.replay();
        prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), again);
        let back = back.unwrap();
        prop_assert_eq!(back.events(), g.events());
    }
    Ok(())
}

#[test]
fn the_seeds_read_back() {
    // Every kind of record line is in the seeds.
    let all = seeds().records.join("\n");
    for kind in [
        "\nfirst ",
        " ?\n",
        "\nschool ",
        "\nsettle ",
        "\nresign ",
        "\ncontest ",
        " stay",
        " leave",
        " w=",
    ] {
        assert!(all.contains(kind), "no {kind:?} in the seeds");
    }
    for s in &seeds().short {
        check_short(s).unwrap();
    }
    for s in &seeds().records {
        let r = s.parse::<Record>().or_else(|_| Record::from_json(s));
        let r = r.unwrap_or_else(|e| panic!("{e}\n{s}"));
        if let Err(e) = r.replay() {
            panic!("{e}\n{s}");
        }
        check_record(s).unwrap();
    }
}

tables::fuzz_tests! {
    short: check_short, &seeds().short, damaged_positions_and_plays_read_or_are_refused;
    long: check_record, &seeds().records, damaged_records_read_or_are_refused, 300;
    in_long: |s| format!("[Event \"x\"]\nfirst 5-2\nw {s}\n");
}
