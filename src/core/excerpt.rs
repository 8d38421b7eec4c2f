//! The part of a text a diagnostic shows: the lines around its span, a long line cut to a
//! window around the span, so that a report never copies or prints a whole 50 MB line.
//!
//! miette lays out every line it is given (and panics on lines past about 65 000 columns);
//! an [`Excerpt`] gives it only short lines, with their true line and column numbers.

use super::span::Span;
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// A line longer than this is cut to a window around the span.
pub const LONG_LINE: usize = 200;
/// Bytes of a long line shown on each side of the span.
const MARGIN: usize = 60;
/// The most of a span a report underlines; a longer span is cut (its start is what matters).
const MAX_SPAN: usize = 80;
/// Short lines of context kept before and after the span's lines.
const CONTEXT: usize = 2;

/// A named window of a source text, standing in for the whole text in a miette report.
#[derive(Debug, Clone)]
pub struct Excerpt {
    name: String,
    text: String,
    /// Where `text` starts in the whole source: byte offset, line and byte column (0-based,
    /// counted as miette counts them: `\n`, `\r\n` and a lone `\r` end a line).
    offset: usize,
    line: usize,
    column: usize,
}

impl Excerpt {
    /// The excerpt of `whole` that shows `span`, and the span cut to what the excerpt shows.
    pub fn new(name: &str, whole: &str, span: Span) -> (Excerpt, Span) {
        let start = whole.floor_char_boundary(span.offset.min(whole.len()));
        let end =
            whole.ceil_char_boundary(span.end().clamp(start, start + MAX_SPAN).min(whole.len()));
        let (mut from, mut to) = (line_start(whole, start), line_end(whole, end));
        if to - from > LONG_LINE {
            from = from.max(whole.floor_char_boundary(start.saturating_sub(MARGIN)));
            to = to.min(whole.ceil_char_boundary((end + MARGIN).min(whole.len())));
        } else {
            from = context_before(whole, from);
            to = context_after(whole, to);
        }
        let before = &whole.as_bytes()[..from];
        let excerpt = Excerpt {
            name: name.to_string(),
            text: whole[from..to].to_string(),
            offset: from,
            line: line_breaks(before),
            column: from - line_start(whole, from),
        };
        (excerpt, Span::new(start, end - start))
    }

    /// The same excerpt of a text that starts at byte `offset` of a longer one, after
    /// `lines` whole lines of it.
    pub fn placed(mut self, offset: usize, lines: usize) -> Excerpt {
        self.offset += offset;
        self.line += lines;
        self
    }
}

fn is_break(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// The offset after the line break before `at` (0 when none).
fn line_start(text: &str, at: usize) -> usize {
    text.as_bytes()[..at]
        .iter()
        .rposition(|&b| is_break(b))
        .map_or(0, |i| i + 1)
}

/// The offset of the line break at or after `at` (the end of the text when none).
fn line_end(text: &str, at: usize) -> usize {
    text.as_bytes()[at..]
        .iter()
        .position(|&b| is_break(b))
        .map_or(text.len(), |i| at + i)
}

/// Line breaks in `bytes`, a `\r\n` counted once.
fn line_breaks(bytes: &[u8]) -> usize {
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    let lone_cr = bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .count();
    lf + lone_cr
}

/// Move `from` (a line start) back over up to `CONTEXT` short lines.
fn context_before(text: &str, mut from: usize) -> usize {
    for _ in 0..CONTEXT {
        if from == 0 {
            break;
        }
        let mut brk = from - 1;
        if brk > 0 && &text.as_bytes()[brk - 1..=brk] == b"\r\n" {
            brk -= 1;
        }
        let prev = line_start(text, brk);
        if brk - prev > LONG_LINE {
            break;
        }
        from = prev;
    }
    from
}

/// Move `to` (a line end) forward over up to `CONTEXT` short lines.
fn context_after(text: &str, mut to: usize) -> usize {
    for _ in 0..CONTEXT {
        let bytes = text.as_bytes();
        if to == text.len() {
            break;
        }
        let next = if bytes[to..].starts_with(b"\r\n") {
            to + 2
        } else {
            to + 1
        };
        let end = line_end(text, next);
        if end - next > LONG_LINE {
            break;
        }
        to = end;
    }
    to
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let rel = span
            .offset()
            .checked_sub(self.offset)
            .filter(|r| r + span.len() <= self.text.len())
            .ok_or(MietteError::OutOfBounds)?;
        let inner = self.text.as_bytes().read_span(
            &(rel, span.len()).into(),
            context_lines_before,
            context_lines_after,
        )?;
        // the excerpt's first line may start inside a line of the source
        let column = match inner.line() {
            0 => inner.column() + self.column,
            _ => inner.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            (inner.span().offset() + self.offset, inner.span().len()).into(),
            inner.line() + self.line,
            column,
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_kept_whole() {
        let text = "a\nbb\nccc zz\ndd\ne\nf\n";
        let (e, span) = Excerpt::new("t", text, Span::new(9, 2));
        assert_eq!(e.text, "a\nbb\nccc zz\ndd\ne");
        assert_eq!((e.offset, e.line, e.column), (0, 0, 0));
        assert_eq!(span, Span::new(9, 2));
    }

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        let text = format!("x\n{}zz{}\ny\n", "a ".repeat(50_000), "b".repeat(1000));
        let at = text.find("zz").unwrap();
        let (e, span) = Excerpt::new("t", &text, Span::new(at, 2));
        assert!(e.text.len() <= 2 * MARGIN + 2, "{}", e.text.len());
        assert!(e.text.contains("zz"));
        assert_eq!(e.line, 1);
        assert_eq!(e.column, at - 2 - MARGIN);
        let c = e.read_span(&span.into(), 0, 0).unwrap();
        assert_eq!((c.line(), c.column()), (1, at - 2));
        assert_eq!(c.data(), b"zz");
    }

    #[test]
    fn a_long_span_is_cut_and_a_cut_lands_on_characters() {
        let text = "歩".repeat(100_000);
        let (e, span) = Excerpt::new("t", &text, Span::new(301, text.len()));
        assert_eq!(span.offset, 300);
        assert!(span.len <= MAX_SPAN + 2);
        assert!(e.text.len() <= MAX_SPAN + 2 * MARGIN + 6);
        assert!(e.read_span(&span.into(), 1, 1).is_ok());
    }

    #[test]
    fn lines_end_as_miette_ends_them() {
        let text = "a\r\nb\rc\nd";
        let (e, _) = Excerpt::new("t", text, Span::new(7, 1));
        let c = e.read_span(&SourceSpan::from((7, 1)), 0, 0).unwrap();
        assert_eq!((c.line(), c.column()), (3, 0));
    }
}
