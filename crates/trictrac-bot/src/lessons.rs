//! Counting exercises (*compter les points*): "how many points does this
//! roll bring?" on positions built by the engine, and a series of lessons
//! on the seed article's examples. The expected answer is always the
//! engine's own scoring ([`trictrac::Position::score_roll`]), so an
//! exercise can never disagree with `trictrac score`.
//!
//! Positions for the levels ([`Level`]) come from games of random legal
//! plays from a seed ([`generate`]): deterministic for a seed, so that
//! the terminal, the tests and the web server see the same exercises.
//! The lessons ([`lessons`]) are fixed positions, most of them cases of
//! the conformance files (`tests/conformance/`), in the order of the
//! article's sections: the rare jans (*jans rares*), the filling jans
//! (*remplir*, *conserver*), hitting (*battre à vrai*, *battre à faux*),
//! the corner (*battre le coin*), the *jan qui ne peut* and the exit
//! (*sortie*).
//!
//! Everything here is `Serialize`: a batch of exercises with their
//! answers is what `trictrac learn --json` prints.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use trictrac::{Beneficiary, Jan, JanEvent, Position, Roll, RollScore, Side};

mod catalogue;

pub use catalogue::{Lesson, LESSONS};

/// A text in both languages of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Text {
    /// French.
    pub fr: &'static str,
    /// English.
    pub en: &'static str,
}

/// The levels of the generated exercises, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// One jan made one way (*un seul jan, un seul moyen*), no doublet.
    Beginner,
    /// Two jans or more on the same roll.
    Jans,
    /// A jan made two or three ways (*par deux ou trois moyens*).
    Ways,
    /// A doublet (*doublet*) that scores: the higher values.
    Doublets,
    /// A false hit (*battre à faux*, R-6.2): points to the opponent.
    FalseHits,
    /// Hitting the corner (*battre le coin*, R-6.4).
    Corner,
    /// The exit (*sortie*, R-6.10).
    Exit,
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.id()).collect();
        write!(
            f,
            "unknown level `{}`: expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [
        Level::Beginner,
        Level::Jans,
        Level::Ways,
        Level::Doublets,
        Level::FalseHits,
        Level::Corner,
        Level::Exit,
    ];

    /// The name on the command line and in JSON, e.g. `false-hits`.
    pub fn id(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Jans => "jans",
            Level::Ways => "ways",
            Level::Doublets => "doublets",
            Level::FalseHits => "false-hits",
            Level::Corner => "corner",
            Level::Exit => "exit",
        }
    }

    /// What the level trains.
    pub fn title(self) -> Text {
        let (fr, en) = match self {
            Level::Beginner => ("un seul jan", "one jan"),
            Level::Jans => ("plusieurs jans", "several jans"),
            Level::Ways => ("les moyens", "the ways"),
            Level::Doublets => ("les doublets", "doublets"),
            Level::FalseHits => ("battre à faux", "false hits"),
            Level::Corner => ("battre le coin", "hitting the corner"),
            Level::Exit => ("la sortie", "the exit"),
        };
        Text { fr, en }
    }

    /// Whether the roll scored `s` is an exercise of this level.
    pub fn accepts(self, s: &RollScore) -> bool {
        let any = |f: fn(&JanEvent) -> bool| s.jans.iter().any(f);
        match self {
            Level::Beginner => {
                s.jans.len() == 1 && s.jans[0].ways.len() <= 1 && !s.roll.is_double()
            }
            Level::Jans => s.jans.len() >= 2,
            Level::Ways => any(|e| e.ways.len() >= 2),
            Level::Doublets => s.roll.is_double() && !s.jans.is_empty(),
            Level::FalseHits => any(|e| matches!(e.jan, Jan::FalseHit(_))),
            Level::Corner => any(|e| e.jan == Jan::HitCorner),
            Level::Exit => any(|e| e.jan == Jan::Exit),
        }
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.id() == t || (t == "false-hit" && *l == Level::FalseHits))
            .ok_or(UnknownLevel(s.trim().to_string()))
    }
}

