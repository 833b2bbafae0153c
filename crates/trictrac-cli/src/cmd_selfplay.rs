//! `trictrac selfplay`: complete random games and their statistics.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use trictrac::game::{Event, Game, GameKind, GameOptions};
use trictrac::record::{Header, Record};
use trictrac::score::Hole;
use trictrac::{Bredouille, Side};
use trictrac_bot::table::TablePlayer;
use trictrac_bot::SelfPlayPlayer;

use crate::error::CliError;
use crate::options::OptionArgs;
use crate::runs::{self, RunArgs};

/// Play complete random games and print statistics.
#[derive(Debug, Args)]
#[command(
    about = "Play complete random games to 12 holes and print statistics",
    long_about = "Play complete games of Grand Trictrac to 12 holes between two players \
        that choose uniformly among the legal plays and stay after winning a hole \
        when leaving would lose remainder points (otherwise they leave). Prints games \
        per second, rolls, relevés and holes per game, the share of double holes and \
        of games won en grande bredouille, and the points per roll of each kind of jan. \
        Game i uses the dice seed SEED+i, so results do not depend on --jobs.",
    after_help = "Examples:\n  \
        trictrac selfplay --games 10000 --seed 1\n  \
        trictrac selfplay --games 100000 --jobs 2 --json\n  \
        # keep the record of the first game, then check it\n  \
        trictrac selfplay --games 1 --seed 7 --record game.txt && trictrac replay game.txt",
    mut_arg("games", |a| a.default_value("1000")),
    mut_arg("seed", |a| a.help("Seed of the first game's dice and choices"))
)]
pub struct SelfplayArgs {
    #[command(flatten)]
    run: RunArgs,

    /// Write the record of the first game to this file (text; .json for JSON)
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,

    #[command(flatten)]
    options: OptionArgs,
}

/// Statistics over games.
#[derive(Default, Clone, Serialize)]
struct Stats {
    games: u64,
    rolls: u64,
    releves: u64,
    hole_marks: u64,
    double_marks: u64,
    holes: u64,
    grande_bredouille: u64,
    white_wins: u64,
    /// Partie à écrire: marqués ended, refaits among them.
    marques: u64,
    refaits: u64,
    /// What the winners received: stake multipliers or the
    /// payments of parties à écrire.
    points_won: f64,
    /// Points per jan id.
    jan_points: BTreeMap<String, u64>,
}

