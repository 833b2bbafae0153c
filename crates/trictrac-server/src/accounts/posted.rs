//! The routes where an account posts a JSON body (its e-mail address, a
//! vacation, an API token, the bot mark), written once: [`posted`]
//! checks who sends it, reads the body, does what it asks and answers
//! its JSON; each body's type says the rest ([`Posted`]). The other
//! routes read their bodies with [`json_body`].

use std::future::Future;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Account, ApiError, Who};
use crate::room::Hub;

/// A request's JSON body, or the refusal (400) naming what to send:
/// `example`.
///
/// # Errors
/// [`ApiError::Bad`] when the body is not an `example`.
pub fn json_body<T: DeserializeOwned>(text: &str, example: &str) -> Result<T, ApiError> {
    serde_json::from_str(text)
        .map_err(|e| ApiError::Bad(format!("malformed request (send {example}): {e}")))
}

/// Who may post a body: the account of the request, or the refusal.
pub type Asker = fn(&Who) -> Result<&Account, ApiError>;

/// A JSON body an account posts.
pub trait Posted: DeserializeOwned + Send {
    /// The body to send, named in the refusal of a malformed one.
    const EXAMPLE: &'static str;
    /// Who may post it (checked before the body is read).
    const ASKER: Asker;
    /// The status of the answer.
    const STATUS: StatusCode = StatusCode::OK;

    /// The body meant when none is sent, if one may be left out.
    fn empty() -> Option<Self> {
        None
    }

    /// Does what the body asks for `account`: the answer.
    fn run(
        self,
        hub: &Hub,
        account: &Account,
    ) -> impl Future<Output = Result<Value, ApiError>> + Send;
}

/// `POST` of a [`Posted`] body `T`: the refusal of [`Posted::ASKER`], of
/// a malformed body, or of [`Posted::run`], else its answer.
pub async fn posted<T: Posted>(
    State(hub): State<Arc<Hub>>,
    Extension(who): Extension<Who>,
    text: String,
) -> Response {
    let r = async {
        let account = T::ASKER(&who)?;
        let body = match T::empty().filter(|_| text.trim().is_empty()) {
            Some(b) => b,
            None => json_body(&text, T::EXAMPLE)?,
        };
        body.run(&hub, account).await
    };
    match r.await {
        Ok(v) => (T::STATUS, Json(v)).into_response(),
        Err(e) => e.into_response(),
    }
}
