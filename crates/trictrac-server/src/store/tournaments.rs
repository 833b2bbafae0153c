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

fn entrant(r: &AnyRow) -> Result<EntrantRow, sqlx::Error> {
    Ok(EntrantRow {
        account: r.try_get(0)?,
        name: r.try_get(1)?,
        joined: r.try_get(2)?,
        withdrawn: r.try_get::<i64, _>(3)? != 0,
        points: r.try_get(4)?,
        games: r.try_get(5)?,
        wins: r.try_get(6)?,
        streak: r.try_get(7)?,
        last_opponent: r.try_get(8)?,
        free_since: r.try_get(9)?,
        place: r.try_get(10)?,
    })
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
        let row = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the tournament", e))?;
        row.as_ref()
            .map(tournament)
            .transpose()
            .map_err(|e| db_err("cannot read the tournament", e))
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
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS}, (SELECT COUNT(*) FROM tournament_players p
               WHERE p.tournament_id = tournaments.id AND p.withdrawn = 0)
             FROM tournaments
             WHERE state <> 'finished' OR finished >= $1
             ORDER BY starts, id LIMIT $2"
        ))
        .bind(finished_since)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the tournaments", e))?;
        rows.iter()
            .map(|r| Ok((tournament(r)?, r.try_get(17)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the tournaments", e))
    }

    /// The versions of tournaments (to read again only those that moved).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn tournament_versions(
        &self,
        ids: &[String],
    ) -> Result<Vec<(String, i64)>, ServerError> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(50) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT id, version FROM tournaments WHERE id IN ({})",
                marks.join(", ")
            );
            let mut q = sqlx::query(&sql);
            for id in chunk {
                q = q.bind(id);
            }
            let rows = q
                .fetch_all(&self.pool)
                .await
                .map_err(|e| db_err("cannot read the tournaments", e))?;
            for r in rows {
                out.push((
                    r.try_get(0)
                        .map_err(|e| db_err("cannot read the tournaments", e))?,
                    r.try_get(1)
                        .map_err(|e| db_err("cannot read the tournaments", e))?,
                ));
            }
        }
        Ok(out)
    }

    /// A tournament's players, in the order they joined.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn entrants(&self, id: &str) -> Result<Vec<EntrantRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT account_id, name, joined, withdrawn, points, games, wins, streak,
             last_opponent, free_since, place FROM tournament_players
             WHERE tournament_id = $1 ORDER BY joined, account_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the players", e))?;
        rows.iter()
            .map(entrant)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err("cannot read the players", e))
    }

    /// A tournament's games, by round and slot.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn pairings(&self, id: &str) -> Result<Vec<PairingRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT round, slot, room, white, black, state, winner, points FROM tournament_games
             WHERE tournament_id = $1 ORDER BY round, slot",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the games", e))?;
        rows.iter()
            .map(pairing)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err("cannot read the games", e))
    }

    /// Bumps a tournament's version (something of it changed).
    async fn bump(&self, tx: &mut sqlx::AnyConnection, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
            .bind(id)
            .execute(tx)
            .await?;
        Ok(())
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
        let err = |e| db_err("cannot join the tournament", e);
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
            let row = sqlx::query("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1")
                .bind(&t.id)
                .fetch_one(&mut *tx)
                .await
                .map_err(err)?;
            let count: i64 = row.try_get(0).map_err(err)?;
            if count >= t.max_players {
                tx.rollback().await.map_err(err)?;
                return Ok(false);
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
        self.bump(&mut tx, &t.id).await.map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
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
        let err = |e| db_err("cannot withdraw from the tournament", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
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
            .map_err(err)?;
        if done.rows_affected() == 0 {
            tx.rollback().await.map_err(err)?;
            return Ok(false);
        }
        self.bump(&mut tx, id).await.map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
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
        let err = |e| db_err("cannot end the tournament", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let done = sqlx::query(
            "UPDATE tournaments SET state = 'finished', finished = $2, winner = $3,
             version = version + 1 WHERE id = $1 AND state = 'running'",
        )
        .bind(id)
        .bind(now)
        .bind(winner.map(String::from))
        .execute(&mut *tx)
        .await
        .map_err(err)?;
        if done.rows_affected() != 1 {
            tx.rollback().await.map_err(err)?;
            return Ok(false);
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
        tx.commit().await.map_err(err)?;
        Ok(true)
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
        let err = |e| db_err("cannot pair the tournament", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
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
        .map_err(err)?;
        if done.rows_affected() != 1 {
            tx.rollback().await.map_err(err)?;
            return Ok(false);
        }
        self.bump(&mut tx, id).await.map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
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
        let err = |e| db_err("cannot pair the tournament", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
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
        q.execute(&mut *tx).await.map_err(err)?;
        self.bump(&mut tx, id).await.map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(())
    }

    /// Stores a game's result and its players' standing, once
    /// (`Ok(false)`: it was stored before).
    ///
    /// # Errors
    /// When the database fails (nothing is stored).
    pub async fn finish_pairing(&self, r: &PairingResult<'_>) -> Result<bool, ServerError> {
        let err = |e| db_err("cannot store the tournament game", e);
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
            tx.rollback().await.map_err(err)?;
            return Ok(false);
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
        self.bump(&mut tx, r.tournament).await.map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
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
        let rows = sqlx::query(&format!(
            "SELECT {} , p.account_id, p.name, p.joined, p.withdrawn, p.points, p.games, p.wins,
             p.streak, p.last_opponent, p.free_since, p.place
             FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
             WHERE p.account_id = $1 ORDER BY t.starts DESC, t.id LIMIT $2",
            TOURNAMENT_COLUMNS
                .split(',')
                .map(|c| format!("t.{}", c.trim()))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the player's tournaments", e))?;
        let read = |r: &AnyRow| -> Result<(TournamentRow, EntrantRow), sqlx::Error> {
            let t = tournament(r)?;
            let e = EntrantRow {
                account: r.try_get(17)?,
                name: r.try_get(18)?,
                joined: r.try_get(19)?,
                withdrawn: r.try_get::<i64, _>(20)? != 0,
                points: r.try_get(21)?,
                games: r.try_get(22)?,
                wins: r.try_get(23)?,
                streak: r.try_get(24)?,
                last_opponent: r.try_get(25)?,
                free_since: r.try_get(26)?,
                place: r.try_get(27)?,
            };
            Ok((t, e))
        };
        rows.iter()
            .map(read)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err("cannot read the player's tournaments", e))
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
        let row = sqlx::query("SELECT white_token, black_token FROM games WHERE id = $1")
            .bind(room)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the game", e))?;
        row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .transpose()
            .map_err(|e: sqlx::Error| db_err("cannot read the game", e))
    }
}
