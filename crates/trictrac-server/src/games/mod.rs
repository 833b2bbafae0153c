//! The games a room can hold, written once over [`tables::TableGame`].
//!
//! Each game plugs into the server through one adapter module
//! ([`trictrac`], [`backgammon`]) that implements [`ServerGame`]: how the
//! client's messages become its actions (its own verb type, read from
//! the message's JSON: [`ServerGame::Verb`]), its descriptor for the page
//! ([`info::Descriptor`]), its part of the
//! `state` message, its bots, its hint, its records. Rooms, storage, the
//! bots' turns and the relay between instances only see
//! [`RoomGame`], the object-safe face of any [`ServerGame`], and the
//! [`Registry`] that makes a new game of a kind from its option words.
//! A game of another kind needs an adapter and a registry entry, and no
//! change anywhere else (`tests/third_game.rs` plays a dice race that
//! way).

pub mod backgammon;
pub mod info;
mod registry;
pub mod trictrac;

pub use registry::{Maker, Registry};

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use serde::Deserialize;
use serde_json::Value;
use tables::{BySide, Choice, DiceSource, Outcome, Pending, Player, Side, TableGame};

use crate::error::RoomError;

/// One side's figures in a game's review (issue 38, item 4): what the
/// server stores of every rated game and shows on the game's and the
/// players' pages, the same shape for every game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SideFigures {
    /// Decisions reviewed (backgammon: unforced plays and cube
    /// decisions; Grand Trictrac: plays with a choice and stays/leaves).
    pub decisions: u32,
    /// Equity lost per decision, in the review's unit.
    pub error_rate: f64,
    /// Luck per roll, in the same unit (positive: the dice helped).
    pub luck: f64,
    /// The rating words of the error rate, where the game has them
    /// (backgammon: gnubg's, "Expert"…).
    pub rating: Option<String>,
}

/// Both sides' figures of a review and their unit: `mEMG` (backgammon,
/// thousandths of an equivalent money game, as gnubg counts) or
/// `mstake` (Grand Trictrac, thousandths of the expected stake of
/// Every game's review answers them under `figures`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ReviewFigures {
    /// The unit of the error rates and the luck.
    pub unit: String,
    /// White's.
    pub white: SideFigures,
    /// Black's.
    pub black: SideFigures,
}

/// A job to run off the async threads (a hint, a review).
pub type Job = Box<dyn FnOnce() -> Result<Value, crate::error::AnalysisError> + Send>;

/// A rollout to run off the async threads: given where its progress
/// messages go and the flag that stops it (the page went away), it
/// answers its result.
pub type RolloutJob = Box<
    dyn FnOnce(&(dyn Fn(Value) + Sync), &AtomicBool) -> Result<Value, crate::error::AnalysisError>
        + Send,
>;

/// A game's review ([`ServerGame::review`]): its cache key (the record)
/// and the work, or why there is none.
pub type Review = Result<(String, Job), RoomError>;

/// Work on a copy of `game`, to run off the async threads ([`Job`]).
pub fn job<G: Clone + Send + 'static>(
    game: &G,
    work: impl FnOnce(&G) -> Result<Value, crate::error::AnalysisError> + Send + 'static,
) -> Job {
    let game = game.clone();
    Box::new(move || work(&game))
}

/// The maker of a game's bots: a bot by its name, seeded.
pub type BotMaker<G> = fn(&str, u64) -> Option<Box<dyn Player<G>>>;

/// A game's bots as its bot crate tables them: their names (the default
/// first), the level players see for each, and the maker of each.
pub struct BotTable<G> {
    names: &'static [&'static str],
    level: fn(&str) -> &'static str,
    make: BotMaker<G>,
}

impl<G> BotTable<G> {
    /// The table of the bots `names`, their `level` and their maker
    /// (`make`: a bot by its name, seeded).
    pub fn new(
        names: &'static [&'static str],
        level: fn(&str) -> &'static str,
        make: BotMaker<G>,
    ) -> Self {
        BotTable { names, level, make }
    }
}

