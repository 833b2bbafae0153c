//! What every request goes through before any work (issue 34, docs/
//! SECURITY.md): cross-site request forgery refused, and the security
//! headers on every answer.
//!
//! **Forgery.** A request that changes something (any method but `GET`,
//! `HEAD`, `OPTIONS`) and every WebSocket upgrade is refused (403) when
//! the browser says it comes from another origin: an `Origin` header
//! whose host and port are not the request's `Host` (nor
//! `X-Forwarded-Host`, set by a reverse proxy), an `Origin` of `null`,
//! or `Sec-Fetch-Site: cross-site` / `same-site` (a page of the same
//! host on another port is *same-site* but not same-origin, and its
//! `SameSite=Lax` cookies are sent). Requests without those headers are
//! not from a browser's page (curl, the tests, bots) and pass. A change
//! of the JSON API must also be sent as `Content-Type: application/json`
//! (415 otherwise): a plain HTML form cannot send that type across
//! origins without the browser asking first, which this server never
//! allows. The analysis endpoints, which change nothing, take a record
//! as plain text.
//!
//! **Headers.** `Content-Security-Policy` (scripts and everything else
//! from this origin only: the pages have no inline script, the how-to
//! pages' being `static/howto.js`), `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`,
//! `Referrer-Policy: same-origin`.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use serde_json::json;
use sha2::{Digest, Sha256};

/// Why a request was refused before any work.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Forgery {
    /// The page that sent it is of another origin.
    #[error(
        "refused: this request comes from a page of another site ({0}); use the server's own page"
    )]
    CrossOrigin(String),
    /// A change of the API not sent as JSON.
    #[error("send the request as JSON (Content-Type: application/json)")]
    NotJson,
}

impl IntoResponse for Forgery {
    fn into_response(self) -> Response {
        let code = match self {
            Forgery::CrossOrigin(_) => StatusCode::FORBIDDEN,
            Forgery::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        };
        (code, Json(json!({ "error": self.to_string() }))).into_response()
    }
}

/// Whether `headers` show a request sent by a page of another origin.
pub fn cross_origin(headers: &HeaderMap) -> Result<(), Forgery> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = text("sec-fetch-site") {
        if matches!(site.trim(), "cross-site" | "same-site") {
            return Err(Forgery::CrossOrigin(format!("Sec-Fetch-Site: {site}")));
        }
    }
    let Some(origin) = text("origin").map(str::trim) else {
        return Ok(());
    };
    let Some((scheme, authority)) = origin.split_once("://") else {
        return Err(Forgery::CrossOrigin(format!("Origin: {origin}")));
    };
    let hosts = [text("x-forwarded-host"), text("host")];
    let same = hosts.iter().flatten().any(|h| {
        let h = h.split(',').next().unwrap_or("").trim();
        h.eq_ignore_ascii_case(authority)
            || (scheme == "http" && h.eq_ignore_ascii_case(&format!("{authority}:80")))
            || (scheme == "https" && h.eq_ignore_ascii_case(&format!("{authority}:443")))
    });
    if same {
        Ok(())
    } else {
        Err(Forgery::CrossOrigin(format!("Origin: {origin}")))
    }
}

fn is_upgrade(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// The middleware: refuses forgeries (module documentation), then adds
/// the security headers to the answer.
pub async fn guard(req: Request, next: Next) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let headers = req.headers();
    if !safe || is_upgrade(headers) {
        if let Err(e) = cross_origin(headers) {
            return with_headers(e.into_response());
        }
        let path = req.uri().path();
        if !safe
            && path.starts_with("/api/")
            && !path.starts_with("/api/analysis/")
            && !is_json(headers)
        {
            return with_headers(Forgery::NotJson.into_response());
        }
    }
    let response = next.run(req).await;
    with_headers(response)
}

/// The policy of a page: this origin only, plus the page's own inline
/// scripts by their SHA-256.
pub fn policy(html: &str) -> String {
    let mut scripts = String::from("'self'");
    let mut rest = html;
    while let Some(i) = rest.find("<script>") {
        let after = &rest[i + "<script>".len()..];
        let Some(end) = after.find("</script>") else {
            break;
        };
        let digest = Sha256::digest(&after.as_bytes()[..end]);
        scripts += &format!(
            " 'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        );
        rest = &after[end..];
    }
    format!(
        "default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors 'none'"
    )
}

fn with_headers(mut r: Response) -> Response {
    use std::sync::OnceLock;
    static DEFAULT: OnceLock<String> = OnceLock::new();
    let csp = DEFAULT.get_or_init(|| policy("")).as_str();
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(csp) {
        h.entry(header::CONTENT_SECURITY_POLICY).or_insert(v);
    }
    h.entry(header::X_FRAME_OPTIONS)
        .or_insert(HeaderValue::from_static("DENY"));
    h.entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(HeaderValue::from_static("nosniff"));
    h.entry(header::REFERRER_POLICY)
        .or_insert(HeaderValue::from_static("same-origin"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn same_origin_passes_and_others_are_refused() {
        let ok = |p: &[(&'static str, &'static str)]| cross_origin(&headers(p)).is_ok();
        assert!(ok(&[("host", "127.0.0.1:8080")]), "no Origin: not a page");
        assert!(ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080")
        ]));
        assert!(ok(&[
            ("host", "example.org"),
            ("origin", "https://example.org")
        ]));
        assert!(ok(&[
            ("host", "example.org:443"),
            ("origin", "https://example.org")
        ]));
        assert!(ok(&[
            ("host", "10.0.0.2:8080"),
            ("x-forwarded-host", "play.example.org"),
            ("origin", "https://play.example.org")
        ]));
        assert!(ok(&[("sec-fetch-site", "same-origin"), ("host", "a")]));
        // Another port of the same host, another site, an opaque origin.
        assert!(!ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:9999")
        ]));
        assert!(!ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example")
        ]));
        assert!(!ok(&[("host", "127.0.0.1:8080"), ("origin", "null")]));
        assert!(!ok(&[("host", "a"), ("sec-fetch-site", "same-site")]));
        assert!(!ok(&[("host", "a"), ("sec-fetch-site", "cross-site")]));
    }

    #[test]
    fn inline_scripts_are_allowed_by_their_hash() {
        let p = policy("<p><script>let x = 1;</script></p>");
        let digest =
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"let x = 1;"));
        assert!(p.contains(&format!("'sha256-{digest}'")), "{p}");
        assert!(p.contains("frame-ancestors 'none'"), "{p}");
        assert!(!policy("").contains("sha256"));
    }
}
