//! `trictrac bg play`: a game or a match of backgammon with the videau in
//! the terminal, against a bot or a friend.
//!
//! Line-based: it reads whole lines from stdin, so that it works in any
//! terminal and with piped input.

use std::io::Write;

use backgammon::session::Match;
use backgammon::{Cube, Event, Game, MatchState, Phase, Play, PlayText, Position, Side, WinKind};
use backgammon_bot::players::table::TablePlayer;
use backgammon_bot::{DEFAULT_BOT, PLAYERS};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(crate) mod board;
mod saving;
mod terminal_game;
mod turns;
mod tutor;

use super::input;
use super::moves::line_names;
use crate::error::CliError;
use crate::levels::{self, Level};
use tables_term::tutor::TutorArg;
use tables_term::{Terminal, TerminalLoop};

/// Play backgammon with the videau in the terminal.
#[derive(Debug, Args)]
#[command(
    about = "Play backgammon with the videau in the terminal, against a bot or a friend",
    long_about = "Play a game (or a match with --match N) of backgammon with the videau in \
        the terminal. The board is drawn from your side; type a play by its number or \
        as gnubg writes it (`8/5 6/5`, `bar/22`, `6/off`), `double` before rolling to \
        offer the videau, `take` or `drop` when it is offered, `hint` for the bot's \
        preferred plays, then `why` for why its best play rather than the second (or its \
        cube decision), `id` for the gnubg Position ID, Match ID and XGID, `undo`, \
        `resign`, `help`. Input may be piped. Quitting (or the end of the input, or \
        Ctrl-C) saves an unfinished game that has moves to backgammon-autosave.mat in \
        your data directory (on Linux ~/.local/share/trictrac/), and says where; a finished game or match may be \
        saved with `save FILE` before leaving. In a terminal of 24 lines the plays \
        that do not fit under the board are shown a page at a time by `list`. \
        With --tutor, against the bot, a play or a cube decision that loses at \
        least the level's equity is told before it stands, with the better one \
        and why, and taken back unless you keep it; the game is then unrated.",
    after_help = "Examples:\n  \
        trictrac bg play\n  \
        trictrac bg play --rules seed --match 5 --bot greedy\n  \
        trictrac bg play --hotseat\n  \
        trictrac bg play --side black --seed 7 --lines\n  \
        trictrac bg play --tutor=doubtful"
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

    /// Rules: standard or seed, with options (e.g. "seed hit-cover=opponent")
    #[arg(long, value_name = "RULES", default_value = "standard", long_help = super::RULES_HELP)]
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

    #[command(flatten)]
    tutor: TutorArg,
}

/// The bots by level, weakest first.
fn bot_levels() -> Vec<Level> {
    levels::levels(PLAYERS, backgammon_bot::players::table::level)
}

fn bot_help() -> String {
    levels::bot_help(&bot_levels(), DEFAULT_BOT)
}

/// The game's lines of `help` (the terminal loop adds the commands every game
/// shares: list, board, undo, save, resign, quit, help).
const HELP: &str = "\
Commands:
  3              choose play number 3 of the list
  8/5 6/5        a play as gnubg writes it (bar/22, 6/off, 24/18*/13, 8/5(2))
  Enter          roll (before rolling) or play the only legal play
  roll           roll the dice
  double         offer the videau, before rolling (BG-7.2)
  take, drop     answer a double (BG-7.3, BG-7.4); beaver where allowed
  hint           the bot's preferred plays, or the cube analysis
  why            after hint: why its best play rather than the second, or
                 why its cube decision (chances, market losers, take point)
  id             the gnubg Position ID, Match ID and XGID of the position
  resign [gammon|backgammon]   give up the game (asks to confirm)
  save FILE      the game or match so far as .mat (gnubg imports it)";

