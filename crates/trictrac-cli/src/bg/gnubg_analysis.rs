//! GNU Backgammon's judgement of recorded games: gnubg imports each
//! `.mat` record, analyses it (`analyse match` at the depth asked) and
//! shows its statistics (`show statistics match`); the error totals of
//! each player are summed over the games and divided by his decisions,
//! as gnubg's error rate in mEMG (thousandths of an expected money game,
//! normalised to a cube of 1).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use backgammon_bot::players::gnubg::gnubg_path;
use serde::Serialize;

use crate::error::CliError;

/// One player's errors over the analysed games, as gnubg counts them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Errors {
    /// Games in which he played.
    pub games: u64,
    /// Moves with a choice (gnubg's "unforced moves").
    pub moves: u64,
    /// The equity lost by his plays, in EMG.
    pub chequer_emg: f64,
    /// Cube decisions that were close or taken (gnubg's "close or
    /// actual cube decisions").
    pub cube_decisions: u64,
    /// The equity lost by his cube decisions, in EMG.
    pub cube_emg: f64,
}

impl Errors {
    /// The error rate of his plays, in mEMG per move with a choice.
    pub fn chequer_rate(&self) -> f64 {
        1000.0 * self.chequer_emg / (self.moves.max(1) as f64)
    }

    /// The error rate of all his decisions (plays and cube), in mEMG per
    /// decision, as gnubg's "overall" rate.
    pub fn overall_rate(&self) -> f64 {
        1000.0 * (self.chequer_emg + self.cube_emg)
            / ((self.moves + self.cube_decisions).max(1) as f64)
    }
}

/// What the statistics of one game said, read from gnubg's output.
#[derive(Default)]
struct Block {
    names: Vec<String>,
    section: String,
    moves: Vec<u64>,
    cube_decisions: Vec<u64>,
    chequer: Vec<f64>,
    cube: Vec<f64>,
}

/// The numbers of a statistics line after its label: plain numbers only
/// (the values in parentheses, the same in points, are left out).
fn numbers(rest: &str) -> Vec<f64> {
    rest.split_whitespace()
        .filter_map(|w| w.parse::<f64>().ok())
        .collect()
}

/// Reads gnubg's output: one statistics block per game, each added to
/// the totals by player name once its overall section is read; `done`
/// is called after each game.
fn read_blocks(
    out: impl BufRead,
    totals: &mut BTreeMap<String, Errors>,
    mut done: impl FnMut(),
    messages: &mut Vec<String>,
) -> std::io::Result<u64> {
    let mut b: Option<Block> = None;
    let mut games = 0;
    for line in out.lines() {
        let line = line?;
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("Player ") {
            b = Some(Block {
                names: rest.split_whitespace().map(str::to_string).collect(),
                ..Block::default()
            });
            continue;
        }
        let Some(blk) = b.as_mut() else {
            if !t.is_empty() {
                messages.push(t.to_string());
            }
            continue;
        };
        if t.ends_with(" statistics") {
            blk.section = t.to_string();
        } else if let Some(rest) = t.strip_prefix("Unforced moves") {
            blk.moves = numbers(rest).iter().map(|&x| x as u64).collect();
        } else if let Some(rest) = t.strip_prefix("Close or actual cube decisions") {
            blk.cube_decisions = numbers(rest).iter().map(|&x| x as u64).collect();
        } else if let Some(rest) = t.strip_prefix("Error total EMG (Points)") {
            let v: Vec<f64> = numbers(rest).iter().map(|x| x.abs()).collect();
            match blk.section.as_str() {
                "Chequerplay statistics" => blk.chequer = v,
                "Cube statistics" => blk.cube = v,
                "Overall statistics" => {
                    let blk = b.take().expect("a block");
                    for (k, name) in blk.names.iter().enumerate() {
                        let e = totals.entry(name.clone()).or_default();
                        e.games += 1;
                        e.moves += blk.moves.get(k).copied().unwrap_or(0);
                        e.cube_decisions += blk.cube_decisions.get(k).copied().unwrap_or(0);
                        e.chequer_emg += blk.chequer.get(k).copied().unwrap_or(0.0);
                        e.cube_emg += blk.cube.get(k).copied().unwrap_or(0.0);
                    }
                    games += 1;
                    done();
                }
                _ => {}
            }
        }
    }
    Ok(games)
}

/// How gnubg analyses the games.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// gnubg's plies (0: its 0-ply evaluation; 2: its "world class").
    pub plies: u8,
    /// Whether the games were played with the cube (else gnubg judges
    /// the plays cubeless).
    pub cube: bool,
    /// The Jacoby rule (BG-7.5), for games with the cube.
    pub jacoby: bool,
    /// gnubg's threads.
    pub threads: usize,
}

