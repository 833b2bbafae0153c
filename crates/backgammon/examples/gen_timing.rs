//! Times the generator on the benchmark corpus, doubles and singles apart
//! (a quick look; the numbers of record come from the criterion bench).
//!
//! `cargo run --release -p backgammon --example gen_timing`
use backgammon::{PlayList, Position, Roll, Rules, Side};

fn main() {
    let corpus: Vec<Position> = include_str!("../benches/corpus.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (id, s) = l.split_once(' ').unwrap();
            let side = if s == "white" {
                Side::White
            } else {
                Side::Black
            };
            Position::from_position_id(id, side).unwrap()
        })
        .collect();
    let rules = Rules::standard();
    let mut list = PlayList::new();
    for dbl in [true, false] {
        let t = std::time::Instant::now();
        let (mut n, mut rolls) = (0, 0);
        for _ in 0..50 {
            for p in &corpus {
                for r in Roll::ALL {
                    if r.is_double() == dbl {
                        p.legal_plays_into(r, &rules, &mut list);
                        n += list.len();
                        rolls += 1;
                    }
                }
            }
        }
        let e = t.elapsed().as_secs_f64();
        println!(
            "doubles={dbl}: {:.3} us/roll, {:.1} plays/roll",
            e * 1e6 / rolls as f64,
            n as f64 / rolls as f64
        );
    }
}
