//! The default bot's plays in races and bear-offs against GNU
//! Backgammon's: games of `neural` against `gnubg` (0 ply, cube off); at
//! every play of ours with a choice, gnubg's play for the same position
//! and roll, counted by the evaluator that values the position (bear-off
//! database, race, contact), and in races and bear-offs the equity our
//! play loses by gnubg's 0-ply cubeless evaluation of the two positions
//! after the plays. Also how close our 0-ply winning chances in races
//! and bear-offs are to gnubg's.
//!
//! `cargo run --release -p backgammon-bot --example race_check -- GAMES SEED`

use backgammon::{Game, Phase, Rules};
use backgammon_bot::default_net;
use backgammon_bot::eval::Evaluator;
use backgammon_bot::players::gnubg::Gnubg;

mod versus_gnubg;
use versus_gnubg::versus;

fn main() {
    let (games, seed) = versus_gnubg::args();
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut judge = Gnubg::start(&rules).expect("gnubg");
    let mut opp = Gnubg::start(&rules).expect("gnubg");
    let net = default_net();
    // [bear-off, race, contact]: (plays with a choice, same as gnubg)
    let mut same = [(0u32, 0u32); 3];
    // [bear-off, race]: (plays with a choice, sum of the loss, plays
    // within 0.005 of gnubg's)
    let mut loss = [(0u32, 0.0f64, 0u32); 2];
    // [bear-off, race]: (positions, sum |our win − gnubg's win|)
    let mut chances = [(0u32, 0.0f64); 2];
    for k in 0..games {
        let (ours_side, mut ours, mut dice, mut g) = versus(k, seed, rules);
        loop {
            let r = match g.phase() {
                Phase::Opening => g.roll_with(&mut dice),
                Phase::Roll(side) => {
                    let e = Evaluator::of(g.position());
                    if side == ours_side && e != Evaluator::Contact {
                        judge.cube_equities(&g).expect("gnubg");
                        let theirs = judge.last_chances()[0];
                        let o = net.evaluate(g.position(), rules.preset);
                        let c = &mut chances[(e == Evaluator::Race) as usize];
                        c.0 += 1;
                        c.1 += (o[0] as f64 - theirs).abs();
                    }
                    g.roll_with(&mut dice)
                }
                Phase::Play(side, _) => {
                    let p = if side == ours_side {
                        let p = ours.choose_play(&g);
                        if g.legal_plays().len() > 1 {
                            let theirs = judge.best_play(&g).expect("gnubg");
                            let e = Evaluator::of(g.position());
                            let i = match e {
                                Evaluator::BearoffDb => 0,
                                Evaluator::Race => 1,
                                Evaluator::Contact => 2,
                            };
                            same[i].0 += 1;
                            let (a, b) = (
                                g.position().play_unchecked(&p),
                                g.position().play_unchecked(&theirs),
                            );
                            if a == b {
                                same[i].1 += 1;
                            }
                            if i < 2 {
                                let l = if a == b {
                                    0.0
                                } else {
                                    let mut eq = |after: backgammon::Position| -> f64 {
                                        if after.winner().is_some() {
                                            // Only a play that wins ends the game.
                                            return 1.0;
                                        }
                                        let ga = Game::from_position(rules, after);
                                        judge.cube_equities(&ga).expect("gnubg");
                                        let c = judge.last_chances();
                                        -(2.0 * c[0] - 1.0 + c[1] - c[3] + c[2] - c[4])
                                    };
                                    (eq(b) - eq(a)).max(0.0)
                                };
                                let t = &mut loss[i];
                                t.0 += 1;
                                t.1 += l;
                                t.2 += (l <= 0.005) as u32;
                            }
                        }
                        p
                    } else {
                        opp.best_play(&g).expect("gnubg")
                    };
                    g.play(&p)
                }
                Phase::Over(_) => break,
                Phase::Doubled { .. } => unreachable!("cube off"),
            };
            r.expect("a legal action");
        }
    }
    for (name, (n, s)) in ["bear-off database", "race", "contact network"]
        .iter()
        .zip(same)
    {
        println!(
            "{name:>18}: {s} of {n} plays as gnubg's ({:.1} %)",
            100.0 * s as f64 / n.max(1) as f64
        );
    }
    for (name, (n, l, ok)) in ["bear-off database", "race"].iter().zip(loss) {
        println!(
            "{name:>18}: {ok} of {n} plays within 0.005 of gnubg's best ({:.1} %), mean loss {:.4}",
            100.0 * ok as f64 / n.max(1) as f64,
            l / n.max(1) as f64
        );
    }
    for (name, (n, d)) in ["bear-off database", "race"].iter().zip(chances) {
        println!(
            "{name:>18}: mean |our win − gnubg's win| {:.4} over {n} positions",
            d / n.max(1) as f64
        );
    }
}
