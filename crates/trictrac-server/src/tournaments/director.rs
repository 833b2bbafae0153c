//! The director: starts the tournaments whose time came, reads the
//! results of their games, pairs the players and ends the tournaments.
//!
//! Every instance runs it every [`ROUND_EVERY`] (and at once when woken:
//! a start brought forward), but only the one holding the lease
//! ([`crate::store::Store::hold_tournament_lease`], [`LEASE_MS`]) acts:
//! across instances sharing PostgreSQL, pairing is done once. Should
//! the holder stop, the lease runs out (or is given up at a clean stop)
//! and another instance takes it at its next round. A game's slot is
//! reserved in the database before its room is made, so that even two
//! directors racing (a holder stalled past its lease) cannot pair one
//! slot twice.
//!
//! - Arena: a player is free when he is not in a game; the free players
//!   are paired at once, by points (the best together), the one waiting
//!   longest first on equal points, never against the opponent of his
//!   last game while another is free (after [`REMATCH_AFTER_MS`] alone
//!   with him, they meet again). No game is paired after the end; the
//!   arena ends when its last game does.
//! - Knock-out: at the start the players are seeded by rating (the
//!   game's, then who joined first) into a bracket of 2^k
//!   ([`super::first_round`]); a slot's winner meets the next slot's as
//!   soon as both are known; the final's winner wins.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use rand::RngCore;
use tables::Side;
use tokio::sync::Notify;

use super::{arena_points, bracket_size, first_round, game_value, live};
use crate::error::ServerError;
use crate::room::{ClockSpec, Hub, Mode};
use crate::store::{now, EntrantRow, PairingResult, PairingRow, RatedRow, TournamentRow};

/// How often the director looks.
pub const ROUND_EVERY: Duration = Duration::from_secs(1);
/// How long a lease lasts without being renewed (ms).
pub const LEASE_MS: i64 = 5_000;
/// Two players who just met, alone free, wait this long before meeting
/// again (ms).
pub const REMATCH_AFTER_MS: i64 = 15_000;

fn bell() -> &'static Notify {
    static BELL: OnceLock<Notify> = OnceLock::new();
    BELL.get_or_init(Notify::new)
}

/// Wakes the directors of this process at once.
pub fn wake() {
    bell().notify_waiters();
}

/// Starts the director of this instance, until the server stops (its
/// lease given up then).
pub fn start(hub: Arc<Hub>) {
    let mut stopping = hub.stopping.clone();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(ROUND_EVERY) => {}
                _ = bell().notified() => {}
                _ = stopping.wait_for(|s| *s) => break,
            }
            if let Err(e) = round(&hub).await {
                tracing::warn!("tournaments: {e}");
            }
        }
        let _ = hub.store.release_tournament_lease().await;
    });
}

/// One look at every tournament not over, if this instance holds the
/// lease.
///
/// # Errors
/// When the database fails (the next round tries again).
pub async fn round(hub: &Arc<Hub>) -> Result<(), ServerError> {
    // Nothing to direct: no write (the lease is taken only when needed).
    let active = hub.store.listed_tournaments(i64::MAX, 1000).await?;
    if active.is_empty()
        || !hub
            .store
            .hold_tournament_lease(crate::room::clock::now_ms(), LEASE_MS)
            .await?
    {
        return Ok(());
    }
    let mut moved = false;
    for (t, _) in active {
        let r = match t.state.as_str() {
            "waiting" if t.starts <= now() => begin(hub, &t).await,
            "running" => advance(hub, &t).await,
            _ => Ok(false),
        };
        match r {
            Ok(m) => moved |= m,
            Err(e) => tracing::warn!(tournament = %t.id, "tournament not advanced: {e}"),
        }
    }
    if moved {
        live::changed(hub).await;
    }
    Ok(())
}

/// Starts a tournament: a knock-out's bracket drawn (or the knock-out
/// ended, with fewer than two players).
async fn begin(hub: &Arc<Hub>, t: &TournamentRow) -> Result<bool, ServerError> {
    if !hub
        .store
        .set_tournament_state(&t.id, "waiting", "running", None)
        .await?
    {
        return Ok(false);
    }
    let players: Vec<EntrantRow> = hub
        .store
        .entrants(&t.id)
        .await?
        .into_iter()
        .filter(|p| !p.withdrawn)
        .collect();
    super::hooks::tournament_started(hub, t, &players).await;
    if t.kind != "knockout" {
        return Ok(true);
    }
    if players.len() < 2 {
        hub.store.finish_tournament(&t.id, None, &[], now()).await?;
        return Ok(true);
    }
    // Seeds: the best rating in the game first, then who joined first.
    let mut seeded = Vec::with_capacity(players.len());
    for p in &players {
        let rating = hub
            .store
            .ratings_of(&p.account)
            .await?
            .iter()
            .find(|r| r.game == t.game)
            .map(|r| r.rating)
            .unwrap_or(crate::glicko::Rating::default().rating);
        seeded.push((rating, p));
    }
    seeded.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.joined.cmp(&b.1.joined)));
    for (slot, (a, b)) in first_round(seeded.len()).into_iter().enumerate() {
        let first = seeded[a].1;
        match b {
            None => {
                hub.store
                    .reserve_pairing(&t.id, 1, slot as i64, &first.account, None)
                    .await?;
            }
            Some(b) => {
                let second = seeded[b].1;
                pair(hub, t, 1, slot as i64, first, second).await?;
            }
        }
    }
    Ok(true)
}

