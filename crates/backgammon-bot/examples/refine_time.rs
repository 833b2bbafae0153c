//! Times the gathering and the 2-ply labelling of `refine` (issue 22).
//!
//! `cargo run --release -p backgammon-bot --example refine_time -- MODEL.bin N SEED`

use std::time::Instant;

use backgammon::PlayList;
use backgammon_bot::train::refine::{label, positions};
use backgammon_bot::BgNet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let net = BgNet::load(std::path::Path::new(&a[1])).expect("model");
    let n: usize = a[2].parse().expect("positions");
    let label_n: usize = a.get(4).map_or(n, |x| x.parse().expect("labelled"));
    let seed: u64 = a[3].parse().expect("seed");
    let _ = positions(10, seed + 1, &net, 1); // builds the bear-off database
    let t = Instant::now();
    let ps = positions(n, seed, &net, 1);
    println!(
        "{} positions in {:.2} s",
        ps.len(),
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let mut buf = PlayList::new();
    let mut sum = 0.0;
    for (p, preset) in &ps[..label_n] {
        sum += label(&net, p, *preset, &mut buf)[0];
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "labelled in {s:.2} s: {:.3} ms each (mean win {:.3})",
        1000.0 * s / label_n as f64,
        sum / label_n as f32
    );
}
