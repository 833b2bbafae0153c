//! Race positions labelled by truncated rollouts, and the race network
//! trained on them (issue 37: the race is the evaluator's weakest class).
//!
//! `cargo run --release -p backgammon-bot --example race_rollout -- label SET POSITIONS SEED GAMES_PER_ROLL`
//!
//! 1. *Positions*: the race positions (no contact, not yet a pure
//!    bear-off) met before each roll in race games played from the
//!    starting positions of [`start_positions`] (seed `SEED`) by the
//!    shipped race network at 0 ply, one play in ten random, without
//!    duplicates, in the order met (a shorter set is a prefix of a longer
//!    one).
//! 2. *Labels*: for each position, `21 × GAMES_PER_ROLL` games: each of
//!    the 21 first rolls (weighted 1 or 2 of 36) played `GAMES_PER_ROLL`
//!    times, both sides at 0 ply (the shipped race network; the bear-off
//!    database when both sides bear off), each game stopped as soon as both
//!    sides bear off and valued there by the exact database — a rollout
//!    truncated where the value is known exactly. Our own play only.
//! 3. *The set*: the refine set format (`refine::record`), appended 1 024
//!    positions at a time; the same command resumes a set that was
//!    stopped (its complete records are kept).
//!
//! `cargo run --release -p backgammon-bot --example race_rollout -- match A.bin B.bin STARTS SEED`
//!
//! A against B (`shipped`: the shipped race network) on STARTS race
//! starting positions of SEED, each played twice with the same dice (A on
//! roll, then B), both at 0 ply with the database, each race valued where
//! the database takes over: A's points per game, 95 % interval.
//!
//! `cargo run --release -p backgammon-bot --example race_rollout -- match3 A.bin B.bin STARTS SEED [JOBS]`
//!
//! The same at the default bot's depth: each side's plays chosen by the
//! bot's 3-ply search with its own race network.
//!
//! `cargo run --release -p backgammon-bot --example race_rollout -- agree A.bin B.bin POSITIONS SEED`
//!
//! On race positions of our own play (SEED) with a random roll each, how
//! often each network's 0-ply play is gnubg's 0-ply play (the yardstick,
//! never the teacher), and the plays where only one of them agrees.
//!
//! `cargo run --release -p backgammon-bot --example race_rollout -- train OUT.bin EPOCHS ALPHA ALPHA_END SEED SET...`
//!
//! Supervised epochs from the shipped race network (with
//! `RACE_HIDDEN=N` in the environment: from a network of N hidden units
//! with random weights; `Net::learn`, the rate falling linearly), every twentieth position held out; the log
//! gives the held-out mean squared error and mean |equity error|.

use std::path::Path;

use backgammon::score::win_kind;
use backgammon::{DiceSource, PlayList, Position, Preset, Roll};
use backgammon_bot::eval::bearoff;
use backgammon_bot::eval::race::{self, RaceNet};
use backgammon_bot::net::{equity, flip, outcome, N_OUTPUTS};
use backgammon_bot::search::deep::{Scratch, Searcher};
use backgammon_bot::train::race::{best_after, race_rules, start_positions};
use backgammon_bot::train::refine::{self, Sample};
use neural::td::{game_seed, parallel_map};
use neural::Features;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Race positions, in the order met.
fn positions(n: usize, seed: u64, net: &RaceNet) -> Vec<(Position, Preset)> {
    let starts = start_positions(n / 4 + 16, seed, 1);
    let mut seen = std::collections::HashSet::with_capacity(2 * n);
    let mut out = Vec::with_capacity(n);
    let mut buf = PlayList::new();
    for (k, &(start, preset)) in starts.iter().cycle().enumerate() {
        if out.len() >= n || k > 64 * n {
            break;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed ^ 0x5ace, k as u64));
        let mut pos = start;
        while pos.winner().is_none() && !bearoff::applies(&pos) {
            if out.len() < n && seen.insert((pos, preset)) {
                out.push((pos, preset));
            }
            let roll = rng.roll();
            if rng.gen_range(0..10) == 0 {
                buf.clear();
                pos.legal_plays_into(roll, &race_rules(preset), &mut buf);
                let p = buf.get(rng.gen_range(0..buf.len())).copied();
                pos = match p {
                    Some(p) => pos.play_unchecked(&p),
                    None => pos.with_turn(!pos.turn()),
                };
            } else {
                pos = best_after(net, &pos, roll, preset, &mut buf);
            }
        }
    }
    out
}

/// The truncated rollout of `pos` (before its side on roll rolls), in his
/// eyes: stopped where both sides bear off.
fn rollout(
    net: &RaceNet,
    root: &Position,
    preset: Preset,
    games: u32,
    seed: u64,
) -> [f32; N_OUTPUTS] {
    let mut buf = PlayList::new();
    refine::rollout_label(
        root,
        preset,
        games,
        seed,
        |pos, roll| best_after(net, pos, roll, preset, &mut buf),
        |pos| bearoff::applies(pos).then(|| bearoff::evaluate(pos)),
    )
}

