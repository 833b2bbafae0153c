//! The page's files (issue 21, items 5 and 6): every ES module in
//! `static/` is served by the binary as JavaScript, every module a module
//! imports exists, no file is over 700 lines, the shell has no branch on a
//! game's name and takes the games from one list (`games.js`), the page
//! holds no game's own blocks, and no game module imports another game's.

mod common;

use std::path::{Path, PathBuf};

use common::{http_get, start, TempDir};

fn static_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static")
}

/// The files under `dir`, as paths relative to `static/` ("games/x.js").
fn files(dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).expect("static/ is readable") {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else {
            let rel = p.strip_prefix(static_dir()).unwrap();
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The modules a module imports (`from "./x.js"`), relative to `static/`.
fn imports(module: &str, src: &str) -> Vec<String> {
    let base = Path::new(module).parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    for line in src.lines() {
        let line = line.trim();
        if !(line.starts_with("import ") || line.starts_with("} from ")) {
            continue;
        }
        let Some(i) = line.find(" from \"") else {
            continue;
        };
        let spec = &line[i + 7..];
        let spec = &spec[..spec.find('"').unwrap()];
        let mut p = base.to_path_buf();
        for part in spec.split('/') {
            match part {
                "." => {}
                ".." => {
                    p.pop();
                }
                x => p.push(x),
            }
        }
        out.push(p.to_string_lossy().replace('\\', "/"));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_module_is_served_and_the_shell_knows_no_game() {
    let mut all = Vec::new();
    files(&static_dir(), &mut all);
    all.sort();
    let modules: Vec<&String> = all.iter().filter(|f| f.ends_with(".js")).collect();
    assert!(modules.len() >= 4, "{all:?}");
    for f in &all {
        let text = std::fs::read_to_string(static_dir().join(f)).unwrap();
        let lines = text.lines().count();
        assert!(lines <= 700, "static/{f} has {lines} lines (at most 700)");
    }
    let dir = TempDir::new("page-files");
    let server = start(&dir.db_url()).await;
    let (code, index) = http_get(server.addr(), "/").await;
    assert_eq!(code, 200);
    assert!(
        index.contains(r#"<script type="module" src="/app.js"></script>"#),
        "the page loads its shell as a module"
    );
    // The words are JSON modules (texts/*.json): each is served as it is.
    for j in all.iter().filter(|f| f.ends_with(".json")) {
        let src = std::fs::read_to_string(static_dir().join(j)).unwrap();
        let (code, body) = http_get(server.addr(), &format!("/{j}")).await;
        assert_eq!(code, 200, "/{j} is served");
        assert_eq!(body, src, "/{j} is the file in static/");
    }
    for m in &modules {
        let src = std::fs::read_to_string(static_dir().join(m)).unwrap();
        let (code, body) = http_get(server.addr(), &format!("/{m}")).await;
        assert_eq!(code, 200, "/{m} is served");
        assert_eq!(body, src, "/{m} is the file in static/");
        for dep in imports(m, &src) {
            assert!(
                all.contains(&dep),
                "static/{m} imports {dep}, which is not in static/"
            );
            // A game module never reaches into another game's.
            if m.starts_with("games/") && dep.starts_with("games/") {
                let game = |p: &str| {
                    p.trim_start_matches("games/")
                        .split(['-', '.'])
                        .next()
                        .unwrap()
                        .to_string()
                };
                assert_eq!(game(m), game(&dep), "static/{m} imports {dep}");
            }
        }
    }
    // The shell chooses a game module by the state's `game`, never by name.
    let shell = std::fs::read_to_string(static_dir().join("app.js")).unwrap();
    for branch in [
        "isBg",
        "=== \"backgammon\"",
        "=== \"trictrac\"",
        "== \"backgammon\"",
    ] {
        assert!(!shell.contains(branch), "app.js branches on `{branch}`");
    }
    // The games come from one list (games.js): every game module is in
    // it, and the shell imports none itself.
    let list = std::fs::read_to_string(static_dir().join("games.js")).unwrap();
    let games: Vec<&&String> = modules
        .iter()
        .filter(|m| m.starts_with("games/") && !m.contains('-'))
        .collect();
    assert!(games.len() >= 2, "{games:?}");
    for m in games {
        assert!(
            imports("games.js", &list).contains(*m),
            "games.js lists {m}"
        );
    }
    assert!(!shell.contains("./games/"), "app.js imports a game module");
    // The default game is the first of the list, never one named.
    for f in ["app.js", "forms.js", "home.js"] {
        let src = std::fs::read_to_string(static_dir().join(f)).unwrap();
        for name in ["GAMES.trictrac", "GAMES.backgammon"] {
            assert!(!src.contains(name), "{f} names `{name}`");
        }
    }
    // The page holds no game's own blocks: each game's module adds its
    // options to the new-game form and its sections to the page.
    let page = std::fs::read_to_string(static_dir().join("index.html")).unwrap();
    for block in [
        "id=\"tt-options\"",
        "id=\"bg-options\"",
        "id=\"analysis\"",
        "id=\"bg-analysis\"",
        "id=\"bg-review\"",
        "value=\"trictrac\"",
    ] {
        assert!(!page.contains(block), "index.html holds {block}");
    }
    server.stop().await;
}
