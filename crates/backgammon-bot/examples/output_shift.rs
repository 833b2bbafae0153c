//! A model with the biases of its outputs moved: `DELTAS` is five
//! numbers added to the logits of win, win gammon, win backgammon, lose
//! gammon and lose backgammon (0 leaves an output as it is). The
//! experiment of docs/STRENGTH.md "Gammon calibration".
//!
//! `cargo run --release -p backgammon-bot --example output_shift -- IN.bin OUT.bin D0,D1,D2,D3,D4`

use backgammon_bot::BgNet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 4 {
        eprintln!("usage: output_shift IN.bin OUT.bin D0,D1,D2,D3,D4");
        std::process::exit(2);
    }
    let mut net = BgNet::load(std::path::Path::new(&a[1])).expect("the model");
    let deltas: Vec<f32> = a[3]
        .split(',')
        .map(|d| d.parse().expect("a number"))
        .collect();
    for (k, d) in deltas.iter().enumerate().take(net.outputs()) {
        let (w, b) = net.output_weights(k);
        let w = w.to_vec();
        net.set_output_weights(k, &w, b + d);
    }
    net.save(std::path::Path::new(&a[2]))
        .expect("the output file");
}
