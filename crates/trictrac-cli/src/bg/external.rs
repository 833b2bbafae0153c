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

use backgammon::{
    BySide, Cube, MatchState, Play, PlayList, Position, Preset, Roll, Rules, Setup, Side,
};
use backgammon_bot::cube::depth::{bot_decision_searched, bot_takes, Question};
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

    /// Log every board line and answer on stderr
    #[arg(long)]
    verbose: bool,
}

/// A FIBS board line as gnubg sends it to its external player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibsBoard {
    /// The two names, as written.
    pub names: [String; 2],
    /// The match length (0: money).
    pub match_length: u32,
    /// The two scores, in the order of the names.
    pub scores: [u32; 2],
    /// The 26 board fields: `[0]` the opponent's bar (negative), `[1..=24]`
    /// the points (positive: the external player's checkers), `[25]` his bar.
    pub board: [i32; 26],
    /// 1: the external player acts; −1: the opponent's turn (he doubled).
    pub turn: i32,
    /// The dice (0, 0 before rolling).
    pub dice: (u8, u8),
    /// The cube's value.
    pub cube: u32,
    /// Whether the external player may double.
    pub may_double: bool,
    /// Whether the opponent may double.
    pub opp_may_double: bool,
    /// Whether the opponent has just doubled.
    pub was_doubled: bool,
    /// Colour, direction, home and bar fields (1, −1, 0, 25 from gnubg).
    pub orientation: [i32; 4],
    /// Checkers borne off: his, the opponent's.
    pub off: [u32; 2],
    /// The remaining fields (checkers on the bar, can move, forced move,
    /// did Crawford, and the last: 0 in the Crawford game).
    pub rest: [i32; 6],
}

/// What gnubg asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question2 {
    /// Play this roll.
    Play(Roll),
    /// Roll or double.
    Cube,
    /// Take or drop the opponent's double.
    Take,
    /// Accept (`take`) or refuse (`drop`) the opponent's beaver of his
    /// own double: in money play gnubg (`set beavers`, on by default)
    /// may take and at once redouble, keeping the cube (BG-7.5).
    Beaver,
}

/// A board line read into the engine's terms: the external player is
/// White.
#[derive(Clone, Debug)]
pub struct Request {
    /// The position: White on roll, or Black (the doubler) for a take.
    pub position: Position,
    /// The match state before this game.
    pub state: MatchState,
    /// The cube (before the double, for a take).
    pub cube: Cube,
    /// The question.
    pub question: Question2,
    /// Whether the external player may double now (the line's flag).
    pub may_double: bool,
}

fn num<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("{what}: `{s}` is not a number"))
}

/// Reads a FIBS board line (`board:…`, 53 fields separated by `:`).
///
/// # Errors
/// When the line is not of that form.
pub fn parse_board(line: &str) -> Result<FibsBoard, String> {
    let line = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    let f: Vec<&str> = line.split(':').collect();
    if f.first() != Some(&"board") {
        return Err("not a FIBS board line (`board:…`)".into());
    }
    if f.len() != 53 {
        return Err(format!("a FIBS board line has 53 fields, not {}", f.len()));
    }
    let n: Vec<i32> = f[3..]
        .iter()
        .enumerate()
        .map(|(i, s)| num::<i32>(s, &format!("field {}", i + 3)))
        .collect::<Result<_, _>>()?;
    let nonneg = |v: i32, what: &str| -> Result<u32, String> {
        u32::try_from(v).map_err(|_| format!("{what} is negative: {v}"))
    };
    let mut board = [0i32; 26];
    board.copy_from_slice(&n[3..29]);
    let die = |v: i32| -> Result<u8, String> {
        match v {
            0..=6 => Ok(v as u8),
            _ => Err(format!("a die of {v}")),
        }
    };
    let flag = |v: i32, what: &str| -> Result<bool, String> {
        match v {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(format!("{what} is {v}, not 0 or 1")),
        }
    };
    let mut rest = [0i32; 6];
    rest.copy_from_slice(&n[44..50]);
    Ok(FibsBoard {
        names: [f[1].to_string(), f[2].to_string()],
        match_length: nonneg(n[0], "the match length")?,
        scores: [nonneg(n[1], "a score")?, nonneg(n[2], "a score")?],
        board,
        turn: n[29],
        dice: (die(n[30])?, die(n[31])?),
        cube: nonneg(n[34], "the cube")?,
        may_double: flag(n[35], "may double")?,
        opp_may_double: flag(n[36], "the opponent may double")?,
        was_doubled: flag(n[37], "was doubled")?,
        orientation: [n[38], n[39], n[40], n[41]],
        off: [
            nonneg(n[42], "checkers off")?,
            nonneg(n[43], "checkers off")?,
        ],
        rest,
    })
}

