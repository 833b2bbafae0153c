//! `trictrac bg rollout`: a backgammon position played out many times by
//! the bot, with variance reduction and quasi-random dice, on all cores.

use std::io::Write;
use std::path::PathBuf;

use backgammon_bot::analysis::rollout::{Progress, RolloutResult, Settings};
use backgammon_bot::analysis::service::Analyst;
use backgammon_bot::net::equity;
use clap::Args;

use super::input;
use crate::error::CliError;

/// Roll out a backgammon position.
#[derive(Debug, Args)]
#[command(
    about = "Roll out a backgammon position: its equity played out N times by the bot",
    long_about = "Play a position out --games times with the neural bot and report the mean \
        result: the cubeless money equity of the side on roll (with --cube on also the \
        cubeful equity, the bot doubling and taking), its standard error and 95 % interval, \
        and the chances of winning, gammon and backgammon. Variance reduction as gnubg's \
        (each roll's luck, measured by the evaluator, is subtracted), quasi-random dice (the \
        first two rolls stratified over the 36), all cores, the same result for the same \
        seed whatever the thread count. The bot plays at --plies 2 (the default bot's \
        search) unless told: --plies 0 takes a third to a half of the time but plays worse, and \
        the rollout's equity is that of the position played by the bot. With --dice, the best plays of that roll (--plays, \
        ranked at 0 ply) are each rolled out from the position after them, with the same \
        dice. The position is a gnubg Position ID (--turn on roll), a PositionID:MatchID \
        or an XGID.",
    after_help = "Examples:\n  \
        trictrac bg rollout --games 1296 --seed 1\n  \
        trictrac bg rollout --position 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10' --games 1296\n  \
        trictrac bg rollout --position 4HPwATDgc/ABMA --dice 4-3 --plays 3 --games 648 --json\n  \
        trictrac bg rollout --position 4HPwATDgc/ABMA --cube on --truncate 10 --plies 2"
)]
pub struct RolloutArgs {
    /// The position: a gnubg Position ID, PositionID:MatchID, or an XGID
    #[arg(short, long, value_name = "ID", default_value = input::START_ID)]
    position: String,

    /// The side on roll of a Position ID
    #[arg(long, value_name = "white|black", default_value = "white")]
    turn: String,

    #[command(flatten)]
    matches: input::MatchOptions,

    /// Roll out the best plays of this roll
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// With --dice: how many of the best plays (at 0 ply) to roll out
    #[arg(long, value_name = "N", default_value_t = 1)]
    plays: usize,

    /// Games to play
    #[arg(short, long, default_value_t = 1296)]
    games: u32,

    /// Seed of the dice
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// How the bot plays: 0 the evaluator alone (fastest), 1 a narrow 2-ply search, 2 the default bot's search, 3 the 3-ply search (gnubg's 2-ply; slowest)
    #[arg(long, value_name = "0|1|2|3", default_value_t = 2)]
    plies: u8,

    /// Stop each game after N half-moves and count the evaluator's value
    #[arg(long, value_name = "N")]
    truncate: Option<u32>,

    /// Play the cube (money): also the cubeful equity
    #[arg(long, value_name = "on|off", default_value = "off")]
    cube: String,

