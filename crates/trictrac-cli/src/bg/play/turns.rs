//! One decision at a time: a person's (roll or double, take or drop, a
//! play, and the commands of every prompt) and the bot's.

use super::board::{list_plays, show_play};
use super::saving::save;
use super::*;
use backgammon::session::{Action, Match};
use backgammon::Event;

/// The default bot's ranking of the legal plays (its 2-ply search, the
/// same as `trictrac bg hint`), best first: equity and winning chance.
pub(super) fn hint(s: &mut Session, g: &Game, side: Side) -> Result<(), CliError> {
    let net = backgammon_bot::default_net();
    let ranked = crate::bg::hint::rank_plays(&net, g.position(), g.legal_plays(), g.rules(), 2);
    writeln!(
        s.term.out,
        "hint (the bot's cubeless equity after each play, in points per game; win = chance of winning):"
    )?;
    for r in ranked.iter().take(5) {
        writeln!(
            s.term.out,
            "  {:<24} {:>+7.3}  ({:+.3})  win {:>4.1} %",
            show_play(s, &r.raw, side),
            r.equity,
            r.difference,
            100.0 * r.win
        )?;
    }
    Ok(())
}

/// One human decision at the phase `g.phase()`.
pub(super) fn human_turn(
    s: &mut Session,
    g: &mut Game,
    dice: &mut ChaCha8Rng,
) -> Result<Flow, CliError> {
    crate::session::set_snapshot(super::saving::snapshot(s, g));
    match g.phase() {
        Phase::Roll(side) => {
            let can = g.can_double(side);
            let prompt = if can {
                format!("{side}, roll (Enter) or double? ")
            } else {
                format!("{side}, roll (Enter)? ")
            };
            let Some(line) = read_line(s, &prompt)? else {
                return Ok(Flow::Quit);
            };
            match line.as_str() {
                "" | "roll" | "r" => {
                    g.roll_with(dice).map_err(CliError::input)?;
                    if let Phase::Play(side, roll) = g.phase() {
                        writeln!(s.term.out, "{side} rolls {roll}")?;
                    }
                }
                "double" | "d" => match g.double() {
                    Ok(()) => writeln!(
                        s.term.out,
                        "{side} offers the videau at {}",
                        g.cube().value * 2
                    )?,
                    Err(e) => writeln!(s.term.out, "cannot double: {e}")?,
                },
                other => return common(s, g, other),
            }
        }
        Phase::Doubled { by } => {
            let Some(line) = read_line(s, &format!("{}, take or drop? ", !by))? else {
                return Ok(Flow::Quit);
            };
            match line.as_str() {
                "take" | "t" => {
                    g.take().map_err(CliError::input)?;
                    writeln!(
                        s.term.out,
                        "{} takes: the videau is at {}",
                        !by,
                        g.cube().value
                    )?;
                }
                "drop" | "pass" => g.drop_double().map_err(CliError::input)?,
                "beaver" => match g.beaver() {
                    Ok(()) => writeln!(
                        s.term.out,
                        "{} beavers: the videau is at {}",
                        !by,
                        g.cube().value
                    )?,
                    Err(e) => writeln!(s.term.out, "{e}")?,
                },
                "" => writeln!(s.term.out, "type take or drop")?,
                other => return common(s, g, other),
            }
        }
        Phase::Play(side, roll) => {
            let plays = g.legal_plays().clone();
            if plays.len() == 1 && plays[0].is_pass() {
                writeln!(
                    s.term.out,
                    "{side} cannot move with {roll} (BG-3.4, BG-4.2)"
                )?;
                g.play(&Play::PASS).map_err(CliError::input)?;
                return Ok(Flow::Continue);
            }
            let Some(line) = read_line(
                s,
                &format!("{side} to play {roll} (number, play, list, hint): "),
            )?
            else {
                return Ok(Flow::Quit);
            };
            let choice = if line.is_empty() {
                if plays.len() == 1 {
                    Some(plays[0])
                } else {
                    writeln!(
                        s.term.out,
                        "{} plays are legal: type a number or a play",
                        plays.len()
                    )?;
                    None
                }
            } else if let Ok(n) = line.parse::<usize>() {
                if (1..=plays.len()).contains(&n) {
                    Some(plays[n - 1])
                } else {
                    writeln!(s.term.out, "choose a number from 1 to {}", plays.len())?;
                    None
                }
            } else if line.contains('/') || line == "--" {
                match line.parse::<PlayText>() {
                    Ok(t) => match g.position().resolve_play(roll, &t, g.rules()) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            writeln!(s.term.out, "{e}")?;
                            None
                        }
                    },
                    Err(e) => {
                        writeln!(s.term.out, "{e}")?;
                        None
                    }
                }
            } else {
                return common(s, g, &line);
            };
            if let Some(p) = choice {
                let text = show_play(s, &p, side);
                g.play(&p).map_err(CliError::input)?;
                writeln!(s.term.out, "{side} plays {text}")?;
                board(s, g)?;
            }
        }
        _ => {}
    }
    Ok(Flow::Continue)
}

