//! QFEN (§13): `<board> <side> <red>:<blue> <locked> [<fullmove>]`.
//!
//! Reading collects every violation it can find, each with the span of the offending text;
//! warnings (too few Absorbers) are returned beside the position. The text is cut into
//! fields, rows and row items by nom parsers over offset-carrying input, so every item
//! knows its span; the checks then run on the items. A field that does not read says so
//! through the shared nom error, labelled with what the field holds.

use super::point::{Expected, In, point, span_of};
use crate::core::{Problem, Span};
use crate::games::quantum::QuantumRule;
use crate::games::quantum::geometry::{self, Geometry};
use crate::games::quantum::position::Position;
use crate::games::quantum::types::{Cell, Side};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_till1};
use nom::character::complete::{anychar, char, digit1, multispace0, one_of};
use nom::combinator::{all_consuming, consumed, map, map_opt, verify};
use nom::error::context;
use nom::multi::{many0, separated_list1};
use nom::sequence::preceded;

/// A position read from QFEN, with the warnings of §13.
#[derive(Debug)]
pub struct Read {
    /// The position.
    pub position: Position,
    /// What §13 warns of in the text.
    pub warnings: Vec<Problem>,
}

/// Read a QFEN; every error found is returned (the first one is the most basic).
pub fn parse(text: &str) -> Result<Read, Vec<Problem>> {
    read(text, true)
}

/// Read a QFEN, checked for its syntax only: the lock may hold no Absorber and the supply
/// may be exceeded ([`crate::Setup`]'s reading).
pub(crate) fn parse_unchecked(text: &str) -> Result<Position, Vec<Problem>> {
    read(text, false).map(|r| r.position)
}

/// Read a QFEN; with `rules`, the lock and the supply are checked too.
fn read(text: &str, rules: bool) -> Result<Read, Vec<Problem>> {
    let fields = split_fields(text);
    let Some(&board) = fields.first() else {
        return Err(vec![Problem::new(
            QuantumRule::QfenSyntax,
            "empty QFEN",
            Span::new(0, text.len()),
        )]);
    };
    let mut problems = Vec::new();
    let (geo, cells) = match read_board(board, &mut problems) {
        Some(b) => b,
        None => return Err(problems),
    };
    let mut pos = Position {
        geo,
        cells,
        side: Side::Red,
        captured: [0, 0],
        locked: None,
        fullmove: 1,
    };
    read_fields(text, &fields, &mut pos, &mut problems, rules);
    let warnings = if rules {
        check_supply(&pos, span_of(board), &mut problems)
    } else {
        Vec::new()
    };
    if problems.is_empty() {
        Ok(Read {
            position: pos,
            warnings,
        })
    } else {
        Err(problems)
    }
}

/// Just the position, or the first problem.
pub fn parse_position(text: &str) -> Result<Position, Problem> {
    parse(text)
        .map(|r| r.position)
        .map_err(|mut ps| ps.swap_remove(0))
}

/// Fields separated by single or repeated white space, each knowing its offset.
fn split_fields(text: &str) -> Vec<In<'_>> {
    let field = preceded(multispace0, take_till1(char::is_whitespace));
    let parsed: nom::IResult<In<'_>, Vec<In<'_>>, Expected> = many0(field).parse(In::new(text));
    // never fails: a field consumes whenever it reads, so `many0` just stops
    parsed.map(|(_, fields)| fields).unwrap_or_default()
}

