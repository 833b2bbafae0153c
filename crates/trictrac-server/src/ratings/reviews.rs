//! Every rated game reviewed (issue 38, item 4): when a rated game ends,
//! the server reviews it in the background with the analysis of the
//! review page (`/api/games/ROOM/review.json`: `trictrac review` for
//! Grand Trictrac, `trictrac bg review` for backgammon) and stores each
//! side's error rate and luck ([`crate::games::ReviewFigures`]), shown on
//! the game's page and, averaged with their trend, on the players'
//! pages.
//!
//! One worker per server: a thread of its own at the lowest scheduling
//! priority (nice 19), so that a review takes only the CPU that play
//! leaves; one review at a time, the oldest game first. The queue is the
//! database (`store/reviews.rs`): a restarted server, or another
//! instance, goes on where it stopped, and a game is reviewed once.

use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde_json::{json, Value};
use tables::BySide;
use tokio::sync::oneshot;

use crate::error::AnalysisError;
use crate::games::{Job, ReviewFigures};
use crate::room::Hub;
use crate::store::{now, PlayerReview};

/// How often each instance looks for rated games to review.
pub const REVIEW_EVERY: Duration = Duration::from_secs(2);
/// A claim older than this (seconds) is taken as abandoned: its instance
/// stopped in the middle of the review.
pub const STALE: i64 = 15 * 60;
/// Reviewed games shown on a player's page.
pub const REVIEWS_SHOWN: i64 = 200;

type Task = (Job, oneshot::Sender<Result<Value, AnalysisError>>);

/// Lowers the calling thread's scheduling priority to the lowest (nice
/// 19, Linux: a thread's own). A failure leaves it as it was.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    {
        let tid = rustix::thread::gettid();
        let _ = rustix::process::setpriority_process(Some(tid), 19);
    }
}

/// The review thread: started once, at the lowest priority, one job at a
/// time; a job that panics is answered as failed.
fn worker() -> Option<&'static SyncSender<Task>> {
    static WORKER: OnceLock<Option<SyncSender<Task>>> = OnceLock::new();
    WORKER
        .get_or_init(|| {
            let (tx, rx) = sync_channel::<Task>(1);
            std::thread::Builder::new()
                .name("trictrac-review".into())
                .spawn(move || {
                    lowest_priority();
                    for (job, answer) in rx {
                        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                            .unwrap_or_else(|_| {
                                Err(AnalysisError::Failed("the review failed".into()))
                            });
                        let _ = answer.send(r);
                    }
                })
                .ok()
                .map(|_| tx)
        })
        .as_ref()
}

/// Runs `job` on the review thread.
async fn run(job: Job) -> Result<Value, AnalysisError> {
    let worker = worker().ok_or("the review thread could not be started")?;
    let (tx, rx) = oneshot::channel();
    // One review at a time: the loop waits for each answer, so the
    // channel (one slot) has room; several servers of one process (the
    // tests) wait their turn.
    let mut task = Some((job, tx));
    loop {
        match worker.try_send(task.take().expect("a task")) {
            Ok(()) => break,
            Err(std::sync::mpsc::TrySendError::Full(t)) => {
                task = Some(t);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(std::sync::mpsc::TrySendError::Disconnected(_)) => {
                return Err("the review thread stopped".into())
            }
        }
    }
    rx.await
        .unwrap_or_else(|_| Err("the review thread stopped".into()))
}

/// Reviews one game if this caller claims it; answers whether it did.
async fn review_one(hub: &Arc<Hub>, id: &str) -> bool {
    let t = now();
    match hub.store.claim_review(id, t, t - STALE).await {
        Ok(true) => {}
        Ok(false) => return false,
        Err(e) => {
            tracing::warn!(room = %id, "review not claimed: {e}");
            return false;
        }
    }
    let work = match hub.room(id).await {
        Ok(room) => {
            let r = room.lock().await;
            r.game
                .review(
                    BySide::new(r.row.white_name.as_str(), r.row.black_name.as_str()),
                    &crate::room::date(r.row.created),
                    r.over(),
                )
                .map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    };
    hub.evict_idle();
    let result = match work {
        Ok((key, job)) => match run(job).await {
            Ok(v) => match serde_json::from_value::<ReviewFigures>(v["figures"].clone()) {
                Ok(f) => {
                    crate::analysis::cache::remember_review(key, Arc::new(v));
                    Ok(f)
                }
                Err(e) => Err(format!("the review gave no figures: {e}")),
            },
            Err(e) => Err(e.to_string()),
        },
        Err(e) => Err(e),
    };
    if let Err(e) = &result {
        tracing::warn!(room = %id, "rated game not reviewed: {e}");
    }
    if let Err(e) = hub
        .store
        .finish_review(id, result.as_ref().map_err(String::as_str), now())
        .await
    {
        tracing::warn!(room = %id, "review not stored: {e}");
    }
    true
}

/// Reviews the rated games over and not reviewed yet, oldest first,
/// until none is left or the server stops; answers how many.
pub async fn review_now(hub: &Arc<Hub>) -> usize {
    let mut done = 0;
    loop {
        if *hub.stopping.borrow() {
            return done;
        }
        let t = now();
        let next = match hub.store.unreviewed_rated_games(t - STALE, 8).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("rated games not reviewed: {e}");
                return done;
            }
        };
        if next.is_empty() {
            return done;
        }
        let mut any = false;
        for id in next {
            if *hub.stopping.borrow() {
                return done;
            }
            if review_one(hub, &id).await {
                done += 1;
                any = true;
            }
        }
        if !any {
            // Claimed elsewhere: the other instance is on them.
            return done;
        }
    }
}