/// One jan of the answer, as the correction explains it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JanAnswer {
    /// Stable id, e.g. `true-hit` ([`Jan::id`]).
    pub jan: &'static str,
    /// The French name, e.g. `battre à vrai dans la table du petit jan`.
    pub french: &'static str,
    /// An English gloss.
    pub english: &'static str,
    /// The rule that defines it, e.g. `R-6.1`.
    pub rule: &'static str,
    /// The side that marks it: `white` or `black`.
    pub side: &'static str,
    /// Whether the roller (`true`) or his opponent marks it.
    pub to_mover: bool,
    /// The ways (*moyens*): a die value, `tout d'une`, `both dice`.
    pub ways: Vec<String>,
    /// Absolute fields involved (for a hit the target first).
    pub fields: Vec<u8>,
    /// Points of one way (the jan's value on this roll).
    pub per_way: u32,
    /// Points of the jan.
    pub points: u32,
    /// Counted only if the play bears off the last checker (the exit).
    pub depends_on_play: bool,
    /// A conserve by helplessness (*par impuissance*, R-6.7).
    pub helpless: bool,
}

impl JanAnswer {
    /// The answer line of jan `e` of a roll by `mover`.
    pub fn new(e: &JanEvent, mover: Side) -> JanAnswer {
        let to_mover = e.beneficiary == Beneficiary::Mover;
        let side = if to_mover { mover } else { !mover };
        let n = e.ways.len().max(1) as u32;
        JanAnswer {
            jan: e.jan.id(),
            french: e.jan.french_name(),
            english: e.jan.english_name(),
            rule: e.jan.rule(),
            side: side.name(),
            to_mover,
            ways: e.ways.iter().map(|w| w.to_string()).collect(),
            fields: e.fields.iter().map(|f| f.value()).collect(),
            per_way: e.points / n,
            points: e.points,
            depends_on_play: e.depends_on_play,
            helpless: e.helpless,
        }
    }
}

/// The expected answer: the engine's scoring of the roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountAnswer {
    /// Points for the player who rolled.
    pub mover_points: u32,
    /// Points for his opponent (false hits, unplayable dice, counter-jans).
    pub opponent_points: u32,
    /// The jans, mover's first.
    pub jans: Vec<JanAnswer>,
}

impl CountAnswer {
    /// The answer from the engine's score of a roll.
    pub fn from_score(s: &RollScore) -> CountAnswer {
        CountAnswer {
            mover_points: s.mover_points,
            opponent_points: s.opponent_points,
            jans: s.jans.iter().map(|e| JanAnswer::new(e, s.side)).collect(),
        }
    }
}

/// One counting exercise: a position, a roll, and the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountExercise {
    /// A stable id, e.g. `ways-7-2` or `lesson-3`.
    pub id: String,
    /// The level, for a generated exercise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// The lesson's number (from 1), for a lesson.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lesson: Option<usize>,
    /// The lesson's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Text>,
    /// What the lesson teaches, after the article (shown with the
    /// correction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
    /// The position in TPN (NOTATION.md), the roller to move.
    pub position: String,
    /// The roller: `white` or `black`.
    pub mover: &'static str,
    /// The roll, e.g. `6-5`.
    pub dice: String,
    /// The answer.
    pub answer: CountAnswer,
}

impl CountExercise {
    /// The exercise of `roll` from `pos`, answered by the engine.
    pub fn new(id: String, pos: &Position, roll: Roll) -> CountExercise {
        let s = pos.score_roll(roll);
        CountExercise {
            id,
            level: None,
            lesson: None,
            title: None,
            note: None,
            position: pos.to_string(),
            mover: pos.turn().name(),
            dice: roll.to_string(),
            answer: CountAnswer::from_score(&s),
        }
    }
}

/// An answer that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// Nothing but spaces.
    Empty,
    /// Not one or two numbers.
    NotNumbers(String),
}

impl std::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswerError::Empty => f.write_str("no answer"),
            AnswerError::NotNumbers(s) => write!(
                f,
                "`{s}` is not an answer: give the roller's points, then the opponent's if any (e.g. `8` or `4 2`)"
            ),
        }
    }
}

