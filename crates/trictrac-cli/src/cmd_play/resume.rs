//! Resuming a saved game (`trictrac play --load FILE`).
//!
//! A game is saved at a prompt, so usually in the middle of a turn: its
//! record ends with a roll whose play (or decision, or declaration) is
//! still to come, which [`Record::replay`] rejects as incomplete. Such a
//! record is resumed by replaying every line before that roll, then
//! applying what the last roll line holds — the roll (checked against the
//! seed), the points declared, the decision, the play — up to the first
//! missing piece, and any school claimed after it. The game then waits
//! for exactly what it waited for when it was saved.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::game::Phase;
use trictrac::record::{Header, RecordedRoll};
use trictrac::{DiceSource, Game, Record, RecordError, Roll, Side};

fn dice_of(rec: &Record) -> Option<ChaCha8Rng> {
    rec.header.seed.map(ChaCha8Rng::seed_from_u64)
}

fn side_of(s: &str) -> Option<Side> {
    match s {
        "w" => Some(Side::White),
        "b" => Some(Side::Black),
        _ => None,
    }
}

fn declared(r: &RecordedRoll, side: Side) -> Option<u32> {
    match side {
        Side::White => r.white_declared,
        Side::Black => r.black_declared,
    }
}

/// Replays `rec`, complete or saved in the middle of a turn. Returns the
/// game and the dice generator of the header's seed, positioned after the
/// dice the game drew.
///
/// # Errors
/// The first line that does not replay.
pub fn resume(rec: &Record) -> Result<(Game, Option<ChaCha8Rng>), RecordError> {
    let mut dice = dice_of(rec);
    let error = match rec.replay_with_dice(dice.as_mut().map(|d| d as &mut dyn DiceSource)) {
        Ok(game) => return Ok((game, dice)),
        Err(e) => e,
    };
    let Some(k) = rec
        .rolls
        .iter()
        .rposition(|r| r.side == "w" || r.side == "b")
    else {
        return Err(error);
    };
    let prefix = Record {
        header: rec.header.clone(),
        rolls: rec.rolls[..k].to_vec(),
    };
    let mut dice = dice_of(rec);
    let Ok(mut game) = prefix.replay_with_dice(dice.as_mut().map(|d| d as &mut dyn DiceSource))
    else {
        return Err(error);
    };
    apply_tail(&mut game, &rec.rolls[k..], k, dice.as_mut())?;
    // The points of every line, as the game marked them.
    let got = Record::from_game(&game, Header::default());
    if got.rolls.len() != rec.rolls.len() {
        return Err(error);
    }
    for (i, (g, r)) in got.rolls.iter().zip(&rec.rolls).enumerate().skip(k) {
        if (g.white_points, g.black_points) != (r.white_points, r.black_points) {
            return Err(RecordError::Replay {
                index: i + 1,
                entry: r.to_string(),
                problem: format!(
                    "the rules give w+{} b+{}, the record says w+{} b+{}",
                    g.white_points, g.black_points, r.white_points, r.black_points
                ),
            });
        }
    }
    Ok((game, dice))
}

/// Applies the unfinished roll line `lines[0]` and the school lines after
/// it; `base` is the index of `lines[0]` in the record.
fn apply_tail(
    game: &mut Game,
    lines: &[RecordedRoll],
    base: usize,
    mut dice: Option<&mut ChaCha8Rng>,
) -> Result<(), RecordError> {
    // The opponent's declaration on the roll line waits for the schools
    // claimed before it.
    let mut deferred: Option<u32> = None;
    for (j, r) in lines.iter().enumerate() {
        let err = |problem: String| RecordError::Replay {
            index: base + j + 1,
            entry: r.to_string(),
            problem,
        };
        let ge = |e: trictrac::GameError| err(e.to_string());
        if r.side == "school" {
            let sc = r
                .school
                .as_ref()
                .ok_or_else(|| err("a school line names a claimant".into()))?;
            let claimant = side_of(&sc.claimant)
                .ok_or_else(|| err(format!("unknown claimant `{}`", sc.claimant)))?;
            game.claim_school(claimant, sc.named).map_err(ge)?;
            continue;
        }
        if j > 0 {
            return Err(err("a roll line after an unfinished roll".into()));
        }
        let side = side_of(&r.side).ok_or_else(|| err(format!("unknown side `{}`", r.side)))?;
        let roll: Roll = r.dice.parse().map_err(|e| err(format!("{e}")))?;
        match game.phase() {
            Phase::Roll(s) if s == side => {
                if let Some(d) = dice.as_deref_mut() {
                    let drawn = Roll::from_dice(d.die(), d.die());
                    if drawn != roll {
                        return Err(err(format!("the seed gives {drawn}, not {roll}")));
                    }
                }
                game.roll(roll).map_err(ge)?;
            }
            // A roll the game made itself (coup-et-des, pour-tout).
            Phase::Play(s) | Phase::StayOrLeave(s) | Phase::Mark(s)
                if s == side && game.pending_roll() == Some(roll) => {}
            p => return Err(err(format!("the game expects {p:?}, not a roll by {side}"))),
        }
        deferred = apply_line(game, r, side).map_err(err)?;
    }
    if let Some(points) = deferred {
        if !game.phase_is_over() {
            game.declare(points).map_err(|e| RecordError::Replay {
                index: base + 1,
                entry: lines[0].to_string(),
                problem: e.to_string(),
            })?;
        }
    }
    Ok(())
}

/// What the roll line of `side` holds, in the order of the turn, up to
/// the first missing piece; returns the opponent's declaration if the line
/// gets that far.
fn apply_line(game: &mut Game, r: &RecordedRoll, side: Side) -> Result<Option<u32>, String> {
    let ge = |e: trictrac::GameError| e.to_string();
    let decide = |game: &mut Game| -> Result<bool, String> {
        match r.decision.as_deref() {
            Some("stay") => game.stay().map(|()| true).map_err(ge),
            Some("leave") => game.leave().map(|()| true).map_err(ge),
            _ => Ok(false),
        }
    };
    if game.phase() == Phase::Mark(side) {
        match declared(r, side) {
            Some(p) => game.declare(p).map_err(ge)?,
            None => return Ok(None),
        }
    }
    if let Phase::StayOrLeave(_) = game.phase() {
        if !decide(game)? {
            return Ok(None);
        }
    }
    if let Phase::Play(_) = game.phase() {
        let Some(text) = &r.play else {
            return Ok(None);
        };
        let notation: trictrac::PlayNotation = text.parse().map_err(|e| format!("{e}"))?;
        game.play_notation(&notation).map_err(ge)?;
        if let Phase::StayOrLeave(_) = game.phase() {
            if !decide(game)? {
                return Ok(None);
            }
        }
    }
    match game.phase() {
        Phase::Mark(opp) if opp != side => Ok(declared(r, opp)),
        _ => Ok(None),
    }
}
