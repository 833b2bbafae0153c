//! The players choose legal actions, and the greedy player is far
//! stronger than the random one.

use backgammon::{Game, Rules, Side};
use backgammon_bot::{by_name, play_out, PLAYERS};
use rand::SeedableRng;

#[test]
fn every_player_finishes_games_with_the_cube_under_both_presets() {
    for rules in [Rules::standard(), Rules::seed()] {
        for (i, w) in PLAYERS.iter().enumerate() {
            for b in PLAYERS {
                let mut white = by_name(w, i as u64).unwrap();
                let mut black = by_name(b, 7).unwrap();
                let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(i as u64 + 11);
                let mut g = Game::money(rules);
                let r = play_out(&mut g, white.as_mut(), black.as_mut(), &mut dice);
                assert!(r.points >= 1);
            }
        }
    }
}

#[test]
fn greedy_beats_random() {
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut wins = 0;
    let n = 100;
    for i in 0..n {
        let greedy_side = if i % 2 == 0 { Side::White } else { Side::Black };
        let mut greedy = by_name("greedy", 0).unwrap();
        let mut random = by_name("random", i).unwrap();
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(1000 + i);
        let mut g = Game::money(rules);
        let r = if greedy_side == Side::White {
            play_out(&mut g, greedy.as_mut(), random.as_mut(), &mut dice)
        } else {
            play_out(&mut g, random.as_mut(), greedy.as_mut(), &mut dice)
        };
        if r.winner == greedy_side {
            wins += 1;
        }
    }
    assert!(wins >= 90, "greedy won {wins} of {n}");
}
