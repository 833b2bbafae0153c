//! `trictrac bg hint`: the neural bot's ranking of the plays of a roll,
//! or without a roll the cube hint (docs/ANALYSIS.md).

use std::io::Write;
use std::path::PathBuf;

use backgammon_bot::analysis::service::{Analyst, PlayDepth};
use backgammon_bot::cube::score::Score;
use clap::Args;

use super::input;
use crate::error::CliError;
/// A ranked play, as the analysis service values it.
pub use backgammon_bot::analysis::service::AnalysedPlay as Ranked;

/// Rank the plays of a roll by the neural bot's cubeless equity.
#[derive(Debug, Args)]
#[command(
    about = "Rank the legal plays of a backgammon roll by the bot's equity, or without dice the cube hint",
    long_about = "Rank the legal plays of a roll from a position (a gnubg Position ID) by \
        the neural bot's cubeless money equity after each play, best first, with the \
        network's winning, gammon and backgammon chances, and the evaluator that valued \
        the position after the play: the bear-off database when both sides bear off, the \
        race evaluator in other races, else the contact network. --plies 3 (the default) \
        searches as the default bot does (gnubg's 2-ply, with its move filters): every play \
        at 0 ply, the best 8 within 0.16 at 2 plies (the mean over the opponent's 21 rolls \
        of his best reply), all of those still within 0.16 of the best at 3 plies (gnubg's \
        2-ply does not prune at its 1-ply); each play is listed \
        with the depth it reached (the column `ply`), the deepest first. With --explain, \
        each play is followed by its features, computed from the position after it (blots \
        and the opponent's shots at them of his 36 rolls, points made and given up, home \
        board, prime, anchors, checkers back, pips, gammon chances), and the list by why the \
        best play rather than the second (docs/ANALYSIS.md); without dice, the cube \
        decision by the chances, the gammon factor, the take point and the market \
        losers. --plies 4 (the deepest, gnubg's 3-ply) searches the close finalists of \
        that search (the best 2 within 0.04 at 3 plies) one level of rolls deeper. \
        --plies 2 values \
        every play at 2 plies and --plies 0 at 0 ply (the network alone). With --best, print only the \
        play the bot `neural` (`neural2` with --plies 2, `neural0` with --plies 0) would \
        make. In a match (a Match ID, an XGID or --match) the equity shown is the \
        match-winning chances of each play's outcomes as normalised money equity, and the \
        plays are ranked by it, as the bot chooses its play at a match score.\n\n\
        Without --dice (and without dice in the XGID or Match ID): the cube hint of the side \
        on roll, as gnubg shows it: the cubeful equities of No double, Double/Take and \
        Double/Pass, the proper action (\"No double, take\", \"Double, pass\", \"Too good to \
        double, pass\", ...) and the chances of both sides; the cube and score from the XGID or \
        Match ID, or --cube/--owner and --match/--score/--crawford. --plies for the cube is \
        the depth in levels of rolls, as gnubg counts it: 2 (the default, gnubg's 2-ply, \
        the bot's own search for a close decision) searches the rolls of both sides with \
        each taking his cube decisions on the way; 1 and 3 one level less or more; 0 is the \
        cube model on the evaluator's chances.\n\n\
        The position is a gnubg Position ID (--turn on roll), a PositionID:MatchID or an XGID; \
        the Position ID, Match ID and XGID are printed.",
    after_help = "Examples:\n  \
        trictrac bg hint --dice 3-1\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --json\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --dice 6-5 --best\n  \
        trictrac bg hint --dice 2-1 --plies 0\n  \
        trictrac bg hint --dice 3-1 --explain\n  \
        trictrac bg hint --position qg0AAJseAAAAAA --dice 6-4\n  \
        trictrac bg hint                      # the cube hint of the start\n  \
        trictrac bg hint --position 4HPwATDgc/ABMA --explain\n  \
        trictrac bg hint --position thkAOA/3+RgAAA:MAEAAAAAAAAA --json\n  \
        trictrac bg hint --position 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:4:0:7:10'\n  \
        trictrac bg hint --match 7 --score 2-4 --cube 2 --owner white"
)]
pub struct HintArgs {
    /// The position: a gnubg Position ID, PositionID:MatchID, or an XGID
    #[arg(short, long, value_name = "ID", default_value = input::START_ID)]
    position: String,

