//! `trictrac bg play`: a game or a match of backgammon with the videau in
//! the terminal, against a bot or a friend.
//!
//! Line-based: it reads whole lines from stdin, so that it works in any
//! terminal and with piped input.

use std::io::{BufRead, IsTerminal, Write};

use backgammon::{
    Cube, EndReason, Game, MatchState, Phase, Play, PlayText, Position, Side, WinKind,
};
use backgammon_bot::{by_name, Player, DEFAULT_BOT, PLAYERS};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::input;
use super::moves::line_names;
use crate::error::CliError;

/// Play backgammon with the videau in the terminal.
#[derive(Debug, Args)]
#[command(
    about = "Play backgammon with the videau in the terminal, against a bot or a friend",
    long_about = "Play a game (or a match with --match N) of backgammon with the videau in \
        the terminal. The board is drawn from your side; type a play by its number or \
        as gnubg writes it (`8/5 6/5`, `bar/22`, `6/off`), `double` before rolling to \
        offer the videau, `take` or `drop` when it is offered, `hint` for the bot's \
        preferred plays, `resign`, `help`. Input may be piped. Quitting (or the end \
        of the input) saves an unfinished game that has moves to \
        backgammon-autosave.mat in your data directory (on Linux \
        ~/.local/share/trictrac/) and says where; a finished game or match may be \
        saved with `save FILE` before leaving.",
    after_help = "Examples:\n  \
        trictrac bg play\n  \
        trictrac bg play --rules seed --match 5 --bot greedy\n  \
        trictrac bg play --hotseat\n  \
        trictrac bg play --side black --seed 7 --lines"
)]
pub struct PlayArgs {
    /// The side you play: white or black
    #[arg(long, value_name = "white|black", default_value = "white")]
    side: String,

    #[arg(long, value_name = "NAME", help = bot_help())]
    bot: Option<String>,

    /// Two people at one keyboard: both sides are asked
    #[arg(long)]
    hotseat: bool,

    /// Rules: standard or seed, with options (e.g. "standard beavers=on")
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Play a match to N points (with the Crawford rule) instead of one money game
    #[arg(long, value_name = "N")]
    r#match: Option<u32>,

    /// Seed of the dice [default: a random seed]
    #[arg(long)]
    seed: Option<u64>,

    /// Label the points with the page's line names N1..N12, B1..B12 (BG-1.3)
    #[arg(long)]
    lines: bool,

    /// Another network for the neural bot (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<std::path::PathBuf>,

    /// Resume the game or match saved in FILE (a .mat record, see `save`)
    #[arg(long, value_name = "FILE")]
    load: Option<std::path::PathBuf>,
}

fn bot_help() -> String {
    format!(
        "The bot you play against: {} [default: {DEFAULT_BOT}]",
        PLAYERS.join(", ")
    )
}

const HELP: &str = "\
Commands:
  3              choose play number 3 of the list
  8/5 6/5        a play as gnubg writes it (bar/22, 6/off, 24/18*/13, 8/5(2))
  Enter          roll (before rolling) or play the only legal play
  roll           roll the dice
  double         offer the videau, before rolling (BG-7.2)
  take, drop     answer a double (BG-7.3, BG-7.4)
  list           number the legal plays again
  hint           the bot's preferred plays
  board          draw the board again
  resign [gammon|backgammon]   give up the game (asks to confirm)
  save FILE      write the game or match so far (.mat, as gnubg imports it)
  quit           stop playing (an unfinished game with moves is saved first,
                 in your data directory, and the program says where)
  help           this list";

struct Session<'a> {
    out: &'a mut dyn Write,
    /// The finished games of the match (or money session).
    history: Vec<Game>,
    names: backgammon::BySide<String>,
    rules: backgammon::Rules,
    input: Box<dyn BufRead>,
    echo: bool,
    human: [bool; 2],
    bot: Box<dyn Player>,
    lines: bool,
    viewer: Side,
}

