//! `--tutor` in backgammon: a play judged by the ranking `hint` shows
//! (the default bot's 3-ply search, the analysis service's
//! [`backgammon_bot::analysis::service::Analyst::rank`]),
//! explained as `trictrac bg hint --explain` explains it; a cube
//! decision — doubling or not, taking or passing — by the cube analysis
//! `hint` prints ([`backgammon_bot::analysis::cubeful::analyse`], 2
//! levels of rolls), in the thresholds of the review
//! ([`backgammon_bot::analysis::review::THRESHOLDS`], gnubg's).

use backgammon_bot::analysis::cubeful::CubeAnalysis;
use backgammon_bot::analysis::explain::{features, summary, why};
use backgammon_bot::analysis::service::{Analyst, PlayDepth};
use backgammon_bot::cube::score::Score;

use super::*;
use crate::bg::hint::Ranked;
use tables_term::tutor::Advice;

/// The width of the explanation (indented by the terminal loop).
const WIDTH: usize = 77;

impl BgTerminal<'_> {
    /// The tutor's judgement of the decision `side` took in the game of
    /// `before` (see [`tables_term::TerminalGame::tutor`]).
    pub(super) fn tutor(&self, before: &Match, side: Side) -> Option<Advice> {
        let g = &before.game;
        // The game that was current, as it is now, and what happened in
        // it first since.
        let now = self.m.games().nth(before.done.len())?;
        let event = now.events().get(g.events().len())?;
        match (g.phase(), event) {
            (Phase::Play(..), Event::Play { play, .. }) if !play.is_pass() => {
                self.tutor_play(g, play, side)
            }
            (Phase::Roll(s), Event::Roll { .. }) if g.can_double(s) => {
                cube_advice(g, CubeChoice::NoDouble)
            }
            (Phase::Roll(_), Event::Double { .. }) => cube_advice(g, CubeChoice::Double),
            (Phase::Doubled { .. }, Event::Take { .. }) => cube_advice(g, CubeChoice::Take),
            (Phase::Doubled { .. }, Event::Drop { .. }) => cube_advice(g, CubeChoice::Pass),
            _ => None,
        }
    }

    /// `play` against the best of the ranking `hint` shows.
    fn tutor_play(&self, g: &Game, play: &Play, side: Side) -> Option<Advice> {
        let legal = g.legal_plays().clone();
        if legal.len() < 2 {
            return None;
        }
        let net = backgammon_bot::default_net();
        let pos = g.position();
        let ranked = Analyst::new(&net).rank(
            pos,
            &legal,
            g.rules(),
            Score {
                state: g.match_state(),
                cube: g.cube(),
            },
            PlayDepth::Three,
        );
        let after = pos.play_unchecked(play);
        let mine = ranked
            .iter()
            .find(|r| pos.play_unchecked(&r.raw) == after)?;
        let best = ranked.first()?;
        let lost = f64::from(best.equity - mine.equity).max(0.0);
        let best_text = self.show_play(&best.raw, side);
        let mine_text = self.show_play(&mine.raw, side);
        Some(Advice {
            lost,
            what: "This play".into(),
            noun: "play",
            keep: "play",
            lines: explain_plays(
                pos,
                g.rules(),
                (&best_text, best),
                (&mine_text, mine),
                ["Better", "Yours"],
            ),
            best: best_text,
        })
    }
}

/// The better play and the one made (or the hint's best and second),
/// each with its features under its `labels`, and why the better one, as
/// `bg hint --explain` says it.
pub(super) fn explain_plays(
    pos: &Position,
    rules: &backgammon::Rules,
    best: (&str, &Ranked),
    mine: (&str, &Ranked),
    labels: [&str; 2],
) -> Vec<String> {
    let feats =
        |r: &Ranked| features(pos, &pos.play_unchecked(&r.raw), rules).with_chances(r.chances());
    let (fb, fm) = (feats(best.1), feats(mine.1));
    let mut lines = Vec::new();
    for (label, (text, r), f) in [(labels[0], best, &fb), (labels[1], mine, &fm)] {
        let t = format!("{label}: {text}, equity {:+.3}: {}", r.equity, summary(f));
        lines.extend(tables_term::wrap(&t, WIDTH, 2));
    }
    let w = why((best.0, &fb), (mine.0, &fm), best.1.equity - mine.1.equity);
    let mut text = Vec::new();
    if crate::bg::explain::write_why(&mut text, &w, best.1, mine.1).is_ok() {
        lines.extend(
            String::from_utf8_lossy(&text)
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string),
        );
    }
    lines
}

/// A cube decision the tutor judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CubeChoice {
    /// Rolling without doubling.
    NoDouble,
    Double,
    Take,
    Pass,
}

/// The decision `d` in the game `g` before it, by the cube analysis of
/// `hint`.
fn cube_advice(g: &Game, d: CubeChoice) -> Option<Advice> {
    let net = backgammon_bot::default_net();
    let a = Analyst::new(&net).cube(g.position(), g.rules(), g.match_state(), g.cube(), 2);
    let (lost, what, keep, best) = match d {
        CubeChoice::NoDouble => (
            a.doubler_error(false),
            "Rolling without doubling",
            "roll",
            double_word(&a),
        ),
        CubeChoice::Double => (
            a.doubler_error(true),
            "This double",
            "double",
            a.action.clone(),
        ),
        CubeChoice::Take => (a.taker_error(true), "This take", "take", "pass".into()),
        CubeChoice::Pass => (a.taker_error(false), "This pass", "pass", "take".into()),
    };
    let mut text = Vec::new();
    crate::bg::hint::write_cube_analysis(&mut text, g.position(), g.match_state(), g.cube(), 2, &a)
        .ok()?;
    Some(Advice {
        lost,
        what: what.into(),
        noun: "cube decision",
        keep,
        best,
        lines: String::from_utf8_lossy(&text)
            .lines()
            .map(str::to_string)
            .collect(),
    })
}

/// `double` or `redouble`.
fn double_word(a: &CubeAnalysis) -> String {
    if a.redouble { "redouble" } else { "double" }.into()
}
