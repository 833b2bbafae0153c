//! The reviews of rated games (issue 38, item 4): the `game_reviews`
//! table, a queue and its results in one.
//!
//! A rated game over with no row here waits for its review. A server's
//! review worker (the ratings' `reviews`) claims the oldest by inserting its
//! row in state `running` (a second instance's insert finds the row and
//! gets nothing, so a game is reviewed once); a claim older than
//! `STALE` (15 minutes) (its instance died) may be taken again. The
//! row then holds both sides' figures (`done`) or why the review failed
//! (`failed`, not tried again).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;
use crate::games::{ReviewFigures, SideFigures};

/// The table, created at start.
pub(super) const TABLES: [&str; 1] = ["CREATE TABLE IF NOT EXISTS game_reviews (
        game_id TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        at BIGINT NOT NULL,
        unit TEXT,
        white_decisions BIGINT,
        white_error DOUBLE PRECISION,
        white_luck DOUBLE PRECISION,
        white_rating TEXT,
        black_decisions BIGINT,
        black_error DOUBLE PRECISION,
        black_luck DOUBLE PRECISION,
        black_rating TEXT,
        message TEXT
    )"];

/// A game's review as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredReview {
    /// `running`, `done` or `failed`.
    pub state: String,
    /// When it was claimed or finished (seconds since the epoch).
    pub at: i64,
    /// Both sides' figures, once done.
    pub figures: Option<ReviewFigures>,
    /// Why it failed.
    pub message: Option<String>,
}

/// One reviewed rated game of a player.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerReview {
    /// Room code.
    pub room: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// When the game ended.
    pub finished: i64,
    /// The unit of the figures.
    pub unit: String,
    /// The side the player held.
    pub side: String,
    /// His figures.
    #[serde(flatten)]
    pub figures: SideFigures,
}

fn side_figures(r: &AnyRow, at: usize) -> Result<SideFigures, sqlx::Error> {
    Ok(SideFigures {
        decisions: r.try_get::<i64, _>(at)? as u32,
        error_rate: r.try_get(at + 1)?,
        luck: r.try_get(at + 2)?,
        rating: r.try_get(at + 3)?,
    })
}