fn idx(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// Reads one line; `None` at the end of the input.
fn read_line(s: &mut Session, prompt: &str) -> Result<Option<String>, CliError> {
    write!(s.out, "{prompt}")?;
    s.out.flush()?;
    let mut line = String::new();
    if s.input.read_line(&mut line)? == 0 {
        writeln!(s.out)?;
        return Ok(None);
    }
    // Bound what one line may hold.
    line.truncate(1000);
    let line = line.trim().to_string();
    if s.echo {
        writeln!(s.out, "{line}")?;
    }
    Ok(Some(line))
}

/// The board from `viewer`'s side: his points 13–24 on top, 12–1 below,
/// the bar in the middle, X his checkers, O the opponent's.
pub fn draw_board(
    pos: &Position,
    cube: Cube,
    viewer: Side,
    lines: bool,
    state: &MatchState,
) -> String {
    let me = pos.counts(viewer);
    let op = pos.counts(!viewer);
    // Checkers on the viewer's point p: positive his, negative the opponent's.
    let at = |p: usize| -> i32 {
        if me[p] > 0 {
            me[p] as i32
        } else {
            -(op[25 - p] as i32)
        }
    };
    let label = |p: usize| -> String {
        if lines {
            backgammon::Point::new(p as u8).line_name(viewer)
        } else {
            p.to_string()
        }
    };
    let cell = |n: i32, row: usize| -> &'static str {
        let k = n.unsigned_abs() as usize;
        if k > row {
            if n > 0 {
                " X "
            } else {
                " O "
            }
        } else {
            "   "
        }
    };
    let count = |n: i32| -> String {
        let k = n.unsigned_abs();
        if k > 5 {
            format!("{k:^3}")
        } else {
            "   ".into()
        }
    };
    let mut s = String::new();
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let header = |pts: &[usize]| -> String {
        let mut h = String::from(" ");
        for (i, &p) in pts.iter().enumerate() {
            if i == 6 {
                h.push_str(" |   | ");
            }
            h.push_str(&format!("{:^3}", label(p)));
        }
        h
    };
    s.push_str(&header(&top));
    s.push('\n');
    for row in 0..5 {
        s.push(' ');
        for (i, &p) in top.iter().enumerate() {
            if i == 6 {
                s.push_str(" |   | ");
            }
            s.push_str(if row == 4 && at(p).unsigned_abs() > 5 {
                ""
            } else {
                cell(at(p), row)
            });
            if row == 4 && at(p).unsigned_abs() > 5 {
                s.push_str(&count(at(p)));
            }
        }
        s.push('\n');
    }
    let bar = format!(
        " bar: X {}  O {}    off: X {}  O {}    videau: {}{}",
        me[25],
        op[25],
        me[0],
        op[0],
        cube.value,
        match cube.owner {
            None => " (centred)".to_string(),
            Some(o) if o == viewer => " (yours)".to_string(),
            Some(_) => " (opponent's)".to_string(),
        }
    );
    s.push_str(&bar);
    s.push('\n');
    for row in (0..5).rev() {
        s.push(' ');
        for (i, &p) in bottom.iter().enumerate() {
            if i == 6 {
                s.push_str(" |   | ");
            }
            if row == 4 && at(p).unsigned_abs() > 5 {
                s.push_str(&count(at(p)));
            } else {
                s.push_str(cell(at(p), row));
            }
        }
        s.push('\n');
    }
    s.push_str(&header(&bottom));
    s.push('\n');
    s.push_str(&format!(
        " X = {} (pips {}), O = {} (pips {})",
        viewer,
        pos.pip_count(viewer),
        !viewer,
        pos.pip_count(!viewer)
    ));
    if state.length > 0 {
        s.push_str(&format!(
            "; match to {}: {} {} - {} {}{}",
            state.length,
            viewer,
            state.score.get(viewer),
            !viewer,
            state.score.get(!viewer),
            if state.crawford {
                " (Crawford game)"
            } else {
                ""
            }
        ));
    }
    s.push('\n');
    s
}

