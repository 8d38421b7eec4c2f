//! A Shelt record (§9.4): `[Key "value"]` headers, then one ply per line, optionally
//! numbered and followed by a `{comment}`. Lines may be readouts or compact plies; nothing
//! is checked against the rules here.

use super::notation::compact::{self, Compact};
use super::notation::readout::{self, Readout};
use crate::core::{Problem, Span};

/// A ply as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyText {
    /// A readout line.
    Readout(Readout),
    /// A compact algebraic line.
    Compact(Compact),
}

impl PlyText {
    /// Where the ply stands in the text.
    pub fn span(&self) -> Span {
        match self {
            PlyText::Readout(r) => r.span,
            PlyText::Compact(c) => c.span,
        }
    }
}

/// One ply line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordPly {
    /// The ply as written.
    pub text: PlyText,
    /// The comment after it, if any.
    pub comment: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
/// A Shelt record as read: headers and one readout per ply, nothing checked.
pub struct Record {
    /// The headers, in the order written.
    pub headers: Vec<(String, String)>,
    /// The `Start` (record) or `Position` (puzzle) header's SPN and its span, when given.
    pub start: Option<(String, Span)>,
    /// The plies as written.
    pub plies: Vec<RecordPly>,
}

impl Record {
    /// The value of the first header of this key.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Read a record; the first syntax error stops it.
pub fn parse(text: &str) -> Result<Record, Problem> {
    let mut rec = Record::default();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with('[') {
            if !rec.plies.is_empty() {
                return Err(Problem::syntax(
                    "headers come before the first ply",
                    Span::new(line_start, line.len()),
                ));
            }
            let (k, v, vspan) = header(line, line_start)?;
            if k == "Start" || k == "Position" {
                rec.start = Some((v.clone(), vspan));
            }
            rec.headers.push((k, v));
            continue;
        }
        if let Some(p) = ply_line(line, line_start)? {
            rec.plies.push(p);
        }
    }
    Ok(rec)
}

fn header(line: &str, base: usize) -> Result<(String, String, Span), Problem> {
    let bad = || Problem::syntax("a header is `[Key \"value\"]`", Span::new(base, line.len()));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (key, value) = inner.split_once(' ').ok_or_else(bad)?;
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if key.is_empty()
        || !key.starts_with(|c: char| c.is_ascii_alphabetic())
        || !key.chars().all(|c| c.is_ascii_alphanumeric())
        || value.contains('"')
    {
        return Err(bad());
    }
    let vspan = Span::new(base + 1 + key.len() + 2, value.len());
    Ok((key.to_string(), value.to_string(), vspan))
}

fn ply_line(line: &str, base: usize) -> Result<Option<RecordPly>, Problem> {
    let mut body = line;
    let mut start = base;
    // optional move number `12. `
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && body[digits..].starts_with(". ") {
        body = &body[digits + 2..];
        start += digits + 2;
    }
    let (ply_text, comment) = match body.find('{') {
        Some(i) => {
            let c = &body[i..];
            let inner = c
                .strip_prefix('{')
                .and_then(|c| c.strip_suffix('}'))
                .filter(|c| !c.contains('}'));
            let Some(inner) = inner else {
                return Err(Problem::syntax(
                    "a comment is `{…}` and ends the line",
                    Span::new(start + i, c.len()),
                ));
            };
            let before = &body[..i];
            if !before.is_empty() && !before.ends_with(' ') {
                return Err(Problem::syntax(
                    "a comment follows the ply after one space",
                    Span::new(start + i, 1),
                ));
            }
            (
                before.strip_suffix(' ').unwrap_or(before),
                Some(inner.to_string()),
            )
        }
        None => (body, None),
    };
    if ply_text.is_empty() {
        return Ok(None);
    }
    let text = if compact::looks_compact(ply_text) {
        PlyText::Compact(compact::parse(ply_text, start)?)
    } else {
        PlyText::Readout(readout::parse(ply_text, start)?)
    };
    Ok(Some(RecordPly { text, comment }))
}
