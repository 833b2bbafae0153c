//! The dice of a room: an online game's from its committed seeds
//! (docs/DICE.md), counted from the dice its stored actions drew; the
//! others' from the hub's generator.

use rand_chacha::ChaCha20Rng;

use super::{Hub, Room};

impl Hub {
    /// The dice of `room`'s next throws: an online game's from its seeds
    /// (from the die after those of its stored throws), else the hub's.
    pub(super) fn dice_of(&self, room: &Room) -> RoomDice {
        match &room.dice {
            Some(s) => RoomDice::Fair(tables::fair::FairDice {
                seeds: s.clone(),
                drawn: room.actions.iter().map(|a| dice_in(a)).sum(),
            }),
            None => RoomDice::Hub(Box::new(self.dice())),
        }
    }
}

/// The dice a stored action drew (docs/DICE.md): 2 for a throw of two
/// dice (`first`, `opening`, `roll`), 4 for `first_two` (Grand Trictrac's
/// two dice each), 0 for the rest.
pub fn dice_in(action: &str) -> u64 {
    let kind = serde_json::from_str::<serde_json::Value>(action)
        .ok()
        .and_then(|v| v["k"].as_str().map(String::from));
    match kind.as_deref() {
        Some("first" | "opening" | "roll") => 2,
        Some("first_two") => 4,
        _ => 0,
    }
}

/// Where a room's dice come from.
pub enum RoomDice {
    /// The hub's generator (games against the bot, at one screen).
    Hub(Box<ChaCha20Rng>),
    /// An online game's seeds.
    Fair(tables::fair::FairDice),
}

impl tables::DiceSource for RoomDice {
    fn die(&mut self) -> tables::Die {
        match self {
            RoomDice::Hub(r) => r.as_mut().die(),
            RoomDice::Fair(f) => f.die(),
        }
    }
}
