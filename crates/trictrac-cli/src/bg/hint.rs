//! `trictrac bg hint`: the neural bot's ranking of the plays of a roll.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use backgammon_bot::neural::equity;
use backgammon_bot::{default_net, BgNet};
use clap::Args;
use serde::Serialize;

use super::input;
use crate::error::CliError;

/// Rank the plays of a roll by the neural bot's cubeless equity.
#[derive(Debug, Args)]
#[command(
    about = "Rank the legal plays of a backgammon roll by the bot's equity",
    long_about = "Rank the legal plays of a roll from a position (a gnubg Position ID) by \
        the neural bot's cubeless money equity after each play (0 ply), best first, \
        with the network's winning, gammon and backgammon chances. With --best, print \
        only the best play.",
    after_help = "Examples:\n  \
        trictrac bg hint --dice 3-1\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --json\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --best"
)]
pub struct HintArgs {
    /// The position: a gnubg Position ID
    #[arg(short, long, value_name = "ID", default_value = input::START_ID)]
    position: String,

    /// The side on roll
    #[arg(long, value_name = "white|black", default_value = "white")]
    turn: String,

    /// The roll, e.g. 3-1
    #[arg(short, long, value_name = "A-B")]
    dice: String,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Another network (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Print only the best play
    #[arg(long)]
    best: bool,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Ranked {
    play: String,
    equity: f32,
    difference: f32,
    win: f32,
    win_gammon: f32,
    win_backgammon: f32,
    lose_gammon: f32,
    lose_backgammon: f32,
}

/// Runs `trictrac bg hint`.
pub fn run(args: &HintArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let turn = input::side(&args.turn)?;
    let pos = input::position(&args.position, turn)?;
    let roll = input::roll(&args.dice)?;
    let rules = input::rules(&args.rules)?;
    if pos.winner().is_some() {
        return Err(CliError::input(
            "the game is over in this position (BG-5.3)",
        ));
    }
    let net: Arc<BgNet> = match &args.model {
        Some(p) => Arc::new(BgNet::load(p).map_err(CliError::input)?),
        None => default_net(),
    };
    let mut ranked: Vec<Ranked> = pos
        .legal_plays(roll, &rules)
        .iter()
        .map(|p| {
            let o = net.after_play(&pos.play_unchecked(p), turn, rules.preset);
            Ranked {
                play: p.to_string(),
                equity: equity(&o),
                difference: 0.0,
                win: o[0],
                win_gammon: o[1],
                win_backgammon: o[2],
                lose_gammon: o[3],
                lose_backgammon: o[4],
            }
        })
        .collect();
    ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    let best = ranked.first().map_or(0.0, |r| r.equity);
    for r in &mut ranked {
        r.difference = r.equity - best;
    }
    if args.best {
        writeln!(out, "{}", ranked.first().map_or("--", |r| r.play.as_str()))?;
    } else if args.json {
        serde_json::to_writer_pretty(&mut *out, &serde_json::json!({ "plays": ranked }))?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{:<4} {:<24} {:>8} {:>8}   win   gammon  bg  | lose gammon  bg",
            "", "play", "equity", "diff"
        )?;
        for (i, r) in ranked.iter().enumerate() {
            writeln!(
                out,
                "{:<4} {:<24} {:>+8.3} {:>+8.3}  {:.3} {:.3} {:.3} | {:.3} {:.3}",
                format!("{}.", i + 1),
                r.play,
                r.equity,
                r.difference,
                r.win,
                r.win_gammon,
                r.win_backgammon,
                r.lose_gammon,
                r.lose_backgammon
            )?;
        }
    }
    Ok(())
}
