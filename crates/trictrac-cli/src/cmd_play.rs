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

mod board;
mod narrate;
mod resume;
mod style;

pub(crate) use resume::resume as resume_record;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::game::{FalseMoves, GameOptions, MarkingMode, Phase, PointsFrom};
use trictrac::record::{Header, Record};
use trictrac::{
    BySide, Event, FieldNames, Game, GameError, Play, PlayNotation, Roll, RollScore, Side,
};
use trictrac_bot::{by_name, Decision, Player, DEFAULT_BOT, PLAYERS};

use crate::error::CliError;
use crate::options::OptionArgs;
use board::View;
use narrate::cap;
use style::{wrap, Style, Tone};

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
        resign, ...). A game left unfinished (quit, Ctrl-D, Ctrl-C) is saved, to the \
        file of the last `save` or `--load`, else trictrac-autosave.txt, and the \
        program says where. Input is read line by line, so a game can be scripted by \
        piping lines into the program. The board is drawn as in the treatises: your \
        side at the bottom, both talons on the left (docs/PLAYING.md).",
    after_help = "Examples:\n  \
        trictrac play\n  \
        trictrac play --side b --bot random --seed 7\n  \
        trictrac play --hotseat --marking manual\n  \
        trictrac play --load game.txt\n  \
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
    options: OptionArgs,
}

/// The help of `--bot`, naming the bots.
fn bot_help() -> String {
    format!(
        "The bot you play against: {} [default: {DEFAULT_BOT}]",
        PLAYERS.join(", ")
    )
}

/// Names the record gives a person and the header's event.
const HUMAN: &str = "human";
const EVENT: &str = "trictrac play";

/// The lines `help` prints.
const HELP: &str = "\
Commands (type them at any prompt):
  3              choose play number 3 of the list
  1-7 1-6        a play in play notation: fields 1-24 in White's numbers
                 (or the names of --fields: BT-B6 BT-B5, A-G A-F, a-g a-f),
                 1-4-9 one checker tout d'une, 21-off bears off, -- passes;
                 with --options false-moves=table an illegal play a table
                 allows stands until settled (section 11)
  Enter          play the only legal play
  list           number the legal plays again
  stay, leave    after winning a hole by your own roll (tenir / s'en aller)
  N              with --marking manual: the points you mark (Enter = 0)
  school N       with --marking manual: claim a school of N points (R-10)
  hint           the best plays in equity (expected stake), or stay/leave
  board          draw the board again
  names [NAMES]  field names on the board and in plays: the next of numbers,
                 classical (BT..B11, NT..N11), soumille (A..&), lepeintre
                 (a..y), or the one named; numbers are always read (R-1.6)
  fields         where the named fields are: talon, coin bourgeois, case du
                 diable, case des écoliers, coin de repos (each side's corner)
  save FILE      write the game record (FILE.json for JSON); resume it
                 with `trictrac play --load FILE`
  resign         give up the game (the stake of the score as it stands;
                 asks to confirm)
  contest        before a roll: contest the school marked against you
  correct, leave before a roll: have a false move corrected, or leave it
  quit           leave without resigning; the game is saved (to the file
                 of the last `save`, else trictrac-autosave.txt), as it is
                 at the end of the input (Ctrl-D) and on Ctrl-C
  help           this list";

/// Where an unfinished game is saved when it was never saved by name.
const AUTOSAVE: &str = "trictrac-autosave.txt";

/// The game as it stands at the prompt, written by the Ctrl-C handler:
/// the file and the record's text (none once the game is over).
static SNAPSHOT: std::sync::Mutex<Option<(PathBuf, String)>> = std::sync::Mutex::new(None);

/// On Ctrl-C (and SIGTERM, SIGHUP), saves the game of the last prompt and
/// says where, then exits with code 130. The main thread may be blocked
/// reading a line and holds stdout, so the message goes to stderr.
fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        let snap = SNAPSHOT.lock().map(|s| s.clone()).unwrap_or(None);
        if let Some((path, text)) = snap {
            match std::fs::write(&path, text) {
                Ok(()) => eprintln!(
                    "\nInterrupted: the game is saved to {}.\nResume it with: trictrac play --load {}",
                    path.display(),
                    path.display()
                ),
                Err(e) => eprintln!(
                    "\nInterrupted: the game could not be saved to {}: {e}.",
                    path.display()
                ),
            }
        } else {
            eprintln!();
        }
        std::process::exit(130);
    });
}

/// What the program does after an input.
enum Flow {
    Go,
    Stop,
}

