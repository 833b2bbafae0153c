//! The fast evaluation (issue 22, item 5) computes what the
//! straightforward one computes, within float rounding: the network's
//! vectorised logistic ([`neural::Net::eval_fast`]), and the 0-ply and
//! 2-ply searches, which value the positions a few checkers away from a
//! base by the base's first-layer sums and the inputs' differences
//! ([`neural::Incremental`]). The straightforward computation is written
//! out here: every position encoded in full and evaluated with libm's
//! logistic ([`BgNet::evaluate_net_exact`]; in races the race network's,
//! [`race::RaceNet::evaluate_exact`], issue 37).
//!
//! Checked with the shipped network (second version), with a
//! second-version network of random weights (every expert input
//! matters) and with the first version (`models/backgammon-v1.bin`).

use std::sync::Arc;

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::eval::{race, Evaluator};
use backgammon_bot::net::{equity, flip, outcome};
use backgammon_bot::{default_net, BgNet};
use neural::Outputs;
use rand::Rng;

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;

/// The networks checked.
fn nets() -> Vec<(String, Arc<BgNet>)> {
    let mut nets = vec![
        ("shipped".to_string(), default_net()),
        ("random v2".to_string(), Arc::new(BgNet::new(128, 5))),
    ];
    let v1 = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/backgammon-v1.bin");
    nets.push((
        "v1".to_string(),
        Arc::new(BgNet::load(&v1).expect("the first version's model")),
    ));
    nets
}

/// [`BgNet::after_play`] the straightforward way.
fn after_play_exact(net: &BgNet, after: &Position, mover: Side, rules: &Rules) -> Outputs {
    if after.winner() == Some(mover) {
        let kind = backgammon::score::win_kind(after, mover, rules.preset);
        return outcome(mover, kind, mover);
    }
    flip(&match (Evaluator::of(after), race::race_net()) {
        (Evaluator::Contact, _) => net.evaluate_net_exact(after, rules.preset),
        (Evaluator::Race, Some(r)) => r.evaluate_exact(after, rules.preset),
        _ => net.evaluate(after, rules.preset),
    })
}

/// [`BgNet::after_play_2ply`] the straightforward way.
fn after_play_2ply_exact(net: &BgNet, after: &Position, mover: Side, rules: &Rules) -> Outputs {
    if after.winner() == Some(mover) {
        return after_play_exact(net, after, mover, rules);
    }
    let mut sum = [0.0f32; neural::MAX_OUTPUTS];
    for roll in Roll::ALL {
        let mut best = (f32::NEG_INFINITY, [0.0f32; neural::MAX_OUTPUTS]);
        for p in after.legal_plays(roll, rules).iter() {
            let o = after_play_exact(net, &after.play_unchecked(p), !mover, rules);
            if equity(&o) > best.0 {
                best = (equity(&o), o);
            }
        }
        for (s, x) in sum.iter_mut().zip(flip(&best.1)) {
            *s += roll.weight() as f32 / 36.0 * x;
        }
    }
    sum
}

/// Positions of random games (contact, hits, the bar, races, bear-offs)
/// and of the generator's corpus, each with a roll.
fn positions(games: u64) -> Vec<(Position, Roll)> {
    let mut out: Vec<(Position, Roll)> = workloads::corpus()
        .into_iter()
        .enumerate()
        .step_by(4)
        .map(|(i, p)| (p, Roll::ALL[i % 21]))
        .collect();
    workloads::money_games(games, 3, |g, roll, rng| {
        let plays = g.legal_plays();
        if plays.len() > 1 && rng.gen_range(0..6) == 0 {
            out.push((*g.position(), roll));
        }
        let p = plays[rng.gen_range(0..plays.len())];
        g.play(&p).expect("a legal play");
    });
    out
}

fn close(a: &Outputs, b: &Outputs, tolerance: f32) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tolerance)
}

#[test]
fn the_fast_evaluation_and_searches_compute_the_straightforward_values() {
    let rules = Rules::standard();
    let positions = positions(6);
    assert!(positions.len() > 80, "{} positions", positions.len());
    let mut buf = PlayList::new();
    let mut searched = 0;
    for (name, net) in nets() {
        for (pos, roll) in &positions {
            let mover = pos.turn();
            // One evaluation.
            if Evaluator::of(pos) == Evaluator::Contact {
                let (fast, exact) = (
                    net.evaluate_net(pos, rules.preset),
                    net.evaluate_net_exact(pos, rules.preset),
                );
                assert!(
                    close(&fast, &exact, 1e-6),
                    "{name} {pos:?}: {fast:?} {exact:?}"
                );
            }
            let plays = pos.legal_plays(*roll, &rules);
            // 0 ply: the best play's value is the straightforward maximum.
            let exact: Vec<f32> = plays
                .iter()
                .map(|p| {
                    equity(&after_play_exact(
                        &net,
                        &pos.play_unchecked(p),
                        mover,
                        &rules,
                    ))
                })
                .collect();
            let top = exact.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let (p0, e0) = net.best_play(pos, &plays, rules.preset);
            let i0 = plays.iter().position(|p| *p == p0).expect("a listed play");
            assert!((e0 - top).abs() < 1e-5, "{name} 0 ply: {e0} {top}");
            assert!(exact[i0] > top - 1e-5, "{name} 0 ply: {} {top}", exact[i0]);
            // 2 ply: the value of the chosen play, and of the first
            // plays searched, as the straightforward search gives them.
            let (p2, o2) = net.best_play_2ply(pos, &plays, &rules, 5, 0.16);
            let after = pos.play_unchecked(&p2);
            let exact2 = after_play_2ply_exact(&net, &after, mover, &rules);
            assert!(close(&o2, &exact2, 1e-5), "{name} 2 ply: {o2:?} {exact2:?}");
            let direct = net.after_play_2ply(&after, mover, &rules, &mut buf);
            assert!(
                close(&direct, &exact2, 1e-5),
                "{name}: {direct:?} {exact2:?}"
            );
            searched += 1;
        }
    }
    assert!(searched >= 2 * positions.len());
}
