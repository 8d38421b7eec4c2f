//! Shelt files: SPN positions; `.shelt` records in readout or compact notation.

use super::{FileError, Input};
use crate::convert::Converted;
use crate::shelt::{self, Format, Mode, Position, Record, Replay, spn};
use crate::{Problem, Span};

/// A position as given on its own: SPN, `initial`/`startpos`, or none.
pub fn position(text: Option<&str>) -> Result<Position, FileError> {
    match text.map(str::trim) {
        None | Some("initial") | Some("startpos") => Ok(Position::startpos()),
        Some(t) => {
            spn::parse_position(t).map_err(|ps| FileError::input(all_in_one(&ps), "--position", t))
        }
    }
}

/// Every setup violation at once (they share the SPN's span): the first one's rule, all
/// the messages.
pub fn all_in_one(ps: &[Problem]) -> Problem {
    let first = ps
        .first()
        .cloned()
        .unwrap_or_else(|| Problem::syntax("invalid position", Span::default()));
    let message = ps
        .iter()
        .map(|p| format!("{} ({})", p.message, p.rule.name()))
        .collect::<Vec<_>>()
        .join("; ");
    Problem { message, ..first }
}

/// `--from strict` replays in strict mode; readout and compact lines are told apart by
/// themselves.
pub fn mode(from: Option<&str>) -> Result<Mode, FileError> {
    match from {
        None | Some("readout") | Some("compact") | Some("shelt") => Ok(Mode::Lenient),
        Some("strict") => Ok(Mode::Strict),
        Some(f) => Err(FileError::usage(format!(
            "unknown shelt input `{f}` (readout, compact, strict)"
        ))),
    }
}

/// The one record of a Shelt file, and its text.
pub fn read(input: &Input) -> Result<(String, Record), FileError> {
    let text = super::utf8_text(input)?;
    let rec = parse_record(&text).map_err(|p| FileError::input(p, &input.name, &text))?;
    Ok((text, rec))
}

/// The one record of a Shelt text.
pub fn parse_record(text: &str) -> Result<Record, Problem> {
    Ok(shelt::read(text)?.remove(0))
}

/// Replay a record in `mode` and insist that it is legal.
pub fn replay_valid(rec: &Record, mode: Mode, name: &str, text: &str) -> Result<Replay, FileError> {
    let r = shelt::validate_with(rec, mode);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// The record of `input` in notation `to` (readout, compact, spn), and what it cannot
/// carry (SPN is a position: no moves, no headers; no notation keeps comments).
pub fn convert(input: &Input, from: Option<&str>, to: &str) -> Result<Converted, FileError> {
    let target = Format::from_name(to).ok_or_else(|| {
        FileError::usage(format!(
            "unknown shelt notation `{to}` (readout, compact, spn)"
        ))
    })?;
    let (text, rec) = read(input)?;
    let r = replay_valid(&rec, mode(from)?, &input.name, &text)?;
    let mut dropped = Vec::new();
    if target == Format::Spn {
        if !rec.plies.is_empty() {
            dropped.push("moves".to_string());
        }
        if !rec.headers.is_empty() {
            dropped.push("headers".to_string());
        }
    }
    if rec.plies.iter().any(|p| p.comment.is_some()) {
        dropped.push("comments".to_string());
    }
    Ok(Converted {
        irregular: Vec::new(),
        text: shelt::write(&rec, &r, target),
        dropped,
    })
}
