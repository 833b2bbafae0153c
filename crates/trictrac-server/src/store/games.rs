//! The games and their action logs: a game's row, its numbered actions,
//! its seats, its rematch, and the lists of finished and unfinished games.

use sqlx::any::AnyRow;
use sqlx::Row;
use tokio::sync::oneshot;

use super::{db_err, notify, Change, Store, Write};
use crate::error::ServerError;

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Room code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// `bot`, `hotseat` or `online`.
    pub mode: String,
    /// Game options: `GameOptions::to_words` (trictrac), or the rules and
    /// `match=N` (backgammon).
    pub options: String,
    /// The bot's name in `bot` mode.
    pub bot: Option<String>,
    /// The bot's side (`white`/`black`) in `bot` mode.
    pub bot_side: Option<String>,
    /// White's secret token.
    pub white_token: String,
    /// Black's secret token.
    pub black_token: String,
    /// White's name.
    pub white_name: String,
    /// Black's name.
    pub black_name: String,
    /// Whether White's seat has been taken (online mode).
    pub white_taken: bool,
    /// Whether Black's seat has been taken (online mode).
    pub black_taken: bool,
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
    /// When the game ended, if it did.
    pub finished: Option<i64>,
    /// Result text, e.g. `white 12 black 7 x2`.
    pub result: Option<String>,
}

/// A finished game in the list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FinishedGame {
    /// Room code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// Mode.
    pub mode: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Result text.
    pub result: String,
    /// When it ended (seconds since the epoch).
    pub finished: i64,
}

/// Why an action was not stored.
#[derive(Debug)]
pub enum InsertError {
    /// Another writer stored an action with this number first.
    Conflict,
    /// The database failed.
    Db(ServerError),
}

