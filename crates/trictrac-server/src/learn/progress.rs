//! A registered player's progress on the Learn page, kept with his
//! account (issue 40, item 4: "progress kept per registered player, or
//! locally when anonymous"): `GET /api/learn/progress` and `PUT
//! /api/learn/progress`. The page keeps it in the browser too, and for
//! an anonymous player only there.

use super::LearnError;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

use crate::accounts::Who;
use crate::error::fail;
use crate::room::Hub;

/// The most entries of each part of the progress accepted.
const ENTRIES_MAX: usize = 100;

/// One level's or theme's score.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// Exercises answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// Equity lost in all (backgammon's quizzes).
    #[serde(default)]
    pub lost: f64,
}

/// The progress as the page keeps it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The lessons passed (their numbers).
    #[serde(default)]
    pub lessons: Vec<u32>,
    /// The score of each Grand Trictrac level.
    #[serde(default)]
    pub levels: BTreeMap<String, Score>,
    /// The score of each backgammon theme.
    #[serde(default)]
    pub themes: BTreeMap<String, Score>,
}

impl Progress {
    /// Whether it is of a sensible size and its scores hold together.
    fn check(&self) -> Result<(), LearnError> {
        if self.lessons.len() > ENTRIES_MAX
            || self.levels.len() > ENTRIES_MAX
            || self.themes.len() > ENTRIES_MAX
        {
            return Err(format!("at most {ENTRIES_MAX} lessons, levels or themes").into());
        }
        for (name, s) in self.levels.iter().chain(&self.themes) {
            if name.len() > 40 || s.right > s.asked || !s.lost.is_finite() || s.lost < 0.0 {
                return Err(format!("the score of `{name}` does not hold together").into());
            }
        }
        Ok(())
    }
}

/// `GET /api/learn/progress`: `{logged_in, progress}` — the account's
/// progress (null when none is stored, or when not logged in).
pub async fn get(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let Some(account) = who.account_id() else {
        return Json(json!({ "logged_in": false, "progress": null })).into_response();
    };
    match hub.store.learn_progress(account).await {
        Ok(text) => {
            let progress = text.and_then(|t| serde_json::from_str::<Progress>(&t).ok());
            Json(json!({ "logged_in": true, "progress": progress })).into_response()
        }
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// `PUT /api/learn/progress` with the progress: stored for the account
/// logged in (401 without one; 400 for a progress that does not read or
/// hold together).
pub async fn put(
    State(hub): State<Arc<Hub>>,
    Extension(who): Extension<Who>,
    body: String,
) -> Response {
    let Some(account) = who.account_id() else {
        return fail(
            StatusCode::UNAUTHORIZED,
            "log in to keep your progress with your account; it stays in this browser".into(),
        );
    };
    let progress: Progress = match serde_json::from_str(&body) {
        Ok(p) => p,
        Err(e) => return fail(StatusCode::BAD_REQUEST, format!("the progress: {e}")),
    };
    if let Err(e) = progress.check() {
        return fail(StatusCode::BAD_REQUEST, format!("the progress: {e}"));
    }
    let text = serde_json::to_string(&progress).unwrap_or_default();
    match hub.store.set_learn_progress(account, &text).await {
        Ok(()) => Json(json!({ "stored": true })).into_response(),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}
