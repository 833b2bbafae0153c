//! Contact positions labelled by truncated rollouts of our own play
//! (issue 37, "labels from our own rollouts ... weighted to where the bot
//! errs"): the contact network's gammons are about 11 % short of how its
//! own games end (`mc_calibration`), and its 2-ply labels (`bg refine
//! label`) inherit that shortfall; a rollout's outcomes do not.
//!
//! `cargo run --release -p backgammon-bot --example contact_rollout -- label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]`
//!
//! 1. *Positions*: the contact positions of `refine::positions` (self-play
//!    of the shipped network at 0 ply, one play in ten random, seed
//!    `SEED`), weighted to where the cube is turned: every position whose
//!    side on roll has a winning chance below 0.35 or above 0.65 by the
//!    shipped network, one in three of the others; in the order met (a
//!    shorter set is a prefix of a longer one).
//! 2. *Labels*: for each position, `21 × GAMES_PER_ROLL` games: each of
//!    the 21 first rolls (weighted 1 or 2 of 36) played `GAMES_PER_ROLL`
//!    times, both sides the shipped evaluator at 0 ply (contact network,
//!    race network, bear-off database), each game stopped as soon as the
//!    contact is broken and valued there by the race evaluator (within
//!    0.002 of its own games' outcomes: docs/STRENGTH.md) or the
//!    database — a rollout truncated where the contact network is no
//!    longer the judge. Our own play only.
//! 3. *The set*: the refine set format, appended `refine::CHUNK` positions
//!    at a time; the same command resumes a set that was stopped.
//!
//! The network is the shipped one, or the model file the environment
//! variable `MODEL` names (`refine::labelling_net`): a set resumes only
//! with the network it was begun with.
//!
//! Train with `trictrac bg refine train --set SET ...`.

use backgammon::{Position, Preset};
use backgammon_bot::net::BgNet;
use backgammon_bot::train::refine;
use neural::td::game_seed;

/// The positions to label: cube-turning positions all, the others one in three.
fn positions(n: usize, seed: u64, net: &BgNet, jobs: usize) -> Vec<(Position, Preset)> {
    let mut raw = n * 2;
    loop {
        let all = refine::positions(raw, seed, net, jobs);
        let kept: Vec<_> = all
            .iter()
            .enumerate()
            .filter(|(i, (p, preset))| {
                let w = net.evaluate(p, *preset)[0];
                !(0.35..=0.65).contains(&w) || i % 3 == 0
            })
            .map(|(_, x)| *x)
            .take(n)
            .collect();
        if kept.len() >= n {
            return kept;
        }
        raw *= 2;
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let Some(args) = refine::LabelArgs::parse(&a) else {
        eprintln!("usage: contact_rollout label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]");
        std::process::exit(2);
    };
    let net = refine::labelling_net();
    let seed = args.seed;
    args.run(
        "contact",
        || positions(args.positions, seed, &net, args.jobs),
        |i, p, preset| {
            refine::contact_rollout(
                &net,
                &p,
                preset,
                args.games,
                game_seed(seed ^ 0xc0a7, i as u64),
            )
        },
    );
}