/// Reads the results, pairs, ends: whether anything changed.
async fn advance(hub: &Arc<Hub>, t: &TournamentRow) -> Result<bool, ServerError> {
    let mut moved = false;
    let players = hub.store.entrants(&t.id).await?;
    let games = hub.store.pairings(&t.id).await?;
    for g in games.iter().filter(|g| g.state == "playing") {
        moved |= result(hub, t, g, &players).await?;
    }
    let (players, games) = if moved {
        (
            hub.store.entrants(&t.id).await?,
            hub.store.pairings(&t.id).await?,
        )
    } else {
        (players, games)
    };
    let more = if t.kind == "arena" {
        arena(hub, t, &players, &games).await?
    } else {
        knockout(hub, t, &players, &games).await?
    };
    Ok(moved || more)
}

/// The result of a game of the tournament, stored when it is over.
async fn result(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    g: &PairingRow,
    players: &[EntrantRow],
) -> Result<bool, ServerError> {
    let (Some(room), Some(white), Some(black)) = (&g.room, &g.white, &g.black) else {
        return Ok(false);
    };
    let room_arc = match hub.room(room).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(room = %room, "tournament game not read: {e}");
            return Ok(false);
        }
    };
    let (winner, text) = {
        let r = room_arc.lock().await;
        if !r.over() {
            return Ok(false);
        }
        (r.winner(), r.result_text())
    };
    let Some(winner) = winner else {
        tracing::warn!(room = %room, "tournament game over without a winner");
        return Ok(false);
    };
    let (w, l) = match winner {
        Side::White => (white, black),
        Side::Black => (black, white),
    };
    let points = if t.kind == "arena" {
        let streak = players
            .iter()
            .find(|p| &p.account == w)
            .map_or(0, |p| p.streak);
        arena_points(game_value(&t.game, text.as_deref()), streak)
    } else {
        0
    };
    hub.store
        .finish_pairing(&PairingResult {
            tournament: &t.id,
            round: g.round,
            slot: g.slot,
            winner: w,
            loser: l,
            points,
            now_ms: crate::room::clock::now_ms(),
        })
        .await
}

/// An arena's pairings while it lasts, its end after.
async fn arena(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    players: &[EntrantRow],
    games: &[PairingRow],
) -> Result<bool, ServerError> {
    let busy: HashSet<&str> = games
        .iter()
        .filter(|g| g.state == "playing" || g.state == "pairing")
        .flat_map(|g| g.white.iter().chain(g.black.iter()).map(String::as_str))
        .collect();
    if now() >= t.starts + 60 * t.minutes {
        if !busy.is_empty() {
            return Ok(false);
        }
        let order = super::standings(t, players, games);
        let places: Vec<(String, i64)> = order
            .iter()
            .filter_map(|row| {
                let p = players.iter().find(|p| p.name == row["name"])?;
                Some((p.account.clone(), row["rank"].as_i64()?))
            })
            .collect();
        let winner = order
            .first()
            .filter(|r| r["points"].as_i64() > Some(0))
            .and_then(|r| r["name"].as_str());
        return hub
            .store
            .finish_tournament(&t.id, winner, &places, now())
            .await;
    }
    let now_ms = crate::room::clock::now_ms();
    let mut free: Vec<&EntrantRow> = players
        .iter()
        .filter(|p| !p.withdrawn && !busy.contains(p.account.as_str()))
        .collect();
    free.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(a.free_since.cmp(&b.free_since))
    });
    let mut slot = games.iter().map(|g| g.slot + 1).max().unwrap_or(0);
    let mut moved = false;
    while free.len() >= 2 {
        let a = free.remove(0);
        let met = |b: &EntrantRow| {
            a.last_opponent.as_deref() == Some(b.account.as_str())
                || b.last_opponent.as_deref() == Some(a.account.as_str())
        };
        let j = free.iter().position(|b| !met(b)).or_else(|| {
            // Only his last opponent is free: they meet again once both
            // waited long enough alone.
            (free.len() == 1 && now_ms - a.free_since.max(free[0].free_since) >= REMATCH_AFTER_MS)
                .then_some(0)
        });
        let Some(j) = j else { continue };
        let b = free.remove(j);
        pair(hub, t, 0, slot, a, b).await?;
        slot += 1;
        moved = true;
    }
    Ok(moved)
}

