//! Errors of the command line and their exit codes.

use std::fmt;
use std::io;
use std::io::Write;
use std::process::ExitCode;

/// What went wrong, which decides the exit code.
#[derive(Debug)]
pub enum CliError {
    /// Bad input (position, dice, play notation, arguments): exit code 2,
    /// as for clap's own usage errors.
    Input(String),
    /// A well-formed play that the rules forbid: exit code 1.
    Illegal(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl CliError {
    /// An input error.
    pub fn input(msg: impl fmt::Display) -> CliError {
        CliError::Input(msg.to_string())
    }

    /// The message, for a command that reports the error and goes on.
    pub fn message(&self) -> String {
        match self {
            CliError::Input(m) | CliError::Illegal(m) => m.clone(),
            CliError::Io(e) => format!("cannot write the output: {e}"),
        }
    }

    /// Prints the error as one `error: ` line on stderr and gives the
    /// exit code.
    pub fn report(&self) -> ExitCode {
        let (msg, code) = match self {
            CliError::Input(m) => (m.clone(), 2),
            CliError::Illegal(m) => (m.clone(), 1),
            // Output closed early (e.g. piped into `head`): not an error.
            CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            CliError::Io(e) => (format!("cannot write the output: {e}"), 1),
        };
        // One line, whatever the message holds, and not a flood: input
        // quoted in a message is cut.
        let mut line = msg.replace('\n', " ");
        if line.chars().count() > 600 {
            line = line.chars().take(600).collect::<String>() + "… (message cut)";
        }
        // Never `eprintln!`: it panics (exit 101) when stderr cannot be
        // written, e.g. on /dev/full (issue 34).
        let _ = writeln!(io::stderr(), "error: {line}");
        ExitCode::from(code)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::Io(e.into())
    }
}

impl From<tables_term::TermError> for CliError {
    fn from(e: tables_term::TermError) -> CliError {
        match e {
            tables_term::TermError::Io(e) => CliError::Io(e),
            tables_term::TermError::Game(m) | tables_term::TermError::Input(m) => {
                CliError::Input(m)
            }
        }
    }
}
