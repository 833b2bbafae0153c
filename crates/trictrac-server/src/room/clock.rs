//! The clocks of lobby games (issue 26): per move, or a total with an
//! increment, kept by the server. Written once for every game: a clock
//! only sees which side decides ([`tables::Pending::side`]) before and
//! after each stored action.
//!
//! - **Per move** (`{"kind": "move", "seconds": S}`): every decision of a
//!   side (a throw, a play, an answer to the videau, a mark…) gets `S`
//!   seconds from the moment it is that side's to take.
//! - **Total** (`{"kind": "total", "minutes": M, "increment": I}`): each
//!   side has `M` minutes for the whole game (or match); its time runs
//!   while it decides; when its turn passes to the other side it gains
//!   `I` seconds (Fischer).
//!
//! Nobody's clock runs while nobody decides (the dice thrown for both
//! sides, the game over). The state is wall-clock milliseconds, stored
//! with the game's actions (the `timing` column, in the same transaction),
//! so a restart, or another server instance, reads the same clock.

use serde::{Deserialize, Serialize};
use tables::{BySide, Side};

/// How a game is timed, as a seek asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSpec {
    /// `seconds` for each decision.
    Move {
        /// Seconds per decision.
        seconds: u32,
    },
    /// `minutes` for the whole game, `increment` seconds more at the end
    /// of each turn.
    Total {
        /// Minutes per side (fractions allowed: `0.5` is 30 s).
        minutes: f64,
        /// Seconds added at the end of each of the side's turns.
        #[serde(default)]
        increment: u32,
    },
    /// Correspondence (issue 39): `days` for each decision, the game
    /// waiting across restarts; no idle rule, no claim of an absent
    /// player, the player's vacation pausing his clock
    /// (the correspondence games).
    Days {
        /// Days per decision: 1 to [`MAX_DAYS`] (the lobby offers 1, 2,
        /// 3 and 7).
        days: u32,
    },
}

/// The most days per move of a correspondence game.
pub const MAX_DAYS: u32 = 14;

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Why a clock was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Out of the bounds the server accepts.
    #[error("{0}")]
    Bounds(String),
}

/// The most seconds per move, minutes per side and increment accepted.
const MAX_MOVE_SECONDS: u32 = 24 * 3600;
const MAX_MINUTES: f64 = 600.0;
const MAX_INCREMENT: u32 = 600;

impl ClockSpec {
    /// Checks the bounds: 1 s to a day per move, up to 600 minutes per
    /// side (at least a second), increments up to 600 s.
    ///
    /// # Errors
    /// A value out of bounds, named.
    pub fn check(&self) -> Result<(), ClockError> {
        match *self {
            ClockSpec::Move { seconds } if seconds == 0 || seconds > MAX_MOVE_SECONDS => {
                Err(ClockError::Bounds(format!(
                    "a clock per move gives 1 to {MAX_MOVE_SECONDS} seconds, not {seconds}"
                )))
            }
            ClockSpec::Total { minutes, .. }
                if !minutes.is_finite() || minutes * 60.0 < 1.0 || minutes > MAX_MINUTES =>
            {
                Err(ClockError::Bounds(format!(
                    "a total clock gives from one second to {MAX_MINUTES} minutes, not {minutes}"
                )))
            }
            ClockSpec::Total { increment, .. } if increment > MAX_INCREMENT => {
                Err(ClockError::Bounds(format!(
                    "an increment is 0 to {MAX_INCREMENT} seconds, not {increment}"
                )))
            }
            ClockSpec::Days { days } if days == 0 || days > MAX_DAYS => Err(ClockError::Bounds(
                format!("a correspondence game gives 1 to {MAX_DAYS} days per move, not {days}"),
            )),
            _ => Ok(()),
        }
    }

    /// Whether it is a correspondence clock (days per move).
    pub fn is_correspondence(&self) -> bool {
        matches!(self, ClockSpec::Days { .. })
    }

    /// The time a side starts with, in milliseconds.
    fn initial_ms(&self) -> i64 {
        match *self {
            ClockSpec::Move { seconds } => i64::from(seconds) * 1000,
            ClockSpec::Total { minutes, .. } => (minutes * 60_000.0).round() as i64,
            ClockSpec::Days { days } => i64::from(days) * DAY_MS,
        }
    }