/// The query of an analysis request: the page's fields by name.
pub type Query = HashMap<String, String>;

/// What a game offers the page's analysis away from a room: the
/// analysis board's positions, the review of a record uploaded, the
/// rollouts. One implementation per game, beside its adapter, registered
/// with the game in the [`Registry`]; the HTTP API calls only this.
pub trait GameAnalysis: Send + Sync {
    /// The analysis of a position set up on the analysis board (the
    /// game's fields in `query`): work to run off the async threads.
    ///
    /// # Errors
    /// A field that is wrong, in one line naming it.
    fn position(&self, query: &Query) -> Result<Job, crate::error::AnalysisError>;

    /// The review of the record `text` uploaded: its cache key and the
    /// work.
    ///
    /// # Errors
    /// Not a record of this game.
    fn review_file(&self, text: &str) -> Result<(String, Job), crate::error::AnalysisError> {
        let _ = text;
        Err("this game has no review of an uploaded record".into())
    }

    /// A rollout of the position of `query`.
    ///
    /// # Errors
    /// A field that is wrong, or no rollouts for this game.
    fn rollout(&self, query: &Query) -> Result<RolloutJob, crate::error::AnalysisError> {
        let _ = query;
        Err("this game has no rollouts".into())
    }

    /// The position of `query` as a key that the same position of a room
    /// gives too ([`ServerGame::live_key`]), whatever notation the query
    /// wrote it in (issue 38: no analysis of a live game's position).
    /// `None` when the query names no position this game can read.
    fn live_key(&self, query: &Query) -> Option<String> {
        let _ = query;
        None
    }
}

/// A game as the server plays it: a [`TableGame`] and what the protocol
/// and the page need of it. One implementation per game, in its adapter
/// module.
pub trait ServerGame: TableGame {
    /// The game's verbs: what a client's message asks of it, read from
    /// the message's JSON (`{"type": "roll"}`, `{"type": "play", "play":
    /// "…"}`: docs/PROTOCOL.md); a message of another type is refused
    /// with serde's words, naming the verbs it has.
    type Verb: serde::de::DeserializeOwned;

    /// What the page and `/api/info` show of the game: its title, its
    /// settings, its links, its analysis ([`info::Descriptor`]).
    fn describe(&self) -> info::Descriptor;

    /// The action by which `side` gives the game up at once (a time
    /// verdict: docs/SERVER.md), if the game has one; without it the
    /// verdict alone ends the game.
    fn forfeit(&self, side: Side) -> Option<Self::Action> {
        let _ = side;
        None
    }

    /// The action a `verb` of a connection holding `seats` makes, and
    /// the side taking it; `Choice::Throw` when the dice are to be
    /// thrown. The pending side acts, except for what may be done out of
    /// turn (a resignation, a school contested); a hot-seat connection
    /// holds both seats.
    ///
    /// # Errors
    /// Not this connection's turn, or a verb the game does not have.
    fn intent(
        &self,
        verb: Self::Verb,
        seats: &[Side],
    ) -> Result<(Side, Choice<Self::Action>), RoomError>;

    /// The game's own fields of the `state` message (board, phase,
    /// history from `tail` entries before the end, or all when `full`…),
    /// added to `v`.
    fn view(&self, v: &mut Value, full: bool, tail: usize);

    /// The stake of a finished game as the page shows it.
    fn stake_text(&self) -> Option<String>;

    /// The option words stored for the game (what [`Registry`] reads).
    fn options_words(&self) -> String;

    /// The game's bots as its bot crate tables them, if it does: what
    /// [`ServerGame::bots`], [`ServerGame::bot`] and
    /// [`ServerGame::bot_level`] answer unless the game says otherwise.
    fn bot_table(&self) -> Option<BotTable<Self>> {
        None
    }