/// A knock-out's next games as their players become known, its end at
/// the final's result.
async fn knockout(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    players: &[EntrantRow],
    games: &[PairingRow],
) -> Result<bool, ServerError> {
    let first = games.iter().filter(|g| g.round == 1).count();
    if first == 0 {
        return Ok(false);
    }
    let size = bracket_size(first * 2);
    let rounds = size.trailing_zeros() as i64;
    let at = |r: i64, s: i64| games.iter().find(|g| g.round == r && g.slot == s);
    let decided = |r: i64, s: i64| {
        at(r, s)
            .filter(|g| g.state == "done" || g.state == "bye")
            .and_then(|g| g.winner.clone())
    };
    if let Some(w) = decided(rounds, 0) {
        // Places: 1 the winner, 2 the finalist, a loser of round r
        // shares place 2^(rounds-r) + 1.
        let mut places = vec![(w.clone(), 1)];
        for g in games.iter().filter(|g| g.state == "done") {
            let loser = if g.winner == g.white {
                &g.black
            } else {
                &g.white
            };
            if let Some(l) = loser {
                places.push((l.clone(), (1i64 << (rounds - g.round)) + 1));
            }
        }
        let name = players.iter().find(|p| p.account == w).map(|p| &p.name);
        return hub
            .store
            .finish_tournament(&t.id, name.map(String::as_str), &places, now())
            .await;
    }
    let mut moved = false;
    for r in 1..rounds {
        let slots = (size >> r) as i64;
        for s in (0..slots).step_by(2) {
            if at(r + 1, s / 2).is_some() {
                continue;
            }
            let (Some(a), Some(b)) = (decided(r, s), decided(r, s + 1)) else {
                continue;
            };
            let find = |x: &str| players.iter().find(|p| p.account == x);
            let (Some(a), Some(b)) = (find(&a), find(&b)) else {
                continue;
            };
            pair(hub, t, r + 1, s / 2, a, b).await?;
            moved = true;
        }
    }
    Ok(moved)
}

/// Makes one game of a tournament: its slot reserved, then an online
/// room with both seats taken (sides drawn), as the lobby does for an
/// accepted seek; who sits where recorded (the players' histories), the
/// rated game too when the tournament is rated.
async fn pair(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    round: i64,
    slot: i64,
    a: &EntrantRow,
    b: &EntrantRow,
) -> Result<(), ServerError> {
    let (white, black) = if rand::rngs::OsRng.next_u32().is_multiple_of(2) {
        (a, b)
    } else {
        (b, a)
    };
    if !hub
        .store
        .reserve_pairing(&t.id, round, slot, &white.account, Some(&black.account))
        .await?
    {
        return Ok(());
    }
    match seat(hub, t, white, black).await {
        Ok(room) => {
            hub.store
                .seat_pairing(&t.id, round, slot, Some(&room))
                .await
        }
        Err(e) => {
            tracing::warn!(tournament = %t.id, "a game could not be made: {e}");
            hub.store.seat_pairing(&t.id, round, slot, None).await
        }
    }
}

/// The room of a game: White created it, Black takes the other seat.
async fn seat(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    white: &EntrantRow,
    black: &EntrantRow,
) -> Result<String, ServerError> {
    let storage = |e: crate::error::RoomError| ServerError::Database(e.to_string());
    let (room, _) = hub
        .create(
            Mode::Online,
            &t.game,
            &t.options,
            None,
            Some(Side::White),
            white.name.clone(),
        )
        .await
        .map_err(storage)?;
    let code = {
        let mut r = room.lock().await;
        let seats = hub
            .take_free_seat(&mut r, &black.name, &[])
            .await
            .map_err(storage)?;
        if seats != [Side::Black] {
            return Err(ServerError::Database(
                "the game's second seat could not be taken".into(),
            ));
        }
        let clock: Option<ClockSpec> = t
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str(c).ok());
        hub.start_timing(&mut r, clock).await.map_err(storage)?;
        r.broadcast();
        r.row.id.clone()
    };
    hub.store
        .record_player(&code, "white", None, Some(&white.account))
        .await?;
    hub.store
        .record_player(&code, "black", None, Some(&black.account))
        .await?;
    if t.rated {
        hub.store
            .insert_rated_game(&RatedRow {
                game_id: code.clone(),
                game: t.game.clone(),
                white: white.account.clone(),
                black: black.account.clone(),
            })
            .await?;
    }
    Ok(code)
}
