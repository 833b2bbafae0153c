//! The time of a lobby game (issue 26): its clock ([`super::clock`]),
//! the time of its last action (the idle rule), and the verdict that
//! ends a game on time, by abandonment or idleness — written once for
//! every game of the registry.
//!
//! What a verdict scores is the game's own resignation (docs/SERVER.md,
//! "Clocks and abandonment"): the loser's resignation ([`crate::games::ServerGame::forfeit`]) is applied
//! and stored as his last action when it ends what the room plays
//! (Grand Trictrac's game at the stake R-9.1 gives on the score as it
//! stands; a backgammon money game, a single game times the videau).
//! When it does not (a backgammon match goes on to its next game; a
//! *partie à écrire* cannot be resigned, R-9.2) the loser loses the
//! whole match or partie, by the verdict alone.
//!
//! The server enforces it: a timekeeper task wakes at each deadline and
//! ends the game when the clock (or the idle limit) ran out, whether
//! anyone holds the room or not; it also looks at every timed game in
//! the database at start and every [`AbandonConfig::sweep`], so a
//! restart, or a game held by another instance that stopped, is caught.
//! Several instances on one PostgreSQL database may all look: the first
//! to store the verdict wins (a conditional write), the others read it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tables::Side;
use tokio::sync::mpsc;

use super::clock::{now_ms, side_name, Clock, ClockSpec};
use super::{Hub, Room};
use crate::error::RoomError;

/// The settings of abandonment and idleness (`trictrac serve
/// --grace-seconds`, `--idle-minutes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbandonConfig {
    /// How long a player who left an online game keeps it before his
    /// opponent may claim it.
    pub grace: Duration,
    /// A lobby game where the side to act has not acted for this long
    /// ends: he loses it (nobody stalls a game for ever).
    pub idle: Duration,
    /// How often the server looks at every timed game in the database.
    pub sweep: Duration,
    /// How often each instance on a shared PostgreSQL database announces
    /// its connections to the rooms it holds; the others' not announced
    /// again within three and a half times this are forgotten (an
    /// instance killed without a word: issue 34).
    pub presence: Duration,
}

impl AbandonConfig {
    /// How long another instance's announced connections stand.
    pub fn presence_expires(&self) -> Duration {
        self.presence * 7 / 2
    }
}

impl Default for AbandonConfig {
    fn default() -> AbandonConfig {
        AbandonConfig {
            grace: Duration::from_secs(60),
            idle: Duration::from_secs(3600),
            sweep: Duration::from_secs(60),
            presence: Duration::from_secs(10),
        }
    }
}

/// Why a game ended by a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The loser's clock ran out.
    Time,
    /// The loser left and his opponent claimed the game after the grace
    /// period.
    Abandon,
    /// The loser, to act, did not act for the idle limit.
    Idle,
}

/// A game ended on time, by abandonment or idleness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The winner.
    #[serde(with = "side_name")]
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
    /// The result line (as in the game list and the game's row).
    pub text: String,
}

/// What a room stores of its time, beside its actions (the `timing`
/// column).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// A lobby game: the idle rule applies.
    #[serde(default)]
    pub lobby: bool,
    /// Its clock, if it has one.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// When its last action was stored, or it was set up (Unix ms).
    #[serde(default)]
    pub last: i64,
    /// How it ended, when a verdict ended it.
    #[serde(default)]
    pub verdict: Option<Verdict>,
}

impl Timing {
    /// After an action: the clock charged and passed on, `last` now.
    pub fn after_action(&self, before: Option<Side>, after: Option<Side>, now: i64) -> Timing {
        Timing {
            clock: self
                .clock
                .as_ref()
                .map(|c| c.after_action(before, after, now)),
            last: now,
            ..self.clone()
        }
    }

    /// The next moment something may be due: the clock's deadline, or the
    /// idle limit of a lobby game, while it goes on and `to_act` decides.
    pub fn deadline(&self, to_act: Option<Side>, idle: Duration) -> Option<i64> {
        if self.verdict.is_some() {
            return None;
        }
        to_act?;
        let clock = self.clock.as_ref().and_then(Clock::deadline);
        let idle = self
            .idle_rule()
            .then(|| self.last + idle.as_millis() as i64);
        match (clock, idle) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// What is due at `now` when `to_act` decides: the loser and why.
    pub fn due(&self, to_act: Option<Side>, idle: Duration, now: i64) -> Option<(Side, Reason)> {
        if self.verdict.is_some() {
            return None;
        }
        let side = to_act?;
        if let Some(s) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            return Some((s, Reason::Time));
        }
        (self.idle_rule() && now >= self.last + idle.as_millis() as i64)
            .then_some((side, Reason::Idle))
    }

