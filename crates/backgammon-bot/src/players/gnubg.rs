//! The `gnubg` player: GNU Backgammon at 0 ply, run as a child process.
//!
//! [`Gnubg::start`] runs `gnubg -t -q -r -p driver.py` with a small Python
//! driver (`gnubg/driver.py`, embedded in the program and written to a
//! temporary file, removed once gnubg has read it) and speaks to it over
//! its stdin and stdout, one line
//! per request: the best play for a Position ID and a roll
//! (`findbestmove`, cubeless money evaluation at 0 ply) and the cubeful
//! equities of no double, double/take and double/drop (`cfevaluate` at 0
//! ply, money or match); for the examples that judge our plays, the same
//! requests at a given depth ([`Gnubg::best_play_at`], and
//! [`Gnubg::chances_at`]: `evaluate`). Every play gnubg names is checked against the
//! engine's legal plays. The process ends when the player is dropped.
//!
//! gnubg knows only the `standard` preset: [`Gnubg::start`] refuses the
//! `seed` rules.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use backgammon::{Game, Phase, Play, PlayText, Position, Preset, Roll, Rules};

use super::player::BgBot;

/// The driver run inside gnubg.
const DRIVER: &str = include_str!("../../gnubg/driver.py");

/// Where gnubg is looked for: `$TRICTRAC_GNUBG`, else `gnubg` on the
/// `PATH`, else Debian's `/usr/games/gnubg`.
pub fn gnubg_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TRICTRAC_GNUBG") {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("gnubg"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let p = PathBuf::from("/usr/games/gnubg");
        p.is_file().then_some(p)
    })
}

/// A running gnubg, the `gnubg` player.
#[derive(Debug)]
pub struct Gnubg {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    script: PathBuf,
    error: Option<String>,
    last_chances: [f64; 5],
}

/// The error when gnubg cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GnubgError(pub String);

impl std::fmt::Display for GnubgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GnubgError {}

impl Gnubg {
    /// Starts gnubg for games under `rules`.
    ///
    /// # Errors
    /// If gnubg is not installed or does not answer, or if `rules` are not
    /// the `standard` preset's (gnubg plays only those).
    pub fn start(rules: &Rules) -> Result<Gnubg, GnubgError> {
        if rules.preset != Preset::Standard || rules.hit_cover != Rules::standard().hit_cover {
            return Err(GnubgError(format!(
                "the gnubg player plays only the standard rules, not `{rules}` (BG-8)"
            )));
        }
        if rules.beavers {
            return Err(GnubgError(
                "the gnubg player does not play with beavers=on (BG-7.5)".into(),
            ));
        }
        let exe = gnubg_path().ok_or_else(|| {
            GnubgError(match std::env::var_os("TRICTRAC_GNUBG") {
                Some(p) => format!(
                    "GNU Backgammon is not installed: TRICTRAC_GNUBG={} is not a file",
                    Path::new(&p).display()
                ),
                None => "GNU Backgammon is not installed: no gnubg on the PATH nor \
                         /usr/games/gnubg (Debian: apt-get install gnubg; or set \
                         TRICTRAC_GNUBG to its path)"
                    .into(),
            })
        })?;
        Gnubg::start_with(&exe)
    }