/// A game in progress with its players and screen.
struct Session<'a> {
    game: Game,
    dice: ChaCha8Rng,
    header: Header,
    humans: BySide<bool>,
    /// The opponent's bot (none in hotseat games).
    bot: Option<Box<dyn Player>>,
    bot_name: String,
    /// The analysis behind hints (the default bot's, built on first use;
    /// it never changes the opponent's choices).
    analyst: Option<trictrac_bot::analysis::Analyst>,
    view: View,
    style: Style,
    out: &'a mut dyn Write,
    input: Box<dyn BufRead>,
    /// Echo the lines read (input piped from a file).
    echo: bool,
    /// Events already told.
    told: usize,
    /// Events when the game was last saved.
    saved: Option<usize>,
    /// The file of the last `save` or of `--load`: where the game is
    /// saved when the person leaves it unfinished.
    save_path: Option<PathBuf>,
    /// The decision whose introduction was printed: (events, phase).
    introduced: Option<(usize, Phase)>,
    /// The roll being told, and whether its jans were shown.
    roll: Option<RollScore>,
    /// The game ended by a resignation.
    resigned: bool,
    /// The author of the last false play (section 11).
    last_false: Option<Side>,
    /// The number of events when the player last let the roll go on
    /// without contesting or settling.
    asked_before_roll: Option<usize>,
    jans_shown: bool,
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
    let bot_name = match &args.bot {
        Some(b) => b.clone(),
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
                PLAYERS.join(", ")
            ))
        })
    };
    let bot = if humans.white && humans.black {
        // Checked now, used for hints.
        make_bot(seed)?;
        None
    } else {
        Some(make_bot(seed ^ 0x426f_7420)?)
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
        let n = |s: Side| {
            if *humans.get(s) {
                "you".to_string()
            } else {
                bot_name.clone()
            }
        };
        BySide::new(n(Side::White), n(Side::Black))
    };
    let stdin_tty = std::io::stdin().is_terminal();
    let told = if loaded { game.events().len() } else { 0 };
    let mut session = Session {
        game,
        dice,
        header,
        humans,
        bot,
        bot_name,
        analyst: None,
        view: View {
            viewer,
            fields: args.fields.into(),
            names,
        },
        style,
        out,
        input: Box::new(std::io::BufReader::new(std::io::stdin())),
        echo: !stdin_tty,
        told,
        saved: if loaded { Some(told) } else { None },
        save_path: args.load.clone(),
        introduced: None,
        roll: None,
        resigned: false,
        last_false: None,
        asked_before_roll: None,
        jans_shown: false,
    };
    install_interrupt_handler();
    session.welcome(loaded, args.load.as_deref())?;
    let r = session.run();
    if let Ok(mut s) = SNAPSHOT.lock() {
        *s = None;
    }
    r
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