    /// Whether the idle rule applies: a lobby game but a correspondence
    /// one (its days per move are its only limit).
    fn idle_rule(&self) -> bool {
        self.lobby && !self.correspondence()
    }

    /// Whether the game is played by correspondence (days per move).
    pub fn correspondence(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| c.spec.is_correspondence())
    }

    /// From the stored text (`None` when absent or unreadable, logged).
    pub fn read(text: Option<&str>) -> Option<Timing> {
        let t = text?;
        match serde_json::from_str(t) {
            Ok(x) => Some(x),
            Err(e) => {
                tracing::error!("unreadable timing `{t}`: {e}");
                None
            }
        }
    }

    /// The stored text.
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The reason in the result line.
fn because(loser: Side, reason: Reason, idle: Duration, spec: Option<ClockSpec>) -> String {
    match reason {
        Reason::Time => match spec {
            Some(ClockSpec::Days { days: 1 }) => format!("{loser} did not move within a day"),
            Some(ClockSpec::Days { days }) => format!("{loser} did not move within {days} days"),
            _ => format!("{loser} lost on time"),
        },
        Reason::Abandon => format!("{loser} left the game, claimed by {}", !loser),
        Reason::Idle if idle.as_secs() < 120 => {
            format!("{loser} did not play for {} s", idle.as_secs())
        }
        Reason::Idle => format!(
            "{loser} did not play for {} minutes",
            idle.as_secs().div_ceil(60)
        ),
    }
}

/// The timekeeper's queue: room codes and when to look at them (Unix ms).
pub type Wakeups = mpsc::UnboundedSender<(i64, String)>;

