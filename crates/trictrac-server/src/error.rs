//! The errors of the server, typed: a client can tell an illegal play
//! from a move that could not be saved, and each has its code in the
//! protocol (`error` messages carry `code`, and `rule` for an illegal
//! action).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use tables::ActionError;

/// Why the server could not start or run: the error of its lowest
/// layers (listening, the database), which the layers above carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerError {
    /// The address cannot be listened on.
    Listen(String),
    /// The database failed.
    Database(String),
    /// The mail settings are wrong (`--smtp`, `--mail-from`).
    Mail(String),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Listen(m) | ServerError::Database(m) | ServerError::Mail(m) => {
                f.write_str(&m.replace('\n', " "))
            }
        }
    }
}

impl std::error::Error for ServerError {}

/// Why a room could not be loaded from the database (the rooms' layer).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// No game has this room code.
    #[error("no game has the room code `{0}`")]
    NotFound(String),
    /// The database failed.
    #[error("{0}")]
    Storage(#[from] ServerError),
    /// What is stored cannot be read or replayed (a game the server no
    /// longer understands).
    #[error("{0}")]
    Unreadable(String),
    /// The server is stopping.
    #[error("the server is stopping")]
    Stopping,
}

impl From<LoadError> for RoomError {
    fn from(e: LoadError) -> RoomError {
        match e {
            LoadError::Storage(e) => RoomError::Storage(e.to_string()),
            e => RoomError::Refused(e.to_string()),
        }
    }
}

impl From<ServerError> for RoomError {
    fn from(e: ServerError) -> RoomError {
        RoomError::Storage(e.to_string())
    }
}

/// An action stored that does not apply when a game is replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} ({action}): {why}")]
pub struct ReplayError {
    /// Its number in the game.
    pub index: usize,
    /// The action as stored.
    pub action: String,
    /// Why the game refuses it.
    pub why: String,
}

/// Why an analysis (a hint, the tutor's judgement, a position, a review,
/// a rollout) was not given: each kind has its HTTP status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// A field, a position or a record of the request is wrong (400).
    #[error("{0}")]
    Request(String),
    /// The work itself failed (500).
    #[error("{0}")]
    Failed(String),
}

impl AnalysisError {
    /// The HTTP status of the refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            AnalysisError::Request(_) => StatusCode::BAD_REQUEST,
            AnalysisError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The engines and the parsers of the requests say what is wrong in a
/// line: a request's error.
impl From<String> for AnalysisError {
    fn from(s: String) -> AnalysisError {
        AnalysisError::Request(s)
    }
}

impl From<&str> for AnalysisError {
    fn from(s: &str) -> AnalysisError {
        AnalysisError::Request(s.to_string())
    }
}

impl From<AnalysisError> for RoomError {
    fn from(e: AnalysisError) -> RoomError {
        RoomError::Refused(e.to_string())
    }
}

/// Why a game could not be made: an unknown game, or option words its
/// rules do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// No game of this name is registered.
    #[error("{0}")]
    Unknown(String),
    /// The options are wrong.
    #[error("{0}")]
    Options(String),
}

impl From<String> for GameError {
    fn from(s: String) -> GameError {
        GameError::Options(s)
    }
}

impl From<GameError> for RoomError {
    fn from(e: GameError) -> RoomError {
        RoomError::Refused(e.to_string())
    }
}

/// An HTTP refusal: the status and `{"error": "one line"}`.
pub fn fail(code: StatusCode, message: String) -> Response {
    (code, Json(serde_json::json!({ "error": message }))).into_response()
}

/// A JSON route's answer: its value, or its refusal as the error says
/// it (a status and `{"error": "one line"}`).
pub fn answer<E: IntoResponse>(r: Result<serde_json::Value, E>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}

/// Why an action of a client was not carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    /// The rules refuse it (with the rule's id when one is named).
    #[error("{0}")]
    Illegal(#[from] ActionError),
    /// Another side decides now.
    #[error("{0}")]
    NotYourTurn(String),
    /// The client acted on an old state (`seq` behind the game).
    #[error("{0}")]
    Stale(String),
    /// The database could not store the action: nothing changed, the
    /// client may try again.
    #[error("{0}")]
    Storage(String),
    /// Too many messages, games or joins.
    #[error("{0}")]
    RateLimited(String),
    /// Something else the client asked for that cannot be done (a
    /// spectator acting, an unknown room, a bad message…).
    #[error("{0}")]
    Refused(String),
}

impl RoomError {
    /// The error's code in the protocol: `illegal`, `not_your_turn`,
    /// `stale`, `storage`, `rate_limited`, `refused`.
    pub fn code(&self) -> &'static str {
        match self {
            RoomError::Illegal(_) => "illegal",
            RoomError::NotYourTurn(_) => "not_your_turn",
            RoomError::Stale(_) => "stale",
            RoomError::Storage(_) => "storage",
            RoomError::RateLimited(_) => "rate_limited",
            RoomError::Refused(_) => "refused",
        }
    }

    /// The rule an illegal action breaks, when named.
    pub fn rule(&self) -> Option<&str> {
        match self {
            RoomError::Illegal(e) => e.rule(),
            _ => None,
        }
    }

    /// The `error` message of the protocol.
    pub fn to_json(&self) -> serde_json::Value {
        ErrorMsg {
            code: Some(self.code()),
            rule: self.rule().map(str::to_string),
            ..ErrorMsg::new(self.to_string())
        }
        .to_value()
    }
}

/// The protocol's `error` message (docs/PROTOCOL.md): `{"type":
/// "error", "code", "message", "rule", "id"}`, the fields without a value
/// left out.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorMsg {
    /// Always `error`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The error's code ([`RoomError::code`]), when typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// What is wrong, in a line.
    pub message: String,
    /// The rule an illegal action breaks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The `id` of the client's message answered, when it had one.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub id: serde_json::Value,
}

impl ErrorMsg {
    /// An error saying `message`.
    pub fn new(message: String) -> ErrorMsg {
        ErrorMsg {
            kind: "error",
            code: None,
            message,
            rule: None,
            id: serde_json::Value::Null,
        }
    }

    /// An error saying `message`, answering the message `id`.
    pub fn with_id(message: String, id: &serde_json::Value) -> ErrorMsg {
        ErrorMsg {
            id: id.clone(),
            ..ErrorMsg::new(message)
        }
    }

    /// As a JSON value (a reply the connection may add its `id` to).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl From<String> for RoomError {
    fn from(s: String) -> RoomError {
        RoomError::Refused(s)
    }
}

impl From<&str> for RoomError {
    fn from(s: &str) -> RoomError {
        RoomError::Refused(s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_its_code_and_an_illegal_one_its_rule() {
        let e = RoomError::from(ActionError::illegal("no such move (R-4.2)"));
        let j = e.to_json();
        assert_eq!(j["code"], "illegal");
        assert_eq!(j["rule"], "R-4.2");
        assert_eq!(RoomError::Storage("x".into()).to_json()["code"], "storage");
        assert_eq!(RoomError::Stale("x".into()).code(), "stale");
        assert_eq!(RoomError::NotYourTurn("x".into()).code(), "not_your_turn");
        assert_eq!(RoomError::RateLimited("x".into()).code(), "rate_limited");
    }
}
