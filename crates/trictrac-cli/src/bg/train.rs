//! `trictrac bg train`: training the backgammon network by self-play.

use std::io::Write;
use std::path::PathBuf;

use backgammon_bot::eval::race::RaceNet;
use backgammon_bot::train::race::{start_positions, RaceTrainer};
use backgammon_bot::train::{Trainer, DEFAULTS};
use backgammon_bot::BgNet;
use clap::Args;

use crate::cmd_train::{game_defaults, train_loop, ModelArgs, TdArgs, Trainable};
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
        trictrac bg play --bot neural --model bg-model.bin",
    mut_args(game_defaults(DEFAULTS, "backgammon-model.bin", "5000"))
)]
pub struct TrainArgs {
    #[command(flatten)]
    model: ModelArgs,

    /// Start from this model (either version): a network of the current
    /// version with --hidden units (at least the model's) computing what
    /// the model computes, the new inputs at zero weight; trained from game 0
    /// with the given settings
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    warm_start: Option<PathBuf>,

    #[command(flatten)]
    td: TdArgs,

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
    let (model, td) = (&args.model, &args.td);
    td.check()?;
    let trainer = match &model.resume {
        Some(_) if args.race => {
            return Err(CliError::input(
                "--race trains a new race network: --resume is not supported with it",
            ))
        }
        Some(file) => {
            model.keep_settings(td, &[])?;
            Which::Contact(Trainer::resume(BgNet::load(file).map_err(CliError::input)?))
        }
        None => {
            let c = model.config(td, DEFAULTS)?;
            match &args.warm_start {
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
                    net.0.info = c.info();
                    let starts = start_positions(args.starts, c.seed, crate::input::jobs(td.jobs));
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
            }
        }
    };
    let path = model.path(if args.race {
        "race-model.bin"
    } else {
        "backgammon-model.bin"
    });
    let mut t = BgTraining {
        trainer,
        log: args.log.clone(),
        start: std::time::Instant::now(),
        since: std::cell::Cell::new((0, 0, 0.0)),
    };
    let settings = td.settings(model, t.games(), &path, args.quiet, "plies")?;
    train_loop(&mut t, &settings, out)
}
