//! The neural bot's cube decisions checked against GNU Backgammon's
//! (`cfevaluate` at 0 ply): money games of `neural` against `gnubg` with
//! the cube (standard rules, Jacoby); at every cube decision of ours,
//! gnubg's verdict on the same position and the equity our choice loses
//! by gnubg's numbers (normalised, in units of the cube), classified:
//! missed and wrong doubles (premature, or doubling what gnubg plays on
//! as too good), wrong takes and wrong drops; by the evaluator that
//! applies (bear-off database, race, contact), centred or owned cube,
//! gammonish or not (gnubg's gammon chances of both sides above 15 %).
//!
//! `cargo run --release -p backgammon-bot --example cube_check -- GAMES SEED`
//!
//! With `CUBE_CSV=FILE` every decision is also written as a line of
//! FILE: the position, the cube, gnubg's three equities and chances, and
//! our chances at 0 ply, after the roller's 21 rolls and searched 2
//! plies deeper after them (`cube_outputs` at 3 plies).

use std::collections::BTreeMap;
use std::io::Write;

use backgammon::{Game, Phase, PlayList, Rules};
use backgammon_bot::analysis::cubeful::cube_outputs;
use backgammon_bot::cube::{self, Owner};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::flip;
use backgammon_bot::players::gnubg::Gnubg;
use backgammon_bot::{default_net, BgBot};

mod versus_gnubg;
use versus_gnubg::versus;

/// Decisions and the equity they lost, by class.
#[derive(Default)]
struct Tally {
    n: u32,
    wrong: u32,
    lost: f64,
    /// The loss times the cube's value: points.
    points: f64,
}

impl Tally {
    fn add(&mut self, lost: f64, cube: u32) {
        self.n += 1;
        if lost > 0.0 {
            self.wrong += 1;
        }
        self.lost += lost;
        self.points += lost * f64::from(cube);
    }
}

/// The classes of one decision.
fn classes(g: &Game, chances: [f64; 5], jacoby: bool) -> Vec<String> {
    let pos = g.position();
    let kind = match Evaluator::of(pos) {
        Evaluator::BearoffDb => "bear-off",
        Evaluator::Race => "race",
        Evaluator::Contact => "contact",
    };
    let me = pos.turn();
    let owner = match g.cube().owner {
        None if jacoby => "centred (Jacoby)",
        None => "centred",
        Some(s) if s == me => "owned by the doubler",
        Some(_) => "owned by the taker",
    };
    let gammonish = if chances[1] + chances[3] > 0.15 {
        "gammonish"
    } else {
        "few gammons"
    };
    vec![
        kind.to_string(),
        owner.to_string(),
        gammonish.to_string(),
        format!("cube {}", g.cube().value),
    ]
}

