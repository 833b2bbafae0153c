//! `trictrac train`: training the evaluation network by self-play.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Arg, Args};
use trictrac::GameOptions;
use trictrac_bot::train::{TrainConfig, Trainer, DEFAULTS};
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
        trictrac match --white neural --black greedy --model model.bin --games 400",
    mut_args(game_defaults(DEFAULTS, "trictrac-model.bin", "1000"))
)]
pub struct TrainArgs {
    #[command(flatten)]
    model: ModelArgs,

    #[command(flatten)]
    td: TdArgs,

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

/// The model of a training run and its length, as both games' `train`
/// take them.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// Total number of self-play games (including those of a resumed model)
    #[arg(short, long, default_value_t = 10_000)]
    pub games: u64,

    /// Seed of the initial weights and of the dice [default: 1]
    #[arg(short, long)]
    pub seed: Option<u64>,

    /// Where to write the model
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Continue training this model
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

/// The threads, checkpoints and TD(λ) settings of a training run, as
/// both games' `train` take them (each game shows its own defaults:
/// [`game_defaults`]).
#[derive(Debug, Args)]
pub struct TdArgs {
    /// Worker threads (default: all cores)
    #[arg(short, long)]
    pub jobs: Option<usize>,

    /// Write the model every N games
    #[arg(long, value_name = "N", required = false)]
    pub checkpoint_every: u64,

    /// Hidden units
    #[arg(long)]
    pub hidden: Option<usize>,

    /// Learning rate at the start
    #[arg(long)]
    pub alpha: Option<f32>,

    /// Learning rate at the end of the schedule
    #[arg(long)]
    pub alpha_end: Option<f32>,

    /// Games over which the learning rate falls linearly [default: --games]
    #[arg(long, value_name = "N")]
    pub alpha_games: Option<u64>,

    /// TD(λ) trace decay, 0 to 1 [default: 0.7]
    #[arg(long)]
    pub lambda: Option<f32>,

    /// Games per batch, played with the same weights [default: 32]
    #[arg(long)]
    pub batch: Option<u32>,
}

/// Sets a game's defaults in the help and the arguments of
/// [`ModelArgs`] and [`TdArgs`] (`mut_args(game_defaults(…))`): its
/// training settings, its model file, its checkpoint period.
pub fn game_defaults(
    d: TrainConfig,
    model: &'static str,
    checkpoint_every: &'static str,
) -> impl FnMut(Arg) -> Arg {
    move |a| match a.get_id().as_str() {
        "out" => a.help(format!(
            "Where to write the model [default: the --resume file, else {model}]"
        )),
        "checkpoint_every" => a.default_value(checkpoint_every),
        "hidden" => a.help(format!("Hidden units [default: {}]", d.hidden)),
        "alpha" => a.help(format!("Learning rate at the start [default: {}]", d.alpha)),
        "alpha_end" => a.help(format!(
            "Learning rate at the end of the schedule [default: {}]",
            d.alpha_end
        )),
        _ => a,
    }
}

impl ModelArgs {
    /// The model file to write: `--out`, else the resumed one, else
    /// `default`.
    pub fn path(&self, default: &str) -> PathBuf {
        self.out
            .clone()
            .or_else(|| self.resume.clone())
            .unwrap_or_else(|| PathBuf::from(default))
    }

    /// With `--resume`, the model keeps its seed and settings: refuses
    /// any given, those of [`TdArgs`] and the game's own (`others`).
    ///
    /// # Errors
    /// When any was given, naming them.
    pub fn keep_settings(&self, td: &TdArgs, others: &[(bool, &str)]) -> Result<(), CliError> {
        let given: Vec<&str> = [
            (self.seed.is_some(), "--seed"),
            (td.hidden.is_some(), "--hidden"),
            (td.alpha.is_some(), "--alpha"),
            (td.alpha_end.is_some(), "--alpha-end"),
            (td.alpha_games.is_some(), "--alpha-games"),
            (td.lambda.is_some(), "--lambda"),
            (td.batch.is_some(), "--batch"),
        ]
        .iter()
        .chain(others)
        .filter(|(set, _)| *set)
        .map(|(_, name)| *name)
        .collect();
        match (&self.resume, given.is_empty()) {
            (Some(file), false) => Err(CliError::input(format!(
                "{} cannot be changed when resuming: the model {} keeps its seed and settings",
                given.join(", "),
                file.display()
            ))),
            _ => Ok(()),
        }
    }

