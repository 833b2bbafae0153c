//! Grand Trictrac's descriptor (issue 36): its title, its settings (the
//! rule options of docs/RULES-CHOICES.md), its pages, its analysis, and
//! the engine's field names its page module labels the board with.

use serde_json::{json, Map, Value};

use crate::games::info::{Descriptor, Label, Link, Setting, SettingChoice};

/// A setting `key` (its label's key `label`) whose choices are written
/// `key=value` (no words for the default, the first).
fn setting(key: &str, label: (&str, &str), choices: &[(&str, Option<&str>, &str)]) -> Setting {
    let default = choices.first().map(|c| c.0).unwrap_or("");
    Setting {
        key: key.into(),
        label: Label::keyed(label.0, label.1),
        choices: choices
            .iter()
            .map(|(value, i18n, text)| SettingChoice {
                value: (*value).into(),
                label: match i18n {
                    Some(k) => Label::keyed(k, text),
                    None => Label::text(text),
                },
                words: if *value == default {
                    String::new()
                } else {
                    format!("{key}={value}")
                },
            })
            .collect(),
        default: default.into(),
        lobby: false,
    }
}

/// The descriptor.
pub fn descriptor() -> Descriptor {
    let mut shared = Map::new();
    shared.insert("fields".into(), field_names());
    shared.insert("named_fields".into(), named_fields());
    Descriptor {
        title: "Grand Trictrac".into(),
        default_bot: trictrac_bot::DEFAULT_BOT.into(),
        color: "#8a5a2b".into(),
        words_help: Some(Label::keyed(
            "lobby_rules_trictrac",
            "Grand Trictrac's option words, e.g. marking=manual or payout=soumille",
        )),
        words_example: "marking=manual · payout=soumille".into(),
        settings: vec![
            setting(
                "marking",
                ("opt_marking", "Marking"),
                &[
                    ("auto", Some("marking_auto"), "automatic"),
                    ("manual", Some("marking_manual"), "by the players"),
                ],
            ),
            setting(
                "first-move",
                ("opt_first", "First move"),
                &[
                    ("one-die-each", Some("first_one"), "one die each"),
                    ("coup-et-des", None, "coup et dés"),
                    ("two-dice-each", Some("first_two_each"), "two dice each"),
                ],
            ),
            setting(
                "exit",
                ("opt_exit", "Exit"),
                &[
                    ("parisienne", None, "parisienne"),
                    ("provinciale", None, "provinciale"),
                ],
            ),
            setting(
                "exit-roll",
                ("opt_exit_roll", "After the exit"),
                &[
                    ("fresh", Some("exit_fresh"), "a fresh roll"),
                    ("pour-tout", Some("exit_pour_tout"), "pour tout"),
                ],
            ),
            setting(
                "payout",
                ("opt_payout", "Stakes"),
                &[
                    ("guiton", None, "Guiton"),
                    ("soumille", None, "Soumille"),
                    ("jollyvet", None, "Jollyvet"),
                    ("honneurs", Some("payout_honneurs"), "with honours"),
                    ("none", Some("payout_none"), "simple"),
                ],
            ),
            setting(
                "old-jans",
                ("opt_old_jans", "Old jans"),
                &[("off", Some("off"), "no"), ("on", Some("on"), "yes")],
            ),
            setting(
                "false-moves",
                ("opt_false", "False moves"),
                &[
                    ("refused", Some("false_refused"), "refused"),
                    ("table", Some("false_table"), "at the table"),
                ],
            ),
            setting(
                "partie",
                ("opt_partie", "Game"),
                &[
                    ("douze", Some("partie_douze"), "in twelve holes"),
                    ("ecrire", Some("partie_ecrire"), "à écrire"),
                ],
            ),
        ],
        links: vec![Link {
            kind: "howto".into(),
            href: "/howto".into(),
            id: "howto-tt".into(),
            label: Label::keyed("howto_tt", "How to play Grand Trictrac"),
        }],
        analysis: ["hint", "tutor", "review", "board"]
            .map(String::from)
            .to_vec(),
        extra: Map::new(),
        shared,
    }
}

/// The names of absolute fields 1..24 in each naming, from the
/// engine, so that the page's labels are the engine's.
fn field_names() -> Value {
    use ::trictrac::FieldNames;
    let names = |n: FieldNames| (1..=24u8).map(|f| n.name(f)).collect::<Vec<_>>();
    json!({
        "numbers": names(FieldNames::Numbers),
        "classical": names(FieldNames::Classical),
        "soumille": names(FieldNames::Soumille),
        "lepeintre": names(FieldNames::Lepeintre),
    })
}

/// The named fields with their fields in a player's own frame.
fn named_fields() -> Value {
    ::trictrac::fields::NamedField::ALL
        .iter()
        .map(|n| {
            let also: Vec<_> = n
                .also_called()
                .iter()
                .map(|a| json!({ "name": a.name, "source": a.source }))
                .collect();
            json!({ "name": n.name(), "fields": n.fields(), "also": also })
        })
        .collect()
}
