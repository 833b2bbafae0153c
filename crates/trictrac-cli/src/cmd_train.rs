//! `trictrac train`: training the evaluation network by self-play.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use trictrac::GameOptions;
use trictrac_bot::train::{TrainConfig, Trainer};
use trictrac_bot::Net;

use crate::error::CliError;

/// Train the network of the neural players.
#[derive(Debug, Args)]
#[command(
    about = "Train the neural players' evaluation network by self-play with TD(λ)",
    long_about = "Train the evaluation network of the neural players by self-play with \
        TD(λ) (TD-Gammon style): the network plays both sides of complete 12-hole games \
        and learns, after each batch of games, from the λ-returns of the states before \
        every roll. The games of a batch are played in parallel (--jobs); the updates \
        are applied in the order of the games, so the weights depend only on the seed \
        and the settings, not on --jobs. The model is written to --out every \
        --checkpoint-every games and at the end; --resume continues a model (its seed \
        and settings are stored in it) up to --games games in all, exactly as an \
        uninterrupted run would.",
    after_help = "Examples:\n  \
        trictrac train --games 20000 --seed 1 --out model.bin\n  \
        # stopped? continue from the last checkpoint\n  \
        trictrac train --games 20000 --resume model.bin\n  \
        # an equity network (stake distribution) warm-started from a one-output model\n  \
        trictrac train --equity --init crates/trictrac-bot/models/default.bin --games 90000 --out eq.bin\n  \
        trictrac match --white neural --black greedy --model model.bin --games 400"
)]
pub struct TrainArgs {
    /// Total number of self-play games (including those of a resumed model)
    #[arg(short, long, default_value_t = 10_000)]
    games: u64,

    /// Seed of the initial weights and of the dice [default: 1]
    #[arg(short, long)]
    seed: Option<u64>,

    /// Where to write the model [default: the --resume file, else trictrac-model.bin]
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Continue training this model
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Write the model every N games
    #[arg(long, value_name = "N", default_value_t = 1000)]
    checkpoint_every: u64,

    /// Hidden units [default: 64]
    #[arg(long)]
    hidden: Option<usize>,

    /// Learning rate at the start [default: 0.05]
    #[arg(long)]
    alpha: Option<f32>,

    /// Learning rate at the end of the schedule [default: 0.01]
    #[arg(long)]
    alpha_end: Option<f32>,

    /// Games over which the learning rate falls linearly [default: --games]
    #[arg(long, value_name = "N")]
    alpha_games: Option<u64>,

    /// TD(λ) trace decay, 0 to 1 [default: 0.7]
    #[arg(long)]
    lambda: Option<f32>,

    /// Games per batch, played with the same weights [default: 32]
    #[arg(long)]
    batch: Option<u32>,

    /// Train an equity network: seven outputs, the distribution of the
    /// stake (R-9.1, ×1 … ×4 won or lost), instead of the win probability
    #[arg(long)]
    equity: bool,

    /// With --equity: start from this one-output model (its hidden layer
    /// and win output; its hidden size replaces --hidden)
    #[arg(long, value_name = "FILE", requires = "equity")]
    init: Option<PathBuf>,

    /// Print nothing but errors
    #[arg(short, long)]
    quiet: bool,
}

impl TrainArgs {
    fn settings_given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.seed.is_some() {
            v.push("--seed");
        }
        if self.hidden.is_some() {
            v.push("--hidden");
        }
        if self.alpha.is_some() {
            v.push("--alpha");
        }
        if self.alpha_end.is_some() {
            v.push("--alpha-end");
        }
        if self.alpha_games.is_some() {
            v.push("--alpha-games");
        }
        if self.lambda.is_some() {
            v.push("--lambda");
        }
        if self.batch.is_some() {
            v.push("--batch");
        }
        if self.equity {
            v.push("--equity");
        }
        v
    }

    fn config(&self) -> Result<TrainConfig, CliError> {
        let d = TrainConfig::default();
        let c = TrainConfig {
            hidden: self.hidden.unwrap_or(d.hidden),
            alpha: self.alpha.unwrap_or(d.alpha),
            alpha_end: self.alpha_end.unwrap_or(d.alpha_end),
            alpha_games: self.alpha_games.unwrap_or(self.games),
            lambda: self.lambda.unwrap_or(d.lambda),
            batch: self.batch.unwrap_or(d.batch),
            seed: self.seed.unwrap_or(d.seed),
        };
        if !(1..=trictrac_bot::nn::MAX_HIDDEN).contains(&c.hidden) {
            return Err(CliError::input(format!(
                "--hidden must be 1 to {}",
                trictrac_bot::nn::MAX_HIDDEN
            )));
        }
        let rate = |x: f32| x.is_finite() && x > 0.0 && x <= 1.0;
        if !rate(c.alpha) || !rate(c.alpha_end) {
            return Err(CliError::input(
                "--alpha and --alpha-end must be above 0 and at most 1",
            ));
        }
        if !(0.0..=1.0).contains(&c.lambda) {
            return Err(CliError::input("--lambda must be between 0 and 1"));
        }
        if c.batch == 0 {
            return Err(CliError::input("--batch must be at least 1"));
        }
        Ok(c)
    }
}

