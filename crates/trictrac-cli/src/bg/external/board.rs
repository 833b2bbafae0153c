//! The FIBS board line gnubg sends its external player (`board:…`), read
//! into a position and the question asked ([`parse_board`],
//! [`FibsBoard::request`]), and a play written as gnubg reads it
//! ([`external_notation`]); how gnubg fills the line is in the parent
//! module's documentation.

use backgammon::{BySide, Cube, MatchState, Play, Position, Roll, Setup, Side};

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
