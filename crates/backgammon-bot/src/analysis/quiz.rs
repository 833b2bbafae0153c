//! Quizzes: "find the best play" and "double / take", on positions of
//! the bot's self-play from a seed where its best choice leads the next
//! by a clear margin, graded by the equity lost against its ranking (the
//! analysis of `trictrac bg hint`, the analysis service [`Analyst`]: its
//! plays at 3 plies, the [`cubeful`] cube hint).
//!
//! Positions are classified by simple features of the position before
//! the roll, in the eyes of the side on roll ([`Theme::fits`]): the
//! opening (the first two moves of the game), the bear-off (all his
//! checkers home), the blitz (the opponent on the bar against three home
//! points or more), priming (four made points in a row or more with an
//! opponent's checker behind them), the cube (a double or take decision,
//! not in the opening).
//!
//! Everything shown to a player is `Serialize`, so that a batch of quizzes
//! with their answers can go to the web server (`trictrac bg learn --json`).

use backgammon::{Cube, MatchState, Play, PlayText, Position, Roll, Rules, Side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::cubeful::{self, CubeAnalysis};
use super::service::{Analyst, PlayDepth};
use crate::cube::score::Score;
use crate::net::equity;
use crate::BgNet;

/// The themes of the quizzes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The first two moves of a game.
    Opening,
    /// All the mover's checkers home (or off).
    Bearoff,
    /// The opponent on the bar against a home board of three points or more.
    Blitz,
    /// A prime of four points or more with an opponent's checker behind it.
    Priming,
    /// A cube decision: double or not, take or pass.
    Cube,
}

/// An unknown theme name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl std::fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown theme `{}`: expected opening, bearoff, blitz, priming or cube",
            self.0
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 5] = [
        Theme::Opening,
        Theme::Bearoff,
        Theme::Blitz,
        Theme::Priming,
        Theme::Cube,
    ];

    /// The name on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Theme::Opening => "opening",
            Theme::Bearoff => "bearoff",
            Theme::Blitz => "blitz",
            Theme::Priming => "priming",
            Theme::Cube => "cube",
        }
    }

    /// Whether `pos`, `moves` half-moves into the game, belongs to the
    /// theme (in the eyes of the side on roll).
    pub fn fits(self, pos: &Position, moves: usize) -> bool {
        let me = pos.turn();
        match self {
            Theme::Opening => moves < 2,
            Theme::Bearoff => pos.all_home(me) && pos.borne_off(me) < 15,
            Theme::Blitz => !pos.is_race() && pos.on_bar(!me) > 0 && home_points(pos, me) >= 3,
            Theme::Priming => !pos.is_race() && trapped_behind_prime(pos, me),
            Theme::Cube => moves >= 2,
        }
    }
}

impl std::str::FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        let t = s.trim().to_ascii_lowercase();
        let t = if t == "bear-off" { "bearoff".into() } else { t };
        Theme::ALL
            .into_iter()
            .find(|x| x.id() == t)
            .ok_or(UnknownTheme(s.trim().to_string()))
    }
}

/// Points 1–6 made (two checkers or more) by `side`.
fn home_points(pos: &Position, side: Side) -> usize {
    pos.counts(side)[1..=6].iter().filter(|&&n| n >= 2).count()
}

/// Whether `side` has four made points in a row or more with an
/// opponent's checker behind them (on the bar or on a point the prime
/// blocks from home).
fn trapped_behind_prime(pos: &Position, side: Side) -> bool {
    let me = pos.counts(side);
    let op = pos.counts(!side);
    let mut run = 0;
    for (p, &n) in me.iter().enumerate().take(25).skip(1) {
        run = if n >= 2 { run + 1 } else { 0 };
        if run >= 4 {
            // The prime ends at p (in `side`'s numbering): the opponent's
            // checkers on `side`'s points below p - run + 1, i.e. on his
            // own points above 24 - p + run, or on the bar, are behind it.
            let low = p + 1 - run;
            let behind = op[25] > 0 || (25 - low + 1..=24).any(|q| op[q] > 0);
            if behind {
                return true;
            }
        }
    }
    false
}

/// A play with the bot's valuation, best first.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RankedPlay {
    /// The play in gnubg's notation, e.g. `8/5 6/5`.
    #[serde(serialize_with = "as_text")]
    pub play: Play,
    /// The depth it was valued at: 3, 2 or 0 plies.
    pub plies: u8,
    /// Cubeless money equity after the play, in the mover's eyes.
    pub equity: f32,
    /// The equity lost against the best play (0 for the best).
    pub loss: f32,
}

fn as_text<S: serde::Serializer>(p: &Play, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&p.to_string())
}

/// The bot's cube decision, in the eyes of the side on roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CubeAnswer {
    /// Cubeful equity of no double (normalised money equity).
    pub no_double: f64,
    /// Doubling, the opponent taking.
    pub double_take: f64,
    /// Doubling, the opponent passing.
    pub double_pass: f64,
    /// Whether the side on roll should double.
    pub double: bool,
    /// Whether the opponent should take.
    pub take: bool,
    /// gnubg's words, e.g. `Double, take`.
    pub action: String,
    /// The side on roll's cubeless chance of winning.
    pub win: f32,
    /// Its cubeless money equity.
    pub cubeless: f64,
    #[serde(skip)]
    analysis: CubeAnalysis,
}