    /// Variance reduction (luck adjustment)
    #[arg(long, value_name = "on|off", default_value = "on")]
    variance_reduction: String,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Another network (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

fn on_off(name: &str, v: &str) -> Result<bool, CliError> {
    match v {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(CliError::input(format!(
            "invalid --{name} `{v}`: expected on or off"
        ))),
    }
}

/// The result's JSON ([`RolloutResult::json`]), with the games per second.
fn json_of(r: &RolloutResult, flip: bool) -> serde_json::Value {
    let mut v = serde_json::to_value(r.json(flip)).unwrap_or_default();
    v["games_per_second"] = serde_json::json!(f64::from(r.games) / r.seconds.max(1e-9));
    v
}

fn print_text(out: &mut dyn Write, r: &RolloutResult, flip: bool) -> Result<(), CliError> {
    let r = if flip { r.turned() } else { *r };
    let (e, c) = (r.equity, r.chances);
    writeln!(
        out,
        "  cubeless equity {:+.4} ± {:.4} (95 %: {:+.4} … {:+.4})",
        e,
        r.stderr,
        e - 1.96 * r.stderr,
        e + 1.96 * r.stderr
    )?;
    if let (Some(cf), Some(se)) = (r.cubeful, r.cubeful_stderr) {
        writeln!(
            out,
            "  cubeful equity  {:+.4} ± {:.4} (95 %: {:+.4} … {:+.4})",
            cf,
            se,
            cf - 1.96 * se,
            cf + 1.96 * se
        )?;
    }
    writeln!(
        out,
        "  win {:.2}%  gammon {:.2}%  backgammon {:.2}% | lose {:.2}%  gammon {:.2}%  backgammon {:.2}%",
        100.0 * c[0],
        100.0 * c[1],
        100.0 * c[2],
        100.0 * (1.0 - c[0]),
        100.0 * c[3],
        100.0 * c[4]
    )?;
    writeln!(
        out,
        "  {} games in {:.1} s ({:.0} games/s)",
        r.games,
        r.seconds,
        f64::from(r.games) / r.seconds.max(1e-9)
    )?;
    Ok(())
}

/// Runs `trictrac bg rollout`.
pub fn run(args: &RolloutArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let turn = input::side(&args.turn)?;
    let setting = input::setting_with(&args.position, turn, &args.matches)?;
    let mut rules = input::rules(&args.rules)?;
    if let Some(j) = setting.jacoby {
        rules.jacoby = j;
    }
    let cube = on_off("cube", &args.cube)?;
    if cube && setting.state.length > 0 {
        return Err(CliError::input(
            "--cube on rolls out money play only: this position is in a match",
        ));
    }
    if args.plies > 3 {
        return Err(CliError::input(format!(
            "--plies must be 0, 1, 2 or 3, not {}",
            args.plies
        )));
    }
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let pos = setting.position;
    input::not_over(&pos)?;
    let net = input::net(args.model.as_deref())?;
    let settings = Settings {
        games: args.games,
        seed: args.seed,
        plies: args.plies,
        truncate: args.truncate,
        cube,
        variance_reduction: on_off("variance-reduction", &args.variance_reduction)?,
        threads: args.jobs.unwrap_or(0),
        bearoff_truncation: true,
    };
    let dice = match &args.dice {
        Some(d) => Some(input::roll(d)?),
        None => setting.dice,
    };
    // The positions to roll out: the position itself, or the position
    // after each of the best plays (the opponent on roll, the result
    // turned back to the mover's eyes).
    let mut jobs: Vec<(String, backgammon::Position, bool)> = Vec::new();
    match dice {
        None => jobs.push((String::new(), pos, false)),
        Some(roll) => {
            let plays = pos.legal_plays(roll, &rules);
            let mut ranked: Vec<(f32, backgammon::Play)> = plays
                .iter()
                .map(|p| {
                    let after = pos.play_unchecked(p);
                    (
                        equity(&net.after_play(&after, pos.turn(), rules.preset)),
                        *p,
                    )
                })
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (_, p) in ranked.iter().take(args.plays.max(1)) {
                jobs.push((p.to_string(), pos.play_unchecked(p), true));
            }
        }
    }
    let (position_id, match_id, xgid) = input::ids(&setting, dice, &rules);
    if !args.json {
        writeln!(
            out,
            "Position ID: {position_id}   Match ID: {match_id}\n{xgid}"
        )?;
        out.flush()?;
    }
    let total = u64::from(args.games) * jobs.len() as u64;
    let bar = crate::input::progress(
        total,
        args.json,
        "{bar:40} {pos}/{len} games {per_sec} eta {eta} {msg}",
    );
    let mut results = Vec::new();
    for (label, root, flip) in &jobs {
        let root_cube = setting.cube;
        let show = |p: Progress| {
            bar.inc(1);
            let e = if *flip { -p.equity } else { p.equity };
            if p.done.is_multiple_of(16) || p.done == p.games {
                bar.set_message(format!("equity {e:+.3} ± {:.3}", p.stderr));
            }
        };
        let r = Analyst::new(&net).rollout(
            root,
            root_cube,
            &rules,
            &settings,
            &show,
            &std::sync::atomic::AtomicBool::new(false),
        );
        results.push((label.clone(), r, *flip));
    }
    bar.finish_and_clear();
    if args.json {
        let v = if dice.is_none() {
            let mut v = json_of(&results[0].1, false);
            v["position_id"] = serde_json::json!(position_id);
            v["match_id"] = serde_json::json!(match_id);
            v["xgid"] = serde_json::json!(xgid);
            v
        } else {
            let plays: Vec<serde_json::Value> = results
                .iter()
                .map(|(label, r, flip)| {
                    let mut v = json_of(r, *flip);
                    v["play"] = serde_json::json!(label);
                    v
                })
                .collect();
            serde_json::json!({
                "position_id": position_id,
                "match_id": match_id,
                "xgid": xgid,
                "plays": plays,
            })
        };
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    for (i, (label, r, flip)) in results.iter().enumerate() {
        if label.is_empty() {
            writeln!(out, "Rollout ({} plies, seed {}):", args.plies, args.seed)?;
        } else {
            writeln!(out, "{}. {label}", i + 1)?;
        }
        print_text(out, r, *flip)?;
    }
    Ok(())
}
