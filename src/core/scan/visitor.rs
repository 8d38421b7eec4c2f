//! What the scanner reports: the tokens it finds, to a [`Visitor`], and what it could not
//! read, as a [`Fault`] the visitor turns into its game's own diagnostic.

use crate::core::{Problem, Span};

/// A tag pair as written, borrowed from the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The name.
    pub name: &'a str,
    /// The value as written, between its quotes: escapes not yet undone.
    pub raw: &'a str,
    /// Whether `\x` in `raw` stands for `x`.
    pub escapes: bool,
    /// The value's span (inside the quotes).
    pub value_span: Span,
    /// The whole tag's span, `[` to `]`.
    pub span: Span,
}

impl Tag<'_> {
    /// The value, escapes undone.
    pub fn value(&self) -> String {
        if !self.escapes || !self.raw.contains('\\') {
            return self.raw.to_string();
        }
        let mut out = String::with_capacity(self.raw.len());
        let mut chars = self.raw.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        out
    }
}

/// A comment: `{…}` or `;…`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The text inside the braces, or after `;` to the line end: untrimmed.
    pub text: &'a str,
    /// The whole comment's span, braces included.
    pub span: Span,
}

/// Whether the visitor wants the tokens of a variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Report its tokens.
    No,
    /// Scan it (its faults still count) without reporting its tokens.
    Yes,
}

/// What the scanner could not read, and where. The positions are byte offsets; each game
/// makes its own diagnostic of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `[` and no name; `start` is the `[`, `at` where the name should be.
    TagName { start: usize, at: usize },
    /// No opening quote where the value should start (or, for a bracketed tag, a value
    /// not between quotes); `at` is where the scanner stood.
    TagQuote { start: usize, at: usize },
    /// The value runs into the line's end or the text's; `at` is that end.
    TagValue { start: usize, at: usize },
    /// No `]` after the value: `after` just past the closing quote, `at` past the space.
    TagClose {
        start: usize,
        after: usize,
        at: usize,
    },
    /// A bracketed tag whose `]` is missing (or not last on its line).
    TagOpen { start: usize },
    /// A tag after the movetext, where the dialect wants none: its line, trimmed.
    LateTag { span: Span },
    /// `{` never closed (on its line, for a line-based dialect).
    CommentOpen { at: usize },
    /// `(` never closed.
    VariationOpen { at: usize },
    /// A group's opening character never closed on its line.
    GroupOpen { at: usize, open: char },
    /// A character that starts no token here.
    Unexpected { at: usize, c: char },
    /// `(` one level deeper than the dialect allows.
    TooDeep { at: usize },
}

impl Fault {
    /// A generic diagnostic, for visitors without words of their own.
    pub fn problem(self) -> Problem {
        let (msg, span) = match self {
            Fault::TagName { start, at } => ("a tag has a name", Span::new(start, at - start)),
            Fault::TagQuote { start, at } => (
                "a tag's value is in double quotes",
                Span::new(start, at - start),
            ),
            Fault::TagValue { start, at } => {
                ("unterminated tag value", Span::new(start, at - start))
            }
            Fault::TagClose { at, .. } => ("a tag ends with `]`", Span::new(at, 1)),
            Fault::TagOpen { start } => ("a tag ends with `]`", Span::new(start, 1)),
            Fault::LateTag { span } => ("a tag after the moves", span),
            Fault::CommentOpen { at } => ("comment `{` is never closed", Span::new(at, 1)),
            Fault::VariationOpen { at } => ("variation `(` is never closed", Span::new(at, 1)),
            Fault::GroupOpen { at, open } => ("never closed", Span::new(at, open.len_utf8())),
            Fault::Unexpected { at, c } => ("unexpected character", Span::new(at, c.len_utf8())),
            Fault::TooDeep { at } => {
                return Problem::new(
                    crate::core::CommonRule::TooDeep,
                    "variations nest too deep",
                    Span::new(at, 1),
                );
            }
        };
        Problem::syntax(msg, span)
    }
}

/// What a record reader does with the tokens the scanner finds, in order. Every method
/// has a default that ignores its token, so a visitor implements only what it keeps; any
/// may stop the scan with a problem.
#[allow(unused_variables)]
pub trait Visitor<'a> {
    /// A record starts at this offset.
    fn begin_record(&mut self, at: usize) -> Result<(), Problem> {
        Ok(())
    }
    /// A tag pair.
    fn tag(&mut self, tag: Tag<'a>) -> Result<(), Problem> {
        Ok(())
    }
    /// A board among the tags, where the dialect has them: `text` is the whole bracketed
    /// group, brackets and all, as `span` is.
    fn board(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// A comment.
    fn comment(&mut self, comment: Comment<'a>) -> Result<(), Problem> {
        Ok(())
    }
    /// A move number (`12.`, `12...`, `3:`), as written.
    fn move_number(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// A move as written in the game's notation (SAN in chess).
    fn san(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// A numeric annotation glyph: the text after `$`.
    fn nag(&mut self, digits: &'a str, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// `(` opens a variation of the last move.
    fn begin_variation(&mut self, open: Span) -> Result<Skip, Problem> {
        Ok(Skip::No)
    }
    /// `)` closes the variation.
    fn end_variation(&mut self, close: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// The record's result (outside any variation).
    fn result(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// The record ends; `span` runs from its start to where the scanner stopped.
    fn end_record(&mut self, span: Span) -> Result<(), Problem> {
        Ok(())
    }
    /// Text the scanner cannot read. An error stops the scan; `Ok` goes on after the
    /// rest of the line.
    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        Err(fault.problem())
    }
}
