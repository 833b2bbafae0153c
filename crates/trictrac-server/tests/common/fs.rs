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

    /// Remounts with `opt` (`ro`, `rw`). A file the database closed a
    /// moment ago may still be open in a connection's worker thread, and
    /// the kernel then refuses `ro` as busy: try again for up to ten
    /// seconds (CI failed once on a single try), then fail with mount's
    /// own message.
    pub fn remount(&self, opt: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let out = Command::new("mount")
                .args(["-o", &format!("remount,{opt}")])
                .arg(&self.0)
                .output()
                .expect("mount runs");
            if out.status.success() {
                return;
            }
            let why = String::from_utf8_lossy(&out.stderr);
            assert!(
                std::time::Instant::now() < deadline,
                "remount {opt}: {}",
                why.trim()
            );
            eprintln!("remount {opt} refused, trying again: {}", why.trim());
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
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
