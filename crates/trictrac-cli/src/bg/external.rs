//! `trictrac bg external`: the neural bot as a GNU Backgammon external
//! player. gnubg connects (`set player 1 external localhost:PORT`) and,
//! at each decision of that player, sends one FIBS board line
//! (`board:…`, the FIBS client format: two names, the match length and
//! score, 26 board fields, the turn, dice, cube, who may double, whether
//! a double was offered, …); the answer is one line: a play in gnubg's
//! notation (`13/10 6/5`, `bar/22`, `6/off`; an empty line when nothing
//! can be played), `roll` or `double` before rolling, `take` or `drop`
//! when doubled (and when the opponent beavered one's double: `take`
//! plays on at the redoubled cube).
//!
//! How gnubg fills the board line (measured on gnubg 1.07, the facts this
//! reader relies on; docs/PLAYING.md): the board is always from the
//! external player's side — his checkers positive, moving from 24 to 1,
//! his bar in field 25, the opponent's (negative) in field 0, colour 1,
//! direction −1, home 0, bar 25. When he is to move or roll the turn is 1
//! and the second name and score are his; when the opponent has doubled
//! the turn is −1, the "was doubled" flag 1, the cube still at its value
//! before the double, and the first name and score are his. The Crawford
//! game is the one whose last field is 0 while a side is one point from
//! the match (gnubg then never asks to roll).
//!
//! Anything else (a malformed line, a wrong number of checkers, a board
//! gnubg would not send) is logged on stderr and answered with an empty
//! line; every play sent is one of the engine's legal plays for the
//! position and roll (checked again before it is written).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::Arc;

use backgammon::{Cube, Play, PlayList, Preset, Rules, Side};
use backgammon_bot::cube::depth::{bot_decision_searched, bot_doubles, bot_takes, Question};
use backgammon_bot::cube::score::{best_play_3ply_in, money_cubeful_value, Score};
use backgammon_bot::cube::CUBE_EFFICIENCY;
use backgammon_bot::search::deep::{Scratch, Searcher};
use backgammon_bot::search::{SEARCH_KEEP, SEARCH_MARGIN};
use backgammon_bot::BgNet;
use clap::Args;
use neural::Outputs;

use super::input;
use crate::error::CliError;

/// Play for GNU Backgammon as its external player.
#[derive(Debug, Args)]
#[command(
    about = "Play as GNU Backgammon's external player: answer gnubg's FIBS board lines over TCP",
    long_about = "Listen for GNU Backgammon on a TCP port and play as its external player \
        (in gnubg: `set player 1 external localhost:PORT`). gnubg sends a FIBS board line \
        (`board:…`) at each of that player's decisions; the answer is a play in gnubg's \
        notation (`13/10 6/5`, `bar/22`, `6/off`, an empty line when nothing can be played), \
        `roll` or `double` before rolling (cube in use), `take` or `drop` when doubled, at the \
        cube value, owner and match score of the board line (money or match, Crawford). \
        Every play sent is one of the engine's legal plays; a line that cannot be read is \
        logged on stderr and answered with an empty line. Several games and matches are \
        played over one connection; the program ends when gnubg closes it (with \
        --keep-listening it waits for the next). Binds to 127.0.0.1 unless --host says \
        otherwise. Docs: docs/PLAYING.md, \"Against gnubg as its external player\".",
    after_help = "Examples:\n  \
        trictrac bg external --port 31415\n  \
        trictrac bg external --port 31415 --level 2 --jacoby on\n\n\
        Then in gnubg (gnubg -t):\n  \
        set player 1 external localhost:31415\n  \
        new match 7"
)]
pub struct ExternalArgs {
    /// The TCP port to listen on
    #[arg(long, value_name = "N")]
    port: u16,

    /// The address to bind (localhost only unless told otherwise)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    host: String,

    /// Search depth of the plays: 3 (the default bot `neural`), 4 (the
    /// deepest: the close plays searched a level of rolls deeper, as
    /// `bg hint --plies 4`, and the takes and close doubles three levels
    /// of rolls deep; about ten times the time, not shown stronger than 3
    /// against gnubg), 2 or 0; cube decisions at 2 and 3 as the default
    /// bot's, at 0 on the cheap estimate
    #[arg(long, value_name = "L", default_value_t = 3)]
    level: u8,

