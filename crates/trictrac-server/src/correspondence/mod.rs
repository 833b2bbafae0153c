//! Correspondence games (issue 39, item 1): a lobby game whose clock
//! gives days per move ([`crate::room::ClockSpec::Days`]: 1, 2, 3 or 7
//! from the lobby's form or a challenge link, any of 1 to 14 by the
//! API), for every game of the registry and every setting.
//!
//! - The game is stored as every game is (its actions and its clock in
//!   the database): it waits across restarts, and the timekeeper ends it
//!   when the days of the player to move run out — only then
//!   (`crate::room::timing`); a move after that is refused, the game
//!   over. The idle rule and the claim of an absent player do not apply.
//! - When the turn passes, the player to move is told ([`Hub::turn_passed`],
//!   a notice and, if he wants it, a mail: `crate::notify`).
//! - "My games" (`GET /api/me/correspondence`) lists a player's games in
//!   progress, those where it is his turn first, the most urgent first.
//! - Vacations: a registered player has [`VACATION_DAYS`] days a year
//!   (`POST /api/me/vacation`, counted per calendar year, UTC); while he
//!   is on vacation his clocks are paused: when his time runs out, the
//!   vacation days that fell within it are added to it first
//!   ([`Hub::credit_vacation`]; each moment of vacation is added once,
//!   `paused_to` of the clock).
//! - Rated correspondence games have their own rating per game: the
//!   ratings' key is the game's name with [`POOL_SUFFIX`]
//!   (`backgammon/corr`), in the same tables.

pub mod routes;

use tables::Side;

use crate::room::clock::{now_ms, DAY_MS};
use crate::room::{Hub, Room};

/// The days of vacation of a player per calendar year.
pub const VACATION_DAYS: i64 = 15;

/// Appended to a game's name, the ratings' key of its correspondence
/// games.
pub const POOL_SUFFIX: &str = "/corr";

/// The ratings' key of a rated game of `game` with the clock `clock` (as
/// a seek stores it): `backgammon/corr` for days per move, else the
/// game's name.
pub fn rating_key(game: &str, clock: Option<&str>) -> String {
    let days = clock
        .and_then(|c| serde_json::from_str::<crate::room::ClockSpec>(c).ok())
        .is_some_and(|c| c.is_correspondence());
    if days {
        format!("{game}{POOL_SUFFIX}")
    } else {
        game.to_string()
    }
}

/// The time (ms) a vacation `[from, until)` adds to a clock that ran
/// since `since`, out at `deadline`, already credited up to `paused_to`:
/// the part of the vacation after both `since` and `paused_to`, when the
/// vacation began before the deadline (the clock was paused meanwhile).
pub fn paused(from: i64, until: i64, since: i64, paused_to: i64, deadline: i64) -> i64 {
    let start = from.max(since).max(paused_to);
    if from >= deadline || until <= start {
        return 0;
    }
    until - start
}

/// The calendar year (UTC) of a moment (Unix ms).
pub fn year_of(ms: i64) -> i64 {
    crate::room::date(ms / 1000)
        .get(..4)
        .and_then(|y| y.parse().ok())
        .unwrap_or(1970)
}

