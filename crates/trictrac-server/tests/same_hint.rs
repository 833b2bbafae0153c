//! Issue 36, item 1: one analysis service for backgammon. For positions
//! of every kind (the opening, contact, a race, the bear-off, a match
//! score), the page's hint — the analysis board's
//! `/api/analysis/backgammon/position`, as the page asks it — and the
//! terminal's — the real `trictrac bg hint --json` — list the same plays
//! in the same order, at the same depths and equities, at each depth the
//! page offers (0, 2 and 3 plies, 3 by default); and without dice the
//! same cube decision, at 0, 2 and 3 levels of rolls.
//!
//! The `trictrac` binary is taken beside the test's own folder
//! (`target/debug/trictrac`) or from `TRICTRAC_BIN`; a test of the server
//! cannot build it (cargo holds its lock while the tests run), so build
//! it first: `cargo build -p trictrac-cli`. Without it, or with one older
//! than the sources of the analysis, the test fails under `CI=true` and
//! is skipped with a message otherwise.

mod common;

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use common::{http_get, on_sqlite, TempDir};
use serde_json::Value;

/// A position to hint: its name, the CLI's arguments after `bg hint`,
/// and the page's query (without `plies`).
struct Case {
    name: &'static str,
    cli: &'static [&'static str],
    page: &'static str,
}

/// The positions: at 2 plies the first five of every play differ from
/// the first five at 0 ply searched again (what the page showed before)
/// in the contact, race and first match positions.
const CASES: &[Case] = &[
    Case {
        name: "opening 4-3",
        cli: &["--position", "4HPwATDgc/ABMA", "--dice", "4-3"],
        page: "position=4HPwATDgc/ABMA&dice=4-3",
    },
    Case {
        name: "the reply 6-4",
        cli: &["--position", "sGfwATDgc/ABMA", "--dice", "6-4"],
        page: "position=sGfwATDgc/ABMA&dice=6-4",
    },
    Case {
        name: "contact 5-5",
        cli: &["--position", "hgsZyQaMzxwHAA", "--dice", "5-5"],
        page: "position=hgsZyQaMzxwHAA&dice=5-5",
    },
    Case {
        name: "race 6-5",
        cli: &[
            "--position",
            "XGID=--B-B-CBB-BB--bb-bbc-b-b--:0:0:1:65:0:0:0:0:10",
        ],
        page: "position=XGID%3D--B-B-CBB-BB--bb-bbc-b-b--:0:0:1:65:0:0:0:0:10",
    },
    Case {
        name: "bear-off 6-2",
        cli: &[
            "--position",
            "XGID=-ABCCCC------------ddcbaa-:0:0:1:62:0:0:0:0:10",
        ],
        page: "position=XGID%3D-ABCCCC------------ddcbaa-:0:0:1:62:0:0:0:0:10",
    },
    Case {
        name: "7-point match at 4-2, contact 4-1",
        cli: &[
            "--position",
            "hgsZyQaMzxwHAA",
            "--dice",
            "4-1",
            "--match",
            "7",
            "--score",
            "4-2",
        ],
        page: "position=hgsZyQaMzxwHAA&dice=4-1&length=7&score=4-2",
    },
    Case {
        name: "7-point match at 2-4, from the bar 3-2",
        cli: &[
            "--position",
            "Zm4zAAPgjHnAQQ",
            "--dice",
            "3-2",
            "--match",
            "7",
            "--score",
            "2-4",
        ],
        page: "position=Zm4zAAPgjHnAQQ&dice=3-2&length=7&score=2-4",
    },
];

/// How many plays the page lists (the server's `HINT_PLAYS`).
const PAGE_PLAYS: usize = 5;

/// The `trictrac` binary, if there is one as new as the analysis's
/// sources; else why not.
fn trictrac_bin() -> Result<PathBuf, String> {
    let bin = match std::env::var_os("TRICTRAC_BIN") {
        Some(p) => PathBuf::from(p),
        None => {
            // target/debug/deps/same_hint-… → target/debug/trictrac
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let dir = exe
                .parent()
                .and_then(Path::parent)
                .ok_or("no folder above the test")?;
            dir.join(format!("trictrac{}", std::env::consts::EXE_SUFFIX))
        }
    };
    let built = std::fs::metadata(&bin)
        .and_then(|m| m.modified())
        .map_err(|e| format!("no `trictrac` binary at {}: {e}", bin.display()))?;
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for c in ["backgammon", "backgammon-bot", "trictrac-cli"] {
        let newest = newest_in(&crates.join(c).join("src"));
        if newest > built {
            return Err(format!(
                "the `trictrac` binary at {} is older than the sources of {c}",
                bin.display()
            ));
        }
    }
    Ok(bin)
}

