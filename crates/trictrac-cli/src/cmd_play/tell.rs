//! Telling the game: the board, each roll with its jans, and every
//! event of the engine's log in words, as it happens.

use super::*;

impl TrictracTerminal<'_> {
    pub(super) fn show_board(&mut self, dice: Option<Roll>) -> std::io::Result<()> {
        let lines = board::render(&self.game, dice, &self.view, &self.style);
        self.term.mark_top();
        writeln!(self.term)?;
        for l in lines {
            writeln!(self.term, "{l}")?;
        }
        Ok(())
    }

    /// `White rolls 6-5 (sonnez).`
    pub(super) fn roll_header(&mut self, score: &RollScore) -> std::io::Result<()> {
        let who = self.style.paint(Tone::Side(score.side), cap(score.side));
        let dice = self.style.paint(Tone::Dice, &score.roll.to_string());
        writeln!(
            self.term,
            "{who} rolls {dice} ({}).",
            score.roll.french_name()
        )
    }

    pub(super) fn show_jans(&mut self, score: &RollScore) -> std::io::Result<()> {
        for t in narrate::jan_texts(score, self.view.fields) {
            self.say_wrapped(Tone::Points, &format!("  {t}"), 6)?;
        }
        self.jans_shown = true;
        Ok(())
    }

    /// Tells the events not told yet.
    pub(super) fn tell(&mut self) -> std::io::Result<()> {
        let events: Vec<Event> = self.game.events()[self.told..].to_vec();
        self.told = self.game.events().len();
        let manual = self.manual();
        for e in events {
            match e {
                Event::FirstMoveDice { white, black } => {
                    let mut t =
                        format!("First move (R-2.2): White rolls a {white}, Black a {black}");
                    if white == black {
                        t.push_str(": a tie, roll again.");
                    } else {
                        t.push('.');
                    }
                    self.say(&t)?;
                }
                Event::FirstMoveRolls { white, black } => {
                    let total = |r: Roll| r.high().value() + r.low().value();
                    let mut t = format!(
                        "First move (R-2.2, both dice each): White throws {white} ({}), Black {black} ({})",
                        total(white),
                        total(black)
                    );
                    if total(white) == total(black) {
                        t.push_str(": equal totals, throw again.");
                    } else {
                        t.push('.');
                    }
                    self.say_wrapped(Tone::Plain, &t, 2)?;
                }
                Event::Starts(s) => {
                    let you = if self.hotseat() || !self.human(s) {
                        ""
                    } else {
                        " (you)"
                    };
                    self.say(&format!("{}{you} starts.", cap(s)))?;
                }
                Event::Rolled(score) => {
                    if self.human(score.side) || manual {
                        self.show_board(Some(score.roll))?;
                    } else {
                        writeln!(self.term)?;
                    }
                    self.roll_header(&score)?;
                    self.jans_shown = false;
                    if !manual {
                        self.show_jans(&score)?;
                    }
                    self.roll = Some(score);
                }
                Event::Marked {
                    side,
                    from,
                    marking,
                    after,
                } => {
                    let points_said =
                        !manual || matches!(from, PointsFrom::Exit | PointsFrom::School);
                    if let Some(t) = narrate::marked_text(side, from, &marking, &after, points_said)
                    {
                        self.say_wrapped(Tone::Plain, &format!("  {t}"), 4)?;
                    }
                }
                Event::Declared { side, points, .. } => {
                    let mover = self.roll.as_ref().map(|r| r.side);
                    let t = if self.human(side) && !self.hotseat() {
                        format!("  You marked {points}.")
                    } else if mover == Some(side) || mover.is_none() {
                        format!("  {} marks {points}.", cap(side))
                    } else {
                        format!(
                            "  {} marks {points} from {}'s roll.",
                            cap(side),
                            (!side).name()
                        )
                    };
                    self.say(&t)?;
                    // The roll's marking is over: its jans can be shown.
                    if mover.is_some_and(|m| m != side) {
                        self.reveal()?;
                    }
                }
                Event::School {
                    claimant,
                    kind,
                    named,
                    points,
                } => {
                    let t = narrate::school_text(claimant, kind, named, points);
                    self.say_wrapped(Tone::Bold, &format!("  {t}"), 4)?;
                }
                Event::Contested { side, kind, points } => {
                    let t = narrate::school_text(!side, kind, points, points);
                    self.say_wrapped(Tone::Bold, &format!("  {t}"), 4)?;
                }
                // Options the terminal board does not show yet (the engine
                // offers them: two-dice first throws, marqués of the partie
                // à écrire, false moves at the table).
                Event::FalsePlay { side, moves } => {
                    let names = self.view.fields;
                    let name =
                        |x: u8| names.name(trictrac::Field::new(x).to_absolute(side).value());
                    let text: Vec<String> = moves
                        .iter()
                        .map(|&(f, t)| format!("{}-{}", name(f), name(t)))
                        .collect();
                    let who = self.style.paint(Tone::Side(side), cap(side));
                    writeln!(
                        self.term,
                        "{who} plays {} — a false move, it stands until settled (section 11).",
                        text.join(" ")
                    )?;
                }
                Event::FalseMovePutBack { by } => {
                    let author = self.false_author().unwrap_or(!by);
                    let t = format!(
                        "  {} has the checkers of the false move put back: {} plays the roll again (section 11).",
                        cap(by),
                        author.name()
                    );
                    self.say_wrapped(Tone::Bold, &t, 4)?;
                }
                Event::FalseMoveSettled { by, corrected } => {
                    let author = self.false_author().unwrap_or(!by);
                    let t = match corrected {
                        Some(p) if by == author => format!(
                            "  {} plays the roll again: {} (section 11).",
                            cap(by),
                            self.play_text(&p, author)
                        ),
                        Some(p) => format!(
                            "  {} has the false move corrected to {} (section 11).",
                            cap(by),
                            self.play_text(&p, author)
                        ),
                        None => format!(
                            "  {} leaves the false move as it stands (section 11).",
                            cap(by)
                        ),
                    };
                    self.say_wrapped(Tone::Bold, &t, 4)?;
                }
                Event::LateFalseMoveClaimed { by } => {
                    let t = self.late_claim_told(by);
                    self.say_wrapped(Tone::Bold, &t, 4)?;
                }
                Event::MarqueEnd {
                    winner,
                    holes,
                    value,
                    first,
                } => {
                    let head = match winner {
                        Some(w) => format!(
                            "Marqué won by {}, {} holes to {}: {value} points (R-9.2).",
                            cap(w),
                            holes.get(w),
                            holes.get(!w)
                        ),
                        None => format!(
                            "Marqué even, {} holes each: a refait, it counts for nobody (R-9.2).",
                            holes.white
                        ),
                    };
                    let t = self.game.marque_totals();
                    let t = format!(
                        "{head} Totals: White {}, Black {}. A new marqué: {} rolls first.",
                        t.white,
                        t.black,
                        cap(first)
                    );
                    writeln!(self.term)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Decided { side, stay } => {
                    let t = if stay {
                        format!("  {} stays (tenir).", cap(side))
                    } else {
                        format!("  {} leaves (s'en aller).", cap(side))
                    };
                    self.say(&t)?;
                    if !stay && manual {
                        self.reveal()?;
                    }
                }
                Event::Played { side, play } => {
                    let who = self.style.paint(Tone::Side(side), cap(side));
                    if play.is_pass() {
                        writeln!(self.term, "{who} cannot play anything (--).")?;
                    } else {
                        writeln!(self.term, "{who} plays {}.", self.play_text(&play, side))?;
                    }
                }
                Event::NewReleve { reason, first } => {
                    let why = match reason {
                        trictrac::game::ReleveEnd::Leave => "after leaving (R-8.6)",
                        trictrac::game::ReleveEnd::Exit => "all checkers borne off (R-4.8)",
                    };
                    let t = format!(
                        "New relevé, {why}: the checkers go back to the talons; {} rolls first.",
                        cap(first)
                    );
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Resigned { side } => {
                    let t = format!("{} resigns: {} wins the game.", cap(side), cap(!side));
                    writeln!(self.term)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                    self.resigned = true;
                }
                Event::Over { winner, stake } if self.resigned => {
                    let s = self.game.score();
                    let t = format!(
                        "Stake {stake} (R-9.1, on the score as it stands: {} holes to {}).",
                        s.holes.get(winner),
                        s.holes.get(!winner)
                    );
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Over { winner, .. } if self.game.ecrire_payment().is_some() => {
                    let t = self.game.marque_totals();
                    let paid = self.game.ecrire_payment().map_or(0, |(_, n)| n);
                    let t = format!(
                        "{} wins the partie à écrire, {} to {} in marqués: {} pays {paid} (R-9.2).",
                        cap(winner),
                        t.get(winner),
                        t.get(!winner),
                        cap(!winner)
                    );
                    writeln!(self.term)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
                Event::Over { winner, stake } => {
                    if manual {
                        self.reveal()?;
                    }
                    let t = narrate::over_text(winner, self.game.score(), stake);
                    writeln!(self.term)?;
                    self.say_wrapped(Tone::Bold, &t, 2)?;
                }
            }
        }
        Ok(())
    }

    /// Manual marking: once a roll is marked, what the rules gave.
    pub(super) fn reveal(&mut self) -> std::io::Result<()> {
        if self.jans_shown {
            return Ok(());
        }
        if let Some(score) = self.roll.clone() {
            let head = format!(
                "  The rules gave for {}'s {}:",
                score.side.name(),
                score.roll
            );
            if score.jans.is_empty() {
                self.say(&format!("{head} no jan."))?;
                self.jans_shown = true;
            } else {
                self.say(&head)?;
                self.show_jans(&score)?;
            }
        }
        Ok(())
    }
}
