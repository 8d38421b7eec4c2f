//! Reading 5DPGN (§10): a scanner over the text that keeps every item's byte span. It knows
//! nothing of legality; unreadable text is a `Syntax` problem at its place. White space,
//! comments and the bracketed tags and boards are read by the record scanner
//! (`core::scan`) as [`DIALECT`] spells them; the movetext's items are 5D's own.

use super::super::fen;
use super::super::record::{BoardRef, Castle, Item, JumpMark, MoveText, Record, Tag};
use super::super::types::{Colour, Kind};
use crate::core::scan::{self, Dialect, Fault, Glued, Space, TagRule, TagValue};
use crate::core::{CommonRule, Problem, Span};

/// Variations may nest, but not without bound.
const MAX_DEPTH: usize = 64;

/// 5DPGN's spelling of what it shares with PGN: ASCII white space, `{…}` comments that
/// nest, and bracketed groups on one line, `[Name "value"]` a tag (the name ends at white
/// space or a quote) and a group without quotes a 5DFEN board.
pub const DIALECT: Dialect = Dialect {
    space: Space::Ascii,
    tag_space: Space::Ascii,
    escape_lines: false,
    lines: false,
    tag: TagRule {
        name: |c| !(c.is_whitespace() || c == '"'),
        gap: None,
        empty_name: false,
        value: TagValue::Bracketed {
            close: scan::Close::OutsideQuotes,
            boards: false,
        },
    },
    header_comments: false,
    tags_after_moves: false,
    brace_comments: true,
    nested_comments: true,
    line_comments: false,
    max_depth: MAX_DEPTH,
    word_ends: "",
    words: None,
    groups: &[],
    results: &[],
    result_ends_record: false,
    nags: false,
    number: scan::no_number,
    glued: Glued::Move,
};

struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn starts(&self, s: &str) -> bool {
        self.b[self.pos.min(self.b.len())..].starts_with(s.as_bytes())
    }
    fn span_from(&self, start: usize) -> Span {
        Span::new(start, self.pos - start)
    }
    fn number(&mut self) -> Option<i64> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start || self.pos - start > 9 {
            return None;
        }
        self.text[start..self.pos].parse().ok()
    }
    /// Skip white space and comments, collecting the comments.
    fn skip(&mut self, comments: &mut Vec<(String, Span)>) -> Result<(), Problem> {
        let mut s = scan::Scanner::new(self.text, &DIALECT);
        s.set_at(self.pos);
        loop {
            s.skip_space();
            self.pos = s.at();
            if s.peek() != Some(b'{') {
                return Ok(());
            }
            let c = s.comment().map_err(fault)?;
            comments.push((c.text.to_string(), c.span));
        }
    }
}

/// A problem of 5DPGN's own words for what the scanner could not read.
fn fault(f: Fault) -> Problem {
    match f {
        Fault::CommentOpen { at } => {
            Problem::syntax("this comment is never closed by `}`", Span::new(at, 1))
        }
        Fault::TagOpen { start } => Problem::syntax(
            "this `[` is never closed by `]` on its line",
            Span::new(start, 1),
        ),
        other => other.problem(),
    }
}

/// Read a whole 5DPGN file: tags, 5DFEN boards, then movetext.
pub fn parse(text: &str) -> Result<Record, Problem> {
    let mut s = Scanner {
        text,
        b: text.as_bytes(),
        pos: 0,
    };
    let mut rec = Record {
        tags: vec![],
        fens: vec![],
        items: vec![],
        comments: vec![],
    };
    if s.starts("\u{feff}") {
        s.pos = 3;
    }
    loop {
        s.skip(&mut rec.comments)?;
        if s.peek() != Some(b'[') {
            break;
        }
        let mut brackets = scan::Scanner::new(text, &DIALECT);
        brackets.set_at(s.pos);
        let span = brackets
            .bracket(scan::Close::OutsideQuotes)
            .map_err(fault)?;
        let raw = &text[span.offset..span.end()];
        if raw.contains('"') {
            let t = brackets
                .bracketed(span)
                .map_err(|_| Problem::syntax("a tag is written [Name \"value\"]", span))?;
            rec.tags.push(Tag {
                name: t.name.to_string(),
                value: t.value(),
                span,
            });
        } else {
            rec.fens.push(fen::parse_board(raw, span)?);
        }
        s.pos = span.end();
    }
    rec.items = movetext(&mut s, &mut rec.comments, 0)?;
    if rec.tags.is_empty() && rec.fens.is_empty() && rec.items.is_empty() {
        return Err(Problem::no_record("5DPGN tag, board or move"));
    }
    Ok(rec)
}

