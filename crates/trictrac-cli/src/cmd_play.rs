//! `trictrac play`: a game of Grand Trictrac in the terminal, against a
//! bot or between two people at one keyboard.
//!
//! Line-based on purpose: it reads whole lines from stdin (no raw mode),
//! so it works in any terminal, over ssh, and with input piped from a
//! file. The turn follows the engine's state machine ([`Game`]): the
//! program rolls the dice (a `ChaCha8Rng` seeded with `--seed`, recorded
//! in the game record so that `--load` and `trictrac replay` check them),
//! tells every event — rolls with their jans, points and holes, schools,
//! decisions, plays — and asks the person at each decision that is his:
//! a play, staying or leaving, and with `--marking manual` the
//! points he marks and the schools he claims.

mod ask;
pub(crate) mod board;
mod commands;
mod narrate;
mod resume;
mod saving;
mod settle;
pub(crate) mod style;
mod tell;
mod terminal_game;
mod tutor;
mod words;

pub(crate) use resume::resume as resume_record;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::game::{FalseMoves, GameOptions, MarkingMode, Phase, PointsFrom};
use trictrac::record::{Header, Record};
use trictrac::{
    BySide, Event, FieldNames, Game, GameError, Play, PlayNotation, Roll, RollScore, Side,
};
use trictrac_bot::table::TablePlayer;
use trictrac_bot::{by_name, DEFAULT_BOT, PLAYERS};

use crate::error::CliError;
use crate::levels::{self, Level};
use crate::options::OptionArgs;
use board::View;
use narrate::cap;
use style::{wrap, Style, Tone};
use tables_term::tutor::TutorArg;
use tables_term::{Terminal, TerminalLoop};

/// The side a person plays.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    #[value(name = "w", alias = "white")]
    White,
    #[value(name = "b", alias = "black")]
    Black,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        }
    }
}

/// Play a game in the terminal.
#[derive(Debug, Args)]
#[command(
    about = "Play a game to 12 holes in the terminal, against a bot or a friend",
    long_about = "Play a game of Grand Trictrac to 12 holes in the terminal. The board is \
        drawn as a tablier with both talons and corners, the points as the tokens show \
        them, the holes, bredouille and pavillon; after each roll the jans are listed \
        with their points. Choose a play by its number in the list of legal plays or \
        type it in play notation (fields 1-24 in White's numbers: `1-7 1-6`, `1-4-9`, \
        `21-off`). Type `help` at any prompt for the commands (hint, save FILE, \
        undo, resign, ...). A game left unfinished with moves (quit, Ctrl-D, Ctrl-C) is \
        saved to trictrac-autosave.txt in your data directory (on Linux \
        ~/.local/share/trictrac/), and the program says where. In a terminal of 24 \
        lines the plays that do not fit under the board are shown a page at a time \
        by `list`. Input is read line by line, so a game can be scripted by \
        piping lines into the program. The board is drawn as in the treatises: your \
        side at the bottom, both talons on the left (docs/PLAYING.md). With \
        --tutor, against the bot, a play or a choice to stay or leave that loses \
        at least the level's equity is told before it stands, with the better one \
        and why, and taken back unless you keep it; the game is then unrated.",
    after_help = "Examples:\n  \
        trictrac play\n  \
        trictrac play --side b --bot random --seed 7\n  \
        trictrac play --hotseat --marking manual\n  \
        trictrac play --load game.txt\n  \
        trictrac play --tutor --seed 7\n  \
        printf '1\\n1\\nsave game.txt\\n' | trictrac play --seed 3"
)]
pub struct PlayArgs {
    /// The side you play; White (w) or Black (b). With --load, the side
    /// the record names `human`
    #[arg(long, value_enum, value_name = "w|b")]
    side: Option<SideArg>,

    #[arg(long, value_name = "NAME", help = bot_help())]
    bot: Option<String>,

    /// Two people at one keyboard: both sides are asked
    #[arg(long)]
    hotseat: bool,

    /// Seed of the dice (and of the bot's random choices); recorded, so
    /// that a saved game replays its dice [default: a random seed]
    #[arg(long)]
    seed: Option<u64>,

    /// Resume the game saved in FILE by `save FILE` (its options, seed
    /// and players are the record's)
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,

    /// Colour the output [default: when stdout is a terminal]
    #[arg(long, conflicts_with = "no_color")]
    color: bool,

    /// Plain text, no colour
    #[arg(long)]
    no_color: bool,

