//! Runs every scoring case of the conformance folders (read at test
//! time): the repository's copy `tests/conformance/`, the shared folder
//! `../shared/conformance/` beside the repository when it exists (where
//! new cases are added), and `$TRICTRAC_CONFORMANCE_DIR` when it is set.
//! Each case gives the points a roll brings to the mover and gives to his
//! opponent (RULES.md sections 5–7).

use std::path::PathBuf;
use trictrac::{Position, Roll, Side};

/// The conformance folders that exist, the repository's copy first.
fn conformance_dirs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let own = root.join("tests/conformance");
    assert!(
        own.is_dir(),
        "the repository's conformance cases are missing: {}",
        own.display()
    );
    let mut dirs = vec![own];
    let shared = root.join("../shared/conformance");
    if shared.is_dir() {
        dirs.push(shared);
    }
    if let Ok(d) = std::env::var("TRICTRAC_CONFORMANCE_DIR") {
        dirs.push(PathBuf::from(d));
    }
    dirs
}

#[test]
fn conformance_cases() {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in conformance_dirs() {
        let mut here: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read the conformance folder {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        here.sort();
        assert!(!here.is_empty(), "no conformance case in {}", dir.display());
        files.extend(here);
    }
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let cases: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not JSON: {e}", file.display()));
        for case in cases.as_array().expect("a list of cases") {
            count += 1;
            let id = case["id"].as_str().unwrap_or("?");
            let tpn = case["position"].as_str().unwrap();
            let mut pos: Position = match tpn.parse() {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{id}: position `{tpn}` rejected: {e}"));
                    continue;
                }
            };
            assert_eq!(pos.turn(), Side::White, "{id}: the mover is White");
            if let Some(n) = case["rolls_played"].as_u64() {
                pos.set_rolls_played(pos.turn(), Some(n as u8));
            }
            let d = case["dice"].as_array().unwrap();
            let roll = Roll::new(d[0].as_u64().unwrap() as u8, d[1].as_u64().unwrap() as u8);
            let s = pos.score_roll(roll);
            let want = (
                case["mover_points"].as_u64().unwrap() as u32,
                case["opponent_points"].as_u64().unwrap() as u32,
            );
            if (s.mover_points, s.opponent_points) != want {
                let jans: Vec<String> = s
                    .jans
                    .iter()
                    .map(|j| format!("{} {:?} {}", j.jan.english_name(), j.beneficiary, j.points))
                    .collect();
                failures.push(format!(
                    "{id} ({}): expected mover {} opponent {}, got mover {} opponent {} [{}]",
                    file.file_name().unwrap().to_string_lossy(),
                    want.0,
                    want.1,
                    s.mover_points,
                    s.opponent_points,
                    jans.join("; ")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} conformance cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{count} conformance cases passed");
}
