//! `trictrac bg benchmark`: the strength of our bot against GNU
//! Backgammon 0-ply, cubeless and with the cube (money games, duplicate
//! dice, a fresh seed each run, printed), and gnubg's judgement of its
//! plays beside gnubg 0-ply's own on the same games (issue 22, item 6).

use std::io::Write;
use std::path::{Path, PathBuf};

use backgammon::Rules;
use clap::Args;
use serde::Serialize;

use super::gnubg_analysis::{self, Errors};
use super::matches::{self, Spec, Summary, GNUBG};
use crate::error::CliError;

/// Our bot against gnubg 0-ply, and gnubg's analysis of its games.
#[derive(Clone, Debug, Args)]
#[command(
    about = "Measure a bot against GNU Backgammon 0-ply: points per game cubeless and with the cube, and gnubg's error rate of its plays",
    long_about = "Plays money games of our bot (--bot, the strongest by default) against GNU \
        Backgammon at 0 ply, cubeless and with the cube, with duplicate dice (games 2k and \
        2k+1 have the same dice, the colours swapped), and prints our points per game with \
        the 95 % confidence interval over the pairs. Each run draws a fresh seed and prints \
        it: --seed repeats a run. Then gnubg analyses the first --analyse games of each \
        setting (imported as .mat records) at --plies and prints the error rate per move \
        in mEMG of our bot beside that of gnubg 0-ply, its opponent in the same games.",
    after_help = "gnubg is found as $TRICTRAC_GNUBG, gnubg on the PATH or /usr/games/gnubg \
        (Debian: apt-get install gnubg). With the default bot (3 plies) a 400-game \
        setting takes about 2 minutes on one thread cubeless, 5 to 7 with the cube \
        (`--bot expert`, 2 plies: about four times faster); gnubg's 2-ply analysis \
        about 10 s per game.\n\n\
        Examples:\n  \
        trictrac bg benchmark\n  \
        trictrac bg benchmark --games 1000 --cube off --analyse 0 --jobs 2\n  \
        trictrac bg benchmark --seed 9203 --games 400 --analyse 20 --jobs 1\n  \
        trictrac bg benchmark --model bg-model.bin --save-mat games/ --json"
)]
pub struct BenchmarkArgs {
    /// Our player: default (the strongest), a level word or an internal name
    #[arg(long, value_name = "PLAYER", default_value = "default")]
    bot: String,

    /// Games in each setting (rounded up to an even number: pairs of duplicate dice)
    #[arg(short, long, default_value_t = 400)]
    games: u64,

    /// Seed of the dice (default: a fresh one, printed so that the run can be repeated)
    #[arg(short, long)]
    seed: Option<u64>,

    /// Settings to play: off (cubeless), on (with the cube, Jacoby) or both
    #[arg(long, value_name = "off|on|both", default_value = "both")]
    cube: String,

    /// Games of each setting that gnubg analyses (the first ones; 0: none)
    #[arg(long, value_name = "N", default_value_t = 20)]
    analyse: u64,

    /// Depth of gnubg's analysis in its plies (2 is its "world class" setting)
    #[arg(long, value_name = "PLIES", default_value_t = 2)]
    plies: u8,

    /// Keep the analysed games in DIR (cube-off/ and cube-on/, .mat records);
    /// by default they are written to a temporary directory and removed
    #[arg(long, value_name = "DIR")]
    save_mat: Option<PathBuf>,

    /// Worker threads, and gnubg's threads for the analysis (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Another network for the neural player (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// gnubg's analysis of one setting's games.
#[derive(Serialize)]
struct Analysis {
    games: u64,
    plies: u8,
    ours: Errors,
    gnubg: Errors,
}

/// One setting's results.
#[derive(Serialize)]
struct CubeSettingResult {
    cube: bool,
    #[serde(flatten)]
    summary: Summary,
    analysis: Option<Analysis>,
}

#[derive(Serialize)]
struct Report {
    bot: String,
    opponent: &'static str,
    seed: u64,
    settings: Vec<CubeSettingResult>,
}

/// A seed nobody chose: from the clock, above the seeds the docs use.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    100_000 + (nanos ^ (u64::from(std::process::id()) << 20)) % 900_000_000
}

/// Removes a temporary directory when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The first `n` `.mat` records written in `dir`.
fn records(dir: &Path, n: u64) -> Vec<PathBuf> {
    (0..n)
        .map(|i| matches::mat_path(dir, i))
        .filter(|p| p.is_file())
        .collect()
}

fn line(s: &CubeSettingResult, bot: &str) -> String {
    let m = &s.summary;
    format!(
        "{}: {} games, {bot} wins {} ({:.1} %), points per game {:+.3} (95 % CI {:+.3} to {:+.3}), \
         gammons {:.1} %, {:.1} games/s",
        if s.cube { "cube on " } else { "cube off" },
        m.games,
        m.a_wins,
        100.0 * m.a_wins as f64 / m.games.max(1) as f64,
        m.a_points_per_game,
        m.a_points_ci95[0],
        m.a_points_ci95[1],
        100.0 * m.gammons,
        m.games as f64 / m.seconds.max(1e-9)
    )
}