    /// The side on roll
    #[arg(long, value_name = "white|black", default_value = "white")]
    turn: String,

    /// The roll, e.g. 3-1 (without it, and without dice in the XGID or
    /// Match ID: the cube hint)
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// The cube's value (1, 2, 4, … 64)
    #[arg(long, value_name = "N")]
    cube: Option<u32>,

    /// The cube's owner
    #[arg(long, value_name = "white|black|centre")]
    owner: Option<String>,

    #[command(flatten)]
    matches: input::MatchOptions,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Another network (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Search depth of a roll's plays: 3 (the default bot's), 4 (its
    /// close finalists one level deeper), 2 or 0 [default: 3]; of the cube hint: 0, 1, 2 or 3 (2 when not given:
    /// the default bot's own estimate)
    #[arg(long, value_name = "N")]
    plies: Option<u8>,

    /// Print only the best play
    #[arg(long)]
    best: bool,

    /// Explain each play by its features (blots and the opponent's
    /// shots, points made, primes, anchors, pips, gammons) and why the
    /// best rather than the second; without dice, the cube decision
    /// (chances, gammon factor, take point, market losers)
    #[arg(long, conflicts_with = "best")]
    explain: bool,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Runs `trictrac bg hint`.
pub fn run(args: &HintArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let turn = input::side(&args.turn)?;
    let mut setting = input::setting_with(&args.position, turn, &args.matches)?;
    input::apply_cube(&mut setting, args.cube, args.owner.as_deref())?;
    let pos = setting.position;
    let mut rules = input::rules(&args.rules)?;
    if let Some(j) = setting.jacoby {
        rules.jacoby = j;
    }
    let roll = match &args.dice {
        Some(d) => input::roll(d)?,
        None => match setting.dice {
            Some(r) => r,
            None => return cube_hint(args, &setting, &rules, out),
        },
    };
    let (position_id, match_id, xgid) = input::ids(&setting, Some(roll), &rules);
    input::not_over(&pos)?;
    let net = input::net(args.model.as_deref())?;
    let plies = args.plies.unwrap_or(3);
    let depth = PlayDepth::try_from(plies).map_err(|_| {
        CliError::input(format!(
            "--plies must be 0, 2, 3 or 4 for the plays of a roll, not {plies}"
        ))
    })?;
    let plays = pos.legal_plays(roll, &rules);
    let score = Score {
        state: &setting.state,
        cube: setting.cube,
    };
    let analyst = Analyst::new(&net);
    if args.best {
        let best = analyst.bot_play(&pos, &plays, &rules, score, depth);
        writeln!(out, "{best}")?;
        return Ok(());
    }
    let mut ranked = analyst.rank(&pos, &plays, &rules, score, depth);
    let why = if args.explain {
        super::explain::explain(&pos, &rules, &mut ranked)
    } else {
        None
    };
    if args.json {
        let mut v = serde_json::json!({
            "position_id": position_id,
            "match_id": match_id,
            "xgid": xgid,
            "plays": ranked
        });
        if args.explain {
            v["why"] = serde_json::to_value(&why)?;
        }
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "Position ID: {position_id}   Match ID: {match_id}\n{xgid}\n"
        )?;
        let rows: Vec<(String, String, &Ranked)> = ranked
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("{}.", i + 1), r.play.clone(), r))
            .collect();
        if args.explain {
            let notes: Vec<Vec<String>> = ranked
                .iter()
                .map(|r| {
                    r.explain
                        .as_ref()
                        .map_or_else(Vec::new, |f| super::explain::feature_lines(f, 4))
                })
                .collect();
            write_play_table_with_notes(out, &rows, &notes)?;
            if let (Some(w), [a, b, ..]) = (&why, ranked.as_slice()) {
                super::explain::write_why(out, w, a, b)?;
            }
        } else {
            write_play_table(out, &rows)?;
        }
    }
    Ok(())
}

