//! The JSON form of a record (the same fields as the text form).

use super::{Record, RecordError};

impl Record {
    /// The record as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record serializes")
    }

    /// Reads a JSON record.
    ///
    /// # Errors
    /// A message from the JSON reader.
    pub fn from_json(s: &str) -> Result<Record, RecordError> {
        serde_json::from_str(s).map_err(|e| RecordError::Syntax {
            line: e.line(),
            problem: e.to_string(),
        })
    }
}
