//! The replies of the game's WebSocket (docs/PROTOCOL.md, "Server →
//! client") as typed structures, tagged by their `type`; `error` is
//! [`crate::error::ErrorMsg`], `state` the room's view.

use std::collections::{HashMap, HashSet};

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

/// What changed from `old` to `new`, two lists of keyed entries (a live
/// feed's last message and its next): the entries new or different, and
/// the keys gone.
pub fn difference(old: &[(String, Value)], new: &[(String, Value)]) -> (Vec<Value>, Vec<String>) {
    let before: HashMap<&str, &Value> = old.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let after: HashSet<&str> = new.iter().map(|(k, _)| k.as_str()).collect();
    let changed = new
        .iter()
        .filter(|(k, v)| before.get(k.as_str()) != Some(&v))
        .map(|(_, v)| v.clone())
        .collect();
    let gone = old
        .iter()
        .filter(|(k, _)| !after.contains(k.as_str()))
        .map(|(k, _)| k.clone())
        .collect();
    (changed, gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_difference_names_what_came_changed_and_went() {
        let old = vec![
            ("A".to_string(), json!({"id": "A"})),
            ("B".to_string(), json!({"id": "B", "n": 1})),
        ];
        let new = vec![
            ("B".to_string(), json!({"id": "B", "n": 2})),
            ("C".to_string(), json!({"id": "C"})),
        ];
        let (changed, gone) = difference(&old, &new);
        assert_eq!(
            changed,
            vec![json!({"id": "B", "n": 2}), json!({"id": "C"})]
        );
        assert_eq!(gone, vec!["A".to_string()]);
        assert_eq!(difference(&new, &new), (vec![], vec![]));
    }

    #[test]
    fn only_what_moved_is_sent() {
        let old = vec![
            ("Ann".to_string(), json!({"name": "Ann", "points": 0})),
            ("Bob".to_string(), json!({"name": "Bob", "points": 0})),
        ];
        let new = vec![
            ("Ann".to_string(), json!({"name": "Ann", "points": 2})),
            ("Bob".to_string(), json!({"name": "Bob", "points": 0})),
        ];
        let (changed, gone) = difference(&old, &new);
        assert_eq!(changed, vec![json!({"name": "Ann", "points": 2})]);
        assert!(gone.is_empty());
        let (_, gone) = difference(&new, &new[..1]);
        assert_eq!(gone, vec!["Bob".to_string()]);
    }
}