    /// Another network (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// The Jacoby rule in money games, as gnubg's `set jacoby` (the board
    /// line does not say)
    #[arg(long, value_name = "on|off", default_value = "off")]
    jacoby: String,

    /// Serve further connections after gnubg closes one
    #[arg(long)]
    keep_listening: bool,

    /// At level 3 in money play: compare the search's deepest candidates
    /// by cubeful equity (Janowski's model with the cube as the play
    /// leaves it), as gnubg does, instead of by cubeless equity (an
    /// experiment: give it only when gnubg plays with the cube)
    #[arg(long)]
    cubeful_play: bool,

    /// In money play: give a double the opponent should take only when
    /// it leads not doubling by this much (in units of the cube before
    /// the double); 0, the default, is the cube model's rule (an
    /// experiment, docs/STRENGTH.md, "A doubling margin, an experiment")
    #[arg(long, value_name = "EQUITY", default_value_t = 0.0)]
    double_margin: f64,

    /// Log every board line and answer on stderr
    #[arg(long)]
    verbose: bool,
}

mod board;
pub use board::{external_notation, parse_board, Question2, Request};

/// The player: a network and a depth.
pub struct Responder {
    net: Arc<BgNet>,
    level: u8,
    rules: Rules,
    scratch: Scratch,
    /// `--cubeful-play`: in money play the deepest candidates compared
    /// by cubeful equity.
    pub cubeful_play: bool,
    /// `--double-margin`: what a money double the opponent should take
    /// must lead not doubling by.
    pub double_margin: f64,
}

impl Responder {
    /// The bot at `level` (0, 2, 3 or 4) with `net`; `jacoby` for money.
    pub fn new(net: Arc<BgNet>, level: u8, jacoby: bool) -> Responder {
        Responder {
            net,
            level,
            rules: Rules {
                jacoby,
                ..Rules::of(Preset::Standard)
            },
            scratch: Scratch::default(),
            cubeful_play: false,
            double_margin: 0.0,
        }
    }

    /// The answer to a board line; `Err` (logged by the caller, answered
    /// with an empty line) when it cannot be read.
    ///
    /// # Errors
    /// When the line is not a board gnubg sends, or (never expected) the
    /// chosen play is not one of the legal plays.
    pub fn answer(&mut self, line: &str) -> Result<String, String> {
        let r = parse_board(line)?.request()?;
        let pos = &r.position;
        match r.question {
            Question2::Play(roll) => {
                let plays: PlayList = pos.legal_plays(roll, &self.rules);
                if plays.is_empty() || plays.iter().all(Play::is_pass) {
                    return Ok(String::new());
                }
                let best = if plays.len() == 1 {
                    plays[0]
                } else {
                    match self.level {
                        0 => self.net.best_play(pos, &plays, self.rules.preset).0,
                        2 => {
                            self.net
                                .best_play_2ply(
                                    pos,
                                    &plays,
                                    &self.rules,
                                    SEARCH_KEEP,
                                    SEARCH_MARGIN,
                                )
                                .0
                        }
                        4 => {
                            let score = Score {
                                state: &r.state,
                                cube: r.cube,
                            };
                            let scratch = &mut self.scratch;
                            score
                                .searching(|v| {
                                    Searcher::new(&self.net, &self.rules, v)
                                        .ranked_4ply(pos, &plays, scratch)
                                })
                                .first()
                                .map_or(plays[0], |s| s.play)
                        }
                        _ if self.cubeful_play && r.state.is_money() => {
                            let (cube, jacoby) = (r.cube, self.rules.jacoby);
                            let value = move |o: &Outputs, mover: Side| {
                                money_cubeful_value(o, mover, cube, jacoby, CUBE_EFFICIENCY)
                            };
                            Searcher::new(&self.net, &self.rules, Some(&value))
                                .best_3ply(pos, &plays, &mut self.scratch)
                                .0
                        }
                        _ => {
                            let score = Score {
                                state: &r.state,
                                cube: r.cube,
                            };
                            best_play_3ply_in(
                                &self.net,
                                pos,
                                &plays,
                                &self.rules,
                                &mut self.scratch,
                                score,
                            )
                            .0
                        }
                    }
                };
                if !plays.contains(&best) {
                    return Err(format!("the play {best} is not legal here: not sent"));
                }
                Ok(external_notation(&best))
            }
            Question2::Cube => {
                let may = r.may_double
                    && r.cube.owner != Some(Side::Black)
                    && !r.state.crawford
                    && r.cube.value < Cube::MAX;
                if may
                    && bot_doubles(
                        &self.decision(&r, Question::Double),
                        &r.state,
                        self.double_margin,
                    )
                {
                    Ok("double".into())
                } else {
                    Ok("roll".into())
                }
            }
            Question2::Take => Ok(if bot_takes(&self.decision(&r, Question::Take), &r.state) {
                "take".into()
            } else {
                "drop".into()
            }),
            Question2::Beaver => {
                if r.cube.owner != Some(Side::Black) {
                    return Err(format!("a beaver with the cube at {:?}", r.cube));
                }
                // Accepted, the game goes on at twice the cube, his, with
                // the doubler on roll; refused, the doubler loses the
                // cube's value. His equity with the cube the opponent's,
                // in units of the cube (the decision's "no double"), is
                // worth twice as much accepted: accept unless below −½.
                let keep = self.decision(&r, Question::Take).no_double;
                Ok(if keep >= -0.5 { "take" } else { "drop" }.into())
            }
        }
    }