impl std::error::Error for AnswerError {}

/// A user's answer: the roller's points and his opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Given {
    /// Points for the roller.
    pub mover: u32,
    /// Points for the opponent.
    pub opponent: u32,
}

/// Reads an answer: `8` (the roller's points, none to the opponent) or
/// `8 4`, `8/4`, `8,4` (the roller's, then the opponent's).
pub fn parse_answer(text: &str) -> Result<Given, AnswerError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(AnswerError::Empty);
    }
    let parts: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == '/' || c == ',' || c == ';')
        .filter(|p| !p.is_empty())
        .collect();
    let num = |p: &str| p.parse::<u32>().ok().filter(|n| *n <= 1000);
    match parts.as_slice() {
        [m] => num(m).map(|mover| Given { mover, opponent: 0 }),
        [m, o] => num(m)
            .zip(num(o))
            .map(|(mover, opponent)| Given { mover, opponent }),
        _ => None,
    }
    .ok_or_else(|| AnswerError::NotNumbers(t.chars().take(40).collect()))
}

/// Whether `given` is the exercise's answer.
pub fn is_correct(ex: &CountExercise, given: Given) -> bool {
    given.mover == ex.answer.mover_points && given.opponent == ex.answer.opponent_points
}

/// Salt of a level in the seed, so that levels do not share positions.
fn salt(level: Level) -> u64 {
    (Level::ALL.iter().position(|l| *l == level).unwrap_or(0) as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Up to `count` exercises of `level` from `seed`: positions of games of
/// random legal plays from the opening, each roll whose scoring the level
/// accepts ([`Level::accepts`]) a candidate, at most one per position.
/// The same seed always gives the same exercises. Fewer than `count`
/// only if 400 games did not hold them.
pub fn generate(level: Level, seed: u64, count: usize) -> Vec<CountExercise> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ salt(level));
    let mut out: Vec<CountExercise> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for game in 0..400 {
        if out.len() >= count {
            break;
        }
        let mut pos = Position::start();
        for turn in 0..400 {
            if out.len() >= count || pos.all_off(Side::White) || pos.all_off(Side::Black) {
                break;
            }
            let scorer = pos.scorer(&trictrac::Rules::DEFAULT);
            let ctx = trictrac::RollContext::default();
            let fits: Vec<Roll> = Roll::ALL
                .into_iter()
                .filter(|r| level.accepts(&scorer.score(*r, &ctx).0))
                .collect();
            // One position in two, so that one game does not fill the batch.
            if !fits.is_empty() && rng.gen_bool(0.5) {
                let roll = fits[rng.gen_range(0..fits.len())];
                if seen.insert((pos.to_string(), roll)) {
                    let id = format!("{}-{seed}-{game}-{turn}", level.id());
                    let mut ex = CountExercise::new(id, &pos, roll);
                    ex.level = Some(level);
                    out.push(ex);
                }
            }
            let roll = Roll::new(rng.gen_range(1..=6), rng.gen_range(1..=6));
            let plays = pos.legal_plays(roll);
            if plays.is_empty() {
                break;
            }
            let play = plays[rng.gen_range(0..plays.len())];
            match pos.play(roll, &play) {
                Ok(next) => pos = next,
                Err(_) => break,
            }
        }
    }
    out
}

/// The lesson `n` (from 1) as an exercise, answered by the engine.
pub fn lesson(n: usize) -> Option<CountExercise> {
    let l = LESSONS.get(n.checked_sub(1)?)?;
    let pos: Position = l.position.parse().ok()?;
    let roll: Roll = l.dice.parse().ok()?;
    let mut ex = CountExercise::new(format!("lesson-{n}"), &pos, roll);
    ex.lesson = Some(n);
    ex.title = Some(l.title);
    ex.note = Some(l.note);
    Some(ex)
}

/// Every lesson, in order.
pub fn lessons() -> Vec<CountExercise> {
    (1..=LESSONS.len()).filter_map(lesson).collect()
}

#[cfg(test)]
mod tests;
