//! The commands of trictrac's prompts only (names, fields), its hint,
//! and what resigning gives; the commands of every game's prompt are the
//! shared session's ([`crate::session::play`]).

use super::*;
use crate::session::table::Resignation;

impl Session<'_> {
    /// The commands of trictrac only; `false` when `line` is not one.
    pub(super) fn game_command(&mut self, line: &str) -> std::io::Result<bool> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_lowercase();
        match word.as_str() {
            "names" => {
                // `names` goes to the next naming, `names soumille` to one.
                let next = match words.next() {
                    Some(w) => match w.to_lowercase().parse::<FieldNames>() {
                        Ok(n) => n,
                        Err(e) => {
                            self.refuse(&e)?;
                            return Ok(true);
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
                let t = board::named_fields_text(self.view.fields, true);
                self.say_wrapped(Tone::Plain, &t, 2)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// What `side` resigning would give (the engine ends the game,
    /// RULES-CHOICES.md, resigning): asked first, so that a slip of the
    /// keyboard ends no game, unless the engine refuses anyway.
    pub(super) fn resignation(&self, side: Side) -> Result<Resignation, String> {
        let mut trial = self.game.clone();
        match trial.resign(side) {
            Err(e) => Err(format!("{e}; `quit` leaves the game (it is saved).")),
            Ok(stake) => Ok(Resignation {
                question: format!(
                    "Resign? {} wins the game, stake {stake} (R-9.1). (yes/no) ",
                    cap(!side)
                ),
            }),
        }
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
                        self.term,
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
}
