//! QFEN (§13): `<board> <side> <red>:<blue> <locked> [<fullmove>]`.
//!
//! Reading collects every violation it can find, each with the span of the offending text;
//! warnings (too few Absorbers) are returned beside the position. The text is cut into
//! fields, rows and row items by nom parsers over offset-carrying input, so every item
//! knows its span; the checks then run on the items.

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
use nom::combinator::{all_consuming, consumed, map};
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
    parsed.map(|(_, items)| items).unwrap_or_default()
}

fn read_board(
    board: In<'_>,
    problems: &mut Vec<Problem>,
) -> Option<(&'static Geometry, Vec<Cell>)> {
    let rows_of = separated_list1(char::<_, Expected>('/'), take_till(|c| c == '/'));
    let rows = all_consuming(rows_of)
        .parse(board)
        .map(|(_, rows)| rows)
        .unwrap_or_default();
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
    match whole(fields[1], side) {
        Some(side) => pos.side = side,
        None => problems.push(Problem::new(
            QuantumRule::QfenSyntax,
            "the side to move is `r` or `b`",
            span_of(fields[1]),
        )),
    }
    let count = || map(digit1, |d: In<'_>| d.fragment().parse::<u32>().ok());
    match whole(fields[2], (count(), char(':'), count())) {
        Some((Some(r), _, Some(b))) => pos.captured = [r, b],
        _ => problems.push(Problem::new(
            QuantumRule::QfenSyntax,
            "captured Absorbers are written `<red>:<blue>`",
            span_of(fields[2]),
        )),
    }
    read_lock(fields[3], pos, problems, rules);
    if let Some(&f) = fields.get(4) {
        match whole(f, count()) {
            Some(Some(n)) if n > 0 && !f.fragment().starts_with('0') => pos.fullmove = n,
            _ => problems.push(Problem::new(
                QuantumRule::QfenSyntax,
                "the move number is a positive number",
                span_of(f),
            )),
        }
    }
}

/// What `p` reads from the whole field `f`, if it reads all of it.
fn whole<'a, O>(f: In<'a>, p: impl Parser<In<'a>, Output = O, Error = Expected>) -> Option<O> {
    all_consuming(p).parse(f).ok().map(|(_, v)| v)
}

fn read_lock(f: In<'_>, pos: &mut Position, problems: &mut Vec<Problem>, rules: bool) {
    let span = span_of(f);
    let lock = alt((map(tag("-"), |_| None), map(point, Some)));
    let point = match whole(f, lock) {
        Some(None) => return,
        Some(Some(p)) => p,
        None => {
            problems.push(Problem::new(
                QuantumRule::QfenSyntax,
                "the lock is a point or `-`",
                span,
            ));
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
