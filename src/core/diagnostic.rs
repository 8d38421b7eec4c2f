//! Typed, span-carrying errors shared by every game.
//!
//! The library returns these as data; only the binary renders them with miette's fancy
//! handler. Every error names the rule it breaks in `rule` (a typed [`Rule`], written in
//! JSON as its stable name such as `TwoPawns`, which scripts match on) and says what went
//! wrong in `message`.

use super::excerpt::Excerpt;
use super::rule::{CommonRule, Rule};
use super::span::{Lines, Span};
use serde::Serialize;

/// Quote a piece of input text for a message, cut short when long: a 10 MB token must not
/// become a 10 MB message. The span still covers the whole token.
pub fn quote(text: &str) -> String {
    const MAX: usize = 24;
    match text.char_indices().nth(MAX) {
        None => format!("`{text}`"),
        Some((cut, _)) => format!("`{}…` ({} bytes)", &text[..cut], text.len()),
    }
}

/// A problem found while reading or replaying a text: syntax or rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    /// The rule broken, e.g. `Syntax`, `TwoPawns`, `IgnoredCheck`.
    pub rule: Rule,
    /// What went wrong here, in words (the `Display` of the problem).
    pub message: String,
    /// Where in the text: a byte range.
    pub span: Span,
    /// Ply number (1-based) for errors in a move, when known.
    pub ply: Option<usize>,
}

impl Problem {
    /// A problem breaking `rule`, at `span`.
    pub fn new(rule: impl Into<Rule>, message: impl Into<String>, span: Span) -> Problem {
        Problem {
            rule: rule.into(),
            message: message.into(),
            span,
            ply: None,
        }
    }
    /// A [`CommonRule::Syntax`] problem: the text does not follow the notation's grammar.
    pub fn syntax(message: impl Into<String>, span: Span) -> Problem {
        Problem::new(CommonRule::Syntax, message, span)
    }
    /// A [`CommonRule::NoRecord`] problem: the text holds no record, only blank lines,
    /// comments or escape lines. It points at the text's start, so that no reporter ever
    /// echoes the whole (perhaps huge) text.
    pub fn no_record(what: &str) -> Problem {
        Problem::new(
            CommonRule::NoRecord,
            format!("no record found: the text holds no {what}, only comments or blank lines"),
            Span::new(0, 0),
        )
    }
    /// The same problem, in the given ply (1-based).
    pub fn at_ply(mut self, ply: usize) -> Problem {
        self.ply = Some(ply);
        self
    }
    /// The same problem with its span moved `by` bytes later (from a token into its file).
    pub fn shifted(mut self, by: usize) -> Problem {
        self.span = self.span.shifted(by);
        self
    }
    /// JSON-ready form with line and column resolved against the text.
    pub fn located(&self, text: &str) -> LocatedProblem {
        self.located_in(&Lines::new(text))
    }
    /// [`located`](Self::located) against a text already indexed: for many problems.
    pub fn located_in(&self, lines: &Lines) -> LocatedProblem {
        let (line, column) = lines.line_column(self.span.offset);
        LocatedProblem {
            ply: self.ply,
            rule: self.rule,
            message: self.message.clone(),
            line,
            column,
            offset: self.span.offset,
            length: self.span.len,
        }
    }
}

/// A problem with its position in the text resolved, as `validate --json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct LocatedProblem {
    /// The ply the problem is at (1 for the first move), when it is at a move.
    pub ply: Option<usize>,
    /// The rule broken.
    pub rule: Rule,
    /// What is wrong, in words.
    pub message: String,
    /// The line of the span's start, from 1.
    pub line: usize,
    /// The column of the span's start, in characters from 1.
    pub column: usize,
    /// The span's start, in bytes from the start of the text.
    pub offset: usize,
    /// The span's length in bytes.
    pub length: usize,
}

/// A problem together with its source, ready for a miette report.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", rule.name())]
pub struct Report {
    /// The rule broken.
    pub rule: Rule,
    /// What is wrong, in words.
    pub message: String,
    /// The lines around the span (a long line cut to a window), not the whole text.
    pub src: Excerpt,
    /// The problem's span within [`Report::src`].
    pub span: miette::SourceSpan,
    /// The label under the span: the ply and the rule's name.
    pub label: String,
    /// Warnings (deviations a reader tolerates) render as such, not as errors.
    pub warning: bool,
}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(format!("hensoku::{}", self.rule.name())))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.warning {
            miette::Severity::Warning
        } else {
            miette::Severity::Error
        })
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_with_span(Some(self.label.clone()), self.span),
        )))
    }
}

impl Report {
    /// The report of `p`, found in `text` read from the file `name`.
    pub fn new(name: &str, text: &str, p: &Problem) -> Report {
        let label = match p.ply {
            Some(n) => format!("ply {n}: {}", p.rule.name()),
            None => p.rule.name().to_string(),
        };
        let (src, span) = Excerpt::new(name, text, p.span);
        Report {
            rule: p.rule,
            message: p.message.clone(),
            src,
            span: span.into(),
            label,
            warning: false,
        }
    }

    /// The same report, shown as a warning.
    pub fn warning(mut self) -> Report {
        self.warning = true;
        self
    }

    /// The report of a problem found in a piece of a longer text (one record of a stream)
    /// that starts at byte `offset`, after `lines` whole lines: its place in the whole text.
    pub fn placed(mut self, offset: usize, lines: usize) -> Report {
        self.src = self.src.placed(offset, lines);
        self.span = (self.span.offset() + offset, self.span.len()).into();
        self
    }
}