    /// How the board labels fields, and plays are printed and typed
    /// numbers 1-24, classical BT … B11 / NT … N11, Soumille's
    /// A … &, Lepeintre's a … y; numbers are always accepted too
    #[arg(long, value_enum, default_value = "numbers")]
    fields: crate::input::FieldsArg,

    #[command(flatten)]
    tutor: TutorArg,

    #[command(flatten)]
    options: OptionArgs,
}

/// The bots by level, weakest first.
fn bot_levels() -> Vec<Level> {
    levels::levels(PLAYERS, trictrac_bot::table::level)
}

fn bot_help() -> String {
    levels::bot_help(&bot_levels(), DEFAULT_BOT)
}

/// Names the record gives a person and the header's event.
const HUMAN: &str = "human";
const EVENT: &str = "trictrac play";

/// The game's lines of `help` (the terminal loop adds the commands every game
/// shares: list, board, undo, save, load, quit, help), each command once.
const HELP: &str = "\
Commands (type them at any prompt):
  3              choose play number 3 of the list
  1-7 1-6        a play in play notation: fields 1-24 in White's numbers
                 (or named as --fields names them), 1-4-9 one checker tout
                 d'une, 21-off bears off, -- passes
  Enter          play the only legal play
  stay, leave    after winning a hole by your own roll (tenir / s'en aller)
  hint           the best plays in equity (expected stake), or stay/leave
  why            after hint: why its best play rather than the second
  names [NAMES]  field names: the next of numbers, classical, soumille,
                 lepeintre, or the one named; numbers are always read (R-1.6)
  fields         where the named fields are (talon, coin bourgeois, ...)
  resign         give up at the stake of the score (R-9.1; asks to confirm)";

/// The lines of `help` for `--marking manual`.
const HELP_MANUAL: &str = "  N              the points you mark (Enter = 0)
  school N       claim a school of N points on the other's marking (R-10);
                 `school 0` corrects it without school points
  contest        before a roll: contest the school marked against you";

/// The lines of `help` for `--options false-moves=table` (section 11).
const HELP_TABLE: &str = "  (false move)   an illegal play a table allows stands until settled
  correct [N]    before a roll: have a false move corrected, to the smallest
                 correction (or, its opponent, to play N or PLAY); `leave`
                 leaves it
  replay         the opponent: the author plays the roll again (`replay N`)
  claim          late, a false move into your grand jan (section 11)";

/// A game in progress with its players and screen: trictrac's part of
/// the terminal loop ([`tables_term::TerminalLoop`]).
struct TrictracTerminal<'a> {
    game: Game,
    header: Header,
    humans: BySide<bool>,
    bot_name: String,
    /// The analysis behind hints (the default bot's, built on first use;
    /// it never changes the opponent's choices).
    analyst: Option<trictrac_bot::analysis::Analyst>,
    view: View,
    style: Style,
    /// The keyboard and the screen.
    term: Terminal<'a>,
    /// Events already told.
    told: usize,
    /// The person asked before the roll now (a school to contest, a
    /// false move to settle).
    first: Option<Side>,
    /// The roll being told, and whether its jans were shown.
    roll: Option<RollScore>,
    /// The game ended by a resignation.
    resigned: bool,
    /// The number of events when each player last let the roll go on
    /// without contesting or settling.
    asked_before_roll: Vec<(usize, Side)>,
    jans_shown: bool,
    /// The number of rolls after the last roll thrown for a person, and
    /// the score before it (what explains staying or leaving).
    roll_before: Option<(u32, trictrac::ScoreState)>,
    /// What `why` prints: the explanation of the last hint, with the
    /// number of events when it was asked (the decision it explains).
    why: Option<(usize, Vec<String>)>,
}