/// Commands valid at every prompt.
pub(super) fn common(s: &mut Session, g: &mut Game, line: &str) -> Result<Flow, CliError> {
    let mut words = line.split_whitespace();
    match words.next().unwrap_or("") {
        "help" | "?" => writeln!(s.term.out, "{HELP}")?,
        "board" | "b" => board(s, g)?,
        "list" | "l" => match g.phase() {
            Phase::Play(side, _) => list_plays(s, g, side)?,
            _ => writeln!(s.term.out, "no roll to play yet")?,
        },
        "hint" => match g.phase() {
            Phase::Play(side, _) => hint(s, g, side)?,
            Phase::Roll(side) => {
                let mut bot = by_name(DEFAULT_BOT, 0).expect("the default bot exists");
                let d = g.can_double(side) && bot.wants_double(g);
                writeln!(s.term.out, "hint: {}", if d { "double" } else { "roll" })?;
            }
            Phase::Doubled { .. } => {
                let mut bot = by_name(DEFAULT_BOT, 0).expect("the default bot exists");
                writeln!(
                    s.term.out,
                    "hint: {}",
                    if bot.takes(g) { "take" } else { "drop" }
                )?;
            }
            _ => {}
        },
        "resign" => {
            let kind = match words.next() {
                None | Some("single") => WinKind::Single,
                Some("gammon") => WinKind::Gammon,
                Some("backgammon") => WinKind::Backgammon,
                Some(w) => {
                    writeln!(s.term.out, "resign single, gammon or backgammon, not `{w}`")?;
                    return Ok(Flow::Continue);
                }
            };
            let side = match g.phase() {
                Phase::Doubled { by } => !by,
                _ => g.position().turn(),
            };
            let points = g.cube().value * kind_points(kind);
            let question = format!(
                "{side} resigns {}: {} wins {points} point{}. Resign? (yes/no) ",
                kind_name(kind),
                !side,
                if points == 1 { "" } else { "s" }
            );
            if crate::session::is_yes(read_line(s, &question)?.as_deref()) {
                g.resign(side, kind).map_err(CliError::input)?
            } else {
                writeln!(s.term.out, "not resigned: the game goes on")?
            }
        }
        "save" => match words.next() {
            Some(f) => {
                let path = std::path::Path::new(f);
                match save(s, g, path) {
                    Ok(note) => writeln!(s.term.out, "saved to {}{note}", path.display())?,
                    Err(e) => writeln!(s.term.out, "{}", e.message())?,
                }
            }
            None => writeln!(s.term.out, "save FILE: the file to write")?,
        },
        "quit" | "exit" => return Ok(Flow::Quit),
        other => writeln!(s.term.out, "unknown command `{other}`: type help")?,
    }
    Ok(Flow::Continue)
}

/// How many times the videau a resignation of `kind` concedes.
pub(super) fn kind_points(kind: WinKind) -> u32 {
    match kind {
        WinKind::Single => 1,
        WinKind::Gammon => 2,
        WinKind::Backgammon => 3,
    }
}

pub(super) fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    }
}

/// One bot decision, taken through the shared driver
/// (`tables::take_turn`) and told: the double, the roll, the answer to
/// a double, or the play (a forced pass made by the game itself).
pub(super) fn bot_turn(
    s: &mut Session,
    g: &mut Game,
    dice: &mut ChaCha8Rng,
) -> Result<(), CliError> {
    let mut m = Match {
        rules: s.rules,
        length: g.match_state().length,
        done: Vec::new(),
        game: g.clone(),
    };
    let actions = tables::take_turn(&mut m, &mut s.bot, dice)
        .map_err(|e| CliError::input(format!("the bot could not play: {e}")))?;
    *g = m.game;
    let name = s.bot.0.name().to_string();
    // Who answered a double, from the event log.
    let last = |g: &Game| match g.events().last() {
        Some(Event::Double { side, .. } | Event::Take { side } | Event::Drop { side }) => {
            Some(*side)
        }
        _ => None,
    };
    for a in actions {
        match a {
            Action::Double => {
                let side = last(g).unwrap_or_else(|| g.position().turn());
                writeln!(
                    s.term.out,
                    "{side} ({name}) offers the videau at {}",
                    g.cube().value * 2
                )?;
            }
            Action::Roll { .. } => {
                if let Phase::Play(side, roll) = g.phase() {
                    writeln!(s.term.out, "{side} ({name}) rolls {roll}")?;
                }
            }
            Action::Take => {
                let side = last(g).unwrap_or_else(|| !g.position().turn());
                writeln!(
                    s.term.out,
                    "{side} ({name}) takes: the videau is at {}",
                    g.cube().value
                )?;
            }
            Action::Drop => {
                let side = last(g).unwrap_or_else(|| !g.position().turn());
                writeln!(s.term.out, "{side} ({name}) drops")?;
            }
            Action::Play { .. } => {
                let played = g.events().iter().rev().find_map(|e| match e {
                    Event::Play { side, play, .. } => Some((*side, *play)),
                    _ => None,
                });
                if let Some((side, play)) = played {
                    let text = show_play(s, &play, side);
                    writeln!(s.term.out, "{side} ({name}) plays {text}")?;
                }
                board(s, g)?;
            }
            _ => {}
        }
    }
    Ok(())
}
