//! Two models joined into one computing the mean of their output logits
//! (`neural::Net::joined`: the hidden units side by side): the ensemble
//! of docs/STRENGTH.md as a single network.
//!
//! `cargo run --release -p backgammon-bot --example join_models -- A.bin B.bin OUT.bin`

use backgammon_bot::BgNet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 4 {
        eprintln!("usage: join_models A.bin B.bin OUT.bin");
        std::process::exit(2);
    }
    let mut x = BgNet::load(std::path::Path::new(&a[1])).expect("model A");
    let y = BgNet::load(std::path::Path::new(&a[2])).expect("model B");
    // A network of A's version (the same inputs), B's units beside A's.
    *x = x.joined(&y);
    x.save(std::path::Path::new(&a[3]))
        .expect("the output file");
}
