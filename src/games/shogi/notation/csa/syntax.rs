//! CSA statements, one at a time, with nom.
//!
//! The record reader (`read.rs`) cuts the text into statements (lines, or the pieces of a
//! v2.2 comma line) and hands each to [`statement`], which only knows the shape of one
//! statement. Order between statements (position before moves, time after a move) is the
//! reader's business, legality the validator's.

use nom::branch::alt;
use nom::bytes::complete::{tag, take, take_while1};
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{eof, map, map_opt, opt, recognize, rest, value};
use nom::{Err, IResult, Parser};

use crate::core::parse_error::{self, ParseError};

use super::CsaMove;
use crate::games::shogi::types::{Color, Kind, Piece, Square};

/// CSA piece codes indexed by `Kind as usize`; `TA` is the Crown Prince of card shogi.
pub const CODES: [&str; 15] = [
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "TA", "UM", "RY",
];

/// The special moves (`%…`) the reader knows, as written after `%`.
pub const SPECIALS: [&str; 15] = [
    "TORYO",
    "CHUDAN",
    "SENNICHITE",
    "TIME_UP",
    "ILLEGAL_MOVE",
    "+ILLEGAL_ACTION",
    "-ILLEGAL_ACTION",
    "JISHOGI",
    "KACHI",
    "HIKIWAKE",
    "TSUMI",
    "FUZUMI",
    "ERROR",
    "MATTA",
    "MAX_MOVES",
];

pub fn code_kind(code: &str) -> Option<Kind> {
    CODES
        .iter()
        .position(|&c| c == code)
        .map(|i| Kind::from_index(i as u8))
}

/// Where a statement stopped making sense and what was expected there: the shared nom
/// error (`core::parse_error`), whose width bounds the span to the token expected (a cell
/// is 3 bytes, a code 2), so the caret covers `FX` rather than the rest of the line. With
/// no label, the statement is not valid CSA.
pub type Expected = ParseError;

type Res<'a, O> = IResult<&'a str, O, ParseError>;

