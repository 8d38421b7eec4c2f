//! The scanner: a cursor over the text that reads the tokens of a [`Dialect`], and the
//! walk that drives a [`Visitor`] through records, tags, movetext and variations.

use super::dialect::{Close, Dialect, Glued, TagValue};
use super::visitor::{Comment, Fault, Skip, Tag, Visitor};
use crate::core::{Problem, Span};

/// A cursor over a record text, reading tokens as `dialect` spells them. Tokens borrow
/// from the text: nothing is allocated while scanning.
pub struct Scanner<'a, 'd> {
    text: &'a str,
    b: &'a [u8],
    at: usize,
    d: &'d Dialect,
    /// What each ASCII byte is here: [`SPACE`], [`END`] (of a word), or neither.
    class: [u8; 128],
}

/// An ASCII byte that is white space between tokens.
const SPACE: u8 = 1;
/// An ASCII byte that ends a word.
const END: u8 = 2;

impl<'a, 'd> Scanner<'a, 'd> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a str, dialect: &'d Dialect) -> Scanner<'a, 'd> {
        let mut class = [0u8; 128];
        for (b, c) in class.iter_mut().enumerate() {
            if dialect.space.holds_byte(b as u8) {
                *c = SPACE | END;
            }
        }
        for &b in dialect.word_ends.as_bytes() {
            class[usize::from(b & 0x7f)] |= END;
        }
        Scanner {
            text,
            b: text.as_bytes(),
            at: 0,
            d: dialect,
            class,
        }
    }

    /// Move to byte offset `at` (a character boundary).
    pub fn set_at(&mut self, at: usize) {
        self.at = at;
    }

    /// The byte at the cursor.
    pub fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }

    fn char_at(&self, i: usize) -> Option<char> {
        let b = *self.b.get(i)?;
        if b < 0x80 {
            Some(b as char)
        } else {
            self.text[i..].chars().next()
        }
    }

    /// The length of the white space character at `i`, if it is one.
    fn space_at(&self, i: usize) -> Option<usize> {
        let b = *self.b.get(i)?;
        if b < 0x80 {
            return (self.class[usize::from(b)] & SPACE != 0).then_some(1);
        }
        let c = self.char_at(i)?;
        self.d.space.holds(c).then(|| c.len_utf8())
    }

    /// The offset of the line end (`\n`) at or after `i`, or the text's end.
    fn line_end(&self, i: usize) -> usize {
        self.text[i..].find('\n').map_or(self.b.len(), |n| i + n)
    }

    /// Whether only white space stands between the line's start and `i`.
    fn at_line_start(&self, i: usize) -> bool {
        let begin = self.text[..i].rfind('\n').map_or(0, |n| n + 1);
        self.text[begin..i]
            .chars()
            .all(|c| self.d.tag_space.holds(c))
    }

    /// Past white space (and PGN's escape lines).
    pub fn skip_space(&mut self) {
        loop {
            let Some(&b) = self.b.get(self.at) else {
                return;
            };
            if b == b'%' && self.d.escape_lines && (self.at == 0 || self.b[self.at - 1] == b'\n') {
                self.at = self.line_end(self.at);
                continue;
            }
            match self.space_at(self.at) {
                Some(n) => self.at += n,
                None => return,
            }
        }
    }

    /// For a dialect whose tag lines may be indented by white space its moves do not
    /// count as such: past that indent when a tag follows it (or, with `blank`, when
    /// nothing does, a blank line).
    fn tag_indent(&mut self, blank: bool) {
        if !self.d.lines || self.d.tag_space == self.d.space {
            return;
        }
        loop {
            let start = self.at;
            if !self.at_line_start(start) {
                return;
            }
            let mut i = start;
            while let Some(c) = self.char_at(i)
                && c != '\n'
                && self.d.tag_space.holds(c)
            {
                i += c.len_utf8();
            }
            match self.b.get(i) {
                Some(b'[') => {
                    self.at = i;
                    return;
                }
                None | Some(b'\n') if blank && i > start => {
                    self.at = i;
                    self.skip_space();
                }
                _ => return,
            }
        }
    }

    /// Past a tag line's white space, on this line.
    fn skip_line_space(&mut self) {
        while let Some(c) = self.char_at(self.at)
            && c != '\n'
            && self.d.tag_space.holds(c)
        {
            self.at += c.len_utf8();
        }
    }

    /// Past the gap between two parts of a tag: white space, on its line if the dialect
    /// is line-based.
    fn skip_tag_space(&mut self) {
        if self.d.lines {
            self.skip_line_space();
        } else {
            self.skip_space();
        }
    }

    /// A tag pair at the cursor (`[`); on a fault the cursor stays at the `[`.
    pub fn tag(&mut self) -> Result<Tag<'a>, Fault> {
        let start = self.at;
        let read = match self.d.tag.value {
            TagValue::Quoted {
                escapes,
                space_before_close,
            } => self.quoted_tag(escapes, space_before_close),
            TagValue::Bracketed { close, .. } => self
                .bracket(close)
                .and_then(|span| self.bracketed(span))
                .inspect(|t| self.at = t.span.end()),
        };
        if read.is_err() {
            self.at = start;
        }
        read
    }

    fn quoted_tag(&mut self, escapes: bool, space_before_close: bool) -> Result<Tag<'a>, Fault> {
        let rule = self.d.tag;
        let start = self.at;
        self.at += 1;
        let name_start = self.at;
        while let Some(c) = self.char_at(self.at)
            && (rule.name)(c)
        {
            self.at += c.len_utf8();
        }
        let name = &self.text[name_start..self.at];
        match rule.gap {
            None => self.skip_tag_space(),
            Some(gap) if self.text[self.at..].starts_with(gap) => self.at += gap.len(),
            Some(_) => return Err(Fault::TagQuote { start, at: self.at }),
        }
        if name.is_empty() && !rule.empty_name {
            return Err(Fault::TagName { start, at: self.at });
        }
        if self.peek() != Some(b'"') {
            return Err(Fault::TagQuote { start, at: self.at });
        }
        self.at += 1;
        let value_start = self.at;
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(Fault::TagValue { start, at: self.at }),
                Some(b'"') => break,
                Some(b'\\') if escapes => {
                    self.at += 1;
                    match self.char_at(self.at) {
                        Some('\n') if self.d.lines => {
                            return Err(Fault::TagValue { start, at: self.at });
                        }
                        Some(c) => self.at += c.len_utf8(),
                        None => {}
                    }
                }
                // a byte of a multi-byte character is never `"`, `\\` or a line end
                Some(_) => self.at += 1,
            }
        }
        let value_span = Span::new(value_start, self.at - value_start);
        self.at += 1;
        let after = self.at;
        if space_before_close {
            self.skip_tag_space();
        }
        if self.peek() != Some(b']') {
            return Err(Fault::TagClose {
                start,
                after,
                at: self.at,
            });
        }
        self.at += 1;
        if self.d.lines {
            let end = self.line_end(self.at);
            if !self.text[self.at..end]
                .chars()
                .all(|c| self.d.tag_space.holds(c))
            {
                return Err(Fault::TagClose {
                    start,
                    after,
                    at: self.at,
                });
            }
        }
        Ok(Tag {
            name,
            raw: &self.text[value_start..value_span.end()],
            escapes,
            value_span,
            span: Span::new(start, self.at - start),
        })
    }

    /// The span of a bracketed group at the cursor (`[` to its `]`), the cursor unmoved.
    pub fn bracket(&self, close: Close) -> Result<Span, Fault> {
        let start = self.at;
        let end = match close {
            Close::LineEnd => {
                let line = &self.text[start..self.line_end(start)];
                let kept = line.trim_end_matches(|c| self.d.tag_space.holds(c));
                (kept.len() > 1 && kept.ends_with(']')).then(|| start + kept.len() - 1)
            }
            Close::OutsideQuotes => {
                let mut quoted = false;
                let mut end = None;
                for (i, &c) in self.b[start..].iter().enumerate().skip(1) {
                    match c {
                        b'"' => quoted = !quoted,
                        b']' if !quoted => {
                            end = Some(start + i);
                            break;
                        }
                        b'\n' if !quoted => break,
                        _ => {}
                    }
                }
                end
            }
        };
        end.map(|e| Span::new(start, e + 1 - start))
            .ok_or(Fault::TagOpen { start })
    }

    /// The tag pair a bracketed group holds: a name, one separator, a quoted value.
    pub fn bracketed(&self, span: Span) -> Result<Tag<'a>, Fault> {
        let rule = self.d.tag;
        let (start, end) = (span.offset, span.end() - 1);
        let inner = &self.text[start + 1..end];
        let head = Fault::TagName { start, at: end };
        let (name, rest) = match inner.char_indices().find(|&(_, c)| !(rule.name)(c)) {
            Some((i, sep)) => (&inner[..i], &inner[i + sep.len_utf8()..]),
            None => return Err(head),
        };
        if name.is_empty() && !rule.empty_name {
            return Err(head);
        }
        let value = rest
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or(Fault::TagQuote { start, at: end })?;
        Ok(Tag {
            name,
            raw: value,
            escapes: false,
            value_span: Span::of(self.text, value),
            span,
        })
    }

    /// A comment at the cursor (`{` or `;`); on a fault the cursor stays put.
    pub fn comment(&mut self) -> Result<Comment<'a>, Fault> {
        let start = self.at;
        if self.peek() == Some(b';') {
            let end = self.line_end(start);
            self.at = end;
            return Ok(Comment {
                text: &self.text[start + 1..end],
                span: Span::new(start, end - start),
            });
        }
        let limit = if self.d.lines {
            self.line_end(start)
        } else {
            self.b.len()
        };
        let close = if self.d.nested_comments {
            let mut depth = 0usize;
            self.b[start..limit].iter().position(|&c| {
                match c {
                    b'{' => depth += 1,
                    b'}' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
        } else {
            self.text[start + 1..limit].find('}').map(|i| i + 1)
        };
        let close = close.ok_or(Fault::CommentOpen { at: start })? + start;
        self.at = close + 1;
        Ok(Comment {
            text: &self.text[start + 1..close],
            span: Span::new(start, close + 1 - start),
        })
    }

    /// The end of the word at `from`: as the dialect measures it, or up to white space or
    /// one of the dialect's ends.
    fn word_end(&self, from: usize) -> usize {
        if let Some(words) = self.d.words {
            let end = (words.end)(self.text, from);
            return if end > from && self.text.is_char_boundary(end) {
                end
            } else {
                from + self.char_at(from).map_or(1, char::len_utf8)
            };
        }
        let mut i = from;
        while let Some(&b) = self.b.get(i) {
            if b < 0x80 {
                if self.class[usize::from(b)] & END != 0 {
                    break;
                }
                i += 1;
            } else {
                match self.space_at(i) {
                    Some(_) => break,
                    None => i += self.char_at(i).map_or(1, char::len_utf8),
                }
            }
        }
        i
    }

    /// The end of the group the character at `at` opens, if it opens one.
    fn group_end(&self, at: usize) -> Option<Result<usize, Fault>> {
        let open = self.char_at(at)?;
        let (_, closes) = self.d.groups.iter().find(|g| g.0.contains(&open))?;
        let body = at + open.len_utf8();
        let limit = if self.d.lines {
            self.line_end(at)
        } else {
            self.b.len()
        };
        let end = self.text[body..limit]
            .char_indices()
            .find(|(_, c)| closes.contains(c))
            .map(|(i, c)| body + i + c.len_utf8());
        Some(end.ok_or(Fault::GroupOpen { at, open }))
    }

    /// Scan from the cursor to the text's end, as [`scan`] does from its start (a reader
    /// that starts past a prefix of its own, as 5DPGN past a byte order mark).
    pub fn records<V: Visitor<'a>>(&mut self, v: &mut V) -> Result<(), Problem> {
        self.skip_space();
        while self.at < self.b.len() {
            let start = self.at;
            v.begin_record(start)?;
            self.tags(v)?;
            self.movetext(v, 0, false)?;
            v.end_record(Span::new(start, self.at - start))?;
            if self.at == start {
                // nothing read (a visitor tolerating what it cannot place): move on
                self.at = self.line_end(start).max(start + 1).min(self.b.len());
            }
            self.skip_space();
        }
        Ok(())
    }

    /// Hand a fault to the visitor; when it tolerates it, go on after the line.
    fn fault<V: Visitor<'a>>(&mut self, v: &mut V, fault: Fault) -> Result<(), Problem> {
        v.fault(fault)?;
        self.at = self.line_end(self.at).max(self.at + 1).min(self.b.len());
        Ok(())
    }

    /// The record's header: its tags (and boards, and comments, where the dialect has them
    /// there).
    fn tags<V: Visitor<'a>>(&mut self, v: &mut V) -> Result<(), Problem> {
        self.tag_indent(true);
        loop {
            match self.peek() {
                Some(b'{') if self.d.header_comments => self.comment_token(v, false)?,
                Some(b'[') if !self.d.lines || self.at_line_start(self.at) => {
                    self.tag_token(v)?;
                }
                _ => return Ok(()),
            }
            self.skip_space();
            self.tag_indent(true);
        }
    }

    /// A tag pair, or a board, at the cursor (`[`).
    fn tag_token<V: Visitor<'a>>(&mut self, v: &mut V) -> Result<(), Problem> {
        if let Some(span) = self.board() {
            self.at = span.end();
            return v.board(&self.text[span.offset..span.end()], span);
        }
        match self.tag() {
            // a tag line holds nothing else: on past its (blank) rest
            Ok(t) if self.d.lines => {
                self.at = self.line_end(self.at);
                v.tag(t)
            }
            Ok(t) => v.tag(t),
            Err(f) => self.fault(v, f),
        }
    }

    /// The span of the board at the cursor: a bracketed group with no quote in it, where
    /// the dialect has boards.
    fn board(&self) -> Option<Span> {
        let TagValue::Bracketed {
            close,
            boards: true,
        } = self.d.tag.value
        else {
            return None;
        };
        let span = self.bracket(close).ok()?;
        (!self.text[span.offset..span.end()].contains('"')).then_some(span)
    }

    /// Movetext up to the end of the text, of the variation, or of the record (the next
    /// tags, or a result that ends it).
    fn movetext<V: Visitor<'a>>(
        &mut self,
        v: &mut V,
        depth: usize,
        quiet: bool,
    ) -> Result<(), Problem> {
        let d = self.d;
        loop {
            self.skip_space();
            self.tag_indent(false);
            let at = self.at;
            let Some(b) = self.peek() else {
                return Ok(());
            };
            match b {
                b'[' if depth == 0 && (!d.lines || self.at_line_start(at)) => {
                    if d.tags_after_moves {
                        return Ok(());
                    }
                    let line = &self.text[at..self.line_end(at)];
                    let line = line.trim_end_matches(|c| d.tag_space.holds(c));
                    let span = Span::new(at, line.len());
                    self.fault(v, Fault::LateTag { span })?;
                }
                b'{' if d.brace_comments => self.comment_token(v, quiet)?,
                b';' if d.line_comments => self.comment_token(v, quiet)?,
                b'(' if d.max_depth > 0 => match d.words {
                    // a `(` that opens no variation starts a word, whatever ends one
                    Some(w) if !(w.opens)(self.text, at) => {
                        if self.word(v, depth, quiet)? {
                            return Ok(());
                        }
                    }
                    _ => self.variation(v, depth, quiet)?,
                },
                b')' if d.max_depth > 0 && depth > 0 => return Ok(()),
                b if b < 0x80 && self.class[usize::from(b)] & END != 0 => {
                    self.fault(v, Fault::Unexpected { at, c: b as char })?;
                }
                _ => {
                    if self.word(v, depth, quiet)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    fn comment_token<V: Visitor<'a>>(&mut self, v: &mut V, quiet: bool) -> Result<(), Problem> {
        match self.comment() {
            Ok(c) if !quiet => v.comment(c),
            Ok(_) => Ok(()),
            Err(f) => self.fault(v, f),
        }
    }

    fn variation<V: Visitor<'a>>(
        &mut self,
        v: &mut V,
        depth: usize,
        quiet: bool,
    ) -> Result<(), Problem> {
        let open = self.at;
        if depth + 1 > self.d.max_depth {
            return self.fault(v, Fault::TooDeep { at: open });
        }
        let skip = if quiet {
            Skip::Yes
        } else {
            v.begin_variation(Span::new(open, 1))?
        };
        self.at += 1;
        self.movetext(v, depth + 1, quiet || skip == Skip::Yes)?;
        if self.peek() != Some(b')') {
            self.at = open;
            return self.fault(v, Fault::VariationOpen { at: open });
        }
        self.at += 1;
        if !quiet {
            v.end_variation(Span::new(self.at - 1, 1))?;
        }
        Ok(())
    }

    /// One word: a group, a result, a NAG, a move number (and what is glued to it) or a
    /// move. True when it was a result that ends the record.
    fn word<V: Visitor<'a>>(
        &mut self,
        v: &mut V,
        depth: usize,
        quiet: bool,
    ) -> Result<bool, Problem> {
        let d = self.d;
        let start = self.at;
        if !d.groups.is_empty()
            && let Some(group) = self.group_end(start)
        {
            match group {
                Ok(end) => {
                    self.at = end;
                    if !quiet {
                        v.san(&self.text[start..end], Span::new(start, end - start))?;
                    }
                }
                Err(f) => self.fault(v, f)?,
            }
            return Ok(false);
        }
        let end = self.word_end(start);
        let word = &self.text[start..end];
        let span = Span::new(start, end - start);
        self.at = end;
        if d.results.contains(&word) {
            if depth > 0 {
                return Ok(false);
            }
            v.result(word, span)?;
            return Ok(d.result_ends_record);
        }
        if quiet {
            return Ok(false);
        }
        if d.nags
            && let Some(digits) = word.strip_prefix('$')
        {
            v.nag(digits, span)?;
            return Ok(false);
        }
        let n = (d.number)(word);
        if n == 0 {
            v.san(word, span)?;
            return Ok(false);
        }
        v.move_number(&word[..n], Span::new(start, n))?;
        if n < word.len() {
            match d.glued {
                Glued::Move => v.san(&word[n..], Span::new(start + n, word.len() - n))?,
                Glued::Token => self.at = start + n,
            }
        }
        Ok(false)
    }
}

/// Scan `text` as `dialect` spells it, reporting every token to `v`: records one after
/// another, each its tags then its movetext.
pub fn scan<'a, V: Visitor<'a>>(
    text: &'a str,
    dialect: &Dialect,
    v: &mut V,
) -> Result<(), Problem> {
    Scanner::new(text, dialect).records(v)
}
