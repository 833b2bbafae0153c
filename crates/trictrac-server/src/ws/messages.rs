//! The messages a client sends on a game's socket, and the checks of
//! what they carry (names, sides).

use serde::Deserialize;
use trictrac::Side;

use crate::error::RoomError;

/// The names a client might give a take-back, refused with
/// [`NO_TAKE_BACK`].
pub(super) const TAKE_BACK: [&str; 4] = ["undo", "take_back", "takeback", "cancel"];

/// Why there is no take-back: a decision sent is final, in every game
/// and mode (R-3.6: a play is committed as a whole; the page arranges its
/// moves before sending it).
pub(super) const NO_TAKE_BACK: &str = "a decision taken is taken: a roll, a play, a marking, a school or a cube action sent is final (R-3.6); the page's Take back only undoes the moves of the play being made, before it is sent";

/// A message from a client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum ClientMsg {
    Create {
        #[serde(default)]
        game: Option<String>,
        mode: String,
        #[serde(default)]
        bot: Option<String>,
        #[serde(default)]
        side: Option<String>,
        #[serde(default)]
        options: Option<String>,
        #[serde(default)]
        name: Option<String>,
        /// The creator's seed for the dice of an online game (hex).
        #[serde(default)]
        seed: Option<String>,
    },
    Join {
        room: String,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        watch: bool,
        #[serde(default)]
        name: Option<String>,
        /// The joiner's seed for the dice of an online game (hex).
        #[serde(default)]
        seed: Option<String>,
    },
    /// The game claimed from an opponent gone longer than the grace
    /// period (docs/PROTOCOL.md).
    Claim,
    /// A new game with the same settings and the colours swapped, once
    /// this one is over (both players land in it).
    Rematch,
    Hint,
    /// The tutor (issue 40): judge an action without making it. `action`
    /// is the type of the game's verb judged (`play`, with `play`;
    /// `roll`, without doubling; `double`…), read by the game.
    Judge {
        action: String,
        #[serde(default)]
        play: Option<String>,
    },
    /// Why the checker on `field` cannot move now (the page asks when it
    /// is clicked).
    Why {
        field: u8,
    },
    Sync,
    Ping,
    /// Any other type: a verb of the room's game (`roll`, `play`…), read
    /// by the game itself ([`crate::games::ServerGame::Verb`]).
    #[serde(other)]
    Game,
}

/// Whether `c` is an invisible format character (Unicode category Cf:
/// zero-width spaces and joiners, bidirectional controls, the BOM, tags…),
/// which could make a name look like another (a bot's).
fn is_format(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x0890..=0x0891 | 0x08E2
        | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F)
}

pub(super) fn clean_name(n: Option<String>) -> String {
    crate::labels::cut_name(&n.unwrap_or_default(), |c| !c.is_control() && !is_format(c))
        .trim()
        .to_string()
}

pub(super) fn parse_side(s: Option<&str>) -> Result<Option<Side>, RoomError> {
    match s {
        None | Some("") | Some("random") => Ok(None),
        Some("white") | Some("w") => Ok(Some(Side::White)),
        Some("black") | Some("b") => Ok(Some(Side::Black)),
        Some(o) => Err(RoomError::Refused(format!(
            "side `{o}`: white, black or random"
        ))),
    }
}

#[cfg(test)]
mod name_tests {
    #[test]
    fn names_lose_invisible_format_characters() {
        let n = super::clean_name(Some("neu\u{200B}ral\u{202E}\u{FEFF} bot\u{E0041}".into()));
        assert_eq!(n, "neural bot");
    }
}
