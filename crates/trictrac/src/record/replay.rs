//! Replaying a record through a new [`Game`], checking every play,
//! decision and mark (and, with a seed, the dice).

use super::{Header, Record, RecordError, RecordedRoll};
use crate::dice::{Die, Roll};
use crate::game::{DiceSource, Game, GameError, GameOptions, Phase};
use crate::position::Position;
use crate::side::Side;

impl Record {
    /// Replays the record move by move from its header's options and start
    /// position, checking that each roll gives the recorded points and
    /// each play is legal. The game returned is in its final state; a
    /// record saved in the middle of a turn (its last roll line stops
    /// before a declaration, decision or play) gives the game waiting for
    /// it.
    ///
    /// # Errors
    /// The first line that does not match the rules.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with_dice(None)
    }

    /// Checks the dice of an online game's record against its seeds
    /// (issue 38, `tables::fair`, docs/DICE.md): the record replayed with
    /// the seeds' dice. The number of throws checked.
    ///
    /// # Errors
    /// The first throw that does not match (its roll line, the dice the
    /// seeds give and the record's), or a line that does not replay.
    pub fn verify_dice(&self, seeds: tables::fair::Seeds) -> Result<usize, String> {
        let mut dice = tables::fair::FairDice::new(seeds);
        match self.replay_with_dice(Some(&mut dice)) {
            Ok(_) => Ok(self.rolls.iter().filter(|r| !r.dice.is_empty()).count()),
            Err(e) => {
                let m = e.to_string();
                Err(if m.contains("the seed gives") {
                    format!(
                        "the dice do not match the seeds: {}",
                        m.replace("the seed gives", "the seeds give")
                    )
                } else {
                    format!("the record does not replay: {m}")
                })
            }
        }
    }

    /// [`Record::replay`], also checking that every roll the game drew
    /// (first-move dice and rolls, not the rolls a rule repeats) is the
    /// next one of `dice` — e.g. the generator seeded with the header's
    /// seed.
    ///
    /// # Errors
    /// The first line that does not match the rules or the dice.
    pub fn replay_with_dice(
        &self,
        mut dice: Option<&mut dyn DiceSource>,
    ) -> Result<Game, RecordError> {
        let options =
            GameOptions::from_words(&self.header.options).map_err(|p| RecordError::Syntax {
                line: 0,
                problem: format!("[Options]: {p}"),
            })?;
        let mut game = match &self.header.start {
            Some(tpn) => {
                let pos: Position = tpn.parse().map_err(|e| RecordError::Syntax {
                    line: 0,
                    problem: format!("[Start]: {e}"),
                })?;
                Game::from_position(options, pos).map_err(|e| RecordError::Syntax {
                    line: 0,
                    problem: format!("[Start]: {e}"),
                })?
            }
            None => Game::new(options),
        };
        // Manual marking: the opponent's declaration of the points a roll
        // gave him waits until a school he claims on the mover's
        // declaration (the next line) is made.
        let mut deferred: Option<(usize, Option<u32>)> = None;
        let last_roll = self
            .rolls
            .iter()
            .rposition(|r| r.side == "w" || r.side == "b");
        let declared = |r: &RecordedRoll, side: Side| match side {
            Side::White => r.white_declared,
            Side::Black => r.black_declared,
        };
        // A late claim (section 11, case 6) made after its author's roll:
        // its line, after the roll's, is read before the roll's play.
        let mut claimed_early: Option<usize> = None;
        let late_claim = |j: usize| {
            self.rolls
                .get(j)
                .filter(|r| r.side == "settle")
                .and_then(|r| r.settle.as_deref())
                .and_then(|s| s.strip_suffix(" late"))
                .map(|who| if who == "w" { Side::White } else { Side::Black })
        };
        for (i, r) in self.rolls.iter().enumerate() {
            if claimed_early == Some(i) {
                continue;
            }
            let err = |problem: String| RecordError::Replay {
                index: i + 1,
                entry: r.to_string(),
                problem,
            };
            let ge = |e: GameError| err(e.to_string());
            let flush = |game: &mut Game, deferred: &mut Option<(usize, Option<u32>)>| {
                if let Some((j, points)) = deferred.take() {
                    if game.phase_is_over() {
                        return Ok(());
                    }
                    let replay_err = |problem: String| RecordError::Replay {
                        index: j + 1,
                        entry: self.rolls[j].to_string(),
                        problem,
                    };
                    let points = points.ok_or_else(|| {
                        replay_err(
                            "manual marking: the record must give the points the opponent declared"
                                .into(),
                        )
                    })?;
                    game.declare(points)
                        .map_err(|e| replay_err(e.to_string()))?;
                }
                Ok::<(), RecordError>(())
            };
            if r.side == "school" {
                let sc = r
                    .school
                    .as_ref()
                    .ok_or_else(|| err("a school line names a claimant".into()))?;
                let claimant = match sc.claimant.as_str() {
                    "w" => Side::White,
                    "b" => Side::Black,
                    c => return Err(err(format!("unknown claimant `{c}`"))),
                };
                let before =
                    matches!(game.phase(), Phase::Mark(s) if s == claimant) && deferred.is_some();
                if !before {
                    flush(&mut game, &mut deferred)?;
                }
                game.claim_school(claimant, sc.named).map_err(ge)?;
                continue;
            }
            if r.side == "settle" {
                flush(&mut game, &mut deferred)?;
                let (who, how) = r
                    .settle
                    .as_deref()
                    .and_then(|s| s.split_once(' '))
                    .ok_or_else(|| {
                        err(
                            "a settle line is `settle w|b accept|correct [PLAY]|replay|late`"
                                .into(),
                        )
                    })?;
                let side = if who == "w" { Side::White } else { Side::Black };
                match how.split_once(' ') {
                    Some(("correct", play)) => {
                        let notation: crate::notation::PlayNotation = play
                            .parse()
                            .map_err(|e| err(format!("settle: `{play}`: {e}")))?;
                        game.correct_false_move_notation(side, &notation)
                            .map_err(ge)?;
                    }
                    _ if how == "accept" => game.accept_false_move(side).map_err(ge)?,
                    _ if how == "replay" => game.replay_false_move(side).map_err(ge)?,
                    _ if how == "late" => game.claim_late_false_move(side).map_err(ge)?,
                    _ => {
                        game.correct_false_move(side).map_err(ge)?;
                    }
                }
                continue;
            }
            if r.side == "resign" {
                flush(&mut game, &mut deferred)?;
                let side = match r.resign.as_deref() {
                    Some("w") => Side::White,
                    Some("b") => Side::Black,
                    _ => return Err(err("a resign line is `resign w|b`".into())),
                };
                game.resign(side).map_err(ge)?;
                continue;
            }
            if r.side == "contest" {
                flush(&mut game, &mut deferred)?;
                let side = match r.contest.as_deref() {
                    Some("w") => Side::White,
                    Some("b") => Side::Black,
                    _ => return Err(err("a contest line is `contest w|b`".into())),
                };
                game.contest_school(side).map_err(ge)?;
                continue;
            }
            flush(&mut game, &mut deferred)?;
            if r.side == "first" {
                if let Some((w, b)) = r.dice.split_once(' ') {
                    // first-move=two-dice-each: White's two dice, Black's two.
                    let w: Roll = w.parse().map_err(|e| err(format!("{e}")))?;
                    let b: Roll = b.parse().map_err(|e| err(format!("{e}")))?;
                    if let Some(d) = dice.as_deref_mut() {
                        let dw = Roll::from_dice(d.die(), d.die());
                        let db = Roll::from_dice(d.die(), d.die());
                        if (dw, db) != (w, b) {
                            return Err(err(format!("the seed gives first-move dice {dw} {db}")));
                        }
                    }
                    game.first_move_two(w, b).map_err(ge)?;
                    continue;
                }
                let (w, b) =
                    parse_dice_pair(&r.dice).ok_or_else(|| err("bad first-move dice".into()))?;
                if let Some(d) = dice.as_deref_mut() {
                    let (dw, db) = (d.die(), d.die());
                    if (dw, db) != (w, b) {
                        return Err(err(format!("the seed gives first-move dice {dw}-{db}")));
                    }
                }
                game.first_move(w, b).map_err(ge)?;
                continue;
            }
            let roll: Roll = r.dice.parse().map_err(|e| err(format!("{e}")))?;
            let side = match r.side.as_str() {
                "w" => Side::White,
                "b" => Side::Black,
                s => return Err(err(format!("unknown side `{s}`"))),
            };
            match game.phase() {
                Phase::Roll(s) if s == side => {
                    if let Some(d) = dice.as_deref_mut() {
                        let drawn = Roll::from_dice(d.die(), d.die());
                        if drawn != roll {
                            return Err(err(format!("the seed gives {drawn}, not {roll}")));
                        }
                    }
                    game.roll(roll).map_err(ge)?
                }
                // The roll was made by the game itself (coup-et-des first
                // move, pour-tout exit roll).
                Phase::Play(s) | Phase::StayOrLeave(s) | Phase::Mark(s)
                    if s == side && game.pending_roll() == Some(roll) => {}
                p => return Err(err(format!("the game expects {p:?}, not a roll by {side}"))),
            }
            if let Some(by) = late_claim(i + 1).filter(|by| *by != side) {
                // The other player's claim binds this roll (case 6).
                let next = &self.rolls[i + 1];
                game.claim_late_false_move(by)
                    .map_err(|e| RecordError::Replay {
                        index: i + 2,
                        entry: next.to_string(),
                        problem: e.to_string(),
                    })?;
                claimed_early = Some(i + 1);
            }
            // A record saved in the middle of a turn ends with a roll line
            // that stops where the game waits: the replay leaves it there
            // (a resignation may still follow it).
            let unfinished = |game: &Game| {
                Some(i) == last_roll
                    && match game.phase() {
                        // (the opponent's declaration waits: see `deferred`)
                        Phase::Mark(s) => s == side && declared(r, s).is_none(),
                        Phase::StayOrLeave(_) => r.decision.is_none(),
                        Phase::Play(_) => r.play.is_none(),
                        _ => false,
                    }
            };
            if unfinished(&game) {
                continue;
            }
            if let Phase::Mark(_) = game.phase() {
                let points = declared(r, side).ok_or_else(|| {
                    err(
                        "manual marking: the record must give the points declared (w=N or b=N)"
                            .into(),
                    )
                })?;
                game.declare(points).map_err(ge)?;
            }
            if unfinished(&game) {
                continue;
            }
            decide(&mut game, r, "a hole was won").map_err(err)?;
            if unfinished(&game) {
                continue;
            }
            if let Phase::Play(_) = game.phase() {
                let Some(text) = &r.play else {
                    return Err(err("the roll must be played: no play recorded".into()));
                };
                if let Some(text) = text.strip_suffix(" ?") {
                    // A false play at the table (section 11).
                    let notation = text.parse().map_err(|e| err(format!("{e}")))?;
                    if game.play_at_table(&notation).map_err(ge)?.is_some() {
                        return Err(err("a play marked false (?) is legal".into()));
                    }
                } else {
                    let notation = text.parse().map_err(|e| err(format!("{e}")))?;
                    game.play_notation(&notation).map_err(ge)?;
                }
                if unfinished(&game) {
                    continue;
                }
                decide(&mut game, r, "the exit won a hole").map_err(err)?;
            }
            if let Phase::Mark(opp) = game.phase() {
                if opp != side {
                    deferred = Some((i, declared(r, opp)));
                }
            }
        }
        if let Some((j, points)) = deferred.take() {
            // Saved before the opponent declared: the game waits for it.
            let waiting = points.is_none() && Some(j) == last_roll;
            if !game.phase_is_over() && !waiting {
                let points = points.ok_or_else(|| RecordError::Replay {
                    index: j + 1,
                    entry: self.rolls[j].to_string(),
                    problem:
                        "manual marking: the record must give the points the opponent declared"
                            .into(),
                })?;
                game.declare(points).map_err(|e| RecordError::Replay {
                    index: j + 1,
                    entry: self.rolls[j].to_string(),
                    problem: e.to_string(),
                })?;
            }
        }
        // The points each line marked, as the game logged them.
        let got = Record::from_game(&game, Header::default());
        for (i, (g, r)) in got.rolls.iter().zip(&self.rolls).enumerate() {
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
        if got.rolls.len() != self.rolls.len() {
            return Err(RecordError::Syntax {
                line: 0,
                problem: format!(
                    "the record has {} lines, the replayed game {}",
                    self.rolls.len(),
                    got.rolls.len()
                ),
            });
        }
        Ok(game)
    }
}

/// Applies the line's stay/leave decision when the game asks for one.
fn decide(game: &mut Game, r: &RecordedRoll, why: &str) -> Result<(), String> {
    if let Phase::StayOrLeave(_) = game.phase() {
        match r.decision.as_deref() {
            Some("stay") => game.stay().map_err(|e| e.to_string())?,
            Some("leave") => game.leave().map_err(|e| e.to_string())?,
            _ => return Err(format!("{why}: the record must say stay or leave (R-8.6)")),
        }
    }
    Ok(())
}

fn parse_dice_pair(s: &str) -> Option<(Die, Die)> {
    let (a, b) = s.split_once('-')?;
    let a: u8 = a.parse().ok()?;
    let b: u8 = b.parse().ok()?;
    Some((Die::try_from(a).ok()?, Die::try_from(b).ok()?))
}
