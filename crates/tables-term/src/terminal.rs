//! The keyboard and the screen of a terminal game ([`Terminal`]), and
//! what goes around them: saving the game of the last prompt on Ctrl-C
//! ([`set_snapshot`], [`install_interrupt_handler`]), where a game left
//! unfinished is saved ([`data_file`]), a line word-wrapped ([`wrap`]), a
//! path as a shell word, a yes/no confirmation.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The most characters one input line may hold; the rest is dropped.
pub const MAX_LINE: usize = 1000;

/// The keyboard (or piped input) and the screen of a terminal game. Writing to
/// it (it is a [`Write`]) counts the lines, so that the terminal loop knows how
/// much of the screen the board and what follows it use.
pub struct Terminal<'a> {
    /// Where everything is written.
    pub out: &'a mut dyn Write,
    input: Box<dyn BufRead>,
    /// Echo the lines read (input piped from a file).
    echo: bool,
    /// Lines written so far.
    lines: usize,
    /// The line where the last board started.
    top: usize,
}

impl Write for Terminal<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl<'a> Terminal<'a> {
    /// Reads `input`, writes `out`; `echo` writes each line read after its
    /// prompt (input piped from a file or scripted, so that the
    /// transcript reads as a dialogue).
    pub fn new(out: &'a mut dyn Write, input: Box<dyn BufRead>, echo: bool) -> Terminal<'a> {
        Terminal {
            out,
            input,
            echo,
            lines: 0,
            top: 0,
        }
    }

    /// Reads stdin, writes `out`; echoes what it reads when stdin is not
    /// a terminal, so that a transcript of piped input reads as a dialogue.
    pub fn stdin(out: &'a mut dyn Write) -> Terminal<'a> {
        Terminal::new(
            out,
            Box::new(std::io::BufReader::new(std::io::stdin())),
            !std::io::stdin().is_terminal(),
        )
    }

    /// Marks where the board starts on the screen (called before it is
    /// drawn).
    pub fn mark_top(&mut self) {
        self.top = self.lines;
    }

    /// Lines written since the board was last drawn.
    pub fn since_top(&self) -> usize {
        self.lines - self.top
    }

    /// Writes `prompt` (already painted), reads a line and returns it
    /// trimmed and bounded to [`MAX_LINE`] characters; `None` at the end
    /// of the input.
    ///
    /// # Errors
    /// When reading or writing fails.
    pub fn read(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        write!(self, "{prompt}")?;
        self.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self)?;
            return Ok(None);
        }
        if line.len() > MAX_LINE {
            let mut end = MAX_LINE;
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            line.truncate(end);
        }
        let line = line.trim().to_string();
        if self.echo {
            writeln!(self, "{line}")?;
        } else {
            // The person's Enter ended the prompt's line.
            self.lines += 1;
        }
        Ok(Some(line))
    }
}

/// Whether an answer to a yes/no question is yes.
pub fn is_yes(answer: Option<&str>) -> bool {
    answer.is_some_and(|a| matches!(a.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
}

/// What Ctrl-C saves: the game of the last prompt.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Where.
    pub path: PathBuf,
    /// The record's text.
    pub text: String,
    /// The command that resumes it, e.g. `trictrac play --load FILE`.
    pub resume: String,
}

/// The game as it stands at the prompt (none once it is over, or when
/// there is nothing worth saving).
static SNAPSHOT: Mutex<Option<Snapshot>> = Mutex::new(None);

/// Sets what Ctrl-C saves: called at every prompt.
pub fn set_snapshot(snap: Option<Snapshot>) {
    if let Ok(mut s) = SNAPSHOT.lock() {
        *s = snap;
    }
}

/// On Ctrl-C (and SIGTERM, SIGHUP), saves the game of the last prompt
/// and says where, then exits with code 130. The main thread may be
/// blocked reading a line and holds stdout, so the message goes to
/// stderr.
pub fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        let snap = SNAPSHOT.lock().map(|s| s.clone()).unwrap_or(None);
        if let Some(s) = snap {
            match std::fs::write(&s.path, s.text) {
                Ok(()) => eprintln!(
                    "\nInterrupted: the game is saved to {}.\nResume it with: {}",
                    s.path.display(),
                    s.resume
                ),
                Err(e) => eprintln!(
                    "\nInterrupted: the game could not be saved to {}: {e}.",
                    s.path.display()
                ),
            }
        } else {
            eprintln!();
        }
        std::process::exit(130);
    });
}

/// `file` in the user's data directory (`$XDG_DATA_HOME/trictrac` or
/// `~/.local/share/trictrac` on Linux), created if needed; in the
/// current directory when there is none.
pub fn data_file(file: &str) -> PathBuf {
    match dirs::data_dir() {
        Some(d) => {
            let dir = d.join("trictrac");
            match std::fs::create_dir_all(&dir) {
                Ok(()) => dir.join(file),
                Err(_) => PathBuf::from(file),
            }
        }
        None => PathBuf::from(file),
    }
}

/// Word-wraps `text` to `width` columns; lines after the first start
/// with `indent` spaces.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let lead = text.len() - text.trim_start_matches(' ').len();
    let mut lines = Vec::new();
    let mut cur = " ".repeat(lead);
    let mut fresh = true;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if !fresh && cur.chars().count() + 1 + w > width {
            lines.push(std::mem::replace(&mut cur, " ".repeat(indent)));
            fresh = true;
        }
        if !fresh {
            cur.push(' ');
        }
        cur.push_str(word);
        fresh = false;
    }
    if !fresh {
        lines.push(cur);
    }
    lines
}

/// A path as a shell word (quoted when it holds anything but the usual).
pub fn shell_word(p: &Path) -> String {
    let p = p.display().to_string();
    if p.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+~".contains(c))
    {
        p
    } else {
        format!("'{}'", p.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_word(Path::new("/tmp/a.mat")), "/tmp/a.mat");
        assert_eq!(
            shell_word(Path::new("/tmp/my game.mat")),
            "'/tmp/my game.mat'"
        );
        assert_eq!(shell_word(Path::new("it's")), "'it'\\''s'");
    }

    #[test]
    fn yes_is_y_or_yes() {
        assert!(is_yes(Some("Y")) && is_yes(Some("yes ")));
        assert!(!is_yes(Some("no")) && !is_yes(None) && !is_yes(Some("")));
    }
}
