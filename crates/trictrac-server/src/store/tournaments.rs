//! Tournaments (issue 39, item 3): the `tournaments`,
//! `tournament_players` and `tournament_games` tables, and the lease of
//! the director (`tournament_lease`).
//!
//! A tournament is `waiting` (players join and withdraw), `running`
//! (the director pairs them) or `finished`. Its `version` goes up with
//! every change of it, its players or its games: the live standings
//! (`crate::tournaments::live`) read again only what moved.
//!
//! A game of a tournament is a row keyed by `(tournament, round, slot)`:
//! an arena's games are round 0, numbered in order; a knock-out's are its
//! bracket, round 1 the first. The row is inserted (`pairing`) before
//! its room is made, so that two directors racing (a lease taken over
//! while its holder was stalled) cannot pair one slot twice.
//!
//! One director at a time, across instances sharing PostgreSQL: the
//! instance holding the lease row ([`Store::hold_tournament_lease`]), a
//! conditional upsert as the review queue's claims
//! (`store/reviews.rs`), renewed at each of its rounds.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::pairings::conclude;
use super::{db_err, Store};
use crate::error::ServerError;

/// The tables, created at start.
pub(super) const TABLES: [&str; 5] = [
    "CREATE TABLE IF NOT EXISTS tournaments (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL,
        options TEXT NOT NULL,
        clock TEXT,
        rated BIGINT NOT NULL,
        starts BIGINT NOT NULL,
        minutes BIGINT NOT NULL,
        max_players BIGINT NOT NULL,
        creator TEXT NOT NULL,
        creator_name TEXT NOT NULL,
        state TEXT NOT NULL,
        created BIGINT NOT NULL,
        finished BIGINT,
        winner TEXT,
        version BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS tournaments_state ON tournaments (state, starts)",
    "CREATE TABLE IF NOT EXISTS tournament_players (
        tournament_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        name TEXT NOT NULL,
        joined BIGINT NOT NULL,
        withdrawn BIGINT NOT NULL,
        points BIGINT NOT NULL,
        games BIGINT NOT NULL,
        wins BIGINT NOT NULL,
        streak BIGINT NOT NULL,
        last_opponent TEXT,
        free_since BIGINT NOT NULL,
        place BIGINT,
        PRIMARY KEY (tournament_id, account_id)
    )",
    "CREATE TABLE IF NOT EXISTS tournament_games (
        tournament_id TEXT NOT NULL,
        round BIGINT NOT NULL,
        slot BIGINT NOT NULL,
        room TEXT,
        white TEXT,
        black TEXT,
        state TEXT NOT NULL,
        winner TEXT,
        points BIGINT NOT NULL,
        created BIGINT NOT NULL,
        PRIMARY KEY (tournament_id, round, slot)
    )",
    "CREATE TABLE IF NOT EXISTS tournament_lease (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        until_ms BIGINT NOT NULL
    )",
];

/// A tournament's row.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TournamentRow {
    /// Its code.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game: a name of the registry.
    pub game: String,
    /// `arena` or `knockout`.
    pub kind: String,
    /// The option words of its games (as the game writes them).
    pub options: String,
    /// The clock of its games (a `ClockSpec` as JSON), if any.
    pub clock: Option<String>,
    /// Whether its games are rated.
    pub rated: bool,
    /// When it starts (seconds since the epoch).
    pub starts: i64,
    /// An arena's duration in minutes (0 for a knock-out).
    pub minutes: i64,
    /// The most players it takes.
    pub max_players: i64,
    /// The creator's account id.
    #[serde(skip)]
    pub creator: String,
    /// The creator's name.
    pub creator_name: String,
    /// `waiting`, `running` or `finished`.
    pub state: String,
    /// When it was created.
    pub created: i64,
    /// When it ended.
    pub finished: Option<i64>,
    /// The winner's name, once it is over (none when nobody played).
    pub winner: Option<String>,
    /// Goes up with every change.
    pub version: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The account.
    pub account: String,
    /// Its name.
    pub name: String,
    /// When he joined (seconds).
    pub joined: i64,
    /// Whether he withdrew (an arena's points stay; a waiting
    /// tournament's entry is deleted instead).
    pub withdrawn: bool,
    /// Tournament points.
    pub points: i64,
    /// Games finished.
    pub games: i64,
    /// Games won.
    pub wins: i64,
    /// Wins in a row, up to his last game.
    pub streak: i64,
    /// His last opponent's account.
    pub last_opponent: Option<String>,
    /// Since when he waits for a game (Unix ms).
    pub free_since: i64,
    /// His final place, once the tournament is over.
    pub place: Option<i64>,
}

