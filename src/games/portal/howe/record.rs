//! Howe game records (rules §5.4-5.5): PGN-style tags (`[Variant "portal-howe"]`, an
//! optional `[FEN "<position string>"]`), then `n:` movetext, e.g. `1:Ae4 Ba5 2:Bh4 Ae5`.
//! A ply slot may be a quoted intent (`'Intends to teleport'`) or a parenthesised remark,
//! both of which may hold spaces; `{…}` comments are skipped. Syntax only, with spans.
//! The record scanner (`core::scan`) finds the tokens; Howe's spelling is [`DIALECT`].

use crate::core::scan::{self, Dialect, Fault, Glued, Space, TagRule, TagValue, Visitor};
use crate::core::{Problem, Span};

/// One ply slot as written: the entry's number, which half of the entry, the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The entry's number (`3` of `3:`).
    pub number: u32,
    /// Where the number is written.
    pub number_span: Span,
    /// 0 for White's slot, 1 for Black's.
    pub half: u8,
    /// The ply as written.
    pub text: String,
    /// Where the ply is written.
    pub span: Span,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
/// A Howe game as read: tags and the numbered plies, nothing checked.
pub struct HoweRecord {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The span of the `FEN` tag's value, when there is one.
    pub fen_span: Option<Span>,
    /// The plies as written, each in its numbered slot.
    pub slots: Vec<Slot>,
    /// The result token and its span, when written.
    pub result: Option<(String, Span)>,
}

impl HoweRecord {
    /// The value of the first tag of this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

const QUOTES: [char; 6] = ['\'', '‘', '’', '"', '“', '”'];

/// Howe's spelling, line by line: a tag is a line `[Name "value"]` split at its first
/// space (the value may hold quotes); `n:` numbers the plies that follow, glued or not;
/// a quoted intent or a parenthesised remark is one ply, spaces and all; `{…}` comments;
/// no NAGs, no variations; a result does not end the record.
pub const DIALECT: Dialect = Dialect {
    space: Space::Unicode,
    tag_space: Space::Unicode,
    escape_lines: false,
    lines: true,
    tag: TagRule {
        name: |c| c != ' ',
        gap: None,
        empty_name: true,
        value: TagValue::Bracketed {
            close: scan::Close::LineEnd,
            boards: false,
        },
    },
    header_comments: false,
    tags_after_moves: true,
    brace_comments: true,
    nested_comments: false,
    line_comments: false,
    max_depth: 0,
    word_ends: "",
    words: None,
    groups: &[(&['('], &[')']), (&QUOTES, &QUOTES)],
    results: &scan::RESULTS,
    result_ends_record: false,
    nags: false,
    number: move_number,
    glued: Glued::Token,
};

/// `12:` at the start of a word: its length.
fn move_number(word: &str) -> usize {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with(':') {
        digits + 1
    } else {
        0
    }
}

/// Read every game of a text (a game starts at its tags, or at the first movetext).
pub fn read(text: &str) -> Result<Vec<HoweRecord>, Problem> {
    let mut reader = Reader {
        text,
        games: Vec::new(),
        number: None,
    };
    scan::scan(text, &DIALECT, &mut reader)?;
    let mut games = reader.games;
    games.retain(|g| !g.tags.is_empty() || !g.slots.is_empty() || g.result.is_some());
    if games.is_empty() {
        return Err(Problem::no_record("Howe game"));
    }
    Ok(games)
}

/// The games of a text, built from the scanner's tokens.
struct Reader<'a> {
    text: &'a str,
    games: Vec<HoweRecord>,
    /// The last move number, its span, and how many of its plies were read.
    number: Option<(u32, Span, u8)>,
}

impl Reader<'_> {
    fn game(&mut self) -> &mut HoweRecord {
        self.games.last_mut().expect("a game was started")
    }

    /// Nothing but comments and the next game's tags may follow a result.
    fn open(&mut self, span: Span) -> Result<(), Problem> {
        if self.game().result.is_some() {
            return Err(Problem::syntax("nothing may follow the result", span));
        }
        Ok(())
    }

    /// The span of the line holding `at`, its line end aside.
    fn line(&self, at: usize) -> Span {
        let begin = self.text[..at].rfind('\n').map_or(0, |n| n + 1);
        let end = self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |n| at + n);
        let line = &self.text[begin..end];
        let line = match self.text[end..].starts_with('\n') {
            true => line.strip_suffix('\r').unwrap_or(line),
            false => line,
        };
        Span::new(begin, line.len())
    }
}

impl<'a> Visitor<'a> for Reader<'a> {
    fn begin_record(&mut self, _: usize) -> Result<(), Problem> {
        self.games.push(HoweRecord::default());
        self.number = None;
        Ok(())
    }

    fn tag(&mut self, tag: scan::Tag<'a>) -> Result<(), Problem> {
        let g = self.game();
        if tag.name == "FEN" {
            g.fen_span = Some(tag.value_span);
        }
        g.tags.push((tag.name.to_string(), tag.value()));
        Ok(())
    }

    fn move_number(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.open(span)?;
        let n = text[..text.len() - 1]
            .parse()
            .map_err(|_| Problem::syntax("move number too large", span))?;
        self.number = Some((n, span, 0));
        Ok(())
    }

    fn san(&mut self, tok: &'a str, span: Span) -> Result<(), Problem> {
        self.open(span)?;
        let Some((n, nspan, half)) = self.number else {
            return Err(Problem::syntax(
                "a ply comes after its move number (`1:Ae4`)",
                span,
            ));
        };
        if half > 1 {
            return Err(Problem::syntax(
                format!(
                    "move {n} already has White's and Black's plies; the next starts with `{}:`",
                    n + 1
                ),
                span,
            ));
        }
        self.number = Some((n, nspan, half + 1));
        self.game().slots.push(Slot {
            number: n,
            number_span: nspan,
            half,
            text: tok.to_string(),
            span,
        });
        Ok(())
    }

    fn result(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.open(span)?;
        self.game().result = Some((text.to_string(), span));
        Ok(())
    }

    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        Err(match fault {
            Fault::TagName { start, .. } | Fault::TagOpen { start } => {
                Problem::syntax("a tag is `[Name \"value\"]`", self.line(start))
            }
            Fault::TagQuote { start, .. } => {
                Problem::syntax("a tag's value is in double quotes", self.line(start))
            }
            Fault::CommentOpen { at } => {
                Problem::syntax("comment `{` is never closed", Span::new(at, 1))
            }
            Fault::GroupOpen { at, open } => {
                let what = if open == '(' { "`(`" } else { "the quote" };
                Problem::syntax(
                    format!("{what} is never closed"),
                    Span::new(at, open.len_utf8()),
                )
            }
            other => other.problem(),
        })
    }
}