/// Name what `p` should have matched, when it fails without consuming anything. A failure
/// deeper inside keeps its own, more precise, label.
fn expect<'a, O>(
    what: &'static str,
    width: Option<usize>,
    p: impl Parser<&'a str, Output = O, Error = ParseError>,
) -> impl FnMut(&'a str) -> Res<'a, O> {
    let mut p = parse_error::expect(what, width, p);
    move |i: &'a str| p.parse(i)
}

/// One statement, its pieces decoded. Text slices borrow from the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt<'a> {
    /// `'text`: the text after the quote.
    Comment(&'a str),
    Version(&'a str),
    /// `N+name` / `N-name`.
    Name(Color, &'a str),
    /// `$KEY:value`, key with its `$`.
    Info(&'a str, &'a str),
    /// `PI` and the pieces taken off the start position.
    Initial(Vec<(Square, Kind, &'a str)>),
    /// `P1`…`P9`: the rank and its nine squares from file 9 to file 1.
    Rank(u8, [Option<Piece>; 9]),
    /// `P+…` / `P-…`.
    Place(Color, Vec<(Placement, &'a str)>),
    Side(Color),
    Move(CsaMove),
    /// `T12` / `T12.345`, the whole statement.
    Time(&'a str),
    /// `%TORYO` …: the word after `%`.
    Special(&'a str),
    Separator,
}

/// One item of a `P+` / `P-` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Board(Square, Kind),
    Hand(Kind),
    /// `00AL`: every piece not placed anywhere goes to this side's hand.
    AllRest,
}

fn sign(i: &str) -> Res<'_, Color> {
    expect(
        "a sign, `+` or `-`",
        Some(1),
        map(one_of("+-"), |c| {
            if c == '+' { Color::Black } else { Color::White }
        }),
    )
    .parse(i)
}

fn square(i: &str) -> Res<'_, Square> {
    map_opt((one_of("123456789"), one_of("123456789")), |(f, r)| {
        Square::new(f as u8 - b'0', r as u8 - b'0')
    })
    .parse(i)
}

fn code(i: &str) -> Res<'_, Kind> {
    expect(
        "a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY TA)",
        Some(2),
        map_opt(take(2usize), code_kind),
    )
    .parse(i)
}

fn end<'a>(what: &'static str) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
    expect(what, None, eof)
}

fn csa_move(i: &str) -> Res<'_, CsaMove> {
    let (i, color) = sign(i)?;
    let (i, from) = expect(
        "an origin square (11 to 99, or 00 for a drop)",
        Some(2),
        alt((value(None, tag("00")), map(square, Some))),
    )
    .parse(i)?;
    let (i, to) = expect("a destination square (11 to 99)", Some(2), square).parse(i)?;
    let (i, piece) = code(i)?;
    let (i, _) = end("the end of the move")(i)?;
    Ok((
        i,
        CsaMove {
            color,
            from,
            to,
            piece,
        },
    ))
}

/// `+7776FU`, `-0055KA` read byte by byte, as nearly every statement of a game is: the
/// same move [`csa_move`] reads, at a fraction of its cost. Anything else, a mistake
/// included, is `None` and goes to [`csa_move`], which names what it expected.
fn plain_move(s: &str) -> Option<CsaMove> {
    let b = s.as_bytes();
    if b.len() != 7 {
        return None;
    }
    let color = match b[0] {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return None,
    };
    let digit = |c: u8| (b'1'..=b'9').contains(&c).then(|| c - b'0');
    let square = |f: u8, r: u8| Square::new(digit(f)?, digit(r)?);
    let from = match &b[1..3] {
        b"00" => None,
        _ => Some(square(b[1], b[2])?),
    };
    Some(CsaMove {
        color,
        from,
        to: square(b[3], b[4])?,
        piece: code_kind(s.get(5..7)?)?,
    })
}

fn version(i: &str) -> Res<'_, Stmt<'_>> {
    let number = recognize((digit1, opt((char('.'), digit1))));
    let known = map_opt(number, |v: &str| {
        ["2", "2.1", "2.2", "3.0"].contains(&v).then_some(v)
    });
    let (i, v) = recognize((
        char('V'),
        expect("a version: V2, V2.1, V2.2 or V3.0", None, known),
    ))
    .parse(i)?;
    let (i, _) = end("the end of the version line")(i)?;
    Ok((i, Stmt::Version(v)))
}

fn name(i: &str) -> Res<'_, Stmt<'_>> {
    map((char('N'), sign, rest), |(_, c, n)| Stmt::Name(c, n)).parse(i)
}

fn info(i: &str) -> Res<'_, Stmt<'_>> {
    let key_char =
        |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || matches!(c, '_' | '+' | '-');
    let (i, key) = recognize((
        char('$'),
        expect(
            "a key in capitals, like $EVENT",
            None,
            take_while1(key_char),
        ),
    ))
    .parse(i)?;
    let (i, _) = expect("`:` after the key", Some(1), char(':')).parse(i)?;
    Ok(("", Stmt::Info(key, i)))
}

/// Parse `item` until the statement ends, keeping each item's source text.
fn items<'a, O>(
    mut i: &'a str,
    mut item: impl FnMut(&'a str) -> Res<'a, O>,
) -> Res<'a, Vec<(O, &'a str)>> {
    let mut out = Vec::new();
    while !i.is_empty() {
        let (next, o) = item(i)?;
        out.push((o, &i[..i.len() - next.len()]));
        i = next;
    }
    Ok((i, out))
}

fn initial(i: &str) -> Res<'_, Stmt<'_>> {
    let (i, _) = tag("PI")(i)?;
    let removal = |i| {
        expect(
            "a square and piece code to remove, like 82HI",
            Some(4),
            (square, code),
        )
        .parse(i)
    };
    let (i, list) = items(i, removal)?;
    Ok((
        i,
        Stmt::Initial(list.into_iter().map(|((s, k), t)| (s, k, t)).collect()),
    ))
}

fn cell(i: &str) -> Res<'_, Option<Piece>> {
    expect(
        "a square: ` * ` or a sign and piece code like `+FU`",
        Some(3),
        alt((
            value(None, tag(" * ")),
            map((sign, code), |(c, k)| Some(Piece::new(c, k))),
        )),
    )
    .parse(i)
}

/// A square written without the standard's fixed width (`P2 * -HI * * * * * -KA *`, as
/// some programs write it): blanks, then `*` or a piece.
fn loose_cell(i: &str) -> Res<'_, Option<Piece>> {
    let i = i.trim_start_matches(' ');
    expect(
        "a square: `*` or a sign and piece code like `+FU`",
        Some(3),
        alt((
            value(None, tag("*")),
            map((sign, code), |(c, k)| Some(Piece::new(c, k))),
        )),
    )
    .parse(i)
}

fn rank(i: &str) -> Res<'_, Stmt<'_>> {
    let (i, r) = map((char('P'), one_of("123456789")), |(_, r)| r as u8 - b'0').parse(i)?;
    match fixed_cells(i) {
        Ok((rest, cells)) => Ok((rest, Stmt::Rank(r, cells))),
        Err(strict) => match loose_cells(i) {
            Ok((rest, cells)) => Ok((rest, Stmt::Rank(r, cells))),
            Err(_) => Err(strict),
        },
    }
}