const TOURNAMENT_COLUMNS: &str = "id, name, game, kind, options, clock, rated, starts, minutes,
    max_players, creator, creator_name, state, created, finished, winner, version";

fn tournament(r: &AnyRow) -> Result<TournamentRow, sqlx::Error> {
    Ok(TournamentRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        game: r.try_get(2)?,
        kind: r.try_get(3)?,
        options: r.try_get(4)?,
        clock: r.try_get(5)?,
        rated: r.try_get::<i64, _>(6)? != 0,
        starts: r.try_get(7)?,
        minutes: r.try_get(8)?,
        max_players: r.try_get(9)?,
        creator: r.try_get(10)?,
        creator_name: r.try_get(11)?,
        state: r.try_get(12)?,
        created: r.try_get(13)?,
        finished: r.try_get(14)?,
        winner: r.try_get(15)?,
        version: r.try_get(16)?,
    })
}

/// The player read from the row's columns `at`, `at + 1`, … (his
/// columns may follow a tournament's).
fn entrant(r: &AnyRow, at: usize) -> Result<EntrantRow, sqlx::Error> {
    Ok(EntrantRow {
        account: r.try_get(at)?,
        name: r.try_get(at + 1)?,
        joined: r.try_get(at + 2)?,
        withdrawn: r.try_get::<i64, _>(at + 3)? != 0,
        points: r.try_get(at + 4)?,
        games: r.try_get(at + 5)?,
        wins: r.try_get(at + 6)?,
        streak: r.try_get(at + 7)?,
        last_opponent: r.try_get(at + 8)?,
        free_since: r.try_get(at + 9)?,
        place: r.try_get(at + 10)?,
    })
}

