//! `trictrac`: the command-line program of the Grand Trictrac rules engine.
//!
//! Each subcommand lives in its own module (`cmd_*.rs`); this file only
//! declares the command line and turns errors into one `error: ` line on
//! stderr and an exit code.
#![forbid(unsafe_code)]

mod bg;
mod cmd_chances;
mod cmd_hint;
mod cmd_mark;
mod cmd_match;
mod cmd_moves;
mod cmd_perft;
mod cmd_play;
mod cmd_replay;
mod cmd_review;
mod cmd_rollout;
mod cmd_score;
mod cmd_selfplay;
mod cmd_serve;
mod cmd_train;
mod cmd_verify;
mod error;
mod input;
mod jans_json;
mod learn;
mod levels;
mod options;
mod runs;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Rules engine for Grand Trictrac: legal plays, scoring, notation, perft.
#[derive(Debug, Parser)]
#[command(
    name = "trictrac",
    version,
    about = "Rules engine for Grand Trictrac: legal plays, scoring, notation, perft",
    long_about = "Rules engine for Grand Trictrac, the French game of the backgammon family.\n\n\
        Positions are written in TPN (trictrac position notation), e.g. \
        `w:1x15 b:24x15 w` for the start, and plays in play notation with \
        absolute fields, e.g. `1-7 1-6`, `1-4-9`, `21-off`, `--` \
        (docs/NOTATION.md in the repository). Rule ids (R-x.y) refer to \
        the project's rule book, docs/RULES.md.",
    arg_required_else_help = true,
    after_help = "Examples:\n  \
        trictrac play\n  \
        trictrac moves --dice 6-5\n  \
        trictrac moves --position \"w:1x13,6,7 b:24x15 w dice=3-1\" --json\n  \
        trictrac moves --dice 6-5 --play \"1-6 1-7\"\n  \
        trictrac score --position \"w:1x13,12x2 b:24x15 w\" --dice 3-1\n  \
        trictrac mark --score \"score=8.0.8.0 bredouille=b\" --side w --points 18\n  \
        trictrac perft --depth 3\n  \
        trictrac selfplay --games 10000 --seed 1\n  \
        trictrac match --white neural --black greedy --games 400\n  \
        trictrac train --games 60000 --seed 1 --out model.bin\n  \
        trictrac replay game.txt\n  \
        trictrac hint --position \"w:1x13,6,7 b:24x15 w\" --dice 4-2\n  \
        trictrac review game.txt\n  \
        trictrac chances --position \"w:1x15 b:24x14,7 w\" --hit 7\n  \
        trictrac rollout --position \"w:1x13,6,7 b:24x15 b\"\n  \
        trictrac serve\n  \
        trictrac learn --level ways   # counting exercises\n  \
        trictrac bg play            # backgammon with the videau\n  \
        trictrac bg learn --theme opening\n\n\
        Run `trictrac <COMMAND> --help` for the details and examples of a command."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Play(cmd_play::PlayArgs),
    Moves(cmd_moves::MovesArgs),
    Score(cmd_score::ScoreArgs),
    Mark(cmd_mark::MarkArgs),
    Perft(cmd_perft::PerftArgs),
    Selfplay(cmd_selfplay::SelfplayArgs),
    Replay(cmd_replay::ReplayArgs),
    Serve(cmd_serve::ServeArgs),
    Match(cmd_match::MatchArgs),
    Train(cmd_train::TrainArgs),
    Hint(cmd_hint::HintArgs),
    Review(cmd_review::ReviewArgs),
    Chances(cmd_chances::ChancesArgs),
    Rollout(cmd_rollout::RolloutArgs),
    Verify(cmd_verify::VerifyArgs),
    Learn(learn::LearnArgs),
    Bg(bg::BgArgs),
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Play(args) => cmd_play::run(&args, out),
        Command::Moves(args) => cmd_moves::run(&args, out),
        Command::Score(args) => cmd_score::run(&args, out),
        Command::Mark(args) => cmd_mark::run(&args, out),
        Command::Perft(args) => cmd_perft::run(&args, out),
        Command::Selfplay(args) => cmd_selfplay::run(&args, out),
        Command::Replay(args) => cmd_replay::run(&args, out),
        Command::Serve(args) => cmd_serve::run(&args, out),
        Command::Match(args) => cmd_match::run(&args, out),
        Command::Train(args) => cmd_train::run(&args, out),
        Command::Hint(args) => cmd_hint::run(&args, out),
        Command::Review(args) => cmd_review::run(&args, out),
        Command::Chances(args) => cmd_chances::run(&args, out),
        Command::Rollout(args) => cmd_rollout::run(&args, out),
        Command::Verify(args) => cmd_verify::run(&args, out),
        Command::Learn(args) => learn::run(&args, out),
        Command::Bg(args) => bg::run(&args, out),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version land here too, with exit code 0.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    // The server's lines to stdout are lossy (its log has them): a stdout
    // that cannot be written does not fail a clean stop (issue 34).
    let lossy = matches!(cli.command, Command::Serve(_));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = run(cli, &mut out).and_then(|()| match out.flush() {
        Err(_) if lossy => Ok(()),
        r => r.map_err(CliError::from),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}
