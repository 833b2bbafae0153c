//! What the backgammon tests share: random matches with the videau, and
//! GNU Backgammon run on a script or a command line. Each test file takes
//! what it needs (`mod support;`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use backgammon::{Event, Game, MatchState, Phase, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a random match is played: random plays, a double offered one
/// time in `double_one_in` when the rules allow it (BG-7.2), taken two
/// times in three, dropped otherwise.
#[derive(Clone, Copy, Debug)]
pub struct RandomMatch {
    /// The rules.
    pub rules: Rules,
    /// The match length; 0 for money.
    pub length: u32,
    /// With `length` 0: games of the money session.
    pub money_games: usize,
    /// The chance of a double when allowed: one in this.
    pub double_one_in: u32,
}

impl RandomMatch {
    /// A match to `length` (one money game for 0) under `rules`, doubling
    /// one time in eight.
    pub fn to(length: u32, rules: Rules) -> RandomMatch {
        RandomMatch {
            rules,
            length,
            money_games: 1,
            double_one_in: 8,
        }
    }

    /// The match played with dice and choices from `seed`: its games;
    /// every state visited is passed to `visit`.
    pub fn games(&self, seed: u64, mut visit: impl FnMut(&Game)) -> Vec<Game> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = match self.length {
            0 => MatchState::money(),
            n => MatchState::to(n),
        };
        let mut g = Game::new(self.rules, state);
        let mut games = Vec::new();
        loop {
            visit(&g);
            match g.phase() {
                Phase::Roll(s) if g.can_double(s) && rng.gen_ratio(1, self.double_one_in) => {
                    g.double().unwrap()
                }
                Phase::Opening | Phase::Roll(_) => g.roll_with(&mut rng).unwrap(),
                Phase::Doubled { .. } if rng.gen_ratio(2, 3) => g.take().unwrap(),
                Phase::Doubled { .. } => g.drop_double().unwrap(),
                Phase::Play(..) => {
                    let plays = g.legal_plays();
                    let p = plays[rng.gen_range(0..plays.len())];
                    g.play(&p).unwrap();
                }
                Phase::Over(_) => {
                    let next = g.next_game();
                    games.push(g);
                    match next {
                        Some(n) if self.length > 0 || games.len() < self.money_games => g = n,
                        _ => return games,
                    }
                }
            }
        }
    }

    /// The match played from `seed`: its games, and every state visited.
    pub fn games_and_states(&self, seed: u64) -> (Vec<Game>, Vec<Game>) {
        let mut states = Vec::new();
        let games = self.games(seed, |g| states.push(g.clone()));
        (games, states)
    }
}

/// The events of a game but the equal opening throws (thrown again, not
/// in a `.mat` record).
pub fn moves_of(g: &Game) -> Vec<Event> {
    g.events()
        .iter()
        .copied()
        .filter(|e| !matches!(e, Event::Opening { white, black } if white == black))
        .collect()
}

/// GNU Backgammon (`$TRICTRAC_GNUBG`, else Debian's `/usr/games/gnubg`);
/// `None` where it is not installed and the developer skips such tests
/// (`TRICTRAC_SKIP_GNUBG=1`, [`missing`]); else a missing gnubg fails.
pub fn gnubg() -> Option<PathBuf> {
    let p = std::env::var("TRICTRAC_GNUBG")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("/usr/games/gnubg"));
    if p.exists() {
        return Some(p);
    }
    missing(
        "GNUBG",
        &format!(
            "gnubg is not installed at {} (apt-get install gnubg)",
            p.display()
        ),
    );
    None
}

pub use test_support::missing;

/// Runs the Python script `tests/gnubg/SCRIPT` in gnubg (home `dir`) on
/// the file `input` (`BG_IN`); returns the lines it wrote (`BG_OUT`).
pub fn run_script(gnubg: &Path, dir: &Path, script: &str, input: &Path) -> Vec<String> {
    let output = dir.join(format!("{script}.out"));
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/gnubg")
        .join(script);
    let run = Command::new(gnubg)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("BG_IN", input)
        .env("BG_OUT", &output)
        .env("HOME", dir)
        .output()
        .expect("gnubg runs");
    let text = std::fs::read_to_string(&output).unwrap_or_else(|e| {
        panic!(
            "gnubg wrote no output ({e}); stderr: {}",
            String::from_utf8_lossy(&run.stderr)
        )
    });
    let _ = std::fs::remove_file(&output);
    text.lines().map(str::to_string).collect()
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bg-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
