//! The close chequer plays of our own games, labelled by truncated
//! rollouts of our own play (issue 37, "labels ... weighted to where the
//! bot errs").
//!
//! gnubg's 2-ply analysis of 250 of the shipped bot's games (session
//! 3931, docs/STRENGTH.md) puts half of its chequer errors in its 3rd to
//! 10th plays and 70 % in errors between 0.02 and 0.1: close choices
//! between contact positions, where `contact_rollout`'s positions (the
//! ones met in self-play, weighted to where the cube is turned) are
//! thinnest. This labeller labels the *candidates* of such choices side
//! by side, so that the network learns to order them.
//!
//! `cargo run --release -p backgammon-bot --example candidate_rollout -- label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]`
//!
//! 1. *Roots*: the contact positions of `refine::positions` (self-play of
//!    the shipped network at 0 ply, one play in ten random, seed `SEED`),
//!    each given one roll (from `SEED` and its index).
//! 2. *Candidates*: the root's legal plays ranked by the shipped
//!    evaluator at 0 ply; the first [`MAX_CANDIDATES`] within
//!    [`WINDOW`] of the best whose position keeps the contact, when there
//!    are at least two (a root with one clear play gives none).
//! 3. *Labels*: each candidate position (its opponent on roll) rolled out
//!    as `contact_rollout` does: `21 × GAMES_PER_ROLL` games of the
//!    shipped evaluator at 0 ply, stopped where the contact is broken.
//!    The candidates of one root share their dice (common random
//!    numbers), so that the differences between them, what a choice rests
//!    on, are measured more exactly than the values themselves.
//! 4. *The set*: the refine set format, appended `refine::CHUNK`
//!    positions at a time, in the order met; the same command resumes a
//!    set that was stopped.
//!
//! The network is the shipped one, or the model file the environment
//! variable `MODEL` names (`refine::labelling_net`): a set resumes only
//! with the network it was begun with.
//!
//! Train with `trictrac bg refine train --set SET ...`.
//!
//! `candidate_rollout agree SET SEED FROM TO MODEL...` measures models on
//! the roots whose candidates are all among the labelled positions
//! `FROM..TO` of the set (a stretch left out of the training by
//! truncating a copy of the set): how often each model's 0-ply choice
//! among the candidates is the one the rollouts value best, and the mean
//! equity its choice loses by the rollouts.

use std::path::Path;

use backgammon::{DiceSource, PlayList, Position, Preset, Roll};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::{equity, BgNet};
use backgammon_bot::train::refine::{self, rules_of};
use neural::td::game_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// At most this many candidates of one root.
const MAX_CANDIDATES: usize = 4;
/// Candidates within this much cubeless equity of the root's best play.
const WINDOW: f32 = 0.08;

/// The close candidates of `root` after `roll`: the positions after the
/// plays within [`WINDOW`] of the best by `net` at 0 ply, best first.
fn candidates(net: &BgNet, root: &Position, roll: Roll, preset: Preset) -> Vec<Position> {
    let mut buf = PlayList::new();
    root.legal_plays_into(roll, &rules_of(preset), &mut buf);
    let mut ranked: Vec<(f32, Position)> = buf
        .iter()
        .map(|p| {
            let after = root.play_unchecked(p);
            (-equity(&net.evaluate(&after, preset)), after)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let Some(&(best, _)) = ranked.first() else {
        return Vec::new();
    };
    let kept: Vec<Position> = ranked
        .into_iter()
        .filter(|(e, after)| best - e <= WINDOW && Evaluator::of(after) == Evaluator::Contact)
        .map(|(_, after)| after)
        .take(MAX_CANDIDATES)
        .collect();
    if kept.len() >= 2 {
        kept
    } else {
        Vec::new()
    }
}

/// `n` candidate positions with the index of their root, in the order met.
fn positions(n: usize, seed: u64, net: &BgNet, jobs: usize) -> Vec<(Position, Preset, u64)> {
    let mut raw = n;
    loop {
        let roots = refine::positions(raw, seed, net, jobs);
        let mut seen = std::collections::HashSet::with_capacity(2 * n);
        let mut out = Vec::with_capacity(n);
        for (i, (root, preset)) in roots.iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed ^ 0xca4d, i as u64));
            let roll = rng.roll();
            for after in candidates(net, root, roll, *preset) {
                if out.len() < n && seen.insert((after, *preset)) {
                    out.push((after, *preset, i as u64));
                }
            }
        }
        if out.len() >= n {
            return out;
        }
        raw *= 2;
    }
}

/// The `agree` mode (see the module's documentation).
fn agree(a: &[String]) {
    let path = Path::new(&a[2]);
    let seed: u64 = a[3].parse().expect("seed");
    let from: usize = a[4].parse().expect("from");
    let to: usize = a[5].parse().expect("to");
    let models: Vec<BgNet> = a[6..]
        .iter()
        .map(|m| BgNet::load(Path::new(m)).expect("a model"))
        .collect();
    let (_, samples) = refine::read_set(path).expect("the set");
    let to = to.min(samples.len());
    let cands = positions(to + MAX_CANDIDATES, seed, &refine::labelling_net(), 2);
    // Groups of one root within from..to, with the movers' rollout equity.
    let mut groups: Vec<Vec<(Position, Preset, f32)>> = Vec::new();
    let mut i = from;
    while i < to {
        let root = cands[i].2;
        let mut j = i;
        while j < to && cands[j].2 == root {
            j += 1;
        }
        let whole = (i == 0 || cands[i - 1].2 != root) && (j < cands.len() && cands[j].2 != root);
        if whole && j - i >= 2 {
            groups.push(
                (i..j)
                    .map(|k| {
                        assert_eq!(samples[k].pos, cands[k].0, "the set and the seed agree");
                        let mover = -refine::target_equity(&samples[k].target);
                        (cands[k].0, cands[k].1, mover)
                    })
                    .collect(),
            );
        }
        i = j;
    }
    println!(
        "{} roots, {} candidates",
        groups.len(),
        groups.iter().map(Vec::len).sum::<usize>()
    );
    for (name, net) in a[6..].iter().zip(&models) {
        let (mut hits, mut loss) = (0usize, 0.0f64);
        for g in &groups {
            let best = g.iter().map(|c| c.2).fold(f32::MIN, f32::max);
            // Each candidate valued once, in its mover's eyes.
            let pick = g
                .iter()
                .map(|c| (-equity(&net.evaluate(&c.0, c.1)), c))
                .max_by(|x, y| x.0.total_cmp(&y.0))
                .expect("two candidates")
                .1;
            hits += usize::from(pick.2 == best);
            loss += f64::from(best - pick.2);
        }
        println!(
            "{name}: the rollouts' best {:.1} %, mean loss {:.4}",
            100.0 * hits as f64 / groups.len() as f64,
            loss / groups.len() as f64
        );
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() >= 7 && a[1] == "agree" {
        agree(&a);
        return;
    }
    let Some(args) = refine::LabelArgs::parse(&a) else {
        eprintln!("usage: candidate_rollout label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]\n       candidate_rollout agree SET SEED FROM TO MODEL...");
        std::process::exit(2);
    };
    let net = refine::labelling_net();
    let seed = args.seed;
    let cands = positions(args.positions, seed, &net, args.jobs);
    args.run(
        "candidate",
        || cands.iter().map(|&(p, s, _)| (p, s)).collect(),
        |i, p, preset| {
            // The root's index: its candidates share their dice.
            let seed = game_seed(seed ^ 0xc0a7, cands[i].2);
            refine::contact_rollout(&net, &p, preset, args.games, seed)
        },
    );
}
