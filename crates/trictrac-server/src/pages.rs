//! The page's files, embedded in the binary (docs/ARCHITECTURE.md, "The
//! page"): the HTML pages, the ES modules, their texts, the style, and
//! the rule books the how-to pages link to. the web routes serve them;
//! the guard hashes the inline scripts of the how-to pages for its
//! Content-Security-Policy.

pub(crate) const INDEX: &str = include_str!("../static/index.html");
/// The page's ES modules (docs/ARCHITECTURE.md, "The page"): the shell,
/// what it shares with the games, and one module per game.
pub(crate) const MODULES: [(&str, &str); 12] = [
    ("/app.js", include_str!("../static/app.js")),
    ("/i18n.js", include_str!("../static/i18n.js")),
    ("/board.js", include_str!("../static/board.js")),
    (
        "/games/trictrac.js",
        include_str!("../static/games/trictrac.js"),
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
pub(crate) const HOWTO_BG: &str = include_str!("../static/howto-backgammon.html");
/// The project's rule books, linked from the how-to pages.
pub(crate) const RULES_TT: &str = include_str!("../../../docs/RULES.md");
pub(crate) const RULES_BG: &str = include_str!("../../../docs/BACKGAMMON.md");
pub(crate) const STYLE: &str = include_str!("../static/style.css");
pub(crate) const ICON: &str = include_str!("../static/icon.svg");
pub(crate) const HOWTO: &str = include_str!("../static/howto.html");
/// A player's page and the leaderboards (issue 26).
pub(crate) const PLAYER: &str = include_str!("../static/player.html");
/// The exercises of both games (issue 40, item 4).
pub(crate) const LEARN: &str = include_str!("../static/learn.html");

pub(crate) const HTML: &str = "text/html; charset=utf-8";
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";
/// The other files of the page: path, body, content type.
pub(crate) const PAGES: [(&str, &str, &str); 10] = [
    ("/", INDEX, HTML),
    ("/player", PLAYER, HTML),
    ("/learn", LEARN, HTML),
    ("/style.css", STYLE, "text/css; charset=utf-8"),
    ("/icon.svg", ICON, "image/svg+xml"),
    ("/howto", HOWTO, HTML),
    ("/howto/trictrac", HOWTO, HTML),
    ("/howto/backgammon", HOWTO_BG, HTML),
    ("/rules/trictrac", RULES_TT, TEXT),
    ("/rules/backgammon", RULES_BG, TEXT),
];
