//! The greedy player: the play whose resulting position a hand-written
#![allow(clippy::needless_range_loop)] // points are indexed by their numbers
//! evaluation likes best, one ply, no look-ahead.

use backgammon::{Game, Play, Position, Side};

use super::player::BgBot;

/// Rolls of 36 that hit a blot at distance `d` from one shooter
/// (direct and combination shots, ignoring blocks).
const SHOTS: [u8; 25] = [
    0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1,
];

/// How good `pos` is for `me` (not necessarily on roll), in rough pips:
/// the race, minus the expected cost of blots that can be hit, plus made
/// points that block, plus opponent checkers on the bar.
pub fn greedy_score(pos: &Position, me: Side) -> f32 {
    let mine = pos.counts(me);
    let theirs = pos.counts(!me);
    let race = pos.pip_count(!me) as f32 - pos.pip_count(me) as f32;
    if pos.is_race() {
        // Wasted pips deep in the home board slow the bear-off a little.
        let stacked: f32 = (1..=6).map(|p| mine[p].saturating_sub(3) as f32).sum();
        return race - 0.5 * stacked;
    }
    let mut score = race;
    // Blots: chance of being hit times the pips lost.
    for p in 1..=24usize {
        if mine[p] != 1 {
            continue;
        }
        let their_point = 25 - p; // the blot's point in the opponent's numbering
        let mut miss = 1.0f32;
        for q in (their_point + 1)..=25 {
            if theirs[q] == 0 {
                continue;
            }
            let d = q - their_point;
            if d <= 24 {
                miss *= 1.0 - SHOTS[d] as f32 / 36.0;
            }
        }
        let hit = 1.0 - miss;
        score -= hit * (25.0 - p as f32 + 6.0);
    }
    // Made points: the home board and the points in front of it block.
    for p in 1..=11usize {
        if mine[p] >= 2 {
            score += match p {
                1 => 1.0,
                2..=7 => 4.0,
                _ => 2.0,
            };
        }
    }
    // A run of made points (a prime) blocks more than its parts.
    let mut run = 0;
    let mut best_run = 0;
    for p in 1..=12usize {
        if mine[p] >= 2 {
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    score += (best_run as f32 - 2.0).max(0.0) * 3.0;
    // Opponent checkers on the bar: tempo.
    score += 5.0 * theirs[25] as f32;
    score
}

/// The greedy player.
#[derive(Debug, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// A greedy player.
    pub fn new() -> GreedyPlayer {
        GreedyPlayer
    }

    /// The race lead of the side on roll, relative to his pip count.
    fn race_lead(pos: &Position, side: Side) -> Option<f32> {
        if !pos.is_race() {
            return None;
        }
        let me = pos.pip_count(side) as f32;
        let them = pos.pip_count(!side) as f32;
        Some((them - me) / me.max(1.0))
    }
}

impl BgBot for GreedyPlayer {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let pos = game.position();
        let me = pos.turn();
        let plays = game.legal_plays();
        let mut best = plays[0];
        let mut best_score = f32::NEG_INFINITY;
        for p in plays {
            let after = pos.play_unchecked(p);
            let s = if after.winner() == Some(me) {
                f32::INFINITY
            } else {
                greedy_score(&after, me)
            };
            if s > best_score {
                best_score = s;
                best = *p;
            }
        }
        best
    }

    /// Doubles in a race with a lead of 8 % or more (the usual rule of
    /// thumb), never in contact.
    fn wants_double(&mut self, game: &Game) -> bool {
        let pos = game.position();
        GreedyPlayer::race_lead(pos, pos.turn()).is_some_and(|l| l >= 0.08)
    }

    /// Drops a race where the doubler leads by more than 12 %; takes
    /// everything else.
    fn takes(&mut self, game: &Game) -> bool {
        let pos = game.position();
        GreedyPlayer::race_lead(pos, pos.turn()).is_none_or(|l| l <= 0.12)
    }
}
