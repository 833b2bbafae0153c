//! What `match` and `selfplay` of both games share: their common
//! arguments ([`RunArgs`], [`MatchPlayers`]), the worker threads that play numbered games
//! ([`run_games`]) with a progress bar, and one game played out by the
//! shared driver ([`play_out`], `tables::play_out`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use clap::Args;
use indicatif::ProgressBar;
use tables::game::{Outcome, TableGame};
use tables::{BySide, DiceSource, Player};

use crate::error::CliError;

/// The arguments every `match` and `selfplay` takes. Each command sets
/// the default number of games (`mut_arg("games", …)`).
#[derive(Clone, Debug, Args)]
pub struct RunArgs {
    /// Number of games
    #[arg(short, long, required = false)]
    pub games: u64,

    /// Seed of the dice and of the players' random choices
    #[arg(short, long, default_value_t = 1)]
    pub seed: u64,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    pub jobs: Option<usize>,

    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// The two players of a `match`, as both games take them.
#[derive(Clone, Debug, Args)]
pub struct MatchPlayers {
    /// Player A: White in even-numbered games (0, 2, …), Black in the others
    #[arg(long, value_name = "PLAYER")]
    pub white: String,

    /// Player B: Black in even-numbered games, White in the others
    #[arg(long, value_name = "PLAYER")]
    pub black: String,
}

impl MatchPlayers {
    /// The players with level words (`expert`, `easy`, …) turned into the
    /// bots' internal names (issue 25: levels everywhere); other names as
    /// typed.
    pub fn resolved(&self, levels: &[crate::levels::Level]) -> MatchPlayers {
        let r = |n: &str| {
            crate::levels::resolve(levels, n).map_or_else(|| n.to_string(), str::to_string)
        };
        MatchPlayers {
            white: r(&self.white),
            black: r(&self.black),
        }
    }
}

impl RunArgs {
    /// The worker threads: `--jobs`, or every core.
    pub fn threads(&self) -> usize {
        crate::input::jobs(self.jobs)
    }

    /// A progress bar on stderr for `len` games (hidden under `--json`),
    /// drawn with `template` (indicatif's).
    pub fn progress(&self, len: u64, template: &str) -> ProgressBar {
        crate::input::progress(len, self.json, template)
    }
}

/// Plays games `0..games` on `jobs` threads: each worker keeps its own
/// accumulator `S` and calls `play(&mut acc, i)` for the games it takes,
/// in chunks of `chunk` numbers; `bar` counts them. Returns the workers'
/// accumulators, or the first error (the other workers then stop).
///
/// # Errors
/// The first game that failed.
pub fn run_games<S, E>(
    games: u64,
    jobs: usize,
    chunk: u64,
    bar: &ProgressBar,
    play: impl Fn(&mut S, u64) -> Result<(), E> + Sync,
) -> Result<Vec<S>, E>
where
    S: Default + Send,
    E: Send,
{
    let chunk = chunk.max(1);
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let error: Mutex<Option<E>> = Mutex::new(None);
    let accs: Vec<S> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs.max(1).min(games.max(1) as usize))
            .map(|_| {
                scope.spawn(|| {
                    let mut acc = S::default();
                    loop {
                        let first = next.fetch_add(chunk, Ordering::Relaxed);
                        if first >= games || failed.load(Ordering::Relaxed) {
                            return acc;
                        }
                        for i in first..(first + chunk).min(games) {
                            if let Err(e) = play(&mut acc, i) {
                                failed.store(true, Ordering::Relaxed);
                                if let Ok(mut slot) = error.lock() {
                                    slot.get_or_insert(e);
                                }
                                return acc;
                            }
                            bar.inc(1);
                        }
                    }
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    bar.finish_and_clear();
    match error.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(accs),
    }
}

/// The most turns one game of `match` or `selfplay` may take before it
/// is an error (a player that never ends its game).
pub const MAX_TURNS: usize = 1_000_000;

/// Plays `game` to its end between `white` and `black` with `dice`,
/// every turn through the shared driver (`tables::take_turn`).
///
/// # Errors
/// When a player fails (an external engine that stopped answering) or
/// chooses what the rules refuse: its message.
pub fn play_out<G: TableGame>(
    game: &mut G,
    white: &mut dyn Player<G>,
    black: &mut dyn Player<G>,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, String> {
    tables::play_out(game, BySide::new(white, black), dice, MAX_TURNS).map_err(|e| e.to_string())
}

/// A failed game as the command's error.
pub fn failed(e: String) -> CliError {
    CliError::input(e)
}
