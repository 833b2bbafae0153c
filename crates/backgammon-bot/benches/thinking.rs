//! Thinking time of the backgammon bots: one decision (choose a play) on
//! the positions of the generator's corpus with a fixed roll each, and
//! the default bot's cube decision on the same positions.
//!
//! `cargo bench -p backgammon-bot --bench thinking`; results in
//! docs/PERFORMANCE.md. With `BG_MODEL=FILE.bin` the neural players and
//! the evaluation group use that model instead of the shipped one (e.g.
//! the first network version, `models/backgammon-v1.bin`);
//! the benchmarks' names carry the network's size.
//!
//! The `bearoff` group times the bear-off database's loading from the
//! binary and, for comparison, its generation
//! (`cargo bench -p backgammon-bot --bench thinking -- bearoff`).
//!
//! The `evaluation` group times one network evaluation of a corpus
//! position (the inputs, then the network with the vectorised logistic,
//! or with libm's), the pieces of a 0-ply value.
//!
//! Measured in CPU time of the benchmark's thread
//! (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, exact to the nanosecond), as
//! the `think_time` example measures its plain loop: on the shared
//! machine, wall time counts the waiting for a core, which made the two
//! disagree (issue 22, item 5). (The first version read
//! `/proc/thread-self/schedstat`, which the kernel brings up to date only
//! at its ticks: criterion's short samples then measured zero and it
//! refused to report.)

use backgammon::{BySide, Cube, Game, MatchState, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::cube::decide;
use backgammon_bot::{by_name, default_net, BgBot, BgNet, NeuralPlayer};
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::sync::Arc;

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;
use workloads::games_at_a_play as games;

mod clock;
use clock::thread_cpu_ns;

/// Criterion's measurement: the thread's CPU time.
struct ThreadCpu;

impl Measurement for ThreadCpu {
    type Intermediate = f64;
    type Value = f64;
    fn start(&self) -> f64 {
        thread_cpu_ns()
    }
    fn end(&self, start: f64) -> f64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &f64, b: &f64) -> f64 {
        a + b
    }
    fn zero(&self) -> f64 {
        0.0
    }
    fn to_f64(&self, v: &f64) -> f64 {
        *v
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Nanoseconds of CPU shown as ns, µs or ms "of CPU".
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (div, unit) = if typical < 1e3 {
            (1.0, "ns CPU")
        } else if typical < 1e6 {
            (1e3, "µs CPU")
        } else {
            (1e6, "ms CPU")
        };
        for v in values.iter_mut() {
            *v /= div;
        }
        unit
    }
    fn scale_throughputs(&self, _: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let n = match t {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => *n,
        } as f64;
        for v in values.iter_mut() {
            *v = n * 1e9 / *v;
        }
        "elem/s CPU"
    }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// The network of the neural players: the model file named by
/// `BG_MODEL`, else the shipped one; and its size for the benches' names.
fn net() -> (Arc<BgNet>, String) {
    let net = match std::env::var_os("BG_MODEL") {
        Some(p) => Arc::new(BgNet::load(std::path::Path::new(&p)).expect("BG_MODEL: a model file")),
        None => default_net(),
    };
    let size = format!("{}x{}", net.inputs(), net.hidden());
    (net, size)
}

fn thinking(c: &mut Criterion<ThreadCpu>) {
    let games = games();
    let (net, size) = net();
    let players: [(String, Box<dyn BgBot>); 4] = [
        (
            format!("neural0 [{size}]"),
            Box::new(NeuralPlayer::new(net.clone())),
        ),
        (
            format!("neural2 [{size}]"),
            Box::new(NeuralPlayer::two_ply(net.clone())),
        ),
        (
            format!("neural3 [{size}]"),
            Box::new(NeuralPlayer::three_ply(net.clone())),
        ),
        ("greedy".to_string(), by_name("greedy", 1).expect("a bot")),
    ];
    for (name, mut p) in players {
        c.bench_function(&format!("{name}: one play, mean over 200 positions"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(p.choose_play(&games[i]))
            })
        });
    }
}

/// One evaluation of a corpus position by the network: its inputs, then
/// the fast forward pass (vectorised logistic), and the forward pass with
/// libm's logistic.
fn evaluation(c: &mut Criterion<ThreadCpu>) {
    let positions: Vec<Position> = games().iter().map(|g| *g.position()).collect();
    let (net, size) = net();
    let preset = Rules::standard().preset;
    let mut g = c.benchmark_group(format!("evaluation [{size}]"));
    g.bench_function("inputs (encode)", |b| {
        let mut i = 0;
        let mut f = neural::Features::default();
        b.iter(|| {
            i = (i + 1) % positions.len();
            net.encode(&positions[i], preset, &mut f);
            black_box(f.len())
        })
    });
    g.bench_function("inputs and network", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(net.evaluate_net(&positions[i], preset))
        })
    });
    g.bench_function("inputs and network, libm logistic", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(net.evaluate_net_exact(&positions[i], preset))
        })
    });
    g.finish();
}

/// A cube decision of the default bot (its evaluation for the cube, then
/// double or not) on the corpus positions, in a money game and at 5-away
/// 3-away in a 7-point match.
fn cube(c: &mut Criterion<ThreadCpu>) {
    let positions: Vec<Position> = games().iter().map(|g| *g.position()).collect();
    let net = default_net();
    let rules = Rules::standard();
    for (label, state) in [
        ("money", MatchState::money()),
        (
            "7-point match at 2-4",
            MatchState {
                score: BySide::new(2, 4),
                ..MatchState::to(7)
            },
        ),
    ] {
        c.bench_function(&format!("neural: cube decision, {label}"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % positions.len();
                let pos = &positions[i];
                let o = net.evaluate_for_cube(pos, &rules);
                black_box(decide(pos, &rules, &state, Cube::centred(), &o).double())
            })
        });
    }
    // As the player decides in a game: the same, then the close
    // decisions again on chances searched two plies deeper
    // (`cube::depth`, about one in six).
    let games: Vec<Game> = positions
        .iter()
        .map(|p| Game::from_position(rules, *p))
        .collect();
    let mut player = NeuralPlayer::two_ply(net.clone());
    c.bench_function(
        "neural: cube decision as played (close ones deeper), money",
        |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(player.wants_double(&games[i]))
            })
        },
    );
}

/// The bear-off database at a process's first need of it (issue 37):
/// read from the bytes the build script computed (what every process
/// does now), against computing it (what each did before).
fn bearoff(c: &mut Criterion<ThreadCpu>) {
    use backgammon_bot::eval::bearoff::{BearoffDb, BUILT};
    let mut g = c.benchmark_group("bearoff");
    g.sample_size(10);
    g.bench_function("read from the binary", |b| {
        b.iter(|| black_box(BearoffDb::from_bytes(black_box(BUILT)).unwrap()))
    });
    g.bench_function("generate", |b| b.iter(|| black_box(BearoffDb::generate())));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = thinking, evaluation, cube
}
criterion_group! {
    name = bearoff_benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = bearoff
}
criterion_main!(benches, bearoff_benches);