impl Stats {
    fn add_game(&mut self, g: &Game) {
        self.games += 1;
        self.rolls += g.rolls() as u64;
        self.releves += g.releves() as u64;
        for e in g.events() {
            match e {
                Event::Rolled(s) => {
                    for j in &s.jans {
                        *self.jan_points.entry(j.jan.id().to_string()).or_default() +=
                            j.points as u64;
                    }
                }
                Event::Marked { marking, .. } => {
                    for h in &marking.holes {
                        self.hole_marks += 1;
                        self.holes += h.count() as u64;
                        if *h == Hole::Double {
                            self.double_marks += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(w) = g.winner() {
            if w == Side::White {
                self.white_wins += 1;
            }
            self.points_won += g.points_won().unwrap_or(0.0);
            if is_ecrire(g) {
                // the score starts again at each marqué, so the
                // grande bredouille is counted per marqué won.
                for m in g.marques() {
                    self.marques += 1;
                    if m.winner.is_none() {
                        self.refaits += 1;
                    } else if m.grande_bredouille {
                        self.grande_bredouille += 1;
                    }
                }
            } else {
                let s = g.score();
                if *s.holes.get(!w) == 0 || s.pavillon == Bredouille::Side(w) {
                    self.grande_bredouille += 1;
                }
            }
        }
    }

    fn merge(&mut self, o: &Stats) {
        self.games += o.games;
        self.rolls += o.rolls;
        self.releves += o.releves;
        self.hole_marks += o.hole_marks;
        self.double_marks += o.double_marks;
        self.holes += o.holes;
        self.grande_bredouille += o.grande_bredouille;
        self.white_wins += o.white_wins;
        self.marques += o.marques;
        self.refaits += o.refaits;
        self.points_won += o.points_won;
        for (k, v) in &o.jan_points {
            *self.jan_points.entry(k.clone()).or_default() += v;
        }
    }
}

/// Plays game number `i` of a run seeded with `seed`, every turn through
/// the shared driver.
///
/// # Errors
/// When a player fails (a bug: these players always choose).
pub fn play_game(seed: u64, i: u64, options: GameOptions) -> Result<(Game, u64), String> {
    let game_seed = seed.wrapping_add(i);
    let mut dice = ChaCha8Rng::seed_from_u64(game_seed);
    let mut white = TablePlayer(Box::new(SelfPlayPlayer::new(game_seed ^ 0x57_4849_5445)));
    let mut black = TablePlayer(Box::new(SelfPlayPlayer::new(game_seed ^ 0x42_4c41_434b)));
    let mut g = Game::new(options);
    runs::play_out(&mut g, &mut white, &mut black, &mut dice)?;
    Ok((g, game_seed))
}

#[derive(Serialize)]
struct Report {
    games: u64,
    seconds: f64,
    games_per_second: f64,
    jobs: usize,
    rolls_per_game: f64,
    releves_per_game: f64,
    holes_per_game: f64,
    double_hole_share: f64,
    /// Share of games (of marqués won, in a partie à écrire) won en
    /// grande bredouille.
    grande_bredouille_share: f64,
    /// Mean stake multiplier, or mean payment of a partie à
    /// écrire.
    points_won_per_game: f64,
    /// Partie à écrire only: marqués (refaits included) per partie.
    #[serde(skip_serializing_if = "Option::is_none")]
    marques_per_game: Option<f64>,
    /// Partie à écrire only: refaits per partie.
    #[serde(skip_serializing_if = "Option::is_none")]
    refaits_per_game: Option<f64>,
    white_win_share: f64,
    points_per_roll: BTreeMap<String, f64>,
}

/// Runs `trictrac selfplay`.
pub fn run(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let run = &args.run;
    if run.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let options = args.options.to_options()?;
    let jobs = run.threads();
    if let Some(path) = &args.record {
        let (g, game_seed) = play_game(run.seed, 0, options).map_err(runs::failed)?;
        let header = Header {
            event: "trictrac selfplay".into(),
            date: String::new(),
            white: "random-selfplay".into(),
            black: "random-selfplay".into(),
            seed: Some(game_seed),
            ..Header::default()
        };
        let rec = Record::from_game(&g, header);
        let text = if path.extension().is_some_and(|e| e == "json") {
            rec.to_json()
        } else {
            rec.to_string()
        };
        crate::input::write_text(path, &text)?;
    }
    let bar = run.progress(run.games, "{bar:40} {pos}/{len} games {per_sec} eta {eta}");
    let start = Instant::now();
    // Games are handed out in chunks of 64 to keep the counter cold.
    let stats = runs::run_games(run.games, jobs, 64, &bar, |st: &mut Stats, i| {
        let (g, _) = play_game(run.seed, i, options)?;
        st.add_game(&g);
        Ok::<(), String>(())
    })
    .map_err(runs::failed)?;
    let secs = start.elapsed().as_secs_f64();
    let mut total = Stats::default();
    for s in &stats {
        total.merge(s);
    }
    let n = total.games as f64;
    let ecrire = matches!(options.game, GameKind::Ecrire { .. });
    let report = Report {
        games: total.games,
        seconds: secs,
        games_per_second: n / secs.max(1e-9),
        jobs,
        rolls_per_game: total.rolls as f64 / n,
        releves_per_game: total.releves as f64 / n,
        holes_per_game: total.holes as f64 / n,
        double_hole_share: total.double_marks as f64 / (total.hole_marks.max(1)) as f64,
        grande_bredouille_share: total.grande_bredouille as f64
            / if ecrire {
                (total.marques - total.refaits).max(1) as f64
            } else {
                n
            },
        points_won_per_game: total.points_won / n,
        marques_per_game: ecrire.then(|| total.marques as f64 / n),
        refaits_per_game: ecrire.then(|| total.refaits as f64 / n),
        white_win_share: total.white_wins as f64 / n,
        points_per_roll: total
            .jan_points
            .iter()
            .map(|(k, v)| (k.clone(), *v as f64 / total.rolls.max(1) as f64))
            .collect(),
    };
    if run.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} games in {:.2} s: {:.0} games/s on {} thread{}",
        report.games,
        secs,
        report.games_per_second,
        jobs,
        if jobs > 1 { "s" } else { "" }
    )?;
    writeln!(out, "rolls per game       {:.1}", report.rolls_per_game)?;
    writeln!(out, "relevés per game     {:.2}", report.releves_per_game)?;
    writeln!(out, "holes per game       {:.1}", report.holes_per_game)?;
    writeln!(
        out,
        "double holes         {:.1} % of holes marked",
        100.0 * report.double_hole_share
    )?;
    if let (Some(m), Some(r)) = (report.marques_per_game, report.refaits_per_game) {
        writeln!(out, "marqués per partie   {m:.2} (refaits {r:.2})")?;
        writeln!(
            out,
            "payment per partie   {:.1} (difference of the marqués' totals, R-9.2)",
            report.points_won_per_game
        )?;
        writeln!(
            out,
            "grande bredouille    {:.1} % of marqués won",
            100.0 * report.grande_bredouille_share
        )?;
    } else {
        writeln!(
            out,
            "stake per game       x{:.2} ({} payout, R-9.1)",
            report.points_won_per_game,
            options.payout.word()
        )?;
        writeln!(
            out,
            "grande bredouille    {:.1} % of games",
            100.0 * report.grande_bredouille_share
        )?;
    }
    writeln!(
        out,
        "white wins           {:.1} %",
        100.0 * report.white_win_share
    )?;
    writeln!(out, "points per roll by jan:")?;
    let mut by: Vec<(&String, &f64)> = report.points_per_roll.iter().collect();
    by.sort_by(|a, b| b.1.total_cmp(a.1));
    for (k, v) in by {
        writeln!(out, "  {k:<20} {v:.3}")?;
    }
    Ok(())
}

/// A partie à écrire?
fn is_ecrire(g: &Game) -> bool {
    matches!(g.options().game, GameKind::Ecrire { .. })
}
