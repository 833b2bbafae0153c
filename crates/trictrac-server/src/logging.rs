//! The server's log: `tracing` events written to stderr by a writer that
//! drops what it cannot write.
//!
//! A log line that cannot be written (stderr on a full disk, on
//! `/dev/full`, or closed) must never take a task down: `eprintln!` and
//! `println!` panic when their stream fails, and a panic in the
//! database writer's error path once stopped every later action until a
//! restart. So nothing in the server prints with those macros; events go
//! through `tracing`, and the subscriber installed by [`init`] writes
//! them with [`Lossy`], which reports every write as done.

use std::io::{self, Write};

/// Stderr, losing what it cannot write instead of failing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lossy;

impl Write for Lossy {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = io::stderr().flush();
        Ok(())
    }
}

/// Installs the server's log subscriber (events at `info` and above, to
/// stderr through [`Lossy`], without colours when stderr is not a
/// terminal). Does nothing when the program installed one already.
pub fn init() {
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_writer(|| Lossy)
        .with_max_level(tracing::Level::INFO)
        .with_ansi(io::stderr().is_terminal())
        .with_target(false)
        // The subscriber's own report of a failed write goes to stderr
        // with `eprintln!`, which would panic on the same full stream.
        .log_internal_errors(false)
        .try_init();
}

/// Writes a line for the person who started the server to stdout; a
/// stdout that cannot be written loses the line (the log has it too).
pub fn say(line: &str) {
    tracing::info!("{line}");
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A URL as logged: without its password (the database's, the SMTP
/// relay's).
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lossy_writer_never_fails() {
        let mut w = Lossy;
        assert_eq!(w.write(b"").unwrap(), 0);
        assert_eq!(w.write(b"a line\n").unwrap(), 7);
        w.flush().unwrap();
    }
}
