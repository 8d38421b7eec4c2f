//! PGN (Portable Game Notation, 1994 standard): a streaming reader that keeps tags,
//! comments (`{…}` and `;…`), NAGs, nested variations and results, with a span on every
//! move; and a printer that writes the export format (tags, then movetext wrapped at 80).
//! The reader never checks legality.

use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::record::{Record, RecordMove};

/// Variations may nest, but not without bound: the reader, the printer and the validator
/// all recurse once per level, so a bound keeps every one of them off the stack's edge.
pub const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.at += c.len_utf8();
            } else if c == '%' && (self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n') {
                self.skip_line();
            } else {
                break;
            }
        }
    }
    fn skip_line(&mut self) -> &'a str {
        let start = self.at;
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        self.at = end;
        &self.text[start..end]
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes.
    fn tag(&mut self) -> Result<(String, String, Span), Problem> {
        let start = self.at;
        self.at += 1;
        let name_start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let name = self.text[name_start..self.at].to_string();
        self.skip_space();
        if name.is_empty() || self.peek() != Some('"') {
            return Err(Problem::syntax(
                "a tag is `[Name \"value\"]`",
                Span::new(start, self.at - start + 1),
            ));
        }
        self.at += 1;
        let value_start = self.at;
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(Problem::syntax(
                        "unterminated tag value",
                        Span::new(start, self.at - start),
                    ));
                }
                Some('"') => break,
                Some('\\') => {
                    self.at += 1;
                    if let Some(c) = self.peek() {
                        value.push(c);
                        self.at += c.len_utf8();
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.at += c.len_utf8();
                }
            }
        }
        let value_span = Span::new(value_start, self.at - value_start);
        self.at += 1;
        self.skip_space();
        if self.peek() != Some(']') {
            return Err(Problem::syntax(
                "a tag ends with `]`",
                Span::new(self.at, 1),
            ));
        }
        self.at += 1;
        Ok((name, value, value_span))
    }

    fn comment(&mut self) -> Result<String, Problem> {
        let start = self.at;
        if self.peek() == Some(';') {
            self.at += 1;
            return Ok(self.skip_line().trim().to_string());
        }
        self.at += 1;
        match self.text[self.at..].find('}') {
            Some(i) => {
                let c = self.text[self.at..self.at + i].trim().to_string();
                self.at += i + 1;
                Ok(c)
            }
            None => Err(Problem::syntax(
                "comment `{` is never closed",
                Span::new(start, 1),
            )),
        }
    }

    /// A symbol token: SAN, move number, NAG or result.
    fn token(&mut self) -> (&'a str, Span) {
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            self.at += c.len_utf8();
        }
        (
            &self.text[start..self.at],
            Span::new(start, self.at - start),
        )
    }

    /// Movetext up to the result, the end of a variation, or the next game's tags.
    fn line(&mut self, record: &mut Record, depth: usize) -> Result<Vec<RecordMove>, Problem> {
        let mut moves: Vec<RecordMove> = Vec::new();
        loop {
            self.skip_space();
            let Some(c) = self.peek() else { break };
            match c {
                '[' if depth == 0 => break,
                '{' | ';' => {
                    let c = self.comment()?;
                    match moves.last_mut() {
                        Some(m) => m.comments.push(c),
                        None if depth == 0 => record.comments.push(c),
                        None => {}
                    }
                }
                '(' => {
                    let open = self.at;
                    if depth + 1 > MAX_DEPTH {
                        let msg = format!("variations nest deeper than {MAX_DEPTH} levels");
                        return Err(Problem::new(CommonRule::TooDeep, msg, Span::new(open, 1)));
                    }
                    self.at += 1;
                    let variation = self.line(record, depth + 1)?;
                    if self.peek() != Some(')') {
                        return Err(Problem::syntax(
                            "variation `(` is never closed",
                            Span::new(open, 1),
                        ));
                    }
                    self.at += 1;
                    match moves.last_mut() {
                        Some(m) => m.variations.push(variation),
                        None => {
                            return Err(Problem::syntax(
                                "a variation must follow a move",
                                Span::new(open, 1),
                            ));
                        }
                    }
                }
                ')' if depth > 0 => break,
                ')' | ']' | '}' => {
                    return Err(Problem::syntax(
                        format!("unexpected `{c}`"),
                        Span::new(self.at, 1),
                    ));
                }
                _ => {
                    if self.symbol(record, &mut moves, depth)? {
                        break;
                    }
                }
            }
        }
        Ok(moves)
    }

    /// Handle one symbol; true when it was the game's result.
    fn symbol(
        &mut self,
        record: &mut Record,
        moves: &mut Vec<RecordMove>,
        depth: usize,
    ) -> Result<bool, Problem> {
        let (tok, span) = self.token();
        if tok.is_empty() {
            self.at += self.peek().map_or(1, char::len_utf8);
            return Err(Problem::syntax(
                "unexpected character in movetext",
                Span::new(span.offset, 1),
            ));
        }
        if RESULTS.contains(&tok) {
            if depth == 0 {
                record.result = Some((tok.to_string(), span));
                return Ok(true);
            }
            return Ok(false);
        }
        if let Some(n) = tok.strip_prefix('$') {
            let nag = n.parse().map_err(|_| {
                Problem::syntax(format!("`{tok}` is not a NAG ($ and a number)"), span)
            })?;
            if let Some(m) = moves.last_mut() {
                m.nags.push(nag);
            }
            return Ok(false);
        }
        // `1. ... e5`: the ellipsis as a token of its own; `exd6 e.p.`: a mark the move's
        // own text already implies.
        if tok.bytes().all(|b| b == b'.') || tok == "…" || (tok == "e.p." && !moves.is_empty())
        {
            return Ok(false);
        }
        // `e4 !?`: a suffix annotation written apart from its move.
        if let (Some(m), ("", Some(nag))) = (moves.last_mut(), split_suffix(tok)) {
            m.nags.push(nag);
            return Ok(false);
        }
        // A move number `12.` or `12...`, possibly glued to the move (`12.e4`).
        let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
        let dots = tok[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            let rest = &tok[digits + dots..];
            if !rest.is_empty() {
                moves.push(annotated_move(
                    rest,
                    Span::new(span.offset + digits + dots, rest.len()),
                ));
            }
            return Ok(false);
        }
        moves.push(annotated_move(tok, span));
        Ok(false)
    }
}

