//! 5D chess files: 5DPGN (and the seed's vector form) records; positions as a variant name
//! or 5DFEN boards.

use super::{FileError, Input};
use crate::convert::Converted;
use crate::fived::pgn::{self, Style};
use crate::fived::{self, Budget, Position as Multiverse, Record, Replay, variants};

/// A position: a variant name, or 5DFEN boards (optionally after tags), or a whole 5DPGN.
pub fn position(text: Option<&str>) -> Result<Multiverse, FileError> {
    let Some(t) = text.map(str::trim) else {
        return Ok(Multiverse::startpos());
    };
    let doc = if t.starts_with('[') {
        t.to_string()
    } else {
        format!("[Board \"{t}\"]")
    };
    // the face reads the record and replays it to its end; the spans point into `doc`
    doc.parse()
        .map_err(|p| FileError::input(p, "--position", &doc))
}

/// The one record of a 5DPGN file, and its text.
pub fn read(input: &Input) -> Result<(String, Record), FileError> {
    let text = super::utf8_text(input)?;
    let rec = pgn::parse(&text).map_err(|p| FileError::input(p, &input.name, &text))?;
    Ok((text, rec))
}

/// The record of a file replayed, insisting that it is legal.
pub fn replay_valid(input: &Input) -> Result<(String, Record, Replay), FileError> {
    let (text, rec) = read(input)?;
    let r = fived::validate(&rec, &text);
    match r.problems.first() {
        None => Ok((text, rec, r)),
        Some(p) => Err(FileError::invalid(p.clone(), &input.name, &text)),
    }
}

/// Board name for canonical output: the variant's own name, or `custom`.
fn board_name(rec: &Record) -> String {
    if !rec.fens.is_empty() {
        return "custom".into();
    }
    let name = rec
        .tag("Board")
        .or_else(|| rec.tag("Variant"))
        .map_or("Standard", |t| t.value.as_str());
    variants::lookup(name).map_or_else(|| name.to_string(), |v| v.0.to_string())
}

/// The tags a canonical record keeps.
const KEPT_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A replayed record written in `style`.
pub fn write(rec: &Record, r: &Replay, style: Style) -> String {
    let Some(start) = &r.start else {
        return String::new();
    };
    let extra: Vec<(String, String)> = KEPT_TAGS
        .iter()
        .filter_map(|k| rec.tag(k).map(|t| (k.to_string(), t.value.clone())))
        .collect();
    let puzzle = rec.tag("Puzzle").map(|t| t.value.to_ascii_lowercase());
    let actions: Vec<_> = r.actions.iter().map(|a| a.moves.clone()).collect();
    let mut out = pgn::header(start, &board_name(rec), puzzle.as_deref(), &extra);
    out.push('\n');
    out.push_str(&pgn::movetext(start, &actions, style, Budget::default()));
    out
}

/// The move notation a name selects (`5dpgn`, `vector`).
pub fn style_of(name: &str) -> Result<Style, FileError> {
    match name.to_ascii_lowercase().as_str() {
        "5dpgn" | "pgn" => Ok(Style::Pgn),
        "vector" | "vectors" => Ok(Style::Vector),
        _ => Err(FileError::usage(format!(
            "unknown 5D notation `{name}` (5dpgn, vector)"
        ))),
    }
}

/// The record of `input` in notation `to` (5dpgn, vector).
pub fn convert(input: &Input, to: &str) -> Result<Converted, FileError> {
    let style = style_of(to)?;
    let (_, rec, r) = replay_valid(input)?;
    Ok(Converted {
        irregular: Vec::new(),
        text: write(&rec, &r, style),
        dropped: vec![],
    })
}
