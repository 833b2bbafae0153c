//! What the examples that check the default bot against GNU Backgammon
//! (`cube_check`, `race_check`) share: their command line, and the game
//! of a series where the bot (`neural`) meets gnubg.

use backgammon::{Game, Rules, Side};
use backgammon_bot::{by_name, BgBot};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The command line: `GAMES SEED` (20 games, seed 1 by default).
pub fn args() -> (u64, u64) {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    (games, seed)
}

/// Game `k` of a series seeded `seed`, a money game under `rules`: our
/// side (White in even games), our player (`neural`), the dice, the game
/// at its opening.
pub fn versus(k: u64, seed: u64, rules: Rules) -> (Side, Box<dyn BgBot>, ChaCha8Rng, Game) {
    (
        if k.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        },
        by_name("neural", k).expect("neural"),
        ChaCha8Rng::seed_from_u64(seed * 1_000_003 + k),
        Game::money(rules),
    )
}
