//! Errors of the command line and their exit codes.

use super::args::GameName;
use hensoku::Problem;
use serde::Serialize;

/// Exit codes scripts can rely on.
pub const EXIT_OK: u8 = 0;
/// A record is invalid, or no solution exists.
pub const EXIT_INVALID: u8 = 1;
/// Usage error or unreadable input.
pub const EXIT_USAGE: u8 = 2;

/// What went wrong, in the words of a failure document's `error.kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The command line asks for something impossible (exit 2).
    Usage,
    /// A file could not be read or written (exit 2).
    Io,
    /// The input is not text of the game or notation asked for (exit 2).
    Input,
    /// The input was read, and is not valid: an illegal move, a puzzle without a solution
    /// (exit 1).
    Invalid,
}

/// An error that ends a command: a message, an exit code, and perhaps a problem in a text.
#[derive(Debug)]
pub struct CliError {
    pub kind: ErrorKind,
    pub exit: u8,
    pub message: String,
    /// The game, once the command knew it (a failure document names it).
    pub game: Option<GameName>,
    /// The problem and the text (with its display name) it points into; boxed so that the
    /// `Err` of every command's `Result` stays small.
    pub located: Option<Box<(Problem, String, String)>>,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            kind: ErrorKind::Usage,
            exit: EXIT_USAGE,
            message: message.into(),
            game: None,
            located: None,
        }
    }
    /// A file that could not be read or written.
    pub fn io(message: impl Into<String>) -> CliError {
        CliError {
            kind: ErrorKind::Io,
            ..CliError::usage(message)
        }
    }
    /// Refused for another reason than a problem in a text (exit 1): e.g. `convert --strict`.
    pub fn refused(message: impl Into<String>) -> CliError {
        CliError {
            kind: ErrorKind::Invalid,
            exit: EXIT_INVALID,
            ..CliError::usage(message)
        }
    }
    /// The same error, known to be about `game`.
    pub fn in_game(mut self, game: GameName) -> CliError {
        self.game.get_or_insert(game);
        self
    }
    /// Unreadable input: a problem pointing into the text that could not be read.
    pub fn input(problem: Problem, name: &str, text: &str) -> CliError {
        CliError {
            kind: ErrorKind::Input,
            exit: EXIT_USAGE,
            game: None,
            message: format!("{name}: {}", problem.message),
            located: Some(Box::new((problem, name.to_string(), text.to_string()))),
        }
    }
    /// An invalid record: a problem found in it (syntax or rules), exit code 1.
    pub fn invalid(problem: Problem, name: &str, text: &str) -> CliError {
        CliError {
            kind: ErrorKind::Invalid,
            exit: EXIT_INVALID,
            game: None,
            message: format!("{name}: {}", problem.message),
            located: Some(Box::new((problem, name.to_string(), text.to_string()))),
        }
    }
    /// The `error` object of a failure document: `kind`, `message`, and for a problem in a
    /// text the `file` and the located `problem`.
    pub fn json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({ "kind": self.kind, "message": self.message });
        if let Some((p, name, text)) = self.located.as_deref() {
            v["file"] = name.clone().into();
            v["problem"] = serde_json::to_value(p.located(text)).unwrap_or_default();
        }
        v
    }
}

impl From<hensoku::file::FileError> for CliError {
    /// A file the library refused, with the exit code of its kind.
    fn from(e: hensoku::file::FileError) -> CliError {
        use hensoku::file::FileErrorKind as K;
        let (kind, exit) = match e.kind {
            K::Usage => (ErrorKind::Usage, EXIT_USAGE),
            K::Input => (ErrorKind::Input, EXIT_USAGE),
            K::Invalid => (ErrorKind::Invalid, EXIT_INVALID),
        };
        CliError {
            kind,
            exit,
            message: e.message,
            game: None,
            located: e.located,
        }
    }
}
