//! The players choose legal actions, and the greedy player is far
//! stronger than the random one.

use backgammon::{Game, Rules, Side};
use backgammon_bot::{by_name, play_out, PLAYERS};
use rand::SeedableRng;

#[test]
fn every_player_finishes_games_with_the_cube_under_both_presets() {
    for rules in [Rules::standard(), Rules::seed()] {
        // `neural2` is `neural` under its other name.
        let players: Vec<&str> = PLAYERS
            .iter()
            .copied()
            .filter(|&p| p != "neural2")
            .collect();
        for (i, w) in players.iter().enumerate() {
            for b in &players {
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

/// The 2-ply search values each play by the mean over the opponent's 21
/// rolls (BG-2.3 dice, 1 or 2 of 36) of his best reply, and keeps the play
/// of highest mean; without pruning it is the brute-force maximum.
#[test]
fn two_ply_search_is_the_mean_over_the_opponents_rolls_of_his_best_reply() {
    use backgammon::{PlayList, Position, Roll};
    use backgammon_bot::default_net;
    use backgammon_bot::net::equity;
    let net = default_net();
    let rules = Rules::standard();
    let pos = Position::start();
    for roll in [Roll::new(3, 1), Roll::new(6, 5), Roll::new(2, 1)] {
        let plays = pos.legal_plays(roll, &rules);
        // Brute force, written out.
        let mut best = (f32::NEG_INFINITY, plays[0]);
        for p in &plays {
            let after = pos.play_unchecked(p);
            let mut mean = 0.0;
            for r in Roll::ALL {
                let replies = after.legal_plays(r, &rules);
                let reply_best = replies
                    .iter()
                    .map(|q| {
                        equity(&net.after_play(&after.play_unchecked(q), Side::Black, rules.preset))
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                // The reply's equity for Black is minus White's (no
                // gammon asymmetry in `equity` under a flip).
                mean += r.weight() as f32 / 36.0 * -reply_best;
            }
            if mean > best.0 {
                best = (mean, *p);
            }
        }
        let mut buf = PlayList::new();
        let (p, o) = net.best_play_2ply(&pos, &plays, &rules, usize::MAX, f32::INFINITY);
        assert_eq!(p, best.1, "{roll}");
        assert!((equity(&o) - best.0).abs() < 1e-3, "{roll}");
        let direct = net.after_play_2ply(&pos.play_unchecked(&p), Side::White, &rules, &mut buf);
        assert!((equity(&direct) - equity(&o)).abs() < 1e-6);
    }
}

/// `default` names the strongest bot wherever a player name is taken
/// (issue 22, item 6), as in trictrac: the 2-ply network.
#[test]
fn default_names_the_strongest_bot() {
    let d = by_name("default", 1).expect("`default` is a player");
    assert_eq!(d.name(), backgammon_bot::DEFAULT_BOT);
    assert_eq!(d.name(), "neural");
    let game = {
        let mut g = Game::from_position(Rules::standard(), backgammon::Position::start());
        g.roll(backgammon::Roll::ALL[3]).unwrap();
        g
    };
    let mut d = by_name("default", 1).unwrap();
    let mut n = by_name("neural2", 1).unwrap();
    assert_eq!(d.choose_play(&game), n.choose_play(&game));
}
