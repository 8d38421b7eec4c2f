//! Byte spans into the source text, kept on every token so diagnostics can point at it.

use serde::Serialize;

/// A byte range `offset .. offset + len` of the text a record was read from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

impl Span {
    /// The span of `len` bytes from `offset`.
    pub fn new(offset: usize, len: usize) -> Span {
        Span { offset, len }
    }
    /// The offset just past the last byte.
    pub fn end(self) -> usize {
        self.offset + self.len
    }
    /// Shift a span found in a slice to the coordinates of the whole text.
    pub fn shifted(self, by: usize) -> Span {
        Span {
            offset: self.offset + by,
            len: self.len,
        }
    }
    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        let start = self.offset.min(other.offset);
        Span {
            offset: start,
            len: self.end().max(other.end()) - start,
        }
    }
    /// The span of `part`, a sub-slice of `whole`.
    pub fn of(whole: &str, part: &str) -> Span {
        let offset = (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize);
        Span {
            offset: offset.min(whole.len()),
            len: part.len(),
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.offset, s.len).into()
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let mut cut = offset;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let before = &text[..cut];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}
