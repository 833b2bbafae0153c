//! `trictrac learn`: counting exercises for Grand Trictrac in the
//! terminal. The exercises and their answers come from the library
//! ([`trictrac_bot::lessons`]), so that the web server can serve the same
//! ones; this module asks, reads the answers, explains and keeps the
//! progress ([`progress`]). The texts are in [`texts`].

pub mod progress;
pub mod texts;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::Args;
use trictrac::{BySide, FieldNames, Game, GameOptions, Position, Roll, Side};
use trictrac_bot::lessons::{self, CountExercise, JanAnswer, Level, LESSONS};

use crate::cmd_play::board::{render, View};
use crate::cmd_play::style::Style;
use crate::error::CliError;
use progress::{Progress, Tally};
use texts::{say, side_name, Lang, Msg};

/// Count the points of a roll.
#[derive(Debug, Args)]
#[command(
    about = "Exercises: count the points of a roll (levels, or the article's lessons)",
    long_about = "Exercises in counting the points of a roll (compter les points), on \
        positions built by the engine: say how many points the roll brings to the player \
        who rolled, and to his opponent if any; the correction names each jan in French \
        with its rule (R-x.y) and its ways. Levels (--level): beginner (one jan), jans \
        (several), ways (a jan made two or three ways), doublets, false-hits (battre à \
        faux), corner (battre le coin), exit (la sortie). --lesson N goes through the \
        lessons from N on, the seed article's examples in its order: the rare jans, \
        filling and keeping, true and false hits, the corner, the jan qui ne peut, the \
        exit. Type `quit` to stop. The progress is kept in a JSON file (the user's data \
        directory, or --progress).",
    after_help = "Examples:\n  \
        trictrac learn\n  \
        trictrac learn --level ways --seed 7 --count 5\n  \
        trictrac learn --lesson 1 --lang fr\n  \
        trictrac learn --level false-hits --json     # exercises with their answers\n\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct LearnArgs {
    /// beginner, jans, ways, doublets, false-hits, corner or exit
    #[arg(long, value_name = "LEVEL", default_value = "beginner")]
    level: String,

    /// Go through the lessons from lesson N on (1 to the last)
    #[arg(long, value_name = "N", conflicts_with = "level")]
    lesson: Option<usize>,

    /// The seed of the exercises (the same seed, the same exercises);
    /// drawn at random when not given
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// Exercises in a session (a level) or in the JSON batch
    #[arg(long, value_name = "N", default_value_t = 10)]
    count: usize,

    #[command(flatten)]
    shared: LessonOptions,

    /// Print the exercises with their answers as JSON, without asking
    #[arg(long)]
    json: bool,
}

/// A seed from the clock, for a session without --seed.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000)
}