    /// The bots' names, the default first.
    fn bots(&self) -> &'static [&'static str] {
        self.bot_table().map_or(&[], |t| t.names)
    }

    /// The bot called `name` for this game, seeded.
    fn bot(&self, name: &str, seed: u64) -> Option<Box<dyn Player<Self>>> {
        (self.bot_table()?.make)(name, seed)
    }

    /// The level players see for the bot `name` (its seat's name): the
    /// internal name unless the game says better.
    fn bot_level(&self, name: &str) -> String {
        match self.bot_table() {
            Some(t) => (t.level)(name).to_string(),
            None => name.to_string(),
        }
    }

    /// The hint for `seats`: work to run off the async threads.
    ///
    /// # Errors
    /// When there is nothing to hint for them now.
    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let _ = seats;
        Err("no hints for this game".into())
    }

    /// The tutor's judgement (issue 40) of `verb` for `seats`, without
    /// carrying it out: work to run off the async threads, answering the
    /// equity it loses against the best choice and why
    /// (docs/PROTOCOL.md, `judge`).
    ///
    /// # Errors
    /// Nothing to judge for them now, or a game without a tutor.
    fn judge(&self, verb: Self::Verb, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let _ = (verb, seats);
        Err("no tutor for this game".into())
    }

    /// The record in the format of `ext` (`txt`, `json`, `mat`…).
    fn record(&self, ext: &str, names: BySide<&str>, date: &str) -> Option<String>;

    /// The extensions of [`ServerGame::record`], the first the default.
    fn record_formats(&self) -> &'static [&'static str];

    /// The page that reviews a finished game of this kind in room `room`.
    fn review_page(&self, room: &str) -> String {
        format!("/?room={room}&review=1")
    }

    /// The review of the finished game: its cache key (the record) and
    /// the work. `ended`: the room ended it by a verdict (time,
    /// abandonment) though the game itself would go on; its plays so far
    /// are reviewed (issue 38: every rated game reviewed).
    ///
    /// # Errors
    /// When the game is not over, or has no review.
    fn review(&self, names: BySide<&str>, date: &str, ended: bool) -> Review {
        let _ = (names, date, ended);
        Err(RoomError::Refused(format!(
            "the review is of Grand Trictrac games; this is a {} game",
            self.kind()
        )))
    }

    /// Why the checker on `field` cannot move now (the page's question
    /// when a checker is clicked), if the game answers it.
    fn why(&self, field: u8) -> Option<String> {
        let _ = field;
        None
    }

    /// Entering from the bar (issue 38, the players' dice statistics):
    /// when `side` has checkers on the bar before the roll `high`-`low`,
    /// whether that roll enters one and the probability that a roll
    /// does (the share of the 36 rolls with a legal play from the bar).
    /// `None` when nothing is on the bar, or the game has no bar.
    fn entering(&self, side: Side, high: u8, low: u8) -> Option<(bool, f64)> {
        let _ = (side, high, low);
        None
    }

    /// The position now as the key of [`GameAnalysis::live_key`], if the
    /// game has one (`None` between games, once over).
    fn live_key(&self) -> Option<String> {
        None
    }
}

