//! `trictrac bg refine`: supervised refinement of the backgammon contact
//! network on positions labelled by our own 2-ply search
//! (`backgammon_bot::train::refine`, docs/STRENGTH.md).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use backgammon_bot::train::refine::{self, LabelWriter, RefineConfig, Refiner, DEFAULTS};
use backgammon_bot::{default_net, BgNet};
use clap::{Args, Subcommand};

use crate::error::CliError;

/// Refine the network on positions labelled by its own 2-ply search.
#[derive(Debug, Args)]
#[command(
    about = "Refine the backgammon network on positions labelled by our own 2-ply search",
    long_about = "Supervised refinement of the backgammon contact network, after TD(λ) \
        self-play has levelled off, in two steps.\n\n\
        `label` gathers distinct contact positions from self-play games of a network \
        at 0 ply (one play in ten random, odd games under the seed preset) and labels \
        each with that network's five cubeless outputs at 2 ply: the mean over the \
        21 rolls of the outputs after the best play at 0 ply, the bear-off database \
        and the race network valuing the positions where they apply (`--plies 3`: one \
        ply deeper, the mean over the 21 rolls of the 2-ply outputs of the default \
        bot's play). Nothing but our own search makes the labels. The set is written as a binary file, chunk by \
        chunk; run the same command again to resume it. Its bytes depend only on the \
        seed, the count and the network.\n\n\
        `train` teaches a network those labels: epochs over the set in shuffled \
        order, the learning rate falling linearly, every twentieth position held out \
        to measure the error on positions not learned from.",
    after_help = "Examples:\n  \
        trictrac bg refine label --positions 1000000 --seed 22 --jobs 1 --out contact.set\n  \
        trictrac bg refine train --set contact.set --epochs 10 --out refined.bin --log refine.log\n  \
        trictrac bg refine train --set contact.set --init crates/backgammon-bot/models/backgammon-v2-candidate.bin --out refined-v2.bin\n  \
        trictrac bg match --white neural --black gnubg --cube off --model refined.bin"
)]
pub struct RefineArgs {
    #[command(subcommand)]
    command: RefineCommand,
}

#[derive(Debug, Subcommand)]
enum RefineCommand {
    Label(LabelArgs),
    Train(RefineTrainArgs),
}

/// Gather contact positions and label them with 2-ply outputs.
#[derive(Debug, Args)]
#[command(
    about = "Gather contact positions from self-play and label them with the network's 2-ply outputs",
    after_help = "Examples:\n  \
        trictrac bg refine label --positions 1000000 --seed 22 --jobs 1 --out contact.set\n  \
        # stopped? the same command continues the file"
)]
struct LabelArgs {
    /// The network that plays the games and labels the positions
    /// [default: the shipped one]
    #[arg(short, long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Distinct positions to label
    #[arg(short, long, value_name = "N", default_value_t = 100_000)]
    positions: usize,

    /// Depth of the labels: 2 (the mean over the 21 rolls of the best
    /// play's 0-ply outputs) or 3 (of its 2-ply outputs, the default bot
    /// choosing the play; about a hundred times slower)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=3))]
    plies: u8,

    /// Seed of the games' dice and random plays
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// The set file (continued if begun with the same seed)
    #[arg(short, long, value_name = "FILE")]
    out: PathBuf,

    /// Print nothing but errors
    #[arg(short, long)]
    quiet: bool,
}

/// Train a network on a labelled set.
#[derive(Debug, Args)]
#[command(
    about = "Train a network on a labelled set (supervised epochs)",
    after_help = "Examples:\n  \
        trictrac bg refine train --set contact.set --epochs 10 --out refined.bin --log refine.log\n  \
        # a larger network with the expert inputs, computing at first what the shipped one computes\n  \
        trictrac bg refine train --set contact.set --hidden 128 --out refined-128.bin"
)]
struct RefineTrainArgs {
    /// The labelled set (`trictrac bg refine label` writes it); repeat
    /// to train on several sets at once (e.g. 2-ply and 3-ply labels)
    #[arg(long, value_name = "FILE", required = true)]
    set: Vec<PathBuf>,

    /// The network to start from [default: the shipped one]
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,

    /// Widen the starting network to the expert inputs and this many
    /// hidden units (at least its own), computing at first what it computes
    #[arg(long)]
    hidden: Option<usize>,

    /// Passes over the set
    #[arg(short, long, default_value_t = DEFAULTS.epochs)]
    epochs: u32,

    /// Learning rate at the start
    #[arg(long, default_value_t = DEFAULTS.alpha)]
    alpha: f32,

    /// Learning rate at the end (falling linearly)
    #[arg(long, default_value_t = DEFAULTS.alpha_end)]
    alpha_end: f32,

    /// Seed of the shuffles (and of new hidden units)
    #[arg(short, long, default_value_t = DEFAULTS.seed)]
    seed: u64,

    /// Where to write the model (after every epoch)
    #[arg(short, long, value_name = "FILE")]
    out: PathBuf,

    /// Append a line per epoch to this file (epoch, seconds, learning
    /// rate, errors); each epoch's model is also kept as OUT.EPOCH.bin
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// Print nothing but errors
    #[arg(short, long)]
    quiet: bool,
}

/// Runs `trictrac bg refine …`.
pub fn run(args: &RefineArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        RefineCommand::Label(a) => label(a, out),
        RefineCommand::Train(a) => train(a, out),
    }
}

fn load(file: &Option<PathBuf>) -> Result<Arc<BgNet>, CliError> {
    match file {
        Some(f) => Ok(Arc::new(BgNet::load(f).map_err(CliError::input)?)),
        None => Ok(default_net()),
    }
}

