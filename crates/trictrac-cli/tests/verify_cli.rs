//! `trictrac verify` (issue 38, item 3), run as the real binary on the
//! records of two finished online games of `trictrac serve` (made by the
//! server's test `fair_dice.rs` with `TRICTRAC_FAIR_RECORDS`): the dice
//! are the seeds'; one die changed, or the seeds changed, is named.

mod support;
use support::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// The `nth` throw's first die changed (`DD:` in a `.mat`, `w D-D` /
/// `b D-D` in a Grand Trictrac record).
fn alter(text: &str, mat: bool, nth: usize) -> String {
    let mut seen = 0;
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let mut l = line.to_string();
        let t = line.trim_start();
        let moves = if mat {
            t.split_once(')')
                .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
        } else {
            t.starts_with("w ") || t.starts_with("b ")
        };
        if moves && seen <= nth {
            let b = line.as_bytes();
            for i in 0..b.len().saturating_sub(2) {
                let dice = if mat {
                    b[i].is_ascii_digit() && b[i + 1].is_ascii_digit() && b[i + 2] == b':'
                } else {
                    i == 2 && b[i].is_ascii_digit() && b[i + 1] == b'-'
                };
                if dice {
                    if seen == nth {
                        let d = (b[i] - b'0') % 6 + 1;
                        l.replace_range(i..i + 1, &d.to_string());
                    }
                    seen += 1;
                }
            }
        }
        lines.push(l);
    }
    lines.join("\n") + "\n"
}

#[test]
fn verify_confirms_the_dice_and_names_the_first_altered_throw() {
    let dir = scratch("verify");
    for (file, mat) in [
        ("online-backgammon.mat", true),
        ("online-trictrac.txt", false),
    ] {
        let path = format!("{FIXTURES}/{file}");
        let out = stdout_of(&["verify", &path]);
        assert!(out.contains("are the seeds'"), "{out}");
        assert!(out.contains("matches its commitment"), "{out}");
        let text = std::fs::read_to_string(&path).unwrap();
        // The 5th throw changed: named, exit code 1.
        let bad = dir.join(format!("altered-{file}"));
        std::fs::write(&bad, alter(&text, mat, 5)).unwrap();
        let e = error_of(&["verify", bad.to_str().unwrap()], 1);
        assert!(e.contains("the dice do not match the seeds"), "{e}");
        if mat {
            assert!(e.contains("throw "), "{e}");
        } else {
            // (Roll 1 is the first-move line.)
            assert!(e.contains("roll 7 "), "{e}");
        }
        // The server seed changed: it is not the one committed to.
        let seeds = text.lines().find(|l| l.contains("trictrac dice:")).unwrap();
        let server = seeds.split("server=").nth(1).unwrap();
        let flipped = if server.starts_with('0') { "1" } else { "0" };
        let forged = text.replacen(
            &format!("server={}", &server[..1]),
            &format!("server={flipped}"),
            1,
        );
        let forged_path = dir.join(format!("forged-{file}"));
        std::fs::write(&forged_path, forged).unwrap();
        let e = error_of(&["verify", forged_path.to_str().unwrap()], 2);
        assert!(e.contains("does not match the commitment"), "{e}");
        // A player's seed changed: the dice differ from the first throws.
        let other = text.replacen("white=a11ce5", "white=a11ce6", 1);
        let other_path = dir.join(format!("other-{file}"));
        std::fs::write(&other_path, other).unwrap();
        let e = error_of(&["verify", other_path.to_str().unwrap()], 1);
        assert!(e.contains("the dice do not match the seeds"), "{e}");
    }
    // A record without seeds, and bad seeds, are refused clearly.
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "[Event \"x\"]\n\nfirst 2-4\n").unwrap();
    let e = error_of(&["verify", plain.to_str().unwrap()], 2);
    assert!(e.contains("no `trictrac dice:` seeds"), "{e}");
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "# trictrac dice: scheme=hmac-sha256-v1 commitment=00 server=zz white=- black=-\n",
    )
    .unwrap();
    let e = error_of(&["verify", bad.to_str().unwrap()], 2);
    assert!(e.contains("not hex"), "{e}");
}