/// Any [`ServerGame`], as a room holds it.
pub trait RoomGame: Send + Sync + std::fmt::Debug {
    /// The game's name (`trictrac`, `backgammon`).
    fn kind(&self) -> &'static str;
    /// A copy.
    fn boxed_clone(&self) -> Box<dyn RoomGame>;
    /// Who must decide and what.
    fn pending(&self) -> Option<Pending>;
    /// How it ended.
    fn outcome(&self) -> Option<Outcome>;
    /// Applies a stored action.
    ///
    /// # Errors
    /// When it is not an action of this game or does not apply.
    fn apply_stored(&mut self, json: &str) -> Result<(), RoomError>;
    /// Carries out the verb of the client's message `msg` (read by the
    /// game into its [`ServerGame::Verb`]; the dice drawn from `dice`),
    /// returns the side that acted and the action as stored.
    ///
    /// # Errors
    /// Not a verb of this game, not this connection's turn, or an
    /// illegal action.
    fn act(
        &mut self,
        msg: &Value,
        seats: &[Side],
        dice: &mut dyn DiceSource,
    ) -> Result<(Side, String), RoomError>;
    /// `side` gives the game up at once ([`ServerGame::forfeit`]): the
    /// action as stored.
    ///
    /// # Errors
    /// The game has no such action, or it does not apply.
    fn forfeit(&mut self, side: Side) -> Result<String, RoomError>;
    /// See [`ServerGame::describe`].
    fn describe(&self) -> info::Descriptor;
    /// Applies what the game does by itself (opening throws, forced
    /// passes), returns them as stored.
    ///
    /// # Errors
    /// When the game refuses its own action (a bug).
    fn automatic(&mut self, dice: &mut dyn DiceSource) -> Result<Vec<String>, RoomError>;
    /// The bot `name` takes its turn; its actions as stored.
    ///
    /// # Errors
    /// An unknown bot, or a bot that failed.
    fn bot_turn(
        &mut self,
        name: &str,
        seed: u64,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<String>, RoomError>;
    /// See [`ServerGame::view`].
    fn view(&self, v: &mut Value, full: bool, tail: usize);
    /// See [`ServerGame::stake_text`].
    fn stake_text(&self) -> Option<String>;
    /// See [`ServerGame::options_words`].
    fn options_words(&self) -> String;
    /// See [`ServerGame::bots`].
    fn bots(&self) -> &'static [&'static str];
    /// See [`ServerGame::bot_level`].
    fn bot_level(&self, name: &str) -> String;
    /// See [`ServerGame::hint`].
    ///
    /// # Errors
    /// Nothing to hint.
    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError>;
    /// See [`ServerGame::judge`]; `msg` is read as in [`RoomGame::act`].
    ///
    /// # Errors
    /// Not a verb of this game, or nothing to judge.
    fn judge(&self, msg: &Value, seats: &[Side]) -> Result<Job, crate::error::AnalysisError>;
    /// See [`ServerGame::record`].
    fn record(&self, ext: &str, names: BySide<&str>, date: &str) -> Option<String>;
    /// See [`ServerGame::record_formats`].
    fn record_formats(&self) -> &'static [&'static str];
    /// See [`ServerGame::review_page`].
    fn review_page(&self, room: &str) -> String;
    /// See [`ServerGame::review`].
    ///
    /// # Errors
    /// Not over, or no review.
    fn review(&self, names: BySide<&str>, date: &str, ended: bool) -> Review;
    /// See [`ServerGame::why`].
    fn why(&self, field: u8) -> Option<String>;
    /// See [`ServerGame::entering`].
    fn entering(&self, side: Side, high: u8, low: u8) -> Option<(bool, f64)>;
    /// The position in the game's notation.
    fn position_text(&self) -> String;
    /// See [`ServerGame::live_key`].
    fn live_key(&self) -> Option<String>;
}

fn stored<A: serde::Serialize>(a: &A) -> String {
    tables::game::to_stored(a)
}

/// The verb of the client's message `msg`, as the game `g` reads it.
fn read_verb<G: ServerGame>(g: &G, msg: &Value) -> Result<G::Verb, RoomError> {
    G::Verb::deserialize(msg).map_err(|e| {
        let verb = msg.get("type").and_then(Value::as_str).unwrap_or("");
        RoomError::Refused(format!(
            "`{verb}` is not something to do in a {} game: {e}",
            TableGame::kind(g)
        ))
    })
}

