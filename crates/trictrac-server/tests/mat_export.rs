//! Issue 25, item 2: any name the server accepts round-trips through the
//! `.mat` download (the record a room writes, `ServerGame::record`): read
//! back as `mat_name` writes it, with the same moves and score.

use backgammon::mat::{mat_name, MatFile};
use backgammon::session::{Action, Match};
use backgammon::{Event, Game, Phase, Rules, Side};
use rand::{Rng, SeedableRng};
use tables::BySide;
use trictrac_server::games::ServerGame;

/// A match (or money game) played to its end by random actions through
/// the stored actions and the automatic ones, as a room plays it.
fn random_match(seed: u64, rules: Rules, length: u32) -> Match {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut m = Match::new(rules, length);
    for _ in 0..2000 {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(rng.gen());
        tables::apply_automatic(&mut m, &mut dice).unwrap();
        let a = match m.game.phase() {
            Phase::Roll(s) if m.game.can_double(s) && rng.gen_ratio(1, 8) => Action::Double,
            Phase::Roll(s) if rng.gen_ratio(1, 200) => Action::Resign { side: s.char() },
            Phase::Roll(_) => Action::Roll {
                a: rng.gen_range(1..=6),
                b: rng.gen_range(1..=6),
            },
            Phase::Doubled { .. } if rng.gen_ratio(2, 3) => Action::Take,
            Phase::Doubled { .. } => Action::Drop,
            Phase::Play(..) => {
                let plays = m.game.legal_plays();
                Action::Play {
                    p: plays[rng.gen_range(0..plays.len())].to_string(),
                }
            }
            Phase::Opening | Phase::Over(_) => break,
        };
        a.apply(&mut m).unwrap();
    }
    m
}

/// The events of each game that a record keeps: all but the throws.
fn actions(games: &[Game]) -> Vec<Vec<Event>> {
    let kept = |e: &&Event| !matches!(e, Event::Opening { .. } | Event::Roll { .. });
    let of_game = |g: &Game| -> Vec<Event> { g.events().iter().filter(kept).copied().collect() };
    games.iter().map(of_game).collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 64,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Any name (the server accepts names cleaned of control and format
    /// characters, at most 40 characters: these are any strings of up to
    /// 40) round-trips through the `.mat` download.
    #[test]
    fn bg_1_4_any_player_name_round_trips_through_the_mat_export(
        white in "(?s).{0,40}|( Game [0-9]|; trictrac bg rules: seed|Game|#|\\(Crawford\\)|[:, \t])+",
        black in "(?s).{0,40}|( Game [0-9]|; trictrac bg rules: seed|Game|#|\\(Crawford\\)|[:, \t])+",
        seed in 0u64..500,
        length in proptest::prop_oneof![proptest::strategy::Just(0u32), proptest::strategy::Just(3)],
        seed_rules in proptest::prelude::any::<bool>(),
    ) {
        let rules = if seed_rules { Rules::seed() } else { Rules::standard() };
        let m = random_match(seed, rules, length);
        let text = ServerGame::record(&m, "mat", BySide::new(white.as_str(), black.as_str()), "2026-11-25")
            .expect("a backgammon room writes .mat");
        // The rules line names the rules the reader needs.
        let named = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("; trictrac bg rules: "))
            .map(|r| r.parse::<Rules>().unwrap())
            .unwrap_or(Rules::standard());
        proptest::prop_assert_eq!(named, rules);
        let back = MatFile::parse(&text, rules)
            .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}\n{text}")))?;
        proptest::prop_assert_eq!(&back.names.white, &mat_name(&white, Side::White));
        proptest::prop_assert_eq!(&back.names.black, &mat_name(&black, Side::Black));
        let games: Vec<Game> = m.games().cloned().collect();
        proptest::prop_assert_eq!(actions(&back.games), actions(&games), "{}", text);
        proptest::prop_assert_eq!(back.final_score(), m.score());
    }
}