fn label(a: &[String]) {
    let Some(args) = refine::LabelArgs::parse(a) else {
        eprintln!("usage: race_rollout label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]");
        std::process::exit(2);
    };
    let net = race::race_net().expect("a race model").clone();
    let seed = args.seed;
    args.run(
        "race",
        || positions(args.positions, seed, &net),
        |i, p, preset| {
            rollout(
                &net,
                &p,
                preset,
                args.games,
                game_seed(seed ^ 0x7011, i as u64),
            )
        },
    );
}

fn loss(net: &RaceNet, s: &[&Sample]) -> (f64, f64) {
    let (mut se, mut ee) = (0.0f64, 0.0f64);
    for x in s {
        let y = net.evaluate(&x.pos, x.preset);
        for (yk, tk) in y.iter().zip(&x.target) {
            se += ((yk - tk) as f64).powi(2);
        }
        let mut t = [0.0f32; neural::MAX_OUTPUTS];
        t[..N_OUTPUTS].copy_from_slice(&x.target);
        ee += (equity(&y) - equity(&t)).abs() as f64;
    }
    let n = s.len().max(1) as f64;
    (se / n / N_OUTPUTS as f64, ee / n)
}

fn train(a: &[String]) {
    let out = Path::new(&a[2]);
    let epochs: u32 = a[3].parse().expect("epochs");
    let alpha: f32 = a[4].parse().expect("alpha");
    let alpha_end: f32 = a[5].parse().expect("alpha end");
    let seed: u64 = a[6].parse().expect("seed");
    let mut all = Vec::new();
    for s in &a[7..] {
        all.extend(refine::read_set(Path::new(s)).expect("a set").1);
    }
    let (train, test): (Vec<_>, Vec<_>) = all
        .iter()
        .enumerate()
        .partition(|(i, _)| !refine::held_out(*i));
    let train: Vec<&Sample> = train.into_iter().map(|x| x.1).collect();
    let test: Vec<&Sample> = test.into_iter().map(|x| x.1).collect();
    // RACE_HIDDEN=N: a network of N hidden units from random weights
    // (a cheaper race evaluator) instead of the shipped one.
    let mut net = match std::env::var("RACE_HIDDEN")
        .ok()
        .and_then(|h| h.parse().ok())
    {
        Some(h) => RaceNet::new(h, seed),
        None => race::race_net().expect("a race model").clone(),
    };
    let (m, e) = loss(&net, &test);
    println!(
        "epoch 0 held-out mse {m:.6} equity {e:.4} ({} train, {} test)",
        train.len(),
        test.len()
    );
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let steps = (epochs as usize * train.len()).max(1);
    let mut step = 0usize;
    let mut f = Features::default();
    for ep in 1..=epochs {
        order.shuffle(&mut rng);
        for &i in &order {
            let s = train[i];
            let rate = alpha + (alpha_end - alpha) * step as f32 / steps as f32;
            f.clear();
            race::encode(&s.pos, s.preset, &mut f);
            let mut t = [0.0f32; neural::MAX_OUTPUTS];
            t[..N_OUTPUTS].copy_from_slice(&s.target);
            net.0.learn(&f, &t[..N_OUTPUTS], rate);
            step += 1;
        }
        let (m, e) = loss(&net, &test);
        println!("epoch {ep} held-out mse {m:.6} equity {e:.4}");
        net.save(out).expect("saved");
    }
}

/// A player of the duels: the position after its play of a roll.
type Chooser<'a> =
    dyn Fn(&'static RaceNet, &Position, Roll, Preset, &mut PlayList) -> Position + 'a;

/// One race from `start` with the dice of `seed`, `first` playing the
/// side on roll and `second` the other, each choosing by `choose`, until
/// the database values it: the first side's expected points (cubeless).
fn duel(
    first: &'static RaceNet,
    second: &'static RaceNet,
    start: Position,
    preset: Preset,
    seed: u64,
    choose: &Chooser,
) -> f64 {
    let me = start.turn();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = PlayList::new();
    let mut pos = start;
    loop {
        if let Some(w) = pos.winner() {
            let o = outcome(w, win_kind(&pos, w, preset), me);
            return equity(&o) as f64;
        }
        if bearoff::applies(&pos) {
            let o = bearoff::evaluate(&pos);
            let o = if pos.turn() == me { o } else { flip(&o) };
            return equity(&o) as f64;
        }
        let net = if pos.turn() == me { first } else { second };
        let r = rng.roll();
        pos = choose(net, &pos, r, preset, &mut buf);
    }
}

/// The race network of a model file, or the shipped one (`shipped`),
/// for the life of the process.
fn load_net(path: &str) -> &'static RaceNet {
    if path == "shipped" {
        race::race_net().expect("a race model")
    } else {
        Box::leak(Box::new(
            RaceNet::load(Path::new(path)).expect("a race model"),
        ))
    }
}

