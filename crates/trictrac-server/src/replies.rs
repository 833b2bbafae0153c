//! The replies of the game's WebSocket (docs/PROTOCOL.md, "Server →
//! client") as typed structures, tagged by their `type`; `error` is
//! [`crate::error::ErrorMsg`], `state` the room's view.

use serde::Serialize;
use serde_json::Value;

/// A reply to one connection.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply<'a> {
    /// The answer to `ping`.
    Pong,
    /// An action stored: the number of actions after it.
    Ack {
        /// The room's `seq` after the action.
        #[serde(skip_serializing_if = "Option::is_none")]
        seq: Option<usize>,
        /// A claim's result line.
        #[serde(skip_serializing_if = "Option::is_none")]
        result: Option<String>,
    },
    /// Why the checker on `field` cannot move now.
    Why {
        /// The field asked about.
        field: u8,
        /// The engine's reason.
        message: String,
    },
    /// The connection is attached to a room.
    Welcome {
        /// The room's code.
        room: &'a str,
        /// The game's name.
        game: &'a str,
        /// The room's mode.
        mode: &'a str,
        /// The seats held (`white`, `black`).
        seats: Vec<&'static str>,
        /// The seat token (a spectator's is null).
        token: Option<&'a str>,
        /// `player` or `spectator`.
        role: &'static str,
    },
}

impl Reply<'_> {
    /// As a JSON value (a reply the connection may add its `id` to).
    pub fn value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}
