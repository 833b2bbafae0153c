//! The games of the tournaments (issue 39, item 3): the
//! `tournament_games` table (an arena's games and a knock-out's
//! bracket, byes included) and the director's lease
//! (`tournament_lease`); the tournaments themselves are in
//! `store/tournaments.rs`.
//!
//! A game's row is keyed by `(tournament, round, slot)` and inserted
//! (`pairing`) before its room is made ([`Store::reserve_pairing`]):
//! two directors racing cannot pair one slot twice. The lease is a
//! conditional upsert, as the review queue's claims (`store/reviews.rs`).

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::{db_err, Store};
use crate::error::ServerError;

/// A game of a tournament (or a knock-out's bye).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// 0 in an arena; a knock-out's round, 1 the first.
    pub round: i64,
    /// Its number in the round.
    pub slot: i64,
    /// Its room, once made (none for a bye).
    pub room: Option<String>,
    /// White's account (a bye's player).
    pub white: Option<String>,
    /// Black's account (none for a bye).
    pub black: Option<String>,
    /// `pairing`, `playing`, `done` or `bye`.
    pub state: String,
    /// The winner's account.
    pub winner: Option<String>,
    /// The tournament points the winner got.
    pub points: i64,
}

fn pairing(r: &AnyRow) -> Result<PairingRow, sqlx::Error> {
    Ok(PairingRow {
        round: r.try_get(0)?,
        slot: r.try_get(1)?,
        room: r.try_get(2)?,
        white: r.try_get(3)?,
        black: r.try_get(4)?,
        state: r.try_get(5)?,
        winner: r.try_get(6)?,
        points: r.try_get(7)?,
    })
}

impl PairingRow {
    /// The side `account` plays in this game (`white`, `black`), if he
    /// plays it.
    pub fn side_of(&self, account: &str) -> Option<&'static str> {
        if self.white.as_deref() == Some(account) {
            Some("white")
        } else if self.black.as_deref() == Some(account) {
            Some("black")
        } else {
            None
        }
    }
}

/// A game's result to store ([`Store::finish_pairing`]).
#[derive(Clone, Debug)]
pub struct PairingResult<'a> {
    /// The tournament.
    pub tournament: &'a str,
    /// The game's round and slot.
    pub round: i64,
    /// See `round`.
    pub slot: i64,
    /// The winner's account.
    pub winner: &'a str,
    /// The loser's account.
    pub loser: &'a str,
    /// The winner's tournament points.
    pub points: i64,
    /// Now, Unix ms (the players are free from then on).
    pub now_ms: i64,
}

/// Ends a change of tournament `id` made in `tx`: rolled back when
/// nothing `changed` (`Ok(false)`), else the tournament's version bumped
/// (something of it changed) and committed (`Ok(true)`).
///
/// # Errors
/// When the database fails (logged as `what`).
pub(super) async fn conclude(
    mut tx: Transaction<'static, Any>,
    id: &str,
    changed: bool,
    what: &str,
) -> Result<bool, ServerError> {
    let err = |e| db_err(what, e);
    if !changed {
        tx.rollback().await.map_err(err)?;
        return Ok(false);
    }
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
    tx.commit().await.map_err(err)?;
    Ok(true)
}

