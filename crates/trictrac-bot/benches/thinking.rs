//! Thinking time of the players: one decision in each of eight
//! middle-game positions (per iteration), on one core, and the parts of
//! an evaluation. Divide by 8 for the time per play.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::{Game, GameOptions, Phase, Rules};
use trictrac_bot::features::{encode, roll_stats, Features};
use trictrac_bot::{by_name, default_net, GreedyPlayer, TrictracBot, PLAYERS};

/// Middle-game positions: games between greedy players stopped when the
/// player to move has a choice, after `rolls` rolls.
fn middle_games() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 1..=8u64 {
        let mut dice = ChaCha8Rng::seed_from_u64(seed);
        let mut p = GreedyPlayer;
        let mut g = Game::new(GameOptions::default());
        let stop = 60 + 10 * seed as u32;
        loop {
            match g.phase() {
                Phase::FirstMove | Phase::Roll(_) => g.roll_with(&mut dice).unwrap(),
                Phase::StayOrLeave(_) => g.stay().unwrap(),
                Phase::Play(_) => {
                    if g.rolls() >= stop && g.legal_plays().len() >= 8 {
                        out.push(g.clone());
                        break;
                    }
                    let play = p.choose_play(&g);
                    g.play(&play).unwrap();
                }
                Phase::Mark(_) => {
                    let owed = g.points_owed().unwrap_or(0);
                    g.declare(owed).unwrap();
                }
                Phase::Over(_) => break,
            }
        }
    }
    assert_eq!(out.len(), 8, "eight middle-game positions");
    out
}

fn bench(c: &mut Criterion) {
    let games = middle_games();
    let plays: usize = games.iter().map(|g| g.legal_plays().len()).sum();
    eprintln!("8 positions, {plays} legal plays in all");
    for g in &games {
        eprintln!(
            "  {} dice={} ({} plays)",
            g.position(),
            g.pending_roll().unwrap(),
            g.legal_plays().len()
        );
    }
    let net = default_net();
    let mut group = c.benchmark_group("eval");
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(3));
    group.bench_function("roll_stats", |b| {
        b.iter(|| {
            for g in &games {
                black_box(roll_stats(g.position(), &Rules::DEFAULT));
            }
        })
    });
    group.bench_function("encode", |b| {
        let mut f = Features::default();
        b.iter(|| {
            for g in &games {
                encode(g.position(), &Rules::DEFAULT, &mut f);
                black_box(&f);
            }
        })
    });
    group.bench_function("net", |b| {
        let mut f = Features::default();
        encode(games[0].position(), &Rules::DEFAULT, &mut f);
        b.iter(|| black_box(net.eval(&f)))
    });
    group.finish();
    let mut group = c.benchmark_group("choose_play");
    group.sample_size(20);
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(4));
    // Every player but `random`.
    for &name in &PLAYERS[1..] {
        let mut p = by_name(name, 1).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                for g in &games {
                    black_box(p.choose_play(g));
                }
            })
        });
    }
    group.finish();
    // The position with the most legal plays alone.
    let widest = games
        .iter()
        .max_by_key(|g| g.legal_plays().len())
        .expect("positions");
    let mut group = c.benchmark_group("choose_play_widest");
    group.sample_size(20);
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(4));
    for name in ["neural-v1", "neural", "neural2"] {
        let mut p = by_name(name, 1).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(p.choose_play(widest))));
    }
    group.finish();
    // Analysis: a hint (every play ranked, exact 2-ply values where
    // close) for each of the eight positions.
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(4));
    let mut a = trictrac_bot::analysis::analyst();
    group.bench_function("hint", |b| {
        b.iter(|| {
            for g in &games {
                black_box(a.plays(g));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
