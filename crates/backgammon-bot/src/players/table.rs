//! The backgammon bots as players of the shared driver
//! ([`tables::Player`] over a money game or match,
//! [`backgammon::session::Match`]): what the server's bot, `bg match`
//! and `bg selfplay` let take their turns with [`tables::take_turn`].
//! A failing external engine (gnubg) is an error, never a panic.

use backgammon::session::{Action, Match};
use backgammon::Phase;
use tables::{Choice, PlayerError};

use super::player::BgBot;
use super::roster::by_name;

/// A bot of this crate, taking whole turns: whether to double, then its
/// roll; whether to take; its play.
pub struct TablePlayer(pub Box<dyn BgBot>);

impl std::fmt::Debug for TablePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("TablePlayer").field(&self.0.name()).finish()
    }
}

impl tables::Player<Match> for TablePlayer {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, m: &Match) -> Result<Choice<Action>, PlayerError> {
        choose(self.0.as_mut(), m)
    }
}

/// A bot of this crate borrowed for one game of [`super::play_out`]: it
/// takes its turns as [`TablePlayer`] does, and is asked at a forced pass
/// too (as the bots' own driver asked it, so that a random player's
/// draws, and so the games of a seed, stay the same).
pub(crate) struct Driven<'a>(pub &'a mut dyn BgBot);

impl tables::Player<Match> for Driven<'_> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, m: &Match) -> Result<Choice<Action>, PlayerError> {
        choose(self.0, m)
    }

    fn chooses_forced(&self) -> bool {
        true
    }
}

/// The choice of `bot` at `m`'s pending decision, which is its own.
fn choose(bot: &mut dyn BgBot, m: &Match) -> Result<Choice<Action>, PlayerError> {
    let g = &m.game;
    // A resignation offered to the bot: accepted when it gives at
    // least what the position is worth to it, by the shipped
    // network's evaluation (every level answers alike).
    if let Some((by, kind)) = g.resignation_offer() {
        let me = !by;
        let o = crate::net::default_net().evaluate(g.position(), g.rules().preset);
        let side = me.char();
        return Ok(Choice::Act(
            if crate::cube::accepts_resignation(g, me, kind, &o) {
                Action::Accept { side }
            } else {
                Action::Decline { side }
            },
        ));
    }
    Ok(match g.phase() {
        Phase::Roll(s) => {
            if g.can_double(s) && bot.wants_double(g) {
                Choice::Act(Action::Double)
            } else {
                Choice::Throw
            }
        }
        Phase::Doubled { .. } => Choice::Act(if bot.takes(g) {
            Action::Take
        } else {
            Action::Drop
        }),
        Phase::Play(..) => {
            if g.legal_plays().is_empty() {
                return Err(PlayerError::NoAction {
                    player: bot.name().to_string(),
                    why: "no legal play".into(),
                });
            }
            Choice::Act(Action::Play {
                p: bot.choose_play(g).to_string(),
            })
        }
        Phase::Opening | Phase::Over(_) => {
            return Err(PlayerError::NoAction {
                player: bot.name().to_string(),
                why: "nothing to decide".into(),
            })
        }
    })
}

/// The bot called `name` (see [`by_name`]) as a player of the
/// shared driver.
pub fn table_player(name: &str, seed: u64) -> Option<Box<dyn tables::Player<Match>>> {
    by_name(name, seed).map(|p| Box::new(TablePlayer(p)) as Box<dyn tables::Player<Match>>)
}

/// The level a player sees for the bot called `name` (the names of
/// [`super::PLAYERS`] are internal: the page, the seat names and the
/// lists show these; the command line accepts both).
pub fn level(name: &str) -> &'static str {
    match name {
        "random" => "Beginner (random)",
        "greedy" => "Easy",
        "neural0" => "Strong",
        "neural2" => "Expert",
        "neural" | "default" => "Master",
        "neural3" => "Master (3-ply)",
        _ => "Bot",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Rules;
    use rand::SeedableRng;
    use tables::BySide;

    #[test]
    fn two_bots_play_a_match_through_the_driver() {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut w = table_player("greedy", 1).unwrap();
        let mut b = table_player("random", 2).unwrap();
        let mut m = Match::new(Rules::standard(), 3);
        let o = tables::play_out(
            &mut m,
            BySide::new(w.as_mut(), b.as_mut()),
            &mut dice,
            100_000,
        )
        .unwrap();
        assert!(m.over());
        assert!(*m.score().get(o.winner) >= 3);
    }
}