fn analysis_lines(s: &CubeSettingResult, bot: &str) -> Option<String> {
    let a = s.analysis.as_ref()?;
    let cube = if s.cube { "cube on" } else { "cube off" };
    let mut t = format!(
        "gnubg {}-ply analysis, {cube}, {} games: error rate per move {bot} {:.1} mEMG \
         ({} moves), gnubg 0-ply {:.1} mEMG ({} moves)",
        a.plies,
        a.games,
        a.ours.chequer_rate(),
        a.ours.moves,
        a.gnubg.chequer_rate(),
        a.gnubg.moves
    );
    if s.cube {
        t.push_str(&format!(
            "\n  with the cube decisions (gnubg's overall rate): {bot} {:.1} mEMG \
             ({} close cube decisions), gnubg 0-ply {:.1} mEMG ({})",
            a.ours.overall_rate(),
            a.ours.cube_decisions,
            a.gnubg.overall_rate(),
            a.gnubg.cube_decisions
        ));
    }
    Some(t)
}

/// Runs `trictrac bg benchmark`.
pub fn run(args: &BenchmarkArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let levels = crate::levels::levels(
        backgammon_bot::PLAYERS,
        backgammon_bot::players::table::level,
    );
    let bot =
        crate::levels::resolve(&levels, &args.bot).map_or_else(|| args.bot.clone(), str::to_string);
    if bot == GNUBG {
        return Err(CliError::input(
            "--bot is one of our players; gnubg is the opponent",
        ));
    }
    let cubes: &[bool] = match args.cube.as_str() {
        "off" => &[false],
        "on" => &[true],
        "both" => &[false, true],
        other => {
            return Err(CliError::input(format!(
                "--cube must be off, on or both, not `{other}`"
            )))
        }
    };
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let net = matches::model(args.model.as_deref())?;
    matches::check_players([&bot, GNUBG], &net)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let jobs = crate::input::jobs(args.jobs);
    // Our bot's name as the records and gnubg's statistics show it.
    let shown = backgammon_bot::by_name_with(&bot, 0, net.clone())
        .map_or_else(|| bot.clone(), |p| p.name().to_string());
    if !args.json {
        writeln!(
            out,
            "{shown} against gnubg 0-ply, money games with duplicate dice, seed {seed} \
             (repeat with --seed {seed})"
        )?;
    }
    let (base, _temp) = match &args.save_mat {
        Some(d) => (d.clone(), None),
        None => {
            let d = std::env::temp_dir()
                .join(format!("trictrac-benchmark-{}-{seed}", std::process::id()));
            (d.clone(), Some(TempDir(d)))
        }
    };
    let mut settings = Vec::new();
    for &cube in cubes {
        let rules = Rules {
            cube,
            ..Rules::standard()
        };
        let dir = base.join(if cube { "cube-on" } else { "cube-off" });
        let spec = Spec {
            white: shown.clone(),
            black: GNUBG.to_string(),
            rules,
            seed,
            games: args.games,
            jobs,
            net: net.clone(),
            save_dir: (args.analyse > 0).then(|| dir.clone()),
            save_games: args.analyse,
        };
        let bar = crate::input::progress(
            args.games.div_ceil(2),
            args.json,
            &format!(
                "cube {}: {{bar:40}} {{pos}}/{{len}} pairs {{elapsed}} (eta {{eta}})",
                if cube { "on " } else { "off" }
            ),
        );
        let summary = matches::play(&spec, &bar)?;
        let mut s = CubeSettingResult {
            cube,
            summary,
            analysis: None,
        };
        if !args.json {
            writeln!(out, "{}", line(&s, &shown))?;
        }
        if args.analyse > 0 {
            let files = records(&dir, args.analyse);
            let bar = crate::input::progress(
                files.len() as u64,
                args.json,
                &format!(
                    "gnubg {}-ply analysis: {{bar:40}} {{pos}}/{{len}} games {{elapsed}} (eta {{eta}})",
                    args.plies
                ),
            );
            let totals = gnubg_analysis::analyse(
                &files,
                gnubg_analysis::Settings {
                    plies: args.plies,
                    cube,
                    jacoby: rules.jacoby,
                    threads: jobs,
                },
                &bar,
            )?;
            let get = |name: &str| totals.get(name).cloned().unwrap_or_default();
            s.analysis = Some(Analysis {
                games: files.len() as u64,
                plies: args.plies,
                ours: get(&shown),
                gnubg: get(GNUBG),
            });
            if !args.json {
                if let Some(t) = analysis_lines(&s, &shown) {
                    writeln!(out, "{t}")?;
                }
            }
        }
        settings.push(s);
    }
    if args.json {
        let report = Report {
            bot: shown,
            opponent: "gnubg 0-ply",
            seed,
            settings,
        };
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else if let Some(d) = &args.save_mat {
        writeln!(out, "analysed games kept in {}", d.display())?;
    }
    Ok(())
}
