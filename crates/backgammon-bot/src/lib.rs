//! # backgammon-bot — players for backgammon with the videau
//!
//! A [`BgBot`] chooses plays and cube actions for a
//! [`Game`](backgammon::Game); the
//! players are found by name ([`by_name`]): `neural` (the default, also
//! `neural3`: a network trained by self-play and refined, [`net`],
//! shipped in the program, searching 3 plies, gnubg's 2-ply,
//! [`search::deep::best_play_3ply`], with cube decisions from its
//! cubeless outputs, [`cube`]), `neural2` (the same searching 2 plies,
//! eight times faster), `neural0` (the same at 0 ply), `greedy` (a
//! hand-written evaluation of the position after each play, and simple
//! race-based cube decisions) and `random` (uniform among the legal
//! plays, never doubles, always takes). [`players::gnubg::Gnubg`] is GNU
//! Backgammon as a player, run as a child process. [`play_out`] drives a
//! game between two players.
//!
//! ```
//! use backgammon::{Game, Rules, Side};
//! use backgammon_bot::{by_name, play_out};
//! use rand::SeedableRng;
//! let mut white = by_name("greedy", 1).unwrap();
//! let mut black = by_name("random", 2).unwrap();
//! let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
//! let mut game = Game::money(Rules::standard());
//! let result = play_out(&mut game, white.as_mut(), black.as_mut(), &mut dice);
//! assert!(result.points >= 1);
//! ```
//!
//! ## Layers
//!
//! The crate is built in layers: each module imports only from the
//! layers below it, never from one above, and no two modules import each
//! other.
//!
//! 1. [`net`]: the network: its inputs (with the expert inputs,
//!    [`net::features`]), weights and forward pass, its model files, the
//!    shipped model ([`default_net`]) and the arithmetic of its outputs
//!    ([`net::equity`], [`net::flip`]).
//! 2. [`eval`]: the evaluator: which net or database values a position
//!    ([`eval::Evaluator`]: the bear-off database [`eval::bearoff`], the
//!    race network [`eval::race`], the contact network), and the value
//!    of the position after a play.
//! 3. [`search`]: plays searched over the rolls: 0, 2 and 3 plies
//!    ([`search::deep`]), 4 for the close finalists ([`search::four`]),
//!    the move filters and their constants.
//! 4. [`cube`]: match equity arithmetic ([`cube::mwc`], the match
//!    equity table) and cube decisions (the model, the cubeful search,
//!    how deep the bot looks), and chequer plays weighed by the match
//!    score ([`cube::score`]).
//! 5. [`analysis`]: what a player of gnubg knows as analysis: the hint
//!    (plays ranked, the cube hint), the review of a game or a match,
//!    rollouts, and why a play rather than another.
//! 6. [`players`]: the players ([`BgBot`]): the neural player on the
//!    layers below, greedy, random, GNU Backgammon as a player, the bots
//!    at the shared tables. Beside it, on the same floor, [`train`]: the
//!    training of the networks (self-play, the race network, the
//!    refinement on deeper searches).
//!
//! The methods of [`BgNet`] are written in the layer they belong to (its
//! forward pass in [`net`], [`BgNet::evaluate`] in [`eval`],
//! [`BgNet::best_play_2ply`] in [`search`], [`BgNet::evaluate_for_cube`]
//! in [`cube::depth`]); where a lower layer needs a higher one's
//! judgement it takes it as an argument (the 3-ply search compares its
//! deepest candidates by the value [`cube::score`] gives it).
//!
//! The root only declares the layers and re-exports the names most
//! callers use ([`BgNet`], [`default_net`], [`BgBot`], [`by_name`], …).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

// Layer 1: the network.
pub mod net;
// Layer 2: the evaluator (bear-off database, race net, contact net).
pub mod eval;
// Layer 3: search (n-ply, move filters).
pub mod search;
// Layer 4: match equity arithmetic and cube decisions.
pub mod cube;
// Layer 5: analysis (hint, review, rollout, explain).
pub mod analysis;
// Layer 6: the players, and beside them the training.
pub mod players;
pub mod train;

pub use net::{default_net, BgNet};
pub use players::{
    by_name, by_name_with, greedy_score, play_out, table_player, BgBot, GreedyPlayer, NeuralPlayer,
    RandomPlayer, DEFAULT_BOT, PLAYERS,
};