/// Backgammon's part of the terminal loop ([`tables_term::TerminalLoop`]).
struct BgTerminal<'a> {
    /// The keyboard and the screen.
    term: Terminal<'a>,
    /// The money game or match.
    m: Match,
    /// The players' names in the record.
    names: backgammon::BySide<String>,
    humans: backgammon::BySide<bool>,
    /// The bot's name (none in hotseat games).
    bot_name: String,
    lines: bool,
    /// The side the board is drawn from.
    viewer: Side,
    hotseat: bool,
    /// What was told: games whose events were all told, events of the
    /// next one.
    told: (usize, usize),
    /// Games whose end was told.
    ended: usize,
    /// Whether the board of the current game was drawn.
    drawn: bool,
    /// What `why` prints after `hint`: the progress of the game at the
    /// hint, and the lines.
    why: Option<(usize, Vec<String>)>,
}

/// Runs `trictrac bg play`.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.tutor.tutor.is_some() && args.hotseat {
        return Err(CliError::input(
            "--tutor is for a game against the bot: at one keyboard (--hotseat) it would \
             advise both players",
        ));
    }
    let rules = input::rules(&args.rules)?;
    let side = input::side(&args.side)?;
    let lv = bot_levels();
    let bot_name = match args.bot.as_deref() {
        None => DEFAULT_BOT,
        Some(b) => levels::resolve(&lv, b).ok_or_else(|| {
            CliError::input(format!(
                "unknown bot `{b}`: the bots are {}",
                levels::list(&lv)
            ))
        })?,
    };
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
            levels::list(&lv)
        ))
    })?;
    let length = match args.r#match {
        None => 0,
        Some(0) => return Err(CliError::input("--match must be at least 1 point")),
        Some(n) if n > 99 => return Err(CliError::input("--match must be at most 99 points")),
        Some(n) => n,
    };
    let mut humans = backgammon::BySide::new(false, false);
    *humans.get_mut(side) = true;
    if args.hotseat {
        humans = backgammon::BySide::new(true, true);
    }
    let bot_name = bot.name().to_string();
    let name = |s: Side| {
        if *humans.get(s) {
            "human".to_string()
        } else {
            bot_name.clone()
        }
    };
    let names = backgammon::BySide::new(name(Side::White), name(Side::Black));
    let m = match &args.load {
        None => Match::new(rules, length),
        Some(path) => {
            let (mat, rules) = super::record::read(path, Some(rules))?;
            let mut done = mat.games;
            let Some(game) = done.pop() else {
                return Err(CliError::input(format!("{} holds no game", path.display())));
            };
            Match {
                rules,
                length: mat.length,
                done,
                game,
            }
        }
    };
    if m.over() {
        writeln!(out, "that match is over")?;
        return Ok(());
    }
    let rules = m.rules;
    let who = if args.hotseat {
        "two players at one keyboard".to_string()
    } else {
        format!(
            "you play {side} against the bot `{bot_name}` (level {})",
            levels::word_of(&lv, &bot_name)
        )
    };
    let intro = format!(
        "Backgammon with the videau ({rules}), {}: {who}; seed {seed}. Type help for the commands.",
        if m.length > 0 {
            format!("match to {} points", m.length)
        } else {
            "money game".to_string()
        }
    );
    for l in tables_term::wrap(&intro, 79, 2) {
        writeln!(out, "{l}")?;
    }
    let loaded = args.load.is_some();
    let told = if loaded {
        (m.done.len(), m.game.events().len())
    } else {
        (0, 0)
    };
    let ended = if loaded {
        m.done.len() + usize::from(m.game.result().is_some())
    } else {
        0
    };
    let mut part = BgTerminal {
        term: Terminal::stdin(out),
        m,
        names,
        humans,
        bot_name,
        lines: args.lines,
        viewer: side,
        hotseat: args.hotseat,
        told,
        ended,
        drawn: false,
        why: None,
    };
    if loaded {
        tables_term::TerminalGame::board(&mut part)?;
    }
    let bot: Option<Box<dyn tables::Player<Match>>> = if args.hotseat {
        None
    } else {
        Some(Box::new(TablePlayer(bot)))
    };
    let dice = ChaCha8Rng::seed_from_u64(seed);
    TerminalLoop::new(part, dice, bot)
        .with_tutor(args.tutor.tutor)
        .run()
        .map_err(CliError::from)
}
