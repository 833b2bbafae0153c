//! The messages the lobby's socket sends (docs/PROTOCOL.md, "Lobby"), as
//! typed structures: the whole lobby, its changes, and what a poster's
//! socket is told of his challenges.

use serde::Serialize;
use serde_json::Value;

/// One message of the lobby's socket, tagged by its `type`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyMsg<'a> {
    /// The whole lobby: the open challenges, the games in progress, the
    /// bots' standing challenges.
    Lobby {
        /// The open challenges.
        seeks: Vec<&'a Value>,
        /// The games in progress.
        live: Vec<&'a Value>,
        /// The bots' standing challenges.
        bots: Value,
        /// The tournaments listed (issue 39).
        tournaments: Vec<&'a Value>,
    },
    /// What changed since the last message.
    LobbyDiff {
        /// New or changed challenges.
        seeks: Vec<Value>,
        /// The codes of the challenges gone.
        gone: Vec<String>,
        /// New or changed games in progress.
        live: Vec<Value>,
        /// The rooms of the games ended.
        ended: Vec<String>,
        /// New or changed tournaments, when any changed (issue 39).
        #[serde(skip_serializing_if = "Option::is_none")]
        tournaments: Option<Vec<Value>>,
        /// The tournaments no longer listed, when any changed.
        #[serde(skip_serializing_if = "Option::is_none")]
        tournaments_gone: Option<Vec<String>>,
    },
    /// The socket holds the challenge `seek` open.
    Held {
        /// The challenge's code.
        seek: &'a str,
    },
    /// The challenge was accepted: the poster's seat.
    Accepted {
        /// The challenge's code.
        seek: &'a str,
        /// The room of the game.
        room: &'a str,
        /// The poster's seat token.
        token: Option<&'a str>,
        /// The poster's side.
        side: Option<&'a str>,
    },
    /// The challenge closed otherwise (`cancelled`, `expired`, `gone`…).
    Closed {
        /// The challenge's code.
        seek: &'a str,
        /// Its state.
        state: &'a str,
    },
    /// The answer to a `ping`.
    Pong,
    /// What is wrong with the message received.
    Error {
        /// In a line.
        message: String,
    },
}

impl LobbyMsg<'_> {
    /// As JSON text.
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// As a JSON value.
    pub fn value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}
