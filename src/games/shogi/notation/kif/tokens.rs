//! nom parsers for the tokens of KIF and KI2 move text, and their assembly into moves.
//!
//! Each step of a move is parsed separately so that a failure names what was expected
//! at the exact byte where it went wrong. The parsers report through the shared nom error
//! (`core::parse_error`); each step labels its failure with what it expected.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt, opt, value};
use nom::error::{ErrorKind, ParseError as _, context};
use nom::{IResult, Parser};

use super::moves::{Dest, Ki2Move, KifMove, Origin, Promotion};
use super::names::{MOVE_PIECE_NAMES, kan_digit_value, zen_digit_value};
use super::words::Words;
use crate::core::parse_error::ParseError;
use crate::core::{Problem, Span};
use crate::games::shogi::types::{Color, Kind, Square};

/// Spaces KIF writers put between tokens: ASCII and full-width.
pub fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '　'
}

/// A token parser's result, failing with the shared nom error.
pub type Res<'a, O> = IResult<&'a str, O, ParseError>;

pub fn spaces(i: &str) -> Res<'_, &str> {
    take_while(is_space).parse(i)
}

/// A digit 1–9 written full-width or in ASCII (`７`, `7`).
fn digit_value(c: char) -> Option<u8> {
    zen_digit_value(c).or_else(|| {
        c.to_digit(10)
            .filter(|d| (1..=9).contains(d))
            .map(|d| d as u8)
    })
}

/// `７六`; some programs write the file in ASCII (`7六`) or both in ASCII (`76`).
pub fn square(i: &str) -> Res<'_, Square> {
    let file = map_opt(satisfy(|c| digit_value(c).is_some()), digit_value);
    let rank = map_opt(
        satisfy(|c| kan_digit_value(c).is_some() || digit_value(c).is_some()),
        |c| kan_digit_value(c).or_else(|| digit_value(c)),
    );
    map_opt((file, rank), |(f, r)| Square::new(f, r)).parse(i)
}

/// A square or `同` with the optional space after it.
pub fn dest(i: &str) -> Res<'_, Dest> {
    alt((
        map(square, Dest::Square),
        value(Dest::Same, (char('同'), spaces)),
    ))
    .parse(i)
}

/// A piece name, longest spelling first.
pub fn piece(i: &str) -> Res<'_, Kind> {
    for (name, kind) in MOVE_PIECE_NAMES {
        if let Some(rest) = i.strip_prefix(name) {
            return Ok((rest, kind));
        }
    }
    Err(nom::Err::Error(ParseError::from_error_kind(
        i,
        ErrorKind::Tag,
    )))
}

/// `成`, `不成`, or nothing (which never fails).
pub fn promotion(i: &str) -> Res<'_, Promotion> {
    let written = alt((
        value(Promotion::Decline, tag("不成")),
        value(Promotion::Promote, tag("成")),
    ));
    map(opt(written), |p| p.unwrap_or(Promotion::None)).parse(i)
}

/// `(77)` or `打`.
pub fn origin(i: &str) -> Res<'_, Origin> {
    let digit = || map(one_of("123456789"), |c| c as u8 - b'0');
    alt((
        value(Origin::Drop, char('打')),
        map_opt((char('('), digit(), digit(), char(')')), |(_, f, r, _)| {
            Square::new(f, r).map(Origin::Square)
        }),
    ))
    .parse(i)
}

/// Run one step, its failure labelled `expected`; on failure a syntax problem at the
/// failing byte (relative to `start`). The tokens carry no labels of their own, so nom's
/// `context` names the step where it started even when a token failed part-way (`７x`).
fn step<'a, T>(
    start: &'a str,
    input: &'a str,
    p: impl Parser<&'a str, Output = T, Error = ParseError>,
    expected: &'static str,
) -> Result<(&'a str, T, Span), Problem> {
    let at = start.len() - input.len();
    match context(expected, p).parse(input) {
        Ok((rest, t)) => Ok((rest, t, Span::new(at, input.len() - rest.len()))),
        Err(e) => Err(found(start, ParseError::of(e))),
    }
}

/// The problem of a failed step: what was expected, and what was found there instead.
fn found(start: &str, e: ParseError) -> Problem {
    let found = e
        .rest(start)
        .chars()
        .next()
        .map_or("the end of the line".to_string(), |c| format!("`{c}`"));
    Problem::syntax(
        format!("expected {}, found {found}", e.expected),
        e.span(start),
    )
}

const SQUARE_OR_SAME: &str = "a square like ７六 or 同";
const PIECE: &str = "a piece name like 歩 or 成銀";

