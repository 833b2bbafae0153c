//! The two workloads of `benches/movegen.rs` as a plain program, for
//! `perf stat` (instruction counts do not depend on the machine's load):
//! `cargo run --release -p backgammon --example bench_work -- games|corpus N`.
use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("games");
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let t = std::time::Instant::now();
    match what {
        "corpus" => {
            let corpus: Vec<Position> = include_str!("../benches/corpus.txt")
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| {
                    let (id, s) = l.split_once(' ').unwrap();
                    let side = if s.trim() == "white" {
                        Side::White
                    } else {
                        Side::Black
                    };
                    Position::from_position_id(id, side).unwrap()
                })
                .collect();
            let rules = Rules::standard();
            let mut list = PlayList::new();
            let mut total = 0;
            for _ in 0..n {
                for pos in black_box(&corpus) {
                    for roll in Roll::ALL {
                        pos.legal_plays_into(roll, &rules, &mut list);
                        total += list.len();
                    }
                }
            }
            assert_eq!(total as u64, 62_002 * n);
            let e = t.elapsed().as_secs_f64();
            println!("corpus: {:.3} us per roll", e * 1e6 / (n as f64 * 4200.0));
        }
        _ => {
            let rules = Rules {
                cube: false,
                ..Rules::standard()
            };
            let mut plies = 0usize;
            for seed in 1..=n * 100 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut g = Game::money(rules);
                g.roll_with(&mut rng).unwrap();
                loop {
                    match g.phase() {
                        Phase::Play(_, _) => {
                            let plays = g.legal_plays();
                            let p = plays[rng.gen_range(0..plays.len())];
                            g.play(&p).unwrap();
                            plies += 1;
                        }
                        Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
                        _ => break,
                    }
                }
            }
            let e = t.elapsed().as_secs_f64();
            println!(
                "games: {plies} plies, {:.0} games/s, {:.3} ms per 100",
                (n * 100) as f64 / e,
                e * 1e3 / n as f64
            );
        }
    }
}
