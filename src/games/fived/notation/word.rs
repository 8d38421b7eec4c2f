//! One word of 5DPGN's movetext (§10), by 5D's own rules: a turn serial (`12.`, `12w.`,
//! `12b.`), `/`, a result, an annotation (`!?`), a present token (`(~T3)`), a timeline
//! token (`(>L-1)`) or a move ([`super::moves`]). Words need no white space between them
//! (`e4!?`, `d5/d4`) and a move's board references may hold spaces (`(0 T1)Nf3`), so the
//! record scanner asks [`end`] where a word ends and [`opens_variation`] what a `(` starts,
//! and the reader reads the word it is handed with [`read`].

use super::super::record::Item;
use super::super::types::Colour;
use super::moves;
use crate::core::{Problem, Span};

/// A position in the text, for reading one word.
pub(super) struct Cursor<'a> {
    pub text: &'a str,
    pub b: &'a [u8],
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, pos: usize) -> Cursor<'a> {
        Cursor {
            text,
            b: text.as_bytes(),
            pos,
        }
    }
    pub fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }
    pub fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub fn starts(&self, s: &str) -> bool {
        self.b[self.pos.min(self.b.len())..].starts_with(s.as_bytes())
    }
    pub fn span_from(&self, start: usize) -> Span {
        Span::new(start, self.pos - start)
    }
    /// At most nine digits, so that every turn and timeline fits.
    pub fn number(&mut self) -> Option<i64> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start || self.pos - start > 9 {
            return None;
        }
        self.text[start..self.pos].parse().ok()
    }
}

/// The word at `at`, and where it ends.
pub fn read(text: &str, at: usize) -> Result<(Item, usize), Problem> {
    let mut s = Cursor::new(text, at);
    let item = item(&mut s)?;
    Ok((item, s.pos))
}

/// Where the word at `at` ends: past what [`read`] reads there, or at the next white space
/// when it reads nothing (its problem is [`read`]'s to tell).
pub fn end(text: &str, at: usize) -> usize {
    match read(text, at) {
        Ok((_, end)) => end,
        Err(_) => moves::next_break(text, at),
    }
}

/// Whether the `(` at `at` opens a variation: it does unless it starts a present token, a
/// timeline token or a board reference (`(0T1)Nf3`), which a variation tells apart by
/// what stands first in it, white space, `/` or a turn serial (`( 2.`, `(/`, `(2w.`).
pub fn opens_variation(text: &str, at: usize) -> bool {
    let s = Cursor::new(text, at);
    if s.starts("(~T") || s.starts("(>L") {
        return false;
    }
    let mut i = at + 1;
    while s.b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    if s.b.get(i) == Some(&b'/') {
        return true;
    }
    i > at + 1 || s.b.get(i).is_some_and(|c| c.is_ascii_digit()) && serial_ahead(s.b, i)
}

/// The length of the turn serial a word is (`12.`, `12w.`, `12b.`), or 0 when it is none.
pub fn serial_len(word: &str) -> usize {
    let b = word.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_digit) || !serial_ahead(b, 0) {
        return 0;
    }
    b.iter().position(|&c| c == b'.').map_or(0, |i| i + 1)
}

fn item(s: &mut Cursor) -> Result<Item, Problem> {
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
        Some(c) if c.is_ascii_digit() && serial_ahead(s.b, s.pos) => turn_serial(s),
        Some(b'(') if s.starts("(~T") => present_token(s),
        Some(b'(') if s.starts("(>L") => timeline_token(s),
        _ => moves::read_move(s).map(Item::Move),
    }
}

/// Whether digits, then `w` or `b` or neither, then `.` stand at `i`.
fn serial_ahead(b: &[u8], mut i: usize) -> bool {
    while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if matches!(b.get(i), Some(b'w' | b'b')) {
        i += 1;
    }
    b.get(i) == Some(&b'.')
}

fn turn_serial(s: &mut Cursor) -> Result<Item, Problem> {
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

fn present_token(s: &mut Cursor) -> Result<Item, Problem> {
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

fn timeline_token(s: &mut Cursor) -> Result<Item, Problem> {
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

#[cfg(test)]
mod tests {
    use super::{end, opens_variation, serial_len};

    #[test]
    fn a_word_ends_where_5d_stops_reading_it() {
        let text = "(0 T1)Ng1f3!? 12w./(-1T4)Qd2>>(0T2)d4 1-0 zz";
        assert_eq!(&text[..end(text, 0)], "(0 T1)Ng1f3");
        assert_eq!(&text[11..end(text, 11)], "!?");
        assert_eq!(&text[14..end(text, 14)], "12w.");
        assert_eq!(&text[18..end(text, 18)], "/");
        assert_eq!(&text[19..end(text, 19)], "(-1T4)Qd2>>(0T2)d4");
        assert_eq!(&text[38..end(text, 38)], "1-0");
        // what 5D cannot read runs to the next white space
        assert_eq!(&text[42..end(text, 42)], "zz");
    }

    #[test]
    fn a_paren_opens_a_variation_unless_a_board_or_token_starts_there() {
        for v in ["( 2. e4)", "(/ e5)", "(2w.e4)", "(\n1.e4)"] {
            assert!(opens_variation(v, 0), "{v}");
        }
        for w in ["(0T1)Nf3", "(~T3)", "(>L-1)", "(2T1)e4", "()"] {
            assert!(!opens_variation(w, 0), "{w}");
        }
    }

    #[test]
    fn turn_serials_are_digits_a_colour_and_a_dot() {
        assert_eq!(serial_len("12."), 3);
        assert_eq!(serial_len("3b."), 3);
        assert_eq!(serial_len("1e4"), 0);
        assert_eq!(serial_len("w."), 0);
    }
}