/// What a quiz asks.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Question {
    /// Find the best play of `dice`.
    BestPlay {
        /// The roll, e.g. `3-1`.
        dice: String,
        /// The legal plays, ranked by the bot (the answer).
        plays: Vec<RankedPlay>,
    },
    /// Double? Take?
    Cube {
        /// The bot's decision (the answer).
        answer: CubeAnswer,
    },
}

/// One quiz.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Quiz {
    /// A stable id, e.g. `blitz-1-4-17`.
    pub id: String,
    /// Its theme.
    pub theme: Theme,
    /// The position before the roll: a gnubg Position ID.
    pub position_id: String,
    /// The side on roll: `white` or `black`.
    pub turn: &'static str,
    /// Pip counts: the side on roll's, then the opponent's.
    pub pips: [u32; 2],
    /// The question and its answer.
    #[serde(flatten)]
    pub question: Question,
    /// The position.
    #[serde(skip)]
    pub position: Position,
}

/// How quizzes are made.
#[derive(Clone, Copy, Debug)]
pub struct QuizOptions {
    /// The seed of the self-play.
    pub seed: u64,
    /// How many quizzes.
    pub count: usize,
    /// Search depth of the ranking: 3 (the default, as `bg hint`), 2 or 0;
    /// for the cube, 2 unless 0.
    pub plies: u8,
    /// The lead of the best choice over the next, in equity (0.08).
    pub margin: f32,
}

impl Default for QuizOptions {
    fn default() -> QuizOptions {
        QuizOptions {
            seed: 1,
            count: 5,
            plies: 3,
            margin: 0.08,
        }
    }
}

/// The legal plays of `roll` ranked as `bg hint` ranks them at `plies`
/// (money play): the analysis service's [`Analyst::plays`], each with
/// its cubeless equity.
pub fn rank(net: &BgNet, pos: &Position, roll: Roll, rules: &Rules, plies: u8) -> Vec<RankedPlay> {
    let money = MatchState::money();
    let score = Score {
        state: &money,
        cube: Cube::centred(),
    };
    let depth = PlayDepth::try_from(plies.min(3)).unwrap_or(PlayDepth::Zero);
    let mut ranked: Vec<RankedPlay> = Analyst::new(net)
        .plays(pos, roll, rules, score, depth)
        .iter()
        .map(|a| RankedPlay {
            play: a.raw,
            plies: a.plies,
            equity: equity(&a.outputs()),
            loss: 0.0,
        })
        .collect();
    let best = ranked.first().map_or(0.0, |r| r.equity);
    for r in &mut ranked {
        r.loss = (best - r.equity).max(0.0);
    }
    ranked
}

/// The lead of the first of `ranked` over the second (0 for one play).
fn lead(ranked: &[RankedPlay]) -> f32 {
    match ranked {
        [a, b, ..] => a.equity - b.equity,
        _ => 0.0,
    }
}

/// The cube answer of the side on roll of `pos` (money, cube centred).
pub fn cube_answer(net: &BgNet, pos: &Position, rules: &Rules, plies: u8) -> CubeAnswer {
    let money = Score {
        state: &MatchState::money(),
        cube: Cube::centred(),
    };
    let a = cubeful::analyse(net, pos, rules, money, plies.min(2));
    CubeAnswer {
        no_double: a.no_double,
        double_take: a.double_take,
        double_pass: a.double_pass,
        double: a.double,
        take: a.take,
        action: a.action.clone(),
        win: a.outputs[0],
        cubeless: a.cubeless,
        analysis: a,
    }
}

fn salt(theme: Theme) -> u64 {
    (Theme::ALL.iter().position(|t| *t == theme).unwrap_or(0) as u64 + 1)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

fn quiz(id: String, theme: Theme, pos: &Position, question: Question) -> Quiz {
    let me = pos.turn();
    Quiz {
        id,
        theme,
        position_id: pos.to_position_id(),
        turn: me.name(),
        pips: [pos.pip_count(me), pos.pip_count(!me)],
        question,
        position: *pos,
    }
}

/// Up to `opts.count` quizzes of `theme`: positions of the bot's
/// self-play (its best play at 0 ply, one play in ten at random for
/// variety) from `opts.seed`, those of the theme where the bot's best
/// choice leads the next by `opts.margin` or more at `opts.plies`.
/// Deterministic for a seed. Fewer only if 300 games did not hold them.
pub fn generate(net: &BgNet, theme: Theme, opts: &QuizOptions) -> Vec<Quiz> {
    let rules = Rules::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed ^ salt(theme));
    let mut out = Vec::new();
    for game in 0..300 {
        let mut pos = Position::start();
        for moves in 0..400 {
            if out.len() >= opts.count || pos.winner().is_some() {
                break;
            }
            if theme == Theme::Opening && moves >= 2 {
                break;
            }
            let roll = loop {
                let r = Roll::new(rng.gen_range(1..=6), rng.gen_range(1..=6));
                // The opening roll is never a doublet (BG-2.1).
                if moves > 0 || !r.is_double() {
                    break r;
                }
            };
            let id = || format!("{}-{}-{game}-{moves}", theme.id(), opts.seed);
            if theme.fits(&pos, moves) && rng.gen_bool(0.5) {
                if theme == Theme::Cube {
                    if let Some(a) = cube_candidate(net, &pos, &rules, opts) {
                        out.push(quiz(id(), theme, &pos, Question::Cube { answer: a }));
                    }
                } else if let Some(plays) = play_candidate(net, &pos, roll, &rules, opts) {
                    let dice = roll.to_string();
                    out.push(quiz(id(), theme, &pos, Question::BestPlay { dice, plays }));
                }
            }
            let plays = pos.legal_plays(roll, &rules);
            let play = if rng.gen_bool(0.1) {
                plays[rng.gen_range(0..plays.len())]
            } else {
                net.best_play(&pos, &plays, rules.preset).0
            };
            pos = pos.play_unchecked(&play);
        }
        if out.len() >= opts.count {
            break;
        }
    }
    out
}