impl Session<'_> {
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
        writeln!(self.out, "{text}")
    }

    /// Writes `text` wrapped to 79 columns, in `tone`.
    fn say_wrapped(&mut self, tone: Tone, text: &str, indent: usize) -> std::io::Result<()> {
        for l in wrap(text, 79, indent) {
            let painted = self.style.paint(tone, &l);
            writeln!(self.out, "{painted}")?;
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
            format!("you play {} against the bot `{}`", cap(me), self.bot_name)
        };
        writeln!(self.out, "{title} to 12 holes: {who}.")?;
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
        }
        Ok(())
    }

    /// The game loop: tells what happened, then rolls, lets the bot act,
    /// or asks the person whose decision it is.
    fn run(&mut self) -> Result<(), CliError> {
        loop {
            self.tell()?;
            match self.game.phase() {
                Phase::Over(_) => return self.game_over(),
                Phase::FirstMove | Phase::Roll(_) => {
                    if let Phase::Roll(roller) = self.game.phase() {
                        if !self.human(roller) {
                            self.bot_settles(roller);
                        }
                        // Before the roll: a school to contest,
                        // a false play to settle (section 11).
                        if let Some(side) = self.before_roll_side() {
                            if let Flow::Stop = self.ask_before_roll(side, roller)? {
                                return Ok(());
                            }
                            continue;
                        }
                    }
                    self.game
                        .roll_with(&mut self.dice)
                        .expect("the game waits for dice");
                }
                phase => {
                    let side = phase.side().expect("a side acts");
                    if self.human(side) {
                        if let Flow::Stop = self.ask(side)? {
                            return Ok(());
                        }
                    } else {
                        self.bot_acts(side);
                    }
                }
            }
        }
    }

    /// The bot about to roll settles the other player's false play as a
    /// strong player would (section 11).
    fn bot_settles(&mut self, side: Side) {
        if self.game.false_move().is_none_or(|(a, _)| a == side)
            || !self.game.can_settle_false_move(side)
        {
            return;
        }
        let Some(bot) = self.bot.as_mut() else {
            return;
        };
        let r = if bot.correct_false_move(&self.game) {
            self.game.correct_false_move(side).map(|_| ())
        } else {
            self.game.accept_false_move(side)
        };
        r.expect("the bot settles a false play it may settle");
    }

    /// A person who may act before the roll now (contest a school, settle
    /// a false play), unless already asked at this point of the game.
    fn before_roll_side(&self) -> Option<Side> {
        if self.asked_before_roll == Some(self.game.events().len()) {
            return None;
        }
        Side::ALL.into_iter().find(|&s| {
            self.human(s) && (self.game.can_contest_school(s) || self.game.can_settle_false_move(s))
        })
    }

    /// Asks `side` what he does before `roller` rolls.
    fn ask_before_roll(&mut self, side: Side, roller: Side) -> Result<Flow, CliError> {
        let mut can = Vec::new();
        if self.game.can_contest_school(side) {
            can.push("`contest` the school (R-10.4)".to_string());
        }
        if let Some((author, correction)) = self.game.false_move() {
            if self.game.can_settle_false_move(side) {
                let fix = self.play_text(&correction, author);
                if author == side {
                    can.push(format!("`correct` your false move to {fix} (section 11)"));
                } else {
                    can.push(format!(
                        "`correct` {}'s false move to {fix}, or `leave` it as it stands (section 11)",
                        author.name()
                    ));
                }
            }
        }
        let who = if roller == side {
            "your roll".to_string()
        } else {
            format!("{}'s roll", roller.name())
        };
        let t = format!(
            "{}, before {who}: {}; Enter goes on.",
            cap(side),
            can.join("; ")
        );
        self.say_wrapped(Tone::Plain, &t, 2)?;
        let Some(line) = self.read(&format!("{}, before the roll> ", side.name()))? else {
            return self.end_of_input();
        };
        if let Some(flow) = self.command(side, &line)? {
            return Ok(flow);
        }
        let r = match line.to_lowercase().as_str() {
            "" => {
                self.asked_before_roll = Some(self.game.events().len());
                return Ok(Flow::Go);
            }
            "contest" => self.game.contest_school(side).map(|_| ()),
            "correct" => self.game.correct_false_move(side).map(|_| ()),
            "leave" | "accept" => self.game.accept_false_move(side),
            other => {
                self.refuse(&format!(
                    "`{other}` is not asked now: `contest`, `correct`, `leave`, or Enter."
                ))?;
                return Ok(Flow::Go);
            }
        };
        if let Err(e) = r {
            self.refuse(&format!("Not possible now: {e}."))?;
        }
        Ok(Flow::Go)
    }

    fn bot_acts(&mut self, side: Side) {
        let bot = self.bot.as_mut().expect("a bot plays the other side");
        let r = match self.game.phase() {
            Phase::Mark(_) => {
                // Manual marking: the bot claims every real school, then
                // marks what the rules give.
                if let Some((_, points)) = self.game.open_school(side) {
                    self.game
                        .claim_school(side, points)
                        .expect("an open school can be claimed");
                }
                if self.game.phase() == Phase::Mark(side) {
                    let owed = self.game.points_owed().unwrap_or(0);
                    self.game.declare(owed)
                } else {
                    Ok(())
                }
            }
            Phase::StayOrLeave(_) => match bot.decide(&self.game) {
                Decision::Stay => self.game.stay(),
                Decision::Leave => self.game.leave(),
            },
            Phase::Play(_) => {
                let play = bot.choose_play(&self.game);
                self.game.play(&play)
            }
            _ => Ok(()),
        };
        r.expect("the bot chooses legal actions");
    }

    fn show_board(&mut self, dice: Option<Roll>) -> std::io::Result<()> {
        let lines = board::render(&self.game, dice, &self.view, &self.style);
        writeln!(self.out)?;
        for l in lines {
            writeln!(self.out, "{l}")?;
        }
        Ok(())
    }

    /// `White rolls 6-5 (sonnez).`
    fn roll_header(&mut self, score: &RollScore) -> std::io::Result<()> {
        let who = self.style.paint(Tone::Side(score.side), cap(score.side));
        let dice = self.style.paint(Tone::Dice, &score.roll.to_string());
        writeln!(
            self.out,
            "{who} rolls {dice} ({}).",
            score.roll.french_name()
        )
    }

    fn show_jans(&mut self, score: &RollScore) -> std::io::Result<()> {
        for t in narrate::jan_texts(score, self.view.fields) {
            self.say_wrapped(Tone::Points, &format!("  {t}"), 6)?;
        }
        self.jans_shown = true;
        Ok(())
    }

    /// Tells the events not told yet.
    fn tell(&mut self) -> std::io::Result<()> {
        let events: Vec<Event> = self.game.events()[self.told..].to_vec();
        self.told = self.game.events().len();
        let manual = self.manual();
        for e in events {
            match e {
                Event::FirstMoveDice { white, black } => {
                    let mut t =
                        format!("First move (R-2.2): White rolls a {white}, Black a {black}");
                    if white == black {
                        t.push_str(": a tie, roll again.");
                    } else {
                        t.push('.');
                    }
                    self.say(&t)?;
                }
                Event::FirstMoveRolls { white, black } => {
                    let total = |r: Roll| r.high().value() + r.low().value();
                    let mut t = format!(
                        "First move (R-2.2, both dice each): White throws {white} ({}), Black {black} ({})",
                        total(white),
                        total(black)
                    );
                    if total(white) == total(black) {
                        t.push_str(": equal totals, throw again.");
                    } else {
                        t.push('.');
                    }
                    self.say_wrapped(Tone::Plain, &t, 2)?;
                }
                Event::Starts(s) => {
                    let you = if self.hotseat() || !self.human(s) {
                        ""
                    } else {
                        " (you)"
                    };
                    self.say(&format!("{}{you} starts.", cap(s)))?;
                }
                Event::Rolled(score) => {
                    if self.human(score.side) || manual {
                        self.show_board(Some(score.roll))?;
                    } else {
                        writeln!(self.out)?;
                    }
                    self.roll_header(&score)?;
                    self.jans_shown = false;
                    if !manual {
                        self.show_jans(&score)?;
                    }
                    self.roll = Some(score);
                }
                Event::Marked {
                    side,
                    from,
                    marking,
                    after,
                } => {
                    let points_said =
                        !manual || matches!(from, PointsFrom::Exit | PointsFrom::School);
                    if let Some(t) = narrate::marked_text(side, from, &marking, &after, points_said)
                    {
                        self.say_wrapped(Tone::Plain, &format!("  {t}"), 4)?;
                    }
                }
                Event::Declared { side, points, .. } => {
                    let mover = self.roll.as_ref().map(|r| r.side);
                    let t = if self.human(side) && !self.hotseat() {
                        format!("  You marked {points}.")
                    } else if mover == Some(side) || mover.is_none() {
                        format!("  {} marks {points}.", cap(side))
                    } else {
                        format!(
                            "  {} marks {points} from {}'s roll.",
                            cap(side),
                            (!side).name()
                        )
                    };
                    self.say(&t)?;
                    // The roll's marking is over: its jans can be shown.
                    if mover.is_some_and(|m| m != side) {
                        self.reveal()?;
                    }
                }
                Event::School {
                    claimant,
                    kind,
                    named,
                    points,
                } => {
                    let t = narrate::school_text(claimant, kind, named, points);
                    self.say_wrapped(Tone::Bold, &format!("  {t}"), 4)?;
                }
                Event::Contested { side, kind, points } => {
                    let t = narrate::school_text(!side, kind, points, points);
                    self.say_wrapped(Tone::Bold, &format!("  {t}"), 4)?;
                }
                // Options the terminal board does not show yet (the engine
                // offers them: two-dice first throws, marqués of the partie
                // à écrire, false moves at the table).
                Event::FalsePlay { side, moves } => {
                    let names = self.view.fields;
                    let name =
                        |x: u8| names.name(trictrac::Field::new(x).to_absolute(side).value());
                    let text: Vec<String> = moves
                        .iter()
                        .map(|&(f, t)| format!("{}-{}", name(f), name(t)))
                        .collect();
                    let who = self.style.paint(Tone::Side(side), cap(side));
                    writeln!(
                        self.out,
                        "{who} plays {} — a false move, it stands until settled (section 11).",
                        text.join(" ")
                    )?;
                    self.last_false = Some(side);
                }
                Event::FalseMoveSettled { by, corrected } => {
                    let author = self.last_false.unwrap_or(!by);
                    let t = match corrected {
                        Some(p) => format!(
                            "  {} has the false move corrected to {} (section 11).",
                            cap(by),
                            self.play_text(&p, author)
                        ),
                        None => format!(
                            "  {} leaves the false move as it stands (section 11).",
                            cap(by)
                        ),
                    };
                    self.say_wrapped(Tone::Bold, &t, 4)?;
                }
                Event::MarqueEnd {
                    winner,
                    holes,
                    value,
                    first,
                } => {
                    let head = match winner {
                        Some(w) => format!(
                            "Marqué won by {}, {} holes to {}: {value} points (R-9.2).",
                            cap(w),
                            holes.get(w),
                            holes.get(!w)
                        ),
                        None => format!(
                            "Marqué even, {} holes each: a refait, it counts for nobody (R-9.2).",
                            holes.white
                        ),
                    };
                    let t = self.game.marque_totals();
                    let t = format!(
                        "{head} Totals: White {}, Black {}. A new marqué: {} rolls first.",
                        t.white,
                        t.black,
                        cap(first)
                    );
                    writeln!(self.out)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Decided { side, stay } => {
                    let t = if stay {
                        format!("  {} stays (tenir).", cap(side))
                    } else {
                        format!("  {} leaves (s'en aller).", cap(side))
                    };
                    self.say(&t)?;
                    if !stay && manual {
                        self.reveal()?;
                    }
                }
                Event::Played { side, play } => {
                    let who = self.style.paint(Tone::Side(side), cap(side));
                    if play.is_pass() {
                        writeln!(self.out, "{who} cannot play anything (--).")?;
                    } else {
                        writeln!(self.out, "{who} plays {}.", self.play_text(&play, side))?;
                    }
                }
                Event::NewReleve { reason, first } => {
                    let why = match reason {
                        trictrac::game::ReleveEnd::Leave => "after leaving (R-8.6)",
                        trictrac::game::ReleveEnd::Exit => "all checkers borne off (R-4.8)",
                    };
                    let t = format!(
                        "New relevé, {why}: the checkers go back to the talons; {} rolls first.",
                        cap(first)
                    );
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Resigned { side } => {
                    let t = format!("{} resigns: {} wins the game.", cap(side), cap(!side));
                    writeln!(self.out)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                    self.resigned = true;
                }
                Event::Over { winner, stake } if self.resigned => {
                    let s = self.game.score();
                    let t = format!(
                        "Stake {stake} (R-9.1, on the score as it stands: {} holes to {}).",
                        s.holes.get(winner),
                        s.holes.get(!winner)
                    );
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Over { winner, .. } if self.game.ecrire_payment().is_some() => {
                    let t = self.game.marque_totals();
                    let paid = self.game.ecrire_payment().map_or(0, |(_, n)| n);
                    let t = format!(
                        "{} wins the partie à écrire, {} to {} in marqués: {} pays {paid} (R-9.2).",
                        cap(winner),
                        t.get(winner),
                        t.get(!winner),
                        cap(!winner)
                    );
                    writeln!(self.out)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Over { winner, stake } => {
                    if manual {
                        self.reveal()?;
                    }
                    let t = narrate::over_text(winner, self.game.score(), stake);
                    writeln!(self.out)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
            }
        }
        Ok(())
    }

    /// Manual marking: once a roll is marked, what the rules gave.
    fn reveal(&mut self) -> std::io::Result<()> {
        if self.jans_shown {
            return Ok(());
        }
        if let Some(score) = self.roll.clone() {
            let head = format!(
                "  The rules gave for {}'s {}:",
                score.side.name(),
                score.roll
            );
            if score.jans.is_empty() {
                self.say(&format!("{head} no jan."))?;
                self.jans_shown = true;
            } else {
                self.say(&head)?;
                self.show_jans(&score)?;
            }
        }
        Ok(())
    }

    /// Prints `prompt`, reads a line; `None` at the end of the input.
    fn read(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        let snap = if self.game.phase_is_over() {
            None
        } else {
            let path = self.autosave_path();
            Some((path.clone(), self.record_text(&path)))
        };
        if let Ok(mut s) = SNAPSHOT.lock() {
            *s = snap;
        }
        let p = self.style.paint(Tone::Bold, prompt);
        write!(self.out, "{p}")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.out)?;
            return Ok(None);
        }
        let line = line.trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    fn end_of_input(&mut self) -> Result<Flow, CliError> {
        if self.game.phase_is_over() {
            self.say("End of input.")?;
        } else {
            self.leave_unfinished("End of input: the game is left unfinished")?;
        }
        Ok(Flow::Stop)
    }

    /// Where the game is saved when left unfinished.
    fn autosave_path(&self) -> PathBuf {
        self.save_path
            .clone()
            .unwrap_or_else(|| PathBuf::from(AUTOSAVE))
    }

    /// The game record, as JSON when `path` ends in `.json`.
    fn record_text(&self, path: &Path) -> String {
        let rec = Record::from_game(&self.game, self.header.clone());
        if path.extension().is_some_and(|e| e == "json") {
            rec.to_json()
        } else {
            rec.to_string()
        }
    }

    /// Leaving a game before its end: saves it (unless it is saved as it
    /// stands) and says where, after `why`.
    fn leave_unfinished(&mut self, why: &str) -> std::io::Result<()> {
        let path = self.autosave_path();
        let unsaved = self.saved != Some(self.game.events().len());
        let t = if !unsaved {
            format!("{why}; it is saved in {}.", path.display())
        } else {
            match std::fs::write(&path, self.record_text(&path)) {
                Ok(()) => {
                    self.saved = Some(self.game.events().len());
                    format!("{why}: saved to {}.", path.display())
                }
                Err(e) => {
                    let t = format!(
                        "{why}, and NOT saved: cannot write {}: {e}.",
                        path.display()
                    );
                    return self.refuse(&t);
                }
            }
        };
        self.say_wrapped(Tone::Plain, &t, 2)?;
        writeln!(
            self.out,
            "Resume it with: trictrac play --load {}",
            path.display()
        )
    }

    /// Asks `side`, a person, for the decision the game waits for.
    fn ask(&mut self, side: Side) -> Result<Flow, CliError> {
        let phase = self.game.phase();
        let key = (self.game.events().len(), phase);
        let fresh = self.introduced != Some(key);
        self.introduced = Some(key);
        match phase {
            Phase::Play(_) => self.ask_play(side, fresh),
            Phase::StayOrLeave(_) => self.ask_stay(side, fresh),
            Phase::Mark(_) => self.ask_mark(side, fresh),
            _ => Ok(Flow::Go),
        }
    }

    fn legal(&self) -> Vec<Play> {
        self.game.legal_plays().to_vec()
    }

    fn list_plays(&mut self, side: Side) -> std::io::Result<()> {
        let plays = self.legal();
        let items: Vec<String> = plays
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "{:>3}) {}",
                    i + 1,
                    board::play_text(p, side, self.view.fields)
                )
            })
            .collect();
        let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 2;
        let per_line = (78 / width).max(1);
        for chunk in items.chunks(per_line) {
            let line: String = chunk.iter().map(|s| format!("{s:<width$}")).collect();
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn ask_play(&mut self, side: Side, fresh: bool) -> Result<Flow, CliError> {
        let plays = self.legal();
        let roll = self.game.pending_roll().expect("a roll to play");
        if plays.len() == 1 && plays[0].is_pass() {
            // Nothing can be played: no question to ask.
            self.game.play(&Play::PASS).expect("the pass is legal");
            return Ok(Flow::Go);
        }
        let n = plays.len();
        if fresh {
            let who = self.style.paint(Tone::Side(side), cap(side));
            if n == 1 {
                writeln!(
                    self.out,
                    "{who} to play {roll}: one legal play, {} (Enter plays it).",
                    self.play_text(&plays[0], side)
                )?;
            } else if n <= 40 {
                writeln!(self.out, "{who} to play {roll}: {n} legal plays.")?;
                self.list_plays(side)?;
            } else {
                writeln!(
                    self.out,
                    "{who} to play {roll}: {n} legal plays (`list` numbers them)."
                )?;
            }
        }
        let range = if n == 1 {
            "1".to_string()
        } else {
            format!("1-{n}")
        };
        let Some(line) = self.read(&format!("{}, your play [{range}]> ", side.name()))? else {
            return self.end_of_input();
        };
        if let Some(flow) = self.command(side, &line)? {
            return Ok(flow);
        }
        let lower = line.to_lowercase();
        let word = lower.split_whitespace().next().unwrap_or("");
        let chosen = if line.is_empty() {
            if n == 1 {
                Ok(plays[0])
            } else {
                Err("Choose a play: its number in the list, or the play written like 1-7 1-6 (`help` for the commands).".to_string())
            }
        } else if let Ok(k) = line.parse::<usize>() {
            if (1..=n).contains(&k) {
                Ok(plays[k - 1])
            } else {
                Err(format!("There is no play number {k}: choose 1 to {n}."))
            }
        } else if matches!(word, "stay" | "leave" | "tenir" | "school") {
            Err(format!(
                "`{word}` is not asked now: {} must play {roll}.",
                side.name()
            ))
        } else {
            let written = self
                .view
                .fields
                .play_to_numbers(&line)
                .map_err(|e| e.to_string())
                .and_then(|t| t.parse::<PlayNotation>().map_err(|e| e.to_string()));
            match written {
                Ok(notation) => match if self.game.options().false_moves == FalseMoves::Table {
                    // Section 11: an illegal play a table allows stands.
                    self.game.play_at_table(&notation).map(|_| ())
                } else {
                    self.game.play_notation(&notation).map(|_| ())
                } {
                    Ok(()) => return Ok(Flow::Go),
                    Err(GameError::Illegal(e)) => Err(format!("Illegal play `{line}`: {e}.")),
                    Err(e) => Err(format!("Not possible now: {e}.")),
                },
                Err(e) => Err(format!(
                    "`{line}` is neither a command nor a play ({e}); type `help` for the commands."
                )),
            }
        };
        match chosen {
            Ok(p) => {
                self.game.play(&p).expect("a listed play is legal");
            }
            Err(msg) => self.refuse(&msg)?,
        }
        Ok(Flow::Go)
    }

    fn ask_stay(&mut self, side: Side, fresh: bool) -> Result<Flow, CliError> {
        if fresh {
            let exit = matches!(
                self.game
                    .events()
                    .iter()
                    .rev()
                    .find(|e| matches!(e, Event::Marked { .. })),
                Some(Event::Marked {
                    from: PointsFrom::Exit,
                    ..
                })
            );
            let rest = *self.game.score().points.get(side);
            let by = if exit { "the exit" } else { "this roll" };
            let t = format!(
                "{} won a hole with {by} (R-8.6): `stay` (tenir) keeps the {rest} points left and plays on; `leave` (s'en aller) gives them up, puts all checkers back on the talons and rolls first in a new relevé.",
                cap(side)
            );
            self.say_wrapped(Tone::Plain, &t, 2)?;
        }
        let Some(line) = self.read(&format!("{}, stay or leave> ", side.name()))? else {
            return self.end_of_input();
        };
        if let Some(flow) = self.command(side, &line)? {
            return Ok(flow);
        }
        let r = match line.to_lowercase().as_str() {
            "stay" | "s" | "tenir" | "t" => self.game.stay(),
            "leave" | "l" | "s'en aller" | "aller" | "partir" => self.game.leave(),
            _ => {
                self.refuse("Answer `stay` (tenir) or `leave` (s'en aller).")?;
                return Ok(Flow::Go);
            }
        };
        r.expect("the game waits for staying or leaving");
        Ok(Flow::Go)
    }

    fn ask_mark(&mut self, side: Side, fresh: bool) -> Result<Flow, CliError> {
        let own = self.game.pending_score().is_some_and(|s| s.side == side);
        let roll = self
            .game
            .pending_roll()
            .map(|r| r.to_string())
            .unwrap_or_default();
        if fresh {
            let t = if own {
                format!(
                    "{}, mark the points your roll {roll} brings you: count them yourself, an error is a school for your opponent (R-10). An even number; Enter marks 0.",
                    cap(side)
                )
            } else {
                format!(
                    "{}, mark the points {}'s roll {roll} gave you (jans qui ne peut: false hits, unplayable dice, contre-jans). An even number; Enter marks 0.",
                    cap(side),
                    (!side).name()
                )
            };
            self.say_wrapped(Tone::Plain, &t, 2)?;
            if self.game.can_claim_school(side) {
                let t = format!(
                    "(`school N` first claims a school of N points on {}'s marking, R-10.)",
                    (!side).name()
                );
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
        }
        let Some(line) = self.read(&format!("{}, points you mark> ", side.name()))? else {
            return self.end_of_input();
        };
        if let Some(flow) = self.command(side, &line)? {
            return Ok(flow);
        }
        let lower = line.to_lowercase();
        let mut words = lower.split_whitespace();
        if words.next() == Some("school") {
            let named = words.next().and_then(|w| w.parse::<u32>().ok());
            match named {
                None => self.refuse("Name the points of the school: `school 4`.")?,
                Some(n) => {
                    if let Err(e) = self.game.claim_school(side, n) {
                        self.refuse(&format!("No school: {e}."))?;
                    }
                }
            }
            return Ok(Flow::Go);
        }
        let points = if line.is_empty() {
            Ok(0)
        } else {
            line.parse::<u32>()
        };
        match points {
            Ok(p) => {
                if let Err(e) = self.game.declare(p) {
                    self.refuse(&format!("Cannot mark {p}: {e}."))?;
                }
            }
            Err(_) => self.refuse(&format!(
                "`{line}`: type the points you mark (an even number, Enter for 0), or `help`."
            ))?,
        }
        Ok(Flow::Go)
    }

    /// The commands of every prompt; `None` when `line` is not one.
    fn command(&mut self, side: Side, line: &str) -> Result<Option<Flow>, CliError> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_lowercase();
        match word.as_str() {
            "help" | "?" => {
                self.say(HELP)?;
            }
            "board" => {
                let dice = self.game.pending_roll();
                self.show_board(dice)?;
            }
            "names" => {
                // `names` goes to the next naming, `names soumille` to one.
                let next = match words.next() {
                    Some(w) => match w.to_lowercase().parse::<FieldNames>() {
                        Ok(n) => n,
                        Err(e) => {
                            self.refuse(&e)?;
                            return Ok(Some(Flow::Go));
                        }
                    },
                    None => match self.view.fields {
                        FieldNames::Numbers => FieldNames::Classical,
                        FieldNames::Classical => FieldNames::Soumille,
                        FieldNames::Soumille => FieldNames::Lepeintre,
                        FieldNames::Lepeintre => FieldNames::Numbers,
                    },
                };
                self.view.fields = next;
                let dice = self.game.pending_roll();
                self.show_board(dice)?;
                if next == FieldNames::Numbers {
                    self.say_wrapped(Tone::Plain, "Fields in numbers 1-24 (R-1.3).", 2)?;
                }
            }
            "fields" => {
                let t = board::named_fields_text(self.view.fields);
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
            "list" => {
                if let Phase::Play(_) = self.game.phase() {
                    self.list_plays(side)?;
                } else {
                    self.refuse("There are no plays to list now.")?;
                }
            }
            "hint" => self.hint(side)?,
            "save" => {
                let rest: Vec<&str> = words.collect();
                if rest.is_empty() {
                    self.refuse("Name the file: `save game.txt`.")?;
                } else {
                    self.save(Path::new(&rest.join(" ")))?;
                }
            }
            "resign" => {
                // The engine ends the game (RULES-CHOICES.md, resigning);
                // the loop then tells it and offers to save the record.
                // Asked first (a slip of the keyboard ends no game), unless
                // the engine refuses anyway.
                let mut trial = self.game.clone();
                match trial.resign(side) {
                    Err(e) => {
                        self.refuse(&format!("{e}; `quit` leaves the game (it is saved)."))?
                    }
                    Ok(stake) => {
                        let q = format!(
                            "Resign? {} wins the game, stake {stake} (R-9.1). (yes/no) ",
                            cap(!side)
                        );
                        match self.read(&q)?.map(|a| a.to_lowercase()) {
                            Some(a) if a == "y" || a == "yes" => {
                                if let Err(e) = self.game.resign(side) {
                                    self.refuse(&e.to_string())?;
                                }
                            }
                            _ => self.say("Not resigned: the game goes on.")?,
                        }
                    }
                }
            }
            "quit" | "exit" => {
                self.leave_unfinished("Game left unfinished")?;
                return Ok(Some(Flow::Stop));
            }
            _ => return Ok(None),
        }
        Ok(Some(Flow::Go))
    }

    /// The analysis behind hints: the default bot's network and search,
    /// whatever bot is played against (the same as `trictrac hint`).
    fn analyst(&mut self) -> &mut trictrac_bot::analysis::Analyst {
        self.analyst
            .get_or_insert_with(trictrac_bot::analysis::analyst)
    }

    /// The best analysis's advice for the decision `side` faces: plays in
    /// equity (the expected stake of) with their distance from the
    /// best, or the equities of staying and leaving.
    fn hint(&mut self, side: Side) -> std::io::Result<()> {
        let fields = self.view.fields;
        match self.game.phase() {
            Phase::Play(_) => {
                let plays = self.legal();
                let number = |p: &Play| {
                    plays
                        .iter()
                        .position(|q| q == p)
                        .map_or(String::new(), |i| format!("number {}", i + 1))
                };
                let game = self.game.clone();
                let analysis = self.analyst().plays(&game);
                let Some(best) = analysis.first().copied() else {
                    self.say("No play to hint: roll first.")?;
                    return Ok(());
                };
                let t = format!(
                    "Hint: the best play is {} ({}). Equity = the stake {} expects to win \
                     (R-9.1; negative: to lose), after each play:",
                    board::play_text(&best.play, side, fields),
                    number(&best.play),
                    side.name()
                );
                self.say_wrapped(Tone::Plain, &t, 2)?;
                for e in analysis.iter().take(5) {
                    let text = board::play_text(&e.play, side, fields);
                    writeln!(
                        self.out,
                        "  {text:<16} {:>+7.3}  ({:+.3})   {}",
                        e.equity,
                        e.equity - best.equity,
                        number(&e.play)
                    )?;
                }
            }
            Phase::StayOrLeave(_) => {
                let game = self.game.clone();
                match self.analyst().stay_leave(&game) {
                    Some(sl) => {
                        let (best, other) = if sl.stay >= sl.leave {
                            ("stay (tenir)", "leave")
                        } else {
                            ("leave (s'en aller)", "stay")
                        };
                        self.say(&format!(
                            "Hint: {best}. Equity (the expected stake, R-9.1): stay {:+.3}, leave {:+.3}; {other} loses {:.3}.",
                            sl.stay,
                            sl.leave,
                            (sl.stay - sl.leave).abs()
                        ))?;
                    }
                    None => self.say("No stay-or-leave decision to hint.")?,
                }
            }
            _ => {
                self.say("No hint for marking: count the points yourself (R-10).")?;
            }
        }
        Ok(())
    }

    fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let text = self.record_text(path);
        match std::fs::write(path, text) {
            Ok(()) => {
                self.saved = Some(self.game.events().len());
                self.save_path = Some(path.to_path_buf());
                let t = format!(
                    "Saved the game record to {}; `trictrac play --load {}` resumes it.",
                    path.display(),
                    path.display()
                );
                self.say_wrapped(Tone::Plain, &t, 2)
            }
            Err(e) => self.refuse(&format!("Cannot write {}: {e}.", path.display())),
        }
    }

    /// After the last hole: the record can still be saved.
    fn game_over(&mut self) -> Result<(), CliError> {
        loop {
            let Some(line) =
                self.read("game over (`save FILE` keeps the record, Enter quits)> ")?
            else {
                return Ok(());
            };
            let mut words = line.split_whitespace();
            match words.next().map(str::to_lowercase).as_deref() {
                Some("save") => {
                    let rest: Vec<&str> = words.collect();
                    if rest.is_empty() {
                        self.refuse("Name the file: `save game.txt`.")?;
                    } else {
                        self.save(Path::new(&rest.join(" ")))?;
                    }
                }
                Some("board") => {
                    self.show_board(None)?;
                }
                // Anything else quits.
                _ => return Ok(()),
            }
        }
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
        for l in HELP.lines() {
            assert!(l.chars().count() <= 80, "{l}");
        }
    }
}