fn show_play(s: &Session, p: &Play, side: Side) -> String {
    if s.lines {
        line_names(p, side)
    } else {
        p.to_string()
    }
}

fn board(s: &mut Session, g: &Game) -> Result<(), CliError> {
    let b = draw_board(g.position(), g.cube(), s.viewer, s.lines, g.match_state());
    write!(s.out, "\n{b}")?;
    Ok(())
}

fn list_plays(s: &mut Session, g: &Game, side: Side) -> Result<(), CliError> {
    for (i, p) in g.legal_plays().iter().enumerate() {
        writeln!(s.out, "  {:>3}. {}", i + 1, show_play(s, p, side))?;
    }
    Ok(())
}

/// The default bot's ranking of the legal plays (its 2-ply search, the
/// same as `trictrac bg hint`), best first: equity and winning chance.
fn hint(s: &mut Session, g: &Game, side: Side) -> Result<(), CliError> {
    let net = backgammon_bot::default_net();
    let ranked = super::hint::rank_plays(&net, g.position(), g.legal_plays(), g.rules(), 2);
    writeln!(
        s.out,
        "hint (the bot's cubeless equity after each play, in points per game; win = chance of winning):"
    )?;
    for r in ranked.iter().take(5) {
        writeln!(
            s.out,
            "  {:<24} {:>+7.3}  ({:+.3})  win {:>4.1} %",
            show_play(s, &r.raw, side),
            r.equity,
            r.difference,
            100.0 * r.win
        )?;
    }
    Ok(())
}

enum Flow {
    Continue,
    Quit,
}

/// One human decision at the phase `g.phase()`.
fn human_turn(s: &mut Session, g: &mut Game, dice: &mut ChaCha8Rng) -> Result<Flow, CliError> {
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
                        writeln!(s.out, "{side} rolls {roll}")?;
                    }
                }
                "double" | "d" => match g.double() {
                    Ok(()) => {
                        writeln!(s.out, "{side} offers the videau at {}", g.cube().value * 2)?
                    }
                    Err(e) => writeln!(s.out, "cannot double: {e}")?,
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
                    writeln!(s.out, "{} takes: the videau is at {}", !by, g.cube().value)?;
                }
                "drop" | "pass" => g.drop_double().map_err(CliError::input)?,
                "beaver" => match g.beaver() {
                    Ok(()) => writeln!(
                        s.out,
                        "{} beavers: the videau is at {}",
                        !by,
                        g.cube().value
                    )?,
                    Err(e) => writeln!(s.out, "{e}")?,
                },
                "" => writeln!(s.out, "type take or drop")?,
                other => return common(s, g, other),
            }
        }
        Phase::Play(side, roll) => {
            let plays = g.legal_plays().clone();
            if plays.len() == 1 && plays[0].is_pass() {
                writeln!(s.out, "{side} cannot move with {roll} (BG-3.4, BG-4.2)")?;
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
                        s.out,
                        "{} plays are legal: type a number or a play",
                        plays.len()
                    )?;
                    None
                }
            } else if let Ok(n) = line.parse::<usize>() {
                if (1..=plays.len()).contains(&n) {
                    Some(plays[n - 1])
                } else {
                    writeln!(s.out, "choose a number from 1 to {}", plays.len())?;
                    None
                }
            } else if line.contains('/') || line == "--" {
                match line.parse::<PlayText>() {
                    Ok(t) => match g.position().resolve_play(roll, &t, g.rules()) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            writeln!(s.out, "{e}")?;
                            None
                        }
                    },
                    Err(e) => {
                        writeln!(s.out, "{e}")?;
                        None
                    }
                }
            } else {
                return common(s, g, &line);
            };
            if let Some(p) = choice {
                let text = show_play(s, &p, side);
                g.play(&p).map_err(CliError::input)?;
                writeln!(s.out, "{side} plays {text}")?;
                board(s, g)?;
            }
        }
        _ => {}
    }
    Ok(Flow::Continue)
}

