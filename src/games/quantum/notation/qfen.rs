//! QFEN (§13): `<board> <side> <red>:<blue> <locked> [<fullmove>]`.
//!
//! Reading collects every violation it can find, each with the span of the offending text;
//! warnings (too few Absorbers) are returned beside the position.

use super::point::read_point;
use crate::core::{Problem, Span};
use crate::games::quantum::geometry::{self, Geometry};
use crate::games::quantum::position::Position;
use crate::games::quantum::types::{Cell, Side};

/// A position read from QFEN, with the warnings of §13.
#[derive(Debug)]
pub struct Read {
    pub position: Position,
    pub warnings: Vec<Problem>,
}

/// Read a QFEN; every error found is returned (the first one is the most basic).
pub fn parse(text: &str) -> Result<Read, Vec<Problem>> {
    let fields = split_fields(text);
    let Some(&(board_at, board)) = fields.first() else {
        return Err(vec![Problem::new("QfenSyntax", "empty QFEN", Span::new(0, text.len()))]);
    };
    let mut problems = Vec::new();
    let (geo, cells) = match read_board(board, board_at, &mut problems) {
        Some(b) => b,
        None => return Err(problems),
    };
    let mut pos = Position { geo, cells, side: Side::Red, captured: [0, 0], locked: None, fullmove: 1 };
    read_fields(text, &fields, &mut pos, &mut problems);
    let warnings = check_supply(&pos, &fields, &mut problems);
    if problems.is_empty() { Ok(Read { position: pos, warnings }) } else { Err(problems) }
}

/// Just the position, or the first problem.
pub fn parse_position(text: &str) -> Result<Position, Problem> {
    parse(text).map(|r| r.position).map_err(|mut ps| ps.swap_remove(0))
}

/// Fields separated by single or repeated spaces, with their byte offsets.
fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn read_board(board: &str, at: usize, problems: &mut Vec<Problem>) -> Option<(&'static Geometry, Vec<Cell>)> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len().is_multiple_of(2) || !(5..=23).contains(&rows.len()) {
        problems.push(Problem::new(
            "WrongRowCount",
            format!("a board has 2N − 1 rows for N = 3 … 12 (5, 7, …, 23), this one has {}", rows.len()),
            Span::new(at, board.len()),
        ));
        return None;
    }
    let geo = geometry::geometry(rows.len().div_ceil(2))?;
    let mut cells = Vec::with_capacity(geo.len());
    let mut offset = at;
    // rows are written top first; cells are stored from row a
    let mut by_row = vec![Vec::new(); geo.rows()];
    for (i, row) in rows.iter().enumerate() {
        let r = geo.rows() - 1 - i;
        by_row[r] = read_row(row, offset, geo.row(r).len(), problems);
        offset += row.len() + 1;
    }
    for row in by_row {
        cells.extend(row);
    }
    if !problems.is_empty() {
        return None;
    }
    Some((geo, cells))
}

/// One row: piece letters and empty runs, exactly `len` points.
fn read_row(row: &str, at: usize, len: usize, problems: &mut Vec<Problem>) -> Vec<Cell> {
    let mut cells = Vec::new();
    let bytes = row.as_bytes();
    let mut i = 0;
    let mut last_was_run = false;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let span = Span::new(at + start, i - start);
            let n: usize = row[start..i].parse().unwrap_or(usize::MAX);
            if last_was_run || c == '0' {
                problems.push(Problem::new(
                    "QfenSyntax",
                    "an empty run is one positive number (no two numbers touch)",
                    span,
                ));
            }
            cells.extend(std::iter::repeat_n(Cell::Empty, n.min(len + 1)));
            last_was_run = true;
            continue;
        }
        match Cell::from_letter(c) {
            Some(cell) => cells.push(cell),
            None => problems.push(Problem::new(
                "QfenSyntax",
                format!(
                    "`{}` is not a piece letter (S L C s l c X) or an empty run",
                    row[i..].chars().next().unwrap_or(' ')
                ),
                Span::new(at + i, row[i..].chars().next().map_or(1, |c| c.len_utf8())),
            )),
        }
        last_was_run = false;
        i += row[i..].chars().next().map_or(1, |c| c.len_utf8());
    }
    if cells.len() != len {
        problems.push(Problem::new(
            "RowLength",
            format!("this row has {len} points, but {} are written", cells.len()),
            Span::new(at, row.len()),
        ));
    }
    cells.resize(len, Cell::Empty);
    cells
}

