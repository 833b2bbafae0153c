//! `trictrac serve` through the real binary: it serves the page on the
//! address it prints, and reports a bad database in one line (with the
//! feature `server`; without it, `serve` says how to get it).
#![cfg_attr(not(feature = "server"), allow(unused_imports, dead_code))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Kills the server when the test ends, passed or not.
struct Kill(std::process::Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[cfg(feature = "server")]
#[test]
fn serve_prints_its_address_and_serves_the_page() {
    let dir = std::env::temp_dir().join(format!("trictrac-serve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("games.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_trictrac"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("trictrac serve starts");
    let stdout = child.stdout.take().unwrap();
    let _server = Kill(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("an address in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Grand Trictrac") && page.contains("<svg"));
    assert!(dir.join("games.db").exists());
    drop(_server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "server")]
#[test]
fn a_bad_database_is_one_error_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_trictrac"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database",
            "mysql://localhost/x",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: serve: "), "{err}");
    assert!(err.contains("sqlite://"), "{err}");
}

/// Built without the feature `server` (the default), `trictrac serve`
/// says in one line how to build it with the server.
#[cfg(not(feature = "server"))]
#[test]
fn without_the_server_feature_serve_says_how_to_get_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_trictrac"))
        .args(["serve"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: this trictrac is built without the web server")
            && err.contains("cargo run --release --features server -- serve"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// Issue 34: with stdout and stderr on `/dev/full`, a clean stop by
/// SIGTERM exits 0 (it exited 101: the error report panicked on the
/// full stream).
#[cfg(all(feature = "server", unix))]
#[test]
fn a_clean_stop_with_outputs_on_dev_full_exits_0() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    let dir = std::env::temp_dir().join(format!("trictrac-serve-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("games.db").display());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let child = Command::new(env!("CARGO_BIN_EXE_trictrac"))
        .args(["serve", "--addr", &addr, "--database", &db])
        .stdout(full.try_clone().unwrap())
        .stderr(full)
        .spawn()
        .expect("trictrac serve starts");
    let mut server = Kill(child);
    let end = std::time::Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(&addr).is_err() {
        assert!(std::time::Instant::now() < end, "the server never listened");
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = server.0.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let mut code = None;
    while std::time::Instant::now() < end + Duration::from_secs(15) {
        if let Some(s) = server.0.try_wait().unwrap() {
            code = s.code();
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(code, Some(0), "a clean stop");
    let _ = std::fs::remove_dir_all(&dir);
}
