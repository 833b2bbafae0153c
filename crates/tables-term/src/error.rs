//! Why the terminal of a game stopped.

/// What went wrong in the terminal loop, a match or the registry.
#[derive(Debug, thiserror::Error)]
pub enum TermError {
    /// The screen (or the output) could not be written.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    /// The game, a player or the dice failed (a bot that cannot play, a
    /// game that refuses its own move).
    #[error("{0}")]
    Game(String),
    /// What was asked of the terminal is not possible: an unknown game,
    /// an unknown player, a number of games out of range.
    #[error("{0}")]
    Input(String),
}

impl TermError {
    /// A failure of the game, a player or the dice.
    pub fn game(msg: impl std::fmt::Display) -> TermError {
        TermError::Game(msg.to_string())
    }

    /// A request that is not possible.
    pub fn input(msg: impl std::fmt::Display) -> TermError {
        TermError::Input(msg.to_string())
    }
}
