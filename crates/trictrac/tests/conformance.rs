//! Runs every scoring case of `../shared/conformance/*.json` (read at test
//! time, never copied): the points a roll brings to the mover and gives to
//! his opponent (RULES.md sections 5–7).

use std::path::PathBuf;
use trictrac::{Position, Roll, Side};

/// The conformance folder: `$TRICTRAC_CONFORMANCE_DIR`, or `shared/conformance`
/// beside the repository.
fn conformance_dir() -> PathBuf {
    if let Ok(d) = std::env::var("TRICTRAC_CONFORMANCE_DIR") {
        return PathBuf::from(d);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance")
}

#[test]
fn conformance_cases() {
    let dir = conformance_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the conformance folder {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no conformance case in {}",
        dir.display()
    );
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
