//! `trictrac bg external` (issue 37): GNU Backgammon plays money games
//! with the cube and a short match against it over its external-player
//! interface, run as the real binaries. Without gnubg the test fails,
//! unless `TRICTRAC_SKIP_GNUBG=1` (never under `CI=true`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

mod support;
use support::*;

/// A port free now (the listener asked for it is dropped at once).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `trictrac bg external --port P ARGS`, waits until it listens.
fn start(port: u16, args: &[&str]) -> std::process::Child {
    let exe = assert_cmd::cargo::cargo_bin("trictrac");
    let mut child = Command::new(exe)
        .args(["bg", "external", "--port", &port.to_string()])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("trictrac runs");
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("listening on 127.0.0.1:"), "{first}");
    child
}

fn stderr_of(child: std::process::Child) -> String {
    let (status, err) = wait_stderr(child);
    assert!(status.success(), "{err}");
    err
}

#[test]
fn bg_external_answers_bad_lines_with_an_empty_line_and_ends_with_the_connection() {
    let port = free_port();
    let child = start(port, &["--level", "0"]);
    {
        let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        let start = "board:gnubg:you:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0";
        let mut ask = |line: &str| {
            w.write_all(format!("{line}\n\0").as_bytes()).unwrap();
            let mut a = String::new();
            r.read_line(&mut a).unwrap();
            a.trim_end().to_string()
        };
        assert_eq!(ask("hello"), "");
        assert_eq!(ask("board:1:2:3"), "");
        assert_eq!(
            ask(&format!(
                "{start}:1:7:5:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1"
            )),
            ""
        );
        assert_eq!(
            ask(&format!(
                "{start}:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1"
            )),
            "8/5 6/5"
        );
        assert_eq!(
            ask(&format!(
                "{start}:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1"
            )),
            "roll"
        );
    }
    let err = stderr_of(child);
    assert!(err.contains("external: error:"), "{err}");
    assert!(err.contains("2 answers, 3 lines refused"), "{err}");
}

#[test]
fn bg_external_plays_gnubg_for_money_with_the_cube_and_a_match() {
    if !gnubg_installed("bg_external_plays_gnubg_for_money_with_the_cube_and_a_match") {
        return;
    }
    let gnubg = backgammon_bot::players::gnubg::gnubg_path().unwrap();
    let port = free_port();
    let child = start(port, &["--level", "0", "--verbose"]);
    let dir = scratch("bg-external");
    let (session, sgf) = (dir.join("s.sgf"), dir.join("m.sgf"));
    let mut script = format!(
        "set player 0 gnubg\nset player 0 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\n\
         set player 1 external localhost:{port}\nset jacoby off\nset automatic game off\n\
         set display off\nset seed 37\nset cube use on\n\
         set matchlength 0\nnew session\nnew game\nnew game\nsave match \"{}\"\nnew match 3\n",
        session.display()
    );
    for _ in 0..6 {
        script.push_str("new game\n");
    }
    script.push_str(&format!("save match \"{}\"\n", sgf.display()));
    let mut g = Command::new(gnubg)
        .args(["-t", "-q", "-r"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    g.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let mut out = String::new();
    g.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert!(g.wait().unwrap().success());
    let err = stderr_of(child);
    // Three money games, then a 3-point match to its end.
    assert!(out.matches("(money session").count() >= 3, "{out}");
    assert!(out.contains("has won the match"), "{out}");
    assert!(err.contains("0 lines refused"), "{err}");
    let rolls = err
        .lines()
        .filter(|l| l.starts_with("external: board:"))
        .count();
    assert!(rolls > 50, "{rolls} decisions");
    // No reply was scored as no play: gnubg recorded as many empty plays
    // for us (Black in its record) as we sent.
    let empty_sent = err
        .lines()
        .filter_map(|l| l.strip_prefix("external: board:"))
        .filter(|l| {
            let f: Vec<&str> = l.split(':').collect();
            f[32] != "0" && l.ends_with("-> ``")
        })
        .count();
    let record =
        std::fs::read_to_string(&session).unwrap() + &std::fs::read_to_string(&sgf).unwrap();
    let empty_recorded = record
        .split(";B[")
        .skip(1)
        .filter(|m| {
            let body = &m[..m.find(']').unwrap()];
            body.len() == 2 && body.bytes().all(|b| b.is_ascii_digit())
        })
        .count();
    assert_eq!(empty_recorded, empty_sent, "{record}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_external_refuses_a_doubling_margin_out_of_range() {
    let exe = assert_cmd::cargo::cargo_bin("trictrac");
    let out = Command::new(exe)
        .args(["bg", "external", "--port", "1", "--double-margin=1.5"])
        .output()
        .expect("trictrac runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--double-margin is an equity from 0 to 1, not 1.5"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}