/// The suffix annotations of the PGN standard (8.2.3.8) and the NAGs they stand for.
const SUFFIXES: [(&str, u32); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// A move token and the NAG of its suffix annotation (`Nf3!?` is `Nf3` and 5). A run of
/// `!` and `?` that is no annotation stays on the move.
fn split_suffix(tok: &str) -> (&str, Option<u32>) {
    let body = tok.trim_end_matches(['!', '?']);
    let suffix = &tok[body.len()..];
    match SUFFIXES.iter().find(|(s, _)| *s == suffix) {
        Some(&(_, nag)) => (body, Some(nag)),
        None => (tok, None),
    }
}

/// A move as written: its suffix annotation becomes a NAG (which the export format
/// writes) and a glued `e.p.` is dropped; the span still covers the whole token.
fn annotated_move(tok: &str, span: Span) -> RecordMove {
    let (body, nag) = split_suffix(tok);
    let body = body.strip_suffix("e.p.").unwrap_or(body);
    let mut m = RecordMove::new(body, span);
    m.nags.extend(nag);
    m
}

/// Read every game of a PGN text.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    let mut r = Reader { text, at: 0 };
    let mut games = Vec::new();
    r.skip_space();
    while r.at < text.len() {
        let start = r.at;
        let mut record = Record::default();
        while r.peek() == Some('[') {
            let (name, value, value_span) = r.tag()?;
            match name.as_str() {
                "FEN" => record.fen_span = Some(value_span),
                "Variant" => record.variant_span = Some(value_span),
                _ => {}
            }
            record.tags.push((name, value));
            r.skip_space();
        }
        record.moves = r.line(&mut record, 0)?;
        record.span = Span::new(start, r.at - start);
        let empty = record.tags.is_empty() && record.moves.is_empty() && record.result.is_none();
        if empty && r.at == start {
            return Err(Problem::syntax("unexpected text", Span::new(start, 1)));
        }
        if !empty {
            games.push(record);
        }
        r.skip_space();
    }
    if games.is_empty() {
        return Err(Problem::no_record("PGN game"));
    }
    Ok(games)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Movetext tokens of a line; `sans[i]` is the canonical SAN of ply `i` of this line and
/// `variation_sans` gives the same for each variation.
pub struct PrintedLine {
    pub sans: Vec<String>,
    pub variations: Vec<Vec<PrintedLine>>,
}

fn line_tokens(moves: &[RecordMove], printed: &PrintedLine, first_ply: u32, out: &mut Vec<String>) {
    let mut need_number = true;
    for (i, (m, san)) in moves.iter().zip(&printed.sans).enumerate() {
        let ply = first_ply + i as u32;
        let white = ply.is_multiple_of(2);
        if white {
            out.push(format!("{}.", ply / 2 + 1));
        } else if need_number {
            out.push(format!("{}...", ply / 2 + 1));
        }
        out.push(san.clone());
        need_number = false;
        for n in &m.nags {
            out.push(format!("${n}"));
        }
        for c in &m.comments {
            out.push(format!("{{{c}}}"));
            need_number = true;
        }
        for (v, pv) in m
            .variations
            .iter()
            .zip(printed.variations.get(i).into_iter().flatten())
        {
            let mut inner = Vec::new();
            line_tokens(v, pv, ply, &mut inner);
            out.push(format!("({})", inner.join(" ")));
            need_number = true;
        }
    }
}

/// The export form of a game, given its moves re-printed in canonical SAN.
pub fn write(record: &Record, printed: &PrintedLine, first_ply: u32) -> String {
    let mut out = String::new();
    for (k, v) in &record.tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    if !record.tags.is_empty() {
        out.push('\n');
    }
    let mut tokens: Vec<String> = record.comments.iter().map(|c| format!("{{{c}}}")).collect();
    line_tokens(&record.moves, printed, first_ply, &mut tokens);
    tokens.push(
        record
            .result
            .as_ref()
            .map_or("*".to_string(), |r| r.0.clone()),
    );
    let mut width = 0;
    for t in tokens {
        if width > 0 && width + 1 + t.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += t.len();
        out.push_str(&t);
    }
    out.push_str("\n\n");
    out
}
