//! The browser harness of the page tests (the same as e2e.rs's): headless
//! Chromium over the DevTools protocol, with a page per browser context.

#![allow(dead_code)]

use super::common::TempDir;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub fn find_chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("TRICTRAC_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let names = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push("/usr/bin".into());
    for d in dirs {
        for n in names {
            let p = d.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Chromium in its own process group, killed (the whole group) on drop.
pub struct Browser {
    pub child: Child,
}

impl Browser {
    /// Waits until Chromium has exited (after `Browser.close`), at most
    /// `limit`; the drop kills what remains.
    pub async fn exited(&mut self, limit: Duration) {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The page waits for White (the test's player) to act: his turn, no
/// action pending, connected.
pub const WHITE_READY: &str = "(window.__trictrac.state.phase.side === 'white' && \
     !window.__trictrac.busy && window.__trictrac.online)";

impl Drop for Browser {
    fn drop(&mut self) {
        let pid = self.child.id();
        // Only the group this test started.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts Chromium; returns it and its DevTools WebSocket URL.
pub fn launch(bin: &PathBuf, profile: &std::path::Path) -> (Browser, String) {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--disable-default-apps",
            "--no-first-run",
            "--no-default-browser-check",
            "--mute-audio",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            "--window-size=1280,1000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("chromium starts");
    let stderr = child.stderr.take().expect("stderr");
    let browser = Browser { child };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut tx = Some(tx);
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("DevTools listening on ") {
                if let Some(tx) = tx.take() {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("chromium prints its DevTools address within 60 s");
    (browser, url)
}

/// A DevTools protocol session on one page.
pub struct Cdp {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub next: u64,
    pub session: Option<String>,
}

impl Cdp {
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        match self.try_call(method, params).await {
            Ok(v) => v,
            Err(e) => panic!("{method}: {e}"),
        }
    }

    /// A call whose error Chromium may answer (a page navigating away
    /// while a script ran in it): the error, for the caller to judge.
    pub async fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = &self.session {
            msg["sessionId"] = json!(s);
        }
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .expect("send to chromium");
        loop {
            let m = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("chromium answers {method} within 30 s"))
                .expect("the DevTools connection is open")
                .expect("a frame");
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).expect("JSON from chromium");
            if v["id"] == id {
                if let Some(e) = v.get("error") {
                    return Err(e.clone());
                }
                return Ok(v["result"].clone());
            }
        }
    }

    /// Evaluates a JavaScript expression in the page and returns its value.
    pub async fn eval(&mut self, expr: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expr, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        if let Some(e) = r.get("exceptionDetails") {
            panic!("`{expr}` threw: {e}");
        }
        r["result"]["value"].clone()
    }

    pub async fn wait_for(&mut self, expr: &str, secs: u64) {
        let end = Instant::now() + Duration::from_secs(secs);
        // A page still loading may not have the elements yet: false.
        let guarded =
            format!("(() => {{ try {{ return ({expr}); }} catch (e) {{ return false; }} }})()");
        loop {
            // A page navigating (a link followed, a game entered) drops
            // the script's context: not yet, as for a page still loading.
            let r = self
                .try_call(
                    "Runtime.evaluate",
                    json!({ "expression": guarded, "returnByValue": true, "awaitPromise": true }),
                )
                .await;
            if r.is_ok_and(|v| v["result"]["value"].as_bool() == Some(true)) {
                return;
            }
            assert!(Instant::now() < end, "waited {secs} s for `{expr}`");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The middle of the element `selector`, scrolled into view.
    pub async fn center(&mut self, selector: &str) -> (f64, f64) {
        let sel = serde_json::to_string(selector).unwrap();
        let at = self
            .eval(&format!(
                "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
                 e.scrollIntoView({{block: 'center', inline: 'center'}}); \
                 const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        match at.as_array() {
            Some(a) => (a[0].as_f64().unwrap(), a[1].as_f64().unwrap()),
            None => panic!("no element {selector}"),
        }
    }

    pub async fn mouse(&mut self, kind: &str, (x, y): (f64, f64), buttons: u8) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 }),
        )
        .await;
    }

    /// Drags with the mouse from the middle of one element to another's.
    pub async fn drag(&mut self, from: &str, to: &str) {
        let a = self.center(from).await;
        let b = self.center(to).await;
        self.mouse("mouseMoved", a, 0).await;
        self.mouse("mousePressed", a, 1).await;
        for k in 1..=6 {
            let t = k as f64 / 6.0;
            let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            self.mouse("mouseMoved", p, 1).await;
        }
        self.mouse("mouseReleased", b, 0).await;
    }

    /// A real mouse click in the middle of the element `selector`.
    pub async fn click(&mut self, selector: &str) {
        let at = self.center(selector).await;
        self.mouse("mouseMoved", at, 0).await;
        self.mouse("mousePressed", at, 1).await;
        self.mouse("mouseReleased", at, 0).await;
    }
}

pub fn decode_base64(s: &str) -> Vec<u8> {
    let val = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a' + 26) as u32,
            b'0'..=b'9' => (c - b'0' + 52) as u32,
            b'+' => 62,
            _ => 63,
        }
    };
    let bytes: Vec<u8> = s.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= val(c) << (18 - 6 * i);
        }
        out.push((n >> 16) as u8);
        if chunk.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if chunk.len() > 3 {
            out.push(n as u8);
        }
    }
    out
}

/// Chromium on a blank page of its own, with a DevTools session on it.
pub async fn open_browser(bin: &PathBuf, dir: &TempDir) -> (Browser, Cdp) {
    let profile = dir.0.join("chromium-profile");
    std::fs::create_dir_all(&profile).unwrap();
    let (browser, devtools) = launch(bin, &profile);
    let (ws, _) = tokio_tungstenite::connect_async(devtools.as_str())
        .await
        .expect("the DevTools WebSocket connects");
    let mut cdp = Cdp {
        ws,
        next: 0,
        session: None,
    };
    let target = cdp
        .call("Target.createTarget", json!({ "url": "about:blank" }))
        .await;
    let attached = cdp
        .call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        )
        .await;
    cdp.session = Some(attached["sessionId"].as_str().unwrap().to_string());
    cdp.call("Page.enable", json!({})).await;
    (browser, cdp)
}

/// The Chromium binary, or `None` after saying the test is skipped (a
/// failure under `CI=true`).
pub fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let bin = find_chromium();
    if bin.is_none() {
        super::common::missing(
            "BROWSER",
            &format!(
                "{test}: no chromium binary (install Debian's `chromium` or set TRICTRAC_CHROMIUM)"
            ),
        );
    }
    bin
}

