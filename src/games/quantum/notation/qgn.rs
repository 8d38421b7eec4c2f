//! QGN game records (§15): tag pairs, then move numbers, moves, `{comments}` and a result.
//! Several records may follow one another in a file. The record scanner (`core::scan`)
//! finds the tokens, each with its span; QGN's spelling is [`DIALECT`].

use crate::core::scan::{self, Dialect, Fault, Glued, Space, TagRule, TagValue, Visitor};
use crate::core::{Problem, Span};
use crate::games::quantum::QuantumRule;

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

/// QGN's spelling: `[Name "value"]` with a name of ASCII letters and digits, one space,
/// and a value without escapes or line breaks; `{…}` comments; no NAGs, no variations.
pub const DIALECT: Dialect = Dialect {
    space: Space::Unicode,
    tag_space: Space::Unicode,
    escape_lines: false,
    lines: false,
    tag: TagRule {
        name: |c| c.is_ascii_alphanumeric(),
        gap: Some(" "),
        empty_name: false,
        value: TagValue::Quoted {
            escapes: false,
            space_before_close: false,
        },
    },
    header_comments: false,
    tags_after_moves: true,
    brace_comments: true,
    nested_comments: false,
    line_comments: false,
    max_depth: 0,
    word_ends: "{",
    words: None,
    groups: &[],
    results: &scan::RESULTS,
    result_ends_record: true,
    nags: false,
    number: |w| move_number(w).map_or(0, |_| w.len()),
    glued: Glued::Move,
};

/// Read every record of a QGN text.
pub fn parse(text: &str) -> Result<Vec<Record>, Problem> {
    let mut reader = Reader {
        text,
        records: Vec::new(),
        number: None,
    };
    scan::scan(text, &DIALECT, &mut reader)?;
    let mut records = reader.records;
    records.retain(|r| !r.tags.is_empty() || !r.moves.is_empty() || r.result.is_some());
    if records.is_empty() {
        return Err(Problem::no_record("QGN tag or move"));
    }
    Ok(records)
}

/// The records of a text, built from the scanner's tokens.
struct Reader<'a> {
    text: &'a str,
    records: Vec<Record>,
    /// The move number waiting for its move.
    number: Option<(u32, bool, Span)>,
}

impl Reader<'_> {
    fn record(&mut self) -> &mut Record {
        self.records.last_mut().expect("a record is open")
    }
}

impl<'a> Visitor<'a> for Reader<'a> {
    fn begin_record(&mut self, _: usize) -> Result<(), Problem> {
        self.records.push(Record::default());
        self.number = None;
        Ok(())
    }

    fn tag(&mut self, tag: scan::Tag<'a>) -> Result<(), Problem> {
        self.record().tags.push(Tag {
            name: tag.name.to_string(),
            value: tag.value(),
            value_span: tag.value_span,
        });
        Ok(())
    }

    fn comment(&mut self, comment: scan::Comment<'a>) -> Result<(), Problem> {
        self.record().comments.push(comment.text.to_string());
        Ok(())
    }

    fn move_number(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.number = move_number(text).map(|(n, blue)| (n, blue, span));
        Ok(())
    }

    fn san(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        let number = self.number.take();
        self.record().moves.push(MoveToken {
            text: text.to_string(),
            span,
            number,
        });
        Ok(())
    }

    fn result(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.record().result = Some((text.to_string(), span));
        Ok(())
    }

    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        Err(match fault {
            Fault::TagName { start, .. }
            | Fault::TagQuote { start, .. }
            | Fault::TagValue { start, .. }
            | Fault::TagClose { start, .. } => {
                let line = self.text[start..]
                    .split('\n')
                    .next()
                    .unwrap_or("")
                    .trim_end();
                Problem::new(
                    QuantumRule::TagSyntax,
                    "a tag pair is written [Name \"value\"]",
                    Span::new(start, line.len()),
                )
            }
            Fault::CommentOpen { at } => {
                Problem::syntax("a comment `{` is never closed", Span::new(at, 1))
            }
            other => other.problem(),
        })
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
