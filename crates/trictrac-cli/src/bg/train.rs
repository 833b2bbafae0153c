//! `trictrac bg train`: training the backgammon network by self-play.

use std::io::Write;
use std::path::PathBuf;

use backgammon_bot::race::{self, RaceNet, RaceTrainer};
use backgammon_bot::train::{TrainConfig, Trainer};
use backgammon_bot::BgNet;
use clap::Args;

use crate::cmd_train::{train_loop, LoopSettings, Trainable};
use crate::error::CliError;

/// Train the backgammon network by self-play.
#[derive(Debug, Args)]
#[command(
    about = "Train the backgammon evaluation network by self-play with TD(λ)",
    long_about = "Train the backgammon evaluation network (five outputs as GNU \
        Backgammon's: win, gammon and backgammon for each side) by self-play with \
        TD(λ), cubeless, the play of highest equity at 0 ply for both sides. Odd \
        games are played under the seed preset, even ones under the standard preset \
        (the preset is an input of the network). The games of a batch are played in \
        parallel; the weights depend only on the seed and the settings. The model is \
        written every --checkpoint-every games and at the end; --resume continues it \
        exactly as an uninterrupted run would.",
    after_help = "Examples:\n  \
        trictrac bg train --games 100000 --out bg-model.bin\n  \
        trictrac bg train --games 200000 --resume bg-model.bin\n  \
        trictrac bg play --bot neural --model bg-model.bin"
)]
pub struct TrainArgs {
    /// Total number of self-play games (including those of a resumed model)
    #[arg(short, long, default_value_t = 10_000)]
    games: u64,

    /// Seed of the initial weights and of the dice [default: 1]
    #[arg(short, long)]
    seed: Option<u64>,

    /// Where to write the model [default: the --resume file, else backgammon-model.bin]
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Continue training this model
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,

    /// Start from this model (either version): a network of the current
    /// version with --hidden units (at least the model's) computing what
    /// the model computes, the new inputs at zero weight; trained from game 0
    /// with the given settings
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    warm_start: Option<PathBuf>,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Write the model every N games
    #[arg(long, value_name = "N", default_value_t = 5000)]
    checkpoint_every: u64,

    /// Hidden units [default: 80]
    #[arg(long)]
    hidden: Option<usize>,

    /// Learning rate at the start [default: 0.1]
    #[arg(long)]
    alpha: Option<f32>,

    /// Learning rate at the end of the schedule [default: 0.02]
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

    /// Train the race network instead (positions without contact, until
    /// both sides bear off; the database values the rest), from race
    /// positions of the shipped player's games; with --warm-start, from a
    /// first-version contact model's weights
    #[arg(long)]
    race: bool,

    /// Race starting positions to generate (with --race)
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    starts: usize,

    /// Append a line per checkpoint to this file (games, seconds, games
    /// per second, plies per game, mean |error| of the win output since the
    /// last checkpoint); each checkpoint is also kept as OUT.GAMES.bin
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// Print nothing but errors
    #[arg(short, long)]
    quiet: bool,
}

enum Which {
    Contact(Trainer),
    Race(RaceTrainer),
}

struct BgTraining {
    trainer: Which,
    log: Option<PathBuf>,
    start: std::time::Instant,
    /// Since the last checkpoint: games, plies, summed error × games.
    since: std::cell::Cell<(u64, u64, f64)>,
}

impl BgTraining {
    fn save_net(&self, path: &std::path::Path) -> Result<(), CliError> {
        match &self.trainer {
            Which::Contact(t) => t.net().save(path),
            Which::Race(t) => t.net().save(path),
        }
        .map_err(CliError::input)
    }
}

impl Trainable for BgTraining {
    fn games(&self) -> u64 {
        match &self.trainer {
            Which::Contact(t) => t.games(),
            Which::Race(t) => t.games(),
        }
    }
    fn batch(&mut self, total: u64, jobs: usize) -> (u64, u64, f64) {
        let (games, plies, err) = match &mut self.trainer {
            Which::Contact(t) => {
                let s = t.batch(total, jobs);
                (s.games, s.plies, s.mean_error)
            }
            Which::Race(t) => t.batch(total, jobs),
        };
        let (g, p, e) = self.since.get();
        self.since
            .set((g + games, p + plies, e + err * games as f64));
        (games, plies, err)
    }
    fn save(&self, path: &std::path::Path) -> Result<(), CliError> {
        self.save_net(path)?;
        if let Some(log) = &self.log {
            let (g, p, e) = self.since.replace((0, 0, 0.0));
            let games = self.games();
            let secs = self.start.elapsed().as_secs_f64();
            let line = format!(
                "games {games} secs {secs:.0} games/s {:.1} plies/game {:.1} error {:.4}\n",
                games as f64 / secs.max(1e-9),
                p as f64 / g.max(1) as f64,
                e / g.max(1) as f64
            );
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log)
                .map_err(|e| CliError::input(format!("{}: {e}", log.display())))?;
            f.write_all(line.as_bytes())?;
            if games > 0 {
                let kept = path.with_extension(format!("{games}.bin"));
                self.save_net(&kept)?;
            }
        }
        Ok(())
    }
}