/// Commands valid at every prompt.
fn common(s: &mut Session, g: &mut Game, line: &str) -> Result<Flow, CliError> {
    let mut words = line.split_whitespace();
    match words.next().unwrap_or("") {
        "help" | "?" => writeln!(s.out, "{HELP}")?,
        "board" | "b" => board(s, g)?,
        "list" | "l" => match g.phase() {
            Phase::Play(side, _) => list_plays(s, g, side)?,
            _ => writeln!(s.out, "no roll to play yet")?,
        },
        "hint" => match g.phase() {
            Phase::Play(side, _) => hint(s, g, side)?,
            Phase::Roll(side) => {
                let mut bot = by_name(DEFAULT_BOT, 0).expect("the default bot exists");
                let d = g.can_double(side) && bot.wants_double(g);
                writeln!(s.out, "hint: {}", if d { "double" } else { "roll" })?;
            }
            Phase::Doubled { .. } => {
                let mut bot = by_name(DEFAULT_BOT, 0).expect("the default bot exists");
                writeln!(
                    s.out,
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
                    writeln!(s.out, "resign single, gammon or backgammon, not `{w}`")?;
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
            match read_line(s, &question)?
                .as_deref()
                .map(str::to_ascii_lowercase)
            {
                Some(a) if a == "y" || a == "yes" => {
                    g.resign(side, kind).map_err(CliError::input)?
                }
                _ => writeln!(s.out, "not resigned: the game goes on")?,
            }
        }
        "save" => match words.next() {
            Some(f) => {
                let path = std::path::Path::new(f);
                match save(s, g, path) {
                    Ok(note) => writeln!(s.out, "saved to {}{note}", path.display())?,
                    Err(e) => writeln!(s.out, "{}", e.message())?,
                }
            }
            None => writeln!(s.out, "save FILE: the file to write")?,
        },
        "quit" | "exit" => return Ok(Flow::Quit),
        other => writeln!(s.out, "unknown command `{other}`: type help")?,
    }
    Ok(Flow::Continue)
}

/// How many times the videau a resignation of `kind` concedes.
fn kind_points(kind: WinKind) -> u32 {
    match kind {
        WinKind::Single => 1,
        WinKind::Gammon => 2,
        WinKind::Backgammon => 3,
    }
}

fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    }
}

/// Writes the match so far to `path`; says when a roll in progress is
/// not in the record (a .mat holds rolls with their plays).
fn save(s: &Session, g: &Game, path: &std::path::Path) -> Result<&'static str, CliError> {
    let mut games = s.history.clone();
    games.push(g.clone());
    let mat = backgammon::mat::MatFile {
        length: g.match_state().length,
        names: s.names.clone(),
        games,
    };
    super::record::write(path, &mat, &s.rules)?;
    Ok(if matches!(g.phase(), Phase::Play(..)) {
        " (without the roll in progress: it is thrown again on resuming)"
    } else {
        ""
    })
}

/// Where an unfinished game is saved: `backgammon-autosave.mat` in the
/// user's data directory (`$XDG_DATA_HOME/trictrac` or
/// `~/.local/share/trictrac` on Linux), or the current directory when
/// there is none.
pub fn autosave_path() -> std::path::PathBuf {
    let file = "backgammon-autosave.mat";
    match dirs::data_dir() {
        Some(d) => {
            let dir = d.join("trictrac");
            match std::fs::create_dir_all(&dir) {
                Ok(()) => dir.join(file),
                Err(_) => std::path::PathBuf::from(file),
            }
        }
        None => std::path::PathBuf::from(file),
    }
}

/// Whether any game of the session has a move (a game with none is not
/// worth a file).
fn has_moves(s: &Session, g: &Game) -> bool {
    s.history.iter().chain(std::iter::once(g)).any(|g| {
        g.events()
            .iter()
            .any(|e| matches!(e, backgammon::Event::Play { .. }))
    })
}

