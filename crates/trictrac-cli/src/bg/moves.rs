//! `trictrac bg moves`: the legal plays of a roll, or the check of one.

use std::io::Write;

use backgammon::{Play, Side};
use clap::Args;
use serde::Serialize;

use super::input;
use crate::error::CliError;

/// List the legal plays of a roll, or check one play.
#[derive(Debug, Args)]
#[command(
    about = "List the legal plays of a backgammon roll, or check one play",
    long_about = "List the legal plays of a roll from a position (a gnubg Position ID), \
        one per line, as gnubg writes them in the mover's numbering (`8/5 6/5`, \
        `bar/22`, `6/off`, `24/18*/13`, `8/5(2)`; `--` when nothing can be played). \
        Plays that reach the same position are listed once (BG-3.1). With --json, \
        each play comes with the gnubg Position ID of the position it reaches, the \
        opponent on roll.\n\n\
        With --play, check one play instead: print the canonical play and the \
        Position ID after it, or say which rule it breaks (exit code 1).",
    after_help = "Examples:\n  \
        trictrac bg moves --dice 3-1\n  \
        trictrac bg moves --position 4HPwATDgc/ABMA --dice 3-1 --json\n  \
        trictrac bg moves --dice 6-5 --play 24/13\n  \
        trictrac bg moves --position 27YBBwDg/wcAQA --dice 6-6 --play=--   # the no-move play (also --play pass)\n  \
        trictrac bg moves --dice 6-4 --rules seed --position ID\n  \
        trictrac bg moves --dice 3-1 --lines     # the page's N/B line names (BG-1.3)\n\n\
        Exit codes: 0 success, 1 illegal play, 2 bad input."
)]
pub struct MovesArgs {
    /// The position: a gnubg Position ID (player not on roll first, as gnubg writes it)
    #[arg(short, long, value_name = "ID", default_value = input::START_ID)]
    position: String,

    /// The side on roll (a Position ID does not say which colour is on roll)
    #[arg(long, value_name = "white|black", default_value = "white")]
    turn: String,

    /// The roll, e.g. 3-1 (either order)
    #[arg(short, long, value_name = "A-B")]
    dice: String,

    /// Rules: standard or seed, with options (e.g. "seed hit-cover=home")
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Check this play (quoted, e.g. "8/5 6/5") instead of listing; the
    /// no-move play (nothing can be played) is `--play=--`, `--play --`
    /// or `--play pass`
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    play: Option<String>,

    /// Write points with the page's line names N1..N12, B1..B12 (BG-1.3)
    #[arg(long)]
    lines: bool,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct PlayJson {
    play: String,
    position: String,
}

#[derive(Serialize)]
struct PlaysJson<'a> {
    position: String,
    turn: &'a str,
    dice: String,
    rules: String,
    count: usize,
    plays: Vec<PlayJson>,
}

/// A play written with the page's line names (BG-1.3), for `side`.
pub fn line_names(play: &Play, side: Side) -> String {
    if play.is_pass() {
        return "--".into();
    }
    let name = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        n => backgammon::Point::new(n).line_name(side),
    };
    play.raw()
        .map(|(f, t, hit)| format!("{}/{}{}", name(f), name(t), if hit { "*" } else { "" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `trictrac bg moves`.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let turn = input::side(&args.turn)?;
    let pos = input::position(&args.position, turn)?;
    let roll = input::roll(&args.dice)?;
    let rules = input::rules(&args.rules)?;
    if pos.winner().is_some() {
        return Err(CliError::input(
            "the game is over in this position: a side has borne off all 15 checkers (BG-5.3)",
        ));
    }
    let show = |p: &Play| {
        if args.lines {
            line_names(p, turn)
        } else {
            p.to_string()
        }
    };
    if let Some(text) = &args.play {
        let written = crate::input::no_move_word(text)
            .parse::<backgammon::PlayText>()
            .map_err(|e| CliError::input(format!("invalid --play: {e}")))?;
        let play = pos
            .resolve_play(roll, &written, &rules)
            .map_err(|e| CliError::Illegal(format!("{turn}: {e}")))?;
        let after = pos.play_unchecked(&play);
        if args.json {
            let json = PlayJson {
                play: show(&play),
                position: after.to_position_id(),
            };
            serde_json::to_writer_pretty(&mut *out, &json)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", show(&play))?;
            writeln!(out, "{}", after.to_position_id())?;
        }
        return Ok(());
    }
    let list = pos.legal_plays(roll, &rules);
    if args.json {
        let json = PlaysJson {
            position: pos.to_position_id(),
            turn: turn.name(),
            dice: roll.to_string(),
            rules: rules.to_string(),
            count: list.len(),
            plays: list
                .iter()
                .map(|p| PlayJson {
                    play: show(p),
                    position: pos.play_unchecked(p).to_position_id(),
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        for p in &list {
            writeln!(out, "{}", show(p))?;
        }
    }
    Ok(())
}
