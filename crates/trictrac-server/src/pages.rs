//! The page's files, embedded in the binary (docs/ARCHITECTURE.md, "The
//! page"): the HTML pages, the ES modules, their texts, the style, and
//! the rule books the how-to pages link to. The web routes serve them.
//! Every HTML page begins with a marker, `<!-- head title="…" -->`,
//! which the shared head (`static/head.html`: the document's head, the
//! header and the brand) replaces once, when the pages are first served.

use std::sync::LazyLock;

const INDEX: &str = include_str!("../static/index.html");
/// The page's ES modules (docs/ARCHITECTURE.md, "The page"): the shell,
/// what it shares with the games, the list of the games it plays
/// (`games.js`), and one module per game.
pub(crate) const MODULES: [(&str, &str); 15] = [
    ("/app.js", include_str!("../static/app.js")),
    ("/games.js", include_str!("../static/games.js")),
    ("/i18n.js", include_str!("../static/i18n.js")),
    ("/board.js", include_str!("../static/board.js")),
    (
        "/games/trictrac.js",
        include_str!("../static/games/trictrac.js"),
    ),
    (
        "/games/trictrac-form.js",
        include_str!("../static/games/trictrac-form.js"),
    ),
    (
        "/games/trictrac-texts.js",
        include_str!("../static/games/trictrac-texts.js"),
    ),
    (
        "/games/trictrac-review.js",
        include_str!("../static/games/trictrac-review.js"),
    ),
    (
        "/games/trictrac-analysis.js",
        include_str!("../static/games/trictrac-analysis.js"),
    ),
    (
        "/games/trictrac-late.js",
        include_str!("../static/games/trictrac-late.js"),
    ),
    (
        "/games/backgammon.js",
        include_str!("../static/games/backgammon.js"),
    ),
    (
        "/games/backgammon-form.js",
        include_str!("../static/games/backgammon-form.js"),
    ),
    (
        "/games/backgammon-board.js",
        include_str!("../static/games/backgammon-board.js"),
    ),
    (
        "/games/backgammon-analysis.js",
        include_str!("../static/games/backgammon-analysis.js"),
    ),
    (
        "/games/backgammon-review.js",
        include_str!("../static/games/backgammon-review.js"),
    ),
];
/// The shell's own modules beside `MODULES`: keyboard play, move
/// animations and sound, the rematch (issue 25), the lobby, the clocks
/// and the accounts (issue 26), the JSON API's helper they share, and the
/// home page's lists (issue 35).
pub(crate) const SHELL_MODULES: &[(&str, &str)] = &[
    ("/figures.js", include_str!("../static/figures.js")),
    ("/ui.js", include_str!("../static/ui.js")),
    ("/keys.js", include_str!("../static/keys.js")),
    ("/home.js", include_str!("../static/home.js")),
    ("/motion.js", include_str!("../static/motion.js")),
    ("/rematch.js", include_str!("../static/rematch.js")),
    ("/fair.js", include_str!("../static/fair.js")),
    ("/forms.js", include_str!("../static/forms.js")),
    ("/lobby.js", include_str!("../static/lobby.js")),
    ("/clocks.js", include_str!("../static/clocks.js")),
    ("/account.js", include_str!("../static/account.js")),
    ("/notify.js", include_str!("../static/notify.js")),
    ("/api.js", include_str!("../static/api.js")),
    ("/bots.js", include_str!("../static/bots.js")),
    ("/player.js", include_str!("../static/player.js")),
    ("/explain.js", include_str!("../static/explain.js")),
    ("/tutor.js", include_str!("../static/tutor.js")),
    ("/learn.js", include_str!("../static/learn.js")),
    ("/learn-tt.js", include_str!("../static/learn-tt.js")),
    ("/learn-bg.js", include_str!("../static/learn-bg.js")),
    ("/howto.js", include_str!("../static/howto.js")),
];
/// The page's words, French and English, as JSON modules the ES modules
/// import (`with { type: "json" }`).
pub(crate) const TEXT_FILES: [(&str, &str); 12] = [
    (
        "/texts/notify.json",
        include_str!("../static/texts/notify.json"),
    ),
    (
        "/texts/clocks.json",
        include_str!("../static/texts/clocks.json"),
    ),
    (
        "/texts/account.json",
        include_str!("../static/texts/account.json"),
    ),
    (
        "/texts/lobby.json",
        include_str!("../static/texts/lobby.json"),
    ),
    (
        "/texts/shell.json",
        include_str!("../static/texts/shell.json"),
    ),
    (
        "/texts/trictrac.json",
        include_str!("../static/texts/trictrac.json"),
    ),
    (
        "/texts/backgammon.json",
        include_str!("../static/texts/backgammon.json"),
    ),
    (
        "/texts/backgammon-options.json",
        include_str!("../static/texts/backgammon-options.json"),
    ),
    (
        "/texts/backgammon-analysis.json",
        include_str!("../static/texts/backgammon-analysis.json"),
    ),
    (
        "/texts/backgammon-review.json",
        include_str!("../static/texts/backgammon-review.json"),
    ),
    (
        "/texts/explain.json",
        include_str!("../static/texts/explain.json"),
    ),
    (
        "/texts/learn.json",
        include_str!("../static/texts/learn.json"),
    ),
];
/// How to play backgammon (Grand Trictrac's is `HOWTO`).
const HOWTO_BG: &str = include_str!("../static/howto-backgammon.html");
/// The project's rule books, linked from the how-to pages.
const RULES_TT: &str = include_str!("../../../docs/RULES.md");
const RULES_BG: &str = include_str!("../../../docs/BACKGAMMON.md");
const STYLE: &str = include_str!("../static/style.css");
const ICON: &str = include_str!("../static/icon.svg");
const HOWTO: &str = include_str!("../static/howto.html");
/// A player's page and the leaderboards (issue 26).
const PLAYER: &str = include_str!("../static/player.html");
/// The exercises of both games (issue 40, item 4).
const LEARN: &str = include_str!("../static/learn.html");
/// The tournaments (issue 39, item 3).
const TOURNAMENTS: &str = include_str!("../static/tournaments.html");
/// The head every HTML page shares, with `{title}`, `{body}` (the body's
/// attributes), `{brand}` (the header's name) and `{nav}` (the page's own
/// links of the header, before the language buttons) to fill.
const HEAD: &str = include_str!("../static/head.html");

