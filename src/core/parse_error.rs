//! One error type for every nom parser: where the parse failed and what was expected
//! there, carried up to the game's diagnostic instead of being replaced by a generic one.
//!
//! The place is kept as the length of the input left at the failure, so one type serves
//! plain `&str` input and offset-carrying input alike: against the text the parse began
//! on, that length gives the offset. What was expected is the label of the innermost
//! [`expect`] or [`commit`] (or nom's `context`) that failed where it started.

use nom::error::{ContextError, ErrorKind, FromExternalError};
use nom::{Input, Parser};

use super::{Problem, Span};

/// Where a nom parser failed and what it expected there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Bytes of input left at the failure.
    pub left: usize,
    /// What was expected there, in words (`a point such as d4`); empty when no label
    /// named it and only nom's kind is known.
    pub expected: &'static str,
    /// How many bytes the expected token takes (a CSA cell is 3), when the label says.
    pub width: Option<usize>,
    /// nom's own account of the failure.
    pub kind: ErrorKind,
}

impl ParseError {
    /// A failure with `rest` left, expecting `expected`.
    pub fn at<I: Input>(rest: &I, expected: &'static str, width: Option<usize>) -> ParseError {
        ParseError {
            left: rest.input_len(),
            expected,
            width,
            kind: ErrorKind::Verify,
        }
    }

    /// The byte offset of the failure in `whole`, the text the parse began on.
    pub fn offset(&self, whole: &str) -> usize {
        whole.len().saturating_sub(self.left)
    }

    /// The text left at the failure, in `whole`.
    pub fn rest<'a>(&self, whole: &'a str) -> &'a str {
        whole.get(self.offset(whole)..).unwrap_or("")
    }

    /// The span of the failure in `whole`: the expected width, or the character there.
    pub fn span(&self, whole: &str) -> Span {
        let rest = self.rest(whole);
        let first = rest.chars().next().map_or(0, char::len_utf8);
        Span::new(
            self.offset(whole),
            self.width.unwrap_or(first).min(rest.len()),
        )
    }

    /// The diagnostic: a syntax problem saying what was expected, at the failure.
    pub fn problem(&self, whole: &str) -> Problem {
        Problem::syntax(format!("expected {}", self.expected), self.span(whole))
    }

    /// The error inside nom's wrapper (`Incomplete` never arises with complete input:
    /// it reads as a failure at the end).
    pub fn of(e: nom::Err<ParseError>) -> ParseError {
        match e {
            nom::Err::Error(e) | nom::Err::Failure(e) => e,
            nom::Err::Incomplete(_) => ParseError {
                left: 0,
                expected: "more input",
                width: Some(0),
                kind: ErrorKind::Eof,
            },
        }
    }
}

impl<I: Input> nom::error::ParseError<I> for ParseError {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        ParseError {
            left: input.input_len(),
            expected: "",
            width: None,
            kind,
        }
    }
    /// The innermost failure says the most.
    fn append(_: I, _: ErrorKind, other: Self) -> Self {
        other
    }
    /// Of two failed alternatives keep the one that got further.
    fn or(self, other: Self) -> Self {
        if other.left <= self.left { other } else { self }
    }
}

impl<I: Input> ContextError<I> for ParseError {
    /// A context names what was expected where it started, unless something inside got
    /// further (and so knows better).
    fn add_context(input: I, ctx: &'static str, other: Self) -> Self {
        if other.expected.is_empty() || other.left >= input.input_len() {
            ParseError {
                left: input.input_len(),
                expected: ctx,
                ..other
            }
        } else {
            other
        }
    }
}

impl<I, E> FromExternalError<I, E> for ParseError
where
    I: Input,
{
    fn from_external_error(input: I, kind: ErrorKind, _: E) -> Self {
        <ParseError as nom::error::ParseError<I>>::from_error_kind(input, kind)
    }
}

/// `p`, its failure named `what` (`width` bytes wide) when it fails where it started; a
/// failure deeper inside keeps its own, more precise, label.
pub fn expect<I: Input + Clone, O>(
    what: &'static str,
    width: Option<usize>,
    mut p: impl Parser<I, Output = O, Error = ParseError>,
) -> impl Parser<I, Output = O, Error = ParseError> {
    move |i: I| {
        let len = i.input_len();
        p.parse(i).map_err(|e| {
            e.map(|mut x| {
                if x.left >= len {
                    x.left = len;
                    x.expected = what;
                    x.width = width;
                }
                x
            })
        })
    }
}

/// `p`, or, when it fails, a final failure (no alternative is tried) saying `what` was
/// expected where `p` started.
pub fn commit<I: Input + Clone, O>(
    what: &'static str,
    mut p: impl Parser<I, Output = O, Error = ParseError>,
) -> impl Parser<I, Output = O, Error = ParseError> {
    move |i: I| {
        let at = ParseError::at(&i, what, None);
        match p.parse(i) {
            Err(nom::Err::Error(_)) => Err(nom::Err::Failure(at)),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nom::bytes::complete::tag;
    use nom::character::complete::{char, digit1};
    use nom::error::context;

    fn fail<O>(
        text: &str,
        p: impl Parser<&'static str, Output = O, Error = ParseError>,
    ) -> ParseError {
        let text: &'static str = text.to_string().leak();
        let mut p = p;
        ParseError::of(p.parse(text).err().expect("fails"))
    }

    #[test]
    fn a_label_names_what_failed_where_it_started() {
        let e = fail("x1", expect("a digit", Some(1), digit1));
        assert_eq!((e.left, e.expected, e.width), (2, "a digit", Some(1)));
        assert_eq!(e.span("x1"), Span::new(0, 1));
        assert_eq!(e.problem("x1").message, "expected a digit");
    }

    #[test]
    fn a_deeper_failure_keeps_its_own_label() {
        let inner = (char('T'), expect("seconds", None, digit1));
        let e = fail("Tx", expect("a time", None, inner));
        assert_eq!((e.offset("Tx"), e.expected), (1, "seconds"));
        let e = fail(
            "Tx",
            context("a time", (char('T'), context("seconds", digit1))),
        );
        assert_eq!((e.offset("Tx"), e.expected), (1, "seconds"));
    }

    #[test]
    fn of_two_alternatives_the_one_that_got_further_speaks() {
        let a = (tag("ab"), expect("`c`", None, char('c'))).map(|(_, c)| c);
        let b = expect("`x`", None, char('x'));
        let e = fail("abd", nom::branch::alt((a, b)));
        assert_eq!((e.offset("abd"), e.expected), (2, "`c`"));
    }

    #[test]
    fn commit_turns_an_error_into_a_final_failure_at_the_start() {
        let mut p = commit("a number", (char('n'), digit1));
        match p.parse("nx") {
            Err(nom::Err::Failure(e)) => assert_eq!((e.left, e.expected), (2, "a number")),
            other => panic!("{other:?}"),
        }
    }
}
