//! Players and the one driver that lets a player take its turn, for any
//! [`TableGame`]: the server's bots, the terminal's bot, `match` and
//! `selfplay` of both games all go through [`take_turn`].

use crate::game::{ActionError, Outcome, TableGame};
use crate::{BySide, DiceSource, Side};

/// What a player chooses at a decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice<A> {
    /// Throw the dice (at a [`Decision::Roll`] or
    /// [`Decision::RollOrDouble`]).
    Throw,
    /// Take this action.
    Act(A),
}

/// Why a player gave no choice: an external engine may refuse, time out
/// or disconnect. The caller handles it; nothing panics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The player has no answer for this position.
    #[error("{player} found no action: {why}")]
    NoAction {
        /// The player's name.
        player: String,
        /// Why.
        why: String,
    },
    /// An external player (a program) stopped answering.
    #[error("{player} stopped answering: {why}")]
    Disconnected {
        /// The player's name.
        player: String,
        /// What happened.
        why: String,
    },
}

/// A player of a game: a bot, an external engine, a script.
pub trait Player<G: TableGame>: Send {
    /// Its name.
    fn name(&self) -> &str;

    /// Its choice at the game's pending decision, which is its own.
    ///
    /// # Errors
    /// When it has none (an external engine that refused or stopped).
    fn choose(&mut self, game: &G) -> Result<Choice<G::Action>, PlayerError>;

    /// Whether the player is asked at a decision the game would make by
    /// itself (a forced pass, [`TableGame::forced`]) instead of the game
    /// making it: `false` by default. A player whose choices follow a
    /// seed and draw even for a single choice (the bots' drivers of old)
    /// says `true` to keep its sequence of draws.
    fn chooses_forced(&self) -> bool {
        false
    }
}

/// Why a turn could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DriveError {
    /// The player failed.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The player chose an action the rules refuse (a bug of the player).
    #[error("{player} chose an action the rules refuse: {error}")]
    Refused {
        /// The player's name.
        player: String,
        /// The refusal.
        error: ActionError,
    },
    /// The player kept acting without ending its decision.
    #[error("{0} took more than {MAX_ACTIONS} actions in one turn")]
    Endless(String),
}

/// The most actions one turn may hold (a school claimed, a false move
/// settled, the roll, …).
pub const MAX_ACTIONS: usize = 8;