impl FibsBoard {
    /// The position, match state, cube and question of the line.
    ///
    /// # Errors
    /// When the board is not one gnubg sends its external player.
    pub fn request(&self) -> Result<Request, String> {
        if self.orientation != [1, -1, 0, 25] {
            return Err(format!(
                "colour, direction, home, bar {:?}: gnubg sends 1, -1, 0, 25",
                self.orientation
            ));
        }
        let b = &self.board;
        if b[0] > 0 || b[25] < 0 {
            return Err("a bar holds the other side's checkers".into());
        }
        // Each side's counts in his own numbering: [0] off, [1..=24], [25] bar.
        let mut mine = [0u8; 26];
        let mut his = [0u8; 26];
        let small = |v: i32| u8::try_from(v.unsigned_abs()).map_err(|_| format!("{v} checkers"));
        for (p, &v) in b.iter().enumerate().take(25).skip(1) {
            if v > 0 {
                mine[p] = small(v)?;
            } else if v < 0 {
                his[25 - p] = small(v)?;
            }
        }
        mine[25] = small(b[25])?;
        his[25] = small(b[0])?;
        let on_board = |c: &[u8; 26]| c.iter().map(|&x| u32::from(x)).sum::<u32>();
        for (c, off, who) in [
            (&mut mine, self.off[0], "his"),
            (&mut his, self.off[1], "the opponent's"),
        ] {
            let total = on_board(c) + off;
            if total != 15 {
                return Err(format!(
                    "{who} checkers: {} on the board and bar, {off} off: {total}, not 15",
                    on_board(c)
                ));
            }
            c[0] = off as u8;
        }
        if self.off[0] == 15 || self.off[1] == 15 {
            return Err("the game is over".into());
        }
        let question = match (self.turn, self.was_doubled, self.dice) {
            (1, false, (0, 0)) => Question2::Cube,
            (1, false, (a, b)) if a > 0 && b > 0 => Question2::Play(Roll::new(a, b)),
            (-1, true, (0, 0)) => Question2::Take,
            // His double beavered: his turn to roll, the cube at the
            // value of the take and the opponent's (measured on gnubg
            // 1.07).
            (1, true, (0, 0)) if self.match_length == 0 => Question2::Beaver,
            (t, d, (a, b)) => {
                return Err(format!(
                    "turn {t}, doubled {d}, dice {a}-{b}: not a question gnubg asks"
                ))
            }
        };
        let turn = if question == Question2::Take {
            Side::Black
        } else {
            Side::White
        };
        let position = Position::from_setup(Setup {
            counts: BySide::new(mine, his),
            turn,
        })
        .map_err(|e| e.to_string())?;
        if !self.cube.is_power_of_two() || self.cube > Cube::MAX {
            return Err(format!("a cube of {}", self.cube));
        }
        let owner = match (self.may_double, self.opp_may_double) {
            (true, true) | (false, false) => None,
            (true, false) => Some(Side::White),
            (false, true) => Some(Side::Black),
        };
        if owner.is_none() && self.cube > 1 && (self.may_double || self.cube < Cube::MAX) {
            return Err(format!("a cube of {} in the middle", self.cube));
        }
        // His score is the second on his turn, the first when doubled.
        let (me, opp) = if question == Question2::Take {
            (self.scores[0], self.scores[1])
        } else {
            (self.scores[1], self.scores[0])
        };
        let state = if self.match_length == 0 || self.match_length >= 9999 {
            MatchState::money()
        } else {
            let len = self.match_length;
            if me >= len || opp >= len {
                return Err(format!("a score of {me}-{opp} in a match to {len}"));
            }
            let at_crawford = me + 1 == len || opp + 1 == len;
            let crawford = at_crawford && self.rest[5] == 0;
            MatchState {
                length: len,
                score: BySide::new(me, opp),
                crawford,
                crawford_done: at_crawford && !crawford,
                games: 0,
            }
        };
        Ok(Request {
            position,
            state,
            cube: Cube {
                value: self.cube,
                owner,
            },
            question,
            may_double: self.may_double,
        })
    }
}

/// A play in the form gnubg's external player answers: one `from/to`
/// per die, `bar` and `off` by name, no hit marks (the empty string for
/// no play).
pub fn external_notation(play: &Play) -> String {
    let name = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        n => n.to_string(),
    };
    play.raw()
        .map(|(from, to, _)| format!("{}/{}", name(from), name(to)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The player: a network and a depth.
pub struct Responder {
    net: Arc<BgNet>,
    level: u8,
    rules: Rules,
    scratch: Scratch,
    /// `--cubeful-play`: in money play the deepest candidates compared
    /// by cubeful equity.
    pub cubeful_play: bool,
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
                if may && self.decision(&r, Question::Double).double() {
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
    let jacoby = match args.jacoby.as_str() {
        "on" => true,
        "off" => false,
        j => return Err(CliError::input(format!("--jacoby is on or off, not {j}"))),
    };
    let net = input::net(args.model.as_deref())?;
    let mut responder = Responder::new(net, args.level, jacoby);
    responder.cubeful_play = args.cubeful_play;
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
