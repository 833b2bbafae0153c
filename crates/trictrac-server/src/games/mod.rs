//! The games a room can hold, written once over [`tables::TableGame`].
//!
//! Each game plugs into the server through one adapter module
//! ([`trictrac`], [`backgammon`]) that implements [`ServerGame`]: how the
//! protocol's verbs ([`Intent`]) become its actions, its part of the
//! `state` message, its bots, its hint, its records. Rooms, storage, the
//! bots' turns and the relay between instances only see
//! [`RoomGame`], the object-safe face of any [`ServerGame`], and the
//! [`Registry`] that makes a new game of a kind from its option words.
//! A game of another kind needs an adapter and a registry entry, and no
//! change anywhere else (`tests/third_game.rs` plays a dice race that
//! way).

pub mod backgammon;
pub mod trictrac;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde_json::Value;
use tables::{BySide, Choice, DiceSource, Outcome, Pending, Player, Side, TableGame};

use crate::error::RoomError;

/// What a player asks for: the verbs of the protocol (docs/PROTOCOL.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Roll the dice.
    Roll,
    /// Play, in the game's notation.
    Play(String),
    /// Stay after winning a hole.
    Stay,
    /// Leave after winning a hole.
    Leave,
    /// Declare points (manual marking).
    Declare(u32),
    /// Claim a school naming these points (manual marking).
    School(u32),
    /// Contest the last school marked against this player.
    Contest,
    /// Settle the false play standing (section 11): correct it
    /// (`correct`, to `play` when given, else the smallest correction),
    /// leave it as it is, or have it put back for its author to
    /// `replay`; its author replays with `correct` and `play`.
    Settle {
        /// Corrected (or replayed) rather than left.
        correct: bool,
        /// The play chosen.
        play: Option<String>,
        /// Put back for the author to replay.
        replay: bool,
        /// The late false move claimed (section 11, case 6): the author's
        /// next roll carries the faulty checker on.
        late: bool,
    },
    /// Give up the game at once (the other player wins): Grand Trictrac's
    /// `resign`, and a time verdict's resignation in every game.
    Resign,
    /// The protocol's `resign`, with the kind offered if any: Grand
    /// Trictrac resigns at once (no kind); backgammon offers to resign a
    /// single game (the default), a gammon or a backgammon, which the
    /// opponent accepts or declines.
    OfferResign(Option<String>),
    /// Accept (`true`) or decline the resignation the opponent offers.
    AnswerResign(bool),
    /// Withdraw one's own resignation offered, before it is answered.
    WithdrawResign,
    /// Offer the videau (backgammon, BG-7.2).
    Double,
    /// Take the videau offered (BG-7.3).
    Take,
    /// Take and redouble at once (BG-7.5, when beavers are on).
    Beaver,
    /// Refuse the videau and lose the game (BG-7.4).
    Drop,
}

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
    /// The action an `intent` of a connection holding `seats` makes, and
    /// the side taking it; `Choice::Throw` when the dice are to be
    /// thrown. The pending side acts, except for what may be done out of
    /// turn (a resignation, a school contested); a hot-seat connection
    /// holds both seats.
    ///
    /// # Errors
    /// Not this connection's turn, or a verb the game does not have.
    fn intent(
        &self,
        intent: Intent,
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

    /// The bots' names, the default first.
    fn bots(&self) -> &'static [&'static str];

    /// The bot called `name` for this game, seeded.
    fn bot(&self, name: &str, seed: u64) -> Option<Box<dyn Player<Self>>>;

    /// The level players see for the bot `name` (its seat's name): the
    /// internal name unless the game says better.
    fn bot_level(&self, name: &str) -> String {
        name.to_string()
    }

    /// The hint for `seats`: work to run off the async threads.
    ///
    /// # Errors
    /// When there is nothing to hint for them now.
    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let _ = seats;
        Err("no hints for this game".into())
    }

    /// The tutor's judgement (issue 40) of `intent` for `seats`, without
    /// carrying it out: work to run off the async threads, answering the
    /// equity it loses against the best choice and why
    /// (docs/PROTOCOL.md, `judge`).
    ///
    /// # Errors
    /// Nothing to judge for them now, or a game without a tutor.
    fn judge(&self, intent: Intent, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let _ = (intent, seats);
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
    fn review(
        &self,
        names: BySide<&str>,
        date: &str,
        ended: bool,
    ) -> Result<(String, Job), RoomError> {
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
    /// Carries out `intent` (the dice drawn from `dice`), returns the
    /// side that acted and the action as stored.
    ///
    /// # Errors
    /// Not this connection's turn, or an illegal action.
    fn act(
        &mut self,
        intent: Intent,
        seats: &[Side],
        dice: &mut dyn DiceSource,
    ) -> Result<(Side, String), RoomError>;
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
    /// See [`ServerGame::judge`].
    ///
    /// # Errors
    /// Nothing to judge.
    fn judge(&self, intent: Intent, seats: &[Side]) -> Result<Job, crate::error::AnalysisError>;
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
    fn review(
        &self,
        names: BySide<&str>,
        date: &str,
        ended: bool,
    ) -> Result<(String, Job), RoomError>;
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
        intent: Intent,
        seats: &[Side],
        dice: &mut dyn DiceSource,
    ) -> Result<(Side, String), RoomError> {
        if TableGame::pending(self).is_none() {
            return Err(match TableGame::outcome(self) {
                Some(o) => RoomError::Refused(format!("the game is over: {} won", o.winner)),
                None => RoomError::Refused("the game is over".into()),
            });
        }
        let (side, choice) = ServerGame::intent(self, intent, seats)?;
        let action = match choice {
            Choice::Throw => TableGame::throw(self, dice)?,
            Choice::Act(a) => a,
        };
        let done = TableGame::apply(self, &action)?;
        Ok((side, stored(&done)))
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

    fn judge(&self, intent: Intent, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        ServerGame::judge(self, intent, seats)
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

    fn review(
        &self,
        names: BySide<&str>,
        date: &str,
        ended: bool,
    ) -> Result<(String, Job), RoomError> {
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

/// Makes a new game of one kind from its option words (empty: the
/// server's defaults).
pub type Maker =
    Arc<dyn Fn(&str) -> Result<Box<dyn RoomGame>, crate::error::GameError> + Send + Sync>;

/// The games the server offers, by name.
#[derive(Clone)]
pub struct Registry {
    makers: HashMap<String, Maker>,
    analyses: HashMap<String, Arc<dyn GameAnalysis>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("games", &self.names())
            .finish()
    }
}

impl Registry {
    /// No game at all.
    pub fn empty() -> Registry {
        Registry {
            makers: HashMap::new(),
            analyses: HashMap::new(),
        }
    }

    /// Grand Trictrac (with `trictrac_defaults` when a client names no
    /// options) and backgammon.
    pub fn standard(trictrac_defaults: ::trictrac::GameOptions) -> Registry {
        let mut r = Registry::empty();
        r.register("trictrac", move |words| {
            self::trictrac::new_game(words, trictrac_defaults)
        });
        r.register("backgammon", self::backgammon::new_match);
        r.register_analysis("trictrac", Arc::new(self::trictrac::Analysis));
        r.register_analysis("backgammon", Arc::new(self::backgammon::Analysis));
        r
    }

    /// Adds (or replaces) the analysis of the game `name`.
    pub fn register_analysis(&mut self, name: &str, analysis: Arc<dyn GameAnalysis>) {
        self.analyses.insert(name.to_string(), analysis);
    }

    /// The analysis of the game `name`.
    ///
    /// # Errors
    /// An unknown game, or one without analysis.
    pub fn analysis(&self, name: &str) -> Result<Arc<dyn GameAnalysis>, crate::error::GameError> {
        self.analyses.get(name).cloned().ok_or_else(|| {
            let mut names: Vec<&str> = self.analyses.keys().map(String::as_str).collect();
            names.sort_unstable();
            crate::error::GameError::Unknown(format!(
                "no analysis of `{name}`: {}",
                names.join(" or ")
            ))
        })
    }

    /// Adds (or replaces) the game `name`, made by `make` from its option
    /// words.
    pub fn register<G: ServerGame>(
        &mut self,
        name: &str,
        make: impl Fn(&str) -> Result<G, crate::error::GameError> + Send + Sync + 'static,
    ) {
        self.makers.insert(
            name.to_string(),
            Arc::new(move |w: &str| make(w).map(|g| Box::new(g) as Box<dyn RoomGame>)),
        );
    }

    /// A new game `name` with `options`.
    ///
    /// # Errors
    /// An unknown game, or options it does not read.
    pub fn make(
        &self,
        name: &str,
        options: &str,
    ) -> Result<Box<dyn RoomGame>, crate::error::GameError> {
        match self.makers.get(name) {
            Some(m) => m(options.trim()),
            None => Err(format!("game `{name}`: {}", self.names().join(" or ")).into()),
        }
    }

    /// The games' names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.makers.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }
}