fn label(a: &LabelArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if a.positions == 0 {
        return Err(CliError::input("--positions must be at least 1"));
    }
    let net = load(&a.model)?;
    let jobs = crate::input::jobs(a.jobs);
    let mut w = LabelWriter::open_at(&a.out, a.seed, a.plies).map_err(CliError::input)?;
    if w.done() >= a.positions {
        return Err(CliError::input(format!(
            "{} already holds {} labelled positions; ask for more with --positions",
            a.out.display(),
            w.done()
        )));
    }
    let start = Instant::now();
    let bar = crate::input::progress(
        a.positions as u64,
        a.quiet,
        "{spinner} gathering positions from self-play {msg}",
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let positions = refine::positions(a.positions, a.seed, &net, jobs);
    bar.finish_and_clear();
    let gathered = start.elapsed().as_secs_f64();
    let bar = crate::input::progress(
        a.positions as u64,
        a.quiet,
        "{bar:40} {pos}/{len} positions {per_sec} eta {eta}",
    );
    let first = w.done();
    bar.set_position(first as u64);
    bar.reset_eta();
    w.run(&net, &positions, jobs, |done| bar.set_position(done as u64))
        .map_err(CliError::input)?;
    bar.finish_and_clear();
    if !a.quiet {
        let secs = start.elapsed().as_secs_f64();
        writeln!(
            out,
            "labelled {} positions ({} in this run) in {:.1} s ({:.1} s to gather them, {:.1} positions/s on {} thread{})",
            a.positions,
            a.positions - first,
            secs,
            gathered,
            (a.positions - first) as f64 / (secs - gathered).max(1e-9),
            jobs,
            if jobs > 1 { "s" } else { "" }
        )?;
        writeln!(out, "set written to {}", a.out.display())?;
    }
    Ok(())
}

fn train(a: &RefineTrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rate = |x: f32| x.is_finite() && x > 0.0 && x <= 1.0;
    if !rate(a.alpha) || !rate(a.alpha_end) {
        return Err(CliError::input(
            "--alpha and --alpha-end must be above 0 and at most 1",
        ));
    }
    if a.epochs == 0 {
        return Err(CliError::input("--epochs must be at least 1"));
    }
    let init = load(&a.init)?;
    let net = match a.hidden {
        Some(h) if h < init.hidden() || h > neural::MAX_HIDDEN => {
            return Err(CliError::input(format!(
                "--hidden must be {} to {} (the starting network has {} hidden units)",
                init.hidden(),
                neural::MAX_HIDDEN,
                init.hidden()
            )))
        }
        Some(h) => init.widened(h, a.seed),
        None => (*init).clone(),
    };
    let mut samples = Vec::new();
    for set in &a.set {
        samples.extend(refine::read_set(set).map_err(CliError::input)?.1);
    }
    if samples.len() < 20 {
        return Err(CliError::input(format!(
            "{} positions in {}, too few to train on (at least 20)",
            samples.len(),
            a.set
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let config = RefineConfig {
        epochs: a.epochs,
        alpha: a.alpha,
        alpha_end: a.alpha_end,
        seed: a.seed,
    };
    let mut r = Refiner::new(net, samples, config);
    // Fail early if the output cannot be written.
    r.net().save(&a.out).map_err(CliError::input)?;
    let (n_train, n_test) = r.sizes();
    let start = Instant::now();
    let before = r.test_loss();
    log_line(
        a,
        &format!(
            "epoch 0 secs 0 alpha {} train {} held-out {} test_mse {:.6} test_equity {:.5}",
            a.alpha, n_train, n_test, before.mse, before.equity
        ),
    )?;
    let bar = crate::input::progress(
        a.epochs as u64 * n_train as u64,
        a.quiet,
        "{bar:40} {pos}/{len} steps {per_sec} eta {eta} {msg}",
    );
    let mut last = before;
    for e in 0..a.epochs {
        let base = e as u64 * n_train as u64;
        let s = r.epoch_step(|k| bar.set_position(base + k as u64));
        bar.set_position(base + n_train as u64);
        bar.set_message(format!(
            "epoch {} held-out mse {:.5} |equity error| {:.4}",
            s.epoch, s.test.mse, s.test.equity
        ));
        r.net().save(&a.out).map_err(CliError::input)?;
        log_line(
            a,
            &format!(
                "epoch {} secs {:.0} alpha {:.5} train_mse {:.6} test_mse {:.6} test_equity {:.5}",
                s.epoch,
                start.elapsed().as_secs_f64(),
                s.alpha,
                s.train_mse,
                s.test.mse,
                s.test.equity
            ),
        )?;
        if a.log.is_some() {
            let kept = a.out.with_extension(format!("{}.bin", s.epoch));
            r.net().save(&kept).map_err(CliError::input)?;
        }
        last = s.test;
    }
    bar.finish_and_clear();
    if !a.quiet {
        writeln!(
            out,
            "refined on {n_train} positions ({n_test} held out) for {} epochs in {:.1} s",
            a.epochs,
            start.elapsed().as_secs_f64()
        )?;
        writeln!(
            out,
            "held-out error: mean squared {:.5} -> {:.5}, |equity| {:.4} -> {:.4}",
            before.mse, last.mse, before.equity, last.equity
        )?;
        writeln!(out, "model written to {}", a.out.display())?;
    }
    Ok(())
}

fn log_line(a: &RefineTrainArgs, line: &str) -> Result<(), CliError> {
    let Some(log) = &a.log else {
        return Ok(());
    };
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .map_err(|e| CliError::input(format!("{}: {e}", log.display())))?;
    writeln!(f, "{line}")?;
    Ok(())
}
