//! The games the server offers ([`Registry`]): each made from its
//! option words, with its analysis and its descriptor for the page.

use std::collections::HashMap;
use std::sync::Arc;

use super::{info, GameAnalysis, RoomGame, ServerGame};

/// Makes a new game of one kind from its option words (empty: the
/// server's defaults).
pub type Maker =
    Arc<dyn Fn(&str) -> Result<Box<dyn RoomGame>, crate::error::GameError> + Send + Sync>;

/// The games the server offers, by name.
#[derive(Clone)]
pub struct Registry {
    /// The games in the order registered (the first is the default).
    makers: Vec<(String, Maker)>,
    analyses: HashMap<String, Arc<dyn GameAnalysis>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("games", &self.names())
            .finish()
    }
}

impl Registry {
    /// No game at all.
    pub fn empty() -> Registry {
        Registry {
            makers: Vec::new(),
            analyses: HashMap::new(),
        }
    }

    /// Grand Trictrac (with `trictrac_defaults` when a client names no
    /// options) and backgammon.
    pub fn standard(trictrac_defaults: ::trictrac::GameOptions) -> Registry {
        let mut r = Registry::empty();
        r.register("trictrac", move |words| {
            super::trictrac::new_game(words, trictrac_defaults)
        });
        r.register("backgammon", super::backgammon::new_match);
        r.register_analysis("trictrac", Arc::new(super::trictrac::Analysis));
        r.register_analysis("backgammon", Arc::new(super::backgammon::Analysis));
        r
    }

    /// Adds (or replaces) the analysis of the game `name`.
    pub fn register_analysis(&mut self, name: &str, analysis: Arc<dyn GameAnalysis>) {
        self.analyses.insert(name.to_string(), analysis);
    }

    /// The analysis of the game `name`.
    ///
    /// # Errors
    /// An unknown game, or one without analysis.
    pub fn analysis(&self, name: &str) -> Result<Arc<dyn GameAnalysis>, crate::error::GameError> {
        self.analyses.get(name).cloned().ok_or_else(|| {
            let mut names: Vec<&str> = self.analyses.keys().map(String::as_str).collect();
            names.sort_unstable();
            crate::error::GameError::Unknown(format!(
                "no analysis of `{name}`: {}",
                names.join(" or ")
            ))
        })
    }

    /// Adds (or replaces) the game `name`, made by `make` from its option
    /// words.
    pub fn register<G: ServerGame>(
        &mut self,
        name: &str,
        make: impl Fn(&str) -> Result<G, crate::error::GameError> + Send + Sync + 'static,
    ) {
        let maker: Maker =
            Arc::new(move |w: &str| make(w).map(|g| Box::new(g) as Box<dyn RoomGame>));
        match self.makers.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = maker,
            None => self.makers.push((name.to_string(), maker)),
        }
    }

    /// A new game `name` with `options`.
    ///
    /// # Errors
    /// An unknown game, or options it does not read.
    pub fn make(
        &self,
        name: &str,
        options: &str,
    ) -> Result<Box<dyn RoomGame>, crate::error::GameError> {
        match self.makers.iter().find(|(n, _)| n == name) {
            Some((_, m)) => m(options.trim()),
            None => Err(format!("game `{name}`: {}", self.names().join(" or ")).into()),
        }
    }

    /// The games' names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.makers.iter().map(|(n, _)| n.as_str()).collect();
        v.sort_unstable();
        v
    }

    /// The game a client gets when it names none: the first registered.
    pub fn default_game(&self) -> Option<&str> {
        self.makers.first().map(|(n, _)| n.as_str())
    }

    /// `/api/info`: each game's [`info::GameInfo`], in the order
    /// registered, from its descriptor and a game made with the server's
    /// defaults. A game that cannot be made with them is left out.
    pub fn info(&self) -> info::Info {
        let mut games = Vec::new();
        let mut shared = serde_json::Map::new();
        for (name, make) in &self.makers {
            let Ok(g) = make("") else { continue };
            let descriptor = g.describe();
            for (k, v) in &descriptor.shared {
                shared.insert(k.clone(), v.clone());
            }
            games.push(info::GameInfo {
                id: name.clone(),
                name: descriptor.title.clone(),
                bots: g.bots().iter().map(|b| b.to_string()).collect(),
                default_bot: descriptor.default_bot.clone(),
                options: g.options_words(),
                records: g.record_formats().iter().map(|r| r.to_string()).collect(),
                descriptor,
            });
        }
        let first = games.first();
        info::Info {
            bots: first.map(|g| g.bots.clone()).unwrap_or_default(),
            default_bot: first.map(|g| g.default_bot.clone()).unwrap_or_default(),
            options: first.map(|g| g.options.clone()).unwrap_or_default(),
            games,
            version: env!("CARGO_PKG_VERSION"),
            shared,
        }
    }
}
