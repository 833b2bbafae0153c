//! File systems for the fault tests: a tmpfs (root only) and a filler
//! that makes a file system full.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A tmpfs mounted on a fresh folder (root only); unmounted on drop.
pub struct Tmpfs(pub PathBuf);

impl Tmpfs {
    pub fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        let p = dir.join("mnt");
        std::fs::create_dir_all(&p).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&p)
            .stderr(std::process::Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        ok.then_some(Tmpfs(p))
    }

    pub fn remount(&self, opt: &str) {
        let s = Command::new("mount")
            .args(["-o", &format!("remount,{opt}")])
            .arg(&self.0)
            .status()
            .expect("mount runs");
        assert!(s.success(), "remount {opt}");
    }

    pub fn db_url(&self) -> String {
        format!("sqlite://{}", self.0.join("games.db").display())
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Fills the file system of `dir` until it is full.
pub fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let p = dir.join("filler");
    let mut f = std::fs::File::create(&p).expect("filler");
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    let _ = f.sync_all();
    p
}