/// Side, captured Absorbers, lock, move number.
fn read_fields(text: &str, fields: &[(usize, &str)], pos: &mut Position, problems: &mut Vec<Problem>) {
    let field_span = |i: usize| fields.get(i).map_or(Span::new(text.len(), 0), |&(a, f)| Span::new(a, f.len()));
    if fields.len() < 4 || fields.len() > 5 {
        let span = if fields.len() > 5 { field_span(5) } else { Span::new(text.trim_end().len(), 0) };
        problems.push(Problem::new(
            "QfenSyntax",
            "QFEN has 4 or 5 fields: board, side, captured Absorbers, lock, [move number]",
            span,
        ));
        if fields.len() < 4 {
            return;
        }
    }
    match fields[1].1 {
        "r" => pos.side = Side::Red,
        "b" => pos.side = Side::Blue,
        _ => problems.push(Problem::new("QfenSyntax", "the side to move is `r` or `b`", field_span(1))),
    }
    match fields[2].1.split_once(':').and_then(|(a, b)| Some((count(a)?, count(b)?))) {
        Some((r, b)) => pos.captured = [r, b],
        None => {
            problems.push(Problem::new("QfenSyntax", "captured Absorbers are written `<red>:<blue>`", field_span(2)))
        }
    }
    read_lock(fields[3], pos, problems);
    if let Some(&(_, f)) = fields.get(4) {
        match f.parse::<u32>() {
            Ok(n) if n > 0 && !f.starts_with('0') => pos.fullmove = n,
            _ => problems.push(Problem::new("QfenSyntax", "the move number is a positive number", field_span(4))),
        }
    }
}

fn count(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn read_lock((at, f): (usize, &str), pos: &mut Position, problems: &mut Vec<Problem>) {
    if f == "-" {
        return;
    }
    let span = Span::new(at, f.len());
    let point = match read_point(f, 0) {
        Some((p, end)) if end == f.len() => p,
        _ => {
            problems.push(Problem::new("QfenSyntax", "the lock is a point or `-`", span));
            return;
        }
    };
    let mut point = point;
    point.span = span;
    match point.resolve(pos.geo) {
        Ok(p) if pos.at(p) == Cell::Absorber => pos.locked = Some(p),
        Ok(_) => {
            problems.push(Problem::new("LockedNotAbsorber", format!("the locked point {f} holds no Absorber"), span))
        }
        Err(e) => problems.push(e),
    }
}

/// The piece supply of §13 and A31; returns the warnings.
fn check_supply(pos: &Position, fields: &[(usize, &str)], problems: &mut Vec<Problem>) -> Vec<Problem> {
    let board_span = Span::new(fields[0].0, fields[0].1.len());
    for side in [Side::Red, Side::Blue] {
        let n = pos.score(side);
        if n > pos.cylinder_supply() {
            problems.push(Problem::new(
                "TooManyCylinders",
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
            "TooManyAbsorbers",
            format!(
                "{on_board} Absorbers on the board and {} captured exceed the {supply} of the game",
                total - on_board
            ),
            board_span,
        ));
    } else if total < supply {
        warnings.push(Problem::new(
            "FewAbsorbers",
            format!("only {total} of the {supply} Absorbers are accounted for"),
            board_span,
        ));
    }
    warnings
}

/// The canonical QFEN of a position; the move number is omitted when it is 1.
pub fn to_qfen(pos: &Position) -> String {
    let geo = pos.geo;
    let rows: Vec<String> = (0..geo.rows()).rev().map(|r| row_text(&pos.cells[geo.row(r)])).collect();
    let side = if pos.side == Side::Red { "r" } else { "b" };
    let locked = pos.locked.map_or("-".to_string(), |p| geo.name(p));
    let mut s = format!("{} {side} {}:{} {locked}", rows.join("/"), pos.captured[0], pos.captured[1]);
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
