//! Writes the backgammon benchmark corpus: 200 mid-game positions from
//! games between two greedy players (seeded), as gnubg Position IDs with
//! the side on roll, one per line.
//!
//! `cargo run --release -p backgammon-bot --example corpus > crates/backgammon/benches/corpus.txt`

use backgammon::{Game, Phase, Rules};
use backgammon_bot::{BgBot, GreedyPlayer};
use rand::SeedableRng;

fn main() {
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut n = 0;
    let mut seed = 1;
    println!(
        "# 200 mid-game positions (turns 10-50, every 5th) of greedy-vs-greedy games, seeds 1.."
    );
    println!("# written by: cargo run --release -p backgammon-bot --example corpus");
    while n < 200 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        seed += 1;
        let mut g = Game::money(rules);
        let mut p = GreedyPlayer::new();
        g.roll_with(&mut rng).unwrap();
        let mut turn = 0;
        loop {
            match g.phase() {
                Phase::Play(_, _) => {
                    let play = p.choose_play(&g);
                    g.play(&play).unwrap();
                    turn += 1;
                }
                Phase::Roll(side) => {
                    if (10..=50).contains(&turn)
                        && turn % 5 == 0
                        && n < 200
                        && !g.position().is_race()
                    {
                        println!("{} {}", g.position().to_position_id(), side.name());
                        n += 1;
                    }
                    g.roll_with(&mut rng).unwrap();
                }
                _ => break,
            }
        }
    }
}