    /// Starts the gnubg at `exe`.
    ///
    /// # Errors
    /// If it cannot be run or does not answer.
    pub fn start_with(exe: &Path) -> Result<Gnubg, GnubgError> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let script = std::env::temp_dir().join(format!(
            "trictrac-gnubg-{}-{}.py",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&script, DRIVER)
            .map_err(|e| GnubgError(format!("cannot write {}: {e}", script.display())))?;
        let spawned = Command::new(exe)
            .args(["-t", "-q", "-r", "-p"])
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                let _ = std::fs::remove_file(&script);
                return Err(GnubgError(format!("cannot run {}: {e}", exe.display())));
            }
        };
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut g = Gnubg {
            child,
            stdin,
            stdout,
            script,
            error: None,
            last_chances: [0.0; 5],
        };
        // A first request: gnubg is up and its driver answers.
        let start = backgammon::Position::start();
        let first = g.request(&format!("move {} 3 1", start.to_position_id()));
        // The driver is running: its file is no longer needed.
        let _ = std::fs::remove_file(&g.script);
        first.map_err(|e| GnubgError(format!("{} does not answer: {e}", exe.display())))?;
        Ok(g)
    }

    /// Sends one request and reads its answer (the words after `ok`).
    fn request(&mut self, line: &str) -> Result<String, GnubgError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| GnubgError("gnubg was stopped".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| GnubgError(format!("cannot write to gnubg: {e}")))?;
        let mut buf = String::new();
        loop {
            buf.clear();
            let n = self
                .stdout
                .read_line(&mut buf)
                .map_err(|e| GnubgError(format!("cannot read gnubg's answer: {e}")))?;
            if n == 0 {
                return Err(GnubgError("gnubg ended without an answer".into()));
            }
            // gnubg's banner and messages come before the answers.
            if let Some(rest) = buf.trim_end().strip_prefix("TRICTRAC ") {
                return match rest.strip_prefix("ok") {
                    Some(ans) => Ok(ans.trim().to_string()),
                    None => Err(GnubgError(format!("gnubg: {rest}"))),
                };
            }
        }
    }

    /// The first error met during a game, if any (then the plays and
    /// cube actions given since were not gnubg's), and forgets it.
    pub fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }

    fn fail(&mut self, e: GnubgError) {
        if self.error.is_none() {
            self.error = Some(e.0);
        }
    }

    /// gnubg's play for the game (at `Phase::Play`), checked legal.
    ///
    /// # Errors
    /// If gnubg fails or names a play that is not legal.
    pub fn best_play(&mut self, game: &Game) -> Result<Play, GnubgError> {
        let Phase::Play(_, roll) = game.phase() else {
            return Err(GnubgError("no play to choose now".into()));
        };
        self.best_play_at(game.position(), roll, game.rules(), 0)
    }

    /// gnubg's play of `roll` in `pos` searched `plies` deep (cubeless
    /// money; gnubg's move filters and pruning, as its `hint`), checked
    /// legal under `rules`.
    ///
    /// # Errors
    /// If gnubg fails or names a play that is not legal.
    pub fn best_play_at(
        &mut self,
        pos: &Position,
        roll: Roll,
        rules: &Rules,
        plies: u8,
    ) -> Result<Play, GnubgError> {
        let ans = self.request(&format!(
            "move {} {} {} {plies}",
            pos.to_position_id(),
            roll.high().value(),
            roll.low().value()
        ))?;
        let text: PlayText = ans
            .parse()
            .map_err(|e| GnubgError(format!("gnubg's play `{ans}`: {e}")))?;
        pos.resolve_play(roll, &text, rules)
            .map_err(|e| GnubgError(format!("gnubg's play `{ans}` is not legal here: {e}")))
    }

    /// gnubg's cubeless chances (win, win gammon, win backgammon, lose
    /// gammon, lose backgammon) of the side on roll of `pos`, before he
    /// rolls, evaluated `plies` deep (pruning on, as gnubg's world class).
    ///
    /// # Errors
    /// If gnubg fails.
    pub fn chances_at(&mut self, pos: &Position, plies: u8) -> Result<[f64; 5], GnubgError> {
        let ans = self.request(&format!("eval {} {plies}", pos.to_position_id()))?;
        let v: Vec<f64> = ans
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        <[f64; 5]>::try_from(v)
            .map_err(|_| GnubgError(format!("gnubg's evaluation `{ans}` is not 5 numbers")))
    }

    /// gnubg's cubeful equities (no double, double/take, double/drop) for
    /// the side on roll of `game`, before he rolls.
    ///
    /// # Errors
    /// If gnubg fails.
    pub fn cube_equities(&mut self, game: &Game) -> Result<[f64; 3], GnubgError> {
        let pos = game.position();
        let me = pos.turn();
        let cube = game.cube();
        let owner = match cube.owner {
            None => -1,
            Some(s) if s == me => 1,
            Some(_) => 0,
        };
        let st = game.match_state();
        let ans = self.request(&format!(
            "cube {} {} {owner} {} {} {} {} {}",
            pos.to_position_id(),
            cube.value,
            st.length,
            st.score.get(!me),
            st.score.get(me),
            u8::from(st.crawford),
            u8::from(game.rules().jacoby && st.is_money()),
        ))?;
        let v: Vec<f64> = ans
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        match v[..] {
            [nd, dt, dp, w, wg, wbg, lg, lbg] => {
                self.last_chances = [w, wg, wbg, lg, lbg];
                Ok([nd, dt, dp])
            }
            _ => Err(GnubgError(format!(
                "gnubg's cube answer `{ans}` is not 8 numbers"
            ))),
        }
    }

    /// gnubg's cubeless chances (win, win gammon, win backgammon, lose
    /// gammon, lose backgammon) of the side on roll in the last
    /// [`Gnubg::cube_equities`].
    pub fn last_chances(&self) -> [f64; 5] {
        self.last_chances
    }

    /// Stops gnubg (closes its input, waits a little, then kills it).
    fn stop(&mut self) {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Ok(None) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
            }
        }
        let _ = std::fs::remove_file(&self.script);
    }
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        self.stop();
    }
}

impl BgBot for Gnubg {
    fn name(&self) -> &str {
        "gnubg"
    }

    /// gnubg's play; on a failure (recorded, see [`Gnubg::take_error`])
    /// the first legal play.
    fn choose_play(&mut self, game: &Game) -> Play {
        if self.error.is_none() {
            match self.best_play(game) {
                Ok(p) => return p,
                Err(e) => self.fail(e),
            }
        }
        game.legal_plays()[0]
    }

    fn wants_double(&mut self, game: &Game) -> bool {
        if self.error.is_some() {
            return false;
        }
        match self.cube_equities(game) {
            Ok([nd, dt, dp]) => dt.min(dp) > nd,
            Err(e) => {
                self.fail(e);
                false
            }
        }
    }

    fn takes(&mut self, game: &Game) -> bool {
        if self.error.is_some() {
            return true;
        }
        // The doubler is on roll: his equities; take when taking costs
        // less than dropping.
        if !matches!(game.phase(), Phase::Doubled { .. }) {
            return true;
        }
        match self.cube_equities(game) {
            Ok([_, dt, dp]) => dt <= dp,
            Err(e) => {
                self.fail(e);
                true
            }
        }
    }
}
