//! `trictrac chances`: how many of the 36 rolls bring an event, counted
//! as the treatises count (RULES.md section 6).

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac::chances::{chances, lone_opponent, Question};
use trictrac::{Field, Quarter};

use crate::error::CliError;
use crate::input;
use crate::options::OptionArgs;

/// Count the rolls that bring an event.
#[derive(Debug, Args)]
#[command(
    about = "Count the rolls of 36 that hit, fill, make a point or take the corner",
    long_about = "Count, as the treatises do (a single twice, a double once: out of 36), \
        the rolls that bring one event to the side to move of a position. Ask exactly \
        one question:\n  \
        --hit FIELD   rolls that hit truly (R-6.1) the lone opponent checker on FIELD\n  \
        --hit any     rolls that hit truly any lone opponent checker\n  \
        --fill JAN    rolls that complete the petit jan, grand jan or jan de retour \
        during the roll (R-6.5, R-6.6), en passant included\n  \
        --point F,…   rolls that bring two checkers, one per die, onto one of these \
        empty fields\n  \
        --corner      rolls that take the corner by effect or by power (R-4.1, R-4.3)\n\
        Fields are absolute (as in TPN). The movement laws decide what can be played \
        (R-6.8 steps 1–2).",
    after_help = "Examples:\n  \
        trictrac chances --position \"w:1x15 b:24x14,7 w\" --hit 7 --json\n  \
        trictrac chances --position \"w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w\" --fill petit\n  \
        trictrac chances --position \"w:1x13,3,5 b:24x15 w\" --point 7,8\n  \
        trictrac chances --position \"w:1x12,8,9,10 b:24x15 w\" --corner\n\n\
        JSON: {\"count\": N, \"of\": 36, \"rolls\": [\"6-6\", …]}.\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct ChancesArgs {
    /// The position in TPN, quoted; the question is for its side to move
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// Rolls hitting truly the lone opponent checker on FIELD, or any
    #[arg(long, value_name = "FIELD|any", group = "question")]
    hit: Option<String>,

    /// Rolls completing this jan, en passant included
    #[arg(long, value_enum, value_name = "JAN", group = "question")]
    fill: Option<FillArg>,

    /// Rolls making a point (two checkers, one per die) on one of these empty fields
    #[arg(long, value_name = "FIELD[,FIELD…]", group = "question")]
    point: Option<String>,

    /// Rolls taking the corner by effect or by power
    #[arg(long, group = "question")]
    corner: bool,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    options: OptionArgs,
}

/// The jans a player may fill.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FillArg {
    /// Petit jan, fields 1–6 of the player
    Petit,
    /// Grand jan, fields 7–12
    Grand,
    /// Jan de retour, fields 19–24
    Retour,
}

#[derive(Serialize)]
struct ChancesJson {
    count: u32,
    of: u32,
    rolls: Vec<String>,
}

fn field(text: &str, flag: &str) -> Result<Field, CliError> {
    let n: u8 = text.trim().parse().map_err(|_| {
        CliError::input(format!(
            "{flag}: `{}` is not a field (fields are 1 to 24, R-1.3)",
            text.trim()
        ))
    })?;
    Field::try_from(n).map_err(|e| CliError::input(format!("{flag}: {e} (R-1.3)")))
}

/// The question asked, checked against the position.
fn question(args: &ChancesArgs, pos: &trictrac::Position) -> Result<Question, CliError> {
    if let Some(h) = &args.hit {
        if h.trim().eq_ignore_ascii_case("any") {
            return Ok(Question::Hit(None));
        }
        let f = field(h, "--hit")?;
        if !lone_opponent(pos, f) {
            return Err(CliError::input(format!(
                "--hit {}: field {} does not hold a lone {} checker (a demi-case, R-6.1)",
                f.value(),
                f.value(),
                (!pos.turn()).name()
            )));
        }
        return Ok(Question::Hit(Some(f)));
    }
    if let Some(q) = args.fill {
        return Ok(Question::Fill(match q {
            FillArg::Petit => Quarter::PetitJan,
            FillArg::Grand => Quarter::GrandJan,
            FillArg::Retour => Quarter::JanDeRetour,
        }));
    }
    if let Some(p) = &args.point {
        let fields = p
            .split(',')
            .map(|t| field(t, "--point"))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Question::Point(fields));
    }
    if args.corner {
        return Ok(Question::Corner);
    }
    Err(CliError::input(
        "ask one question: --hit FIELD|any, --fill petit|grand|retour, --point FIELD[,FIELD…] or --corner",
    ))
}

/// Runs `trictrac chances`.
pub fn run(args: &ChancesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = input::position(&args.position)?;
    let q = question(args, &pos)?;
    let options = args.options.to_options()?;
    let c = chances(&pos, &options.rules, &q);
    let rolls: Vec<String> = c.rolls.iter().map(|r| r.to_string()).collect();
    if args.json {
        let j = ChancesJson {
            count: c.count,
            of: 36,
            rolls,
        };
        serde_json::to_writer(&mut *out, &j)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} of 36 ({:.1} %){}{}",
        c.count,
        c.count as f64 * 100.0 / 36.0,
        if rolls.is_empty() { "" } else { ": " },
        rolls.join(" ")
    )?;
    Ok(())
}
