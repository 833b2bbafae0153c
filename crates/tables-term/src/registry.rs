//! The games the terminal offers, by name ([`TerminalRegistry`]), as the
//! server's `games::Registry` offers its rooms' games: a game that
//! implements [`TextGame`] joins with one line,
//! [`TerminalRegistry::register`], and is then played by a person in the
//! terminal loop ([`TerminalRegistry::play`]) and by bots in matches
//! ([`TerminalRegistry::play_match`]).

use std::collections::HashMap;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tables::{BySide, Side};

use crate::arena::{self, MatchReport, MatchSpec};
use crate::error::TermError;
use crate::terminal::Terminal;
use crate::text::{TextGame, TextTerminal};
use crate::TerminalLoop;

/// How a person plays a game in the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySetup {
    /// The game's option words (empty: its defaults).
    pub options: String,
    /// The side the person plays.
    pub side: Side,
    /// Two people at one keyboard (no bot).
    pub hotseat: bool,
    /// The bot's name; `None` for the game's default bot (its first).
    pub bot: Option<String>,
    /// The seed of the dice and of the bot's random choices.
    pub seed: u64,
}

/// One game of the registry: what the terminal and a match do with it.
trait Entry: Send + Sync {
    fn bots(&self) -> Result<&'static [&'static str], TermError>;
    fn play(&self, setup: &PlaySetup, term: Terminal<'_>) -> Result<(), TermError>;
    fn play_match(&self, name: &str, spec: &MatchSpec) -> Result<MatchReport, TermError>;
}

/// Makes a new game from its option words.
type Maker<G> = Arc<dyn Fn(&str) -> Result<G, TermError> + Send + Sync>;

struct TextEntry<G: TextGame> {
    make: Maker<G>,
}

impl<G: TextGame> Entry for TextEntry<G> {
    fn bots(&self) -> Result<&'static [&'static str], TermError> {
        Ok((self.make)("")?.bots())
    }

    fn play(&self, setup: &PlaySetup, term: Terminal<'_>) -> Result<(), TermError> {
        let game = (self.make)(setup.options.trim())?;
        let mut humans = BySide::new(setup.hotseat, setup.hotseat);
        *humans.get_mut(setup.side) = true;
        let bot_name = match &setup.bot {
            Some(b) => b.clone(),
            None => game.bots().first().copied().unwrap_or("random").to_string(),
        };
        let bot = if setup.hotseat {
            None
        } else {
            Some(game.bot(&bot_name, setup.seed).ok_or_else(|| {
                TermError::input(format!(
                    "unknown bot `{bot_name}`: the bots are {}",
                    game.bots().join(", ")
                ))
            })?)
        };
        let part = TextTerminal::new(term, game, humans, &bot_name);
        let dice = ChaCha8Rng::seed_from_u64(setup.seed);
        TerminalLoop::new(part, dice, bot).run()
    }

    fn play_match(&self, name: &str, spec: &MatchSpec) -> Result<MatchReport, TermError> {
        let game = (self.make)("")?;
        let seat = |who: &str, seed: u64| game.bot(who, seed);
        arena::play_match(name, spec, &|| (self.make)(""), &seat)
    }
}

/// The games of the terminal, by name.
#[derive(Clone, Default)]
pub struct TerminalRegistry {
    entries: HashMap<String, Arc<dyn Entry>>,
}

impl std::fmt::Debug for TerminalRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TerminalRegistry")
            .field("games", &self.names())
            .finish()
    }
}

impl TerminalRegistry {
    /// No game at all.
    pub fn empty() -> TerminalRegistry {
        TerminalRegistry::default()
    }

    /// Adds (or replaces) the game `name`, made by `make` from its
    /// option words (empty: its defaults).
    pub fn register<G: TextGame>(
        &mut self,
        name: &str,
        make: impl Fn(&str) -> Result<G, TermError> + Send + Sync + 'static,
    ) {
        self.entries.insert(
            name.to_string(),
            Arc::new(TextEntry {
                make: Arc::new(make),
            }),
        );
    }

    /// The games' names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.entries.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    fn entry(&self, name: &str) -> Result<&Arc<dyn Entry>, TermError> {
        self.entries.get(name).ok_or_else(|| {
            TermError::input(format!(
                "unknown game `{name}`: the games are {}",
                self.names().join(", ")
            ))
        })
    }

    /// The bots of the game `name`, its default first.
    ///
    /// # Errors
    /// An unknown game.
    pub fn bots(&self, name: &str) -> Result<&'static [&'static str], TermError> {
        self.entry(name)?.bots()
    }

    /// Plays the game `name` in the terminal loop on `term`, as `setup`
    /// says, until it is over and left or the person leaves.
    ///
    /// # Errors
    /// An unknown game, bot or option; the screen that cannot be
    /// written; a bot that fails.
    pub fn play(&self, name: &str, setup: &PlaySetup, term: Terminal<'_>) -> Result<(), TermError> {
        self.entry(name)?.play(setup, term)
    }

    /// Plays the match `spec` of the game `name` between two of its bots.
    ///
    /// # Errors
    /// An unknown game or player, a number of games out of range, a
    /// player that fails.
    pub fn play_match(&self, name: &str, spec: &MatchSpec) -> Result<MatchReport, TermError> {
        self.entry(name)?.play_match(name, spec)
    }
}