impl Hub {
    /// When `loser`'s correspondence clock ran out in `room`: adds to it
    /// the vacation of his account that paused it (not added yet), stores
    /// the clock and asks the timekeeper to look again; answers whether
    /// it gave him time (the game goes on).
    pub(crate) async fn credit_vacation(&self, room: &mut Room, loser: Side) -> bool {
        let Some(timing) = room.timing.clone() else {
            return false;
        };
        let Some(clock) = timing.clock.clone().filter(|c| c.spec.is_correspondence()) else {
            return false;
        };
        let Some(deadline) = clock.deadline() else {
            return false;
        };
        let account = match self.store.seat_account(&room.row.id, loser.name()).await {
            Ok(Some(a)) => a,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(room = %room.row.id, "{e}");
                return false;
            }
        };
        let v = match self.store.vacation(&account).await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(room = %room.row.id, "{e}");
                return false;
            }
        };
        let extra = paused(v.start, v.until, clock.since, clock.paused_to, deadline);
        if extra <= 0 {
            return false;
        }
        let now = now_ms();
        let new_deadline = deadline + extra;
        if new_deadline <= now {
            // The vacation ended too long ago: the time is out anyway.
            return false;
        }
        let mut c = clock;
        match loser {
            Side::White => c.white = new_deadline - now,
            Side::Black => c.black = new_deadline - now,
        }
        c.since = now;
        c.paused_to = v.until;
        let mut t = timing;
        t.clock = Some(c);
        if let Err(e) = self.store.set_timing(&room.row.id, &t.text()).await {
            tracing::warn!(room = %room.row.id, "the vacation was not added: {e}");
            return false;
        }
        tracing::info!(room = %room.row.id, "{loser}'s clock paused by his vacation: {} h added", extra / 3_600_000);
        room.timing = Some(t);
        room.woken = None;
        self.wake_for(room);
        room.broadcast();
        true
    }

    /// After an action of a correspondence game stored: when the turn
    /// passed to the other side (`before` decided, now another does),
    /// the player to move is told (in the background: play never waits).
    pub(crate) fn turn_passed(&self, room: &Room, before: Option<Side>) {
        let Some(t) = room.timing.as_ref().filter(|t| t.correspondence()) else {
            return;
        };
        let after = room.game.side_to_act();
        let Some(side) = after.filter(|s| Some(*s) != before) else {
            return;
        };
        if room.over() {
            return;
        }
        let days = t.clock.as_ref().map(|c| c.spec.label()).unwrap_or_default();
        let id = room.row.id.clone();
        let opponent = match side {
            Side::White => room.row.black_name.clone(),
            Side::Black => room.row.white_name.clone(),
        };
        let (store, mail) = (self.store.clone(), self.config.mail.clone());
        tokio::spawn(async move {
            let account = match store.seat_account(&id, side.name()).await {
                Ok(Some(a)) => a,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(room = %id, "{e}");
                    return;
                }
            };
            let text = format!("Your turn against {opponent} (game {id}, {days}).");
            let r = crate::notify::deliver(
                &store,
                &mail,
                &account,
                crate::notify::Kind::YourTurn,
                &text,
                &format!("/?room={id}"),
            )
            .await;
            if let Err(e) = r {
                tracing::warn!(room = %id, "cannot tell the player to move: {e}");
            }
        });
    }
}

/// The days of vacation an account may still take at `now`.
pub fn vacation_left(v: &crate::store::VacationRow, now: i64) -> i64 {
    if v.year == year_of(now) {
        (VACATION_DAYS - v.used).max(0)
    } else {
        VACATION_DAYS
    }
}

/// A day in milliseconds (for the routes).
pub(crate) const DAY: i64 = DAY_MS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vacation_within_the_time_pauses_it() {
        // The clock ran from 0, out at 100; a vacation 50..80 adds 30.
        assert_eq!(paused(50, 80, 0, 0, 100), 30);
        // Begun before the clock started: only what followed its start.
        assert_eq!(paused(-20, 30, 0, 0, 100), 30);
        // Already added up to 80: nothing more.
        assert_eq!(paused(50, 80, 0, 80, 100), 0);
        // After the deadline, or over before the clock ran: nothing.
        assert_eq!(paused(100, 130, 0, 0, 100), 0);
        assert_eq!(paused(-50, -10, 0, 0, 100), 0);
    }

    #[test]
    fn only_the_days_limit_a_correspondence_game() {
        use crate::room::{Clock, ClockSpec, Reason, Timing};
        use std::time::Duration;
        let idle = Duration::from_secs(3600);
        let t = Timing {
            lobby: true,
            clock: Some(Clock::new(
                ClockSpec::Days { days: 2 },
                Some(Side::White),
                0,
            )),
            last: 0,
            verdict: None,
        };
        assert!(t.correspondence());
        // No idle limit after an hour: the deadline is two days on.
        assert_eq!(t.deadline(Some(Side::White), idle), Some(2 * DAY_MS));
        assert_eq!(t.due(Some(Side::White), idle, 2 * DAY_MS - 1), None);
        assert_eq!(
            t.due(Some(Side::White), idle, 2 * DAY_MS),
            Some((Side::White, Reason::Time))
        );
        // The turn passes: Black gets two whole days.
        let t = t.after_action(Some(Side::White), Some(Side::Black), DAY_MS);
        assert_eq!(t.deadline(Some(Side::Black), idle), Some(3 * DAY_MS));
    }

    #[test]
    fn correspondence_has_its_own_rating() {
        assert_eq!(
            rating_key("backgammon", Some(r#"{"kind":"days","days":2}"#)),
            "backgammon/corr"
        );
        assert_eq!(
            rating_key("trictrac", Some(r#"{"kind":"move","seconds":30}"#)),
            "trictrac"
        );
        assert_eq!(rating_key("trictrac", None), "trictrac");
        assert_eq!(year_of(1_700_000_000_000), 2023);
    }
}
