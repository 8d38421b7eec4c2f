//! One move of 5DPGN's movetext (§10): its board references (`(0T1)`, `(-1T4)`), piece
//! letter, squares, capture, jump (`>`, `>>`) or vector, promotion and marks. It knows
//! nothing of legality.

use super::super::record::{BoardRef, Castle, JumpMark, MoveText};
use super::super::types::Kind;
use super::word::Cursor;
use crate::core::{Problem, Span};

/// `(LT)`, `(L…)` or `(T…)` with optional spaces, or `None` (position unchanged) if the text
/// there is not a board reference.
fn board_ref(s: &mut Cursor) -> Option<BoardRef> {
    let start = s.pos;
    let r = board_ref_inner(s);
    if r.is_none() {
        s.pos = start;
    }
    r
}

fn board_ref_inner(s: &mut Cursor) -> Option<BoardRef> {
    let start = s.pos;
    if !s.eat(b'(') {
        return None;
    }
    let spaces = |s: &mut Cursor| {
        while s.peek() == Some(b' ') {
            s.pos += 1;
        }
    };
    spaces(s);
    let only_turn = s.peek() == Some(b'T');
    let mut timeline = None;
    if !only_turn {
        let had_l = s.eat(b'L');
        spaces(s);
        let negative = s.eat(b'-');
        let signed = negative || s.eat(b'+');
        let n = s.number()?;
        timeline = Some((negative, i32::try_from(n).ok()?, signed));
        spaces(s);
        if had_l && s.eat(b')') {
            return Some(BoardRef {
                timeline,
                turn: None,
                span: s.span_from(start),
            });
        }
    }
    if !s.eat(b'T') {
        return None;
    }
    spaces(s);
    let t = s.number()?;
    spaces(s);
    if !s.eat(b')') {
        return None;
    }
    Some(BoardRef {
        timeline,
        turn: Some(i32::try_from(t).ok()?),
        span: s.span_from(start),
    })
}

fn piece_letter(s: &mut Cursor) -> Option<Kind> {
    for (alias, k) in [
        ("BR", Kind::Brawn),
        ("CK", Kind::CommonKing),
        ("RQ", Kind::RoyalQueen),
        ("PR", Kind::Princess),
    ] {
        if s.starts(alias) {
            s.pos += 2;
            return Some(k);
        }
    }
    let c = s.peek()?;
    if c.is_ascii_uppercase() {
        let k = Kind::from_letter(c as char)?;
        s.pos += 1;
        return Some(k);
    }
    None
}

fn is_file(c: u8) -> bool {
    (b'a'..=b'h').contains(&c)
}
fn is_rank(c: u8) -> bool {
    (b'1'..=b'8').contains(&c)
}

/// Coordinates seen between the piece letter and the end of the move body.
#[derive(Default)]
struct Coords {
    files: Seen,
    ranks: Seen,
}

/// The files (or ranks) seen on one side of a move, each with its offset: as much of the
/// list as telling the squares needs (how many, the first, the last), so that reading a
/// move allocates nothing; the scanner reads each move twice, once to measure it.
#[derive(Clone, Copy, Default)]
struct Seen {
    len: usize,
    first: Option<(usize, i32)>,
    last: Option<(usize, i32)>,
}

impl Seen {
    fn one(c: (usize, i32)) -> Seen {
        let mut s = Seen::default();
        s.push(c);
        s
    }
    fn push(&mut self, c: (usize, i32)) {
        self.first = self.first.or(Some(c));
        self.last = Some(c);
        self.len += 1;
    }
    fn len(&self) -> usize {
        self.len
    }
    fn first(&self) -> Option<(usize, i32)> {
        self.first
    }
    /// The last one, taken off; once only, as the last before it is not kept.
    fn pop(&mut self) -> Option<(usize, i32)> {
        let last = self.last.take()?;
        self.len -= 1;
        if self.len == 0 {
            self.first = None;
        }
        Some(last)
    }
}

/// The move at the cursor, which ends past it.
pub(super) fn read_move(s: &mut Cursor) -> Result<MoveText, Problem> {
    let start = s.pos;
    let source = board_ref(s);
    if source.is_none() && s.peek() == Some(b'(') {
        let end = next_break(s.text, start);
        return Err(Problem::syntax(
            "a board is written `(LTt)`, as in `(0T1)` or `(-1T3)`",
            Span::new(start, end - start),
        ));
    }
    let mut m = MoveText {
        source,
        piece: None,
        from_file: None,
        from_rank: None,
        jump: None,
        capture: false,
        dest_board: None,
        to: None,
        castle: None,
        vector: None,
        promotion: None,
        mark: None,
        tilde: false,
        span: Span::default(),
    };
    if let Some(c) = castle(s) {
        m.castle = Some(c);
    } else {
        m.piece = piece_letter(s);
        body(s, &mut m, start)?;
    }
    suffixes(s, &mut m);
    m.span = s.span_from(start);
    if m.to.is_none() && m.castle.is_none() && m.vector.is_none() {
        let end = next_break(s.text, start);
        return Err(Problem::syntax(
            "this is not a move",
            Span::new(start, end - start),
        ));
    }
    Ok(m)
}

