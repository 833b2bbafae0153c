//! The legal plays of a backgammon roll ranked by the bot's cubeless
//! equity: what `bg hint`, its `--explain`, the hints and the tutor of
//! `bg play` show — one ranking, below them all.

use backgammon::PlayList;
use backgammon_bot::cube::score::{ranked_3ply_in, Score};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::search::deep::Scratch;
use backgammon_bot::BgNet;
use serde::Serialize;

/// A play with the bot's valuation of the position after it.
#[derive(Serialize)]
pub struct Ranked {
    /// The play in gnubg's notation.
    pub play: String,
    /// The play itself (for the terminal's own notation).
    #[serde(skip)]
    pub raw: backgammon::Play,
    /// The depth at which it was valued: 3, 2 or 0 plies.
    pub plies: u8,
    /// Cubeless money equity after the play (the mover's eyes).
    pub equity: f32,
    /// `equity` minus the best play's (0 or negative).
    pub difference: f32,
    /// Chance of winning.
    pub win: f32,
    /// What valued the position after the play: "bear-off database",
    /// "race" or "contact network".
    pub evaluator: &'static str,
    pub(crate) win_gammon: f32,
    pub(crate) win_backgammon: f32,
    pub(crate) lose_gammon: f32,
    pub(crate) lose_backgammon: f32,
    /// The features of the position after the play (`--explain` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<backgammon_bot::analysis::explain::PlayFeatures>,
}

impl Ranked {
    /// The evaluator's outputs after the play: win, gammon and
    /// backgammon of both sides.
    pub fn outputs(&self) -> neural::Outputs {
        let mut o = [0.0; neural::MAX_OUTPUTS];
        o[..5].copy_from_slice(&[
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]);
        o
    }
}

/// The legal `plays` of `pos` ranked by the network's cubeless equity,
/// best first: at `plies` 3 (the default bot's search, the deepest
/// first: [`ranked_3ply_in`]), every play at 2, or at 0. In a match
/// (`score`) the equity is the match-winning chances of each play's
/// outcomes as normalised money equity ([`Score::value`]), and the plays
/// are ranked by it, as the bot chooses. Shared by `bg hint` and the
/// hints of `bg play`.
pub fn rank_plays(
    net: &BgNet,
    pos: &backgammon::Position,
    plays: &PlayList,
    rules: &backgammon::Rules,
    plies: u8,
    score: Score,
) -> Vec<Ranked> {
    let turn = pos.turn();
    let value = |o: &neural::Outputs| score.value(o, turn) as f32;
    let ranked_of = |p: &backgammon::Play, o: &neural::Outputs, plies: u8| Ranked {
        evaluator: Evaluator::of(&pos.play_unchecked(p)).label(),
        play: p.to_string(),
        raw: *p,
        plies,
        equity: value(o),
        difference: 0.0,
        win: o[0],
        win_gammon: o[1],
        win_backgammon: o[2],
        lose_gammon: o[3],
        lose_backgammon: o[4],
        explain: None,
    };
    let mut ranked: Vec<Ranked> = if plies >= 3 {
        ranked_3ply_in(net, pos, plays, rules, &mut Scratch::default(), score)
            .iter()
            .map(|s| ranked_of(&s.play, &s.outputs, s.plies))
            .collect()
    } else {
        let mut buf = PlayList::new();
        let mut all: Vec<Ranked> = plays
            .iter()
            .map(|p| {
                let after = pos.play_unchecked(p);
                let o = if plies == 2 {
                    net.after_play_2ply(&after, turn, rules, &mut buf)
                } else {
                    net.after_play(&after, turn, rules.preset)
                };
                ranked_of(p, &o, plies)
            })
            .collect();
        all.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        all
    };
    let best = ranked.first().map_or(0.0, |r| r.equity);
    for r in &mut ranked {
        r.difference = r.equity - best;
    }
    ranked
}
