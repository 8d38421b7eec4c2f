//! Errors of the command line and their exit codes.

use hensoku::core::Problem;

/// Exit codes scripts can rely on.
pub const EXIT_OK: u8 = 0;
/// A record is invalid, or no solution exists.
pub const EXIT_INVALID: u8 = 1;
/// Usage error or unreadable input.
pub const EXIT_USAGE: u8 = 2;

/// An error that ends a command: a message, an exit code, and perhaps a problem in a text.
#[derive(Debug)]
pub struct CliError {
    pub exit: u8,
    pub message: String,
    /// The problem and the text (with its display name) it points into; boxed so that the
    /// `Err` of every command's `Result` stays small.
    pub located: Option<Box<(Problem, String, String)>>,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            exit: EXIT_USAGE,
            message: message.into(),
            located: None,
        }
    }
    /// Unreadable input: a problem pointing into the text that could not be read.
    pub fn input(problem: Problem, name: &str, text: &str) -> CliError {
        CliError {
            exit: EXIT_USAGE,
            message: format!("{name}: {}", problem.message),
            located: Some(Box::new((problem, name.to_string(), text.to_string()))),
        }
    }
    /// An invalid record: a problem found in it (syntax or rules), exit code 1.
    pub fn invalid(problem: Problem, name: &str, text: &str) -> CliError {
        CliError {
            exit: EXIT_INVALID,
            message: format!("{name}: {}", problem.message),
            located: Some(Box::new((problem, name.to_string(), text.to_string()))),
        }
    }
    pub fn json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({ "error": self.message, "exit_code": self.exit });
        if let Some((p, name, text)) = self.located.as_deref() {
            v["file"] = name.clone().into();
            v["problem"] = serde_json::to_value(p.located(text)).unwrap_or_default();
        }
        v
    }
}
