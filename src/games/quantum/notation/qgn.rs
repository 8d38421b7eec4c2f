//! QGN game records (§15): tag pairs, then move numbers, moves, `{comments}` and a result.
//! Several records may follow one another in a file.

use crate::core::{Problem, Span};

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
    pub tags: Vec<Tag>,
    pub moves: Vec<MoveToken>,
    pub comments: Vec<String>,
    /// The result token and its span; `None` when the text ends without one.
    pub result: Option<(String, Span)>,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// Read every record of a QGN text.
pub fn parse(text: &str) -> Result<Vec<Record>, Problem> {
    let mut records = Vec::new();
    let mut r = Scanner { text, at: 0 };
    loop {
        r.skip_blank();
        if r.at >= text.len() {
            break;
        }
        records.push(r.record()?);
    }
    if records.is_empty() {
        return Err(Problem::syntax("the record is empty", Span::new(0, text.len())));
    }
    Ok(records)
}

struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn skip_blank(&mut self) {
        let n = self.rest().len() - self.rest().trim_start().len();
        self.at += n;
    }

    fn record(&mut self) -> Result<Record, Problem> {
        let mut rec = Record::default();
        while self.rest().starts_with('[') {
            rec.tags.push(self.tag()?);
            self.skip_blank();
        }
        let mut number = None;
        loop {
            self.skip_blank();
            let rest = self.rest();
            if rest.is_empty() || rest.starts_with('[') {
                break;
            }
            if rest.starts_with('{') {
                rec.comments.push(self.comment()?);
                continue;
            }
            let len = rest.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(rest.len());
            let word = &rest[..len];
            let span = Span::new(self.at, len);
            self.at += len;
            if RESULTS.contains(&word) {
                rec.result = Some((word.to_string(), span));
                break;
            }
            if let Some(n) = move_number(word) {
                number = Some((n.0, n.1, span));
                continue;
            }
            rec.moves.push(MoveToken { text: word.to_string(), span, number: number.take() });
        }
        Ok(rec)
    }

    /// `[Name "value"]`: a name of letters and digits, one space, a quoted value without
    /// quotes or line breaks.
    fn tag(&mut self) -> Result<Tag, Problem> {
        let start = self.at;
        let rest = self.rest();
        let line_len = rest.find('\n').unwrap_or(rest.len());
        let bad = || {
            Problem::new(
                "TagSyntax",
                "a tag pair is written [Name \"value\"]",
                Span::new(start, rest[..line_len].trim_end().len()),
            )
        };
        let name_len = rest[1..].find(' ').ok_or_else(bad)?;
        let name = &rest[1..1 + name_len];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) || !rest[2 + name_len..].starts_with('"')
        {
            return Err(bad());
        }
        let value_at = 3 + name_len;
        let value_len = rest[value_at..].find(['"', '\n']).ok_or_else(bad)?;
        if !rest[value_at + value_len..].starts_with("\"]") {
            return Err(bad());
        }
        let value = &rest[value_at..value_at + value_len];
        self.at += value_at + value_len + 2;
        Ok(Tag { name: name.to_string(), value: value.to_string(), value_span: Span::new(start + value_at, value_len) })
    }

    fn comment(&mut self) -> Result<String, Problem> {
        match self.rest().find('}') {
            Some(end) => {
                let c = self.rest()[1..end].to_string();
                self.at += end + 1;
                Ok(c)
            }
            None => Err(Problem::syntax("a comment `{` is never closed", Span::new(self.at, 1))),
        }
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
            let at = whole.find('"').map_or(t.span.offset, |i| t.span.offset + i + 1);
            Tag { name: t.name.clone(), value: t.value.clone(), value_span: Span::new(at, t.value.len()) }
        })
        .collect();
    let moves = p.moves.iter().map(|m| MoveToken { text: m.text.clone(), span: m.span, number: None }).collect();
    Record { tags, moves, comments: p.comments.clone(), result: None }
}
