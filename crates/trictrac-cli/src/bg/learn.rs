//! `trictrac bg learn`: backgammon quizzes in the terminal, "find the best
//! play" and "double / take", from the library's quizzes
//! ([`backgammon_bot::analysis::quiz`]), graded by the equity lost
//! against the bot's ranking (the analysis of `bg hint`).

use std::io::{BufRead, Write};

use backgammon::{Cube, MatchState};
use backgammon_bot::analysis::quiz::{self, Question, Quiz, QuizOptions, Theme};
use clap::Args;

use super::input;
use crate::error::CliError;
use crate::learn::progress::{self, Progress, Tally};
use crate::learn::texts::{self, say, side_name, text, Lang, Msg};
use crate::learn::LessonOptions;
use crate::learn::{ask, fresh_seed};

/// Backgammon quizzes.
#[derive(Debug, Args)]
#[command(
    about = "Quizzes: find the best play, double or take, graded by the bot's equity",
    long_about = "Backgammon quizzes in the terminal: positions of the bot's self-play \
        from a seed where its best choice leads the next by a clear margin (--margin, \
        0.08 equity), by theme (--theme): opening (the first two moves), bearoff (all \
        checkers home), blitz (the opponent on the bar against three home points or more), \
        priming (a prime of four points or more with a checker behind it), cube (double? \
        take?). A play is typed in gnubg's notation (8/5 6/5) and graded by the equity it \
        loses against the bot's ranking, the same analysis as `trictrac bg hint` (--plies \
        3 by default, 2 or 0 for speed). Type `quit` to stop. The progress is kept in a \
        JSON file (the user's data directory, or --progress).",
    after_help = "Examples:\n  \
        trictrac bg learn\n  \
        trictrac bg learn --theme bearoff --seed 3 --count 5\n  \
        trictrac bg learn --theme cube --lang fr\n  \
        trictrac bg learn --theme blitz --json --plies 0   # quizzes with their answers\n\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct LearnArgs {
    /// opening, bearoff, blitz, priming or cube
    #[arg(long, value_name = "THEME", default_value = "opening")]
    theme: String,

    /// The seed of the self-play (the same seed, the same quizzes); drawn
    /// at random when not given
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// Quizzes in a session or in the JSON batch
    #[arg(long, value_name = "N", default_value_t = 5)]
    count: usize,

    /// Search depth of the ranking: 3 (as `bg hint`), 2 or 0
    #[arg(long, value_name = "N", default_value_t = 3)]
    plies: u8,

    /// The lead of the best choice over the next, in equity
    #[arg(long, value_name = "EQUITY", default_value_t = 0.08)]
    margin: f32,

    #[command(flatten)]
    shared: LessonOptions,

    /// Print the quizzes with their answers as JSON, without asking
    #[arg(long)]
    json: bool,
}

/// Runs `trictrac bg learn`.
pub fn run(args: &LearnArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let lang = Lang::choose(args.shared.lang.as_deref()).map_err(CliError::input)?;
    let theme: Theme = args.theme.parse().map_err(CliError::input)?;
    if ![0, 2, 3].contains(&args.plies) {
        return Err(CliError::input(format!(
            "--plies must be 0, 2 or 3, not {}",
            args.plies
        )));
    }
    if args.count == 0 || args.count > 100 {
        return Err(CliError::input("--count must be between 1 and 100"));
    }
    if !(args.margin.is_finite() && (0.0..=2.0).contains(&args.margin)) {
        return Err(CliError::input("--margin must be between 0 and 2"));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let net = input::net(None)?;
    let opts = QuizOptions {
        seed,
        count: args.count,
        plies: args.plies,
        margin: args.margin,
    };
    let batch = quiz::generate(&net, theme, &opts);
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &batch)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}", say(lang, Msg::Seed, &[&seed, &seed]))?;
    if batch.is_empty() {
        return Err(CliError::input(text(lang, Msg::NoneFound)));
    }
    let path = progress::path(args.shared.progress.as_deref())?;
    let mut progress = Progress::load(&path)?;
    let mut tally = Tally::default();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    for (i, q) in batch.iter().enumerate() {
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            say(
                lang,
                Msg::Exercise,
                &[
                    &(i + 1),
                    &batch.len(),
                    &texts::theme_title(lang, theme.id())
                ]
            )
        )?;
        if !show(q, lang, &mut input, out, &mut tally)? {
            writeln!(out, "{}", text(lang, Msg::Stopped))?;
            break;
        }
    }
    writeln!(out)?;
    let lost = format!("{:.3}", tally.equity_lost);
    writeln!(
        out,
        "{}",
        say(lang, Msg::BgScore, &[&tally.right, &tally.asked, &lost])
    )?;
    let kept = progress
        .backgammon
        .entry(theme.id().to_string())
        .or_default();
    kept.asked += tally.asked;
    kept.right += tally.right;
    kept.equity_lost += tally.equity_lost;
    progress.save(&path)?;
    writeln!(out, "{}", say(lang, Msg::Saved, &[&path.display()]))?;
    Ok(())
}

