//! The nom building blocks of the Quantum Chamber readers: input that knows its byte offset
//! (nom_locate), an error that says what was expected where, and point names (`d4`) as
//! written, before the board is consulted.

use crate::core::parse_error::{self, ParseError};
use crate::core::{CommonRule, Problem, Span};
use crate::games::quantum::geometry::{Geometry, Point};
use nom::character::complete::satisfy;
use nom::combinator::{consumed, opt};
use nom::{IResult, Parser};
use nom_locate::LocatedSpan;

/// Reader input: the text left, and where it stands in the whole source.
pub type In<'a> = LocatedSpan<&'a str>;

/// What a reader expected and where: the shared nom error (`core::parse_error`).
pub type Expected = ParseError;

/// The result of a reader over located input.
pub type Parsed<'a, O> = IResult<In<'a>, O, Expected>;

/// `p`, or a final failure saying `what` was expected where `p` started.
pub fn expect<'a, O>(
    what: &'static str,
    p: impl Parser<In<'a>, Output = O, Error = Expected>,
) -> impl Parser<In<'a>, Output = O, Error = Expected> {
    parse_error::commit(what, p)
}

/// The byte span of text a parser consumed.
pub fn span_of(consumed: In<'_>) -> Span {
    Span::new(consumed.location_offset(), consumed.fragment().len())
}

/// The first failure of a parse of `text` as a problem, saying what was expected.
pub fn failure(e: nom::Err<Expected>, text: &str) -> Problem {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e.problem(text),
        nom::Err::Incomplete(_) => Problem::syntax("unexpected end of text", Span::default()),
    }
}

/// A point as written: row letter index and diagonal number, with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PointText {
    pub row: u8,
    pub number: u32,
    pub span: Span,
}

impl PointText {
    /// The board point, or a `OffBoard` problem at the name.
    pub fn resolve(self, geo: &Geometry) -> Result<Point, Problem> {
        let q = self.number as i32 - 1;
        geo.point(self.row as i32, q).ok_or_else(|| {
            Problem::new(
                CommonRule::OffBoard,
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

/// A point name: a row letter `a`…`w` (no row is lettered `x`, §2.2), then a number of one
/// or two digits without a leading zero.
pub fn point(i: In<'_>) -> Parsed<'_, PointText> {
    let letter = satisfy(|c| ('a'..='w').contains(&c));
    let lead = satisfy(|c| ('1'..='9').contains(&c));
    let (rest, (text, (row, first, second))) =
        consumed((letter, lead, opt(satisfy(|c| c.is_ascii_digit())))).parse(i)?;
    let number = first.to_digit(10).unwrap_or(0) * second.map_or(1, |_| 10)
        + second.and_then(|d| d.to_digit(10)).unwrap_or(0);
    Ok((
        rest,
        PointText {
            row: row as u8 - b'a',
            number,
            span: span_of(text),
        },
    ))
}