/// Saves an unfinished game that has moves before leaving, and says where.
fn autosave(s: &mut Session, g: &Game) -> Result<(), CliError> {
    if g.result().is_some() && g.next_game().is_none() {
        return Ok(());
    }
    if !has_moves(s, g) {
        writeln!(s.out, "no move was played: nothing saved")?;
        return Ok(());
    }
    let path = autosave_path();
    match save(s, g, &path) {
        Ok(note) => writeln!(
            s.out,
            "game left unfinished: saved to {}{note}; resume with trictrac bg play --load {}",
            path.display(),
            shell_word(&path.display().to_string())
        )?,
        Err(e) => writeln!(s.out, "game left unfinished; {}", e.message())?,
    }
    Ok(())
}

/// A path as a shell word (quoted when it holds anything but the usual).
fn shell_word(p: &str) -> String {
    if p.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+~".contains(c))
    {
        p.to_string()
    } else {
        format!("'{}'", p.replace('\'', "'\\''"))
    }
}

/// Once everything is over: the record may still be saved.
fn after_the_end(s: &mut Session, g: &Game) -> Result<(), CliError> {
    loop {
        let Some(line) = read_line(s, "save FILE to keep the record, Enter to leave: ")? else {
            return Ok(());
        };
        let mut words = line.split_whitespace();
        match words.next() {
            None | Some("quit") | Some("exit") | Some("q") => return Ok(()),
            Some("save") => match words.next() {
                Some(f) => {
                    let path = std::path::Path::new(f);
                    match save(s, g, path) {
                        Ok(_) => writeln!(s.out, "saved to {}", path.display())?,
                        Err(e) => writeln!(s.out, "{}", e.message())?,
                    }
                }
                None => writeln!(s.out, "save FILE: the file to write")?,
            },
            Some(other) => writeln!(
                s.out,
                "`{other}`: it is over; type save FILE, or Enter to leave"
            )?,
        }
    }
}

/// One bot decision.
fn bot_turn(s: &mut Session, g: &mut Game, dice: &mut ChaCha8Rng) -> Result<(), CliError> {
    match g.phase() {
        Phase::Roll(side) => {
            if g.can_double(side) && s.bot.wants_double(g) {
                g.double().map_err(CliError::input)?;
                writeln!(
                    s.out,
                    "{side} ({}) offers the videau at {}",
                    s.bot.name(),
                    g.cube().value * 2
                )?;
            } else {
                g.roll_with(dice).map_err(CliError::input)?;
                if let Phase::Play(side, roll) = g.phase() {
                    writeln!(s.out, "{side} ({}) rolls {roll}", s.bot.name())?;
                }
            }
        }
        Phase::Doubled { by } => {
            if s.bot.takes(g) {
                g.take().map_err(CliError::input)?;
                writeln!(
                    s.out,
                    "{} ({}) takes: the videau is at {}",
                    !by,
                    s.bot.name(),
                    g.cube().value
                )?;
            } else {
                writeln!(s.out, "{} ({}) drops", !by, s.bot.name())?;
                g.drop_double().map_err(CliError::input)?;
            }
        }
        Phase::Play(side, _) => {
            let p = s.bot.choose_play(g);
            let text = show_play(s, &p, side);
            g.play(&p).map_err(CliError::input)?;
            writeln!(s.out, "{side} ({}) plays {text}", s.bot.name())?;
            board(s, g)?;
        }
        _ => {}
    }
    Ok(())
}