/// gnubg's analysis of the games recorded in `files`: each player's
/// errors, by his name in the records. `bar` counts the games.
///
/// # Errors
/// If gnubg is not installed, fails, or did not analyse every game.
pub fn analyse(
    files: &[PathBuf],
    s: Settings,
    bar: &indicatif::ProgressBar,
) -> Result<BTreeMap<String, Errors>, CliError> {
    let exe = gnubg_path().ok_or_else(|| {
        CliError::input(
            "GNU Backgammon is not installed: no gnubg on the PATH nor /usr/games/gnubg \
             (Debian: apt-get install gnubg; or set TRICTRAC_GNUBG to its path)",
        )
    })?;
    let mut script = format!(
        "set threads {}\nset display off\nset analysis chequerplay evaluation plies {p}\n\
         set analysis cubedecision evaluation plies {p}\nset cube use {}\nset jacoby {}\n",
        s.threads.max(1),
        if s.cube { "on" } else { "off" },
        if s.jacoby { "on" } else { "off" },
        p = s.plies,
    );
    for f in files {
        let path = f.to_str().ok_or_else(|| {
            CliError::input(format!("{}: not a UTF-8 path for gnubg", f.display()))
        })?;
        if path.contains(['"', '\n']) {
            return Err(CliError::input(format!("{path}: a path gnubg cannot read")));
        }
        script.push_str(&format!(
            "import mat \"{path}\"\nanalyse match\nshow statistics match\n"
        ));
    }
    let mut child = Command::new(&exe)
        .args(["-t", "-q", "-r"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| CliError::input(format!("cannot run {}: {e}", exe.display())))?;
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    // gnubg reads its commands while it works: write them from a thread.
    let writer = std::thread::spawn(move || {
        let r = stdin.write_all(script.as_bytes());
        drop(stdin);
        r
    });
    let mut totals = BTreeMap::new();
    let mut messages = Vec::new();
    let read = read_blocks(stdout, &mut totals, || bar.inc(1), &mut messages);
    let status = child.wait();
    let _ = writer.join();
    bar.finish_and_clear();
    let games = read.map_err(|e| CliError::input(format!("cannot read gnubg's output: {e}")))?;
    let ok = status.is_ok_and(|s| s.success());
    if games != files.len() as u64 || !ok {
        let said: Vec<&String> = messages
            .iter()
            .filter(|m| !m.starts_with("Copyright") && !m.contains("WARRANTY"))
            .rev()
            .take(5)
            .collect();
        return Err(CliError::input(format!(
            "gnubg analysed {games} of {} games{}; its last words: {}",
            files.len(),
            if ok { "" } else { " and failed" },
            said.into_iter()
                .rev()
                .cloned()
                .collect::<Vec<_>>()
                .join(" | ")
        )));
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gnubg 1.07's statistics of a short game, as `show statistics
    /// match` prints them (abridged: the luck section left out).
    const STATS: &str = "\
Player                                   neural                  gnubg                  

Chequerplay statistics

Total moves                                30                      29                    
Unforced moves                             25                      24                    
Error total EMG (Points)                      -0.250 ( -0.250)        -0.096 ( -0.096)  
Error rate mEMG (Points)                      -10.0  ( -0.010)        -4.0   ( -0.004)  

Cube statistics

Close or actual cube decisions             3                       1                    
Error total EMG (Points)                      -0.050 ( -0.050)        -0.000 ( -0.000)  

Overall statistics

Error total EMG (Points)                      -0.300 ( -0.300)        -0.096 ( -0.096)  
";

    #[test]
    fn the_statistics_of_each_game_are_summed_by_player() {
        let text = format!("GNU Backgammon 1.07\n{STATS}{STATS}");
        let mut totals = BTreeMap::new();
        let mut n = 0;
        let mut msgs = Vec::new();
        let games = read_blocks(text.as_bytes(), &mut totals, || n += 1, &mut msgs).unwrap();
        assert_eq!((games, n), (2, 2));
        let ours = &totals["neural"];
        assert_eq!((ours.games, ours.moves, ours.cube_decisions), (2, 50, 6));
        assert!((ours.chequer_rate() - 10.0).abs() < 1e-9);
        assert!((ours.overall_rate() - 1000.0 * 0.6 / 56.0).abs() < 1e-9);
        let theirs = &totals["gnubg"];
        assert!((theirs.chequer_rate() - 4.0).abs() < 1e-9);
        assert_eq!(msgs, vec!["GNU Backgammon 1.07".to_string()]);
    }
}
