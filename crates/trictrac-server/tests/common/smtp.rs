//! A local SMTP sink for the tests of e-mail (issue 39): a tiny tokio
//! TCP server speaking just enough SMTP (220 greeting, 250 to EHLO,
//! MAIL, RCPT, RSET and NOOP, 354 then 250 to DATA, 221 to QUIT) and
//! keeping every mail it receives, its body decoded (quoted-printable or
//! base64) for the tests to read.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the sink received.
#[derive(Clone, Debug)]
pub struct Mail {
    /// The envelope's recipients.
    pub to: Vec<String>,
    /// The whole message as sent.
    pub raw: String,
    /// Its body, decoded.
    pub body: String,
}

/// The sink: its address and the mails received.
pub struct SmtpSink {
    pub addr: SocketAddr,
    mails: Arc<Mutex<Vec<Mail>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl SmtpSink {
    /// A sink on any free port of 127.0.0.1.
    pub async fn start() -> SmtpSink {
        SmtpSink::start_on("127.0.0.1:0".parse().unwrap()).await
    }

    /// A sink on `addr` (a relay that was down comes up).
    pub async fn start_on(addr: SocketAddr) -> SmtpSink {
        let listener = TcpListener::bind(addr).await.expect("the sink listens");
        let addr = listener.local_addr().unwrap();
        let mails = Arc::new(Mutex::new(Vec::new()));
        let kept = mails.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let kept = kept.clone();
                tokio::spawn(async move {
                    let _ = session(stream, kept).await;
                });
            }
        });
        SmtpSink { addr, mails, task }
    }

    /// The mails received so far.
    pub fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }

    /// The first mail to `to` whose body holds `text`, waited for up to
    /// `limit`.
    pub async fn wait_for(&self, to: &str, text: &str, limit: Duration) -> Mail {
        let end = Instant::now() + limit;
        loop {
            if let Some(m) = self
                .mails()
                .into_iter()
                .find(|m| m.to.iter().any(|t| t.contains(to)) && m.body.contains(text))
            {
                return m;
            }
            assert!(
                Instant::now() < end,
                "no mail to {to} with `{text}` within {limit:?}: {:#?}",
                self.mails()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

async fn session(
    stream: tokio::net::TcpStream,
    kept: Arc<Mutex<Vec<Mail>>>,
) -> std::io::Result<()> {
    let (r, mut w) = stream.into_split();
    let mut r = BufReader::new(r);
    w.write_all(b"220 sink ESMTP test\r\n").await?;
    let mut to = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let verb = line.trim().to_ascii_uppercase();
        if verb.starts_with("EHLO") || verb.starts_with("HELO") {
            w.write_all(b"250-sink\r\n250 8BITMIME\r\n").await?;
        } else if verb.starts_with("MAIL") || verb.starts_with("RSET") || verb.starts_with("NOOP") {
            if verb.starts_with("RSET") {
                to.clear();
            }
            w.write_all(b"250 OK\r\n").await?;
        } else if verb.starts_with("RCPT") {
            to.push(line.trim()[8..].trim().to_string());
            w.write_all(b"250 OK\r\n").await?;
        } else if verb == "DATA" {
            w.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
            let mut raw = String::new();
            loop {
                line.clear();
                if r.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                raw.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            let body = decode(&raw);
            kept.lock().unwrap().push(Mail {
                to: std::mem::take(&mut to),
                raw,
                body,
            });
            w.write_all(b"250 OK queued\r\n").await?;
        } else if verb == "QUIT" {
            w.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            w.write_all(b"502 not implemented\r\n").await?;
        }
    }
}

/// The body of a message, decoded.
fn decode(raw: &str) -> String {
    let (head, body) = raw
        .split_once("\r\n\r\n")
        .or_else(|| raw.split_once("\n\n"))
        .unwrap_or(("", raw));
    let head = head.to_ascii_lowercase();
    if head.contains("content-transfer-encoding: quoted-printable") {
        let joined = body.replace("=\r\n", "").replace("=\n", "");
        let b = joined.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'=' && i + 2 < b.len() {
                if let Ok(x) = u8::from_str_radix(&joined[i + 1..i + 3], 16) {
                    out.push(x);
                    i += 3;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    } else if head.contains("content-transfer-encoding: base64") {
        use base64::Engine;
        let clean: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        base64::engine::general_purpose::STANDARD
            .decode(clean)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    } else {
        body.to_string()
    }
}
