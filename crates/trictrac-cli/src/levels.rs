//! The bots as players see them: by level, weakest first (`beginner`,
//! `easy`, …, `expert+`), the levels of `trictrac_bot::table::level` and
//! `backgammon_bot::players::table::level` (issue 25, item 6). The internal names
//! (`random`, `search1`, `neural0`, …) stay accepted.

/// One bot: the word a player types, the internal name, the level shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// What a player types: `beginner`, `medium+`, `expert`.
    pub word: String,
    /// The bot's internal name (`by_name`).
    pub name: &'static str,
    /// The level as the bot crate shows it (`Expert (2-ply)`).
    pub shown: &'static str,
}

/// The levels in order of strength.
const ORDER: &[&str] = &["beginner", "easy", "medium", "strong", "expert", "master"];

fn rank(word: &str) -> (usize, bool) {
    let plus = word.ends_with('+');
    let base = word.trim_end_matches('+');
    (
        ORDER.iter().position(|w| *w == base).unwrap_or(ORDER.len()),
        plus,
    )
}

/// The bots of `players` by level, weakest first; two bots of one level
/// are told apart by a `+` on the second (`expert`, `expert+`).
pub fn levels(players: &[&'static str], level: fn(&str) -> &'static str) -> Vec<Level> {
    let mut out: Vec<Level> = Vec::new();
    for &name in players {
        let shown = level(name);
        let mut word = shown
            .split(" (")
            .next()
            .unwrap_or(shown)
            .to_lowercase()
            .replace(' ', "-");
        if out.iter().any(|l| l.word == word) {
            word.push('+');
        }
        out.push(Level { word, name, shown });
    }
    out.sort_by_key(|l| rank(&l.word));
    out
}

/// The internal name of the bot a player named, by level word or by
/// internal name (`default` too), whatever the case.
pub fn resolve(levels: &[Level], typed: &str) -> Option<&'static str> {
    let t = typed.trim().to_lowercase();
    levels
        .iter()
        .find(|l| l.word == t || l.name == t)
        .map(|l| l.name)
        .or_else(|| (t == "default").then_some("default"))
}

/// The level word of the bot `name` (its name when it has no level).
pub fn word_of(levels: &[Level], name: &str) -> String {
    levels
        .iter()
        .find(|l| l.name == name)
        .map_or_else(|| name.to_string(), |l| l.word.clone())
}

/// The list for `--help` and error messages: `beginner (random), easy
/// (greedy), …`, weakest first.
pub fn list(levels: &[Level]) -> String {
    levels
        .iter()
        .map(|l| format!("{} ({})", l.word, l.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The help of a `--bot` option, naming the bots by level, weakest first.
pub fn bot_help(levels: &[Level], default: &str) -> String {
    format!(
        "The bot you play against, by level, weakest first: {} (the internal names are \
         accepted too) [default: {default}]",
        list(levels)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_games_list_their_bots_by_level_weakest_first() {
        let t = levels(trictrac_bot::PLAYERS, trictrac_bot::table::level);
        let words: Vec<&str> = t.iter().map(|l| l.word.as_str()).collect();
        assert_eq!(words.first(), Some(&"beginner"));
        assert_eq!(words.last(), Some(&"expert+"));
        assert_eq!(resolve(&t, "Medium"), Some("search1"));
        assert_eq!(resolve(&t, "search1"), Some("search1"));
        let b = levels(
            backgammon_bot::PLAYERS,
            backgammon_bot::players::table::level,
        );
        let words: Vec<&str> = b.iter().map(|l| l.word.as_str()).collect();
        assert_eq!(
            words,
            ["beginner", "easy", "strong", "expert", "master", "master+"],
            "{b:?}"
        );
        assert_eq!(resolve(&b, "expert"), Some("neural2"));
        assert_eq!(resolve(&b, "master"), Some("neural"));
        assert_eq!(resolve(&b, "master+"), Some("neural3"));
        assert_eq!(resolve(&b, "neural0"), Some("neural0"));
        assert_eq!(resolve(&b, "nobody"), None);
        assert!(list(&b).starts_with("beginner (random), easy (greedy)"));
    }
}