fn main() {
    let (games, seed) = versus_gnubg::args();
    let rules = Rules::standard();
    let mut judge = Gnubg::start(&rules).expect("gnubg");
    let mut opp = Gnubg::start(&rules).expect("gnubg");
    let mut csv = std::env::var_os("CUBE_CSV").map(|p| {
        let mut f = std::fs::File::create(p).expect("CUBE_CSV is writable");
        writeln!(f, "game,kind,position,cube,owner,jacoby,evaluator,pips_me,pips_opp,g_nd,g_dt,g_dp,g_w,g_wg,g_wbg,g_lg,g_lbg,z_w,z_wg,z_wbg,z_lg,z_lbg,r_w,r_wg,r_wbg,r_lg,r_lbg,d_w,d_wg,d_wbg,d_lg,d_lbg,ours").unwrap();
        f
    });
    let net = default_net();
    // (decision, outcome) -> tally; class -> tally for each decision kind.
    let mut outcome: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_class: BTreeMap<(&str, String), Tally> = BTreeMap::new();
    let mut all = [Tally::default(), Tally::default()];
    for k in 0..games {
        let (ours_side, mut ours, mut dice, mut g) = versus(k, seed, rules);
        loop {
            // One of our cube decisions: doubling (we are on roll) or
            // taking (gnubg doubled).
            let ours_to_decide = match g.phase() {
                Phase::Roll(side) => side == ours_side && g.can_double(side),
                Phase::Doubled { by } => by != ours_side,
                _ => false,
            };
            let r = match g.phase() {
                Phase::Opening => g.roll_with(&mut dice),
                _ if ours_to_decide => {
                    // One of our cube decisions: doubling (we are on roll)
                    // or taking (gnubg doubled).
                    let doubling = matches!(g.phase(), Phase::Roll(_));
                    let we = if doubling {
                        ours.wants_double(&g)
                    } else {
                        ours.takes(&g)
                    };
                    // gnubg's equities are the doubler's (on roll).
                    let [nd, dt, dp] = judge.cube_equities(&g).expect("gnubg");
                    let c = judge.last_chances();
                    let pos = g.position();
                    let jacoby = g.rules().jacoby && g.cube().owner.is_none();
                    let (label, lost) = if doubling {
                        let dbl = dt.min(dp);
                        let best = dbl > nd;
                        match (we, best) {
                            (true, true) | (false, false) => ("double: right", 0.0),
                            (false, true) => ("double: missed", dbl - nd),
                            (true, false) if nd > dp => ("double: too good, doubled", nd - dbl),
                            (true, false) => ("double: premature", nd - dbl),
                        }
                    } else {
                        let best = dt <= dp;
                        match (we, best) {
                            (true, true) | (false, false) => ("take: right", 0.0),
                            (true, false) => ("take: wrong take", dt - dp),
                            (false, true) => ("take: wrong drop", dp - dt),
                        }
                    };
                    let cubev = g.cube().value;
                    outcome.entry(label).or_default().add(lost, cubev);
                    let kind = if doubling { "double" } else { "take" };
                    all[usize::from(!doubling)].add(lost, cubev);
                    for cl in classes(&g, c, jacoby) {
                        by_class.entry((kind, cl)).or_default().add(lost, cubev);
                    }
                    if let Some(f) = csv.as_mut() {
                        let z = net.evaluate(pos, g.rules().preset);
                        let mut buf = PlayList::new();
                        let rolled =
                            flip(&net.after_play_2ply(pos, !pos.turn(), g.rules(), &mut buf));
                        // The mean over the roller's rolls of his best play
                        // searched at 2 plies (gnubg's 2-ply).
                        let deep = cube_outputs(&net, pos, g.rules(), 3);
                        let me = pos.turn();
                        let owner = match g.cube().owner {
                            None => Owner::Centred,
                            Some(s) if s == me => Owner::Me,
                            Some(_) => Owner::Opponent,
                        };
                        let fl = |o: &[f32]| {
                            o[..5]
                                .iter()
                                .map(|x| format!("{x:.5}"))
                                .collect::<Vec<_>>()
                                .join(",")
                        };
                        writeln!(
                            f,
                            "{k},{kind},{},{cubev},{owner:?},{},{:?},{},{},{nd:.5},{dt:.5},{dp:.5},{},{},{},{},{}",
                            pos.to_position_id(),
                            u8::from(jacoby),
                            Evaluator::of(pos),
                            pos.pip_count(me),
                            pos.pip_count(!me),
                            c.map(|x| format!("{x:.5}")).join(","),
                            fl(&z),
                            fl(&rolled),
                            fl(&deep),
                            u8::from(we),
                        )
                        .unwrap();
                    }
                    if std::env::var_os("VERBOSE").is_some() && lost > 0.0 {
                        let o = net.evaluate_for_cube(pos, g.rules());
                        let d = cube::decide(pos, g.rules(), g.match_state(), g.cube(), &o);
                        println!(
                            "{label} {lost:.3}: {} cube {:?} gnubg nd {nd:.3} dt {dt:.3} dp {dp:.3} {c:.3?}; ours {:.3?} {d:.3?}",
                            pos.to_position_id(),
                            g.cube(),
                            &o[..5]
                        );
                    }
                    if doubling {
                        if we {
                            g.double()
                        } else {
                            g.roll_with(&mut dice)
                        }
                    } else if we {
                        g.take()
                    } else {
                        g.drop_double()
                    }
                }
                Phase::Roll(side) => {
                    if side != ours_side && g.can_double(side) && opp.wants_double(&g) {
                        g.double()
                    } else {
                        g.roll_with(&mut dice)
                    }
                }
                Phase::Doubled { .. } => {
                    // We doubled: gnubg answers.
                    if opp.takes(&g) {
                        g.take()
                    } else {
                        g.drop_double()
                    }
                }
                Phase::Play(side, _) => {
                    let p = if side == ours_side {
                        ours.choose_play(&g)
                    } else {
                        opp.choose_play(&g)
                    };
                    g.play(&p)
                }
                Phase::Over(_) => break,
            };
            r.expect("a legal action");
        }
    }
    let line = |name: &str, t: &Tally| {
        println!(
            "{name:<34} {:>6} {:>6} {:>9.3} {:>9.2} {:>9.3}",
            t.n,
            t.wrong,
            t.lost,
            if t.n > 0 {
                1000.0 * t.lost / f64::from(t.n)
            } else {
                0.0
            },
            t.points
        );
    };
    println!("{games} games, seed {seed}: our cube decisions judged by gnubg 0-ply");
    println!(
        "{:<34} {:>6} {:>6} {:>9} {:>9} {:>9}",
        "", "n", "wrong", "lost", "m/dec", "points"
    );
    line("all doubling decisions", &all[0]);
    line("all take decisions", &all[1]);
    for (k, t) in &outcome {
        line(k, t);
    }
    for ((kind, cl), t) in &by_class {
        line(&format!("{kind}: {cl}"), t);
    }
}
