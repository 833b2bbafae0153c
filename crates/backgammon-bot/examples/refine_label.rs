//! Labels a refinement set with the library calls of `trictrac bg refine
//! label` (the same bytes for the same arguments; see
//! `backgammon_bot::train::refine`): gathers N contact positions from self-play of
//! MODEL at 0 ply (seed SEED), labels each with MODEL's 2-ply outputs and
//! appends them to OUT, resuming OUT if begun. Prints a line per 16 chunks.
//!
//! `cargo run --release -p backgammon-bot --example refine_label -- MODEL.bin N SEED OUT [JOBS]`

use std::time::Instant;

use backgammon_bot::train::refine::{positions, LabelWriter};
use backgammon_bot::BgNet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let net = BgNet::load(std::path::Path::new(&a[1])).expect("model");
    let n: usize = a[2].parse().expect("positions");
    let seed: u64 = a[3].parse().expect("seed");
    let out = std::path::Path::new(&a[4]);
    let jobs: usize = a.get(5).map_or(1, |j| j.parse().expect("jobs"));
    let t = Instant::now();
    let ps = positions(n, seed, &net, jobs);
    println!(
        "{} positions gathered in {:.1} s",
        ps.len(),
        t.elapsed().as_secs_f64()
    );
    let mut w = LabelWriter::open(out, seed).expect("the set file");
    let start = w.done();
    println!("{start} already labelled");
    let t = Instant::now();
    w.run(&net, &ps, jobs, |done| {
        if (done / backgammon_bot::train::refine::CHUNK).is_multiple_of(16) || done == n {
            let s = t.elapsed().as_secs_f64();
            println!(
                "labelled {done} secs {s:.0} per second {:.1}",
                (done - start) as f64 / s.max(1e-9)
            );
        }
    })
    .expect("labelling");
}