/// The ranking of `roll` from `pos` if its best play leads clearly: at 0
/// ply first (half the margin, a cheap filter), then at `opts.plies`.
fn play_candidate(
    net: &BgNet,
    pos: &Position,
    roll: Roll,
    rules: &Rules,
    opts: &QuizOptions,
) -> Option<Vec<RankedPlay>> {
    let quick = rank(net, pos, roll, rules, 0);
    if quick.len() < 2 || lead(&quick) < opts.margin / 2.0 {
        return None;
    }
    let ranked = if opts.plies == 0 {
        quick
    } else {
        rank(net, pos, roll, rules, opts.plies)
    };
    (lead(&ranked) >= opts.margin).then_some(ranked)
}

/// The cube answer of `pos` if it is a real decision (the side on roll
/// wins 60 % or more cubeless) and both the double and the take are
/// clear by `opts.margin`.
fn cube_candidate(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    opts: &QuizOptions,
) -> Option<CubeAnswer> {
    let o = net.evaluate(pos, rules.preset);
    if o[0] < 0.6 {
        return None;
    }
    let a = cube_answer(net, pos, rules, opts.plies);
    let m = f64::from(opts.margin);
    (a.analysis.double_margin() >= m && a.analysis.take_margin() >= m).then_some(a)
}

/// An answer that cannot be graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuizError {
    /// A play given to a cube quiz, or a cube answer to a play quiz.
    WrongKind,
    /// The play cannot be read.
    Notation(String),
    /// The play is not legal with this roll.
    Illegal(String),
}

impl std::fmt::Display for QuizError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuizError::WrongKind => f.write_str("this quiz asks for another kind of answer"),
            QuizError::Notation(e) => write!(f, "{e}"),
            QuizError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for QuizError {}

/// The verdict on a play.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlayVerdict {
    /// The play as the bot writes it.
    #[serde(serialize_with = "as_text")]
    pub play: Play,
    /// Its rank in the bot's list, from 1.
    pub rank: usize,
    /// The equity it loses against the best.
    pub loss: f32,
}

/// Grades the play written `text` (gnubg's notation, e.g. `8/5 6/5`).
pub fn grade_play(quiz: &Quiz, text: &str) -> Result<PlayVerdict, QuizError> {
    let Question::BestPlay { dice, plays } = &quiz.question else {
        return Err(QuizError::WrongKind);
    };
    let roll: Roll = dice
        .parse()
        .map_err(|e| QuizError::Notation(format!("{e}")))?;
    if text.trim().is_empty() {
        return Err(QuizError::Notation("no play given".into()));
    }
    let written: PlayText = text
        .trim()
        .parse()
        .map_err(|e| QuizError::Notation(format!("`{}`: {e}", text.trim())))?;
    let play = quiz
        .position
        .resolve_play(roll, &written, &Rules::standard())
        .map_err(|e| QuizError::Illegal(e.to_string()))?;
    let (i, r) = plays
        .iter()
        .enumerate()
        .find(|(_, r)| r.play == play)
        .ok_or_else(|| QuizError::Illegal(format!("`{}` is not in the ranking", text.trim())))?;
    Ok(PlayVerdict {
        play,
        rank: i + 1,
        loss: r.loss,
    })
}

/// The verdict on a cube answer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CubeVerdict {
    /// The equity the double/no double answer loses.
    pub double_loss: f64,
    /// The equity the take/pass answer loses (in the taker's eyes).
    pub take_loss: f64,
}

/// Grades "double?" `double` and "take?" `take`.
pub fn grade_cube(quiz: &Quiz, double: bool, take: bool) -> Result<CubeVerdict, QuizError> {
    let Question::Cube { answer } = &quiz.question else {
        return Err(QuizError::WrongKind);
    };
    Ok(CubeVerdict {
        double_loss: answer.analysis.doubler_error(double),
        take_loss: answer.analysis.taker_error(take),
    })
}

#[cfg(test)]
mod tests;
