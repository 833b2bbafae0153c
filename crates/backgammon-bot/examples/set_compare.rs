//! How a network's outputs compare with a labelled set's: the mean of
//! each output by the network and by the labels, and the mean |equity
//! difference|, over all the set's positions (or its first `LIMIT`).
//!
//! `cargo run --release -p backgammon-bot --example set_compare -- MODEL.bin SET [LIMIT]`

use backgammon_bot::net::{equity, BgNet};
use backgammon_bot::train::refine::read_set;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 3 {
        eprintln!("usage: set_compare MODEL.bin SET [LIMIT]");
        std::process::exit(2);
    }
    let net = BgNet::load(std::path::Path::new(&a[1])).expect("the model");
    let (_, set) = read_set(std::path::Path::new(&a[2])).expect("the set");
    let limit: usize = a.get(3).map_or(usize::MAX, |l| l.parse().expect("limit"));
    let mut n = 0f64;
    let (mut pred, mut real) = ([0f64; 5], [0f64; 5]);
    let mut dev = 0f64;
    for s in set.iter().take(limit) {
        let o = net.evaluate(&s.pos, s.preset);
        for k in 0..5 {
            pred[k] += f64::from(o[k]);
            real[k] += f64::from(s.target[k]);
        }
        let mut t = [0f32; neural::MAX_OUTPUTS];
        t[..5].copy_from_slice(&s.target);
        dev += f64::from((equity(&o) - equity(&t)).abs());
        n += 1.0;
    }
    let names = ["win", "win gammon", "win bg", "lose gammon", "lose bg"];
    println!("{n} positions");
    for k in 0..5 {
        println!(
            "{:12} network {:.4}  labels {:.4}  (labels − network {:+.4})",
            names[k],
            pred[k] / n,
            real[k] / n,
            (real[k] - pred[k]) / n
        );
    }
    println!("mean |equity difference| {:.4}", dev / n);
}