impl Cdp {
    /// A new page in a browser context of its own (its own storage: a
    /// second player on another machine); the `Cdp` then speaks to it.
    pub async fn page_in_new_context(&mut self) -> String {
        self.session = None;
        let ctx = self.call("Target.createBrowserContext", json!({})).await;
        let target = self
            .call(
                "Target.createTarget",
                json!({ "url": "about:blank", "browserContextId": ctx["browserContextId"] }),
            )
            .await;
        let attached = self
            .call(
                "Target.attachToTarget",
                json!({ "targetId": target["targetId"], "flatten": true }),
            )
            .await;
        let session = attached["sessionId"].as_str().unwrap().to_string();
        self.session = Some(session.clone());
        self.call("Page.enable", json!({})).await;
        session
    }

    /// Navigates and waits until the document has loaded the page's state
    /// hooks.
    pub async fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url })).await;
        self.wait_for("document.readyState === 'complete'", 30)
            .await;
    }

    /// A key pressed and released (`key` as in KeyboardEvent.key).
    pub async fn key(&mut self, key: &str) {
        let code = match key {
            "Enter" => json!(13),
            "Escape" => json!(27),
            "Backspace" => json!(8),
            k => json!(k.to_ascii_uppercase().chars().next().unwrap() as u32),
        };
        let text = if key.chars().count() == 1 { key } else { "" };
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "text": if kind == "keyDown" { text } else { "" },
                        "windowsVirtualKeyCode": code }),
            )
            .await;
        }
    }

    /// The page's size (a phone or a desktop).
    pub async fn size(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": if mobile { 2 } else { 1 }, "mobile": mobile }),
        )
        .await;
    }

    /// Saves a screenshot into the folder `TRICTRAC_E2E_SHOTS` names, if
    /// any (to look at the page; the test does not read it).
    pub async fn shot(&mut self, name: &str) {
        if let Ok(dir) = std::env::var("TRICTRAC_E2E_SHOTS") {
            let s = self
                .call("Page.captureScreenshot", json!({ "format": "png" }))
                .await;
            let png = decode_base64(s["data"].as_str().unwrap());
            std::fs::write(PathBuf::from(dir).join(format!("{name}.png")), png)
                .expect("write the screenshot");
        }
    }

    /// Closes the browser and waits for it.
    pub async fn close(mut self, mut browser: Browser) {
        self.session = None;
        let _ = self
            .ws
            .send(Message::Text(
                json!({"id": 0, "method": "Browser.close"})
                    .to_string()
                    .into(),
            ))
            .await;
        browser.exited(Duration::from_secs(5)).await;
    }
}

// What the analysis tests use besides (navigation by URL, text, file
// inputs, and a screenshot as a free function).
impl Cdp {
    /// Loads `url` in the page.
    pub async fn navigate(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url })).await;
        // The new document, not the old one still shown.
        self.wait_for(
            "document.readyState === 'complete' && !!window.__trictrac",
            30,
        )
        .await;
    }

    /// The text of the element `selector`.
    pub async fn text(&mut self, selector: &str) -> String {
        let sel = serde_json::to_string(selector).unwrap();
        let v = self
            .eval(&format!("document.querySelector({sel}).textContent"))
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    /// Chooses `file` in the file input `selector`, as a person would.
    pub async fn set_file(&mut self, selector: &str, file: &Path) {
        let doc = self.call("DOM.getDocument", json!({})).await;
        let node = self
            .call(
                "DOM.querySelector",
                json!({ "nodeId": doc["root"]["nodeId"], "selector": selector }),
            )
            .await;
        self.call(
            "DOM.setFileInputFiles",
            json!({ "nodeId": node["nodeId"], "files": [file.display().to_string()] }),
        )
        .await;
    }
}

/// Saves a screenshot of the whole page (`NAME.png`) when
/// `TRICTRAC_E2E_SHOTS` names a folder.
pub async fn shot(cdp: &mut Cdp, name: &str) {
    if let Ok(dir) = std::env::var("TRICTRAC_E2E_SHOTS") {
        let s = cdp
            .call(
                "Page.captureScreenshot",
                json!({ "format": "png", "captureBeyondViewport": true }),
            )
            .await;
        let png = decode_base64(s["data"].as_str().unwrap());
        std::fs::write(PathBuf::from(dir).join(format!("{name}.png")), png)
            .expect("write the screenshot");
    }
}

/// The server the page tests talk to: on a free port of 127.0.0.1, its
/// database in `dir`, the bot answering after 10 ms.
pub async fn page_server(dir: &TempDir) -> trictrac_server::Server {
    bot_server(dir, Duration::from_millis(10)).await
}

/// [`page_server`] with the bot answering after `bot_delay`.
pub async fn bot_server(dir: &TempDir, bot_delay: Duration) -> trictrac_server::Server {
    trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay,
        ..Default::default()
    })
    .await
    .expect("the server starts")
}