/// The widest play column that keeps a row of [`write_play_table`] in
/// 80 columns; a longer play is written on a line of its own.
const PLAY_COLUMN: usize = 22;

/// The table of ranked plays, each row led by its label (`1.`, or the
/// number the terminal lists it with) and the play as written: equity,
/// difference from the best,
/// depth, and the chances, in at most 80 columns. (The evaluator that
/// valued each play is in the JSON: a column of it would not fit.)
///
/// # Errors
/// When `out` cannot be written.
pub fn write_play_table(
    out: &mut dyn Write,
    rows: &[(String, String, &Ranked)],
) -> std::io::Result<()> {
    write_play_table_with_notes(out, rows, &[])
}

/// [`write_play_table`] with lines of notes under each row (`notes[i]`
/// under row `i`; none when `notes` is shorter).
///
/// # Errors
/// When `out` cannot be written.
pub fn write_play_table_with_notes(
    out: &mut dyn Write,
    rows: &[(String, String, &Ranked)],
    notes: &[Vec<String>],
) -> std::io::Result<()> {
    let label = rows.iter().map(|r| r.0.len()).max().unwrap_or(2).max(2);
    let width = rows
        .iter()
        .map(|r| r.1.chars().count().max(4))
        .max()
        .unwrap_or(4)
        .min(PLAY_COLUMN);
    writeln!(
        out,
        "{:<label$} {:<width$} {:>7} {:>7} ply  win   gammon bg   | lose gammon bg",
        "", "play", "equity", "diff"
    )?;
    for (i, (l, text, r)) in rows.iter().enumerate() {
        let play = if text.chars().count() > width {
            writeln!(out, "{l:<label$} {text}")?;
            String::new()
        } else {
            text.clone()
        };
        let l = if play.is_empty() { "" } else { l.as_str() };
        writeln!(
            out,
            "{l:<label$} {play:<width$} {:>+7.3} {:>+7.3} {:>3}  {:.3} {:.3} {:.3} | {:.3} {:.3}",
            r.equity,
            r.difference,
            r.plies,
            r.win,
            r.win_gammon,
            r.win_backgammon,
            r.lose_gammon,
            r.lose_backgammon,
        )?;
        for note in notes.get(i).map_or(&[][..], Vec::as_slice) {
            writeln!(out, "{note}")?;
        }
    }
    Ok(())
}

/// The cube hint: `trictrac bg hint` without dice.
fn cube_hint(
    args: &HintArgs,
    setting: &input::PositionInput,
    rules: &backgammon::Rules,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let pos = &setting.position;
    input::not_over(pos)?;
    let plies = args.plies.unwrap_or(2);
    if plies > 3 {
        return Err(CliError::input(format!(
            "--plies must be 0, 1, 2 or 3 for the cube hint, not {plies}"
        )));
    }
    let net = input::net(args.model.as_deref())?;
    let a = Analyst::new(&net).cube(pos, rules, &setting.state, setting.cube, plies);
    let (position_id, match_id, xgid) = input::ids(setting, None, rules);
    let o = &a.outputs;
    let why = args
        .explain
        .then(|| super::explain::explain_cube(&net, setting, rules, &a));
    if args.json {
        let mut v = serde_json::json!({
            "position_id": position_id,
            "match_id": match_id,
            "xgid": xgid,
            "plies": plies,
            "cube": {
                "no_double": a.no_double,
                "double_take": a.double_take,
                "double_pass": a.double_pass,
                "double": a.double,
                "take": a.take,
                "available": a.available,
                "action": a.action,
            },
            "cubeless_equity": a.cubeless,
            "win": o[0],
            "win_gammon": o[1],
            "win_backgammon": o[2],
            "lose_gammon": o[3],
            "lose_backgammon": o[4],
        });
        if let Some(e) = &why {
            v["explain"] = serde_json::to_value(e)?;
        }
        if let Some(m) = a.mwc {
            v["mwc"] = serde_json::json!({
                "no_double": m[0],
                "double_take": m[1],
                "double_pass": m[2],
            });
        }
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "Position ID: {position_id}   Match ID: {match_id}\n{xgid}\n"
    )?;
    write_cube_analysis(out, pos, &setting.state, setting.cube, plies, &a)?;
    if let Some(e) = &why {
        super::explain::write_cube_why(out, e)?;
    }
    Ok(())
}