fn movetext(
    s: &mut Scanner,
    comments: &mut Vec<(String, Span)>,
    depth: usize,
) -> Result<Vec<Item>, Problem> {
    let mut items = Vec::new();
    loop {
        s.skip(comments)?;
        let Some(c) = s.peek() else { return Ok(items) };
        if c == b')' {
            if depth > 0 {
                return Ok(items);
            }
            return Err(Problem::syntax(
                "this `)` closes nothing",
                Span::new(s.pos, 1),
            ));
        }
        items.push(item(s, comments, depth)?);
    }
}

fn item(
    s: &mut Scanner,
    comments: &mut Vec<(String, Span)>,
    depth: usize,
) -> Result<Item, Problem> {
    let start = s.pos;
    for r in ["1-0", "0-1", "1/2-1/2"] {
        if s.starts(r)
            && !s
                .b
                .get(s.pos + r.len())
                .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            s.pos += r.len();
            return Ok(Item::Result {
                text: r.to_string(),
                span: s.span_from(start),
            });
        }
    }
    match s.peek() {
        Some(b'/') => {
            s.pos += 1;
            Ok(Item::Slash {
                span: s.span_from(start),
            })
        }
        Some(b'*') => {
            s.pos += 1;
            Ok(Item::Result {
                text: "*".into(),
                span: s.span_from(start),
            })
        }
        Some(b'!' | b'?') => {
            while s.peek().is_some_and(|c| c == b'!' || c == b'?') {
                s.pos += 1;
            }
            Ok(Item::Annotation {
                span: s.span_from(start),
            })
        }
        Some(c) if c.is_ascii_digit() && turn_serial_ahead(s) => turn_serial(s),
        Some(b'(') if s.starts("(~T") => present_token(s),
        Some(b'(') if s.starts("(>L") => timeline_token(s),
        Some(b'(') if variation_ahead(s) => variation(s, comments, depth),
        _ => read_move(s).map(Item::Move),
    }
}

