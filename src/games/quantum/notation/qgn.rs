//! QGN game records (§15): tag pairs, then move numbers, moves, `{comments}` and a result.
//! Several records may follow one another in a file. Tokens are read by nom parsers over
//! offset-carrying input, so each keeps its span.

use super::point::{In, Parsed, span_of};
use crate::core::{Problem, Span};
use crate::games::quantum::QuantumRule;
use nom::Parser;
use nom::bytes::complete::{tag, take_till, take_till1, take_until, take_while};
use nom::character::complete::{alphanumeric1, char};
use nom::sequence::delimited;

/// A tag pair as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
    /// The span of the value (inside the quotes).
    pub value_span: Span,
}

/// A move token and the move number written before it, if any.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveToken {
    pub text: String,
    pub span: Span,
    /// `(number, blue_first)` when a move number such as `3.` or `3...` precedes the move.
    pub number: Option<(u32, bool, Span)>,
}

/// One game record.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Record {
    /// The tag pairs, in the order written.
    pub tags: Vec<Tag>,
    /// The moves as written.
    pub moves: Vec<MoveToken>,
    /// The comments' texts.
    pub comments: Vec<String>,
    /// The result token and its span; `None` when the text ends without one.
    pub result: Option<(String, Span)>,
}

impl Record {
    /// The first tag of this name.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// Read every record of a QGN text.
pub fn parse(text: &str) -> Result<Vec<Record>, Problem> {
    let mut records = Vec::new();
    let mut at = blank(In::new(text));
    while !at.fragment().is_empty() {
        let (rest, rec) = record(at)?;
        records.push(rec);
        at = blank(rest);
    }
    records.retain(|r| !r.tags.is_empty() || !r.moves.is_empty() || r.result.is_some());
    if records.is_empty() {
        return Err(Problem::no_record("QGN tag or move"));
    }
    Ok(records)
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Past any white space.
fn blank(i: In<'_>) -> In<'_> {
    let skipped: Parsed<'_, In<'_>> = take_while(char::is_whitespace).parse(i);
    skipped.map_or(i, |(rest, _)| rest)
}

/// Tag pairs, then movetext up to a result, the end, or the next record's tags.
fn record(i: In<'_>) -> Result<(In<'_>, Record), Problem> {
    let mut rec = Record::default();
    let mut at = i;
    while at.fragment().starts_with('[') {
        let (rest, tag) = tag_pair(at)?;
        rec.tags.push(tag);
        at = blank(rest);
    }
    let mut number = None;
    loop {
        at = blank(at);
        if at.fragment().is_empty() || at.fragment().starts_with('[') {
            break;
        }
        if at.fragment().starts_with('{') {
            let (rest, c) = comment(at)?;
            rec.comments.push(c);
            at = rest;
            continue;
        }
        let word: Parsed<'_, In<'_>> =
            take_till1(|c: char| c.is_whitespace() || c == '{').parse(at);
        let Ok((rest, word)) = word else { break };
        at = rest;
        let (text, span) = (*word.fragment(), span_of(word));
        if RESULTS.contains(&text) {
            rec.result = Some((text.to_string(), span));
            break;
        }
        if let Some(n) = move_number(text) {
            number = Some((n.0, n.1, span));
            continue;
        }
        rec.moves.push(MoveToken {
            text: text.to_string(),
            span,
            number: number.take(),
        });
    }
    Ok((at, rec))
}

/// `[Name "value"]`: a name of letters and digits, one space, a quoted value without
/// quotes or line breaks.
fn tag_pair(i: In<'_>) -> Result<(In<'_>, Tag), Problem> {
    let value = take_till(|c| c == '"' || c == '\n');
    let pair: Parsed<'_, _> = (char('['), alphanumeric1, tag(" \""), value, tag("\"]")).parse(i);
    match pair {
        Ok((rest, (_, name, _, value, _))) => {
            let tag = Tag {
                name: name.fragment().to_string(),
                value: value.fragment().to_string(),
                value_span: span_of(value),
            };
            Ok((rest, tag))
        }
        Err(_) => {
            let line = i.fragment().split('\n').next().unwrap_or("").trim_end();
            let span = Span::new(i.location_offset(), line.len());
            Err(Problem::new(
                QuantumRule::TagSyntax,
                "a tag pair is written [Name \"value\"]",
                span,
            ))
        }
    }
}

/// `{…}`, its text without the braces.
fn comment(i: In<'_>) -> Result<(In<'_>, String), Problem> {
    let braced: Parsed<'_, In<'_>> = delimited(char('{'), take_until("}"), char('}')).parse(i);
    match braced {
        Ok((rest, c)) => Ok((rest, c.fragment().to_string())),
        Err(_) => Err(Problem::syntax(
            "a comment `{` is never closed",
            Span::new(i.location_offset(), 1),
        )),
    }
}

/// `12.` → (12, false); `12...` → (12, true).
fn move_number(word: &str) -> Option<(u32, bool)> {
    let digits = word.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || word.starts_with('0') {
        return None;
    }
    let n = word[..digits].parse().ok()?;
    match &word[digits..] {
        "." => Some((n, false)),
        "..." => Some((n, true)),
        _ => None,
    }
}

/// A puzzle file in the shared format (`crate::puzzle`: tag header, then movetext) seen as a
/// record, so the validator replays its solution like any game.
pub fn from_puzzle(p: &crate::puzzle::Puzzle, text: &str) -> Record {
    let tags = p
        .tags
        .iter()
        .map(|t| {
            // the value's own span: inside the first quote of the tag
            let whole = text.get(t.span.offset..t.span.end()).unwrap_or("");
            let at = whole
                .find('"')
                .map_or(t.span.offset, |i| t.span.offset + i + 1);
            Tag {
                name: t.name.clone(),
                value: t.value.clone(),
                value_span: Span::new(at, t.value.len()),
            }
        })
        .collect();
    let moves = p
        .moves
        .iter()
        .map(|m| MoveToken {
            text: m.text.clone(),
            span: m.span,
            number: None,
        })
        .collect();
    Record {
        tags,
        moves,
        comments: p.comments.clone(),
        result: None,
    }
}
