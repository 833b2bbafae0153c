//! The memory of the test process, for the tests that bound it.

/// The resident memory of this process (`VmRSS` of `/proc/self/status`),
/// in kB (0 where it cannot be read).
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .unwrap_or(0)
}
