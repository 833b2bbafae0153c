//! Notifications and e-mail (issue 39, item 2): the tables of the
//! notifications shown in the page, the players' e-mail addresses and
//! the queue of mails to send (the notifications).
//!
//! - `notifications`: one row per notice to an account (`kind`, `text`,
//!   `link`), `seen` once the page showed it;
//! - `emails`: an account's address, whether it was confirmed (the link
//!   of the confirmation mail) and whether the player still wants mail
//!   (the one-click unsubscribe link clears it);
//! - `mail_queue`: the mails to send, kept across restarts; a sender
//!   claims a due row by moving its `next_try` (a conditional write: two
//!   instances on one PostgreSQL database never send a mail twice), then
//!   marks it `sent`, or counts the failure and waits longer.

use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

/// The tables, created at start.
pub(super) const TABLES: [&str; 5] = [
    "CREATE TABLE IF NOT EXISTS notifications (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        link TEXT NOT NULL,
        created BIGINT NOT NULL,
        seen BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS notifications_account ON notifications (account_id, created)",
    "CREATE TABLE IF NOT EXISTS emails (
        account_id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        confirmed BIGINT NOT NULL,
        subscribed BIGINT NOT NULL,
        updated BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS mail_queue (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created BIGINT NOT NULL,
        attempts BIGINT NOT NULL,
        next_try BIGINT NOT NULL,
        sent BIGINT,
        error TEXT
    )",
    "CREATE INDEX IF NOT EXISTS mail_queue_due ON mail_queue (sent, next_try)",
];

/// A notice shown to a player.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NotificationRow {
    /// Its id.
    pub id: String,
    /// `your_turn`, `challenge_accepted`, `tournament_starts`…
    pub kind: String,
    /// What it says.
    pub text: String,
    /// Where it leads (a path of this server).
    pub link: String,
    /// When (Unix ms).
    pub created: i64,
    /// Whether the page showed it.
    pub seen: bool,
}

/// An account's e-mail address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailRow {
    /// The address.
    pub address: String,
    /// Confirmed by its link.
    pub confirmed: bool,
    /// Still wanted (not unsubscribed).
    pub subscribed: bool,
}

/// A mail of the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailRow {
    /// Its id.
    pub id: String,
    /// The address.
    pub address: String,
    /// The subject.
    pub subject: String,
    /// The plain-text body.
    pub body: String,
    /// Failed attempts so far.
    pub attempts: i64,
    /// When it is due (Unix ms).
    pub next_try: i64,
}

fn bad(e: sqlx::Error) -> ServerError {
    db_err("cannot read the notifications", e)
}

