//! nom parsers for the tokens of KIF and KI2 move text, and their assembly into moves.
//!
//! Each step of a move is parsed separately so that a failure names what was expected
//! at the exact byte where it went wrong.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt, value};
use nom::{IResult, Parser};

use super::moves::{Dest, Ki2Move, KifMove, Origin, Promotion};
use super::names::{MOVE_PIECE_NAMES, kan_digit_value, zen_digit_value};
use super::words::Words;
use crate::core::{Problem, Span};
use crate::games::shogi::types::{Color, Kind, Square};

/// Spaces KIF writers put between tokens: ASCII and full-width.
pub fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '　'
}

pub fn spaces(i: &str) -> IResult<&str, &str> {
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
pub fn square(i: &str) -> IResult<&str, Square> {
    let file = map_opt(satisfy(|c| digit_value(c).is_some()), digit_value);
    let rank = map_opt(
        satisfy(|c| kan_digit_value(c).is_some() || digit_value(c).is_some()),
        |c| kan_digit_value(c).or_else(|| digit_value(c)),
    );
    map_opt((file, rank), |(f, r)| Square::new(f, r)).parse(i)
}

/// A square or `同` with the optional space after it.
pub fn dest(i: &str) -> IResult<&str, Dest> {
    alt((
        map(square, Dest::Square),
        value(Dest::Same, (char('同'), spaces)),
    ))
    .parse(i)
}

/// A piece name, longest spelling first.
pub fn piece(i: &str) -> IResult<&str, Kind> {
    for (name, kind) in MOVE_PIECE_NAMES {
        if let Some(rest) = i.strip_prefix(name) {
            return Ok((rest, kind));
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Tag,
    )))
}

pub fn promotion(i: &str) -> IResult<&str, Promotion> {
    let r: IResult<&str, Promotion> = alt((
        value(Promotion::Decline, tag("不成")),
        value(Promotion::Promote, tag("成")),
    ))
    .parse(i);
    r.or(Ok((i, Promotion::None)))
}

/// `(77)` or `打`.
pub fn origin(i: &str) -> IResult<&str, Origin> {
    let digit = || map(one_of("123456789"), |c| c as u8 - b'0');
    alt((
        value(Origin::Drop, char('打')),
        map_opt((char('('), digit(), digit(), char(')')), |(_, f, r, _)| {
            Square::new(f, r).map(Origin::Square)
        }),
    ))
    .parse(i)
}

/// Run one step; on failure a syntax problem at the failing byte (relative to `start`).
fn step<'a, T>(
    start: &'a str,
    input: &'a str,
    mut p: impl FnMut(&'a str) -> IResult<&'a str, T>,
    expected: &str,
) -> Result<(&'a str, T, Span), Problem> {
    let at = start.len() - input.len();
    match p(input) {
        Ok((rest, t)) => Ok((rest, t, Span::new(at, input.len() - rest.len()))),
        Err(_) => {
            let len = input.chars().next().map_or(0, char::len_utf8);
            let found = input
                .chars()
                .next()
                .map_or("the end of the line".to_string(), |c| format!("`{c}`"));
            Err(Problem::syntax(
                format!("expected {expected}, found {found}"),
                Span::new(at, len),
            ))
        }
    }
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
pub fn turn_mark(i: &str) -> IResult<&str, Color> {
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
}