/// Starts the review worker's loop, until the server stops.
pub fn start(hub: Arc<Hub>) {
    let mut stopping = hub.stopping.clone();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(REVIEW_EVERY) => {}
                _ = stopping.wait_for(|s| *s) => return,
            }
            review_now(&hub).await;
        }
    });
}

/// A player's reviewed games (oldest first, for the chart) and, per
/// game, the averages: the error rate per decision and the luck per
/// game, weighted by the decisions of each game.
pub fn player_json(reviews: Vec<PlayerReview>) -> Value {
    let mut games: Vec<&str> = reviews.iter().map(|r| r.game.as_str()).collect();
    games.sort_unstable();
    games.dedup();
    let averages: Vec<Value> = games
        .iter()
        .map(|g| {
            let mine: Vec<&PlayerReview> = reviews.iter().filter(|r| r.game == *g).collect();
            let decisions: u64 = mine.iter().map(|r| u64::from(r.figures.decisions)).sum();
            let error = mine
                .iter()
                .map(|r| r.figures.error_rate * f64::from(r.figures.decisions))
                .sum::<f64>()
                / decisions.max(1) as f64;
            let luck = mine.iter().map(|r| r.figures.luck).sum::<f64>() / mine.len() as f64;
            json!({
                "game": g,
                "unit": mine.first().map(|r| r.unit.as_str()).unwrap_or(""),
                "games": mine.len(),
                "decisions": decisions,
                "error_rate": (error * 10.0).round() / 10.0,
                "luck": (luck * 10.0).round() / 10.0,
            })
        })
        .collect();
    let mut list = reviews;
    list.reverse();
    json!({ "averages": averages, "games": list })
}

/// `GET /api/games/ROOM/figures`: the stored review of a game — `state`
/// `none` (not a rated game, or not over: only rated games are reviewed
/// in the background), `waiting`, `running`, `done` (with `figures`
/// and the players' names) or `failed` (with `message`).
pub async fn figures(hub: &Arc<Hub>, id: &str) -> Result<Value, crate::error::ServerError> {
    let id = id.trim().to_ascii_uppercase();
    let rated = hub.store.rated_game(&id).await?;
    let Some((finished, white, black)) = rated else {
        return Ok(json!({
            "room": id,
            "state": "none",
            "message": "only rated games are reviewed by the server; open the review for any finished game",
        }));
    };
    if !finished {
        return Ok(json!({ "room": id, "state": "none", "message": "the game is not over" }));
    }
    let stored = hub.store.stored_review(&id).await?;
    let mut v = json!({
        "room": id,
        "names": { "white": white, "black": black },
        "state": stored.as_ref().map_or("waiting", |s| s.state.as_str()),
    });
    if let Some(s) = stored {
        v["at"] = json!(s.at);
        if let Some(f) = s.figures {
            v["figures"] = json!(f);
        }
        if let Some(m) = s.message {
            v["message"] = json!(m);
        }
    }
    Ok(v)
}