/// The cube analysis of the side on roll in `pos`, as `trictrac bg hint`
/// prints it and the `hint` of `bg play` at a cube decision: the
/// position, the cubeless equity and both sides' chances, the cubeful
/// equities of No double, Double/Take and Double/Pass (with the match
/// winning chances in a match) and the proper action; in 80 columns.
///
/// # Errors
/// When `out` cannot be written.
pub fn write_cube_analysis(
    out: &mut dyn Write,
    pos: &backgammon::Position,
    state: &backgammon::MatchState,
    cube: backgammon::Cube,
    plies: u8,
    a: &backgammon_bot::analysis::cubeful::CubeAnalysis,
) -> std::io::Result<()> {
    let o = &a.outputs;
    let me = pos.turn();
    let name = |s: backgammon::Side| match s {
        backgammon::Side::White => "White",
        backgammon::Side::Black => "Black",
    };
    let setting = (state, cube);
    let game = if setting.0.length == 0 {
        "money".to_string()
    } else {
        format!(
            "{}-point match, White {} Black {}{}",
            setting.0.length,
            setting.0.score.white,
            setting.0.score.black,
            if setting.0.crawford {
                ", Crawford game"
            } else {
                ""
            }
        )
    };
    let owner = match setting.1.owner {
        None => "centred".to_string(),
        Some(s) => format!("owned by {}", name(s)),
    };
    let head = format!(
        "Cube analysis for {} on roll ({game}; cube {}, {owner}), {} plies",
        name(me),
        setting.1.value,
        plies
    );
    for l in tables_term::wrap(&head, 79, 2) {
        writeln!(out, "{l}")?;
    }
    writeln!(out, "Cubeless equity {:+.3}", a.cubeless)?;
    writeln!(
        out,
        "  {} wins {:.1}%  gammon {:.1}%  backgammon {:.1}%",
        name(me),
        100.0 * o[0],
        100.0 * o[1],
        100.0 * o[2]
    )?;
    writeln!(
        out,
        "  {} wins {:.1}%  gammon {:.1}%  backgammon {:.1}%",
        name(!me),
        100.0 * (1.0 - o[0]),
        100.0 * o[3],
        100.0 * o[4]
    )?;
    writeln!(out, "Cubeful equities:")?;
    let (no, dbl) = if a.redouble {
        ("No redouble", "Redouble")
    } else {
        ("No double", "Double")
    };
    let mut rows = vec![
        (no.to_string(), a.no_double, a.mwc.map(|m| m[0])),
        (format!("{dbl}, take"), a.double_take, a.mwc.map(|m| m[1])),
        (format!("{dbl}, pass"), a.double_pass, a.mwc.map(|m| m[2])),
    ];
    if !a.available {
        rows.truncate(1);
    }
    // The proper action first, as gnubg lists them.
    let proper = if !a.double {
        0
    } else if a.take {
        1
    } else {
        2
    };
    rows.swap(0, proper);
    if proper == 2 && rows.len() == 3 {
        rows.swap(1, 2);
    }
    let best = rows[0].1;
    for (i, (label, e, m)) in rows.iter().enumerate() {
        let diff = if i == 0 {
            String::new()
        } else {
            format!("  ({:+.3})", e - best)
        };
        let mwc = m.map_or(String::new(), |m| format!("  {:.1}% MWC", 100.0 * m));
        writeln!(out, "{}. {:<20} {:+.3}{mwc}{diff}", i + 1, label, e)?;
    }
    writeln!(out, "Proper cube action: {}", a.action)?;
    Ok(())
}