/// Asks one quiz until it is answered: `false` on `quit`.
fn show(
    q: &Quiz,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<bool, CliError> {
    let me = q.position.turn();
    let board = super::play::board::draw_board(
        &q.position,
        Cube::centred(),
        me,
        false,
        &MatchState::money(),
    );
    writeln!(out, "{board}")?;
    writeln!(
        out,
        "  {}   {}: {} {}",
        q.position_id,
        text(lang, Msg::Pips),
        q.pips[0],
        q.pips[1]
    )?;
    let mover = side_name(lang, q.turn);
    let other = side_name(lang, (!me).name());
    match &q.question {
        Question::BestPlay { dice, plays } => {
            writeln!(out, "{}", say(lang, Msg::PlayQuestion, &[&mover, dice]))?;
            writeln!(out, "{}", text(lang, Msg::PlayHelp))?;
            let verdict = loop {
                let Some(line) = ask(input, out)? else {
                    return Ok(false);
                };
                match quiz::grade_play(q, &line) {
                    Ok(v) => break v,
                    Err(e) => writeln!(out, "{}", say(lang, Msg::NotUnderstood, &[&e]))?,
                }
            };
            tally.asked += 1;
            tally.equity_lost += f64::from(verdict.loss);
            if verdict.rank == 1 {
                tally.right += 1;
                writeln!(out, "{}", text(lang, Msg::BestPlay))?;
            } else {
                let loss = format!("{:.3}", verdict.loss);
                writeln!(
                    out,
                    "{}",
                    say(lang, Msg::PlayLoss, &[&verdict.play, &verdict.rank, &loss])
                )?;
            }
            writeln!(out, "{}", text(lang, Msg::Ranking))?;
            for (i, r) in plays.iter().take(5).enumerate() {
                writeln!(
                    out,
                    "  {}. {:<24} {:+.3} ({:+.3}, {} plies)",
                    i + 1,
                    r.play.to_string(),
                    r.equity,
                    -r.loss,
                    r.plies
                )?;
            }
        }
        Question::Cube { answer } => {
            let win = format!("{:.0}", answer.win * 100.0);
            writeln!(out, "{}", say(lang, Msg::DoubleQuestion, &[&mover, &win]))?;
            let Some(double) = ask_choice(input, out, lang, texts::yes_no, "yes/no")? else {
                return Ok(false);
            };
            writeln!(out, "{}", say(lang, Msg::TakeQuestion, &[&mover, &other]))?;
            let Some(take) = ask_choice(input, out, lang, texts::take_pass, "take/pass")? else {
                return Ok(false);
            };
            let v = quiz::grade_cube(q, double, take).map_err(CliError::input)?;
            let lost = v.double_loss + v.take_loss;
            tally.asked += 1;
            tally.equity_lost += lost;
            if lost < 1e-9 {
                tally.right += 1;
                writeln!(out, "{}", text(lang, Msg::Right))?;
            } else {
                writeln!(out, "{}", text(lang, Msg::Wrong))?;
                let (d, t) = (
                    format!("{:.3}", v.double_loss),
                    format!("{:.3}", v.take_loss),
                );
                writeln!(out, "{}", say(lang, Msg::CubeLoss, &[&d, &t]))?;
            }
            writeln!(out, "{}", say(lang, Msg::CubeAction, &[&answer.action]))?;
            let f = |x: f64| format!("{x:+.3}");
            writeln!(
                out,
                "{}",
                say(
                    lang,
                    Msg::CubeEquities,
                    &[
                        &f(answer.no_double),
                        &f(answer.double_take),
                        &f(answer.double_pass)
                    ]
                )
            )?;
        }
    }
    Ok(true)
}

/// Asks until `read` understands the answer: `None` on `quit`.
fn ask_choice(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    lang: Lang,
    read: fn(&str) -> Option<bool>,
    what: &str,
) -> Result<Option<bool>, CliError> {
    loop {
        let Some(line) = ask(input, out)? else {
            return Ok(None);
        };
        match read(&line) {
            Some(b) => return Ok(Some(b)),
            None => writeln!(out, "{}", texts::expected(lang, what))?,
        }
    }
}