/// Reads one answer: `None` at the end of the input or on `quit`.
pub fn ask(input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Option<String>, CliError> {
    write!(out, "> ")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 || texts::is_quit(&line) {
        writeln!(out)?;
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// The options both `learn` commands share: the language of the lessons
/// and the progress file.
#[derive(Debug, Args)]
pub struct LessonOptions {
    /// fr or en (default: from LANG)
    #[arg(long, value_name = "fr|en")]
    pub lang: Option<String>,

    /// The progress file (default: $XDG_DATA_HOME/trictrac/progress.json)
    #[arg(long, value_name = "FILE")]
    pub progress: Option<PathBuf>,
}

/// Runs `trictrac learn`.
pub fn run(args: &LearnArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    run_with(args, &mut stdin.lock(), out)
}

fn run_with(
    args: &LearnArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let lang = Lang::choose(args.shared.lang.as_deref()).map_err(CliError::input)?;
    if args.count == 0 || args.count > 1000 {
        return Err(CliError::input("--count must be between 1 and 1000"));
    }
    let (batch, key) = match args.lesson {
        Some(n) if n == 0 || n > LESSONS.len() => {
            return Err(CliError::input(format!(
                "no lesson {n}: the lessons are numbered 1 to {}",
                LESSONS.len()
            )))
        }
        Some(n) => (lessons::lessons().split_off(n - 1), "lessons".to_string()),
        None => {
            let level: Level = args.level.parse().map_err(CliError::input)?;
            let seed = args.seed.unwrap_or_else(fresh_seed);
            if !args.json {
                writeln!(out, "{}", say(lang, Msg::Seed, &[&seed, &seed]))?;
            }
            (
                lessons::generate(level, seed, args.count),
                level.id().to_string(),
            )
        }
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &batch)?;
        writeln!(out)?;
        return Ok(());
    }
    let path = progress::path(args.shared.progress.as_deref())?;
    let mut progress = Progress::load(&path)?;
    let mut tally = Tally::default();
    for (i, ex) in batch.iter().enumerate() {
        writeln!(out)?;
        let head = match (&ex.title, ex.lesson) {
            (Some(t), Some(n)) => say(
                lang,
                Msg::Lesson,
                &[&n, &LESSONS.len(), &lang.pick(t.fr, t.en)],
            ),
            _ => {
                let t = ex.level.map(|l| l.title()).map(|t| lang.pick(t.fr, t.en));
                say(
                    lang,
                    Msg::Exercise,
                    &[&(i + 1), &batch.len(), &t.unwrap_or("")],
                )
            }
        };
        writeln!(out, "{head}")?;
        if !show(ex, lang, input, out, &mut tally, &mut progress)? {
            writeln!(out, "{}", texts::text(lang, Msg::Stopped))?;
            break;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "{}",
        say(lang, Msg::Score, &[&tally.right, &tally.asked])
    )?;
    let kept = progress.trictrac.entry(key).or_default();
    kept.asked += tally.asked;
    kept.right += tally.right;
    progress.save(&path)?;
    writeln!(out, "{}", say(lang, Msg::Saved, &[&path.display()]))?;
    Ok(())
}

/// The board of an exercise, the roller at the bottom.
fn board(ex: &CountExercise) -> Vec<String> {
    let Ok(pos) = ex.position.parse::<Position>() else {
        return Vec::new();
    };
    let roll = ex.dice.parse::<Roll>().ok();
    let Ok(game) = Game::from_position(GameOptions::default(), pos.clone()) else {
        return Vec::new();
    };
    let view = View {
        viewer: pos.turn(),
        fields: FieldNames::Numbers,
        names: BySide {
            white: String::new(),
            black: String::new(),
        },
    };
    render(&game, roll, &view, &Style { color: false })
}

/// Asks one exercise until it is answered: `false` on `quit`.
fn show(
    ex: &CountExercise,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    tally: &mut Tally,
    progress: &mut Progress,
) -> Result<bool, CliError> {
    for line in board(ex) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "  {}", ex.position)?;
    let mover = side_name(lang, ex.mover);
    writeln!(
        out,
        "{}",
        say(lang, Msg::CountQuestion, &[&mover, &ex.dice])
    )?;
    writeln!(out, "{}", texts::text(lang, Msg::CountHelp))?;
    let given = loop {
        let Some(line) = ask(input, out)? else {
            return Ok(false);
        };
        match lessons::parse_answer(&line) {
            Ok(g) => break g,
            Err(e) => writeln!(out, "{}", say(lang, Msg::NotUnderstood, &[&e]))?,
        }
    };
    tally.asked += 1;
    let right = lessons::is_correct(ex, given);
    if right {
        tally.right += 1;
        if let Some(n) = ex.lesson {
            progress.lessons_passed.insert(n);
        }
        writeln!(out, "{}", texts::text(lang, Msg::Right))?;
    } else {
        writeln!(out, "{}", texts::text(lang, Msg::Wrong))?;
    }
    let other = if ex.mover == "white" {
        Side::Black
    } else {
        Side::White
    };
    let a = &ex.answer;
    writeln!(
        out,
        "{}",
        say(
            lang,
            Msg::Answer,
            &[
                &mover,
                &a.mover_points,
                &side_name(lang, other.name()),
                &a.opponent_points
            ]
        )
    )?;
    if a.jans.is_empty() {
        writeln!(out, "  {}", texts::text(lang, Msg::NoJan))?;
    }
    for j in &a.jans {
        writeln!(out, "  {}", jan_line(j, lang))?;
    }
    if let Some(note) = &ex.note {
        writeln!(out, "  {}", lang.pick(note.fr, note.en))?;
    }
    Ok(true)
}

/// One jan of the correction, e.g. `White: battre à vrai dans la table du
/// petit jan (true hit …, R-6.1), fields 19 10: 1 way (tout d'une) × 4 = 4`.
fn jan_line(j: &JanAnswer, lang: Lang) -> String {
    let mut s = format!("{}: {}", side_name(lang, j.side), j.french);
    match lang {
        Lang::En => s.push_str(&format!(" ({}, {})", j.english, j.rule)),
        Lang::Fr => s.push_str(&format!(" ({})", j.rule)),
    }
    if !j.fields.is_empty() {
        let f: Vec<String> = j.fields.iter().map(|f| f.to_string()).collect();
        s.push_str(&format!(
            ", {} {}",
            lang.pick("flèches", "fields"),
            f.join(" ")
        ));
    }
    s.push_str(": ");
    if j.ways.is_empty() {
        s.push_str(&j.points.to_string());
    } else {
        let w = j.ways.join(", ");
        s.push_str(&say(
            lang,
            Msg::Ways,
            &[&j.ways.len(), &w, &j.per_way, &j.points],
        ));
    }
    if j.helpless {
        s.push_str(texts::text(lang, Msg::Helpless));
    }
    if j.depends_on_play {
        s.push_str(texts::text(lang, Msg::IfExit));
    }
    s
}
