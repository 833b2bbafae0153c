//! `trictrac bg play`: a game or a match of backgammon with the videau in
//! the terminal, against a bot or a friend.
//!
//! Line-based: it reads whole lines from stdin, so that it works in any
//! terminal and with piped input.

use std::io::Write;

use backgammon::{
    Cube, EndReason, Game, MatchState, Phase, Play, PlayText, Position, Side, WinKind,
};
use backgammon_bot::table::TablePlayer;
use backgammon_bot::{by_name, DEFAULT_BOT, PLAYERS};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod board;
mod saving;
mod turns;

use board::board;
use saving::{after_the_end, autosave};
use turns::{bot_turn, human_turn};

use super::input;
use super::moves::line_names;
use crate::error::CliError;
use crate::session::{self, Terminal};

/// Play backgammon with the videau in the terminal.
#[derive(Debug, Args)]
#[command(
    about = "Play backgammon with the videau in the terminal, against a bot or a friend",
    long_about = "Play a game (or a match with --match N) of backgammon with the videau in \
        the terminal. The board is drawn from your side; type a play by its number or \
        as gnubg writes it (`8/5 6/5`, `bar/22`, `6/off`), `double` before rolling to \
        offer the videau, `take` or `drop` when it is offered, `hint` for the bot's \
        preferred plays, `resign`, `help`. Input may be piped. Quitting (or the end \
        of the input, or Ctrl-C) saves an unfinished game that has moves to \
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
                 in your data directory, and the program says where; the
                 end of the input and Ctrl-C save it too)
  help           this list";

struct Session<'a> {
    /// The keyboard and the screen.
    term: Terminal<'a>,
    /// The finished games of the match (or money session).
    history: Vec<Game>,
    names: backgammon::BySide<String>,
    rules: backgammon::Rules,
    human: [bool; 2],
    /// The bot, a player of the shared driver.
    bot: TablePlayer,
    lines: bool,
    viewer: Side,
}

fn idx(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

enum Flow {
    Continue,
    Quit,
}

/// Reads one line; `None` at the end of the input.
fn read_line(s: &mut Session, prompt: &str) -> Result<Option<String>, CliError> {
    Ok(s.term.read(prompt)?)
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
        term: Terminal::stdin(out),
        history,
        names,
        rules,
        human,
        bot: TablePlayer(bot),
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
                    writeln!(s.term.out, "that match is over")?;
                    return Ok(());
                }
            },
        },
    };
    let state = *g.match_state();
    let who = if args.hotseat {
        "two players at one keyboard".to_string()
    } else {
        format!("you play {side} against the bot `{}`", s.bot.0.name())
    };
    writeln!(
        s.term.out,
        "Backgammon with the videau ({rules}), {}: {who}; seed {seed}. Type help for the commands.",
        if state.length > 0 {
            format!("match to {} points", state.length)
        } else {
            "money game".to_string()
        }
    )?;
    // Ctrl-C saves the game of the last prompt, as `trictrac play` does.
    session::install_interrupt_handler();
    loop {
        match g.phase() {
            Phase::Opening => {
                g.roll_with(&mut dice).map_err(CliError::input)?;
                let starter = g.position().turn();
                writeln!(
                    s.term.out,
                    "\nGame {}: {starter} wins the opening throw (BG-2.2)",
                    g.match_state().games + 1
                )?;
                board(&mut s, &g)?;
                if let Phase::Play(side, roll) = g.phase() {
                    writeln!(s.term.out, "{side} plays the opening dice {roll}")?;
                }
            }
            Phase::Over(r) => {
                let how = match r.reason {
                    EndReason::Dropped => "",
                    _ => "",
                };
                writeln!(s.term.out, "{r}{how}")?;
                let next = g.match_state().after(&r);
                if next.length == 0 {
                    writeln!(s.term.out, "game over")?;
                    return after_the_end(&mut s, &g);
                }
                writeln!(
                    s.term.out,
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
                        writeln!(s.term.out, "{w} wins the match")?;
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