impl Store {
    /// Stores a notice to `account`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_notification(
        &self,
        id: &str,
        account: &str,
        kind: &str,
        text: &str,
        link: &str,
        at: i64,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO notifications (id, account_id, kind, text, link, created, seen)
             VALUES ($1, $2, $3, $4, $5, $6, 0)",
        )
        .bind(id)
        .bind(account)
        .bind(kind)
        .bind(text)
        .bind(link)
        .bind(at)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the notification", e))?;
        Ok(())
    }

    /// The latest `limit` notices of `account`, newest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn notifications(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<NotificationRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, kind, text, link, created, seen FROM notifications
             WHERE account_id = $1 ORDER BY created DESC, id LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(bad)?;
        rows.iter()
            .map(|r| {
                Ok(NotificationRow {
                    id: r.try_get(0)?,
                    kind: r.try_get(1)?,
                    text: r.try_get(2)?,
                    link: r.try_get(3)?,
                    created: r.try_get(4)?,
                    seen: r.try_get::<i64, _>(5)? != 0,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(bad)
    }

    /// Marks every notice of `account` seen.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn mark_notifications_seen(&self, account: &str) -> Result<(), ServerError> {
        sqlx::query("UPDATE notifications SET seen = 1 WHERE account_id = $1 AND seen = 0")
            .bind(account)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot mark the notifications seen", e))?;
        Ok(())
    }

    /// The e-mail address of `account`, if it gave one.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn email(&self, account: &str) -> Result<Option<EmailRow>, ServerError> {
        let row =
            sqlx::query("SELECT address, confirmed, subscribed FROM emails WHERE account_id = $1")
                .bind(account)
                .fetch_optional(&self.pool)
                .await
                .map_err(bad)?;
        row.map(|r| {
            Ok(EmailRow {
                address: r.try_get(0)?,
                confirmed: r.try_get::<i64, _>(1)? != 0,
                subscribed: r.try_get::<i64, _>(2)? != 0,
            })
        })
        .transpose()
        .map_err(bad)
    }

    /// Sets the address of `account`, not confirmed yet (`None`: forgets
    /// it).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_email(&self, account: &str, address: Option<&str>) -> Result<(), ServerError> {
        let q = match address {
            Some(a) => sqlx::query(
                "INSERT INTO emails (account_id, address, confirmed, subscribed, updated)
                 VALUES ($1, $2, 0, 1, $3)
                 ON CONFLICT (account_id) DO UPDATE SET address = $2, confirmed = 0,
                 subscribed = 1, updated = $3",
            )
            .bind(account)
            .bind(a)
            .bind(super::now()),
            None => sqlx::query("DELETE FROM emails WHERE account_id = $1").bind(account),
        };
        q.execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store the e-mail address", e))?;
        Ok(())
    }

    /// Confirms `address` of `account` (answers whether it was still the
    /// account's address), or unsubscribes it (`confirm` false).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn update_email(
        &self,
        account: &str,
        address: &str,
        confirm: bool,
    ) -> Result<bool, ServerError> {
        let sql = if confirm {
            "UPDATE emails SET confirmed = 1, subscribed = 1, updated = $3
             WHERE account_id = $1 AND address = $2"
        } else {
            "UPDATE emails SET subscribed = 0, updated = $3 WHERE account_id = $1 AND address = $2"
        };
        let r = sqlx::query(sql)
            .bind(account)
            .bind(address)
            .bind(super::now())
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot update the e-mail address", e))?;
        Ok(r.rows_affected() > 0)
    }

    /// Queues a mail.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn queue_mail(
        &self,
        id: &str,
        account: &str,
        address: &str,
        subject: &str,
        body: &str,
        at: i64,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO mail_queue (id, account_id, address, subject, body, created, attempts,
             next_try, sent, error) VALUES ($1, $2, $3, $4, $5, $6, 0, $6, NULL, NULL)",
        )
        .bind(id)
        .bind(account)
        .bind(address)
        .bind(subject)
        .bind(body)
        .bind(at)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot queue the mail", e))?;
        Ok(())
    }

    /// The mails due at `now` (at most `limit`), oldest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn due_mails(&self, now: i64, limit: i64) -> Result<Vec<MailRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, address, subject, body, attempts, next_try FROM mail_queue
             WHERE sent IS NULL AND next_try <= $1 ORDER BY next_try, id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the mail queue", e))?;
        rows.iter()
            .map(|r| {
                Ok(MailRow {
                    id: r.try_get(0)?,
                    address: r.try_get(1)?,
                    subject: r.try_get(2)?,
                    body: r.try_get(3)?,
                    attempts: r.try_get(4)?,
                    next_try: r.try_get(5)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot read the mail queue", e))
    }

    /// Claims a due mail for sending until `lease` (Unix ms): answers
    /// whether this caller got it (another sender may have first).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn claim_mail(&self, m: &MailRow, lease: i64) -> Result<bool, ServerError> {
        let r = sqlx::query(
            "UPDATE mail_queue SET next_try = $3 WHERE id = $1 AND next_try = $2 AND sent IS NULL",
        )
        .bind(&m.id)
        .bind(m.next_try)
        .bind(lease)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot claim the mail", e))?;
        Ok(r.rows_affected() == 1)
    }

    /// Records the end of an attempt: sent at `sent`, or failed with
    /// `error`, to try again at `next_try`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn mail_attempted(
        &self,
        id: &str,
        sent: Option<i64>,
        error: Option<&str>,
        next_try: i64,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE mail_queue SET sent = $2, error = $3, next_try = $4,
             attempts = attempts + CASE WHEN $2 IS NULL THEN 1 ELSE 0 END WHERE id = $1",
        )
        .bind(id)
        .bind(sent)
        .bind(error)
        .bind(next_try)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot update the mail queue", e))?;
        Ok(())
    }

    /// Forgets the mails sent (or given up) before `before` and the
    /// notices created before it (Unix ms); answers how many rows went.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn forget_old_notices(&self, before: i64) -> Result<u64, ServerError> {
        let mails = sqlx::query("DELETE FROM mail_queue WHERE sent IS NOT NULL AND next_try < $1")
            .bind(before)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot clean the mail queue", e))?;
        let notices = sqlx::query("DELETE FROM notifications WHERE created < $1")
            .bind(before)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot clean the notifications", e))?;
        Ok(mails.rows_affected() + notices.rows_affected())
    }

    /// The queue's state for the operator and the tests: mails waiting,
    /// sent, and the most attempts of one waiting.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn mail_queue_state(&self) -> Result<(i64, i64, i64), ServerError> {
        let r = sqlx::query(
            "SELECT CAST(COALESCE(SUM(CASE WHEN sent IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN sent IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT),
                    CAST(COALESCE(MAX(CASE WHEN sent IS NULL THEN attempts ELSE 0 END), 0) AS BIGINT)
             FROM mail_queue",
        )
        .fetch_one(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the mail queue", e))?;
        let get = |i| {
            r.try_get::<i64, _>(i)
                .map_err(|e| db_err("bad queue row", e))
        };
        Ok((get(0)?, get(1)?, get(2)?))
    }
}
