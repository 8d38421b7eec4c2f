//! Files of Howe's Portal Chess: the two-area position string and `n:` records with
//! `[Variant "portal-howe"]`.

use super::{FileError, Input};
use crate::convert::Converted;
use crate::portal::howe::{self as game, Position, Record, Replay};

/// A position as given on its own: the position string, `startpos`, or none.
pub fn position(text: Option<&str>) -> Result<Position, FileError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(Position::startpos()),
        Some(t) => t.parse().map_err(|p| FileError::input(p, "--position", t)),
    }
}

/// The games of a Howe text.
pub fn games(input: &Input, text: &str) -> Result<Vec<Record>, FileError> {
    game::read(text).map_err(|p| FileError::input(p, &input.name, text))
}

/// Replay a game and insist that it is legal.
pub fn replay_valid(rec: &Record, name: &str, text: &str) -> Result<Replay, FileError> {
    let r = game::validate(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// A record in canonical form: its tags, then the numbered plies and the result.
pub fn write_game(rec: &Record, r: &Replay, ascii: bool) -> String {
    let mut out = super::tag_section(&rec.tags);
    let moves = r.movetext(ascii);
    let result = rec.result.as_ref().map_or("*".to_string(), |x| x.0.clone());
    out.push_str(&if moves.is_empty() {
        result
    } else {
        format!("{moves} {result}")
    });
    out.push_str("\n\n");
    out
}

/// Every game of `input` in notation `to` (howe, howe-ascii, position). The Howe record
/// carries everything it was read from: nothing is dropped.
pub fn convert(input: &Input, to: &str) -> Result<Converted, FileError> {
    let text = super::utf8_text(input)?;
    let mut out = String::new();
    for rec in games(input, &text)? {
        let r = replay_valid(&rec, &input.name, &text)?;
        match to {
            "howe" | "pgn" => out.push_str(&write_game(&rec, &r, false)),
            "ascii" | "howe-ascii" | "pgn-ascii" => out.push_str(&write_game(&rec, &r, true)),
            "position" => out.push_str(&format!("{}\n", r.end)),
            other => {
                return Err(FileError::usage(format!(
                    "unknown Howe notation `{other}` (howe, howe-ascii, position)"
                )));
            }
        }
    }
    Ok(Converted {
        irregular: Vec::new(),
        text: out,
        dropped: Vec::new(),
    })
}
