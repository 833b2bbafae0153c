//! `trictrac bg hint`: the neural bot's ranking of the plays of a roll.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use backgammon::PlayList;
use backgammon_bot::neural::{equity, SEARCH_KEEP, SEARCH_MARGIN};
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
        the neural bot's cubeless money equity after each play, best first, with the \
        network's winning, gammon and backgammon chances. --plies 2 (the default, as the \
        default bot) values each play by the mean over the opponent's 21 rolls of his \
        best reply; --plies 0 by the network alone. With --best, print only the play \
        the bot `neural` (or `neural0` with --plies 0) would make.",
    after_help = "Examples:\n  \
        trictrac bg hint --dice 3-1\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --json\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --best\n  \
        trictrac bg hint --dice 2-1 --plies 0"
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

    /// Search depth: 2 (the default bot's) or 0
    #[arg(long, value_name = "0|2", default_value_t = 2)]
    plies: u8,

    /// Print only the best play
    #[arg(long)]
    best: bool,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// A play with the bot's valuation of the position after it.
#[derive(Serialize)]
pub struct Ranked {
    /// The play in gnubg's notation.
    pub play: String,
    /// The play itself (for the terminal's own notation).
    #[serde(skip)]
    pub raw: backgammon::Play,
    /// Cubeless money equity after the play (the mover's eyes).
    pub equity: f32,
    /// `equity` minus the best play's (0 or negative).
    pub difference: f32,
    /// Chance of winning.
    pub win: f32,
    win_gammon: f32,
    win_backgammon: f32,
    lose_gammon: f32,
    lose_backgammon: f32,
}

/// The legal `plays` of `pos` ranked by the network's cubeless equity,
/// best first: at `plies` 2 (the default bot's search) or 0. Shared by
/// `bg hint` and the hints of `bg play`.
pub fn rank_plays(
    net: &BgNet,
    pos: &backgammon::Position,
    plays: &PlayList,
    rules: &backgammon::Rules,
    plies: u8,
) -> Vec<Ranked> {
    let turn = pos.turn();
    let mut buf = PlayList::new();
    let mut ranked: Vec<Ranked> = plays
        .iter()
        .map(|p| {
            let after = pos.play_unchecked(p);
            let o = if plies == 2 {
                net.after_play_2ply(&after, turn, rules, &mut buf)
            } else {
                net.after_play(&after, turn, rules.preset)
            };
            Ranked {
                play: p.to_string(),
                raw: *p,
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
    ranked
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
    if args.plies != 0 && args.plies != 2 {
        return Err(CliError::input(format!(
            "--plies must be 0 or 2, not {}",
            args.plies
        )));
    }
    let plays = pos.legal_plays(roll, &rules);
    if args.best {
        let best = if args.plies == 2 {
            net.best_play_2ply(&pos, &plays, &rules, SEARCH_KEEP, SEARCH_MARGIN)
                .0
        } else {
            net.best_play(&pos, &plays, rules.preset).0
        };
        writeln!(out, "{best}")?;
        return Ok(());
    }
    let ranked = rank_plays(&net, &pos, &plays, &rules, args.plies);
    if args.json {
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