/// Runs `trictrac play`.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let color = if args.color {
        true
    } else if args.no_color {
        false
    } else {
        std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none()
            && std::env::var("TERM").map_or(true, |t| t != "dumb")
    };
    let style = Style { color };

    let (game, dice, header, loaded) = match &args.load {
        Some(path) => {
            if args.seed.is_some() {
                return Err(CliError::input(
                    "--seed cannot be used with --load: the dice follow the record's seed",
                ));
            }
            if args.options.to_options()? != GameOptions::default() {
                return Err(CliError::input(
                    "rule options cannot be used with --load: the game keeps the record's options",
                ));
            }
            let (game, dice, header) = load(path)?;
            (game, dice, header, true)
        }
        None => {
            let seed = args.seed.unwrap_or_else(rand::random);
            let game = Game::new(args.options.to_options()?);
            let header = Header {
                event: EVENT.into(),
                date: today(),
                seed: Some(seed),
                ..Header::default()
            };
            (game, ChaCha8Rng::seed_from_u64(seed), header, false)
        }
    };

    // Who plays what.
    let named_human = |s: Side| {
        let n = match s {
            Side::White => &header.white,
            Side::Black => &header.black,
        };
        n == HUMAN
    };
    let humans = if args.hotseat
        || (loaded && args.side.is_none() && named_human(Side::White) && named_human(Side::Black))
    {
        BySide::new(true, true)
    } else {
        let side = match args.side {
            Some(s) => s.into(),
            None if loaded && named_human(Side::Black) && !named_human(Side::White) => Side::Black,
            None => Side::White,
        };
        let mut h = BySide::new(false, false);
        *h.get_mut(side) = true;
        h
    };
    if args.tutor.tutor.is_some() && humans.white && humans.black {
        return Err(CliError::input(
            "--tutor is for a game against the bot: at one keyboard (--hotseat, or a record \
             of two people) it would advise both players",
        ));
    }
    let lv = bot_levels();
    let bot_name = match &args.bot {
        Some(b) => match levels::resolve(&lv, b) {
            Some(name) => name.to_string(),
            None => {
                return Err(CliError::input(format!(
                    "unknown bot `{b}`: the bots are {}",
                    levels::list(&lv)
                )))
            }
        },
        None if loaded => {
            let other = if humans.white {
                &header.black
            } else {
                &header.white
            };
            if PLAYERS.contains(&other.as_str()) {
                other.clone()
            } else {
                DEFAULT_BOT.to_string()
            }
        }
        None => DEFAULT_BOT.to_string(),
    };
    let seed = header.seed.unwrap_or(0) ^ game.rolls() as u64;
    let make_bot = |s: u64| {
        by_name(&bot_name, s).ok_or_else(|| {
            CliError::input(format!(
                "unknown bot `{bot_name}`: the bots are {}",
                levels::list(&lv)
            ))
        })
    };
    let bot: Option<Box<dyn tables::Player<Game>>> = if humans.white && humans.black {
        // Checked now, used for hints.
        make_bot(seed)?;
        None
    } else {
        Some(Box::new(TablePlayer(make_bot(seed ^ 0x426f_7420)?)))
    };
    // The record names the players of this session.
    let mut header = header;
    let name = |s: Side| {
        if *humans.get(s) {
            HUMAN.to_string()
        } else {
            bot_name.clone()
        }
    };
    header.white = name(Side::White);
    header.black = name(Side::Black);
    let viewer = match (humans.white, humans.black, args.side) {
        (true, true, Some(s)) => s.into(),
        (true, true, None) => Side::White,
        (true, false, _) => Side::White,
        _ => Side::Black,
    };
    let names = if humans.white && humans.black {
        BySide::new(String::new(), String::new())
    } else {
        // The bot by its level, as the page and the welcome name it.
        let n = |s: Side| {
            if *humans.get(s) {
                "you".to_string()
            } else {
                levels::word_of(&bot_levels(), &bot_name)
            }
        };
        BySide::new(n(Side::White), n(Side::Black))
    };
    let told = if loaded { game.events().len() } else { 0 };
    let mut part = TrictracTerminal {
        game,
        header,
        humans,
        bot_name,
        analyst: None,
        view: View {
            viewer,
            fields: args.fields.into(),
            names,
        },
        style,
        term: Terminal::stdin(out),
        told,
        first: None,
        roll: None,
        resigned: false,
        asked_before_roll: Vec::new(),
        jans_shown: false,
        roll_before: None,
        why: None,
    };
    part.welcome(loaded, args.load.as_deref())?;
    TerminalLoop::new(part, dice, bot)
        .with_tutor(args.tutor.tutor)
        .run()
        .map_err(CliError::from)
}

/// Reads and resumes a saved game: the game, its dice and its header.
fn load(path: &Path) -> Result<(Game, ChaCha8Rng, Header), CliError> {
    let rec = crate::input::read_record(path)?;
    let (game, dice) = resume::resume(&rec)
        .map_err(|e| CliError::input(format!("{} does not replay: {e}", path.display())))?;
    let mut header = rec.header.clone();
    header.result = None;
    // A record without a seed continues with fresh dice, which it cannot
    // check.
    let dice = dice.unwrap_or_else(|| ChaCha8Rng::seed_from_u64(rand::random()));
    Ok((game, dice, header))
}

/// Today's date, `YYYY-MM-DD` (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    trictrac::record::date_of_unix(secs as i64)
}

