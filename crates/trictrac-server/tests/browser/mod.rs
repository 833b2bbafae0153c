//! Headless Chromium driven over the DevTools protocol, for the browser
//! tests of the analysis pages: the harness of `e2e.rs` (its own process
//! group killed on drop, one page, evaluations, real mouse clicks, waits
//! on conditions), with file inputs, page loads and screenshots.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::TempDir;

/// `TRICTRAC_CHROMIUM`, or `chromium` (or a Chrome) on the PATH.
pub fn find_chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("TRICTRAC_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let names = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push("/usr/bin".into());
    dirs.into_iter()
        .flat_map(|d| names.map(|n| d.join(n)))
        .find(|p| p.is_file())
}

/// Chromium in its own process group, killed (the whole group) on drop.
pub struct Browser {
    child: Child,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let pid = self.child.id();
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn launch(bin: &Path, profile: &Path) -> (Browser, String) {
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
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next: u64,
    session: Option<String>,
}

/// Chromium on a blank page of its own, with a DevTools session on it.
pub async fn open_browser(bin: &Path, dir: &TempDir) -> (Browser, Cdp) {
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

impl Cdp {
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
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
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
        }
    }

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

    /// Waits until `expr` is true (polling the page), at most `secs`.
    pub async fn wait_for(&mut self, expr: &str, secs: u64) {
        let end = Instant::now() + Duration::from_secs(secs);
        let guarded =
            format!("(() => {{ try {{ return ({expr}); }} catch (e) {{ return false; }} }})()");
        loop {
            if self.eval(&guarded).await.as_bool() == Some(true) {
                return;
            }
            assert!(Instant::now() < end, "waited {secs} s for `{expr}`");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The text of the element `selector`.
    pub async fn text(&mut self, selector: &str) -> String {
        let sel = serde_json::to_string(selector).unwrap();
        let v = self
            .eval(&format!("document.querySelector({sel}).textContent"))
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    async fn center(&mut self, selector: &str) -> (f64, f64) {
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

    async fn mouse(&mut self, kind: &str, (x, y): (f64, f64), buttons: u8) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 }),
        )
        .await;
    }

    /// A real mouse click in the middle of the element `selector`.
    pub async fn click(&mut self, selector: &str) {
        let at = self.center(selector).await;
        self.mouse("mouseMoved", at, 0).await;
        self.mouse("mousePressed", at, 1).await;
        self.mouse("mouseReleased", at, 0).await;
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

    /// Closes the browser politely, then kills what remains.
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
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end && matches!(browser.child.try_wait(), Ok(None)) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        drop(browser);
    }
}

fn decode_base64(s: &str) -> Vec<u8> {
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
