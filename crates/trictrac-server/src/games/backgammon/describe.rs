//! Backgammon's descriptor (issue 36): its title, its settings (the
//! rules' preset and options, docs/BACKGAMMON.md, and the match length),
//! its pages and its analysis.

use serde_json::{json, Map};

use crate::games::info::{Descriptor, Label, Link, Setting, SettingChoice};

/// A choice whose words are `words`.
fn choice(value: &str, label: Label, words: &str) -> SettingChoice {
    SettingChoice {
        value: value.into(),
        label,
        words: words.into(),
    }
}

/// A setting whose default is its first choice.
fn setting(key: &str, label: Label, choices: Vec<SettingChoice>, lobby: bool) -> Setting {
    Setting {
        key: key.into(),
        label,
        default: choices.first().map(|c| c.value.clone()).unwrap_or_default(),
        choices,
        lobby,
    }
}

/// The descriptor.
pub fn descriptor() -> Descriptor {
    let mut extra = Map::new();
    extra.insert("presets".into(), json!(["standard", "seed"]));
    extra.insert("max_match".into(), json!(backgammon::session::MAX_MATCH));
    let mut lengths = vec![choice("0", Label::keyed("bg_money", "money game"), "")];
    for n in [1, 3, 5, 7, 9, 11] {
        let v = n.to_string();
        lengths.push(choice(&v, Label::text(&v), &format!("match={n}")));
    }
    // The setting of the rules' option `k`: its choices `(value, label
    // key, label)`, each value's words `k=value` (none for the first,
    // the preset's own).
    let option = |k: &str, label: Label, choices: &[(&str, &str, &str)]| {
        let choices = choices
            .iter()
            .map(|&(v, key, text)| {
                let words = if v.is_empty() {
                    String::new()
                } else {
                    format!("{k}={v}")
                };
                choice(v, Label::keyed(key, text), &words)
            })
            .collect();
        setting(k, label, choices, false)
    };
    Descriptor {
        title: "Backgammon".into(),
        default_bot: backgammon_bot::DEFAULT_BOT.into(),
        color: "#3f8f4d".into(),
        words_help: Some(Label::keyed(
            "lobby_rules_backgammon",
            "standard (GNU Backgammon) or seed (the page's rules), then its options",
        )),
        words_example: "seed · hit-cover=inner · videau=whole-turn".into(),
        settings: vec![
            setting(
                "match",
                Label::keyed("lobby_match", "Match to (points, 0: money game)"),
                lengths,
                true,
            ),
            setting(
                "preset",
                Label::keyed("bg_rules", "Rules"),
                vec![
                    choice("standard", Label::keyed("bg_standard", "standard"), ""),
                    choice("seed", Label::keyed("bg_seed", "the page's (seed)"), "seed"),
                ],
                false,
            ),
            option(
                "hit-cover",
                Label::keyed("bg_hit_cover", "Hit then cover"),
                &[
                    ("", "hc_preset", "as the rules chosen"),
                    ("allowed", "hc_allowed", "allowed everywhere"),
                    ("inner", "hc_inner", "not on one's points 7-12"),
                    ("home", "hc_home", "not on one's points 1-6"),
                    ("anywhere", "hc_anywhere", "nowhere"),
                    ("opponent", "hc_opponent", "not on one's points 13-18"),
                ],
            ),
            option(
                "videau",
                Label::keyed("bg_videau", "Offer the videau"),
                &[
                    ("", "vd_before", "before rolling"),
                    ("whole-turn", "vd_whole", "at any time of one's turn"),
                ],
            ),
        ],
        links: vec![
            Link {
                kind: "howto".into(),
                href: "/howto/backgammon".into(),
                id: "howto-bg".into(),
                label: Label::keyed("howto_bg", "How to play backgammon"),
            },
            Link {
                kind: "analysis".into(),
                href: "/?bganalysis=1".into(),
                id: "bg-analysis-link".into(),
                label: Label::keyed("bga_link", "Backgammon analysis"),
            },
            Link {
                kind: "review".into(),
                href: "/?bgreview=1".into(),
                id: "bg-review-link".into(),
                label: Label::keyed("bgr_link", "Analyse a .mat"),
            },
        ],
        analysis: ["hint", "tutor", "review", "board", "review_file", "rollout"]
            .map(String::from)
            .to_vec(),
        extra,
        shared: Map::new(),
    }
}
