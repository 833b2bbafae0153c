//! Issue: a log that cannot be written killed the database writer. Here
//! the server runs as `trictrac serve` runs it ([`trictrac_server::serve`]:
//! the start banner, the log, the writer) in a child process whose stdout
//! and stderr are both `/dev/full`, on a SQLite database in a small
//! tmpfs. It starts, serves and stores; the disk fills up and actions are
//! refused (their storage errors are logged to the full stderr); space
//! comes back and actions are acknowledged again in the same process;
//! nothing acknowledged is lost.
//!
//! A test binary without the test harness (whose own output to a full
//! stdout would fail): `main` is the parent, or the child server when
//! `TRICTRAC_DEV_FULL_CHILD` is set. Filling a disk needs a tmpfs, so
//! root; elsewhere it is skipped, and fails under `CI=true`.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{fill, skip_or_fail, Players, TempDir, Tmpfs};
use trictrac_server::store::Store;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    if let Ok(url) = std::env::var("TRICTRAC_DEV_FULL_CHILD") {
        let addr = std::env::var("TRICTRAC_DEV_FULL_ADDR").expect("an address");
        let config = trictrac_server::Config {
            addr,
            database: url,
            bot_delay: Duration::ZERO,
            ..Default::default()
        };
        let code = match rt.block_on(trictrac_server::serve(config)) {
            Ok(()) => 0,
            Err(_) => 3,
        };
        std::process::exit(code);
    }
    rt.block_on(parent());
    // The harness's line, which a test binary run by `cargo test` prints.
    println!("test a_server_with_stdout_and_stderr_on_dev_full_stores_and_recovers ... ok");
}

async fn parent() {
    let dir = TempDir::new("devfull");
    let Some(fs) = Tmpfs::mount(&dir.0, "2m") else {
        skip_or_fail("ROOT", "not root: no tmpfs to fill");
        return;
    };
    let url = fs.db_url();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .env("TRICTRAC_DEV_FULL_CHILD", &url)
        .env("TRICTRAC_DEV_FULL_ADDR", addr.to_string())
        .stdin(Stdio::null())
        .stdout(full())
        .stderr(full())
        .spawn()
        .expect("the child server starts");

    // It starts although its banner cannot be printed.
    let t = Instant::now();
    while tokio::net::TcpStream::connect(addr).await.is_err() {
        if let Some(status) = child.try_wait().expect("the child's status") {
            panic!("the server stopped at its start: {status}");
        }
        assert!(t.elapsed() < Duration::from_secs(30), "the server listens");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // It serves and stores.
    let mut p = Players::new(addr, 4).await;
    assert!(p.until_acks(40, Duration::from_secs(20)).await >= 40);

    // The disk fills up: actions are refused, and their storage errors
    // are logged to a stderr that cannot be written.
    let filler = fill(&fs.0);
    let before = p.errors;
    // The write-ahead log's pages already on disk are reused (it is cut
    // back, not given back, after each checkpoint): the first actions may
    // still be stored; the refusals come once it must grow.
    let end = Instant::now() + Duration::from_secs(30);
    while p.errors == before && Instant::now() < end {
        p.round().await;
    }
    assert!(p.errors > before, "a full disk refuses actions");
    assert!(
        child.try_wait().expect("the child's status").is_none(),
        "the server is still running"
    );

    // Space comes back: actions are acknowledged again, same process.
    std::fs::remove_file(filler).expect("the filler is removed");
    let acks = p.until_acks(40, Duration::from_secs(20)).await;
    assert!(acks >= 40, "acknowledged again once space is back: {acks}");
    drop(p.clients.drain(..).collect::<Vec<_>>());

    // A clean stop (SIGTERM), then nothing acknowledged is missing.
    let ok = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs")
        .success();
    assert!(ok, "SIGTERM sent");
    let status = child.wait().expect("the child ends");
    assert!(status.success(), "a clean stop: {status}");
    let s = Store::open(&url).await.expect("the database opens");
    for (room, seq) in &p.acked {
        let n = s.actions(room).await.expect("actions read").len() as u64;
        assert!(n >= *seq, "room {room}: {seq} acknowledged, {n} stored");
    }
    s.close().await;
}
