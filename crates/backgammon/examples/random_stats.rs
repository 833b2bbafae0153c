//! Statistics of the generator over the positions of random games (the
//! random-games bench's workload): plays per roll and time, by kind.
//!
//! `cargo run --release -p backgammon --example random_stats`
use backgammon::{Game, Phase, PlayList, Position, Roll, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let mut items: Vec<(Position, Roll)> = Vec::new();
    for seed in 1..=2000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::money(rules);
        g.roll_with(&mut rng).unwrap();
        loop {
            match g.phase() {
                Phase::Play(_, roll) => {
                    items.push((*g.position(), roll));
                    let plays = g.legal_plays();
                    let p = plays[rng.gen_range(0..plays.len())];
                    g.play(&p).unwrap();
                }
                Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
                _ => break,
            }
        }
    }
    let mut list = PlayList::new();
    type Kind = (&'static str, fn(&Position, Roll) -> bool);
    let kinds: [Kind; 6] = [
        ("all", |_, _| true),
        ("doubles", |_, r| r.is_double()),
        ("singles", |_, r| !r.is_double()),
        ("bar", |p, _| p.on_bar(p.turn()) > 0),
        ("race", |p, _| p.is_race()),
        ("bearoff", |p, _| p.all_home(p.turn())),
    ];
    for (name, f) in kinds {
        let sel: Vec<&(Position, Roll)> = items.iter().filter(|(p, r)| f(p, *r)).collect();
        let mut n = 0usize;
        let t = std::time::Instant::now();
        for _ in 0..5 {
            for (p, r) in &sel {
                p.legal_plays_into(*r, &rules, &mut list);
                n += list.len();
            }
        }
        let e = t.elapsed().as_secs_f64();
        println!(
            "{name:8} {:6} rolls ({:.1}%): {:.3} us/roll, {:.1} plays/roll, total {:.1} ms/5",
            sel.len(),
            100.0 * sel.len() as f64 / items.len() as f64,
            e * 1e6 / (5 * sel.len()) as f64,
            n as f64 / (5 * sel.len()) as f64,
            e * 1e3
        );
    }
}
