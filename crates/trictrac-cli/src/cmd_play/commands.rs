//! The commands of trictrac's prompts only (names, fields), its hint,
//! and what resigning gives; the commands of every game's prompt are the
//! shared terminal loop's ([`tables_term::TerminalLoop`]).

use trictrac_bot::explain::{compare, explain_ranked, explain_stay_leave};

use super::*;
use tables_term::game::Resignation;

/// The width of `why`'s explanation (indented by two).
const WHY_WIDTH: usize = 77;

impl TrictracTerminal<'_> {
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
            "why" => self.why()?,
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
                let lines = self.why_plays(&game, &analysis, side);
                self.remember_why(lines);
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
                        let lines = self.why_stay_leave(&game, &sl);
                        self.remember_why(lines);
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

    /// `why` after a hint of the plays of `game`'s roll (`analysis`, best
    /// first): the best play and the second with their explanations, and
    /// why the best rather than the second, as `trictrac hint --explain`
    /// says it ([`trictrac_bot::explain`]).
    fn why_plays(
        &self,
        game: &Game,
        analysis: &[trictrac_bot::analysis::PlayEquity],
        side: Side,
    ) -> Vec<String> {
        if analysis.len() < 2 {
            return vec!["There is only one play: nothing to compare.".to_string()];
        }
        let explained = explain_ranked(game, &analysis[..2]);
        let mut lines = Vec::new();
        for (label, (p, e)) in ["Best", "Second"]
            .into_iter()
            .zip(analysis.iter().zip(&explained))
        {
            let text = self.play_text(&p.play, side);
            lines.push(format!("{label}: {text}, equity {:+.3}", p.equity));
            for l in &e.lines {
                lines.extend(wrap(&format!("  {l}"), WHY_WIDTH, 4));
            }
        }
        if let [b, s] = &explained[..] {
            let c = compare(b, s);
            lines.push(format!("Why {} rather than {}:", c.best, c.second));
            for l in &c.lines {
                lines.extend(wrap(&format!("  {l}"), WHY_WIDTH, 4));
            }
        }
        lines
    }

    /// `why` after a hint to stay or leave: the equities and the
    /// explanation of the choice, from the score before the roll.
    fn why_stay_leave(&self, game: &Game, sl: &trictrac_bot::analysis::StayLeave) -> Vec<String> {
        let mut lines = vec![format!(
            "Equity (the expected stake, R-9.1): stay {:+.3}, leave {:+.3}.",
            sl.stay, sl.leave
        )];
        if let (Some((rolls, at_roll)), Some(score)) = (self.roll_before, game.pending_score()) {
            if rolls == game.rolls() {
                for l in explain_stay_leave(&at_roll, score, sl).lines {
                    lines.extend(wrap(&l, WHY_WIDTH, 2));
                }
            }
        }
        lines
    }

    /// Keeps what `why` prints at this decision.
    fn remember_why(&mut self, lines: Vec<String>) {
        self.why = Some((self.game.events().len(), lines));
    }

    /// `why`: the explanation of the last `hint`, at the decision it was
    /// asked at.
    fn why(&mut self) -> std::io::Result<()> {
        match &self.why {
            Some((at, lines)) if *at == self.game.events().len() => {
                for l in lines {
                    writeln!(self.term, "{l}")?;
                }
                Ok(())
            }
            _ => self.say("`why` explains the hint: ask `hint` first at this decision."),
        }
    }
}
