//! The game state machine, one test (at least) per rule id of RULES.md
//! sections 2 (turns), 4.8 (exit), 8 (holes, bredouille, pavillon,
//! staying or leaving) and 9 (stakes).

use trictrac::game::{ExitRoll, FirstMove, Payout, PointsFrom, ReleveEnd, SchoolKind};
use trictrac::score::Hole;
use trictrac::{
    Bredouille, Die, Event, Game, GameOptions, Phase, Position, Roll, ScoreState, Side,
};

mod exit;
mod false_moves;
mod holes;
mod schools;
mod stakes;
mod turns;

fn game(tpn: &str) -> Game {
    Game::from_position(GameOptions::default(), tpn.parse().unwrap()).unwrap()
}

fn play(g: &mut Game, text: &str) {
    g.play_notation(&text.parse().unwrap())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn score(tpn_score: &str) -> ScoreState {
    tpn_score.parse().unwrap()
}

/// Who marked, and from what, in the order of the game's events.
fn marks(g: &Game) -> Vec<(Side, PointsFrom)> {
    g.events()
        .iter()
        .filter_map(|e| match e {
            Event::Marked { side, from, .. } => Some((*side, *from)),
            _ => None,
        })
        .collect()
}
