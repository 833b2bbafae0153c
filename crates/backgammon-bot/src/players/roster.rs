//! The players by name ([`by_name`]).

use std::sync::Arc;

use super::greedy::GreedyPlayer;
use super::neural::NeuralPlayer;
use super::player::{BgBot, RandomPlayer};
use crate::net::BgNet;

/// The names of the players, the default first.
pub const PLAYERS: &[&str] = &[
    "neural", "neural0", "neural2", "neural3", "greedy", "random",
];

/// The default player's name.
pub const DEFAULT_BOT: &str = "neural";

/// The player called `name`, seeded with `seed` (`neural`, `neural3`,
/// `neural2` and `neural0` play with the shipped network; `default`
/// names [`DEFAULT_BOT`], the strongest); `None` for an unknown name.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn BgBot>> {
    by_name_with(name, seed, None)
}

/// [`by_name`], with the network of the `neural` player (the shipped one
/// when `None`).
pub fn by_name_with(name: &str, seed: u64, net: Option<Arc<BgNet>>) -> Option<Box<dyn BgBot>> {
    let name = if name == "default" { DEFAULT_BOT } else { name };
    match name {
        "random" => Some(Box::new(RandomPlayer::seeded(seed))),
        "greedy" => Some(Box::new(GreedyPlayer::new())),
        "neural" | "neural0" | "neural2" | "neural3" => {
            let net = net.unwrap_or_else(crate::net::default_net);
            let p = match name {
                "neural0" => NeuralPlayer::new(net),
                "neural2" => NeuralPlayer::two_ply(net),
                // The default searches 3 plies: stronger than 2 against
                // gnubg and itself (docs/STRENGTH.md, "Three plies").
                _ => NeuralPlayer::three_ply(net),
            };
            Some(Box::new(if name == "neural" {
                p.named("neural")
            } else {
                p
            }))
        }
        _ => None,
    }
}