pub(crate) const HTML: &str = "text/html; charset=utf-8";
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";
/// The other files of the page: path, body, content type.
const FILES: [(&str, &str, &str); 11] = [
    ("/", INDEX, HTML),
    ("/player", PLAYER, HTML),
    ("/learn", LEARN, HTML),
    ("/tournaments", TOURNAMENTS, HTML),
    ("/style.css", STYLE, "text/css; charset=utf-8"),
    ("/icon.svg", ICON, "image/svg+xml"),
    ("/howto", HOWTO, HTML),
    ("/howto/trictrac", HOWTO, HTML),
    ("/howto/backgammon", HOWTO_BG, HTML),
    ("/rules/trictrac", RULES_TT, TEXT),
    ("/rules/backgammon", RULES_BG, TEXT),
];

/// The other files of the page as served: path, body (an HTML page with
/// its head filled in), content type.
pub(crate) static PAGES: LazyLock<Vec<(&'static str, String, &'static str)>> =
    LazyLock::new(|| {
        FILES
            .iter()
            .map(|&(path, body, kind)| (path, with_head(body), kind))
            .collect()
    });

/// The page `html` with its head markers replaced by the shared head:
/// `<!-- head title="…" -->` on its first line (and optionally
/// `body="…"`, the body's class, and `brand="…"`, the header's name:
/// Grand Trictrac by default), then the page's own links of the header,
/// then `<!-- /head -->`. A file without the marker is returned as it is.
fn with_head(html: &str) -> String {
    let Some(rest) = html.strip_prefix("<!-- head ") else {
        return html.to_string();
    };
    let (marker, rest) = rest.split_once("-->\n").unwrap_or((rest, ""));
    let (nav, page) = rest.split_once("<!-- /head -->\n").unwrap_or(("", rest));
    let body = attribute(marker, "body").map_or(String::new(), |c| format!(" class=\"{c}\""));
    HEAD.replace("{title}", attribute(marker, "title").unwrap_or(""))
        .replace("{body}", &body)
        .replace(
            "{brand}",
            attribute(marker, "brand").unwrap_or("Grand Trictrac"),
        )
        .replace("{nav}", nav)
        + page
}

/// The value of `name="…"` in a head marker.
fn attribute<'a>(marker: &'a str, name: &str) -> Option<&'a str> {
    let start = marker.find(&format!("{name}=\""))? + name.len() + 2;
    let len = marker[start..].find('"')?;
    Some(&marker[start..start + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_gets_the_shared_head() {
        for (path, body, kind) in PAGES.iter() {
            if *kind != HTML {
                continue;
            }
            assert!(
                body.starts_with("<!doctype html>\n<html lang=\"fr\">"),
                "{path}"
            );
            for hole in [
                "<!-- head",
                "<!-- /head",
                "{title}",
                "{body}",
                "{brand}",
                "{nav}",
            ] {
                assert!(!body.contains(hole), "{path}: {hole}");
            }
            assert_eq!(body.matches("<title>").count(), 1, "{path}");
            // The policy allows no inline script (`crate::guard`).
            assert!(!body.contains("<script>"), "{path}");
            assert!(
                body.contains("<link rel=\"stylesheet\" href=\"/style.css\">"),
                "{path}"
            );
        }
        let page = |p: &str| &PAGES.iter().find(|x| x.0 == p).unwrap().1;
        assert!(page("/player").contains("<title>Grand Trictrac · Backgammon — joueurs</title>"));
        assert!(page("/howto/backgammon").contains("<body class=\"howto\">"));
        assert!(page("/howto/backgammon").contains("<span>Backgammon</span></a>\n  <nav>"));
        assert!(page("/").contains("<body>\n<header>"));
        assert!(page("/howto").contains(
            "<nav>\n    <button type=\"button\" id=\"lang-fr\" class=\"lang\">FR</button>"
        ));
        assert!(page("/player").contains("data-i18n=\"acc_leaderboards\">Classements</a>\n    <button type=\"button\" id=\"lang-fr\""));
        assert!(page("/tournaments")
            .contains("EN</button>\n  </nav>\n</header>\n<main id=\"tournaments\">"));
    }

    #[test]
    fn a_file_without_the_marker_is_kept() {
        assert_eq!(with_head("body { }"), "body { }");
        assert_eq!(attribute(r#"title="a b" brand="c""#, "brand"), Some("c"));
        assert_eq!(attribute(r#"title="a b""#, "body"), None);
    }
}
