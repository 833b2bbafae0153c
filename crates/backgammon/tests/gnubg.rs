//! Differential tests against GNU Backgammon (Debian's `gnubg`, installed
//! by `.ci/run`): the legal plays of 1,000 random positions and of all 21
//! rolls from the start must reach exactly the positions gnubg's own
//! move generator reaches (BG-3, BG-4, BG-5); Position IDs as gnubg
//! writes them (BG-1.4).
//!
//! Without gnubg the tests say so and pass, except under `CI=true`, where
//! gnubg must be there.

use std::collections::BTreeSet;
use std::path::Path;

use backgammon::{Game, Phase, Position, Roll, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod support;
use support::{gnubg, run_script, scratch};

/// Runs the legal-moves script with gnubg on `lines`, returns its output lines.
fn run_gnubg(gnubg: &Path, lines: &[String]) -> Vec<String> {
    let dir = scratch("gnubg");
    let input = dir.join("in.txt");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let out = run_script(gnubg, &dir, "legal_moves.py", &input);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Random positions from random games (both presets' positions are
/// positions of the standard game).
fn random_positions(n: usize, seed: u64) -> Vec<(Position, Roll)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = Rules::standard();
    let mut out = Vec::new();
    while out.len() < n {
        let mut g = Game::money(Rules {
            cube: false,
            ..rules
        });
        g.roll_with(&mut rng).unwrap();
        loop {
            match g.phase() {
                Phase::Play(_, roll) => {
                    if rng.gen_ratio(1, 4) && out.len() < n {
                        out.push((*g.position(), roll));
                    }
                    let plays = g.legal_plays();
                    let p = plays[rng.gen_range(0..plays.len())];
                    g.play(&p).unwrap();
                }
                Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
                _ => break,
            }
        }
    }
    out
}

#[test]
fn legal_plays_reach_the_positions_gnubg_reaches() {
    let Some(gnubg) = gnubg() else { return };
    let rules = Rules::standard();
    let mut cases: Vec<(Position, Roll)> =
        Roll::ALL.iter().map(|&r| (Position::start(), r)).collect();
    cases.extend(random_positions(1000, 7));
    let lines: Vec<String> = cases
        .iter()
        .map(|(p, r)| format!("{} {} {}", p.to_position_id(), r.high(), r.low()))
        .collect();
    let theirs = run_gnubg(&gnubg, &lines);
    assert_eq!(theirs.len(), cases.len(), "one answer per position");
    let mut failures = Vec::new();
    for ((pos, roll), line) in cases.iter().zip(&theirs) {
        let list: Vec<String> = pos
            .legal_plays(*roll, &rules)
            .iter()
            .map(|p| pos.play_unchecked(p).to_position_id())
            .collect();
        let ours: BTreeSet<String> = list.iter().cloned().collect();
        if ours.len() != list.len() {
            failures.push(format!(
                "{} {roll}: {} plays reach only {} positions (BG-3.1: one play per position)",
                pos.to_position_id(),
                list.len(),
                ours.len()
            ));
        }
        let theirs: BTreeSet<String> = line.split_whitespace().map(str::to_string).collect();
        if ours != theirs {
            failures.push(format!(
                "{} {roll}: ours {} plays, gnubg {}; only ours {:?}, only gnubg {:?}",
                pos.to_position_id(),
                ours.len(),
                theirs.len(),
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ from gnubg:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}
