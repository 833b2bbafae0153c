//! `trictrac bg review`: a game or a match (`.mat`) analysed as gnubg
//! analyses one.

use std::io::Write;
use std::path::PathBuf;

use backgammon::{MatFile, MatchId, Play, Position, Roll, Rules, Side};
use backgammon_bot::analysis::explain::{features, why};
use backgammon_bot::analysis::review::{self, plays_in, CubeReview, Mark, MoveReview};
use backgammon_bot::analysis::service::Analyst;
use clap::Args;

use super::input;
use crate::error::CliError;

/// Review a backgammon match.
#[derive(Debug, Args)]
#[command(
    about = "Review a backgammon game or match (.mat): errors, cube decisions, luck, ratings",
    long_about = "Analyse every decision of a .mat file (as `bg play`, the server and GNU \
        Backgammon write them): each chequer play against the best (the equity lost and \
        gnubg's marks: doubtful from 0.03, bad from 0.06, very bad from 0.12), each cube \
        decision (missed double, wrong double, wrong take, wrong pass), the luck of each \
        roll; per player the error rates in mEMG as gnubg defines them (equity lost ×1000 \
        per unforced move, per close or actual cube decision, and both together), the luck \
        rate and gnubg's rating words. --plies 2 (the default bot's search; a play that \
        is not the best there is compared with the best at 3 plies, gnubg's 2-ply), 0, or \
        4: a level above the default bot's own, to review its games (the best 2 within \
        0.04 at 2 plies and the play made compared at 3 plies, and when the play made and \
        its best rival are within 0.04 there, both at 4 plies, gnubg's 3-ply; some twenty \
        times the time of --plies 2). With --plies 4, --rollout judges every decision whose \
        play made and best rival at 2 plies are within 0.10 by rolling out the play \
        made and up to three rivals within 0.10 of it (432 games each unless \
        --rollout=GAMES says, the same dice for all, the bot at 0 ply, truncated after \
        ten rolls; the best rival's rollout against the play made's): a judge that \
        looks past the player and past the network's misjudgements; some five times \
        the time of --plies 4.",
    after_help = "Examples:\n  \
        trictrac bg review match.mat\n  \
        trictrac bg review match.mat --plies 0 --json\n  \
        trictrac bg review match.mat --plies 4 -j 4\n  \
        trictrac bg review match.mat --plies 4 --rollout -j 2\n  \
        trictrac bg review match.mat --all\n  \
        trictrac bg review match.mat --explain"
)]
pub struct ReviewArgs {
    /// The .mat file
    file: PathBuf,

    /// Search depth of the chequer plays: 2 (the default bot's, a play
    /// that is not the best checked at 3), 4 (the close plays judged at
    /// 4 plies) or 0
    #[arg(long, value_name = "0|2|4", default_value_t = 2)]
    plies: u8,

