//! Point names (`d4`) as written, before the board is consulted.

use crate::core::{Problem, Span};
use crate::games::quantum::geometry::{Geometry, Point};

/// A point as written: row letter index and diagonal number, with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PointText {
    pub row: u8,
    pub number: u32,
    pub span: Span,
}

impl PointText {
    /// The board point, or a `PointOffBoard` problem at the name.
    pub fn resolve(self, geo: &Geometry) -> Result<Point, Problem> {
        let q = self.number as i32 - 1;
        geo.point(self.row as i32, q).ok_or_else(|| {
            Problem::new(
                "PointOffBoard",
                format!(
                    "{}{} is not a point of the board of side {}",
                    (b'a' + self.row) as char,
                    self.number,
                    geo.side
                ),
                self.span,
            )
        })
    }
}

/// Read a point name at byte `at` of `text`: a row letter `a`…`w`, then a number without
/// leading zeros. Returns the point and the byte after it.
pub fn read_point(text: &str, at: usize) -> Option<(PointText, usize)> {
    let b = text.as_bytes();
    let letter = *b.get(at)?;
    if !(b'a'..=b'w').contains(&letter) {
        return None;
    }
    let mut end = at + 1;
    if !b.get(end).is_some_and(|c| (b'1'..=b'9').contains(c)) {
        return None;
    }
    while end < b.len() && b[end].is_ascii_digit() && end - at < 3 {
        end += 1;
    }
    let number = text[at + 1..end].parse().ok()?;
    Some((PointText { row: letter - b'a', number, span: Span::new(at, end - at) }, end))
}