    /// The settings of a new run: those given, else the game's defaults
    /// `d` (the learning rate falls over all `--games`).
    ///
    /// # Errors
    /// A setting out of its range, named.
    pub fn config(&self, td: &TdArgs, d: TrainConfig) -> Result<TrainConfig, CliError> {
        let c = TrainConfig {
            hidden: td.hidden.unwrap_or(d.hidden),
            alpha: td.alpha.unwrap_or(d.alpha),
            alpha_end: td.alpha_end.unwrap_or(d.alpha_end),
            alpha_games: td.alpha_games.unwrap_or(self.games),
            lambda: td.lambda.unwrap_or(d.lambda),
            batch: td.batch.unwrap_or(d.batch),
            seed: self.seed.unwrap_or(d.seed),
        };
        if !(1..=neural::MAX_HIDDEN).contains(&c.hidden) {
            return Err(CliError::input(format!(
                "--hidden must be 1 to {}",
                neural::MAX_HIDDEN
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

    /// Refuses to train a model that has `done` games already up to
    /// fewer games.
    ///
    /// # Errors
    /// When `--games` asks for no more.
    pub fn more_than(&self, done: u64) -> Result<(), CliError> {
        if self.games <= done {
            return Err(CliError::input(format!(
                "the model has already been trained on {done} games; ask for more with --games"
            )));
        }
        Ok(())
    }
}

impl TdArgs {
    /// Refuses a checkpoint period of 0.
    ///
    /// # Errors
    /// When `--checkpoint-every` is 0.
    pub fn check(&self) -> Result<(), CliError> {
        if self.checkpoint_every == 0 {
            return Err(CliError::input("--checkpoint-every must be at least 1"));
        }
        Ok(())
    }

    /// The settings of [`train_loop`] for `model`'s run written to
    /// `path`, from `done` games.
    pub fn settings<'a>(
        &self,
        model: &ModelArgs,
        done: u64,
        path: &'a std::path::Path,
        quiet: bool,
        unit: &'static str,
    ) -> Result<LoopSettings<'a>, CliError> {
        model.more_than(done)?;
        Ok(LoopSettings {
            games: model.games,
            done,
            path,
            jobs: crate::input::jobs(self.jobs),
            checkpoint_every: self.checkpoint_every,
            quiet,
            unit,
        })
    }
}

/// Runs `trictrac train`.
pub fn run(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (model, td) = (&args.model, &args.td);
    td.check()?;
    let options = GameOptions::default();
    let path = model.path("trictrac-model.bin");
    let trainer = match &model.resume {
        Some(file) => {
            model.keep_settings(td, &[(args.equity, "--equity")])?;
            Trainer::resume(Net::load(file).map_err(CliError::input)?, options)
        }
        None => {
            let config = model.config(td, DEFAULTS)?;
            if args.equity {
                let init = match &args.init {
                    Some(f) => Some(Net::load(f).map_err(CliError::input)?),
                    None => None,
                };
                Trainer::new_equity(&config, options, init.as_ref())
            } else {
                Trainer::new(&config, options)
            }
        }
    };
    let settings = td.settings(model, trainer.games(), &path, args.quiet, "rolls")?;
    train_loop(&mut TrictracTraining(trainer), &settings, out)
}

struct TrictracTraining(Trainer);

impl Trainable for TrictracTraining {
    fn games(&self) -> u64 {
        self.0.games()
    }
    fn batch(&mut self, total: u64, jobs: usize) -> (u64, u64, f64) {
        let s = self.0.batch(total, jobs);
        (s.games, s.plies, s.mean_error)
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
    let bar = crate::input::progress(
        s.games,
        s.quiet,
        "{bar:40} {pos}/{len} games {per_sec} eta {eta} {msg}",
    );
    bar.set_position(s.done);
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
