//! The rated games and the ratings (issue 26): which games are rated and
//! whether their result was applied, the Glicko-2 rating per account and
//! game, its history, and the leaderboard. The tables are created with
//! the accounts' ([`super::accounts`]).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

/// A rated game whose result is not applied yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedRow {
    /// Room code.
    pub game_id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// White's account.
    pub white: String,
    /// Black's account.
    pub black: String,
}

/// A rating as stored.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RatingRow {
    /// The account's name.
    pub name: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// Glicko rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
}

/// A point of a rating's history.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HistoryPoint {
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// The rated game.
    pub room: String,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
    /// When (seconds since the epoch).
    pub at: i64,
}

fn rating_row(r: &AnyRow) -> Result<RatingRow, sqlx::Error> {
    Ok(RatingRow {
        name: r.try_get(0)?,
        game: r.try_get(1)?,
        rating: r.try_get(2)?,
        deviation: r.try_get(3)?,
        volatility: r.try_get(4)?,
        games: r.try_get(5)?,
        wins: r.try_get(6)?,
    })
}

/// A Glicko-2 rating as the tables hold it.
pub type Glicko = crate::glicko::Rating;

impl Store {
    /// Records a rated game between two accounts.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_rated_game(&self, r: &RatedRow) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO rated_games (game_id, game, white_account, black_account, settled, created)
             VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(&r.game_id)
        .bind(&r.game)
        .bind(&r.white)
        .bind(&r.black)
        .bind(super::now())
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot record the rated game", e))?;
        Ok(())
    }

    /// Rated games over whose result is not applied yet, oldest first,
    /// with the time each finished: `limit` of them after `after` (the
    /// finish time and room code of the last one seen), so that a caller
    /// pages past games it cannot apply instead of reading them again.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unsettled_rated_games(
        &self,
        after: Option<(i64, &str)>,
        limit: i64,
    ) -> Result<Vec<(i64, RatedRow)>, ServerError> {
        let (finished, id) = after.unwrap_or((i64::MIN, ""));
        let rows = sqlx::query(
            "SELECT r.game_id, r.game, r.white_account, r.black_account, g.finished FROM rated_games r
             JOIN games g ON g.id = r.game_id
             WHERE r.settled = 0 AND g.finished IS NOT NULL
               AND (g.finished > $1 OR (g.finished = $1 AND r.game_id > $2))
             ORDER BY g.finished, r.game_id LIMIT $3",
        )
        .bind(finished)
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the rated games", e))?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get(4)?,
                    RatedRow {
                        game_id: r.try_get(0)?,
                        game: r.try_get(1)?,
                        white: r.try_get(2)?,
                        black: r.try_get(3)?,
                    },
                ))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the rated games", e))
    }

    /// Applies a rated game's result once: in one transaction, marks it
    /// settled (only if it was not: a second call, here or on another
    /// instance, changes nothing and answers `Ok(false)`), reads both
    /// ratings, and stores what `rate` makes of them with their history.
    /// `white_won`: the result for White (1 won, 0 lost).
    ///
    /// # Errors
    /// When the database fails (nothing is applied).
    pub async fn settle_rated_game(
        &self,
        g: &RatedRow,
        white_score: f64,
        rate: impl FnOnce(Glicko, Glicko) -> (Glicko, Glicko),
    ) -> Result<bool, ServerError> {
        let err = |e| db_err("cannot apply the rated game", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let now = super::now();
        let claimed =
            sqlx::query("UPDATE rated_games SET settled = $2 WHERE game_id = $1 AND settled = 0")
                .bind(&g.game_id)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        if claimed.rows_affected() != 1 {
            tx.rollback().await.map_err(err)?;
            return Ok(false);
        }
        let fresh = Glicko::default();
        let mut accounts = [g.white.as_str(), g.black.as_str()];
        accounts.sort_unstable();
        for a in accounts {
            sqlx::query(
                "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, wins, updated)
                 VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT (account_id, game) DO NOTHING",
            )
            .bind(a)
            .bind(&g.game)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        let lock = if self.sqlite { "" } else { " FOR UPDATE" };
        let sql = format!(
            "SELECT rating, deviation, volatility FROM ratings WHERE account_id = $1 AND game = $2{lock}"
        );
        // Read (and on PostgreSQL lock) in the same order as any other
        // settlement: no deadlock between two instances.
        let mut current = Vec::new();
        for account in accounts {
            let r = sqlx::query(&sql)
                .bind(account)
                .bind(&g.game)
                .fetch_one(&mut *tx)
                .await
                .map_err(err)?;
            current.push((
                account,
                Glicko {
                    rating: r.try_get(0).map_err(err)?,
                    deviation: r.try_get(1).map_err(err)?,
                    volatility: r.try_get(2).map_err(err)?,
                },
            ));
        }
        let of = |who: &str| {
            current
                .iter()
                .find(|(a, _)| *a == who)
                .map(|(_, r)| *r)
                .unwrap_or(fresh)
        };
        let (w, b) = rate(of(&g.white), of(&g.black));
        for (account, new, won) in [
            (&g.white, w, white_score > 0.5),
            (&g.black, b, white_score < 0.5),
        ] {
            sqlx::query(
                "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1,
                    wins = wins + $6, updated = $7 WHERE account_id = $1 AND game = $2",
            )
            .bind(account)
            .bind(&g.game)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .bind(won as i64)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
            sqlx::query(
                "INSERT INTO rating_history (account_id, game, game_id, rating, deviation, at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(account)
            .bind(&g.game)
            .bind(&g.game_id)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        tx.commit().await.map_err(err)?;
        Ok(true)
    }

    /// The leaderboard of a game: ratings of accounts that played a rated
    /// game, highest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<RatingRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT a.name, r.game, r.rating, r.deviation, r.volatility, r.games, r.wins
             FROM ratings r JOIN accounts a ON a.id = r.account_id
             WHERE r.game = $1 AND r.games > 0 ORDER BY r.rating DESC, a.name LIMIT $2",
        )
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the ratings", e))?;
        rows.iter()
            .map(rating_row)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err("cannot list the ratings", e))
    }

    /// An account's ratings, one per game played rated.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT a.name, r.game, r.rating, r.deviation, r.volatility, r.games, r.wins
             FROM ratings r JOIN accounts a ON a.id = r.account_id
             WHERE r.account_id = $1 ORDER BY r.game",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the ratings", e))?;
        rows.iter()
            .map(rating_row)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err("cannot read the ratings", e))
    }

    /// An account's rating history, oldest first, the last `limit` points.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn rating_history(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<HistoryPoint>, ServerError> {
        let rows = sqlx::query(
            "SELECT game, game_id, rating, deviation, at FROM rating_history WHERE account_id = $1
             ORDER BY at DESC, game_id DESC LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the rating history", e))?;
        let mut points = rows
            .iter()
            .map(|r| {
                Ok(HistoryPoint {
                    game: r.try_get(0)?,
                    room: r.try_get(1)?,
                    rating: r.try_get(2)?,
                    deviation: r.try_get(3)?,
                    at: r.try_get(4)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map_err(|e| db_err("cannot read the rating history", e))?;
        points.reverse();
        Ok(points)
    }
}