impl Store {
    /// Stores a new tournament; `Ok(false)` when its code is taken.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_tournament(&self, t: &TournamentRow) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "INSERT INTO tournaments (id, name, game, kind, options, clock, rated, starts, minutes,
             max_players, creator, creator_name, state, created, finished, winner, version)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, NULL, 1)
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&t.id)
        .bind(&t.name)
        .bind(&t.game)
        .bind(&t.kind)
        .bind(&t.options)
        .bind(t.clock.clone())
        .bind(t.rated as i64)
        .bind(t.starts)
        .bind(t.minutes)
        .bind(t.max_players)
        .bind(&t.creator)
        .bind(&t.creator_name)
        .bind(&t.state)
        .bind(t.created)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the tournament", e))?;
        Ok(done.rows_affected() == 1)
    }

    /// A tournament by its code.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, ServerError> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        self.fetch_row(
            sqlx::query(&sql).bind(id),
            "cannot read the tournament",
            tournament,
        )
        .await
    }

    /// The tournaments waiting or running, and those finished since
    /// `finished_since`, the soonest first (`limit` at most), each with
    /// its players (not withdrawn).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn listed_tournaments(
        &self,
        finished_since: i64,
        limit: i64,
    ) -> Result<Vec<(TournamentRow, i64)>, ServerError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS}, (SELECT COUNT(*) FROM tournament_players p
               WHERE p.tournament_id = tournaments.id AND p.withdrawn = 0)
             FROM tournaments
             WHERE state <> 'finished' OR finished >= $1
             ORDER BY starts, id LIMIT $2"
        );
        let q = sqlx::query(&sql).bind(finished_since).bind(limit);
        self.fetch_rows(q, "cannot list the tournaments", |r| {
            Ok((tournament(r)?, r.try_get(17)?))
        })
        .await
    }

    /// The versions of tournaments (to read again only those that moved).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn tournament_versions(
        &self,
        ids: &[String],
    ) -> Result<Vec<(String, i64)>, ServerError> {
        let sql =
            |marks: &str| format!("SELECT id, version FROM tournaments WHERE id IN ({marks})");
        self.fetch_by_ids(ids, sql, "cannot read the tournaments", |r| {
            Ok((r.try_get(0)?, r.try_get(1)?))
        })
        .await
    }

    /// A tournament's players, in the order they joined.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn entrants(&self, id: &str) -> Result<Vec<EntrantRow>, ServerError> {
        let q = sqlx::query(
            "SELECT account_id, name, joined, withdrawn, points, games, wins, streak,
             last_opponent, free_since, place FROM tournament_players
             WHERE tournament_id = $1 ORDER BY joined, account_id",
        )
        .bind(id);
        self.fetch_rows(q, "cannot read the players", |r| entrant(r, 0))
            .await
    }

    /// Adds a player to a waiting tournament, or takes back an arena
    /// player who withdrew (running or waiting), while it has room:
    /// `Ok(false)` when it is full. The caller checks the state.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn join_tournament(
        &self,
        t: &TournamentRow,
        account: &str,
        name: &str,
        now_ms: i64,
    ) -> Result<bool, ServerError> {
        let what = "cannot join the tournament";
        let err = |e| db_err(what, e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let back = sqlx::query(
            "UPDATE tournament_players SET withdrawn = 0, free_since = $3
             WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(&t.id)
        .bind(account)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if back.rows_affected() == 0 {
            let row =
                sqlx::query("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1")
                    .bind(&t.id)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(err)?;
            let count: i64 = row.try_get(0).map_err(err)?;
            if count >= t.max_players {
                return conclude(tx, &t.id, false, what).await;
            }
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, account_id, name, joined, withdrawn,
                 points, games, wins, streak, last_opponent, free_since, place)
                 VALUES ($1, $2, $3, $4, 0, 0, 0, 0, 0, NULL, $5, NULL)",
            )
            .bind(&t.id)
            .bind(account)
            .bind(name)
            .bind(now_ms / 1000)
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        conclude(tx, &t.id, true, what).await
    }

    /// Withdraws a player: his entry deleted while the tournament waits
    /// (`remove`), else marked withdrawn (an arena keeps his points).
    /// `Ok(false)` when he was not in it.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn withdraw_from_tournament(
        &self,
        id: &str,
        account: &str,
        remove: bool,
    ) -> Result<bool, ServerError> {
        let what = "cannot withdraw from the tournament";
        let mut tx = self.pool.begin().await.map_err(|e| db_err(what, e))?;
        let sql = if remove {
            "DELETE FROM tournament_players WHERE tournament_id = $1 AND account_id = $2"
        } else {
            "UPDATE tournament_players SET withdrawn = 1
             WHERE tournament_id = $1 AND account_id = $2 AND withdrawn = 0"
        };
        let done = sqlx::query(sql)
            .bind(id)
            .bind(account)
            .execute(&mut *tx)
            .await
            .map_err(|e| db_err(what, e))?;
        conclude(tx, id, done.rows_affected() != 0, what).await
    }

    /// Moves a tournament from state `from` to `to` (`Ok(false)`: it was
    /// not in `from`); `starts` set when given (a start brought forward).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_tournament_state(
        &self,
        id: &str,
        from: &str,
        to: &str,
        starts: Option<i64>,
    ) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE tournaments SET state = $3, starts = COALESCE($4, starts), version = version + 1
             WHERE id = $1 AND state = $2",
        )
        .bind(id)
        .bind(from)
        .bind(to)
        .bind(starts)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot change the tournament", e))?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends a tournament: its winner and every player's place.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn finish_tournament(
        &self,
        id: &str,
        winner: Option<&str>,
        places: &[(String, i64)],
        now: i64,
    ) -> Result<bool, ServerError> {
        let what = "cannot end the tournament";
        let err = |e| db_err(what, e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let done = sqlx::query(
            "UPDATE tournaments SET state = 'finished', finished = $2, winner = $3
             WHERE id = $1 AND state = 'running'",
        )
        .bind(id)
        .bind(now)
        .bind(winner.map(String::from))
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if done.rows_affected() != 1 {
            return conclude(tx, id, false, what).await;
        }
        for (account, place) in places {
            sqlx::query(
                "UPDATE tournament_players SET place = $3 WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(id)
            .bind(account)
            .bind(*place)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        // The version goes up with the tournament's end.
        conclude(tx, id, true, what).await
    }

    /// The tournaments an account played, newest first, with its points
    /// and place: `(tournament, points, games, wins, place)`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn tournaments_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<(TournamentRow, EntrantRow)>, ServerError> {
        let sql = format!(
            "SELECT {} , p.account_id, p.name, p.joined, p.withdrawn, p.points, p.games, p.wins,
             p.streak, p.last_opponent, p.free_since, p.place
             FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
             WHERE p.account_id = $1 ORDER BY t.starts DESC, t.id LIMIT $2",
            TOURNAMENT_COLUMNS
                .split(',')
                .map(|c| format!("t.{}", c.trim()))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let q = sqlx::query(&sql).bind(account).bind(limit);
        self.fetch_rows(q, "cannot read the player's tournaments", |r| {
            Ok((tournament(r)?, entrant(r, 17)?))
        })
        .await
    }
}
