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

/// The line starts of a text, found once: locating many problems in one long text
/// (thousands of variations, each with its own) costs a search each, not a scan.
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// Index the lines of `text` (each `\n` ends one).
    pub fn new(text: &'a str) -> Lines<'a> {
        let breaks = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        let starts = std::iter::once(0)
            .chain(breaks.map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// [`line_column`] of `offset` in the indexed text.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut cut = offset.min(self.text.len());
        while !self.text.is_char_boundary(cut) {
            cut -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= cut);
        let start = self.starts[line - 1];
        (line, self.text[start..cut].chars().count() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_locate_as_a_scan_does() {
        let text = "先手：羽生\n\n   1 ７六歩(77)\r\nab";
        let lines = Lines::new(text);
        let scan = |offset: usize| {
            let before = &text[..offset];
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            (
                before.matches('\n').count() + 1,
                before[start..].chars().count() + 1,
            )
        };
        for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
            assert_eq!(lines.line_column(offset), scan(offset), "{offset}");
        }
        // inside a character: that character's start; past the end: the end
        assert_eq!(lines.line_column(1), (1, 1));
        assert_eq!(lines.line_column(999), scan(text.len()));
    }
}
