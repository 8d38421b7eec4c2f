//! Human and machine output: miette reports for humans, JSON documents / JSON Lines for scripts.

use super::error::CliError;
use hensoku::core::{Problem, Report};
use std::io::IsTerminal;

/// Print a JSON document on one line (so several make JSON Lines).
pub fn json(v: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string(v).unwrap_or_else(|_| "{}".into())
    );
}

/// A miette report of a problem in a text, to standard error.
pub fn report(name: &str, text: &str, p: &Problem) {
    let report = miette::Report::new(Report::new(name, text, p));
    eprintln!("{report:?}");
}

/// A miette report of a tolerated deviation, to standard error.
pub fn warning(name: &str, text: &str, p: &Problem) {
    let report = miette::Report::new(Report::new(name, text, p).warning());
    eprintln!("{report:?}");
}

pub fn error(e: &CliError, as_json: bool) {
    if as_json {
        json(&e.json());
        return;
    }
    match e.located.as_deref() {
        Some((p, name, text)) => report(name, text, p),
        None => eprintln!("error: {}", e.message),
    }
}

/// Install miette's handler: colour only on a terminal, fixed width otherwise.
pub fn init() {
    let colour = std::io::stderr().is_terminal();
    let _ = miette::set_hook(Box::new(move |_| {
        let theme = if colour {
            miette::GraphicalTheme::unicode()
        } else {
            miette::GraphicalTheme::unicode_nocolor()
        };
        Box::new(
            miette::MietteHandlerOpts::new()
                .graphical_theme(theme)
                .width(100)
                .build(),
        )
    }));
}
