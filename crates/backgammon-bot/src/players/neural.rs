//! The neural player: the play of highest cubeless equity, at 0, 2 or
//! 3 plies ([`crate::search`]), cube decisions from the cube model
//! ([`crate::cube`]).

use std::sync::Arc;

use backgammon::{Game, Play};

use super::player::BgBot;
use crate::cube::depth::Question;
use crate::net::BgNet;
use crate::search::{SEARCH_KEEP, SEARCH_MARGIN};

/// The neural player: the play of highest cubeless equity, at 0 ply or
/// searched at 2 ply ([`BgNet::best_play_2ply`]); cube decisions from the
/// cubeless outputs ([`crate::cube`]).
#[derive(Debug, Clone)]
pub struct NeuralPlayer {
    net: Arc<BgNet>,
    plies: u8,
    name: &'static str,
}

impl NeuralPlayer {
    /// A player with `net`, at 0 ply.
    pub fn new(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 0,
            name: "neural0",
        }
    }

    /// A player with `net` that searches 2 plies deep.
    pub fn two_ply(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 2,
            name: "neural2",
        }
    }

    /// A player with `net` that searches 3 plies deep (gnubg's 2-ply:
    /// [`crate::search::deep::best_play_3ply`]).
    pub fn three_ply(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 3,
            name: "neural3",
        }
    }

    /// The same player under another name.
    pub fn named(mut self, name: &'static str) -> NeuralPlayer {
        self.name = name;
        self
    }

    /// The search depth: 0, 2 or 3.
    pub fn plies(&self) -> u8 {
        self.plies
    }
}

impl BgBot for NeuralPlayer {
    fn name(&self) -> &str {
        self.name
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        if plays.len() == 1 {
            return plays[0];
        }
        if self.plies >= 3 {
            // In a match the score weighs the gammons (deep::Score).
            let mut scratch = crate::search::deep::Scratch::default();
            let score = crate::cube::score::Score {
                state: game.match_state(),
                cube: game.cube(),
            };
            crate::cube::score::best_play_3ply_in(
                &self.net,
                game.position(),
                plays,
                game.rules(),
                &mut scratch,
                score,
            )
            .0
        } else if self.plies >= 2 {
            self.net
                .best_play_2ply(
                    game.position(),
                    plays,
                    game.rules(),
                    SEARCH_KEEP,
                    SEARCH_MARGIN,
                )
                .0
        } else {
            self.net
                .best_play(game.position(), plays, game.rules().preset)
                .0
        }
    }

    fn wants_double(&mut self, game: &Game) -> bool {
        if self.plies >= 2 {
            // Close decisions searched deeper (crate::cube::depth).
            return crate::cube::depth::bot_decision(&self.net, game, Question::Double)
                .0
                .double();
        }
        let o = self.net.evaluate_for_cube(game.position(), game.rules());
        crate::cube::should_double(game, &o)
    }

    fn takes(&mut self, game: &Game) -> bool {
        // The doubler is on roll: the outputs in his eyes.
        // In money play with a margin to spare (cube::depth::TAKE_MARGIN).
        let d = if self.plies >= 2 {
            crate::cube::depth::bot_decision(&self.net, game, Question::Take).0
        } else {
            let o = self.net.evaluate_for_cube(game.position(), game.rules());
            crate::cube::decide(
                game.position(),
                game.rules(),
                game.match_state(),
                game.cube(),
                &o,
            )
        };
        crate::cube::depth::bot_takes(&d, game.match_state())
    }
}
