//! Layer 6, the players: what a player is ([`BgBot`], [`play_out`]),
//! the players by name ([`by_name`]), the neural player on the layers
//! below ([`NeuralPlayer`]), the greedy and random players, GNU
//! Backgammon as a player ([`gnubg::Gnubg`]), and the bots as players of
//! the shared tables ([`table`]).

pub mod gnubg;
mod greedy;
mod neural;
mod play_out;
mod player;
mod roster;
pub mod table;

pub use greedy::{greedy_score, GreedyPlayer};
pub use neural::NeuralPlayer;
pub use play_out::play_out;
pub use player::{BgBot, RandomPlayer};
pub use roster::{by_name, by_name_with, DEFAULT_BOT, PLAYERS};
pub use table::table_player;
