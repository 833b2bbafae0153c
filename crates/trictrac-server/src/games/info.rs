//! What the page and `/api/info` know of a game (issue 36): its
//! [`Descriptor`], given by its adapter ([`super::ServerGame::describe`]),
//! and the [`GameInfo`] the [`super::Registry`] serves from it. The page
//! builds its game lists, the lobby form's rows and its links from these
//! alone: no game is named in the server's or the page's shared code.

use serde::Serialize;
use serde_json::{Map, Value};

/// A text of the page: the key of its translation in the page's texts
/// (`static/texts/*.json`), and the text shown when the page has none
/// (a game registered without texts of its own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// The key of the page's translation, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub i18n: Option<String>,
    /// The text itself.
    pub text: String,
}

impl Label {
    /// A text with no translation.
    pub fn text(text: &str) -> Label {
        Label {
            i18n: None,
            text: text.to_string(),
        }
    }

    /// A text translated under `key`.
    pub fn keyed(key: &str, text: &str) -> Label {
        Label {
            i18n: Some(key.to_string()),
            text: text.to_string(),
        }
    }
}

/// One choice of a [`Setting`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SettingChoice {
    /// The choice's value (the form's).
    pub value: String,
    /// How the page names it.
    pub label: Label,
    /// The option words it adds to the game's (empty: the default).
    pub words: String,
}

/// One setting of a game: a row of the lobby form, its choices and its
/// default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Setting {
    /// Its name (the form field's).
    pub key: String,
    /// How the page names it.
    pub label: Label,
    /// The choices, in the order shown.
    pub choices: Vec<SettingChoice>,
    /// The value chosen by default.
    pub default: String,
    /// Offered in the lobby's form (a challenge).
    pub lobby: bool,
}

/// A link of the page to one of the game's pages (how to play, its
/// analysis, its exercises).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// What it leads to: `howto`, `analysis`, `review`, `learn`.
    pub kind: String,
    /// The address.
    pub href: String,
    /// The element id the page gives it.
    pub id: String,
    /// Its text.
    pub label: Label,
}

/// What a game says of itself ([`super::ServerGame::describe`]); the
/// registry adds its name, bots, default options and record formats
/// ([`GameInfo`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Descriptor {
    /// Its title (`Grand Trictrac`).
    pub title: String,
    /// The bot offered by default.
    pub default_bot: String,
    /// The colour of its lines in the players' charts (CSS).
    pub color: String,
    /// The lobby form's help on the game's option words.
    pub words_help: Option<Label>,
    /// An example of its option words (the form's placeholder).
    pub words_example: String,
    /// Its settings.
    pub settings: Vec<Setting>,
    /// Its pages.
    pub links: Vec<Link>,
    /// What its analysis offers: `hint`, `tutor`, `review`, `board`,
    /// `review_file`, `rollout`.
    pub analysis: Vec<String>,
    /// Other fields its page module reads in its entry of `/api/info`.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
    /// Fields its page module reads at the top of `/api/info`.
    #[serde(skip)]
    pub shared: Map<String, Value>,
}

/// One game of `/api/info` (docs/PROTOCOL.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// Its name in the protocol (`create`'s `game`).
    pub id: String,
    /// Its title.
    pub name: String,
    /// Its bots' names.
    pub bots: Vec<String>,
    /// The default bot.
    pub default_bot: String,
    /// Its default option words (the server's).
    pub options: String,
    /// Its record formats, the default first.
    pub records: Vec<String>,
    /// The rest of its descriptor.
    #[serde(flatten)]
    pub descriptor: Descriptor,
}

/// `/api/info`: the registered games, in the order registered, and the
/// first's bots and options at the top (the page's older fields).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Info {
    /// The games.
    pub games: Vec<GameInfo>,
    /// The default game's bots.
    pub bots: Vec<String>,
    /// The default game's default bot.
    pub default_bot: String,
    /// The default game's option words.
    pub options: String,
    /// The server's version.
    pub version: &'static str,
    /// The games' shared fields ([`Descriptor::shared`]).
    #[serde(flatten)]
    pub shared: Map<String, Value>,
}