    /// With --plies 4: judge each close decision (the play made and its
    /// best rival within 0.10 at 2 plies) by rollouts of the play made
    /// and up to three rivals, GAMES games each (432 when no number is
    /// given)
    #[arg(
        long,
        value_name = "GAMES",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "432"
    )]
    rollout: Option<u32>,

    /// List every decision, not only the marked ones
    #[arg(long)]
    all: bool,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Another network (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,

    /// Under each play marked doubtful or worse, say why the best rather
    /// than the play made (blots and shots, home board, primes, anchors,
    /// the race: the features that weigh most)
    #[arg(long)]
    explain: bool,
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Runs `trictrac bg review`.
pub fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = input::rules(&args.rules)?;
    if ![0, 2, 4].contains(&args.plies) {
        return Err(CliError::input(format!(
            "--plies must be 0, 2 or 4, not {}",
            args.plies
        )));
    }
    let rollout = args.rollout.unwrap_or(0);
    if args.rollout.is_some() && (args.plies != 4 || rollout == 0) {
        return Err(CliError::input(
            "--rollout needs --plies 4 and at least one game (--rollout=GAMES)".to_string(),
        ));
    }
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", args.file.display())))?;
    let mat = MatFile::parse(&text, rules)
        .map_err(|e| CliError::input(format!("{}: {e}", args.file.display())))?;
    let net = input::net(args.model.as_deref())?;
    let bar = crate::input::progress(
        plays_in(&mat),
        args.json,
        "{bar:40} {pos}/{len} plays {per_sec} eta {eta}",
    );
    let r = Analyst::new(&net)
        .review(
            &mat,
            &rules,
            review::Options {
                depth: review::Depth {
                    plies: args.plies,
                    rollout,
                },
                threads: args.jobs.unwrap_or(0),
            },
            &|| bar.inc(1),
        )
        .map_err(|e| CliError::input(format!("{}: {e}", args.file.display())))?;
    bar.finish_and_clear();
    if args.json {
        let players: Vec<serde_json::Value> = r
            .players
            .iter()
            .zip([Side::White, Side::Black])
            .map(|(p, s)| {
                serde_json::json!({
                    "name": p.name,
                    "side": side_name(s),
                    "error_rate": p.error_rate(),
                    "checker_error_rate": p.checker_error_rate(),
                    "cube_error_rate": p.cube_error_rate(),
                    "luck_rate": p.luck_rate(),
                    "rating": p.rating(),
                    "unforced_moves": p.unforced,
                    "cube_decisions": p.cube_decisions,
                    "checker_error": p.checker_error,
                    "cube_error": p.cube_error,
                    "luck": p.luck,
                    "doubtful": p.marks[0],
                    "bad": p.marks[1],
                    "very_bad": p.marks[2],
                    "missed_doubles": p.cube_errors[0],
                    "wrong_doubles": p.cube_errors[1],
                    "wrong_takes": p.cube_errors[2],
                    "wrong_passes": p.cube_errors[3],
                })
            })
            .collect();
        let games: Vec<serde_json::Value> = r
            .games
            .iter()
            .map(|g| {
                let moves: Vec<serde_json::Value> = g
                    .moves
                    .iter()
                    .map(|m| {
                        serde_json::json!({
                            "number": m.number,
                            "side": side_name(m.side),
                            "roll": m.roll.to_string(),
                            "position_id": m.position_id,
                            "match_id": m.match_id,
                            "play": m.play,
                            "best": m.best,
                            "equity_lost": m.lost,
                            "forced": m.forced,
                            "plies": m.plies,
                            "rollout": m.rollout,
                            "mark": m.mark.words(),
                            "luck": m.luck,
                        })
                    })
                    .collect();
                let cubes: Vec<serde_json::Value> = g
                    .cubes
                    .iter()
                    .map(|c| {
                        serde_json::json!({
                            "number": c.number,
                            "side": side_name(c.side),
                            "action": c.action,
                            "position_id": c.position_id,
                            "match_id": c.match_id,
                            "no_double": c.analysis.no_double,
                            "double_take": c.analysis.double_take,
                            "double_pass": c.analysis.double_pass,
                            "proper": c.analysis.action,
                            "equity_lost": c.lost,
                            "error": c.error,
                            "counted": c.counted,
                            "mark": c.mark.words(),
                        })
                    })
                    .collect();
                serde_json::json!({ "moves": moves, "cubes": cubes })
            })
            .collect();
        serde_json::to_writer_pretty(
            &mut *out,
            &serde_json::json!({
                "length": mat.length,
                "plies": args.plies,
                "rollout": rollout,
                "players": players,
                "games": games,
            }),
        )?;
        writeln!(out)?;
        return Ok(());
    }
    let name = |s: Side| match s {
        Side::White => &mat.names.white,
        Side::Black => &mat.names.black,
    };
    for (gi, g) in r.games.iter().enumerate() {
        writeln!(out, "Game {}", gi + 1)?;
        let mut cubes = g.cubes.iter().peekable();
        for m in &g.moves {
            while let Some(c) = cubes.next_if(|c| c.number <= m.number) {
                if args.all || c.mark != Mark::None || c.action != "no double" {
                    writeln!(out, "{}", cube_line(c, name(c.side)))?;
                }
            }
            if args.all || m.mark != Mark::None {
                // Two lines, in 80 columns: the play, then the best.
                writeln!(
                    out,
                    "  {:>3}. {:<12.12} {} {:<22} lost {:.3} {:<3} luck {:+.3}",
                    m.number,
                    name(m.side),
                    m.roll,
                    m.play,
                    m.lost,
                    m.mark.sign(),
                    m.luck
                )?;
                let by = if m.rollout > 0 {
                    format!("  (rollouts of {} games)", m.rollout)
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{:24}best {}{by}",
                    "",
                    if m.forced { "(forced)" } else { &m.best }
                )?;
                if args.explain && m.mark != Mark::None {
                    for l in explain_move(m, &rules) {
                        writeln!(out, "{l}")?;
                    }
                }
            }
        }
        for c in cubes {
            writeln!(out, "{}", cube_line(c, name(c.side)))?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<16} {:>9} {:>9} {:>9} {:>9}  rating",
        "player (mEMG)", "error", "chequer", "cube", "luck"
    )?;
    for p in &r.players {
        writeln!(
            out,
            "{:<16.16} {:>9.1} {:>9.1} {:>9.1} {:>+9.1}  {}",
            p.name,
            p.error_rate(),
            p.checker_error_rate(),
            p.cube_error_rate(),
            p.luck_rate(),
            p.rating(),
        )?;
        writeln!(
            out,
            "  ({} unforced moves, {} cube decisions; {} doubtful, {} bad, {} very bad)",
            p.unforced, p.cube_decisions, p.marks[0], p.marks[1], p.marks[2]
        )?;
    }
    Ok(())
}

