//! The reviews computed (a finished game does not change): kept by the
//! record's text, computed one at a time off the async threads, at most
//! a few waiting (issue 34: every costly work bounded). The review of a
//! room's game, of an uploaded record and the background review of rated
//! games (the ratings' reviews) share it.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::Response;

use crate::error::fail;

/// Reviews kept: a finished game does not change, so its review is
/// computed once (keyed by the record's text, bounded).
const REVIEWS_KEPT: usize = 64;

fn review_cache(
) -> &'static std::sync::Mutex<std::collections::HashMap<String, Arc<serde_json::Value>>> {
    static CACHE: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashMap<String, Arc<serde_json::Value>>>,
    > = std::sync::OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The review kept for `key`, if any.
fn remembered(key: &str) -> Option<Arc<serde_json::Value>> {
    review_cache().lock().ok().and_then(|c| c.get(key).cloned())
}

/// Reviews waiting for the one computed at most.
const REVIEWS_WAITING: usize = 8;

/// One review computed at a time (each takes the search's CPU for seconds).
fn review_gate() -> &'static tokio::sync::Semaphore {
    static GATE: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);
    &GATE
}

/// Keeps a review computed elsewhere (the background review of a rated
/// game, by the ratings' reviews): the review page opens at once.
pub fn remember_review(key: String, v: Arc<serde_json::Value>) {
    if let Ok(mut c) = review_cache().lock() {
        if c.len() >= REVIEWS_KEPT {
            c.clear();
        }
        c.insert(key, v);
    }
}

/// The review of `key` (a record's text), from the cache or computed by
/// `job` off the async threads, one review at a time.
pub async fn cached_review(
    key: String,
    job: crate::games::Job,
) -> Result<Arc<serde_json::Value>, Response> {
    if let Some(v) = remembered(&key) {
        return Ok(v);
    }
    // At most REVIEWS_WAITING wait for the one running (issue 34: every
    // costly work bounded); more are told the server is busy.
    static WAITING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    if WAITING.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= REVIEWS_WAITING {
        WAITING.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        return Err(fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "reviews: the server is busy; try again in a minute".into(),
        ));
    }
    let permit = review_gate().acquire().await;
    WAITING.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    let Ok(_permit) = permit else {
        return Err(fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        ));
    };
    // Another request may have computed it while this one waited.
    if let Some(v) = remembered(&key) {
        return Ok(v);
    }
    let v = match tokio::task::spawn_blocking(job).await {
        Ok(Ok(v)) => Arc::new(v),
        Ok(Err(e)) => return Err(fail(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())),
        Err(_) => {
            return Err(fail(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the review failed".into(),
            ))
        }
    };
    if let Ok(mut c) = review_cache().lock() {
        if c.len() >= REVIEWS_KEPT {
            c.clear();
        }
        c.insert(key, v.clone());
    }
    Ok(v)
}
