//! JSON requests and answers of the server tests: a request made from
//! another with some fields changed, an answer checked as a refusal.

use serde_json::Value;

/// `base` with the fields of `changes` (an object) added or replaced.
pub fn merged(mut base: Value, changes: Value) -> Value {
    if let (Some(b), Value::Object(fields)) = (base.as_object_mut(), changes) {
        b.extend(fields);
    }
    base
}

/// Asserts that an HTTP answer (`code`, JSON `answer`) is a refusal with
/// the status `status` and an `error` that says `says`.
pub fn assert_refused(code: u16, answer: &Value, status: u16, says: &str) {
    assert_eq!(code, status, "{answer}");
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(
        error.contains(says),
        "`{error}` should say `{says}`: {answer}"
    );
}
