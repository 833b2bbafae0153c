//! `POST /api/analysis/verify`: the dice of an online game's record
//! checked against the seeds it carries (issue 38, docs/DICE.md) — what
//! `trictrac verify` does, for the page's *Verify the dice*: Grand
//! Trictrac's record (text or JSON) or a backgammon `.mat` in the body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tables::fair;

use crate::error::fail;

/// The result of checking `text`: the game and the throws checked, or
/// why the record is refused or which throw does not match.
///
/// # Errors
/// No seeds, seeds that do not read or do not match their commitment,
/// a record that does not read, or the first throw that differs.
pub fn verify_record(text: &str) -> Result<(&'static str, usize), VerifyError> {
    let seeds = fair::seeds_in_record(text).ok_or(VerifyError::Record(
        "no `trictrac dice:` seeds: not the record of an online game of this server".into(),
    ))?;
    let seeds = fair::parse_text(&seeds).map_err(VerifyError::Record)?;
    let mat = text
        .lines()
        .any(|l| l.trim().to_ascii_lowercase().ends_with("point match"));
    if mat {
        let rules = text
            .lines()
            .map(str::trim)
            .take_while(|l| !l.to_ascii_lowercase().ends_with("point match"))
            .find_map(|l| l.strip_prefix("; trictrac bg rules:"))
            .map(|r| {
                r.trim()
                    .parse::<backgammon::Rules>()
                    .map_err(|e| VerifyError::Record(e.to_string()))
            })
            .transpose()?
            .unwrap_or_else(backgammon::Rules::standard);
        return backgammon::mat::verify_dice(text, &rules, seeds)
            .map(|n| ("backgammon", n))
            .map_err(VerifyError::Dice);
    }
    let rec = if text.trim_start().starts_with('{') {
        trictrac::Record::from_json(text)
    } else {
        text.parse::<trictrac::Record>()
    }
    .map_err(|e| VerifyError::Record(e.to_string()))?;
    rec.verify_dice(seeds)
        .map(|n| ("trictrac", n))
        .map_err(VerifyError::Dice)
}

/// Why a record's dice were not confirmed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The record, or its seeds, cannot be read.
    #[error("{0}")]
    Record(String),
    /// The seeds do not give the record's dice (the first throw that
    /// differs is named), or do not match their commitment.
    #[error("{0}")]
    Dice(String),
}

/// `POST /api/analysis/verify` with a record as the body: `{ok: true,
/// game, throws}`, or 422 `{error}` naming the first throw that does not
/// match (or what is wrong with the record).
pub async fn verify(body: String) -> Response {
    match tokio::task::spawn_blocking(move || verify_record(&body)).await {
        Ok(Ok((game, throws))) => {
            Json(json!({ "ok": true, "game": game, "throws": throws })).into_response()
        }
        Ok(Err(e)) => fail(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
        Err(_) => fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the verification failed".into(),
        ),
    }
}
