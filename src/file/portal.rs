//! Files of the one-board Portal Chess versions, Hidden's and Buckley's, through their
//! shared `Version` trait: PGN-style records and position strings with portals.

use super::{FileError, Input};
use crate::chess::{Color, Record};
use crate::convert::Converted;
use crate::portal::{Replay, Version, canonical_moves, replay};

/// A position as given on its own: the version's position string, `startpos`, or none.
pub fn start_position<V: Version>(text: Option<&str>) -> Result<V, FileError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(V::start()),
        Some(t) => V::read_position(t).map_err(|p| FileError::input(p, "--position", t)),
    }
}

/// The games of a PGN-style text.
pub fn games(input: &Input, text: &str) -> Result<Vec<Record>, FileError> {
    crate::chess::read(text).map_err(|p| FileError::input(p, &input.name, text))
}

/// A replay with no problem, or the first problem as an invalid-record error.
pub fn replay_valid<V: Version>(
    rec: &Record,
    name: &str,
    text: &str,
) -> Result<Replay<V>, FileError> {
    let r = replay::<V>(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// PGN export of a replayed game: tags, then numbered canonical moves and the result.
pub fn write_game<V: Version>(rec: &Record, r: &Replay<V>, ascii: bool) -> String {
    let mut out = super::tag_section(&rec.tags);
    let black_first = r.start.board().turn() == Color::Black;
    let mut number = r.start.board().fullmoves();
    let mut tokens = Vec::new();
    for (i, t) in canonical_moves(&r.start, &r.moves, ascii)
        .into_iter()
        .enumerate()
    {
        let white = (i % 2 == 0) != black_first;
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(t);
        if !white {
            number += 1;
        }
    }
    tokens.push(rec.result.as_ref().map_or("*".into(), |r| r.0.clone()));
    out.push_str(&tokens.join(" "));
    out.push_str("\n\n");
    out
}

/// Every game of `input` in notation `to` (pgn, pgn-ascii, position). Every portal
/// notation here carries the whole record: nothing is dropped.
pub fn convert<V: Version>(input: &Input, to: &str) -> Result<Converted, FileError> {
    let ascii = match to {
        "pgn" | "position" => false,
        "ascii" | "pgn-ascii" => true,
        other => {
            return Err(FileError::usage(format!(
                "unknown {} notation `{other}` (pgn, pgn-ascii, position)",
                V::NAME
            )));
        }
    };
    let text = super::utf8_text(input)?;
    let mut out = String::new();
    for rec in games(input, &text)? {
        let r = replay_valid::<V>(&rec, &input.name, &text)?;
        match to {
            "position" => out.push_str(&(r.end.position_string() + "\n")),
            _ => out.push_str(&write_game(&rec, &r, ascii)),
        }
    }
    Ok(Converted {
        irregular: Vec::new(),
        text: out,
        dropped: Vec::new(),
    })
}