/// Runs `trictrac bg train`.
pub fn run(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.checkpoint_every == 0 {
        return Err(CliError::input("--checkpoint-every must be at least 1"));
    }
    let (trainer, path) = match &args.resume {
        Some(_) if args.race => {
            return Err(CliError::input(
                "--race trains a new race network: --resume is not supported with it",
            ))
        }
        Some(file) => {
            let changed = args.seed.is_some()
                || args.hidden.is_some()
                || args.alpha.is_some()
                || args.alpha_end.is_some()
                || args.alpha_games.is_some()
                || args.lambda.is_some()
                || args.batch.is_some();
            if changed {
                return Err(CliError::input(format!(
                    "the settings cannot be changed when resuming: the model {} keeps its seed and settings",
                    file.display()
                )));
            }
            let net = BgNet::load(file).map_err(CliError::input)?;
            (
                Which::Contact(Trainer::resume(net)),
                args.out.clone().unwrap_or_else(|| file.clone()),
            )
        }
        None => {
            let d = TrainConfig::default();
            let c = TrainConfig {
                hidden: args.hidden.unwrap_or(d.hidden),
                alpha: args.alpha.unwrap_or(d.alpha),
                alpha_end: args.alpha_end.unwrap_or(d.alpha_end),
                alpha_games: args.alpha_games.unwrap_or(args.games),
                lambda: args.lambda.unwrap_or(d.lambda),
                batch: args.batch.unwrap_or(d.batch),
                seed: args.seed.unwrap_or(d.seed),
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
            let trainer = match &args.warm_start {
                _ if args.race => {
                    let mut net = match &args.warm_start {
                        Some(file) => {
                            let old = BgNet::load(file).map_err(CliError::input)?;
                            if old.expert() {
                                return Err(CliError::input(
                                    "--race --warm-start takes a first-version model (200 inputs)",
                                ));
                            }
                            RaceNet::from_contact(&old, c.seed)
                        }
                        None => RaceNet::new(c.hidden, c.seed),
                    };
                    net.0.info = neural::TrainInfo {
                        games: 0,
                        seed: c.seed,
                        alpha: c.alpha,
                        alpha_end: c.alpha_end,
                        alpha_games: c.alpha_games,
                        lambda: c.lambda,
                        batch: c.batch,
                    };
                    let starts =
                        race::start_positions(args.starts, c.seed, crate::input::jobs(args.jobs));
                    Which::Race(RaceTrainer::new(net, starts))
                }
                Some(file) => {
                    let old = BgNet::load(file).map_err(CliError::input)?;
                    if c.hidden < old.hidden() {
                        return Err(CliError::input(format!(
                            "--hidden must be at least the warm-start model's {} hidden units",
                            old.hidden()
                        )));
                    }
                    Which::Contact(Trainer::warm_start(&old, &c))
                }
                None => Which::Contact(Trainer::new(&c)),
            };
            (
                trainer,
                args.out.clone().unwrap_or_else(|| {
                    PathBuf::from(if args.race {
                        "race-model.bin"
                    } else {
                        "backgammon-model.bin"
                    })
                }),
            )
        }
    };
    let mut t = BgTraining {
        trainer,
        log: args.log.clone(),
        start: std::time::Instant::now(),
        since: std::cell::Cell::new((0, 0, 0.0)),
    };
    let done = t.games();
    if args.games <= done {
        return Err(CliError::input(format!(
            "the model has already been trained on {done} games; ask for more with --games"
        )));
    }
    train_loop(
        &mut t,
        &LoopSettings {
            games: args.games,
            done,
            path: &path,
            jobs: crate::input::jobs(args.jobs),
            checkpoint_every: args.checkpoint_every,
            quiet: args.quiet,
            unit: "plies",
        },
        out,
    )
}