/// Runs `trictrac bg play`.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = input::rules(&args.rules)?;
    let side = input::side(&args.side)?;
    let bot_name = args.bot.as_deref().unwrap_or(DEFAULT_BOT);
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let net = match &args.model {
        Some(p) => Some(std::sync::Arc::new(
            backgammon_bot::BgNet::load(p).map_err(CliError::input)?,
        )),
        None => None,
    };
    let bot = backgammon_bot::by_name_with(bot_name, seed, net).ok_or_else(|| {
        CliError::input(format!(
            "unknown bot `{bot_name}`: the bots are {}",
            PLAYERS.join(", ")
        ))
    })?;
    let state = match args.r#match {
        None => MatchState::money(),
        Some(0) => return Err(CliError::input("--match must be at least 1 point")),
        Some(n) if n > 99 => return Err(CliError::input("--match must be at most 99 points")),
        Some(n) => MatchState::to(n),
    };
    let stdin_tty = std::io::stdin().is_terminal();
    let mut human = [false; 2];
    human[idx(side)] = true;
    if args.hotseat {
        human = [true, true];
    }
    let names = backgammon::BySide::new(
        if human[0] {
            "human".to_string()
        } else {
            bot.name().to_string()
        },
        if human[1] {
            "human".to_string()
        } else {
            bot.name().to_string()
        },
    );
    let (history, loaded, rules) = match &args.load {
        None => (Vec::new(), None, rules),
        Some(path) => {
            let (mat, rules) = super::record::read(path, Some(rules))?;
            let mut games = mat.games;
            let last = games.pop();
            (games, last, rules)
        }
    };
    let mut s = Session {
        out,
        history,
        names,
        rules,
        input: Box::new(std::io::BufReader::new(std::io::stdin())),
        echo: !stdin_tty,
        human,
        bot,
        lines: args.lines,
        viewer: side,
    };
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut g = match loaded {
        None => Game::new(rules, state),
        Some(last) => match last.result() {
            None => last,
            Some(_) => match last.next_game() {
                Some(n) => {
                    s.history.push(last);
                    n
                }
                None => {
                    writeln!(s.out, "that match is over")?;
                    return Ok(());
                }
            },
        },
    };
    let state = *g.match_state();
    let who = if args.hotseat {
        "two players at one keyboard".to_string()
    } else {
        format!("you play {side} against the bot `{}`", s.bot.name())
    };
    writeln!(
        s.out,
        "Backgammon with the videau ({rules}), {}: {who}; seed {seed}. Type help for the commands.",
        if state.length > 0 {
            format!("match to {} points", state.length)
        } else {
            "money game".to_string()
        }
    )?;
    loop {
        match g.phase() {
            Phase::Opening => {
                g.roll_with(&mut dice).map_err(CliError::input)?;
                let starter = g.position().turn();
                writeln!(
                    s.out,
                    "\nGame {}: {starter} wins the opening throw (BG-2.2)",
                    g.match_state().games + 1
                )?;
                board(&mut s, &g)?;
                if let Phase::Play(side, roll) = g.phase() {
                    writeln!(s.out, "{side} plays the opening dice {roll}")?;
                }
            }
            Phase::Over(r) => {
                let how = match r.reason {
                    EndReason::Dropped => "",
                    _ => "",
                };
                writeln!(s.out, "{r}{how}")?;
                let next = g.match_state().after(&r);
                if next.length == 0 {
                    writeln!(s.out, "game over")?;
                    return after_the_end(&mut s, &g);
                }
                writeln!(
                    s.out,
                    "match score: white {} - black {} (to {})",
                    next.score.white, next.score.black, next.length
                )?;
                match g.next_game() {
                    Some(n) => {
                        s.history.push(g);
                        g = n;
                    }
                    None => {
                        let w = next.winner().unwrap_or(r.winner);
                        writeln!(s.out, "{w} wins the match")?;
                        return after_the_end(&mut s, &g);
                    }
                }
            }
            phase => {
                let side = match phase {
                    Phase::Doubled { by } => !by,
                    Phase::Roll(sd) | Phase::Play(sd, _) => sd,
                    _ => g.position().turn(),
                };
                if s.human[idx(side)] {
                    if args.hotseat {
                        s.viewer = side;
                    }
                    if let Flow::Quit = human_turn(&mut s, &mut g, &mut dice)? {
                        autosave(&mut s, &g)?;
                        return Ok(());
                    }
                } else {
                    bot_turn(&mut s, &mut g, &mut dice)?;
                }
            }
        }
    }
}