/// Where the white space after `from`'s character starts, or the text's end.
pub(super) fn next_break(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let mut i = from + 1;
    while i < b.len() && !b[i].is_ascii_whitespace() {
        i += 1;
    }
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(b.len())
}

fn castle(s: &mut Cursor) -> Option<Castle> {
    for (t, c) in [
        ("O-O-O", Castle::Long),
        ("0-0-0", Castle::Long),
        ("O-O", Castle::Short),
        ("0-0", Castle::Short),
    ] {
        if s.starts(t) {
            s.pos += t.len();
            return Some(c);
        }
    }
    None
}

/// Squares, `x`, the jump marker and the destination board.
fn body(s: &mut Cursor, m: &mut MoveText, start: usize) -> Result<(), Problem> {
    let mut before = Coords::default();
    let mut after = Coords::default();
    loop {
        let here = s.pos;
        match s.peek() {
            Some(b'x') => {
                s.pos += 1;
                m.capture = true;
            }
            Some(b'>') if m.jump.is_none() => {
                s.pos += 1;
                m.jump = Some(if s.eat(b'>') {
                    JumpMark::Double
                } else {
                    JumpMark::Single
                });
            }
            Some(b'(')
                if m.dest_board.is_none()
                    && m.vector.is_none()
                    && !s.starts("(~")
                    && !s.starts("(>") =>
            {
                if let Some(b) = board_ref(s) {
                    m.dest_board = Some(b);
                } else if let Some(v) = super::vector::vector(s.text, &mut s.pos) {
                    m.vector = Some(v);
                } else {
                    break;
                }
            }
            Some(c) if is_file(c) => {
                s.pos += 1;
                side(m, &mut before, &mut after)
                    .files
                    .push((here, (c - b'a') as i32));
            }
            Some(c) if is_rank(c) => {
                s.pos += 1;
                side(m, &mut before, &mut after)
                    .ranks
                    .push((here, (c - b'1') as i32));
            }
            _ => break,
        }
    }
    assign(m, before, after, start, s.pos)
}

fn side<'c>(m: &MoveText, before: &'c mut Coords, after: &'c mut Coords) -> &'c mut Coords {
    if m.jump.is_some() || m.dest_board.is_some() {
        after
    } else {
        before
    }
}

/// Split the coordinates into source disambiguation and destination square.
fn assign(
    m: &mut MoveText,
    mut before: Coords,
    after: Coords,
    start: usize,
    end: usize,
) -> Result<(), Problem> {
    let wrong = || {
        Problem::syntax(
            "cannot tell the squares of this move",
            Span::new(start, end - start),
        )
    };
    if m.vector.is_some() {
        if before.files.len() != 1
            || before.ranks.len() != 1
            || m.jump.is_some()
            || m.dest_board.is_some()
        {
            return Err(wrong());
        }
        m.from_file = before.files.first().map(|x| x.1);
        m.from_rank = before.ranks.first().map(|x| x.1);
        return Ok(());
    }
    let dest = if m.jump.is_some() || m.dest_board.is_some() {
        after
    } else {
        let (Some(r), Some(f)) = (before.ranks.pop(), before.files.pop()) else {
            return Err(wrong());
        };
        if f.0 > r.0 {
            return Err(wrong());
        }
        Coords {
            files: Seen::one(f),
            ranks: Seen::one(r),
        }
    };
    if dest.files.len() != 1
        || dest.ranks.len() != 1
        || before.files.len() > 1
        || before.ranks.len() > 1
    {
        return Err(wrong());
    }
    m.to = dest
        .files
        .first()
        .zip(dest.ranks.first())
        .map(|(f, r)| (f.1, r.1));
    m.from_file = before.files.first().map(|x| x.1);
    m.from_rank = before.ranks.first().map(|x| x.1);
    Ok(())
}

fn suffixes(s: &mut Cursor, m: &mut MoveText) {
    if s.eat(b'=') {
        let save = s.pos;
        m.promotion = piece_letter(s);
        if m.promotion.is_none() {
            s.pos = save - 1;
        }
    } else if m.to.is_some_and(|(_, r)| r == 0 || r == 7)
        && s.peek().is_some_and(|c| b"QNRBSUD".contains(&c))
    {
        m.promotion = piece_letter(s);
    }
    for _ in 0..3 {
        match s.peek() {
            Some(c @ (b'+' | b'#')) => {
                s.pos += 1;
                m.mark = Some(c as char);
            }
            Some(b'*') if m.mark.is_none() => {
                s.pos += 1;
                m.mark = Some('*');
            }
            Some(b'~') => {
                s.pos += 1;
                m.tilde = true;
            }
            _ => break,
        }
    }
}
