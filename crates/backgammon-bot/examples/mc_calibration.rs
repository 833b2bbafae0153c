//! How well a network's chances match the outcomes of its own games:
//! `GAMES` games of the model against itself at 0 ply (game `i` under
//! the seed preset when `i` is odd, as the training games), every
//! contact position before a roll valued by the model and compared with
//! how that game actually ended, in the eyes of the side on roll.
//! Prints the mean predicted and actual win, gammon and backgammon
//! chances of both sides, and the winning chance by tenths of the
//! prediction. With `OUT`, also writes the positions with their game's
//! outcome as a labelled set (`trictrac bg refine train --set OUT`):
//! Monte Carlo labels, noisy one by one but without the evaluator's
//! bias.
//!
//! `cargo run --release -p backgammon-bot --example mc_calibration -- MODEL.bin GAMES SEED [OUT.set]`

use backgammon::{Game, Phase, Position, Preset};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::{outcome, BgNet};
use backgammon_bot::train::refine::{preset_of, rules_of, write_set, Sample};
use neural::td::{game_seed, parallel_map};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One game: its contact positions with the model's outputs and the
/// outcome, both in the eyes of the side on roll.
fn one_game(
    net: &BgNet,
    preset: Preset,
    seed: u64,
    race: bool,
) -> Vec<(Position, [f32; 5], [f32; 5])> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules_of(preset));
    let mut seen: Vec<(Position, [f32; 5])> = Vec::new();
    loop {
        match g.phase() {
            Phase::Opening => g.roll_with(&mut rng).expect("the opening"),
            Phase::Roll(_) => {
                let pos = *g.position();
                let kind = Evaluator::of(&pos);
                if (!race && kind == Evaluator::Contact) || (race && kind == Evaluator::Race) {
                    let o = net.evaluate(&pos, preset);
                    seen.push((pos, [o[0], o[1], o[2], o[3], o[4]]));
                }
                g.roll_with(&mut rng).expect("a roll")
            }
            Phase::Play(..) => {
                let plays = g.legal_plays();
                let p = net.best_play(g.position(), plays, preset).0;
                g.play(&p).expect("a legal play")
            }
            Phase::Over(r) => {
                return seen
                    .into_iter()
                    .map(|(pos, o)| {
                        let t = outcome(r.winner, r.kind, pos.turn());
                        (pos, o, [t[0], t[1], t[2], t[3], t[4]])
                    })
                    .collect();
            }
            Phase::Doubled { .. } => unreachable!("the cube is off"),
        }
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 4 {
        eprintln!("usage: mc_calibration MODEL.bin GAMES SEED [OUT.set]");
        std::process::exit(2);
    }
    let net = BgNet::load(std::path::Path::new(&a[1])).expect("the model");
    let games: usize = a[2].parse().expect("games");
    let seed: u64 = a[3].parse().expect("seed");
    // RACE=1: the race positions (no contact, not all home) instead.
    let race = std::env::var("RACE").is_ok_and(|v| v == "1");
    let all = parallel_map(games, 0, |i| {
        let preset = preset_of(i as u64);
        (
            preset,
            one_game(&net, preset, game_seed(seed, i as u64), race),
        )
    });
    let mut n = 0f64;
    let mut pred = [0f64; 5];
    let mut real = [0f64; 5];
    let mut bins = [(0f64, 0f64, 0f64); 10];
    let mut samples = Vec::new();
    for (preset, list) in &all {
        for (pos, o, t) in list {
            n += 1.0;
            for k in 0..5 {
                pred[k] += f64::from(o[k]);
                real[k] += f64::from(t[k]);
            }
            let b = ((o[0] * 10.0) as usize).min(9);
            bins[b].0 += 1.0;
            bins[b].1 += f64::from(o[0]);
            bins[b].2 += f64::from(t[0]);
            samples.push(Sample {
                pos: *pos,
                preset: *preset,
                target: *t,
            });
        }
    }
    println!("{games} games, {n} contact positions");
    let names = ["win", "win gammon", "win bg", "lose gammon", "lose bg"];
    for k in 0..5 {
        println!(
            "{:12} predicted {:.4}  actual {:.4}  (actual − predicted {:+.4})",
            names[k],
            pred[k] / n,
            real[k] / n,
            (real[k] - pred[k]) / n
        );
    }
    for (b, (c, p, r)) in bins.iter().enumerate() {
        if *c > 0.0 {
            println!(
                "win in [{:.1}, {:.1}): {:7} positions, predicted {:.4}, actual {:.4}",
                b as f64 / 10.0,
                (b + 1) as f64 / 10.0,
                c,
                p / c,
                r / c
            );
        }
    }
    if let Some(out) = a.get(4) {
        write_set(std::path::Path::new(out), seed, &samples).expect("the set");
        println!("{} positions written to {out}", samples.len());
    }
}
