//! `trictrac moves`: the legal plays of a roll, or the check of one play.

use std::io::Write;

use clap::Args;
use serde::Serialize;

use crate::error::CliError;
use crate::input;

/// List the legal plays of a roll, or check one play.
#[derive(Debug, Args)]
#[command(
    about = "List the legal plays of a roll, or check one play",
    long_about = "List the legal plays of a roll from a position, one per line, in play \
        notation (absolute fields, e.g. `1-7 1-6`, tout d'une `1-4-9`, bearing off \
        `21-off`, nothing playable `--`). Plays that reach the same position are \
        listed once.\n\n\
        With --play, check one play instead: print the canonical play and the TPN of \
        the position after it, or say which rule it breaks (exit code 1).",
    after_help = "Examples:\n  \
        # the plays of 6-5 from the start (prints `1-7 1-6`)\n  \
        trictrac moves --dice 6-5\n\n  \
        # the roll may come from the position's dice= key\n  \
        trictrac moves --position \"w:1x13,6,7 b:24x15 b dice=3-1\"\n\n  \
        # JSON output: {\"plays\": [...], ...}\n  \
        trictrac moves --position \"w:1x13,6,7 b:24x15 w\" --dice 2-1 --json\n\n  \
        # check a play: prints `1-7 1-6` and the position after it\n  \
        trictrac moves --dice 6-5 --play \"1-6 1-7\"\n\n  \
        # an illegal play: exit code 1 and the rule it breaks (R-4.1)\n  \
        trictrac moves --dice 6-5 --play \"1-12\"\n\n\
        Exit codes: 0 success, 1 illegal play, 2 bad input (position, dice, play notation)."
)]
pub struct MovesArgs {
    /// The position in TPN, quoted (White's checkers, Black's checkers, side to move,
    /// optional key=value)
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// The roll, e.g. 6-5 (either order); defaults to the position's dice= key
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// Check this play (play notation, quoted, e.g. "1-7 1-6") instead of listing;
    /// the no-move play is `--play=--`, `--play --` or `--play pass`
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    play: Option<String>,

    #[command(flatten)]
    listing: input::ListingArgs,
}

#[derive(Serialize)]
struct PlaysJson<'a> {
    position: String,
    turn: &'a str,
    dice: String,
    count: usize,
    plays: Vec<String>,
}

#[derive(Serialize)]
struct CheckJson<'a> {
    position: String,
    turn: &'a str,
    dice: String,
    play: String,
    after: String,
}

/// Runs `trictrac moves`.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let names: trictrac::FieldNames = args.listing.fields.into();
    let pos = input::position_named(&args.position, names)?;
    let roll = input::roll_for(&pos, args.dice.as_deref())?;
    let turn = pos.turn();
    let tpn = |p: &trictrac::Position| names.tpn_from_numbers(&p.to_string());
    let rules = trictrac::Rules {
        exit: args.listing.exit.into(),
        ..trictrac::Rules::DEFAULT
    };

    if let Some(text) = &args.play {
        let notation = input::play_named(input::no_move_word(text), names)?;
        let play = pos
            .resolve_play_with(roll, &notation, &rules)
            .map_err(|e| {
                let mut msg = format!("illegal play `{}` for {turn} with {roll}: {e}", text.trim());
                if !msg.contains(e.rule()) {
                    msg.push_str(&format!(" ({})", e.rule()));
                }
                CliError::Illegal(msg)
            })?;
        let mut after = pos.clone();
        after.play_unchecked_with(&play, &rules);
        let canonical = names.play_from_numbers(&play.display(turn).to_string());
        let after = tpn(&after);
        if args.listing.json {
            let json = CheckJson {
                position: tpn(&pos),
                turn: turn.name(),
                dice: roll.to_string(),
                play: canonical,
                after,
            };
            serde_json::to_writer_pretty(&mut *out, &json)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{canonical}")?;
            writeln!(out, "{after}")?;
        }
        return Ok(());
    }

    let plays: Vec<String> = pos
        .legal_plays_with(roll, &rules)
        .iter()
        .map(|p| names.play_from_numbers(&p.display(turn).to_string()))
        .collect();
    if args.listing.json {
        let json = PlaysJson {
            position: tpn(&pos),
            turn: turn.name(),
            dice: roll.to_string(),
            count: plays.len(),
            plays,
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        for p in &plays {
            writeln!(out, "{p}")?;
        }
    }
    Ok(())
}