impl Hub {
    /// Makes a lobby game timed: its clock (if `spec`) starts for the
    /// side to act, the idle rule applies. Stored, then told.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn start_timing(
        &self,
        room: &mut Room,
        spec: Option<ClockSpec>,
    ) -> Result<(), RoomError> {
        let now = now_ms();
        let timing = Timing {
            lobby: true,
            clock: spec.map(|s| Clock::new(s, room.game.side_to_act(), now)),
            last: now,
            verdict: None,
        };
        self.store
            .set_timing(&room.row.id, &timing.text())
            .await
            .map_err(|e| RoomError::Storage(e.to_string()))?;
        room.timing = Some(timing);
        self.wake_for(room);
        room.broadcast();
        Ok(())
    }

    /// Asks the timekeeper to look at `room` at its next deadline,
    /// unless it will look earlier (then it asks again itself).
    pub(crate) fn wake_for(&self, room: &mut Room) {
        let Some(at) = room
            .timing
            .as_ref()
            .and_then(|t| t.deadline(room.game.side_to_act(), self.config.abandon.idle))
        else {
            return;
        };
        if room.woken.is_some_and(|w| w <= at && w > now_ms()) {
            return;
        }
        room.woken = Some(at);
        let _ = self.wakeups.send((at, room.row.id.clone()));
    }

    /// Ends `room` if its clock or idle limit ran out; answers whether it
    /// did.
    pub(super) async fn enforce_time(&self, room: &mut Room) -> bool {
        if room.over() {
            return false;
        }
        let due = room
            .timing
            .as_ref()
            .and_then(|t| t.due(room.game.side_to_act(), self.config.abandon.idle, now_ms()));
        let Some((loser, reason)) = due else {
            return false;
        };
        // A correspondence player's vacation pauses his clock: credited
        // first, the game goes on if it gave him time.
        if reason == Reason::Time && self.credit_vacation(room, loser).await {
            return false;
        }
        if let Err(e) = self.end_game(room, loser, reason).await {
            tracing::error!(room = %room.row.id, "cannot end the game: {e}");
            return false;
        }
        true
    }

    /// Ends the game of `room`, lost by `loser` for `reason` (module
    /// doc): the game's own resignation when it ends what the room
    /// plays, else the verdict alone.
    pub(super) async fn end_game(
        &self,
        room: &mut Room,
        loser: Side,
        reason: Reason,
    ) -> Result<(), RoomError> {
        let now = now_ms();
        let spec = room
            .timing
            .as_ref()
            .and_then(|t| t.clock.as_ref())
            .map(|c| c.spec);
        let why = because(loser, reason, self.config.abandon.idle, spec);
        let base = room.timing.clone().unwrap_or_default();
        let mut g = room.game.clone();
        let resigned = g
            .forfeit(loser)
            .ok()
            .and_then(|text| g.outcome().map(|o| (text, o)));
        if let Some((text, o)) = resigned {
            let line = format!("{} ({why})", o.text);
            let mut t = base.after_action(room.game.side_to_act(), None, now);
            t.verdict = Some(Verdict {
                winner: Some(o.winner),
                reason,
                text: line.clone(),
            });
            let first = room.actions.len();
            self.store
                .insert_actions(
                    &room.row.id,
                    first,
                    std::slice::from_ref(&text),
                    Some(&line),
                    Some(&t.text()),
                )
                .await
                .map_err(|e| match e {
                    crate::store::InsertError::Conflict => {
                        RoomError::Stale("the game moved on meanwhile".into())
                    }
                    crate::store::InsertError::Db(e) => RoomError::Storage(e.to_string()),
                })?;
            room.game = g;
            room.actions.push(text);
            room.row.finished = Some(crate::store::now());
            room.row.result = Some(line);
            room.timing = Some(t);
        } else {
            let winner = !loser;
            let line = format!("{winner} wins the whole game ({why})");
            let mut t = base.after_action(room.game.side_to_act(), None, now);
            t.verdict = Some(Verdict {
                winner: Some(winner),
                reason,
                text: line.clone(),
            });
            let stored = self
                .store
                .end_by_verdict(&room.row.id, &line, &t.text(), room.actions.len())
                .await
                .map_err(|e| RoomError::Storage(e.to_string()))?;
            if stored {
                room.row.finished = Some(crate::store::now());
                room.row.result = Some(line);
                room.timing = Some(t);
            } else {
                // Another writer came first: what it stored stands.
                self.reload_timing(room).await?;
            }
        }
        tracing::info!(room = %room.row.id, "game ended: {why}");
        self.track_live(room);
        room.broadcast();
        Ok(())
    }

    /// Reads the room's timing, end and result again from the database
    /// (another instance changed them).
    pub(super) async fn reload_timing(
        &self,
        room: &mut Room,
    ) -> Result<(), crate::error::ServerError> {
        let id = room.row.id.clone();
        let text = self.store.timing(&id).await?;
        room.timing = Timing::read(text.as_deref());
        let (finished, result) = self.store.ending(&id).await?;
        if finished.is_some() {
            room.row.finished = finished;
            room.row.result = result;
        }
        Ok(())
    }

    /// Looks at the room `id` now (the timekeeper's wake-up): loads it
    /// if needed, brings it up to date, ends it if due.
    async fn look_at(self: &Arc<Self>, id: String) {
        let room = match self.room(&id).await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(room = %id, "the timekeeper cannot load the game: {e}");
                return;
            }
        };
        let mut r = room.lock().await;
        if !self.store.is_sqlite() {
            // Another instance may have moved it on.
            if let Err(e) = self.catch_up_locked(&mut r).await {
                tracing::warn!(room = %id, "{e}");
            }
        }
        if !self.enforce_time(&mut r).await {
            r.woken = None;
            self.wake_for(&mut r);
        }
        drop(r);
        drop(room);
        self.evict_idle();
    }

    /// [`Hub::sweep`] now (the tests' clock advanced: `Server::advance_clock`).
    pub(crate) async fn sweep_now(&self) {
        self.sweep().await;
    }

    /// Every timed game of the database, to the timekeeper's queue at its
    /// next deadline (at start, then every [`AbandonConfig::sweep`]).
    async fn sweep(&self) {
        let games = match self.store.timed_games().await {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!("the timekeeper cannot list the timed games: {e}");
                return;
            }
        };
        let now = now_ms();
        for (id, text) in games {
            let Some(t) = Timing::read(Some(&text)) else {
                continue;
            };
            // The side to act is the game's: a deadline for anyone is
            // looked at (the look decides).
            let at = t
                .deadline(Some(Side::White), self.config.abandon.idle)
                .unwrap_or(now);
            let _ = self.wakeups.send((at, id));
        }
    }
}

