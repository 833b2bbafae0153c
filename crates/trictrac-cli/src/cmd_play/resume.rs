//! Resuming a saved game (`trictrac play --load FILE`).
//!
//! A game is usually saved at a prompt, in the middle of a turn:
//! [`Record::replay_with_dice`] replays it up to where it waits, checking
//! the dice against the header's seed.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::{DiceSource, Game, Record, RecordError};

/// Replays `rec`, complete or saved in the middle of a turn. Returns the
/// game and the dice generator of the header's seed, positioned after the
/// dice the game drew.
///
/// # Errors
/// The first line that does not replay.
pub fn resume(rec: &Record) -> Result<(Game, Option<ChaCha8Rng>), RecordError> {
    let mut dice = rec.header.seed.map(ChaCha8Rng::seed_from_u64);
    let game = rec.replay_with_dice(dice.as_mut().map(|d| d as &mut dyn DiceSource))?;
    Ok((game, dice))
}
