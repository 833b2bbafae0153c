//! The learner's progress, kept in a small JSON file: by default
//! `$XDG_DATA_HOME/trictrac/progress.json` (`~/.local/share/trictrac/…`),
//! or the file of `--progress`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::CliError;

/// Answers to one level, lesson series or theme.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Questions answered.
    pub asked: u32,
    /// Right answers.
    pub right: u32,
    /// Equity lost (backgammon quizzes).
    #[serde(default)]
    pub equity_lost: f64,
}

/// Everything kept between sessions.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Trictrac counting, by level (`beginner`, …, and `lessons`).
    #[serde(default)]
    pub trictrac: BTreeMap<String, Tally>,
    /// The lessons answered right at least once.
    #[serde(default)]
    pub lessons_passed: BTreeSet<usize>,
    /// Backgammon quizzes, by theme.
    #[serde(default)]
    pub backgammon: BTreeMap<String, Tally>,
}

/// The progress file: `--progress`, else the user's data directory.
pub fn path(arg: Option<&Path>) -> Result<PathBuf, CliError> {
    if let Some(p) = arg {
        return Ok(p.to_path_buf());
    }
    dirs::data_dir()
        .map(|d| d.join("trictrac").join("progress.json"))
        .ok_or_else(|| {
            CliError::input("no data directory for the progress file: give --progress FILE")
        })
}

impl Progress {
    /// The progress in `path`; empty when the file does not exist yet.
    pub fn load(path: &Path) -> Result<Progress, CliError> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| {
                CliError::input(format!(
                    "the progress file {} is not valid ({e}): fix it, remove it or give another --progress",
                    path.display()
                ))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(CliError::input(format!(
                "cannot read the progress file {}: {e}",
                path.display()
            ))),
        }
    }

    /// Writes the progress to `path`, creating its directory.
    pub fn save(&self, path: &Path) -> Result<(), CliError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::input(format!("cannot create {}: {e}", dir.display())))?;
        }
        let text =
            serde_json::to_string_pretty(self).map_err(|e| CliError::input(e.to_string()))?;
        crate::input::write_text(path, &(text + "\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_tolerates_missing_keys() {
        let dir = std::env::temp_dir().join(format!("trictrac-progress-{}", std::process::id()));
        let file = dir.join("sub/progress.json");
        assert_eq!(Progress::load(&file).unwrap(), Progress::default());
        let mut p = Progress::default();
        p.trictrac.entry("ways".into()).or_default().asked = 3;
        p.lessons_passed.insert(4);
        p.save(&file).unwrap();
        assert_eq!(Progress::load(&file).unwrap(), p);
        std::fs::write(&file, "{\"backgammon\": {}}").unwrap();
        assert_eq!(Progress::load(&file).unwrap(), Progress::default());
        std::fs::write(&file, "not json").unwrap();
        assert!(Progress::load(&file).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