impl<G: ServerGame> RoomGame for G {
    fn kind(&self) -> &'static str {
        TableGame::kind(self)
    }

    fn boxed_clone(&self) -> Box<dyn RoomGame> {
        Box::new(self.clone())
    }

    fn pending(&self) -> Option<Pending> {
        TableGame::pending(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        TableGame::outcome(self)
    }

    fn apply_stored(&mut self, json: &str) -> Result<(), RoomError> {
        let a: G::Action = tables::game::from_stored(json)?;
        TableGame::apply(self, &a)?;
        Ok(())
    }

    fn act(
        &mut self,
        msg: &Value,
        seats: &[Side],
        dice: &mut dyn DiceSource,
    ) -> Result<(Side, String), RoomError> {
        let verb = read_verb(self, msg)?;
        if TableGame::pending(self).is_none() {
            return Err(match TableGame::outcome(self) {
                Some(o) => RoomError::Refused(format!("the game is over: {} won", o.winner)),
                None => RoomError::Refused("the game is over".into()),
            });
        }
        let (side, choice) = ServerGame::intent(self, verb, seats)?;
        let action = match choice {
            Choice::Throw => TableGame::throw(self, dice)?,
            Choice::Act(a) => a,
        };
        let done = TableGame::apply(self, &action)?;
        Ok((side, stored(&done)))
    }

    fn forfeit(&mut self, side: Side) -> Result<String, RoomError> {
        let action = ServerGame::forfeit(self, side).ok_or_else(|| {
            RoomError::Refused(format!(
                "a {} game is not given up by an action",
                TableGame::kind(self)
            ))
        })?;
        let done = TableGame::apply(self, &action)?;
        Ok(stored(&done))
    }

    fn describe(&self) -> info::Descriptor {
        ServerGame::describe(self)
    }

    fn automatic(&mut self, dice: &mut dyn DiceSource) -> Result<Vec<String>, RoomError> {
        Ok(tables::apply_automatic(self, dice)?
            .iter()
            .map(stored)
            .collect())
    }

    fn bot_turn(
        &mut self,
        name: &str,
        seed: u64,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<String>, RoomError> {
        let mut bot = ServerGame::bot(self, name, seed).ok_or_else(|| {
            RoomError::Refused(format!("no bot `{name}` for {}", TableGame::kind(self)))
        })?;
        let done = tables::take_turn(self, bot.as_mut(), dice)
            .map_err(|e| RoomError::Refused(e.to_string()))?;
        Ok(done.iter().map(stored).collect())
    }

    fn view(&self, v: &mut Value, full: bool, tail: usize) {
        ServerGame::view(self, v, full, tail)
    }

    fn stake_text(&self) -> Option<String> {
        ServerGame::stake_text(self)
    }

    fn options_words(&self) -> String {
        ServerGame::options_words(self)
    }

    fn bots(&self) -> &'static [&'static str] {
        ServerGame::bots(self)
    }

    fn bot_level(&self, name: &str) -> String {
        ServerGame::bot_level(self, name)
    }

    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        ServerGame::hint(self, seats)
    }

    fn judge(&self, msg: &Value, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let verb = read_verb(self, msg)
            .map_err(|e| crate::error::AnalysisError::Request(e.to_string()))?;
        ServerGame::judge(self, verb, seats)
    }

    fn record(&self, ext: &str, names: BySide<&str>, date: &str) -> Option<String> {
        ServerGame::record(self, ext, names, date)
    }

    fn record_formats(&self) -> &'static [&'static str] {
        ServerGame::record_formats(self)
    }

    fn review_page(&self, room: &str) -> String {
        ServerGame::review_page(self, room)
    }

    fn review(&self, names: BySide<&str>, date: &str, ended: bool) -> Review {
        ServerGame::review(self, names, date, ended)
    }

    fn why(&self, field: u8) -> Option<String> {
        ServerGame::why(self, field)
    }

    fn entering(&self, side: Side, high: u8, low: u8) -> Option<(bool, f64)> {
        ServerGame::entering(self, side, high, low)
    }

    fn position_text(&self) -> String {
        TableGame::position_text(self)
    }

    fn live_key(&self) -> Option<String> {
        ServerGame::live_key(self)
    }
}

impl Clone for Box<dyn RoomGame> {
    fn clone(&self) -> Box<dyn RoomGame> {
        self.boxed_clone()
    }
}

/// The mark of a decision that lost `lost` among a review's `thresholds`
/// (each game's, in its own unit): `very_bad`, `bad`, `doubtful`, or
/// empty below the first.
pub fn mark(lost: f64, thresholds: [f64; 3]) -> &'static str {
    if lost >= thresholds[2] {
        "very_bad"
    } else if lost >= thresholds[1] {
        "bad"
    } else if lost >= thresholds[0] {
        "doubtful"
    } else {
        ""
    }
}