/// `match A.bin B.bin STARTS SEED`: A against B on the race starting
/// positions of SEED, each start played twice with the same dice (A on
/// roll, then B on roll), both at 0 ply with the database; A's points
/// per game with a 95 % interval (per pair of games).
///
/// `match3 A.bin B.bin STARTS SEED [JOBS]`: the same at the default bot's
/// depth, each side's play chosen by the bot's 3-ply search
/// ([`Searcher::best_3ply`], cubeless) with its own race network
/// ([`race::with_race_net`]), the shipped contact network and database
/// shared (races never come back to contact).
fn duel_match(a: &[String]) {
    let (x, y) = (load_net(&a[2]), load_net(&a[3]));
    let n: usize = a[4].parse().expect("starts");
    let seed: u64 = a[5].parse().expect("seed");
    let jobs: usize = a.get(6).map_or(1, |j| j.parse().expect("jobs"));
    let starts = start_positions(n, seed, 1);
    let deep = a[1] == "match3";
    let bot = backgammon_bot::net::default_net();
    let choose = move |net: &'static RaceNet,
                       pos: &Position,
                       r: Roll,
                       preset: Preset,
                       buf: &mut PlayList| {
        if !deep {
            return best_after(net, pos, r, preset, buf);
        }
        race::with_race_net(net, || {
            let rules = race_rules(preset);
            buf.clear();
            pos.legal_plays_into(r, &rules, buf);
            let (play, _) =
                Searcher::new(&bot, &rules, None).best_3ply(pos, buf, &mut Scratch::default());
            pos.play_unchecked(&play)
        })
    };
    let pairs = parallel_map(n, jobs, |k| {
        let (p, preset) = starts[k];
        let s = game_seed(seed ^ 0xd0e1, k as u64);
        (duel(x, y, p, preset, s, &choose) - duel(y, x, p, preset, s, &choose)) / 2.0
    });
    let m = pairs.iter().sum::<f64>() / pairs.len() as f64;
    let v = pairs.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (pairs.len() - 1).max(1) as f64;
    let h = 1.96 * (v / pairs.len() as f64).sqrt();
    println!(
        "{} against {}{}: {} races twice, A's points per game {:+.4} (95 % CI {:+.4} to {:+.4})",
        a[2],
        a[3],
        if deep { " at 3 plies" } else { " at 0 ply" },
        pairs.len(),
        m,
        m - h,
        m + h
    );
}

/// `agree A.bin B.bin POSITIONS SEED`: on race positions of our own play
/// (seed SEED, not a training seed) with a roll each, how often each
/// network's 0-ply play is gnubg's (its `move` at the default 0-ply), and
/// where they differ, which of the two is gnubg's.
fn agree(a: &[String]) {
    let (x, y) = (load_net(&a[2]), load_net(&a[3]));
    let n: usize = a[4].parse().expect("positions");
    let seed: u64 = a[5].parse().expect("seed");
    let shipped = race::race_net().expect("a race model").clone();
    let pos = positions(n, seed, &shipped);
    let rules = race_rules(Preset::Standard);
    let mut gnubg = backgammon_bot::players::gnubg::Gnubg::start(&rules).expect("gnubg");
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, 0xa9ee));
    let mut buf = PlayList::new();
    let (mut choices, mut same_x, mut same_y, mut only_x, mut only_y) = (0, 0, 0, 0, 0);
    for &(p, _) in &pos {
        let roll = rng.roll();
        buf.clear();
        p.legal_plays_into(roll, &rules, &mut buf);
        if buf.len() < 2 {
            continue;
        }
        let mut g = backgammon::Game::from_position(rules, p);
        g.roll(roll).expect("a roll");
        let theirs = p.play_unchecked(&gnubg.best_play(&g).expect("gnubg's play"));
        let px = best_after(x, &p, roll, Preset::Standard, &mut buf);
        let py = best_after(y, &p, roll, Preset::Standard, &mut buf);
        choices += 1;
        let (sx, sy) = (px == theirs, py == theirs);
        same_x += sx as u32;
        same_y += sy as u32;
        only_x += (sx && !sy) as u32;
        only_y += (sy && !sx) as u32;
    }
    let pc = |k: u32| 100.0 * k as f64 / choices.max(1) as f64;
    println!(
        "{choices} race plays with a choice: gnubg's play by {} {:.1} %, by {} {:.1} %; only {} {}, only {} {}",
        a[2],
        pc(same_x),
        a[3],
        pc(same_y),
        a[2],
        only_x,
        a[3],
        only_y
    );
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    match a.get(1).map(String::as_str) {
        Some("label") => label(&a),
        Some("train") => train(&a),
        Some("match" | "match3") => duel_match(&a),
        Some("agree") => agree(&a),
        _ => eprintln!("race_rollout label SET POSITIONS SEED GAMES_PER_ROLL [JOBS] | train OUT EPOCHS ALPHA ALPHA_END SEED SET... | match|match3 A.bin B.bin STARTS SEED [JOBS] | agree A.bin B.bin POSITIONS SEED"),
    }
}
