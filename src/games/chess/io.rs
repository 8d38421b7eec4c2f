//! The notations of a chess file, told apart by extension or by content, and read into
//! records: PGN games, or FEN/EPD positions one a line.

use super::notation::fen;
use crate::core::{Problem, Span};

/// The notation of a chess file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PGN games.
    Pgn,
    /// One FEN a line.
    Fen,
    /// One EPD a line (four fields and operations).
    Epd,
}

impl Format {
    /// The format of a name (`pgn`, `fen`, `epd`, in any case).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "pgn" => Some(Format::Pgn),
            "fen" => Some(Format::Fen),
            "epd" => Some(Format::Epd),
            _ => None,
        }
    }
    /// The format a file's extension names.
    pub fn from_path(path: &str) -> Option<Format> {
        Format::from_name(path.rsplit_once('.')?.1)
    }
    /// The format's name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Fen => "fen",
            Format::Epd => "epd",
        }
    }
    /// PGN when the text has tags or move numbers; FEN when its first line has a board.
    pub fn sniff(text: &str) -> Format {
        let first = text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let board = first.split_whitespace().next().unwrap_or("");
        if !first.starts_with('[') && board.matches('/').count() == 7 {
            if first.contains(';') {
                Format::Epd
            } else {
                Format::Fen
            }
        } else {
            Format::Pgn
        }
    }
}

/// A position line of a FEN/EPD file with its span and EPD operations.
#[derive(Clone, Debug)]
pub struct PositionLine {
    /// The position as written, not yet checked against the rules.
    pub setup: crate::games::chess::setup::Setup,
    /// The EPD operations, each an opcode and its operand (`("bm", "#2")`).
    pub ops: Vec<(String, String)>,
    /// The line in the file.
    pub span: Span,
}

/// Every non-empty line of a FEN/EPD file, read (syntax only).
pub fn read_positions(text: &str, format: Format) -> Vec<Result<PositionLine, Problem>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            let read = match format {
                Format::Epd => fen::parse_epd(line),
                _ => fen::parse_setup(line).map(|s| (s, Vec::new())),
            };
            out.push(
                read.map(|(setup, ops)| PositionLine {
                    setup,
                    ops,
                    span: Span::new(offset, line.len()),
                })
                .map_err(|p| p.shifted(offset)),
            );
        }
        offset += raw.len();
    }
    out
}
