//! An error of one piece of a stream, placed in the whole input: the miette report (its
//! lines the file's) on standard error, or a failure document whose problem's line and
//! offset are the file's. A piece that is the whole input reports as a whole file does.

use super::check::Place;
use crate::cli::args::GameName;
use crate::cli::error::CliError;
use crate::cli::json::{self, CommandName};
use hensoku::core::Report;

/// Where a piece is among its stream's: its number when the stream has several.
#[derive(Clone, Copy)]
pub struct Among {
    pub place: Place,
    pub record: Option<u64>,
}

impl Among {
    /// The keys a streamed document adds: the piece's number, byte offset and line.
    pub fn keys(&self) -> serde_json::Value {
        match self.record {
            Some(n) => serde_json::json!({
                "record": n, "offset": self.place.offset, "line": self.place.line,
            }),
            None => serde_json::json!({}),
        }
    }
}

/// Report `e` on standard error, placed.
pub fn report(e: &CliError, at: Among) {
    let place = at.place;
    match e.located.as_deref() {
        Some((p, name, text)) => {
            let r =
                Report::new(name, text, p).placed(place.offset as usize, place.line as usize - 1);
            eprintln!("{:?}", miette::Report::new(r));
        }
        None => match at.record {
            Some(n) => eprintln!("error: {} (record {n}, line {})", e.message, place.line),
            None => eprintln!("error: {}", e.message),
        },
    }
}

/// The failure document of `e`, placed, with the piece's keys when its stream has several.
pub fn failure(command: CommandName, game: Option<GameName>, e: &CliError, at: Among) -> String {
    let place = at.place;
    let line = json::failure_with(command, game, e, &at.keys());
    if place.offset == 0 && place.line == 1 {
        return line;
    }
    let mut doc: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
    if let Some(p) = doc["error"].get_mut("problem") {
        p["line"] = (p["line"].as_u64().unwrap_or(1) + place.line - 1).into();
        p["offset"] = (p["offset"].as_u64().unwrap_or(0) + place.offset).into();
    }
    serde_json::to_string(&doc).unwrap_or(line)
}
