//! The two workloads of `benches/movegen.rs` as a plain program, for
//! `perf stat` (instruction counts do not depend on the machine's load):
//! `cargo run --release -p backgammon --example bench_work -- games|corpus N`.
use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use std::hint::black_box;

#[path = "../benches/workloads/mod.rs"]
mod workloads;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("games");
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let t = std::time::Instant::now();
    match what {
        "corpus" => {
            let corpus = workloads::corpus();
            let rules = Rules::standard();
            let mut list = PlayList::new();
            let mut total = 0;
            for _ in 0..n {
                total += workloads::count_all(black_box(&corpus), &rules, &mut list);
            }
            assert_eq!(total as u64, workloads::CORPUS_PLAYS as u64 * n);
            let e = t.elapsed().as_secs_f64();
            println!("corpus: {:.3} us per roll", e * 1e6 / (n as f64 * 4200.0));
        }
        _ => {
            let plies: usize = (1..=n * 100).map(workloads::random_game).sum();
            let e = t.elapsed().as_secs_f64();
            println!(
                "games: {plies} plies, {:.0} games/s, {:.3} ms per 100",
                (n * 100) as f64 / e,
                e * 1e3 / n as f64
            );
        }
    }
}
