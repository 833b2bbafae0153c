//! The speed work on the evaluation (issue 22, item 5) changes no
//! decision: the plays of `neural0` and `neural` (2 ply) and the default
//! bot's money cube decisions on the generator's corpus (200 contact
//! positions, roll `i` mod 21 and the roll ten further) and on every
//! position of two self-play games (contact, race and bear-off), compared
//! with `tests/data/same_plays.txt`, written by the code before the
//! change (recorded again when the second network version was shipped,
//! when its annealed successor was, on 2026-11-27, and when c6 was, on
//! 2026-11-29: a change of network; `tests/fast_path.rs` checks the fast evaluation
//! against the straightforward one on both versions). `BLESS_PLAYS=1 cargo test --release -p backgammon-bot --test
//! same_plays` writes the file again (only when a change of decisions is
//! meant, e.g. a new network).

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::{cube, default_net, BgBot, NeuralPlayer};
use rand::SeedableRng;

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;

const FIXTURE: &str = "tests/data/same_plays.txt";

/// One line per decision: the position, the roll, the 0-ply and the
/// 2-ply plays; one line per position for the cube (double, take).
fn decisions() -> Vec<String> {
    let net = default_net();
    let mut p0 = NeuralPlayer::new(net.clone());
    let mut p2 = NeuralPlayer::two_ply(net.clone());
    let rules = Rules::standard();
    let mut lines = Vec::new();
    let mut at = |pos: &Position, roll: Roll, lines: &mut Vec<String>| {
        let mut g = Game::from_position(rules, *pos);
        g.roll(roll).expect("a roll");
        let side = if pos.turn() == Side::White { "w" } else { "b" };
        lines.push(format!(
            "{} {side} {} {} | {}",
            pos.to_position_id(),
            roll,
            p0.choose_play(&g),
            p2.choose_play(&g)
        ));
    };
    let corpus = workloads::corpus();
    for (i, pos) in corpus.iter().enumerate() {
        at(pos, Roll::ALL[i % 21], &mut lines);
        at(pos, Roll::ALL[(i + 10) % 21], &mut lines);
        let g = Game::from_position(rules, *pos);
        let o = net.evaluate_for_cube(pos, &rules);
        lines.push(format!(
            "{} cube double {} take {}",
            pos.to_position_id(),
            cube::should_double(&g, &o),
            cube::should_take(&g, &o)
        ));
    }
    // Two whole games of the 0-ply player against itself, cube off.
    let rules_off = Rules {
        cube: false,
        ..rules
    };
    let mut driver = NeuralPlayer::new(net.clone());
    for seed in [1u64, 2] {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::money(rules_off);
        let mut buf = PlayList::new();
        loop {
            match g.phase() {
                Phase::Over(_) => break,
                Phase::Play(_, roll) => {
                    let pos = *g.position();
                    pos.legal_plays_into(roll, &rules, &mut buf);
                    if buf.len() > 1 {
                        at(&pos, roll, &mut lines);
                    }
                    let play = driver.choose_play(&g);
                    g.play(&play).expect("a legal play");
                }
                _ => g.roll_with(&mut dice).expect("a roll"),
            }
        }
    }
    lines
}

#[test]
fn the_bots_decisions_are_those_recorded_before_the_speed_work() {
    let now = decisions();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    if std::env::var_os("BLESS_PLAYS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, now.join("\n") + "\n").unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(&path).expect("the recorded decisions");
    let recorded: Vec<&str> = recorded.lines().collect();
    assert!(
        recorded.len() > 500,
        "{} decisions recorded",
        recorded.len()
    );
    assert_eq!(now.len(), recorded.len(), "the number of decisions");
    let differ: Vec<String> = now
        .iter()
        .zip(&recorded)
        .filter(|(a, b)| a.as_str() != **b)
        .map(|(a, b)| format!("now   {a}\nbefore {b}"))
        .collect();
    assert!(
        differ.is_empty(),
        "{} decisions differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
