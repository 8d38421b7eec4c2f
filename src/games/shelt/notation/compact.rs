//! The compact algebraic notation of §10 (`Va2-a3`, `Va2-a3&Hb2-b3`, `Sc2=X`, `@C[rav]+`,
//! `@-`): syntax only, with spans. Resolving and printing need the position (`rules`).

use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{all_consuming, map, opt};
use nom::error::{ErrorKind, ParseError as _, context};
use nom::sequence::delimited;
use nom::{IResult, Parser};

use crate::core::parse_error::ParseError;

use crate::core::{Problem, Span};
use crate::games::shelt::types::{Lantis, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompactPly {
    /// `letter from (-|x) to`.
    Move {
        letter: char,
        from: Square,
        capture: bool,
        to: Square,
    },
    /// Leader and companion, each `letter from - to`.
    Ann {
        letter: char,
        from: Square,
        to: Square,
        companion_letter: char,
        companion_from: Square,
        companion_to: Square,
    },
    /// `letter at = new-letter`.
    Ker { letter: char, at: Square, new: char },
    /// `@X` or `@X[code]`.
    Pin { letter: char, code: Option<Lantis> },
    /// `@-`.
    Return,
}

/// A compact ply with its optional `+` / `#` suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compact {
    /// The ply as written.
    pub ply: CompactPly,
    /// `+` or `#`, if written.
    pub suffix: Option<char>,
    /// Where the ply stands in the text.
    pub span: Span,
}

fn square(i: &str) -> IResult<&str, Square, ParseError> {
    map((one_of("abcdefg"), one_of("1234567")), |(f, r)| {
        Square::new(f as i8 - 'a' as i8, r as i8 - '1' as i8).unwrap_or(Square(0))
    })
    .parse(i)
}

fn letter(i: &str) -> IResult<&str, char, ParseError> {
    one_of("MCDJTBSXHVEK").parse(i)
}

fn mv(i: &str) -> IResult<&str, CompactPly, ParseError> {
    map(
        (letter, square, one_of("-x"), square),
        |(letter, from, sep, to)| CompactPly::Move {
            letter,
            from,
            capture: sep == 'x',
            to,
        },
    )
    .parse(i)
}

fn ann(i: &str) -> IResult<&str, CompactPly, ParseError> {
    map(
        (
            letter,
            square,
            char('-'),
            square,
            char('&'),
            letter,
            square,
            char('-'),
            square,
        ),
        |(letter, from, _, to, _, cl, cf, _, ct)| CompactPly::Ann {
            letter,
            from,
            to,
            companion_letter: cl,
            companion_from: cf,
            companion_to: ct,
        },
    )
    .parse(i)
}

fn ker(i: &str) -> IResult<&str, CompactPly, ParseError> {
    map(
        (letter, square, char('='), letter),
        |(letter, at, _, new)| CompactPly::Ker { letter, at, new },
    )
    .parse(i)
}

fn code(i: &str) -> IResult<&str, Lantis, ParseError> {
    let (rest, word) =
        nom::bytes::complete::take_while1(|c: char| c.is_ascii_lowercase()).parse(i)?;
    match Lantis::from_code(word) {
        Some(l) => Ok((rest, l)),
        None => Err(nom::Err::Error(ParseError::from_error_kind(
            i,
            ErrorKind::Tag,
        ))),
    }
}

fn yol(i: &str) -> IResult<&str, CompactPly, ParseError> {
    let pin = map(
        (
            one_of("CDJTSHV"),
            opt(delimited(char('['), code, char(']'))),
        ),
        |(letter, code)| CompactPly::Pin { letter, code },
    );
    (
        char('@'),
        alt((map(char('-'), |_| CompactPly::Return), pin)),
    )
        .map(|(_, p)| p)
        .parse(i)
}

/// What a compact ply is, as a parse error says it was expected.
const COMPACT_PLY: &str =
    "a compact ply (like Va2-a3, Ca7xa6, Va2-a3&Hb2-b3, Sc2=X, @C, @C[rav] or @-)";

/// Parse one compact ply (the whole text); `base` is its offset in the source.
pub fn parse(text: &str, base: usize) -> Result<Compact, Problem> {
    let body = alt((ann, mv, ker, yol));
    let mut ply = context(COMPACT_PLY, all_consuming((body, opt(one_of("+#")))));
    let span = Span::new(base, text.len());
    match ply.parse(text) {
        Ok((_, (ply, suffix))) => Ok(Compact { ply, suffix, span }),
        Err(e) => {
            let e = ParseError::of(e);
            Err(Problem::syntax(
                format!("`{text}` is not {}", e.expected),
                span,
            ))
        }
    }
}

/// Whether a line looks like compact notation rather than a readout.
pub fn looks_compact(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_uppercase() || c == '@')
}

/// Print the syntax back as parsed.
pub fn print(c: &Compact) -> String {
    let mut s = match c.ply {
        CompactPly::Move {
            letter,
            from,
            capture,
            to,
        } => {
            format!(
                "{letter}{}{}{}",
                from.algebraic(),
                if capture { 'x' } else { '-' },
                to.algebraic()
            )
        }
        CompactPly::Ann {
            letter,
            from,
            to,
            companion_letter,
            companion_from,
            companion_to,
        } => {
            format!(
                "{letter}{}-{}&{companion_letter}{}-{}",
                from.algebraic(),
                to.algebraic(),
                companion_from.algebraic(),
                companion_to.algebraic()
            )
        }
        CompactPly::Ker { letter, at, new } => format!("{letter}{}={new}", at.algebraic()),
        CompactPly::Pin { letter, code } => match code {
            Some(l) => format!("@{letter}[{}]", l.code()),
            None => format!("@{letter}"),
        },
        CompactPly::Return => "@-".to_string(),
    };
    if let Some(x) = c.suffix {
        s.push(x);
    }
    s
}
