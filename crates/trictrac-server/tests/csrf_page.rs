//! Cross-site request forgery in Chromium (issue 34, item 6): Ann is
//! logged in on the server's page; a page of another origin — another
//! port of the same host (same-site, so her `SameSite=Lax` cookies go
//! with its requests) and another site (`localhost` against
//! `127.0.0.1`) — submits forms and scripts requests to the server's
//! API: a seek, a logout, a login as someone else. None changes
//! anything: the lobby stays empty, Ann stays logged in as herself.

mod browser;
mod common;

use browser::{chromium_or_skip, open_browser};
use common::TempDir;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The attacker's page, served for every request on its own port.
fn attack(target: &str) -> String {
    format!(
        r#"<!doctype html><meta charset="utf-8"><title>free chips</title>
<iframe name="sink" style="display:none"></iframe>
<form id="seek" method="POST" action="{target}/api/seeks" enctype="text/plain" target="sink">
<input name='{{"game":"trictrac","x":"' value='"}}'></form>
<form id="logout" method="POST" action="{target}/api/logout" target="sink"></form>
<form id="login" method="POST" action="{target}/api/login" enctype="text/plain" target="sink">
<input name='{{"name":"Mallory","password":"mallory-pass","x":"' value='"}}'></form>
<script>
window.done = false;
(async () => {{
  for (const id of ["seek", "logout", "login"]) {{
    document.getElementById(id).submit();
    await new Promise((r) => setTimeout(r, 400));
  }}
  const opts = (body) => ({{ method: "POST", credentials: "include", mode: "no-cors",
    headers: {{ "Content-Type": "text/plain" }}, body }});
  try {{ await fetch("{target}/api/seeks", opts('{{"game":"backgammon"}}')); }} catch (e) {{}}
  try {{ await fetch("{target}/api/logout", opts("")); }} catch (e) {{}}
  try {{
    await fetch("{target}/api/seeks", {{ method: "POST", credentials: "include",
      headers: {{ "Content-Type": "application/json" }}, body: '{{"game":"backgammon"}}' }});
  }} catch (e) {{}}
  window.done = true;
}})();
</script>"#
    )
}

/// Serves `html` to every request on a free port of 127.0.0.1.
async fn attacker(html: String) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((mut s, _)) = listener.accept().await else {
                return;
            };
            let html = html.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 8192];
                let _ = s.read(&mut buf).await;
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{html}",
                    html.len()
                );
                let _ = s.write_all(answer.as_bytes()).await;
            });
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_other_origins_change_nothing_in_chromium() {
    let Some(bin) = chromium_or_skip("csrf_page_in_chromium") else {
        return;
    };
    let dir = TempDir::new("csrf-page");
    let server = browser::page_server(&dir).await;
    let addr = server.addr();
    // Mallory exists, so that a forged login would succeed.
    let (code, v) = common::http_json(
        addr,
        "POST",
        "/api/accounts",
        &json!({"name": "Mallory", "password": "mallory-pass"}).to_string(),
    )
    .await;
    assert_eq!(code, 201, "{v}");
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    cdp.page_in_new_context().await;
    let home = format!("http://{addr}/?lang=en");
    cdp.open(&home).await;
    let me = "fetch('/api/me').then(r => r.json()).then(v => v.name)";
    let registered = cdp
        .call(
            "Runtime.evaluate",
            json!({
                "expression": "fetch('/api/accounts', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'Ann', password: 'correct horse'})}).then(r => r.status)",
                "awaitPromise": true,
                "returnByValue": true,
            }),
        )
        .await;
    assert_eq!(registered["result"]["value"], 201, "{registered}");

    let target = format!("http://{addr}");
    let same_site = attacker(attack(&target)).await;
    let cross_site = attacker(attack(&target)).await;
    for page in [
        format!("http://127.0.0.1:{same_site}/"),
        format!("http://localhost:{cross_site}/"),
    ] {
        cdp.open(&page).await;
        cdp.wait_for("window.done === true", 20).await;
        // Let the last requests land.
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        cdp.open(&home).await;
        let who = cdp
            .call(
                "Runtime.evaluate",
                json!({ "expression": me, "awaitPromise": true, "returnByValue": true }),
            )
            .await;
        assert_eq!(
            who["result"]["value"], "Ann",
            "after {page}: still Ann, logged in: {who}"
        );
        let (_, lobby) = common::http_json(addr, "GET", "/api/lobby", "").await;
        assert_eq!(
            lobby["seeks"],
            json!([]),
            "after {page}: nothing posted: {lobby}"
        );
    }
    cdp.close(browser).await;
    server.stop().await;
}