/// Runs `trictrac train`.
pub fn run(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.checkpoint_every == 0 {
        return Err(CliError::input("--checkpoint-every must be at least 1"));
    }
    let options = GameOptions::default();
    let (trainer, path) = match &args.resume {
        Some(file) => {
            let given = args.settings_given();
            if !given.is_empty() {
                return Err(CliError::input(format!(
                    "{} cannot be changed when resuming: the model {} keeps its seed and settings",
                    given.join(", "),
                    file.display()
                )));
            }
            let net = Net::load(file).map_err(CliError::input)?;
            let path = args.out.clone().unwrap_or_else(|| file.clone());
            (Trainer::resume(net, options), path)
        }
        None => {
            let path = args
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from("trictrac-model.bin"));
            let config = args.config()?;
            let trainer = if args.equity {
                let init = match &args.init {
                    Some(f) => Some(Net::load(f).map_err(CliError::input)?),
                    None => None,
                };
                Trainer::new_equity(&config, options, init.as_ref())
            } else {
                Trainer::new(&config, options)
            };
            (trainer, path)
        }
    };
    let done = trainer.games();
    if args.games <= done {
        return Err(CliError::input(format!(
            "the model has already been trained on {done} games; ask for more with --games"
        )));
    }
    let jobs = crate::input::jobs(args.jobs);
    let mut t = TrictracTraining(trainer);
    train_loop(
        &mut t,
        &LoopSettings {
            games: args.games,
            done,
            path: &path,
            jobs,
            checkpoint_every: args.checkpoint_every,
            quiet: args.quiet,
            unit: "rolls",
        },
        out,
    )
}

struct TrictracTraining(Trainer);

impl Trainable for TrictracTraining {
    fn games(&self) -> u64 {
        self.0.games()
    }
    fn batch(&mut self, total: u64, jobs: usize) -> (u64, u64, f64) {
        let s = self.0.batch(total, jobs);
        (s.games, s.rolls, s.mean_error)
    }
    fn save(&self, path: &std::path::Path) -> Result<(), CliError> {
        self.0.net().save(path).map_err(CliError::input)
    }
}

/// A network in training, for [`train_loop`] (trictrac's or backgammon's).
pub trait Trainable {
    /// Games played so far.
    fn games(&self) -> u64;
    /// The next batch: games, plies (or rolls) and mean error.
    fn batch(&mut self, total: u64, jobs: usize) -> (u64, u64, f64);
    /// Writes the model.
    fn save(&self, path: &std::path::Path) -> Result<(), CliError>;
}

/// What [`train_loop`] needs to know.
pub struct LoopSettings<'a> {
    /// Games in all.
    pub games: u64,
    /// Games already played (a resumed model).
    pub done: u64,
    /// The model file.
    pub path: &'a std::path::Path,
    /// Worker threads.
    pub jobs: usize,
    /// Checkpoint period, in games.
    pub checkpoint_every: u64,
    /// No output.
    pub quiet: bool,
    /// What the plies are called in the progress line.
    pub unit: &'static str,
}

/// Trains batch after batch up to `s.games` games with a progress bar,
/// writing the model every `checkpoint_every` games and at the end.
pub fn train_loop(
    trainer: &mut dyn Trainable,
    s: &LoopSettings,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    // Fail early if the output cannot be written.
    trainer.save(s.path)?;
    let bar = ProgressBar::new(s.games);
    bar.set_position(s.done);
    bar.set_draw_target(if s.quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    });
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta} {msg}")
            .expect("a valid template"),
    );
    bar.reset_eta();
    let start = Instant::now();
    let (mut plies, mut games, mut err) = (0u64, 0u64, 0.0f64);
    while trainer.games() < s.games {
        let before = trainer.games();
        let (g, p, e) = trainer.batch(s.games, s.jobs);
        plies += p;
        games += g;
        err += e * g as f64;
        bar.set_position(trainer.games());
        bar.set_message(format!(
            "{}/game {:.0}  |error| {:.3}",
            s.unit,
            plies as f64 / games.max(1) as f64,
            err / games.max(1) as f64
        ));
        let after = trainer.games();
        if after / s.checkpoint_every > before / s.checkpoint_every || after == s.games {
            trainer.save(s.path)?;
            plies = 0;
            games = 0;
            err = 0.0;
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    if !s.quiet {
        let total = trainer.games();
        writeln!(
            out,
            "trained {} games ({} in this run) in {:.1} s ({:.1} games/s on {} thread{})",
            total,
            total - s.done,
            secs,
            (total - s.done) as f64 / secs.max(1e-9),
            s.jobs,
            if s.jobs > 1 { "s" } else { "" },
        )?;
        writeln!(out, "model written to {}", s.path.display())?;
    }
    Ok(())
}