fn turn_serial_ahead(s: &Scanner) -> bool {
    let mut i = s.pos;
    while s.b.get(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if matches!(s.b.get(i), Some(b'w' | b'b')) {
        i += 1;
    }
    s.b.get(i) == Some(&b'.')
}

fn turn_serial(s: &mut Scanner) -> Result<Item, Problem> {
    let start = s.pos;
    let n = s
        .number()
        .ok_or_else(|| Problem::syntax("a turn number is too long", Span::new(start, 1)))?;
    let colour = match s.peek() {
        Some(b'w') => Some(Colour::White),
        Some(b'b') => Some(Colour::Black),
        _ => None,
    };
    if colour.is_some() {
        s.pos += 1;
    }
    s.eat(b'.');
    Ok(Item::Turn {
        number: n as u32,
        colour,
        span: s.span_from(start),
    })
}

fn variation_ahead(s: &Scanner) -> bool {
    let mut i = s.pos + 1;
    while s.b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    if s.b.get(i) == Some(&b'/') {
        return true;
    }
    let sub = Scanner {
        text: s.text,
        b: s.b,
        pos: i,
    };
    i > s.pos + 1 || sub.peek().is_some_and(|c| c.is_ascii_digit()) && turn_serial_ahead(&sub)
}

fn variation(
    s: &mut Scanner,
    comments: &mut Vec<(String, Span)>,
    depth: usize,
) -> Result<Item, Problem> {
    let start = s.pos;
    if depth >= MAX_DEPTH {
        let msg = format!("variations nest deeper than {MAX_DEPTH} levels");
        return Err(Problem::new(CommonRule::TooDeep, msg, Span::new(start, 1)));
    }
    s.pos += 1;
    movetext(s, comments, depth + 1)?;
    if !s.eat(b')') {
        return Err(Problem::syntax(
            "this variation is never closed by `)`",
            Span::new(start, 1),
        ));
    }
    Ok(Item::Variation {
        span: s.span_from(start),
    })
}

fn present_token(s: &mut Scanner) -> Result<Item, Problem> {
    let start = s.pos;
    s.pos += 3;
    let n = s.number();
    match (n, s.eat(b')')) {
        (Some(n), true) => Ok(Item::Present {
            turn: n as u32,
            span: s.span_from(start),
        }),
        _ => Err(Problem::syntax(
            "a present token is written (~T<turn>)",
            s.span_from(start),
        )),
    }
}

fn timeline_token(s: &mut Scanner) -> Result<Item, Problem> {
    let start = s.pos;
    s.pos += 3;
    let negative = s.eat(b'-');
    if !negative {
        s.eat(b'+');
    }
    let n = s.number();
    match (n, s.eat(b')')) {
        (Some(n), true) => Ok(Item::NewTimeline {
            negative,
            number: n as i32,
            span: s.span_from(start),
        }),
        _ => Err(Problem::syntax(
            "a timeline token is written (>L<label>)",
            s.span_from(start),
        )),
    }
}

/// `(LT)`, `(L…)` or `(T…)` with optional spaces, or `None` (position unchanged) if the text
/// there is not a board reference.
fn board_ref(s: &mut Scanner) -> Option<BoardRef> {
    let start = s.pos;
    let r = board_ref_inner(s);
    if r.is_none() {
        s.pos = start;
    }
    r
}

fn board_ref_inner(s: &mut Scanner) -> Option<BoardRef> {
    let start = s.pos;
    if !s.eat(b'(') {
        return None;
    }
    let spaces = |s: &mut Scanner| {
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

fn piece_letter(s: &mut Scanner) -> Option<Kind> {
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
    files: Vec<(usize, i32)>,
    ranks: Vec<(usize, i32)>,
}

fn read_move(s: &mut Scanner) -> Result<MoveText, Problem> {
    let start = s.pos;
    let source = board_ref(s);
    if source.is_none() && s.peek() == Some(b'(') {
        let end = next_break(s, start);
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
        let end = next_break(s, start);
        return Err(Problem::syntax(
            "this is not a move",
            Span::new(start, end - start),
        ));
    }
    Ok(m)
}

fn next_break(s: &Scanner, from: usize) -> usize {
    let mut i = from + 1;
    while i < s.b.len() && !s.b[i].is_ascii_whitespace() {
        i += 1;
    }
    while !s.text.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.b.len())
}

fn castle(s: &mut Scanner) -> Option<Castle> {
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
fn body(s: &mut Scanner, m: &mut MoveText, start: usize) -> Result<(), Problem> {
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
        m.from_file = Some(before.files[0].1);
        m.from_rank = Some(before.ranks[0].1);
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
            files: vec![f],
            ranks: vec![r],
        }
    };
    if dest.files.len() != 1
        || dest.ranks.len() != 1
        || before.files.len() > 1
        || before.ranks.len() > 1
    {
        return Err(wrong());
    }
    m.to = Some((dest.files[0].1, dest.ranks[0].1));
    m.from_file = before.files.first().map(|x| x.1);
    m.from_rank = before.ranks.first().map(|x| x.1);
    Ok(())
}

fn suffixes(s: &mut Scanner, m: &mut MoveText) {
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