/// Nine three-character squares, as the standard writes them.
fn fixed_cells(mut i: &str) -> Res<'_, [Option<Piece>; 9]> {
    let mut cells = [None; 9];
    for (n, slot) in cells.iter_mut().enumerate() {
        // the last empty square may have lost its trailing space to line trimming
        if n == 8 && i == " *" {
            i = "";
            break;
        }
        let (next, p) = cell(i)?;
        *slot = p;
        i = next;
    }
    let (i, _) = end("the end of the rank line after 9 squares")(i)?;
    Ok((i, cells))
}

fn loose_cells(mut i: &str) -> Res<'_, [Option<Piece>; 9]> {
    let mut cells = [None; 9];
    for slot in cells.iter_mut() {
        let (next, p) = loose_cell(i)?;
        *slot = p;
        i = next;
    }
    let (i, _) = end("the end of the rank line after 9 squares")(i.trim_start_matches(' '))?;
    Ok((i, cells))
}

fn placement(i: &str) -> Res<'_, Placement> {
    let hand = alt((
        value(Placement::AllRest, tag("AL")),
        map_opt(code, |k| k.is_hand_kind().then_some(Placement::Hand(k))),
    ));
    let hand = expect(
        "a piece that can be in hand (FU KY KE GI KI KA HI) or AL",
        Some(2),
        hand,
    );
    expect(
        "a square and piece code like 55KA, or 00 and a hand piece like 00FU",
        Some(4),
        alt((
            map((square, code), |(s, k)| Placement::Board(s, k)),
            map((tag("00"), hand), |(_, p)| p),
        )),
    )
    .parse(i)
}

fn place(i: &str) -> Res<'_, Stmt<'_>> {
    let (i, color) = map((char('P'), sign), |(_, c)| c).parse(i)?;
    // `P+` alone (ShogiHome writes it for an empty hand) places nothing
    let (i, list) = items(i, placement)?;
    Ok((i, Stmt::Place(color, list)))
}

fn position(i: &str) -> Res<'_, Stmt<'_>> {
    match i.as_bytes().get(1) {
        Some(b'I') => initial(i),
        Some(b'1'..=b'9') => rank(i),
        Some(b'+' | b'-') => place(i),
        _ => Err(Err::Error(ParseError::at(
            &i.get(1..).unwrap_or(""),
            "`I`, a rank 1 to 9, `+` or `-` after `P`",
            Some(1),
        ))),
    }
}

fn time(i: &str) -> Res<'_, Stmt<'_>> {
    let (i, t) = recognize((
        char('T'),
        expect("a number of seconds", Some(1), digit1),
        opt((
            char('.'),
            expect("digits after the decimal point", Some(1), digit1),
        )),
    ))
    .parse(i)?;
    let (i, _) = end("the end of the time")(i)?;
    Ok((i, Stmt::Time(t)))
}

fn special(i: &str) -> Res<'_, Stmt<'_>> {
    let word = |c: char| c.is_ascii_uppercase() || matches!(c, '_' | '+' | '-');
    let known = map_opt(take_while1(word), |w: &str| {
        SPECIALS.contains(&w).then_some(w)
    });
    let (i, w) = map(
        (
            char('%'),
            expect("a special move like %TORYO or %CHUDAN", None, known),
        ),
        |(_, w)| w,
    )
    .parse(i)?;
    let (i, _) = end("the end of the special move")(i)?;
    Ok((i, Stmt::Special(w)))
}