impl Store {
    /// A tournament's games, by round and slot.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, ServerError> {
        let q = sqlx::query(
            "SELECT round, slot, room, white, black, state, winner, points FROM tournament_games
             WHERE tournament_id = $1 ORDER BY round, slot",
        )
        .bind(id);
        self.fetch_rows(q, "cannot read the games", pairing).await
    }

    /// Reserves a game's slot before its room is made: `Ok(false)` when
    /// the slot is taken (another director paired it). A bye
    /// (`black` none) is stored decided at once.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn reserve_pairing(
        &self,
        id: &str,
        round: i64,
        slot: i64,
        white: &str,
        black: Option<&str>,
    ) -> Result<bool, ServerError> {
        let what = "cannot pair the tournament";
        let mut tx = self.pool.begin().await.map_err(|e| db_err(what, e))?;
        let (state, winner) = match black {
            Some(_) => ("pairing", None),
            None => ("bye", Some(white.to_string())),
        };
        let done = sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, slot, room, white, black, state,
             winner, points, created) VALUES ($1, $2, $3, NULL, $4, $5, $6, $7, 0, $8)
             ON CONFLICT (tournament_id, round, slot) DO NOTHING",
        )
        .bind(id)
        .bind(round)
        .bind(slot)
        .bind(white)
        .bind(black.map(String::from))
        .bind(state)
        .bind(winner)
        .bind(super::now())
        .execute(&mut *tx)
        .await
        .map_err(|e| db_err(what, e))?;
        conclude(tx, id, done.rows_affected() == 1, what).await
    }

    /// The room of a reserved game: it is being played; or, the room not
    /// made (`room` none), the reservation dropped.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seat_pairing(
        &self,
        id: &str,
        round: i64,
        slot: i64,
        room: Option<&str>,
    ) -> Result<(), ServerError> {
        let what = "cannot pair the tournament";
        let mut tx = self.pool.begin().await.map_err(|e| db_err(what, e))?;
        let q = match room {
            Some(room) => sqlx::query(
                "UPDATE tournament_games SET room = $4, state = 'playing'
                 WHERE tournament_id = $1 AND round = $2 AND slot = $3",
            )
            .bind(id)
            .bind(round)
            .bind(slot)
            .bind(room.to_string()),
            None => sqlx::query(
                "DELETE FROM tournament_games WHERE tournament_id = $1 AND round = $2 AND slot = $3",
            )
            .bind(id)
            .bind(round)
            .bind(slot),
        };
        q.execute(&mut *tx).await.map_err(|e| db_err(what, e))?;
        conclude(tx, id, true, what).await?;
        Ok(())
    }

    /// Stores a game's result and its players' standing, once
    /// (`Ok(false)`: it was stored before).
    ///
    /// # Errors
    /// When the database fails (nothing is stored).
    pub async fn finish_pairing(&self, r: &PairingResult<'_>) -> Result<bool, ServerError> {
        let what = "cannot store the tournament game";
        let err = |e| db_err(what, e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let done = sqlx::query(
            "UPDATE tournament_games SET state = 'done', winner = $4, points = $5
             WHERE tournament_id = $1 AND round = $2 AND slot = $3 AND state = 'playing'",
        )
        .bind(r.tournament)
        .bind(r.round)
        .bind(r.slot)
        .bind(r.winner)
        .bind(r.points)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if done.rows_affected() != 1 {
            return conclude(tx, r.tournament, false, what).await;
        }
        for (account, won, opponent) in [(r.winner, true, r.loser), (r.loser, false, r.winner)] {
            sqlx::query(
                "UPDATE tournament_players SET points = points + $3, games = games + 1,
                 wins = wins + $4, streak = CASE WHEN $4 = 1 THEN streak + 1 ELSE 0 END,
                 last_opponent = $5, free_since = $6
                 WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(r.tournament)
            .bind(account)
            .bind(if won { r.points } else { 0 })
            .bind(won as i64)
            .bind(opponent)
            .bind(r.now_ms)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        conclude(tx, r.tournament, true, what).await
    }

    /// Takes or renews the director's lease for `hold_ms` from `now_ms`:
    /// `Ok(true)` when this instance holds it (it held it, or its holder
    /// let it run out).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn hold_tournament_lease(
        &self,
        now_ms: i64,
        hold_ms: i64,
    ) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "INSERT INTO tournament_lease (name, holder, until_ms) VALUES ('director', $1, $2)
             ON CONFLICT (name) DO UPDATE SET holder = $1, until_ms = $2
             WHERE tournament_lease.holder = $1 OR tournament_lease.until_ms < $3",
        )
        .bind(&self.instance)
        .bind(now_ms + hold_ms)
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot take the tournaments' lease", e))?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives the lease up (the server stops): another instance takes it
    /// at once.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn release_tournament_lease(&self) -> Result<(), ServerError> {
        sqlx::query("DELETE FROM tournament_lease WHERE name = 'director' AND holder = $1")
            .bind(&self.instance)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot give the tournaments' lease up", e))?;
        Ok(())
    }

    /// A game's seat tokens (white, black): told to the tournament's
    /// players on their own socket.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seat_tokens(&self, room: &str) -> Result<Option<(String, String)>, ServerError> {
        let q = sqlx::query("SELECT white_token, black_token FROM games WHERE id = $1").bind(room);
        self.fetch_row(q, "cannot read the game", |r| {
            Ok((r.try_get(0)?, r.try_get(1)?))
        })
        .await
    }
}