    fn decision(&self, r: &Request, q: Question) -> backgammon_bot::cube::Decision {
        let pos = &r.position;
        if self.level >= 2 {
            // The strongest level searches its takes and close doubles a
            // level of rolls deeper, as its plays.
            let plies = if self.level >= 4 { 3 } else { 2 };
            bot_decision_searched(&self.net, pos, &self.rules, &r.state, r.cube, q, plies).0
        } else {
            let o = self.net.evaluate_for_cube(pos, &self.rules);
            backgammon_bot::cube::decide(pos, &self.rules, &r.state, r.cube, &o)
        }
    }
}

/// Serves one connection: reads board lines, writes answers, until gnubg
/// closes it. Returns the decisions answered and the lines refused.
fn serve(
    stream: TcpStream,
    responder: &mut Responder,
    verbose: bool,
) -> std::io::Result<(u64, u64)> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let (mut answered, mut refused) = (0u64, 0u64);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok((answered, refused));
        }
        let text = String::from_utf8_lossy(&buf);
        let line = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if line.is_empty() {
            continue;
        }
        let reply = match responder.answer(line) {
            Ok(r) => {
                answered += 1;
                r
            }
            Err(e) => {
                refused += 1;
                eprintln!("external: error: {e}: `{line}` (answered with an empty line)");
                String::new()
            }
        };
        if verbose {
            eprintln!("external: {line} -> `{reply}`");
        }
        writer.write_all(format!("{reply}\n").as_bytes())?;
        writer.flush()?;
    }
}

/// Runs `trictrac bg external`.
pub fn run(args: &ExternalArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if ![0, 2, 3, 4].contains(&args.level) {
        return Err(CliError::input(format!(
            "--level must be 0, 2, 3 or 4, not {}",
            args.level
        )));
    }
    if !(0.0..=1.0).contains(&args.double_margin) {
        return Err(CliError::input(format!(
            "--double-margin is an equity from 0 to 1, not {}",
            args.double_margin
        )));
    }
    let jacoby = match args.jacoby.as_str() {
        "on" => true,
        "off" => false,
        j => return Err(CliError::input(format!("--jacoby is on or off, not {j}"))),
    };
    let net = input::net(args.model.as_deref())?;
    let mut responder = Responder::new(net, args.level, jacoby);
    responder.cubeful_play = args.cubeful_play;
    responder.double_margin = args.double_margin;
    let listener = TcpListener::bind((args.host.as_str(), args.port))?;
    writeln!(
        out,
        "trictrac bg external: listening on {} (level {}); in gnubg: set player 1 external localhost:{}",
        listener.local_addr()?,
        args.level,
        args.port
    )?;
    out.flush()?;
    loop {
        let (stream, peer) = listener.accept()?;
        eprintln!("external: gnubg connected from {peer}");
        match serve(stream, &mut responder, args.verbose) {
            Ok((a, r)) => {
                eprintln!("external: connection closed after {a} answers, {r} lines refused")
            }
            Err(e) => eprintln!("external: connection lost: {e}"),
        }
        if !args.keep_listening {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests;
