//! The neural bot's cube decisions checked against GNU Backgammon's
//! (`cfevaluate` at 0 ply): money games of `neural` against `gnubg` with
//! the cube; at every cube decision of ours, gnubg's verdict on the same
//! position, and the equity our choice loses by gnubg's numbers.
//!
//! `cargo run --release -p backgammon-bot --example cube_check -- GAMES SEED`

use backgammon::{Phase, Rules};
use backgammon_bot::gnubg::Gnubg;
use backgammon_bot::Player;

mod versus_gnubg;
use versus_gnubg::versus;

#[derive(Default, Debug)]
struct Tally {
    asked: u32,
    agree: u32,
    /// (we, gnubg) -> count, loss in gnubg's equity (cube units)
    we_double_gnubg_not: (u32, f64),
    we_not_gnubg_doubles: (u32, f64),
    we_take_gnubg_drops: (u32, f64),
    we_drop_gnubg_takes: (u32, f64),
}

fn main() {
    let (games, seed) = versus_gnubg::args();
    let rules = Rules::standard();
    let mut judge = Gnubg::start(&rules).expect("gnubg");
    let mut opp = Gnubg::start(&rules).expect("gnubg");
    let mut t_double = Tally::default();
    let mut t_take = Tally::default();
    let mut err = [[0.0f64; 5]; 2];
    let mut abs = [[0.0f64; 5]; 3];
    let mut n_err = 0.0;
    for k in 0..games {
        let (ours_side, mut ours, mut dice, mut g) = versus(k, seed, rules);
        loop {
            let r = match g.phase() {
                Phase::Opening => g.roll_with(&mut dice),
                Phase::Roll(side) => {
                    let wants = if !g.can_double(side) {
                        false
                    } else if side == ours_side {
                        let we = ours.wants_double(&g);
                        let [nd, dt, dp] = judge.cube_equities(&g).expect("gnubg");
                        let best = dt.min(dp) > nd;
                        {
                            let net = backgammon_bot::default_net();
                            let z = net.evaluate(g.position(), g.rules().preset);
                            let mut buf = backgammon::PlayList::new();
                            let r = backgammon_bot::neural::flip(&net.after_play_2ply(
                                g.position(),
                                !g.position().turn(),
                                g.rules(),
                                &mut buf,
                            ));
                            let c = judge.last_chances();
                            for k in 0..5 {
                                err[0][k] += f64::from(z[k]) - c[k];
                                err[1][k] += f64::from(r[k]) - c[k];
                                abs[0][k] += (f64::from(z[k]) - c[k]).abs();
                                abs[1][k] += (f64::from(r[k]) - c[k]).abs();
                                abs[2][k] += (0.5 * f64::from(z[k] + r[k]) - c[k]).abs();
                            }
                            n_err += 1.0;
                        }
                        t_double.asked += 1;
                        if we == best {
                            t_double.agree += 1;
                        } else if we {
                            if std::env::var_os("VERBOSE").is_some() {
                                let o = backgammon_bot::default_net()
                                    .evaluate_for_cube(g.position(), g.rules());
                                let d = backgammon_bot::cube::decide(
                                    g.position(),
                                    g.rules(),
                                    g.match_state(),
                                    g.cube(),
                                    &o,
                                );
                                println!("double, gnubg not: {} cube {:?} gnubg nd {nd:.3} dt {dt:.3} dp {dp:.3} {:.3?}; ours {:.3?} {d:.3?}",
                                    g.position().to_position_id(), g.cube(), judge.last_chances(), &o[..5]);
                            }
                            t_double.we_double_gnubg_not.0 += 1;
                            t_double.we_double_gnubg_not.1 += nd - dt.min(dp);
                        } else {
                            t_double.we_not_gnubg_doubles.0 += 1;
                            t_double.we_not_gnubg_doubles.1 += dt.min(dp) - nd;
                        }
                        we
                    } else {
                        opp.wants_double(&g)
                    };
                    if wants {
                        g.double()
                    } else {
                        g.roll_with(&mut dice)
                    }
                }
                Phase::Doubled { by } => {
                    let takes = if by != ours_side {
                        let we = ours.takes(&g);
                        // gnubg's equities are the doubler's: take when
                        // taking leaves him less.
                        let [_, dt, dp] = judge.cube_equities(&g).expect("gnubg");
                        let best = dt <= dp;
                        t_take.asked += 1;
                        if we == best {
                            t_take.agree += 1;
                        } else if we {
                            if std::env::var_os("VERBOSE").is_some() {
                                let o = backgammon_bot::default_net()
                                    .evaluate_for_cube(g.position(), g.rules());
                                println!("take, gnubg drops: {} cube {:?} gnubg dt {dt:.3} dp {dp:.3} {:.3?}; ours {:.3?}",
                                    g.position().to_position_id(), g.cube(), judge.last_chances(), &o[..5]);
                            }
                            t_take.we_take_gnubg_drops.0 += 1;
                            t_take.we_take_gnubg_drops.1 += dt - dp;
                        } else {
                            t_take.we_drop_gnubg_takes.0 += 1;
                            t_take.we_drop_gnubg_takes.1 += dp - dt;
                        }
                        we
                    } else {
                        opp.takes(&g)
                    };
                    if takes {
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
    println!("doubles: {t_double:?}");
    println!("takes:   {t_take:?}");
    let m = |a: [f64; 5]| a.map(|x| (x / n_err * 1000.0).round() / 1000.0);
    println!(
        "mean error against gnubg's chances over {n_err} positions: 0 ply {:?}, rolled {:?}",
        m(err[0]),
        m(err[1])
    );
    println!(
        "mean absolute error: 0 ply {:?}, rolled {:?}, mean of both {:?}",
        m(abs[0]),
        m(abs[1]),
        m(abs[2])
    );
}
