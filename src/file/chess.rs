//! Chess files: FEN positions; PGN games and FEN/EPD position files.

use super::{FileError, Input};
use crate::Problem;
use crate::chess::{self as game, Format, Position, PositionLine, Record, Replay};
use crate::convert::Converted;

/// A position as given on its own: a FEN, `startpos`, or none (the start).
pub fn position(text: Option<&str>) -> Result<Position, FileError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(Position::startpos()),
        Some(t) => t.parse().map_err(|p| FileError::input(p, "--position", t)),
    }
}

/// The notation of `input`: `from`, else the name's extension, else what its text looks
/// like.
pub fn format_of(input: &Input, from: Option<&str>) -> Result<Format, FileError> {
    if let Some(f) = from {
        return Format::from_name(f).ok_or_else(|| {
            FileError::usage(format!("unknown chess notation `{f}` (pgn, fen, epd)"))
        });
    }
    Ok(Format::from_path(&input.name)
        .unwrap_or_else(|| Format::sniff(&String::from_utf8_lossy(&input.bytes))))
}

/// The games of a PGN text.
pub fn read_games(input: &Input, text: &str) -> Result<Vec<Record>, FileError> {
    game::read(text).map_err(|p| FileError::input(p, &input.name, text))
}

/// Validated positions of a FEN/EPD file (each line's problems shifted to the file).
pub fn read_positions(
    input: &Input,
    text: &str,
    format: Format,
) -> Result<Vec<(Position, PositionLine)>, FileError> {
    game::read_positions(text, format)
        .into_iter()
        .map(|r| {
            let line = r.map_err(|p| FileError::input(p, &input.name, text))?;
            let pos =
                <game::Chess as crate::Setup>::position(&line.setup, &[]).map_err(|mut ps| {
                    FileError::invalid(ps.remove(0).shifted(line.span.offset), &input.name, text)
                })?;
            Ok((pos, line))
        })
        .collect()
}

/// Replay a game and insist that it is legal.
pub fn replay_valid(record: &Record, name: &str, text: &str) -> Result<Replay, FileError> {
    let r = game::validate(record);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// A replayed game in canonical PGN.
pub fn canonical_pgn(record: &Record, r: &Replay) -> Result<String, FileError> {
    game::print_record(record, &r.start).map_err(|p: Problem| FileError::usage(p.message))
}

/// Moves of a replayed line in one notation (`san` or `uci`).
pub fn line_text(start: &Position, moves: &[game::Move], uci_form: bool) -> String {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &m in moves {
        out.push(if uci_form {
            game::uci_text(&pos, m)
        } else {
            game::move_text(&pos, m)
        });
        pos = pos.after(m);
    }
    out.join(" ")
}

/// A game as one line of training data: its UCI moves then its result (`e2e4 e7e5 1-0`;
/// `*` when it states none), after `fen <FEN> moves` when it starts from a set-up position.
pub fn uci_result(record: &Record, r: &Replay) -> String {
    let moves = line_text(&r.start, &r.moves, true);
    let result = record.result.as_ref().map_or("*", |(t, _)| t.as_str());
    let start = r.start.to_string();
    let mut line = String::new();
    if start != Position::startpos().to_string() {
        line = format!("fen {start} moves ");
    }
    for part in [moves.as_str(), result] {
        if !part.is_empty() {
            line.push_str(part);
            line.push(' ');
        }
    }
    line.pop();
    line.push('\n');
    line
}

/// Every game of `input` in notation `to` (pgn, san, uci, uci-result, fen); a FEN/EPD file
/// converts to fen only. Every chess notation here carries the whole record: nothing is dropped.
pub fn convert(input: &Input, from: Option<&str>, to: &str) -> Result<Converted, FileError> {
    let format = format_of(input, from)?;
    let text = super::utf8_text(input)?;
    if !matches!(to, "pgn" | "san" | "uci" | "uci-result" | "fen") {
        return Err(FileError::usage(format!(
            "unknown chess notation `{to}` (pgn, san, uci, uci-result, fen)"
        )));
    }
    let text = if format != Format::Pgn {
        if to != "fen" {
            return Err(FileError::usage(
                "a FEN/EPD file holds positions, not moves: convert it to fen only",
            ));
        }
        read_positions(input, &text, format)?
            .iter()
            .map(|(p, _)| format!("{p}\n"))
            .collect()
    } else {
        let mut out = String::new();
        for rec in read_games(input, &text)? {
            let r = replay_valid(&rec, &input.name, &text)?;
            match to {
                "pgn" => out.push_str(&canonical_pgn(&rec, &r)?),
                "fen" => out.push_str(&format!("{}\n", r.end)),
                "uci-result" => out.push_str(&uci_result(&rec, &r)),
                _ => out.push_str(&(line_text(&r.start, &r.moves, to == "uci") + "\n")),
            }
        }
        out
    };
    Ok(Converted {
        irregular: Vec::new(),
        text,
        dropped: Vec::new(),
    })
}
