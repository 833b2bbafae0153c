//! The trictrac bots as players of the shared driver
//! ([`tables::Player`] over [`trictrac::Game`]): what the server's bot,
//! `match` and `selfplay` let take their turns with
//! [`tables::take_turn`].

use tables::{Choice, PlayerError};
use trictrac::action::Action;
use trictrac::{Game, Phase, Side};

use crate::{Decision, TrictracBot};

/// A bot of this crate, taking whole turns: a school it can claim (manual
/// marking, R-10), the other player's false play settled as a strong
/// player would (section 11), then its roll, play, decision or
/// declaration.
pub struct TablePlayer(pub Box<dyn TrictracBot>);

impl std::fmt::Debug for TablePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("TablePlayer").field(&self.0.name()).finish()
    }
}

impl tables::Player<Game> for TablePlayer {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, g: &Game) -> Result<Choice<Action>, PlayerError> {
        choose(self.0.as_mut(), g, false)
    }
}

/// A bot of this crate borrowed for one game of [`crate::play_until`]:
/// it takes its turns as [`TablePlayer`] does, but claims a school left
/// open to either side first (manual marking, R-10: both bots claim
/// every school at once), and is asked at a forced pass too (as the
/// bots' own driver asked it, so that a random player's draws, and so
/// the games of a seed, stay the same).
pub(crate) struct Driven<'a>(pub &'a mut dyn TrictracBot);

impl tables::Player<Game> for Driven<'_> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, g: &Game) -> Result<Choice<Action>, PlayerError> {
        choose(self.0, g, true)
    }

    fn chooses_forced(&self) -> bool {
        true
    }
}

/// The choice of `bot` at `g`'s pending decision, which is its own;
/// with `any_school`, a school open to either side (White's first) is
/// claimed for that side before anything else.
fn choose(
    bot: &mut dyn TrictracBot,
    g: &Game,
    any_school: bool,
) -> Result<Choice<Action>, PlayerError> {
    let none = |why: &str| PlayerError::NoAction {
        player: bot.name().to_string(),
        why: why.into(),
    };
    let side = g.phase().side().ok_or_else(|| none("nobody decides"))?;
    let claimers = if any_school { Side::ALL } else { [side, side] };
    for s in claimers {
        if let Some((_, n)) = g.open_school(s) {
            return Ok(Choice::Act(Action::School { side: s.char(), n }));
        }
    }
    if g.can_settle_false_move(side) && g.false_move().is_some_and(|(a, _)| a != side) {
        let play = bot.settle_false_move(g);
        return Ok(Choice::Act(Action::Settle {
            side: side.char(),
            correct: play.is_some(),
            play: play.map(|p| p.display(!side).to_string()),
            replay: false,
        }));
    }
    Ok(match g.phase() {
        Phase::Roll(_) => Choice::Throw,
        Phase::StayOrLeave(_) => Choice::Act(match bot.decide(g) {
            Decision::Stay => Action::Stay,
            Decision::Leave => Action::Leave,
        }),
        Phase::Play(s) => {
            if g.legal_plays().is_empty() {
                return Err(none("no legal play"));
            }
            let p = bot.choose_play(g);
            Choice::Act(Action::Play {
                p: p.display(s).to_string(),
            })
        }
        Phase::Mark(_) => Choice::Act(Action::Declare {
            n: g.points_owed().unwrap_or(0),
        }),
        Phase::FirstMove | Phase::Over(_) => return Err(none("nothing to decide")),
    })
}

/// The bot called `name` (see [`crate::by_name`]) as a player of the
/// shared driver.
pub fn table_player(name: &str, seed: u64) -> Option<Box<dyn tables::Player<Game>>> {
    crate::by_name(name, seed).map(|p| Box::new(TablePlayer(p)) as Box<dyn tables::Player<Game>>)
}

/// The level a player sees for the bot called `name` (the names of
/// [`crate::PLAYERS`] are internal: the page, the seat names and the
/// lists show these; the command line accepts both).
pub fn level(name: &str) -> &'static str {
    match name {
        "random" => "Beginner (random)",
        "greedy" => "Easy",
        "search1" => "Medium",
        "search2" => "Medium+",
        "neural-v1" => "Strong",
        "neural1" => "Strong+",
        "neural" | "default" => "Expert",
        "neural2" => "Expert+",
        _ => "Bot",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use tables::{BySide, TableGame};
    use trictrac::GameOptions;

    #[test]
    fn two_bots_play_a_whole_game_through_the_driver() {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut w = table_player("greedy", 1).unwrap();
        let mut b = table_player("random", 2).unwrap();
        let mut g = Game::new(GameOptions::default());
        let o = tables::play_out(
            &mut g,
            BySide::new(w.as_mut(), b.as_mut()),
            &mut dice,
            100_000,
        )
        .unwrap();
        assert_eq!(Some(o.winner), g.winner());
        assert!(g.pending().is_none());
    }
}
