//! `--tutor` in Grand Trictrac: a play judged by the ranking `hint`
//! shows (the default bot's analysis, [`trictrac_bot::analysis`]) and
//! explained as `trictrac hint --explain` explains it
//! ([`trictrac_bot::explain`]: jans, obligations, the opponent's
//! chances, why the best rather than yours); staying or leaving
//! by the equities `hint` gives, with the explanation of the choice. In
//! the thresholds of `trictrac review` ([`trictrac_bot::review::THRESHOLDS`]).

use trictrac_bot::explain::{compare, explain_play, explain_stay_leave};

use super::*;
use tables_term::tutor::Advice;

/// The width of the explanation (indented by the terminal loop).
const WIDTH: usize = 77;

impl TrictracTerminal<'_> {
    /// The tutor's judgement of the decision `side` took in the game of
    /// `before` (see [`tables_term::TerminalGame::tutor`]).
    pub(super) fn tutor(&mut self, before: &Game, side: Side) -> Option<Advice> {
        let new = self.game.events().get(before.events().len()..)?;
        let decision = new.iter().find_map(|e| match e {
            Event::Played { side: s, play } if *s == side => Some(Ok(*play)),
            Event::Decided { side: s, stay } if *s == side => Some(Err(*stay)),
            _ => None,
        })?;
        match (before.phase(), decision) {
            (Phase::Play(_), Ok(play)) => self.tutor_play(before, &play, side),
            (Phase::StayOrLeave(_), Err(stay)) => self.tutor_stay(before, stay),
            _ => None,
        }
    }

    /// `play` against the best of the ranking `hint` shows.
    fn tutor_play(&mut self, before: &Game, play: &Play, side: Side) -> Option<Advice> {
        if before.legal_plays().len() < 2 {
            return None;
        }
        let ranked = self.analyst().plays(before);
        let rules = before.options().rules;
        let after = |p: &Play| {
            let mut pos = before.position().clone();
            pos.play_unchecked_with(p, &rules);
            pos
        };
        let made = after(play);
        let mine = ranked
            .iter()
            .find(|r| r.play == *play)
            .or_else(|| ranked.iter().find(|r| after(&r.play) == made))?;
        let best = ranked.first()?;
        let lost = f64::from(best.equity - mine.equity).max(0.0);
        let best_text = self.play_text(&best.play, side);
        let mine_text = self.play_text(&mine.play, side);
        let mut lines = Vec::new();
        let (eb, em) = (
            explain_play(before, &best.play),
            explain_play(before, &mine.play),
        );
        for (label, text, equity, e) in [
            ("Better", &best_text, best.equity, &eb),
            ("Yours", &mine_text, mine.equity, &em),
        ] {
            lines.push(format!("{label}: {text}, equity {equity:+.3}"));
            for l in e.iter().flat_map(|e| &e.lines) {
                lines.extend(wrap(&format!("  {l}"), WIDTH, 4));
            }
        }
        if let (Some(b), Some(m)) = (&eb, &em) {
            let c = compare(b, m);
            lines.push(format!("Why {} rather than {}:", c.best, c.second));
            for l in &c.lines {
                lines.extend(wrap(&format!("  {l}"), WIDTH, 4));
            }
        }
        Some(Advice {
            lost,
            what: "This play".into(),
            noun: "play",
            keep: "play",
            best: best_text,
            lines,
        })
    }

    /// Staying (`stay`) or leaving against the other, by the equities
    /// `hint` gives.
    fn tutor_stay(&mut self, before: &Game, stay: bool) -> Option<Advice> {
        let sl = self.analyst().stay_leave(before)?;
        let (mine, other) = if stay {
            (sl.stay, sl.leave)
        } else {
            (sl.leave, sl.stay)
        };
        let lost = f64::from(other - mine).max(0.0);
        let mut lines = vec![format!(
            "Equity (the expected stake, R-9.1): stay {:+.3}, leave {:+.3}.",
            sl.stay, sl.leave
        )];
        // The score before the roll, kept when the dice were thrown.
        let score = before.pending_score();
        if let (Some((rolls, at_roll)), Some(score)) = (self.roll_before, score) {
            if rolls == before.rolls() {
                for l in explain_stay_leave(&at_roll, score, &sl).lines {
                    lines.extend(wrap(&l, WIDTH, 2));
                }
            }
        }
        Some(Advice {
            lost,
            what: format!("{} here", if stay { "Staying" } else { "Leaving" }),
            noun: "decision",
            keep: "choice",
            best: if stay { "leave" } else { "stay" }.into(),
            lines,
        })
    }

    /// Throws the dice for the side on roll, keeping the score before
    /// the roll (what explains staying or leaving).
    pub(super) fn throw_dice(&mut self, dice: &mut dyn tables::DiceSource) -> Result<(), String> {
        let at_roll = *self.game.score();
        let a = tables::TableGame::throw(&self.game, dice).map_err(|e| e.to_string())?;
        tables::TableGame::apply(&mut self.game, &a).map_err(|e| e.to_string())?;
        self.roll_before = Some((self.game.rolls(), at_roll));
        Ok(())
    }
}