/// Parse one statement (a line, or one comma-separated part of a line, trailing blanks
/// already trimmed, never empty).
pub fn statement(s: &str) -> Result<Stmt<'_>, ParseError> {
    let parsed = match s.as_bytes().first() {
        Some(b'\'') => Ok(("", Stmt::Comment(&s[1..]))),
        Some(b'V') => version(s),
        Some(b'N') => name(s),
        Some(b'$') => info(s),
        Some(b'P') => position(s),
        Some(b'+' | b'-') if s.len() == 1 => Ok((
            "",
            Stmt::Side(if s == "+" { Color::Black } else { Color::White }),
        )),
        Some(b'+' | b'-') => match plain_move(s) {
            Some(m) => Ok(("", Stmt::Move(m))),
            None => map(csa_move, Stmt::Move).parse(s),
        },
        Some(b'T') => time(s),
        Some(b'%') => special(s),
        Some(b'/') => map(
            (char('/'), end("nothing after the record separator `/`")),
            |_| Stmt::Separator,
        )
        .parse(s),
        _ => Err(Err::Error(ParseError::at(
            &s,
            "a CSA statement (V, N, $, P, +, -, T, %, ' or /)",
            Some(s.chars().next().map_or(0, char::len_utf8)),
        ))),
    };
    match parsed {
        Ok((_, stmt)) => Ok(stmt),
        Err(Err::Error(e) | Err::Failure(e)) => Err(e),
        Err(Err::Incomplete(_)) => Err(ParseError::at(&"", "more input", Some(0))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: u8, r: u8) -> Square {
        Square::new(f, r).unwrap()
    }

    /// The byte-by-byte reading of a move agrees with the combinators' on every shape of
    /// seven bytes a move may take, well formed or not.
    #[test]
    fn the_plain_move_reads_as_the_combinators_do() {
        for s in [
            "+7776FU", "-0055KA", "+2822UM", "-1119NY", "+0011FU", "+7776XX", "+7076FU", "+7706FU",
            "+0000FU", "*7776FU", "+7776F", "+7776FUU", "+77７FU", "-9999TA",
        ] {
            let combinators = csa_move(s).ok().filter(|(rest, _)| rest.is_empty());
            assert_eq!(plain_move(s), combinators.map(|(_, m)| m), "{s}");
        }
    }

    #[test]
    fn moves_and_drops() {
        let m = statement("+7776FU").unwrap();
        assert_eq!(
            m,
            Stmt::Move(CsaMove {
                color: Color::Black,
                from: Some(sq(7, 7)),
                to: sq(7, 6),
                piece: Kind::Pawn
            })
        );
        let d = statement("-0055KA").unwrap();
        assert_eq!(
            d,
            Stmt::Move(CsaMove {
                color: Color::White,
                from: None,
                to: sq(5, 5),
                piece: Kind::Bishop
            })
        );
    }

    #[test]
    fn errors_point_at_the_token() {
        let s = "+7776FX";
        let e = statement(s).unwrap_err();
        assert_eq!((e.offset(s), e.width), (5, Some(2)));
        assert!(e.expected.starts_with("a piece code"));
        let s = "+7706FU";
        let e = statement(s).unwrap_err();
        assert_eq!(e.rest(s), "06FU");
        assert!(e.expected.starts_with("a destination"));
        let s = "+7776FUU";
        let e = statement(s).unwrap_err();
        assert_eq!((e.rest(s), e.expected), ("U", "the end of the move"));
    }

    #[test]
    fn rank_lines_accept_a_trimmed_last_square() {
        let full = statement("P2 * -HI *  *  *  *  * -KA * ").unwrap();
        let trimmed = statement("P2 * -HI *  *  *  *  * -KA *").unwrap();
        assert_eq!(full, trimmed);
        let Stmt::Rank(2, cells) = full else {
            panic!("not a rank")
        };
        assert_eq!(cells[1], Some(Piece::new(Color::White, Kind::Rook)));
        assert_eq!(cells[7], Some(Piece::new(Color::White, Kind::Bishop)));
        let s = "P2 * -HI * ";
        let e = statement(s).unwrap_err();
        assert_eq!(e.rest(s), "");
    }

    #[test]
    fn placements_and_hands() {
        let Stmt::Place(Color::White, list) = statement("P-00AL").unwrap() else {
            panic!()
        };
        assert_eq!(list, vec![(Placement::AllRest, "00AL")]);
        let Stmt::Place(Color::Black, list) = statement("P+00KI55TO").unwrap() else {
            panic!()
        };
        assert_eq!(list[1].0, Placement::Board(sq(5, 5), Kind::ProPawn));
        let s = "P+00OU";
        let e = statement(s).unwrap_err();
        assert_eq!((e.rest(s), e.width), ("OU", Some(2)));
    }

    #[test]
    fn times_specials_and_headers() {
        assert_eq!(statement("T12.345").unwrap(), Stmt::Time("T12.345"));
        assert_eq!(
            statement("%+ILLEGAL_ACTION").unwrap(),
            Stmt::Special("+ILLEGAL_ACTION")
        );
        assert_eq!(
            statement("$CARDS+:QTR").unwrap(),
            Stmt::Info("$CARDS+", "QTR")
        );
        assert_eq!(
            statement("N-Hanako, Jr.").unwrap(),
            Stmt::Name(Color::White, "Hanako, Jr.")
        );
        assert!(statement("%RESIGN").is_err());
        assert!(statement("T").is_err());
    }
}
