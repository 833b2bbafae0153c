//! `trictrac bg replay`: a `.mat` record checked move by move.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::{input, record};
use crate::error::CliError;

/// Replay a `.mat` record, checking every move.
#[derive(Debug, Args)]
#[command(
    about = "Replay a backgammon .mat record, checking every move and cube action",
    long_about = "Read a Jellyfish .mat record (as GNU Backgammon exports it, or as `trictrac \
        bg play` saves it) and replay every game in the engine: each play is resolved \
        against the position and the roll and must be legal, each cube action allowed \
        (BG-7), each result the engine's. Prints the games and the final score; an \
        error names the line and the rule (exit code 1). The rules are the record's \
        when it names them (a `; trictrac bg rules: …` line), else --rules.",
    after_help = "Examples:\n  \
        trictrac bg replay match.mat\n  \
        trictrac bg replay session.mat --rules seed --json"
)]
pub struct ReplayArgs {
    /// The record
    file: PathBuf,

    /// Rules when the record does not name them
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct GameJson {
    winner: Option<String>,
    points: Option<u32>,
    kind: Option<String>,
    plays: usize,
}

#[derive(Serialize)]
struct ReplayJson {
    file: String,
    rules: String,
    length: u32,
    white: String,
    black: String,
    games: Vec<GameJson>,
    score: [u32; 2],
}

/// Runs `trictrac bg replay`.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let default = args.rules.as_deref().map(input::rules).transpose()?;
    let (mat, rules) = record::read(&args.file, default)?;
    if mat.games.is_empty() {
        return Err(CliError::input(format!(
            "{}: the record holds no game (no ` Game 1` line): nothing to replay",
            args.file.display()
        )));
    }
    let score = mat.final_score();
    let games: Vec<GameJson> = mat
        .games
        .iter()
        .map(|g| {
            let r = g.result();
            GameJson {
                winner: r.map(|r| r.winner.name().to_string()),
                points: r.map(|r| r.points),
                kind: r.map(|r| r.kind.name().to_string()),
                plays: g
                    .events()
                    .iter()
                    .filter(|e| matches!(e, backgammon::Event::Play { .. }))
                    .count(),
            }
        })
        .collect();
    if args.json {
        let json = ReplayJson {
            file: args.file.display().to_string(),
            rules: rules.to_string(),
            length: mat.length,
            white: mat.names.white.clone(),
            black: mat.names.black.clone(),
            games,
            score: [score.white, score.black],
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}: {} game(s) replayed ({}), every move and cube action checked",
        args.file.display(),
        mat.games.len(),
        rules
    )?;
    for (i, g) in games.iter().enumerate() {
        match (&g.winner, g.points) {
            (Some(w), Some(p)) => writeln!(
                out,
                "  game {}: {w} wins {} point{} ({}), {} plays",
                i + 1,
                p,
                if p == 1 { "" } else { "s" },
                g.kind.as_deref().unwrap_or(""),
                g.plays
            )?,
            _ => writeln!(out, "  game {}: unfinished after {} plays", i + 1, g.plays)?,
        }
    }
    let what = if mat.length > 0 {
        format!("match to {}", mat.length)
    } else {
        "money".to_string()
    };
    writeln!(
        out,
        "final score ({what}): {} (white) {} - {} (black) {}",
        mat.names.white, score.white, mat.names.black, score.black
    )?;
    Ok(())
}