    /// A short label: `60 s/move`, `10+5`.
    pub fn label(&self) -> String {
        match *self {
            ClockSpec::Move { seconds } => format!("{seconds} s/move"),
            ClockSpec::Total { minutes, increment } => format!("{minutes}+{increment}"),
            ClockSpec::Days { days: 1 } => "1 day/move".into(),
            ClockSpec::Days { days } => format!("{days} days/move"),
        }
    }
}

/// A running clock: the time each side has left and whose runs since
/// when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    /// The settings.
    pub spec: ClockSpec,
    /// White's time left (ms) when its clock last stopped or started.
    pub white: i64,
    /// Black's.
    pub black: i64,
    /// The side whose time runs, if any.
    #[serde(with = "side_name")]
    pub running: Option<Side>,
    /// Since when (Unix ms) it runs.
    pub since: i64,
    /// Correspondence: the vacations before this moment (Unix ms) were
    /// already added to the running side's time (the correspondence games).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub paused_to: i64,
}

fn is_zero(v: &i64) -> bool {
    *v == 0
}

impl Clock {
    /// A new clock, both sides with their full time, `side` deciding
    /// from `now` (Unix ms).
    pub fn new(spec: ClockSpec, side: Option<Side>, now: i64) -> Clock {
        let t = spec.initial_ms();
        Clock {
            spec,
            white: t,
            black: t,
            running: side,
            since: now,
            paused_to: 0,
        }
    }

    fn left_mut(&mut self, side: Side) -> &mut i64 {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// `side`'s time left at `now` (never below zero).
    pub fn left(&self, side: Side, now: i64) -> i64 {
        let stored = match side {
            Side::White => self.white,
            Side::Black => self.black,
        };
        let used = if self.running == Some(side) {
            (now - self.since).max(0)
        } else {
            0
        };
        (stored - used).max(0)
    }

    /// When the running side's time is up (Unix ms), if a side's runs.
    pub fn deadline(&self) -> Option<i64> {
        let side = self.running?;
        Some(self.since + self.left(side, self.since))
    }

    /// The side whose time is up at `now`, if any.
    pub fn flagged(&self, now: i64) -> Option<Side> {
        let side = self.running?;
        (self.left(side, now) == 0).then_some(side)
    }

    /// The clock after a stored action: the side that decided before
    /// (`before`) is charged the time it used; `after` decides from
    /// `now`. Per move, `after` gets a whole move's time; a total clock
    /// adds the increment to `before` when the turn passes.
    pub fn after_action(&self, before: Option<Side>, after: Option<Side>, now: i64) -> Clock {
        let mut c = self.clone();
        if let Some(side) = self.running {
            let left = self.left(side, now);
            *c.left_mut(side) = left;
        }
        match c.spec {
            ClockSpec::Move { .. } | ClockSpec::Days { .. } => {
                if let Some(side) = after {
                    *c.left_mut(side) = c.spec.initial_ms();
                }
            }
            ClockSpec::Total { increment, .. } => {
                if let Some(b) = before {
                    if after != Some(b) {
                        *c.left_mut(b) += i64::from(increment) * 1000;
                    }
                }
            }
        }
        c.running = after;
        c.since = now;
        c
    }

    /// The clock as the `state` message shows it: the settings, each
    /// side's time left at `now` (ms) and the side whose time runs.
    pub fn view(&self, now: i64) -> serde_json::Value {
        let mut v = serde_json::to_value(self.spec).unwrap_or_default();
        v["white"] = self.left(Side::White, now).into();
        v["black"] = self.left(Side::Black, now).into();
        v["running"] = self.running.map(Side::name).into();
        v["label"] = self.spec.label().into();
        v
    }

    /// Both sides' time left at `now` (ms).
    pub fn both_left(&self, now: i64) -> BySide<i64> {
        BySide::new(self.left(Side::White, now), self.left(Side::Black, now))
    }
}

/// A side stored by its name (`white`, `black`, or `null`).
pub(crate) mod side_name {
    use serde::{Deserialize, Deserializer, Serializer};
    use tables::Side;

    /// Writes `white`, `black` or `null`.
    pub fn serialize<S: Serializer>(side: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
        match side {
            Some(x) => s.serialize_str(x.name()),
            None => s.serialize_none(),
        }
    }

    /// Reads what [`serialize`] writes.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Side>, D::Error> {
        match Option::<String>::deserialize(d)?.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Side::White)),
            Some("black") => Ok(Some(Side::Black)),
            Some(o) => Err(serde::de::Error::custom(format!("side `{o}`"))),
        }
    }
}

