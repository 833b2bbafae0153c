//! Random self-play throughput: complete 12-hole games per second on one
//! core (uniformly random legal plays, staying after every hole).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac::{Game, GameOptions, Phase};

fn random_game(seed: u64) -> Game {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut choice = ChaCha8Rng::seed_from_u64(!seed);
    let mut g = Game::new(GameOptions::default());
    loop {
        match g.phase() {
            Phase::FirstMove | Phase::Roll(_) => g.roll_with(&mut dice).unwrap(),
            Phase::StayOrLeave(_) => g.stay().unwrap(),
            Phase::Mark(_) => {
                let owed = g.points_owed().unwrap();
                g.declare(owed).unwrap()
            }
            Phase::Play(_) => {
                let plays = g.legal_plays();
                let p = plays[choice.gen_range(0..plays.len())];
                g.play(&p).unwrap();
            }
            Phase::Over(_) => return g,
        }
    }
}

fn bench(c: &mut Criterion) {
    // Rolls per game over a sample, for the report.
    let n = 2000u64;
    let rolls: u64 = (0..n).map(|s| random_game(s).rolls() as u64).sum();
    eprintln!("rolls per game: {:.1}", rolls as f64 / n as f64);
    let g = random_game(42);
    assert!(g.winner().is_some());
    let mut group = c.benchmark_group("selfplay");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random 12-hole game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(seed).rolls())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