/// One cube decision of the review: the action, the equities of no
/// double, double/take and double/pass, the proper action, the error and
/// its mark.
fn cube_line(c: &CubeReview, name: &str) -> String {
    let error = if c.error.is_empty() {
        String::new()
    } else {
        format!("  {} {:.3}", c.error, c.lost)
    };
    let mark = if c.mark == Mark::None {
        String::new()
    } else {
        format!(" {} ({})", c.mark.sign(), c.mark.words())
    };
    // Two lines, in 80 columns: the equities, then the proper action.
    let proper = format!("        proper: {}{error}{mark}", c.analysis.action);
    format!(
        "  {:>3}. {:<12.12} {:<10} ND {:+.3} D/T {:+.3} D/P {:+.3}\n{}",
        c.number,
        name,
        c.action,
        c.analysis.no_double,
        c.analysis.double_take,
        c.analysis.double_pass,
        tables_term::wrap(&proper, 79, 10).join("\n"),
    )
}

/// The legal play of `roll` in `pos` written `text`.
fn find_play(pos: &Position, roll: Roll, rules: &Rules, text: &str) -> Option<Play> {
    pos.legal_plays(roll, rules)
        .iter()
        .find(|p| p.to_string() == text)
        .copied()
}

/// `--explain`: why the best rather than the play made at `m`, from the
/// position before it (its position and match IDs), as the server's
/// review says it: the features of both positions in the mover's eyes
/// and the differences that weigh most. Empty when it cannot be rebuilt.
fn explain_move(m: &MoveReview, rules: &Rules) -> Vec<String> {
    let mut lines = Vec::new();
    if m.forced || m.best == m.play {
        return lines;
    }
    let Some(pos) = m
        .match_id
        .parse::<MatchId>()
        .ok()
        .and_then(|id| Position::from_position_id(&m.position_id, id.dice_owner).ok())
    else {
        return lines;
    };
    let (Some(b), Some(p)) = (
        find_play(&pos, m.roll, rules, &m.best),
        find_play(&pos, m.roll, rules, &m.play),
    ) else {
        return lines;
    };
    let pos = pos.with_turn(m.side);
    let fb = features(&pos, &pos.play_unchecked(&b), rules);
    let fp = features(&pos, &pos.play_unchecked(&p), rules);
    let w = why((&m.best, &fb), (&m.play, &fp), m.lost as f32);
    let mut push = |t: &str, indent: usize| {
        lines.extend(tables_term::wrap(
            &format!("{}{t}", " ".repeat(indent)),
            79,
            indent + 2,
        ));
    };
    push(
        &format!(
            "Why {} rather than {} (equity lost {:.3}):",
            w.play, w.other, m.lost
        ),
        8,
    );
    if w.reasons.is_empty() {
        push(
            "the features weighed do not differ: the network's valuation alone \
             separates them",
            10,
        );
    }
    for r in &w.reasons {
        push(&format!("- {} [{:+.3}]", r.sentence, r.weight), 10);
    }
    lines
}