/// How far the clocks of this process were advanced (ms): always 0 but
/// in tests (`Server::advance_clock`).
static ADVANCED_MS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// The milliseconds since the Unix epoch, as the games' clocks read them
/// (plus what the tests advanced them by: [`advance`]).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
        + ADVANCED_MS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Advances the games' clocks of this whole process by `ms` (tests of
/// correspondence games: days pass without waiting for them). Never
/// reachable from the network or the command line.
pub(crate) fn advance(ms: i64) {
    ADVANCED_MS.fetch_add(ms.max(0), std::sync::atomic::Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_as_the_seek_writes_them() {
        let m: ClockSpec = serde_json::from_str(r#"{"kind": "move", "seconds": 60}"#).unwrap();
        assert_eq!(m, ClockSpec::Move { seconds: 60 });
        let t: ClockSpec =
            serde_json::from_str(r#"{"kind": "total", "minutes": 10, "increment": 5}"#).unwrap();
        assert_eq!(
            t,
            ClockSpec::Total {
                minutes: 10.0,
                increment: 5
            }
        );
        assert!(serde_json::from_str::<ClockSpec>(r#"{"kind": "hourglass"}"#).is_err());
        assert!(ClockSpec::Move { seconds: 0 }.check().is_err());
        assert!(ClockSpec::Total {
            minutes: 0.0,
            increment: 0
        }
        .check()
        .is_err());
        assert!(ClockSpec::Total {
            minutes: 5.0,
            increment: 601
        }
        .check()
        .is_err());
        assert!(t.check().is_ok() && m.check().is_ok());
        let d: ClockSpec = serde_json::from_str(r#"{"kind": "days", "days": 3}"#).unwrap();
        assert_eq!(d, ClockSpec::Days { days: 3 });
        assert!(d.check().is_ok() && d.is_correspondence());
        assert!(ClockSpec::Days { days: 0 }.check().is_err());
        assert!(ClockSpec::Days { days: 15 }.check().is_err());
        assert_eq!(d.label(), "3 days/move");
    }

    #[test]
    fn a_move_clock_gives_each_decision_its_time() {
        let c = Clock::new(ClockSpec::Move { seconds: 60 }, Some(Side::White), 0);
        assert_eq!(c.left(Side::White, 20_000), 40_000);
        assert_eq!(c.deadline(), Some(60_000));
        assert_eq!(c.flagged(59_999), None);
        assert_eq!(c.flagged(60_000), Some(Side::White));
        // White rolls at 20 s: a new decision, a whole minute again.
        let c = c.after_action(Some(Side::White), Some(Side::White), 20_000);
        assert_eq!(c.deadline(), Some(80_000));
        // White plays at 50 s: Black's minute starts.
        let c = c.after_action(Some(Side::White), Some(Side::Black), 50_000);
        assert_eq!(c.running, Some(Side::Black));
        assert_eq!(c.left(Side::Black, 50_000), 60_000);
        assert_eq!(c.deadline(), Some(110_000));
    }

    #[test]
    fn a_total_clock_charges_the_decider_and_adds_the_increment() {
        let spec = ClockSpec::Total {
            minutes: 1.0,
            increment: 5,
        };
        let c = Clock::new(spec, Some(Side::White), 1_000);
        // White rolls after 10 s, then plays after 5 s more.
        let c = c.after_action(Some(Side::White), Some(Side::White), 11_000);
        assert_eq!(c.left(Side::White, 11_000), 50_000);
        let c = c.after_action(Some(Side::White), Some(Side::Black), 16_000);
        assert_eq!(c.left(Side::White, 99_000), 50_000, "stopped, +5 s");
        assert_eq!(c.left(Side::Black, 26_000), 50_000, "Black's runs");
        // Nobody decides (the game is over): nothing runs.
        let c = c.after_action(Some(Side::Black), None, 26_000);
        assert_eq!((c.running, c.deadline()), (None, None));
        assert_eq!(c.both_left(1_000_000), BySide::new(50_000, 55_000));
    }

    #[test]
    fn the_view_names_the_runner_and_the_times() {
        let c = Clock::new(ClockSpec::Move { seconds: 30 }, Some(Side::Black), 0);
        let v = c.view(10_000);
        assert_eq!(v["kind"], "move");
        assert_eq!(v["black"], 20_000);
        assert_eq!(v["white"], 30_000);
        assert_eq!(v["running"], "black");
    }
}
