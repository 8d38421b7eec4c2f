//! Human and machine output: miette reports for humans, JSON documents / JSON Lines for scripts.

use super::args::GameName;
use super::error::CliError;
use super::json::{self as doc, CommandName};
use hensoku::{Problem, Report};
use std::io::IsTerminal;

/// Print a success document of `command` in `game` on one line (so several make JSON
/// Lines): the envelope of [`doc`], then `body`'s fields.
pub fn json<B: serde::Serialize + ?Sized>(command: CommandName, game: GameName, body: &B) {
    doc::print(&doc::document(command, game, body));
}

/// A miette report of a problem in a text, to standard error.
pub fn report(name: &str, text: &str, p: &Problem) {
    let report = miette::Report::new(Report::new(name, text, p));
    eprintln!("{report:?}");
}

/// An error that ended `command`: a failure document with `--json` (its game from the
/// error, else `game`), else a miette report or one line on standard error.
pub fn error(e: &CliError, as_json: bool, command: CommandName, game: Option<GameName>) {
    if as_json {
        doc::print(&doc::failure(command, game, e));
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