impl Store {
    /// Inserts a new game; `Ok(false)` when the id is taken.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_game(&self, g: &GameRow) -> Result<bool, ServerError> {
        let r = sqlx::query(
            "INSERT INTO games (id, mode, options, bot, bot_side, white_token, black_token,
                white_name, black_name, white_taken, black_taken, created, updated, finished, result,
                game)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, NULL, NULL, $13)",
        )
        .bind(&g.id)
        .bind(&g.mode)
        .bind(&g.options)
        .bind(g.bot.clone())
        .bind(g.bot_side.clone())
        .bind(&g.white_token)
        .bind(&g.black_token)
        .bind(&g.white_name)
        .bind(&g.black_name)
        .bind(g.white_taken as i64)
        .bind(g.black_taken as i64)
        .bind(g.created)
        .bind(&g.game)
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(db_err("cannot store the game", e)),
        }
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        let row = sqlx::query(
            "SELECT id, mode, options, bot, bot_side, white_token, black_token, white_name,
                black_name, white_taken, black_taken, created, finished, result, game
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the game", e))?;
        row.map(|r| game_row(&r))
            .transpose()
            .map_err(|e| db_err("cannot read the game", e))
    }

    /// The actions of a game, in order.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn actions(&self, id: &str) -> Result<Vec<String>, ServerError> {
        self.actions_from(id, 0).await
    }

    /// The actions of a game from number `from` on, in order.
    ///
    /// # Errors
    /// When the database fails or a number is missing.
    pub async fn actions_from(&self, id: &str, from: usize) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT seq, action FROM actions WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the actions", e))?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let seq: i64 = r.try_get(0).map_err(|e| db_err("bad action row", e))?;
            if seq != (from + i) as i64 {
                return Err(ServerError::Database(format!(
                    "game {id}: action {} is missing from the database",
                    from + i
                )));
            }
            out.push(r.try_get(1).map_err(|e| db_err("bad action row", e))?);
        }
        Ok(out)
    }

    /// Stores the actions of a game numbered from `first_seq` (and, when
    /// the game just ended, its result; with its new `timing` when it has
    /// a clock), in one transaction, possibly shared with other games'
    /// writes (group commit). Returns once they are committed.
    ///
    /// # Errors
    /// [`InsertError::Conflict`] when one of these numbers exists already.
    pub async fn insert_actions(
        &self,
        id: &str,
        first_seq: usize,
        actions: &[String],
        finished: Option<&str>,
        timing: Option<&str>,
    ) -> Result<(), InsertError> {
        let (done, answer) = oneshot::channel();
        let w = Write {
            id: id.to_string(),
            first_seq,
            actions: actions.to_vec(),
            finished: finished.map(String::from),
            timing: timing.map(String::from),
            done,
        };
        let gone = || {
            InsertError::Db(ServerError::Database(
                "the action was not stored (the database writer failed and was started again): try again".into(),
            ))
        };
        self.writer.send(w).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    /// The room code of the rematch of game `id`, if one was made.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn rematch(&self, id: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT rematch FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the rematch", e))?;
        match row {
            Some(r) => r
                .try_get::<Option<String>, _>(0)
                .map_err(|e| db_err("cannot read the rematch", e)),
            None => Ok(None),
        }
    }

    /// Records `next` as the rematch of game `id` unless one was recorded
    /// first (by another server instance): the rematch that stands.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_rematch(&self, id: &str, next: &str) -> Result<String, ServerError> {
        sqlx::query("UPDATE games SET rematch = $2 WHERE id = $1 AND rematch IS NULL")
            .bind(id)
            .bind(next)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store the rematch", e))?;
        Ok(self.rematch(id).await?.unwrap_or_else(|| next.to_string()))
    }

    /// Deletes a game nobody played (the rematch made by an instance that
    /// lost the race to another's): its actions and its row, in one
    /// transaction, only while it has no rematch nor end of its own.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delete_unplayed_game(&self, id: &str) -> Result<(), ServerError> {
        let err = |e| db_err("cannot delete the extra game", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let gone =
            sqlx::query("DELETE FROM games WHERE id = $1 AND rematch IS NULL AND finished IS NULL")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        if gone.rows_affected() == 1 {
            sqlx::query("DELETE FROM actions WHERE game_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        tx.commit().await.map_err(err)?;
        Ok(())
    }

    /// Takes a free seat of an online game: `Ok(true)` when this call took it.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn take_seat(&self, id: &str, white: bool, name: &str) -> Result<bool, ServerError> {
        let sql = if white {
            "UPDATE games SET white_taken = 1, white_name = $2 WHERE id = $1 AND white_taken = 0"
        } else {
            "UPDATE games SET black_taken = 1, black_name = $2 WHERE id = $1 AND black_taken = 0"
        };
        let r = sqlx::query(sql)
            .bind(id)
            .bind(name)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot take the seat", e))?;
        let taken = r.rows_affected() == 1;
        if taken && !self.sqlite {
            let change = Change::Seat { id: id.to_string() };
            if let Err(e) = notify(&self.pool, &change.payload(&self.instance)).await {
                // The seat is stored; other instances see it when they
                // next load the game.
                let _ = db_err("cannot announce the seat taken", e);
            }
        }
        Ok(taken)
    }

    /// The most recently finished games, newest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn finished_games(&self, limit: i64) -> Result<Vec<FinishedGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, mode, white_name, black_name, result, finished, game FROM games
             WHERE finished IS NOT NULL ORDER BY finished DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the games", e))?;
        rows.iter()
            .map(|r| {
                Ok(FinishedGame {
                    id: r.try_get(0)?,
                    mode: r.try_get(1)?,
                    white: r.try_get(2)?,
                    black: r.try_get(3)?,
                    result: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
                    finished: r.try_get::<Option<i64>, _>(5)?.unwrap_or_default(),
                    game: r.try_get(6)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the games", e))
    }

    /// The ids of the games not finished (to resume their bots).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unfinished_bot_games(&self) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished IS NULL AND mode = 'bot'")
            .fetch_all(&self.pool)
            .await
            .map_err(|e| db_err("cannot list the games", e))?;
        rows.iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the games", e))
    }
}

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get(0)?,
        mode: r.try_get(1)?,
        options: r.try_get(2)?,
        bot: r.try_get(3)?,
        bot_side: r.try_get(4)?,
        white_token: r.try_get(5)?,
        black_token: r.try_get(6)?,
        white_name: r.try_get(7)?,
        black_name: r.try_get(8)?,
        white_taken: r.try_get::<i64, _>(9)? != 0,
        black_taken: r.try_get::<i64, _>(10)? != 0,
        created: r.try_get(11)?,
        finished: r.try_get(12)?,
        result: r.try_get(13)?,
        game: r.try_get(14)?,
    })
}
