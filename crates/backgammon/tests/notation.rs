//! Round trips of every notation (BG-1.3, BG-1.4) over random matches
//! with the videau: Position IDs, Match IDs, XGIDs, plays in gnubg's
//! notation and with the page's line names, whole matches as `.mat`.

use backgammon::lines::play_text_from_line_names;
use backgammon::mat::MatFile;
use backgammon::{play_line_names, BySide, Game, MatchId, Phase, Position, Rules, Xgid};
use proptest::prelude::*;

mod support;
use support::{moves_of, RandomMatch};

/// A random match (or one money game when `length` is 0) with doubles,
/// takes and drops: every game, and every intermediate state.
fn random_match(seed: u64, length: u32, rules: Rules) -> (Vec<Game>, Vec<Game>) {
    RandomMatch {
        double_one_in: 10,
        ..RandomMatch::to(length, rules)
    }
    .games_and_states(seed)
}

fn check_ids(g: &Game) -> Result<(), TestCaseError> {
    let pos = g.position();
    let pid = pos.to_position_id();
    prop_assert_eq!(Position::from_position_id(&pid, pos.turn()).unwrap(), *pos);
    let mid = MatchId::of_game(g);
    let text = mid.to_string();
    prop_assert_eq!(text.len(), 12);
    prop_assert_eq!(text.parse::<MatchId>().unwrap(), mid);
    prop_assert_eq!(mid.cube(), g.cube());
    prop_assert_eq!(mid.length, g.match_state().length);
    prop_assert_eq!(mid.score, g.match_state().score);
    prop_assert_eq!(mid.crawford, g.match_state().crawford);
    let x = Xgid::of_game(g);
    let text = x.to_string();
    let back: Xgid = text.parse().unwrap();
    prop_assert_eq!(back, x);
    prop_assert_eq!(back.to_string(), text);
    prop_assert_eq!(back.position.to_setup().counts, pos.to_setup().counts);
    prop_assert_eq!(back.cube, g.cube());
    Ok(())
}

/// A match written as `.mat` reads back to the same games.
fn mat_round_trip(games: Vec<Game>, length: u32) -> Result<(), TestCaseError> {
    let rules = Rules::standard();
    let m = MatFile {
        length,
        names: BySide::new("Alice Smith".to_string(), "Bob".to_string()),
        games,
    };
    let text = m.to_string();
    let back = MatFile::parse(&text, rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
    prop_assert_eq!(back.length, length);
    prop_assert_eq!(&back.names, &m.names);
    prop_assert_eq!(back.games.len(), m.games.len());
    for (a, b) in back.games.iter().zip(&m.games) {
        // The opening throws that were equal are not in the format.
        prop_assert_eq!(moves_of(a), moves_of(b));
        prop_assert_eq!(a.result(), b.result());
    }
    prop_assert_eq!(back.final_score(), m.final_score());
    prop_assert_eq!(back.to_string(), text);
    Ok(())
}

#[test]
fn bg_1_4_long_left_columns_keep_a_space() {
    // A match whose plays overflow the left column (found by proptest).
    let (games, _) = random_match(3151522025283882519, 2, Rules::standard());
    mat_round_trip(games, 2).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// BG-1.3: every play of random games, written with the page's line
    /// names, reads back to the same play.
    #[test]
    fn bg_1_3_line_names_round_trip(seed in any::<u64>()) {
        let rules = Rules::standard();
        let (_, states) = random_match(seed, 0, rules);
        for g in &states {
            if let Phase::Play(side, roll) = g.phase() {
                for p in g.legal_plays().iter() {
                    let text = play_line_names(p, side);
                    let t = play_text_from_line_names(&text, side).unwrap();
                    let back = g.position().resolve_play(roll, &t, &rules).unwrap();
                    prop_assert_eq!(
                        g.position().play_unchecked(&back),
                        g.position().play_unchecked(p),
                        "{} {}", text, p
                    );
                }
            }
        }
    }

    /// BG-1.4: Position IDs, Match IDs, XGIDs and play notation of every
    /// state of random matches and money games read back to the same
    /// state; whole matches written as `.mat` read back to the same games.
    #[test]
    fn bg_1_4_ids_plays_and_mat_round_trip(seed in any::<u64>(), length in 0u32..8) {
        let rules = Rules::standard();
        let (games, states) = random_match(seed, length, rules);
        for g in &states {
            check_ids(g)?;
            if let Phase::Play(_, roll) = g.phase() {
                for p in g.legal_plays().iter() {
                    let back = g
                        .position()
                        .resolve_play(roll, &p.to_string().parse().unwrap(), &rules)
                        .unwrap();
                    prop_assert_eq!(back, *p);
                }
            }
        }
        mat_round_trip(games, length)?;
    }
}

#[test]
fn bg_1_4_seed_matches_round_trip_as_mat() {
    let rules = Rules::seed();
    for seed in 0..4 {
        let (games, _) = random_match(seed, 5, rules);
        let m = MatFile {
            length: 5,
            names: BySide::new("N".to_string(), "B".to_string()),
            games,
        };
        let text = m.to_string();
        let back = MatFile::parse(&text, rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.final_score(), m.final_score());
        assert_eq!(back.to_string(), text);
    }
}

#[test]
fn bg_1_4_bad_mat_lines_are_named() {
    let rules = Rules::standard();
    let cases = [
        ("", 0),
        (
            " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/4 6/5\n",
            5,
        ),
        (
            " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 33: 8/5 6/5\n",
            5,
        ),
        (
            " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5    Takes\n",
            5,
        ),
        (
            " 3 point match\n\n Game 1\n A : 1   B : 0\n  1) 31: 8/5 6/5\n Game 2\n",
            6,
        ),
        (" 3 point match\n\n Game 1\n A : 0\n", 4),
        (
            " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 71: 8/1\n",
            5,
        ),
        (
            " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Wins 5 points\n",
            6,
        ),
    ];
    for (text, line) in cases {
        let e = MatFile::parse(text, rules).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains("BG-"), "{e}");
    }
    // A game's dice and who moves are checked.
    let e = MatFile::parse(
        " 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5  42: 8/4 6/4\n  2)                             42: 8/4 6/4\n",
        rules,
    )
    .unwrap_err();
    assert_eq!(e.line, 5, "{e}");
}