impl Store {
    /// Whether a game is rated: `Some((over, white's name, black's
    /// name))` when it is.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn rated_game(
        &self,
        id: &str,
    ) -> Result<Option<(bool, String, String)>, ServerError> {
        let row = sqlx::query(
            "SELECT g.finished, g.white_name, g.black_name FROM rated_games r
             JOIN games g ON g.id = r.game_id WHERE r.game_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read a rated game", e))?;
        row.map(|r| {
            Ok((
                r.try_get::<Option<i64>, _>(0)?.is_some(),
                r.try_get(1)?,
                r.try_get(2)?,
            ))
        })
        .transpose()
        .map_err(|e: sqlx::Error| db_err("cannot read a rated game", e))
    }

    /// Rated games over and not reviewed, oldest first: those without a
    /// review, and those whose claim is older than `stale_before` (the
    /// instance that claimed them stopped).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unreviewed_rated_games(
        &self,
        stale_before: i64,
        limit: i64,
    ) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT r.game_id FROM rated_games r
             JOIN games g ON g.id = r.game_id
             LEFT JOIN game_reviews v ON v.game_id = r.game_id
             WHERE g.finished IS NOT NULL
               AND (v.game_id IS NULL OR (v.state = 'running' AND v.at < $1))
             ORDER BY g.finished, r.game_id LIMIT $2",
        )
        .bind(stale_before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the games to review", e))?;
        rows.iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the games to review", e))
    }

    /// Claims the review of a game: `Ok(true)` when this caller is to do
    /// it (no review yet, or a claim older than `stale_before`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn claim_review(
        &self,
        id: &str,
        now: i64,
        stale_before: i64,
    ) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "INSERT INTO game_reviews (game_id, state, at) VALUES ($1, 'running', $2)
             ON CONFLICT (game_id) DO UPDATE SET at = $2
             WHERE game_reviews.state = 'running' AND game_reviews.at < $3",
        )
        .bind(id)
        .bind(now)
        .bind(stale_before)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot claim a review", e))?;
        Ok(done.rows_affected() == 1)
    }

    /// Stores a review done (`Ok(figures)`) or failed (`Err(why)`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn finish_review(
        &self,
        id: &str,
        result: Result<&ReviewFigures, &str>,
        now: i64,
    ) -> Result<(), ServerError> {
        let q = match result {
            Ok(f) => sqlx::query(
                "UPDATE game_reviews SET state = 'done', at = $2, unit = $3,
                 white_decisions = $4, white_error = $5, white_luck = $6, white_rating = $7,
                 black_decisions = $8, black_error = $9, black_luck = $10, black_rating = $11
                 WHERE game_id = $1",
            )
            .bind(id)
            .bind(now)
            .bind(f.unit.clone())
            .bind(i64::from(f.white.decisions))
            .bind(f.white.error_rate)
            .bind(f.white.luck)
            .bind(f.white.rating.clone())
            .bind(i64::from(f.black.decisions))
            .bind(f.black.error_rate)
            .bind(f.black.luck)
            .bind(f.black.rating.clone()),
            Err(why) => sqlx::query(
                "UPDATE game_reviews SET state = 'failed', at = $2, message = $3 WHERE game_id = $1",
            )
            .bind(id)
            .bind(now)
            .bind(why.to_string()),
        };
        q.execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store a review", e))?;
        Ok(())
    }

    /// The review of a game, if it has one (or one running).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn stored_review(&self, id: &str) -> Result<Option<StoredReview>, ServerError> {
        let row = sqlx::query(
            "SELECT state, at, unit, white_decisions, white_error, white_luck, white_rating,
                    black_decisions, black_error, black_luck, black_rating, message
             FROM game_reviews WHERE game_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read a review", e))?;
        let Some(r) = row else {
            return Ok(None);
        };
        let read = || -> Result<StoredReview, sqlx::Error> {
            let state: String = r.try_get(0)?;
            let figures = if state == "done" {
                Some(ReviewFigures {
                    unit: r.try_get::<Option<String>, _>(2)?.unwrap_or_default(),
                    white: side_figures(&r, 3)?,
                    black: side_figures(&r, 7)?,
                })
            } else {
                None
            };
            Ok(StoredReview {
                state,
                at: r.try_get(1)?,
                figures,
                message: r.try_get(11)?,
            })
        };
        read()
            .map(Some)
            .map_err(|e| db_err("cannot read a review", e))
    }

    /// The reviewed rated games of an account, newest first, the last
    /// `limit`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn reviews_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<PlayerReview>, ServerError> {
        let rows = sqlx::query(
            "SELECT r.game_id, r.game, g.finished, v.unit,
                    CASE WHEN r.white_account = $1 THEN 'white' ELSE 'black' END,
                    CASE WHEN r.white_account = $1 THEN v.white_decisions ELSE v.black_decisions END,
                    CASE WHEN r.white_account = $1 THEN v.white_error ELSE v.black_error END,
                    CASE WHEN r.white_account = $1 THEN v.white_luck ELSE v.black_luck END,
                    CASE WHEN r.white_account = $1 THEN v.white_rating ELSE v.black_rating END
             FROM rated_games r
             JOIN games g ON g.id = r.game_id
             JOIN game_reviews v ON v.game_id = r.game_id
             WHERE v.state = 'done' AND (r.white_account = $1 OR r.black_account = $1)
             ORDER BY g.finished DESC, r.game_id LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the player's reviews", e))?;
        rows.iter()
            .map(|r| {
                Ok(PlayerReview {
                    room: r.try_get(0)?,
                    game: r.try_get(1)?,
                    finished: r.try_get::<Option<i64>, _>(2)?.unwrap_or_default(),
                    unit: r.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
                    side: r.try_get(4)?,
                    figures: side_figures(r, 5)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot read the player's reviews", e))
    }
}