/// A row item as written (§13): a piece letter, an empty run, or anything else.
enum Item<'a> {
    Piece(Cell),
    Run(In<'a>),
    Stray(In<'a>, char),
}

fn items(row: In<'_>) -> Vec<Item<'_>> {
    let piece = map(one_of("SLCslcX"), |c| {
        Item::Piece(Cell::from_letter(c).unwrap_or(Cell::Empty))
    });
    let run = map(digit1, Item::Run);
    let stray = map(consumed(anychar), |(t, c)| Item::Stray(t, c));
    let parsed: nom::IResult<In<'_>, Vec<Item<'_>>, Expected> =
        many0(alt((piece, run, stray))).parse(row);
    // never fails: any character is an item (a stray one at worst)
    parsed.map(|(_, items)| items).unwrap_or_default()
}

fn read_board(
    board: In<'_>,
    problems: &mut Vec<Problem>,
) -> Option<(&'static Geometry, Vec<Cell>)> {
    let rows_of = separated_list1(char('/'), take_till(|c| c == '/'));
    // a row may be empty, so any board cuts into rows; the count is checked below
    let rows = match whole(board, BOARD, rows_of) {
        Ok(rows) => rows,
        Err(e) => {
            problems.push(field_problem(board, e));
            return None;
        }
    };
    if rows.len().is_multiple_of(2) || !(5..=23).contains(&rows.len()) {
        problems.push(Problem::new(
            QuantumRule::WrongRowCount,
            format!(
                "a board has 2N − 1 rows for N = 3 … 12 (5, 7, …, 23), this one has {}",
                rows.len()
            ),
            span_of(board),
        ));
        return None;
    }
    let geo = geometry::geometry(rows.len().div_ceil(2))?;
    // rows are written top first; cells are stored from row a
    let mut by_row = vec![Vec::new(); geo.rows()];
    for (i, &row) in rows.iter().enumerate() {
        let r = geo.rows() - 1 - i;
        by_row[r] = read_row(row, geo.row(r).len(), problems);
    }
    if !problems.is_empty() {
        return None;
    }
    Some((geo, by_row.concat()))
}

/// One row: piece letters and empty runs, exactly `len` points.
fn read_row(row: In<'_>, len: usize, problems: &mut Vec<Problem>) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut last_was_run = false;
    for item in items(row) {
        match item {
            Item::Piece(cell) => cells.push(cell),
            Item::Run(digits) => {
                if last_was_run || digits.fragment().starts_with('0') {
                    problems.push(Problem::new(
                        QuantumRule::QfenSyntax,
                        "an empty run is one positive number (no two numbers touch)",
                        span_of(digits),
                    ));
                }
                let n: usize = digits.fragment().parse().unwrap_or(usize::MAX);
                cells.extend(std::iter::repeat_n(Cell::Empty, n.min(len + 1)));
            }
            Item::Stray(at, c) => problems.push(Problem::new(
                QuantumRule::QfenSyntax,
                format!("`{c}` is not a piece letter (S L C s l c X) or an empty run"),
                span_of(at),
            )),
        }
        last_was_run = matches!(item, Item::Run(_));
    }
    if cells.len() != len {
        problems.push(Problem::new(
            QuantumRule::RowLength,
            format!("this row has {len} points, but {} are written", cells.len()),
            span_of(row),
        ));
    }
    cells.resize(len, Cell::Empty);
    cells
}

/// Side, captured Absorbers, lock, move number.
fn read_fields(
    text: &str,
    fields: &[In<'_>],
    pos: &mut Position,
    problems: &mut Vec<Problem>,
    rules: bool,
) {
    if fields.len() < 4 || fields.len() > 5 {
        let span = if fields.len() > 5 {
            span_of(fields[5])
        } else {
            Span::new(text.trim_end().len(), 0)
        };
        problems.push(Problem::new(
            QuantumRule::QfenSyntax,
            "QFEN has 4 or 5 fields: board, side, captured Absorbers, lock, [move number]",
            span,
        ));
        if fields.len() < 4 {
            return;
        }
    }
    let side = alt((map(tag("r"), |_| Side::Red), map(tag("b"), |_| Side::Blue)));
    match whole(fields[1], SIDE, side) {
        Ok(side) => pos.side = side,
        Err(e) => problems.push(field_problem(fields[1], e)),
    }
    match whole(fields[2], CAPTURED, (count(), char(':'), count())) {
        Ok((r, _, b)) => pos.captured = [r, b],
        Err(e) => problems.push(field_problem(fields[2], e)),
    }
    read_lock(fields[3], pos, problems, rules);
    if let Some(&f) = fields.get(4) {
        match whole(f, MOVE_NUMBER, positive()) {
            Ok(n) => pos.fullmove = n,
            Err(e) => problems.push(field_problem(f, e)),
        }
    }
}

/// What each field holds, the label of its failure and so the message of its problem.
const BOARD: &str = "a board is rows separated by `/`";
const SIDE: &str = "the side to move is `r` or `b`";
const CAPTURED: &str = "captured Absorbers are written `<red>:<blue>`";
const LOCK: &str = "the lock is a point or `-`";
const MOVE_NUMBER: &str = "the move number is a positive number";

/// A count: digits that fit a `u32`.
fn count<'a>() -> impl Parser<In<'a>, Output = u32, Error = Expected> {
    map_opt(digit1, |d: In<'a>| d.fragment().parse::<u32>().ok())
}

/// A positive count: digits without a leading zero (so not `0` either).
fn positive<'a>() -> impl Parser<In<'a>, Output = u32, Error = Expected> {
    let digits = verify(digit1, |d: &In<'a>| !d.fragment().starts_with('0'));
    map_opt(digits, |d: In<'a>| d.fragment().parse::<u32>().ok())
}

/// What `p` reads from the whole field `f`, or the failure labelled `what` at the field:
/// the pieces of a field carry no labels of their own, so the field's label names any
/// failure inside it.
fn whole<'a, O>(
    f: In<'a>,
    what: &'static str,
    p: impl Parser<In<'a>, Output = O, Error = Expected>,
) -> Result<O, Expected> {
    context(what, all_consuming(p))
        .parse(f)
        .map(|(_, v)| v)
        .map_err(Expected::of)
}

/// The problem of a field that does not read: what was expected, over the whole field
/// (a field is short, and it is the field that is wrong, not one byte of it).
fn field_problem(f: In<'_>, e: Expected) -> Problem {
    Problem::new(QuantumRule::QfenSyntax, e.expected, span_of(f))
}

fn read_lock(f: In<'_>, pos: &mut Position, problems: &mut Vec<Problem>, rules: bool) {
    let span = span_of(f);
    let lock = alt((map(tag("-"), |_| None), map(point, Some)));
    let point = match whole(f, LOCK, lock) {
        Ok(None) => return,
        Ok(Some(p)) => p,
        Err(e) => {
            problems.push(field_problem(f, e));
            return;
        }
    };
    match point.resolve(pos.geo) {
        Ok(p) if !rules || pos.at(p) == Cell::Absorber => pos.locked = Some(p),
        Ok(_) => problems.push(locked_not_absorber(f.fragment(), span)),
        Err(e) => problems.push(e),
    }
}

/// The lock, written `point` at `span`, holds no Absorber.
pub(crate) fn locked_not_absorber(point: &str, span: Span) -> Problem {
    Problem::new(
        QuantumRule::LockedNotAbsorber,
        format!("the locked point {point} holds no Absorber"),
        span,
    )
}

/// The piece supply of §13 and A31; returns the warnings.
pub(crate) fn check_supply(
    pos: &Position,
    board_span: Span,
    problems: &mut Vec<Problem>,
) -> Vec<Problem> {
    for side in [Side::Red, Side::Blue] {
        let n = pos.score(side);
        if n > pos.cylinder_supply() {
            problems.push(Problem::new(
                QuantumRule::TooManyCylinders,
                format!(
                    "{} has {n} cylinders on the board (a Charger counts 2); the supply is {}",
                    side.name(),
                    pos.cylinder_supply()
                ),
                board_span,
            ));
        }
    }
    let on_board = pos.cells.iter().filter(|&&c| c == Cell::Absorber).count() as u32;
    let total = on_board + pos.captured[0] + pos.captured[1];
    let supply = pos.absorber_supply();
    let mut warnings = Vec::new();
    if total > supply {
        problems.push(Problem::new(
            QuantumRule::TooManyAbsorbers,
            format!(
                "{on_board} Absorbers on the board and {} captured exceed the {supply} of the game",
                total - on_board
            ),
            board_span,
        ));
    } else if total < supply {
        warnings.push(Problem::new(
            QuantumRule::FewAbsorbers,
            format!("only {total} of the {supply} Absorbers are accounted for"),
            board_span,
        ));
    }
    warnings
}

/// The canonical QFEN of a position; the move number is omitted when it is 1.
pub fn to_qfen(pos: &Position) -> String {
    let geo = pos.geo;
    let rows: Vec<String> = (0..geo.rows())
        .rev()
        .map(|r| row_text(&pos.cells[geo.row(r)]))
        .collect();
    let side = if pos.side == Side::Red { "r" } else { "b" };
    let locked = pos.locked.map_or("-".to_string(), |p| geo.name(p));
    let mut s = format!(
        "{} {side} {}:{} {locked}",
        rows.join("/"),
        pos.captured[0],
        pos.captured[1]
    );
    if pos.fullmove != 1 {
        s.push_str(&format!(" {}", pos.fullmove));
    }
    s
}

fn row_text(cells: &[Cell]) -> String {
    let mut s = String::new();
    let mut run = 0;
    for &c in cells {
        match c.letter() {
            None => run += 1,
            Some(l) => {
                if run > 0 {
                    s.push_str(&run.to_string());
                    run = 0;
                }
                s.push(l);
            }
        }
    }
    if run > 0 {
        s.push_str(&run.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal QFEN whose fields after the board are `rest`.
    fn with(rest: &str) -> String {
        format!("ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS {rest}")
    }

    /// The one problem of `text`: its message and span.
    fn problem(text: &str) -> (String, Span) {
        let mut ps = parse(text).unwrap_err();
        assert_eq!(ps.len(), 1, "{ps:?}");
        let p = ps.remove(0);
        assert_eq!(p.rule.name(), "QfenSyntax");
        (p.message, p.span)
    }

    #[test]
    fn the_fields_read() {
        let r = parse(&with("b 0:0 - 12")).unwrap();
        assert_eq!((r.position.side, r.position.fullmove), (Side::Blue, 12));
    }

    #[test]
    fn a_field_that_does_not_read_is_named_by_its_label_over_the_field() {
        let at = with("").len();
        assert_eq!(
            problem(&with("rb 0:0 -")),
            (SIDE.to_string(), Span::new(at, 2))
        );
        assert_eq!(
            problem(&with("r 0:x -")),
            (CAPTURED.to_string(), Span::new(at + 2, 3))
        );
        assert_eq!(
            problem(&with("r 0:0 d")),
            (LOCK.to_string(), Span::new(at + 6, 1))
        );
    }

    #[test]
    fn a_number_that_does_not_fit_fails_like_a_malformed_one() {
        let (message, _) = problem(&with("r 99999999999:0 -"));
        assert_eq!(message, CAPTURED);
    }

    #[test]
    fn the_move_number_is_positive_without_a_leading_zero() {
        for n in ["0", "01", "x", "99999999999"] {
            let (message, span) = problem(&with(&format!("r 0:0 - {n}")));
            assert_eq!((message.as_str(), span.len), (MOVE_NUMBER, n.len()));
        }
    }

    #[test]
    fn whole_labels_a_failure_at_the_start_of_the_field() {
        let e = whole(In::new("r1"), SIDE, tag("r")).unwrap_err();
        assert_eq!((e.left, e.expected), (2, SIDE));
    }
}
