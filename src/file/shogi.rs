//! Shogi files: SFEN positions; USI, SFEN, CSA, KIF and KI2 records (a `.puzzle` file
//! read as the USI record it stands for).

use super::{FileError, Input};
use crate::Rule;
use crate::convert::Converted;
use crate::shogi::{Format, Position, Record, Replay, ShogiRule};
use crate::shogi::{io, sfen, validate as replay};

/// A position as given on its own: SFEN (with or without `sfen `), `startpos`, or none
/// (the start).
pub fn position(text: Option<&str>) -> Result<Position, FileError> {
    match text {
        None => Ok(Position::startpos()),
        Some(t) => {
            let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
            if t == "startpos" {
                return Ok(Position::startpos());
            }
            sfen::parse_position(t).map_err(|p| FileError::input(p, "--position", t))
        }
    }
}

/// The notation of `input`: `from`, else the name's extension, else what its text looks
/// like.
pub fn format_of(input: &Input, from: Option<&str>) -> Result<Format, FileError> {
    if let Some(f) = from {
        return Format::from_name(f).ok_or_else(|| {
            FileError::usage(format!(
                "unknown shogi notation `{f}` (usi, sfen, csa, kif, ki2)"
            ))
        });
    }
    if let Some(f) = Format::from_path(&input.name) {
        return Ok(f);
    }
    Ok(Format::sniff(&String::from_utf8_lossy(&input.bytes)))
}

/// Decode and read every record of a file; failures are unreadable input.
pub fn read_records(
    input: &Input,
    from: Option<&str>,
) -> Result<(String, Format, Vec<Record>), FileError> {
    let puzzle = super::puzzle::usi_record_unless_from(input, from)?;
    let input = puzzle.as_ref().unwrap_or(input);
    let format = format_of(input, from)?;
    let (text, warning) = io::decode_reporting(&input.bytes, format, Some(&input.name))
        .map_err(|p| FileError::input(p, &input.name, &String::from_utf8_lossy(&input.bytes)))?;
    super::require_text(&text, &input.name)?;
    let mut records =
        io::read(&text, format).map_err(|p| FileError::input(p, &input.name, &text))?;
    if let Some(w) = warning {
        for r in &mut records {
            r.warnings.insert(0, w.clone());
        }
    }
    Ok((text, format, records))
}

/// Replay a record and insist that it is legal (for parse, convert, render, solve).
pub fn replay_valid(record: &Record, name: &str, text: &str) -> Result<Replay, FileError> {
    let r = replay(record);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// A replayed record written in `format`.
pub fn write(record: &Record, r: &Replay, format: Format) -> Result<String, FileError> {
    io::write(record, &r.moves, format).map_err(|p| FileError::usage(p.message))
}

/// `to` of [`convert`] for every position of a record's main line, one SFEN a line.
pub const SFEN_POSITIONS: &str = "sfen-positions";

/// The SFEN of the start position and of the position after each move (with its move
/// number), one a line: training data, a position a line.
pub fn sfen_positions(r: &Replay) -> String {
    let mut pos = r.start.clone();
    let mut out = format!("{}\n", sfen::to_sfen(&pos));
    for &m in &r.moves {
        pos.play(m);
        out.push_str(&sfen::to_sfen(&pos));
        out.push('\n');
    }
    out
}

/// Every record of `input` written in notation `to` (usi, sfen, csa, kif, ki2, or
/// [`SFEN_POSITIONS`]).
pub fn convert(input: &Input, from: Option<&str>, to: &str) -> Result<Converted, FileError> {
    let positions = to == SFEN_POSITIONS;
    let target = Format::from_name(to)
        .or(positions.then_some(Format::Sfen))
        .ok_or_else(|| {
            FileError::usage(format!(
                "unknown shogi notation `{to}` (usi, sfen, sfen-positions, csa, kif, ki2)"
            ))
        })?;
    let (text, _, records) = read_records(input, from)?;
    let mut out = String::new();
    let mut dropped: Vec<String> = Vec::new();
    let mut irregular: Vec<String> = Vec::new();
    for rec in &records {
        irregular.extend(
            rec.warnings
                .iter()
                .filter(|w| w.rule == Rule::Shogi(ShogiRule::IrregularVariation))
                .map(|w| {
                    let at = w.located(&text);
                    format!("line {}: {}", at.line, w.message)
                }),
        );
        let r = replay_valid(rec, &input.name, &text)?;
        if positions {
            out.push_str(&sfen_positions(&r));
        } else {
            out.push_str(&write(rec, &r, target)?);
        }
        for d in io::losses(rec, target) {
            // every position of the line says its moves
            if positions && d == "moves" {
                continue;
            }
            if !dropped.iter().any(|x| x == d) {
                dropped.push(d.to_string());
            }
        }
    }
    Ok(Converted {
        text: out,
        dropped,
        irregular,
    })
}
