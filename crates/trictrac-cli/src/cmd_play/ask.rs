//! What the person whose decision it is is asked, and what his answer
//! does: before a roll (a school to contest, a false move to settle), a
//! play, staying or leaving, the points marked. The prompt itself, and
//! the commands every prompt accepts, are the shared terminal loop's.

use super::*;

impl TrictracTerminal<'_> {
    /// A person who may act before the roll now (contest a school, settle
    /// a false play), unless already asked at this point of the game.
    /// The player who does not roll is asked first (the author of a false
    /// play may correct himself), then the roller (who settles it, section
    /// 11), each once at this point of the game.
    pub(super) fn before_roll_side(&self) -> Option<Side> {
        let Phase::Roll(roller) = self.game.phase() else {
            return None;
        };
        let now = self.game.events().len();
        [!roller, roller].into_iter().find(|&s| {
            !self.asked_before_roll.contains(&(now, s))
                && self.human(s)
                && (self.game.can_contest_school(s)
                    || self.game.can_settle_false_move(s)
                    || self.game.can_claim_late_false_move(s))
        })
    }

    /// What `side` is asked before the roll (contest a school, settle
    /// a false play); the prompt.
    pub(super) fn question_before_roll(&mut self, side: Side) -> std::io::Result<String> {
        let roller = self.game.phase().side().unwrap_or(side);
        let mut can = Vec::new();
        if self.game.can_contest_school(side) {
            can.push("`contest` the school (R-10.4)".to_string());
        }
        if let Some(offer) = self.settle_offer(side) {
            can.push(offer);
        }
        let who = if roller == side {
            "your roll".to_string()
        } else {
            format!("{}'s roll", roller.name())
        };
        let enter = if self.must_replay(side) {
            ""
        } else {
            "; Enter goes on"
        };
        let t = format!("{}, before {who}: {}{enter}.", cap(side), can.join("; "));
        self.say_wrapped(Tone::Plain, &t, 2)?;
        Ok(format!("{}, before the roll> ", side.name()))
    }

    /// What `side` answered before the roll.
    pub(super) fn answer_before_roll(&mut self, side: Side, line: &str) -> std::io::Result<()> {
        if let Some(r) = self.settle_answer(side, line) {
            if let Err(e) = r {
                self.refuse(&format!("Not possible now: {e}."))?;
            }
            return Ok(());
        }
        let r = match line.to_lowercase().as_str() {
            "" if self.must_replay(side) => {
                return self.refuse("Replay the roll first: `replay N` or `replay PLAY`.");
            }
            "" => {
                self.asked_before_roll
                    .push((self.game.events().len(), side));
                return Ok(());
            }
            "contest" => self.game.contest_school(side).map(|_| ()),
            other => {
                return self.refuse(&format!(
                    "`{other}` is not asked now: `contest`, `correct`, `leave`, `replay`, `claim`, or Enter."
                ));
            }
        };
        if let Err(e) = r {
            self.refuse(&format!("Not possible now: {e}."))?;
        }
        Ok(())
    }

    /// Prints what `side`, a person, is asked (the first time, `fresh`)
    /// and returns the prompt, with whether to list the plays now.
    pub(super) fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        if self.first == Some(side) {
            return Ok((self.question_before_roll(side)?, false));
        }
        match self.game.phase() {
            Phase::Play(_) => self.question_play(side, fresh),
            Phase::StayOrLeave(_) => Ok((self.question_stay(side, fresh)?, false)),
            Phase::Mark(_) => Ok((self.question_mark(side, fresh)?, false)),
            _ => Ok((format!("{}> ", side.name()), false)),
        }
    }

    /// What `side` answered at the prompt.
    pub(super) fn answer(&mut self, side: Side, line: &str) -> std::io::Result<()> {
        if self.first == Some(side) {
            return self.answer_before_roll(side, line);
        }
        match self.game.phase() {
            Phase::Play(_) => self.answer_play(side, line),
            Phase::StayOrLeave(_) => self.answer_stay(line),
            Phase::Mark(_) => self.answer_mark(side, line),
            _ => Ok(()),
        }
    }

    pub(super) fn legal(&self) -> Vec<Play> {
        self.game.legal_plays().to_vec()
    }

    /// The legal plays numbered, `  3) 1-7 1-6`.
    pub(super) fn play_items(&self, side: Side) -> Vec<String> {
        if !matches!(self.game.phase(), Phase::Play(_)) {
            return Vec::new();
        }
        self.legal()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "{:>3}) {}",
                    i + 1,
                    board::play_text(p, side, self.view.fields)
                )
            })
            .collect()
    }

    fn question_play(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        let plays = self.legal();
        let roll = self
            .game
            .pending_roll()
            .map(|r| r.to_string())
            .unwrap_or_default();
        let n = plays.len();
        let mut list = false;
        if fresh {
            let who = self.style.paint(Tone::Side(side), cap(side));
            if n == 1 {
                writeln!(
                    self.term,
                    "{who} to play {roll}: one legal play, {} (Enter plays it).",
                    self.play_text(&plays[0], side)
                )?;
            } else if n <= 40 {
                writeln!(self.term, "{who} to play {roll}: {n} legal plays.")?;
                list = true;
            } else {
                writeln!(
                    self.term,
                    "{who} to play {roll}: {n} legal plays (`list` numbers them)."
                )?;
            }
        }
        if fresh && self.human(!side) && self.game.can_claim_late_false_move(!side) {
            // Section 11, case 6: until this play, the other player may
            // still claim the false move late (hot-seat: at this prompt).
            let t = format!(
                "{}, before {} plays: `claim` his false move late, the checker on {} in your grand jan; his play must then carry it into the last quadrant (section 11, case 6).",
                cap(!side),
                side.name(),
                self.late_fields()
            );
            self.say_wrapped(Tone::Plain, &t, 2)?;
        }
        let range = if n == 1 {
            "1".to_string()
        } else {
            format!("1-{n}")
        };
        Ok((format!("{}, your play [{range}]> ", side.name()), list))
    }

    /// Plays the legal play number `k` (from 0).
    pub(super) fn play_number(&mut self, k: usize) -> std::io::Result<()> {
        let Some(p) = self.legal().get(k).copied() else {
            return self.refuse("There is no such play.");
        };
        if let Err(e) = self.game.play(&p) {
            self.refuse(&format!("Not possible now: {e}."))?;
        }
        Ok(())
    }

    /// A play typed in play notation (or a word that is not asked now).
    fn answer_play(&mut self, side: Side, line: &str) -> std::io::Result<()> {
        let roll = self
            .game
            .pending_roll()
            .map(|r| r.to_string())
            .unwrap_or_default();
        let lower = line.to_lowercase();
        let word = lower.split_whitespace().next().unwrap_or("");
        if lower.trim() == "claim" && self.human(!side) {
            // The other player's late claim (section 11, case 6).
            if let Err(e) = self.game.claim_late_false_move(!side) {
                self.refuse(&format!("Not possible now: {e}."))?;
            }
            return Ok(());
        }
        let chosen = if matches!(word, "stay" | "leave" | "tenir" | "school") {
            Err(format!(
                "`{word}` is not asked now: {} must play {roll}.",
                side.name()
            ))
        } else {
            let written = self
                .view
                .fields
                .play_to_numbers(line)
                .map_err(|e| e.to_string())
                .and_then(|t| t.parse::<PlayNotation>().map_err(|e| e.to_string()));
            match written {
                Ok(notation) => match if self.game.options().false_moves == FalseMoves::Table {
                    // Section 11: an illegal play a table allows stands.
                    self.game.play_at_table(&notation).map(|_| ())
                } else {
                    self.game.play_notation(&notation).map(|_| ())
                } {
                    Ok(()) => return Ok(()),
                    Err(GameError::Illegal(e)) => Err(format!("Illegal play `{line}`: {e}.")),
                    Err(e) => Err(format!("Not possible now: {e}.")),
                },
                Err(e) => Err(format!(
                    "`{line}` is neither a command nor a play ({e}); type `help` for the commands."
                )),
            }
        };
        match chosen {
            Ok(p) => {
                if let Err(e) = self.game.play(&p) {
                    self.refuse(&format!("Not possible now: {e}."))?;
                }
                Ok(())
            }
            Err(msg) => self.refuse(&msg),
        }
    }

    fn question_stay(&mut self, side: Side, fresh: bool) -> std::io::Result<String> {
        if fresh {
            let exit = matches!(
                self.game
                    .events()
                    .iter()
                    .rev()
                    .find(|e| matches!(e, Event::Marked { .. })),
                Some(Event::Marked {
                    from: PointsFrom::Exit,
                    ..
                })
            );
            let rest = *self.game.score().points.get(side);
            let by = if exit { "the exit" } else { "this roll" };
            let t = format!(
                "{} won a hole with {by} (R-8.6): `stay` (tenir) keeps the {rest} points left and plays on; `leave` (s'en aller) gives them up, puts all checkers back on the talons and rolls first in a new relevé.",
                cap(side)
            );
            self.say_wrapped(Tone::Plain, &t, 2)?;
        }
        Ok(format!("{}, stay or leave> ", side.name()))
    }

    fn answer_stay(&mut self, line: &str) -> std::io::Result<()> {
        let r = match line.to_lowercase().as_str() {
            "stay" | "s" | "tenir" | "t" => self.game.stay(),
            "leave" | "l" | "s'en aller" | "aller" | "partir" => self.game.leave(),
            _ => return self.refuse("Answer `stay` (tenir) or `leave` (s'en aller)."),
        };
        if let Err(e) = r {
            self.refuse(&format!("Not possible now: {e}."))?;
        }
        Ok(())
    }

    fn question_mark(&mut self, side: Side, fresh: bool) -> std::io::Result<String> {
        let own = self.game.pending_score().is_some_and(|s| s.side == side);
        let roll = self
            .game
            .pending_roll()
            .map(|r| r.to_string())
            .unwrap_or_default();
        if fresh {
            let t = if own {
                format!(
                    "{}, mark the points your roll {roll} brings you: count them yourself, an error is a school for your opponent (R-10). An even number; Enter marks 0.",
                    cap(side)
                )
            } else {
                format!(
                    "{}, mark the points {}'s roll {roll} gave you (jans qui ne peut: false hits, unplayable dice, contre-jans). An even number; Enter marks 0.",
                    cap(side),
                    (!side).name()
                )
            };
            self.say_wrapped(Tone::Plain, &t, 2)?;
            if self.game.can_claim_school(side) {
                let t = format!(
                    "(`school N` first claims a school of N points on {}'s marking, R-10; `school 0` corrects it without school points.)",
                    (!side).name()
                );
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
        }
        Ok(format!("{}, points you mark> ", side.name()))
    }

    fn answer_mark(&mut self, side: Side, line: &str) -> std::io::Result<()> {
        let lower = line.to_lowercase();
        let mut words = lower.split_whitespace();
        if words.next() == Some("school") {
            let named = words.next().and_then(|w| w.parse::<u32>().ok());
            match named {
                None => self.refuse(
                    "Name the points of the school: `school 4` (`school 0` corrects without school points).",
                )?,
                Some(n) => {
                    if let Err(e) = self.game.claim_school(side, n) {
                        let what = if n == 0 { "No correction" } else { "No school" };
                        self.refuse(&format!("{what}: {e}."))?;
                    }
                }
            }
            return Ok(());
        }
        let points = if line.is_empty() {
            Ok(0)
        } else {
            line.parse::<u32>()
        };
        match points {
            Ok(p) => {
                if let Err(e) = self.game.declare(p) {
                    self.refuse(&format!("Cannot mark {p}: {e}."))?;
                }
            }
            Err(_) => self.refuse(&format!(
                "`{line}`: type the points you mark (an even number, Enter for 0), or `help`."
            ))?,
        }
        Ok(())
    }
}
