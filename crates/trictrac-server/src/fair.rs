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
pub fn verify_record(text: &str) -> Result<(&'static str, usize), String> {
    let seeds = fair::seeds_in_record(text)
        .ok_or("no `trictrac dice:` seeds: not the record of an online game of this server")?;
    let seeds = fair::parse_text(&seeds)?;
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
                    .map_err(|e| e.to_string())
            })
            .transpose()?
            .unwrap_or_else(backgammon::Rules::standard);
        return backgammon::mat::verify_dice(text, &rules, seeds).map(|n| ("backgammon", n));
    }
    let rec = if text.trim_start().starts_with('{') {
        trictrac::Record::from_json(text)
    } else {
        text.parse::<trictrac::Record>()
    }
    .map_err(|e| e.to_string())?;
    rec.verify_dice(seeds).map(|n| ("trictrac", n))
}

/// `POST /api/analysis/verify` with a record as the body: `{ok: true,
/// game, throws}`, or 422 `{error}` naming the first throw that does not
/// match (or what is wrong with the record).
pub async fn verify(body: String) -> Response {
    match tokio::task::spawn_blocking(move || verify_record(&body)).await {
        Ok(Ok((game, throws))) => {
            Json(json!({ "ok": true, "game": game, "throws": throws })).into_response()
        }
        Ok(Err(e)) => fail(StatusCode::UNPROCESSABLE_ENTITY, e),
        Err(_) => fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the verification failed".into(),
        ),
    }
}
