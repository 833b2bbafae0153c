//! Reading rows, written once for every table: a query's rows each read
//! by a function of the row, and a failure of the query or of a row
//! logged under one name ([`super::db_err`]).

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::Any;

use super::{db_err, Store};
use crate::error::ServerError;

/// A query with its values bound.
pub(super) type Query<'q> = sqlx::query::Query<'q, Any, AnyArguments<'q>>;

/// Codes of one `IN (…)` list at most.
const CODES_A_STATEMENT: usize = 200;

impl Store {
    /// Every row of `q`, each read by `read`.
    ///
    /// # Errors
    /// When the database fails or a row does not read (logged as `what`).
    pub(super) async fn fetch_rows<T>(
        &self,
        q: Query<'_>,
        what: &str,
        read: impl FnMut(&AnyRow) -> Result<T, sqlx::Error>,
    ) -> Result<Vec<T>, ServerError> {
        let rows = q.fetch_all(&self.pool).await.map_err(|e| db_err(what, e))?;
        rows.iter()
            .map(read)
            .collect::<Result<_, _>>()
            .map_err(|e| db_err(what, e))
    }

    /// The row of `q`, if there is one, read by `read`.
    ///
    /// # Errors
    /// When the database fails or the row does not read (logged as
    /// `what`).
    pub(super) async fn fetch_row<T>(
        &self,
        q: Query<'_>,
        what: &str,
        read: impl FnOnce(&AnyRow) -> Result<T, sqlx::Error>,
    ) -> Result<Option<T>, ServerError> {
        let row = q
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err(what, e))?;
        row.as_ref()
            .map(read)
            .transpose()
            .map_err(|e| db_err(what, e))
    }

    /// The rows of the codes `ids` (in no order), read by `read`: `sql`
    /// makes the statement from the list of placeholders (`$1, $2, …`),
    /// run for at most 200 codes at a time.
    ///
    /// # Errors
    /// When the database fails or a row does not read (logged as `what`).
    pub(super) async fn fetch_by_ids<T>(
        &self,
        ids: &[String],
        sql: impl Fn(&str) -> String,
        what: &str,
        mut read: impl FnMut(&AnyRow) -> Result<T, sqlx::Error>,
    ) -> Result<Vec<T>, ServerError> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(CODES_A_STATEMENT) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = sql(&marks.join(", "));
            let mut q = sqlx::query(&sql);
            for id in chunk {
                q = q.bind(id);
            }
            out.extend(self.fetch_rows(q, what, &mut read).await?);
        }
        Ok(out)
    }
}
