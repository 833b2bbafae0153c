//! The 3-ply search's move filters judged by GNU Backgammon at 2 plies
//! (issue 37): which candidates deserve the deepest level
//! (docs/STRENGTH.md, "Every candidate at 3 plies").
//!
//! `cargo run --release -p backgammon-bot --example filter_judge -- GAMES SEED`
//!
//! Plays GAMES cubeless money games of the default bot against itself,
//! dice from SEED. At every contact decision, the first filter (the
//! different positions within 0.16 of the best at 0 ply, up to 8: gnubg's
//! 2-ply and ours) gives the candidates; where it leaves two or more,
//! each is valued at 2 and at 3 plies, and each filter of [`FILTERS`]
//! picks its play: the best at 3 plies of the best KEEP at 2 plies
//! within MARGIN of the best at 2 plies (one candidate left: the best at
//! 2 plies, as the search plays it). gnubg values each play picked at 2
//! plies (cubeless money equity of the position reached, pruning on, as
//! its world class), and the run prints, for each filter, the mean
//! equity it gains a decision over the first row (2 within 0.04, the
//! filter shipped until 2026-11-30) by gnubg's values, with a 95 %
//! interval, how often its play differs and how many candidates a
//! decision it searches at 3 plies (its cost). The last row searches
//! every candidate of a first filter widened by `ZERO=KEEP,MARGIN` in the
//! environment (default 8,0.16: the same as the row before it).

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::equity;
use backgammon_bot::players::gnubg::Gnubg;
use backgammon_bot::search::deep::{after_play_3ply, Scratch};
use backgammon_bot::{by_name, default_net, BgBot, BgNet};
use neural::td::game_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The filters compared at 2 plies before the 3-ply level: (keep,
/// margin); the first is the reference, the last takes every candidate
/// of the widened first filter (`ZERO`).
const FILTERS: [(usize, f32); 7] = [
    (2, 0.04),
    (3, 0.04),
    (3, 0.08),
    (4, 0.10),
    (5, 0.16),
    (8, 0.16),
    (usize::MAX, f32::INFINITY),
];

/// A candidate: its position after the play and its equities at 0, 2
/// and 3 plies, in the mover's eyes.
struct Candidate {
    after: Position,
    zero: f32,
    two: f32,
    three: f32,
}

/// The candidates of the decision, by 2 plies: those of the first filter
/// widened to (keep, margin), and how many of them (from the best at 0
/// ply) the usual first filter keeps.
fn candidates(
    net: &BgNet,
    pos: &Position,
    roll: Roll,
    rules: &Rules,
    zero: (usize, f32),
    work: (&mut PlayList, &mut Scratch),
) -> (Vec<Candidate>, usize) {
    let mover = pos.turn();
    let mut all: Vec<Candidate> = Vec::new();
    for p in pos.legal_plays(roll, rules).iter() {
        let after = pos.play_unchecked(p);
        if !all.iter().any(|c| c.after == after) {
            let zero = equity(&net.after_play(&after, mover, rules.preset));
            all.push(Candidate {
                after,
                zero,
                two: 0.0,
                three: 0.0,
            });
        }
    }
    all.sort_by(|x, y| y.zero.total_cmp(&x.zero));
    let top = all[0].zero;
    let within = |k: usize, m: f32| all.iter().take(k).take_while(|c| c.zero >= top - m).count();
    let (wide, first) = (within(zero.0, zero.1), within(8, 0.16));
    let mut keep: Vec<Candidate> = all.into_iter().take(wide.max(first)).collect();
    let (buf, scratch) = work;
    if keep.len() > 1 {
        for c in keep.iter_mut() {
            c.two = equity(&net.after_play_2ply(&c.after, mover, rules, buf));
            c.three = equity(&after_play_3ply(net, &c.after, mover, rules, scratch));
        }
    }
    (keep, first)
}

/// The play `filter` picks among the candidates (the first `first` of
/// them, by 0 ply, unless it is the last filter), and how many it
/// searched at 3 plies.
fn pick(c: &[Candidate], first: usize, filter: (usize, f32)) -> (Position, usize) {
    let mut v: Vec<&Candidate> = if filter.0 == usize::MAX {
        c.iter().collect()
    } else {
        c[..first].iter().collect()
    };
    v.sort_by(|x, y| y.two.total_cmp(&x.two));
    let top = v[0].two;
    let m = v
        .iter()
        .take(filter.0)
        .take_while(|x| x.two >= top - filter.1)
        .count();
    if m < 2 {
        return (v[0].after, 0);
    }
    // Of equal 3-ply values, the better at 2 plies.
    let best = v[..m]
        .iter()
        .rev()
        .max_by(|x, y| x.three.total_cmp(&y.three))
        .expect("a candidate");
    (best.after, m)
}

/// gnubg's 2-ply cubeless equity of the position after a play, in the
/// mover's eyes.
fn judged(gnubg: &mut Gnubg, after: &Position) -> f64 {
    let c = gnubg.chances_at(after, 2).expect("gnubg's evaluation");
    -(2.0 * c[0] - 1.0 + c[1] - c[3] + c[2] - c[4])
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 3 {
        eprintln!("filter_judge GAMES SEED   (ZERO=KEEP,MARGIN in the environment widens the last row's first filter)");
        std::process::exit(2);
    }
    let games: u64 = a[1].parse().expect("games");
    let seed: u64 = a[2].parse().expect("seed");
    let zero: (usize, f32) = std::env::var("ZERO").ok().map_or((8, 0.16), |z| {
        let (k, m) = z.split_once(',').expect("ZERO=KEEP,MARGIN");
        (k.parse().expect("keep"), m.parse().expect("margin"))
    });
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let net = default_net();
    let mut gnubg = Gnubg::start(&rules).expect("gnubg");
    let (mut buf, mut scratch) = (PlayList::new(), Scratch::default());
    let n = FILTERS.len();
    let mut decisions = 0u64;
    let (mut gain, mut gain_sq, mut differ, mut searched) =
        (vec![0f64; n], vec![0f64; n], vec![0u64; n], vec![0u64; n]);
    let t0 = std::time::Instant::now();
    for k in 0..games {
        let mut players: [Box<dyn BgBot>; 2] = [
            by_name("neural", k).expect("neural"),
            by_name("neural", k).expect("neural"),
        ];
        let mut dice = ChaCha8Rng::seed_from_u64(game_seed(seed, k));
        let mut g = Game::money(rules);
        loop {
            let r = match g.phase() {
                Phase::Opening | Phase::Roll(_) => g.roll_with(&mut dice),
                Phase::Play(side, roll) => {
                    let pos = *g.position();
                    if Evaluator::of(&pos) == Evaluator::Contact {
                        let (c, first) =
                            candidates(&net, &pos, roll, &rules, zero, (&mut buf, &mut scratch));
                        if c.len() > 1 {
                            decisions += 1;
                            let base = pick(&c, first, FILTERS[0]).0;
                            let mut values: Vec<(Position, f64)> = Vec::new();
                            let mut value = |p: Position, gnubg: &mut Gnubg| match values
                                .iter()
                                .find(|v| v.0 == p)
                            {
                                Some(v) => v.1,
                                None => {
                                    let e = judged(gnubg, &p);
                                    values.push((p, e));
                                    e
                                }
                            };
                            for (i, &f) in FILTERS.iter().enumerate() {
                                let (p, m) = pick(&c, first, f);
                                searched[i] += m as u64;
                                if p != base {
                                    let d = value(p, &mut gnubg) - value(base, &mut gnubg);
                                    gain[i] += d;
                                    gain_sq[i] += d * d;
                                    differ[i] += 1;
                                }
                            }
                        }
                    }
                    let p = players[side as usize].choose_play(&g);
                    g.play(&p)
                }
                Phase::Over(_) => break,
                Phase::Doubled { .. } => unreachable!("cube off"),
            };
            r.expect("a legal action");
        }
        if (k + 1) % 10 == 0 || k + 1 == games {
            println!(
                "after {} games, {decisions} decisions, {:.0} s:",
                k + 1,
                t0.elapsed().as_secs_f64()
            );
            let d = decisions.max(1) as f64;
            for (i, &(keep, margin)) in FILTERS.iter().enumerate() {
                let mean = gain[i] / d;
                let half = 1.96 * ((gain_sq[i] / d - mean * mean).max(0.0) / d).sqrt();
                let name = if keep == usize::MAX {
                    format!("all of {},{:.2}", zero.0, zero.1)
                } else {
                    format!("keep {keep} within {margin:.2}")
                };
                println!(
                    "  {name:>18}: gains {mean:+.5} a decision (± {half:.5}), differs in {} ({:.1} %), {:.2} candidates at 3 plies a decision",
                    differ[i],
                    100.0 * differ[i] as f64 / d,
                    searched[i] as f64 / d
                );
            }
        }
    }
}
