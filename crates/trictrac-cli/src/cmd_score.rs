//! `trictrac score`: what a roll brings to the mover and gives to his
//! opponent, jan by jan (RULES.md sections 5–8).

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac::{RollContext, Rules};

use crate::error::CliError;
use crate::input;
use crate::jans_json::{
    apply_roll, holes_text, jan_line, score_line, HolesJson, JanJson, ScoreJson,
};

/// Score one roll from a position.
#[derive(Debug, Args)]
#[command(
    about = "Score a roll: the jans it brings to the mover and gives to the opponent",
    long_about = "Score a roll from a position: every jan (true and false hits, hitting \
        the corner, filling and keeping a quarter with their ways, unplayable dice, the \
        exit, the rare jans), who marks it and its points, computed before any checker \
        moves (RULES.md R-2.4). Then apply the points to the position's score state, \
        the mover's first, then the opponent's (a mover who wins a hole is assumed to \
        stay), and print the state after.",
    after_help = "Examples:\n  \
        # Lelasseux 1852, fig. 36: 26 points to White, 12 to Black\n  \
        trictrac score --position \"w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w\" --dice 6-6\n\n  \
        # the roll from the position's dice= key, JSON output\n  \
        trictrac score --position \"w:1x13,12x2 b:24x15 w dice=3-1\" --json\n\n  \
        # the jan de trois coups needs the rolls already played\n  \
        trictrac score --position \"w:1x11,2,3,4,5 b:24x15 w\" --dice 6-5 --rolls 2\n\n\
        JSON: {\"mover_points\", \"opponent_points\", \"jans\": [...], \"score_after\": {...}}.\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct ScoreArgs {
    /// The position in TPN, quoted; may carry score=, bredouille=, pavillon=, rolls=, dice=
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// The roll, e.g. 6-5; defaults to the position's dice= key
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// Rolls the mover already played in this relevé (overrides rolls=)
    #[arg(long, value_name = "N")]
    rolls: Option<u8>,

    /// Score the abandoned jans too (option old-jans, R-6.15–)
    #[arg(long)]
    old_jans: bool,

    #[command(flatten)]
    listing: input::ListingArgs,
}

#[derive(Serialize)]
struct ScoreOut {
    position: String,
    side: &'static str,
    dice: String,
    mover_points: u32,
    opponent_points: u32,
    jans: Vec<JanJson>,
    score_after: ScoreJson,
    holes: Vec<HolesJson>,
}

/// Runs `trictrac score`.
pub fn run(args: &ScoreArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let names: trictrac::FieldNames = args.listing.fields.into();
    let mut pos = input::position_named(&args.position, names)?;
    let roll = input::roll_for(&pos, args.dice.as_deref())?;
    if let Some(n) = args.rolls {
        pos.set_rolls_played(pos.turn(), Some(n));
    }
    let rules = Rules {
        old_jans: args.old_jans.into(),
        exit: args.listing.exit.into(),
        ..Rules::DEFAULT
    };
    let (s, _) = pos.score_roll_with(roll, &rules, &RollContext::default());
    let mover = s.side;
    let (after, m, o) = apply_roll(pos.score(), &s);
    if args.listing.json {
        let json = ScoreOut {
            position: names.tpn_from_numbers(&pos.to_string()),
            side: mover.name(),
            dice: roll.to_string(),
            mover_points: s.mover_points,
            opponent_points: s.opponent_points,
            jans: s.jans.iter().map(|e| JanJson::new(e, mover)).collect(),
            score_after: ScoreJson::from(&after),
            holes: vec![HolesJson::new(mover, &m), HolesJson::new(!mover, &o)],
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} rolls {} ({})",
        mover.name(),
        roll,
        roll.french_name()
    )?;
    if s.jans.is_empty() {
        writeln!(out, "  no jan")?;
    }
    for e in &s.jans {
        writeln!(out, "  {}", jan_line(e, mover, names))?;
    }
    writeln!(
        out,
        "{} (mover) {} points, {} (opponent) {} points",
        mover.name(),
        s.mover_points,
        (!mover).name(),
        s.opponent_points
    )?;
    writeln!(
        out,
        "marked: {} {}, {} {}",
        mover.name(),
        holes_text(&m),
        (!mover).name(),
        holes_text(&o)
    )?;
    writeln!(out, "score after: {}", score_line(&after))?;
    Ok(())
}