impl TrictracTerminal<'_> {
    fn human(&self, side: Side) -> bool {
        *self.humans.get(side)
    }

    fn hotseat(&self) -> bool {
        self.humans.white && self.humans.black
    }

    fn manual(&self) -> bool {
        self.game.options().marking == MarkingMode::Manual
    }

    /// A play of `side` in the names of the board.
    fn play_text(&self, play: &Play, side: Side) -> String {
        board::play_text(play, side, self.view.fields)
    }

    fn say(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.term, "{text}")
    }

    /// Writes `text` wrapped to 79 columns, in `tone`.
    fn say_wrapped(&mut self, tone: Tone, text: &str, indent: usize) -> std::io::Result<()> {
        for l in wrap(text, 79, indent) {
            let painted = self.style.paint(tone, &l);
            writeln!(self.term, "{painted}")?;
        }
        Ok(())
    }

    fn refuse(&mut self, text: &str) -> std::io::Result<()> {
        self.say_wrapped(Tone::Error, text, 2)
    }

    fn welcome(&mut self, loaded: bool, path: Option<&Path>) -> Result<(), CliError> {
        let title = self.style.paint(Tone::Bold, "Grand Trictrac");
        let who = if self.hotseat() {
            "two players at one keyboard: each is asked in turn".to_string()
        } else {
            let me = if self.humans.white {
                Side::White
            } else {
                Side::Black
            };
            format!(
                "you play {} against the bot `{}` (level {})",
                cap(me),
                self.bot_name,
                levels::word_of(&bot_levels(), &self.bot_name)
            )
        };
        let lines = wrap(&format!("Grand Trictrac to 12 holes: {who}."), 79, 2);
        for (i, l) in lines.iter().enumerate() {
            if i == 0 {
                let rest = l.strip_prefix("Grand Trictrac").unwrap_or(l);
                writeln!(self.term, "{title}{rest}")?;
            } else {
                writeln!(self.term, "{l}")?;
            }
        }
        let rules = self.game.options().to_words();
        self.say_wrapped(Tone::Plain, &format!("Rules: {rules}."), 2)?;
        match (loaded, self.header.seed) {
            (true, _) => {
                let p = path.map(|p| p.display().to_string()).unwrap_or_default();
                let text = format!(
                    "Resumed {p}: {} rolls played, {}.",
                    self.game.rolls(),
                    board::turn_text(self.game.phase())
                );
                self.say_wrapped(Tone::Plain, &text, 2)?;
            }
            (false, Some(seed)) => {
                // One line even for a 20-digit seed.
                let t = format!("Dice seed {seed} (same dice: `--seed {seed}`).");
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
            (false, None) => {}
        }
        self.say("Type `help` at any prompt for the commands.")?;
        if loaded {
            self.show_resumed()?;
        }
        Ok(())
    }

    /// A game just resumed: the board, and the roll waiting to be played.
    fn show_resumed(&mut self) -> std::io::Result<()> {
        let dice = self.game.pending_roll();
        self.show_board(dice)?;
        if let Some(score) = self.game.pending_score().cloned() {
            self.roll = Some(score.clone());
            self.jans_shown = false;
            self.roll_header(&score)?;
            if !self.manual() {
                self.show_jans(&score)?;
            }
        }
        Ok(())
    }

    /// `load FILE`: the game saved in FILE replaces this one (the players
    /// stay this session's); its dice follow the record's seed.
    fn load_game(&mut self, path: &Path) -> Result<Option<ChaCha8Rng>, String> {
        let (game, dice, mut header) = load(path).map_err(|e| e.message())?;
        header.white = self.header.white.clone();
        header.black = self.header.black.clone();
        self.game = game;
        self.header = header;
        self.told = self.game.events().len();
        self.asked_before_roll.clear();
        self.first = None;
        self.resigned = false;
        self.roll_before = None;
        self.why = None;
        let t = format!(
            "Resumed {}: {} rolls played, {}.",
            path.display(),
            self.game.rolls(),
            board::turn_text(self.game.phase())
        );
        self.say_wrapped(Tone::Plain, &t, 2)
            .and_then(|()| self.show_resumed())
            .map_err(|e| e.to_string())?;
        Ok(Some(dice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_a_date() {
        let d = today();
        assert_eq!(d.len(), 10, "{d}");
        assert!(d.starts_with("20"), "{d}");
    }

    #[test]
    fn help_fits_in_80_columns() {
        for l in [HELP, HELP_MANUAL, HELP_TABLE].join("\n").lines() {
            assert!(l.chars().count() <= 80, "{l}");
        }
    }
}