/// The timekeeper: wakes at each room's next deadline and looks at it;
/// sweeps the database at start and every `sweep`. Ends when the server
/// stops.
pub async fn timekeeper(hub: Arc<Hub>, mut queue: mpsc::UnboundedReceiver<(i64, String)>) {
    let mut heap: BinaryHeap<Reverse<(i64, String)>> = BinaryHeap::new();
    let mut stopping = hub.stopping.clone();
    let mut sweep = tokio::time::interval(hub.config.abandon.sweep);
    loop {
        let next = heap.peek().map(|Reverse((at, _))| *at);
        let sleep = match next {
            Some(at) => Duration::from_millis((at - now_ms()).max(0) as u64),
            None => Duration::from_secs(3600),
        };
        tokio::select! {
            m = queue.recv() => match m {
                Some(w) => heap.push(Reverse(w)),
                None => return,
            },
            _ = tokio::time::sleep(sleep), if next.is_some() => {
                let now = now_ms();
                let mut due = Vec::new();
                while let Some(Reverse((at, _))) = heap.peek() {
                    if *at > now {
                        break;
                    }
                    if let Some(Reverse((_, id))) = heap.pop() {
                        if !due.contains(&id) {
                            due.push(id);
                        }
                    }
                }
                for id in due {
                    let hub = hub.clone();
                    tokio::spawn(async move { hub.look_at(id).await });
                }
            }
            _ = sweep.tick() => {
                let hub = hub.clone();
                tokio::spawn(async move { hub.sweep().await });
            }
            _ = stopping.changed() => return,
        }
    }
}

/// The time of a room in its `state` message: the clock (each side's
/// time left, in ms, when sent), who is away and since when, the grace
/// period, and a verdict in `over`.
pub fn time_view(room: &Room, v: &mut Value) {
    let now = now_ms();
    let t = room.timing.as_ref();
    v["clock"] = t
        .and_then(|t| t.clock.as_ref())
        .map_or(Value::Null, |c| c.view(now));
    // Only a seat of an online game can be left (a bot's is never held).
    let online = room.mode() == super::Mode::Online;
    let away = |s: Side| match *room.absent.get(s) {
        Some(since) if online => json!((now - since).max(0)),
        _ => Value::Null,
    };
    v["away"] = json!({ "white": away(Side::White), "black": away(Side::Black) });
    v["grace"] = json!(room.grace_ms);
    if let Some(verdict) = t.and_then(|t| t.verdict.as_ref()) {
        let winner = verdict.winner.map(Side::name);
        if v["over"].is_null() {
            v["over"] = json!({ "winner": winner, "stake": null, "result": verdict.text });
        } else {
            v["over"]["result"] = json!(verdict.text);
        }
        v["over"]["reason"] = json!(verdict.reason);
        v["pending"] = Value::Null;
        if v["phase"].is_object() {
            v["phase"]["kind"] = json!("over");
            v["phase"]["side"] = json!(winner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_deadline_is_the_clock_or_the_idle_limit_whichever_first() {
        let idle = Duration::from_secs(3600);
        let clock = Clock::new(ClockSpec::Move { seconds: 60 }, Some(Side::White), 1_000);
        let t = Timing {
            lobby: true,
            clock: Some(clock),
            last: 1_000,
            verdict: None,
        };
        assert_eq!(t.deadline(Some(Side::White), idle), Some(61_000));
        assert_eq!(t.due(Some(Side::White), idle, 60_999), None);
        assert_eq!(
            t.due(Some(Side::White), idle, 61_000),
            Some((Side::White, Reason::Time))
        );
        // Without a clock, the idle limit; nobody to act, nothing due.
        let t = Timing { clock: None, ..t };
        assert_eq!(t.deadline(Some(Side::Black), idle), Some(3_601_000));
        assert_eq!(
            t.due(Some(Side::Black), idle, 3_601_000),
            Some((Side::Black, Reason::Idle))
        );
        assert_eq!(t.deadline(None, idle), None);
        // A game that is not the lobby's has no idle limit.
        let t = Timing { lobby: false, ..t };
        assert_eq!(t.deadline(Some(Side::Black), idle), None);
    }

    #[test]
    fn a_verdict_ends_every_deadline_and_is_stored_whole() {
        let t = Timing {
            lobby: true,
            clock: Some(Clock::new(
                ClockSpec::Total {
                    minutes: 0.5,
                    increment: 2,
                },
                Some(Side::Black),
                0,
            )),
            last: 0,
            verdict: Some(Verdict {
                winner: Some(Side::White),
                reason: Reason::Abandon,
                text: "white wins".into(),
            }),
        };
        assert_eq!(t.deadline(Some(Side::Black), Duration::from_secs(1)), None);
        assert_eq!(
            t.due(Some(Side::Black), Duration::from_secs(1), i64::MAX),
            None
        );
        assert_eq!(Timing::read(Some(&t.text())), Some(t.clone()));
        assert!(t.text().contains(r#""reason":"abandon""#), "{}", t.text());
        assert_eq!(Timing::read(Some("not json")), None);
    }
}
