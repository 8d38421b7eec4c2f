//! Quantum Chamber files: QFEN positions, QGN records, puzzle files and lines.

use super::{FileError, Input};
use crate::convert::Converted;
use crate::quantum::{self, Mode, Position, Record, Replay, puzzle, qfen, qgn, qmn};
use crate::{CommonRule, Problem, Span};

/// A position given on the command line: `start`, a QFEN, or a puzzle line (its QFEN).
pub fn position(text: Option<&str>) -> Result<Position, FileError> {
    match text.map(str::trim) {
        None | Some("start" | "startpos") => Ok(Position::startpos()),
        Some(t) if t.contains(" goal ") => puzzle::parse(t)
            .map(|p| p.position)
            .map_err(|p| FileError::input(p, "--position", t)),
        Some(t) => qfen::parse_position(t).map_err(|p| FileError::input(p, "--position", t)),
    }
}

/// `--from lenient` tolerates missing effect marks (§14 lenient mode); anything else but
/// `qgn`/`strict` is a usage error.
pub fn mode(from: Option<&str>) -> Result<Mode, FileError> {
    match from {
        None | Some("qgn" | "strict") => Ok(Mode::Strict),
        Some("lenient") => Ok(Mode::Lenient),
        Some(f) => Err(FileError::usage(format!(
            "unknown Quantum Chamber input mode `{f}` (qgn, strict, lenient)"
        ))),
    }
}

/// A `.qfen` file holds one position; anything else is read as QGN.
pub fn is_qfen(input: &Input, text: &str) -> bool {
    input.name.to_ascii_lowercase().ends_with(".qfen")
        || (!text.trim_start().starts_with('[')
            && text.trim().split('/').count() >= 5
            && !text.contains('.'))
}

/// The records of a QGN file (a `.puzzle` file as its one record), and its text.
pub fn read_records(input: &Input) -> Result<(String, Vec<Record>), FileError> {
    let text = super::utf8_text(input)?;
    if input.name.to_ascii_lowercase().ends_with(".puzzle") {
        let (p, problems) = crate::puzzle::parse(&text);
        if let Some(e) = problems.first() {
            return Err(FileError::input(e.clone(), &input.name, &text));
        }
        if p.tag("Position").or(p.tag("Setup")).is_none() {
            let missing = Problem::new(
                CommonRule::MissingTag,
                "the puzzle has no [Position \"…\"] tag: a puzzle never starts from the start position",
                Span::new(0, 0),
            );
            return Err(FileError::input(missing, &input.name, &text));
        }
        let rec = qgn::from_puzzle(&p, &text);
        return Ok((text, vec![rec]));
    }
    let records = qgn::parse(&text).map_err(|p| FileError::input(p, &input.name, &text))?;
    Ok((text, records))
}

/// Replay and insist on legality (parse, convert, render, solve).
pub fn replay_valid(rec: &Record, name: &str, text: &str, mode: Mode) -> Result<Replay, FileError> {
    let r = quantum::validate_with(rec, mode);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// Every move of a replay in long form, one per line.
pub fn long_moves(r: &Replay) -> String {
    let mut pos = r.start.clone();
    let mut out = String::new();
    for g in &r.moves {
        out.push_str(&qmn::print(&pos, g, true));
        out.push('\n');
        pos = g.result.clone();
    }
    out
}

/// Every record of `input` in notation `to` (qgn, long, qfen); QFEN is the final position
/// only: the moves do not survive.
pub fn convert(input: &Input, from: Option<&str>, to: &str) -> Result<Converted, FileError> {
    let mode = mode(from)?;
    let (text, records) = read_records(input)?;
    let mut out = String::new();
    for rec in &records {
        let r = replay_valid(rec, &input.name, &text, mode)?;
        match to {
            "qgn" => out.push_str(&qgn::to_qgn(rec, &r)),
            "long" => out.push_str(&long_moves(&r)),
            "qfen" => out.push_str(&format!("{}\n", qfen::to_qfen(&r.end))),
            _ => {
                return Err(FileError::usage(format!(
                    "unknown Quantum Chamber target `{to}` (qgn, long, qfen)"
                )));
            }
        }
    }
    let dropped = if to == "qfen" && records.iter().any(|r| !r.moves.is_empty()) {
        vec!["moves".into()]
    } else {
        vec![]
    };
    Ok(Converted {
        text: out,
        dropped,
        irregular: Vec::new(),
    })
}