/// Parse a KIF move at the start of `text`; returns it and the rest of the text.
pub fn kif_move(text: &str) -> Result<(KifMove, &str), Problem> {
    let (r, dest, dest_span) = step(text, text, dest, SQUARE_OR_SAME)?;
    let (r, piece, piece_span) = step(text, r, piece, PIECE)?;
    let (r, promotion, _) = step(text, r, promotion, "成 or 不成")?;
    // Kifu for Android writes a full-width space before the origin (`同銀　(79)`)
    let r = r.trim_start_matches(is_space);
    let (r, origin, origin_span) = step(text, r, origin, "an origin like (77), or 打")?;
    Ok((
        KifMove {
            dest,
            dest_span,
            piece,
            piece_span,
            promotion,
            origin,
            origin_span,
        },
        r,
    ))
}

/// `▲` / `☗` for Black, `△` / `☖` for White; `▼` and `▽` as some programs write them.
pub fn turn_mark(i: &str) -> Res<'_, Color> {
    alt((
        value(Color::Black, one_of("▲☗▼")),
        value(Color::White, one_of("△☖▽")),
    ))
    .parse(i)
}

/// Parse a KI2 move at the start of `text`; returns it and the rest of the text.
pub fn ki2_move(text: &str) -> Result<(Ki2Move, &str), Problem> {
    let (r, color, _) = step(text, text, turn_mark, "▲ or △")?;
    let (r, dest, dest_span) = step(text, r, dest, SQUARE_OR_SAME)?;
    let (r, piece, piece_span) = step(text, r, piece, PIECE)?;
    let suffix_start = text.len() - r.len();
    let mut words = Words::default();
    let mut r = r;
    while let Some(c) = r.chars().next().filter(|c| "右左直上寄引".contains(*c)) {
        if !words.add(c) {
            let at = text.len() - r.len();
            return Err(Problem::syntax(
                format!("`{c}` clashes with the relative words before it"),
                Span::new(at, c.len_utf8()),
            ));
        }
        r = &r[c.len_utf8()..];
    }
    let drop = r.starts_with('打');
    if drop {
        r = &r['打'.len_utf8()..];
    }
    let (r, promotion, _) = step(text, r, promotion, "成 or 不成")?;
    let suffix_span = Span::new(suffix_start, text.len() - r.len() - suffix_start);
    Ok((
        Ki2Move {
            color,
            dest,
            dest_span,
            piece,
            piece_span,
            words,
            drop,
            promotion,
            suffix_span,
        },
        r,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kif_moves() {
        let (m, rest) = kif_move("７六歩(77)   ( 0:01/00:00:01)").unwrap();
        assert_eq!(m.dest, Dest::Square(Square::new(7, 6).unwrap()));
        assert_eq!(m.piece, Kind::Pawn);
        assert_eq!(m.origin, Origin::Square(Square::new(7, 7).unwrap()));
        assert_eq!(m.origin_span, Span::new(9, 4));
        assert!(rest.starts_with("   ("));
        let (m, _) = kif_move("同　成銀(44)").unwrap();
        assert_eq!(
            (m.dest, m.piece, m.dest_span),
            (Dest::Same, Kind::ProSilver, Span::new(0, 6))
        );
        let (m, _) = kif_move("２二角不成(88)").unwrap();
        assert_eq!(m.promotion, Promotion::Decline);
        let (m, _) = kif_move("５五角打").unwrap();
        assert_eq!(m.origin, Origin::Drop);
        let e = kif_move("７六象(77)").unwrap_err();
        assert_eq!(e.span, Span::new(6, 3));
        let e = kif_move("７六歩").unwrap_err();
        assert_eq!(e.span, Span::new(9, 0));
    }

    #[test]
    fn ki2_moves() {
        let (m, rest) = ki2_move("▲２八銀左引　△同　歩").unwrap();
        assert_eq!(m.words.text(), "左引");
        assert_eq!(m.color, Color::Black);
        assert!(rest.starts_with('　'));
        let (m, _) = ki2_move("△６三銀打").unwrap();
        assert!(m.drop);
        assert_eq!(ki2_move("▲２八銀右左").unwrap_err().span, Span::new(15, 3));
        assert_eq!(ki2_move("▲２八銀直上").unwrap_err().rule.name(), "Syntax");
    }

    #[test]
    fn a_failed_step_says_what_it_expected_and_found() {
        let e = kif_move("７六象(77)").unwrap_err();
        assert_eq!(
            e.message,
            "expected a piece name like 歩 or 成銀, found `象`"
        );
        let e = kif_move("７六歩").unwrap_err();
        assert_eq!(
            e.message,
            "expected an origin like (77), or 打, found the end of the line"
        );
        let e = ki2_move("２八銀").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected ▲ or △, found `２`", Span::new(0, 3))
        );
    }

    #[test]
    fn a_token_failing_part_way_is_reported_where_its_step_started() {
        // the file `７` reads, the rank `x` does not: the square is what failed
        let e = kif_move("７x歩(77)").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.span),
            (
                "expected a square like ７六 or 同, found `７`",
                Span::new(0, 3)
            )
        );
        let e = kif_move("７六歩(7x)").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.span),
            (
                "expected an origin like (77), or 打, found `(`",
                Span::new(9, 1)
            )
        );
    }
}
