//! The commands of every prompt: help, board, names, fields, list,
//! hint, save, resign (confirmed), quit; and the prompt after the end.

use super::*;

impl Session<'_> {
    /// The commands of every prompt; `None` when `line` is not one.
    pub(super) fn command(&mut self, side: Side, line: &str) -> Result<Option<Flow>, CliError> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_lowercase();
        match word.as_str() {
            "help" | "?" => {
                self.say(HELP)?;
            }
            "board" => {
                let dice = self.game.pending_roll();
                self.show_board(dice)?;
            }
            "names" => {
                // `names` goes to the next naming, `names soumille` to one.
                let next = match words.next() {
                    Some(w) => match w.to_lowercase().parse::<FieldNames>() {
                        Ok(n) => n,
                        Err(e) => {
                            self.refuse(&e)?;
                            return Ok(Some(Flow::Go));
                        }
                    },
                    None => match self.view.fields {
                        FieldNames::Numbers => FieldNames::Classical,
                        FieldNames::Classical => FieldNames::Soumille,
                        FieldNames::Soumille => FieldNames::Lepeintre,
                        FieldNames::Lepeintre => FieldNames::Numbers,
                    },
                };
                self.view.fields = next;
                let dice = self.game.pending_roll();
                self.show_board(dice)?;
                if next == FieldNames::Numbers {
                    self.say_wrapped(Tone::Plain, "Fields in numbers 1-24 (R-1.3).", 2)?;
                }
            }
            "fields" => {
                let t = board::named_fields_text(self.view.fields);
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
            "list" => {
                if let Phase::Play(_) = self.game.phase() {
                    self.list_plays(side)?;
                } else {
                    self.refuse("There are no plays to list now.")?;
                }
            }
            "hint" => self.hint(side)?,
            "save" => {
                let rest: Vec<&str> = words.collect();
                if rest.is_empty() {
                    self.refuse("Name the file: `save game.txt`.")?;
                } else {
                    self.save(Path::new(&rest.join(" ")))?;
                }
            }
            "resign" => {
                // The engine ends the game (RULES-CHOICES.md, resigning);
                // the loop then tells it and offers to save the record.
                // Asked first (a slip of the keyboard ends no game), unless
                // the engine refuses anyway.
                let mut trial = self.game.clone();
                match trial.resign(side) {
                    Err(e) => {
                        self.refuse(&format!("{e}; `quit` leaves the game (it is saved)."))?
                    }
                    Ok(stake) => {
                        let q = format!(
                            "Resign? {} wins the game, stake {stake} (R-9.1). (yes/no) ",
                            cap(!side)
                        );
                        if crate::session::is_yes(self.read(&q)?.as_deref()) {
                            if let Err(e) = self.game.resign(side) {
                                self.refuse(&e.to_string())?;
                            }
                        } else {
                            self.say("Not resigned: the game goes on.")?;
                        }
                    }
                }
            }
            "quit" | "exit" => {
                self.leave_unfinished("Game left unfinished")?;
                return Ok(Some(Flow::Stop));
            }
            _ => return Ok(None),
        }
        Ok(Some(Flow::Go))
    }

    /// The analysis behind hints: the default bot's network and search,
    /// whatever bot is played against (the same as `trictrac hint`).
    pub(super) fn analyst(&mut self) -> &mut trictrac_bot::analysis::Analyst {
        self.analyst
            .get_or_insert_with(trictrac_bot::analysis::analyst)
    }

    /// The best analysis's advice for the decision `side` faces: plays in
    /// equity (the expected stake of) with their distance from the
    /// best, or the equities of staying and leaving.
    pub(super) fn hint(&mut self, side: Side) -> std::io::Result<()> {
        let fields = self.view.fields;
        match self.game.phase() {
            Phase::Play(_) => {
                let plays = self.legal();
                let number = |p: &Play| {
                    plays
                        .iter()
                        .position(|q| q == p)
                        .map_or(String::new(), |i| format!("number {}", i + 1))
                };
                let game = self.game.clone();
                let analysis = self.analyst().plays(&game);
                let Some(best) = analysis.first().copied() else {
                    self.say("No play to hint: roll first.")?;
                    return Ok(());
                };
                let t = format!(
                    "Hint: the best play is {} ({}). Equity = the stake {} expects to win \
                     (R-9.1; negative: to lose), after each play:",
                    board::play_text(&best.play, side, fields),
                    number(&best.play),
                    side.name()
                );
                self.say_wrapped(Tone::Plain, &t, 2)?;
                for e in analysis.iter().take(5) {
                    let text = board::play_text(&e.play, side, fields);
                    writeln!(
                        self.term.out,
                        "  {text:<16} {:>+7.3}  ({:+.3})   {}",
                        e.equity,
                        e.equity - best.equity,
                        number(&e.play)
                    )?;
                }
            }
            Phase::StayOrLeave(_) => {
                let game = self.game.clone();
                match self.analyst().stay_leave(&game) {
                    Some(sl) => {
                        let (best, other) = if sl.stay >= sl.leave {
                            ("stay (tenir)", "leave")
                        } else {
                            ("leave (s'en aller)", "stay")
                        };
                        self.say(&format!(
                            "Hint: {best}. Equity (the expected stake, R-9.1): stay {:+.3}, leave {:+.3}; {other} loses {:.3}.",
                            sl.stay,
                            sl.leave,
                            (sl.stay - sl.leave).abs()
                        ))?;
                    }
                    None => self.say("No stay-or-leave decision to hint.")?,
                }
            }
            _ => {
                self.say("No hint for marking: count the points yourself (R-10).")?;
            }
        }
        Ok(())
    }

    pub(super) fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let text = self.record_text(path);
        match std::fs::write(path, text) {
            Ok(()) => {
                self.saved = Some(self.game.events().len());
                self.save_path = Some(path.to_path_buf());
                let t = format!(
                    "Saved the game record to {}; `trictrac play --load {}` resumes it.",
                    path.display(),
                    path.display()
                );
                self.say_wrapped(Tone::Plain, &t, 2)
            }
            Err(e) => self.refuse(&format!("Cannot write {}: {e}.", path.display())),
        }
    }

    /// After the last hole: the record can still be saved.
    pub(super) fn game_over(&mut self) -> Result<(), CliError> {
        loop {
            let Some(line) =
                self.read("game over (`save FILE` keeps the record, Enter quits)> ")?
            else {
                return Ok(());
            };
            let mut words = line.split_whitespace();
            match words.next().map(str::to_lowercase).as_deref() {
                Some("save") => {
                    let rest: Vec<&str> = words.collect();
                    if rest.is_empty() {
                        self.refuse("Name the file: `save game.txt`.")?;
                    } else {
                        self.save(Path::new(&rest.join(" ")))?;
                    }
                }
                Some("board") => {
                    self.show_board(None)?;
                }
                // Anything else quits.
                _ => return Ok(()),
            }
        }
    }
}