/// Lets the deciding player take its whole pending decision and returns
/// the actions applied, as stored: the action the game makes by itself
/// when there is one ([`automatic`]: an opening throw, a forced pass; no
/// player asked), else the player's actions until its decision is made —
/// until the dice are thrown, or the pending decision is no longer the
/// same one of the same side, or the game is over. `player` is asked only
/// when the pending side is its own; `dice` serves the throws.
///
/// # Errors
/// When the player fails or chooses what the rules refuse; the game then
/// holds the actions applied before.
pub fn take_turn<G: TableGame>(
    game: &mut G,
    player: &mut dyn Player<G>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<G::Action>, DriveError> {
    let mut done = Vec::new();
    let Some(start) = game.pending() else {
        return Ok(done);
    };
    let forced_by_game = start.side.is_none() || !player.chooses_forced();
    if let Some(a) = automatic(game, dice).filter(|_| forced_by_game) {
        done.push(apply(game, &a, "the game")?);
        return Ok(done);
    }
    loop {
        let (action, threw) = match player.choose(game)? {
            Choice::Throw => {
                let a = game.throw(dice).map_err(|error| DriveError::Refused {
                    player: player.name().into(),
                    error,
                })?;
                (a, true)
            }
            Choice::Act(a) => (a, false),
        };
        done.push(apply(game, &action, player.name())?);
        if threw || game.pending() != Some(start) {
            return Ok(done);
        }
        if done.len() >= MAX_ACTIONS {
            return Err(DriveError::Endless(player.name().into()));
        }
    }
}

/// The action the game makes by itself now, nobody deciding: the
/// opening throw (from `dice`), or a forced action such as a pass.
pub fn automatic<G: TableGame>(game: &G, dice: &mut dyn DiceSource) -> Option<G::Action> {
    let p = game.pending()?;
    if p.side.is_none() {
        return game.throw(dice).ok();
    }
    game.forced()
}

/// Applies every action the game makes by itself ([`automatic`]) and
/// returns them as stored.
///
/// # Errors
/// When the game refuses one of its own actions (a bug of the game).
pub fn apply_automatic<G: TableGame>(
    game: &mut G,
    dice: &mut dyn DiceSource,
) -> Result<Vec<G::Action>, ActionError> {
    let mut done = Vec::new();
    while let Some(a) = automatic(game, dice) {
        done.push(game.apply(&a)?);
        if done.len() > 1000 {
            break;
        }
    }
    Ok(done)
}

fn apply<G: TableGame>(game: &mut G, a: &G::Action, who: &str) -> Result<G::Action, DriveError> {
    game.apply(a).map_err(|error| DriveError::Refused {
        player: who.into(),
        error,
    })
}

/// Plays `game` to its end between `players` (White's, Black's), with
/// `dice`: each turn by [`take_turn`].
///
/// # Errors
/// When a player fails, or the game has not ended after `max_turns`.
pub fn play_out<G: TableGame>(
    game: &mut G,
    players: BySide<&mut dyn Player<G>>,
    dice: &mut dyn DiceSource,
    max_turns: usize,
) -> Result<Outcome, DriveError> {
    match play_until(game, players, dice, max_turns, |_| false)? {
        Some(o) => Ok(o),
        None => Err(DriveError::Endless(format!(
            "the game after {max_turns} turns"
        ))),
    }
}

/// Plays `game` between `players` (White's, Black's) with `dice`, each
/// turn by [`take_turn`], until it is over (its [`Outcome`]) or `stop`
/// says so before a turn (`None`: a truncated game, as a rollout stops
/// after some rolls), or after `max_turns` turns (`None` too).
///
/// # Errors
/// When a player fails.
pub fn play_until<G: TableGame>(
    game: &mut G,
    players: BySide<&mut dyn Player<G>>,
    dice: &mut dyn DiceSource,
    max_turns: usize,
    mut stop: impl FnMut(&G) -> bool,
) -> Result<Option<Outcome>, DriveError> {
    let mut players = players;
    for _ in 0..max_turns {
        let Some(p) = game.pending() else {
            break;
        };
        if stop(game) {
            return Ok(None);
        }
        let side = p.side.unwrap_or(Side::White);
        let player: &mut dyn Player<G> = &mut **players.get_mut(side);
        take_turn(game, player, dice)?;
    }
    Ok(game.outcome())
}

/// A player that chooses uniformly among the legal actions, and throws
/// when it may (with the same chance as one more action). The bots of
/// both games call it `random` ([`RandomPlayer::pick`]: a uniform play).
#[derive(Clone, Debug)]
pub struct RandomPlayer<R> {
    rng: R,
}

impl<R: rand_core::RngCore> RandomPlayer<R> {
    /// A random player drawing from `rng`.
    pub fn new(rng: R) -> RandomPlayer<R> {
        RandomPlayer { rng }
    }

    /// One of `items`, uniformly.
    ///
    /// # Panics
    /// If `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        use rand::Rng;
        &items[self.rng.gen_range(0..items.len())]
    }
}

impl<R: rand_core::SeedableRng + rand_core::RngCore> RandomPlayer<R> {
    /// A random player whose choices follow `seed`.
    ///
    /// ```
    /// use tables::RandomPlayer;
    /// let mut a = RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(7);
    /// let mut b = RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(7);
    /// assert_eq!(a.pick(&[1, 2, 3, 4]), b.pick(&[1, 2, 3, 4]));
    /// ```
    pub fn seeded(seed: u64) -> RandomPlayer<R> {
        RandomPlayer::new(R::seed_from_u64(seed))
    }
}

impl<G: TableGame, R: rand_core::RngCore + Send> Player<G> for RandomPlayer<R> {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &G) -> Result<Choice<G::Action>, PlayerError> {
        let mut actions = game.legal_actions();
        let throws = game.pending().is_some_and(|p| p.decision.throws());
        let n = actions.len() + usize::from(throws);
        if n == 0 {
            return Err(PlayerError::NoAction {
                player: "random".into(),
                why: "no legal action".into(),
            });
        }
        let k = (self.rng.next_u64() % n as u64) as usize;
        if k == actions.len() {
            Ok(Choice::Throw)
        } else {
            Ok(Choice::Act(actions.swap_remove(k)))
        }
    }
}