/// The newest modification time of the files under `dir`.
fn newest_in(dir: &Path) -> SystemTime {
    let mut newest = SystemTime::UNIX_EPOCH;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return newest;
    };
    for e in entries.flatten() {
        let p = e.path();
        let t = if p.is_dir() {
            newest_in(&p)
        } else {
            e.metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH)
        };
        newest = newest.max(t);
    }
    newest
}

/// `trictrac bg hint ARGS --plies N --json`, read.
fn terminal_hint(bin: &Path, args: &[&str], plies: u8) -> Value {
    let home = TempDir::new("same-hint-home");
    let out = Command::new(bin)
        .args(["bg", "hint"])
        .args(args)
        .args(["--plies", &plies.to_string(), "--json"])
        .env("HOME", &home.0)
        .env("XDG_CONFIG_HOME", &home.0)
        .env("XDG_DATA_HOME", &home.0)
        .output()
        .expect("run trictrac");
    assert!(
        out.status.success(),
        "trictrac bg hint {args:?} --plies {plies}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "JSON of bg hint: {e}: {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// The page's plays and the terminal's first [`PAGE_PLAYS`] are the same
/// plays in the same order, each at the same depth and equity (the page
/// rounds to 4 decimals).
fn assert_same(case: &str, plies: u8, page: &Value, term: &Value) {
    let pp = page["plays"].as_array().expect("the page's plays");
    let tp = term["plays"].as_array().expect("the terminal's plays");
    let what = format!("{case} at {plies} plies");
    assert_eq!(page["of"].as_u64(), Some(tp.len() as u64), "{what}: of");
    assert_eq!(pp.len(), tp.len().min(PAGE_PLAYS), "{what}: how many");
    let names = |v: &[Value], key: &str| -> Vec<String> {
        v.iter()
            .map(|p| p[key].as_str().unwrap_or("?").to_string())
            .collect()
    };
    assert_eq!(
        names(pp, "n"),
        names(&tp[..pp.len()], "play"),
        "{what}: the plays, best first"
    );
    for (i, (p, t)) in pp.iter().zip(tp).enumerate() {
        assert_eq!(p["plies"], t["plies"], "{what}: depth of play {i}");
        let (pe, te) = (p["equity"].as_f64().unwrap(), t["equity"].as_f64().unwrap());
        assert!(
            (pe - te).abs() < 1e-4,
            "{what}: play {i} {} equity {pe} on the page, {te} in the terminal",
            p["n"]
        );
    }
}

/// The `trictrac` binary to compare with ([`trictrac_bin`]); without
/// one, the test fails under `CI=true` and is skipped otherwise.
fn trictrac_or_skip() -> Option<PathBuf> {
    match trictrac_bin() {
        Ok(b) => Some(b),
        Err(why) => {
            let msg = format!("{why}: build it first (cargo build -p trictrac-cli)");
            assert!(std::env::var("CI").as_deref() != Ok("true"), "{msg}");
            eprintln!("skipped: {msg}");
            None
        }
    }
}

/// For every case and every depth the page offers, the page's answer
/// (asserted 200 and of `kind`) and the terminal's, given to `check`
/// with the address of the server (on a new SQLite file, `tag` names
/// its folder).
async fn compare<F, Fut>(tag: &str, cases: &'static [Case], kind: &'static str, check: F)
where
    F: Fn(SocketAddr, &'static Case, u8, Value, Value) -> Fut,
    Fut: Future<Output = ()>,
{
    let Some(bin) = trictrac_or_skip() else {
        return;
    };
    on_sqlite(tag, |addr| async move {
        for case in cases {
            for plies in [0u8, 2, 3] {
                let query = format!("{}&plies={plies}", case.page);
                let (code, text) =
                    http_get(addr, &format!("/api/analysis/backgammon/position?{query}")).await;
                assert_eq!(code, 200, "{}: {text}", case.name);
                let page: Value = serde_json::from_str(&text).expect("JSON");
                assert_eq!(page["kind"], kind, "{}: {page}", case.name);
                let (bin, args) = (bin.clone(), case.cli);
                let term = tokio::task::spawn_blocking(move || terminal_hint(&bin, args, plies))
                    .await
                    .expect("the terminal's hint");
                check(addr, case, plies, page, term).await;
            }
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_the_terminal_give_the_same_hint() {
    compare(
        "same-hint",
        CASES,
        "play",
        |addr, case, plies, page, term| async move {
            assert_eq!(page["plies"], plies, "{}", case.name);
            assert_same(case.name, plies, &page, &term);
            if plies == 3 {
                // The page's own default (no `plies`), and the board set
                // up by clicks as the page sends it, give the same.
                let default = by_board(addr, &page).await;
                assert_eq!(default["plays"], page["plays"], "{}: by board", case.name);
            }
        },
    )
    .await;
}

/// Cube decisions (no dice): money with the Jacoby rule off and on (the
/// XGID's own flag, which the page once ignored), and a match score.
const CUBE_CASES: &[Case] = &[
    Case {
        name: "money cube, Jacoby off",
        cli: &[
            "--position",
            "XGID=--B---CA---AcB-cAbAeBBb---:0:0:-1:00:0:0:0:0:6",
        ],
        page: "position=XGID%3D--B---CA---AcB-cAbAeBBb---:0:0:-1:00:0:0:0:0:6",
    },
    Case {
        name: "money cube, Jacoby on",
        cli: &[
            "--position",
            "XGID=--B---CA---AcB-cAbAeBBb---:0:0:-1:00:0:0:1:0:6",
        ],
        page: "position=XGID%3D--B---CA---AcB-cAbAeBBb---:0:0:-1:00:0:0:1:0:6",
    },
    Case {
        name: "cube at 4-2 in a 7-point match",
        cli: &[
            "--position",
            "hgsZyQaMzxwHAA",
            "--match",
            "7",
            "--score",
            "4-2",
        ],
        page: "position=hgsZyQaMzxwHAA&length=7&score=4-2",
    },
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_the_terminal_give_the_same_cube_hint() {
    compare(
        "same-cube-hint",
        CUBE_CASES,
        "cube",
        |_, case, plies, page, term| async move {
            let what = format!("{} at {plies} plies", case.name);
            let (p, t) = (&page["cube"], &term["cube"]);
            for key in ["action", "double", "take", "available"] {
                assert_eq!(p[key], t[key], "{what}: {key}");
            }
            for key in ["no_double", "double_take", "double_pass"] {
                let (pe, te) = (p[key].as_f64().unwrap(), t[key].as_f64().unwrap());
                assert!(
                    (pe - te).abs() < 1e-4,
                    "{what}: {key} {pe} on the page, {te} in the terminal"
                );
            }
        },
    )
    .await;
}

/// The analysis of the answer's position asked as the page asks for a
/// board set up by clicks (its `fields()`): the checkers, the bar, the
/// side on roll, the cube, the match and the dice, at the default depth.
async fn by_board(addr: SocketAddr, a: &Value) -> Value {
    let pos = &a["position"];
    let board: Vec<String> = pos["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let dice = a["dice"].as_array().unwrap();
    let m = &a["match"];
    let mut q = format!(
        "board={}&bar={}-{}&turn={}&cube={}&length={}&dice={}-{}",
        board.join(","),
        pos["bar"]["white"],
        pos["bar"]["black"],
        pos["turn"].as_str().unwrap(),
        a["cube_state"]["value"],
        m["length"],
        dice[0],
        dice[1],
    );
    if m["length"].as_u64().unwrap_or(0) > 0 {
        q.push_str(&format!(
            "&score={}-{}",
            m["score"]["white"], m["score"]["black"]
        ));
    }
    let (code, text) = http_get(addr, &format!("/api/analysis/backgammon/position?{q}")).await;
    assert_eq!(code, 200, "{q}: {text}");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["plies"], 3, "{v}");
    v
}
