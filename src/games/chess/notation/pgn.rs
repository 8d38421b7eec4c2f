//! PGN (Portable Game Notation, 1994 standard): a streaming reader that keeps tags,
//! comments (`{…}` and `;…`), NAGs, nested variations and results, with a span on every
//! move; and a printer that writes the export format (tags, then movetext wrapped at 80).
//! The reader never checks legality.

use crate::core::scan::{self, Dialect, Fault, Glued, Space, TagRule, TagValue, Visitor};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::record::{Record, RecordMove};

/// Variations may nest, but not without bound: the reader, the printer and the validator
/// all recurse once per level, so a bound keeps every one of them off the stack's edge.
pub const MAX_DEPTH: usize = 64;

/// PGN as the 1994 standard spells it: `[Name "value"]` with `\"` and `\\` escapes,
/// `{…}` and `;…` comments, `%` escape lines, NAGs, variations, and move numbers that may
/// be glued to their move (`12.e4`).
pub const DIALECT: Dialect = Dialect {
    space: Space::Unicode,
    tag_space: Space::Unicode,
    escape_lines: true,
    lines: false,
    tag: TagRule {
        name: scan::pgn_name,
        gap: None,
        empty_name: false,
        value: TagValue::Quoted {
            escapes: true,
            space_before_close: true,
        },
    },
    header_comments: false,
    tags_after_moves: true,
    brace_comments: true,
    nested_comments: false,
    line_comments: true,
    max_depth: MAX_DEPTH,
    word_ends: "{}()[];",
    words: None,
    groups: &[],
    results: &scan::RESULTS,
    result_ends_record: true,
    nags: true,
    number: move_number,
    glued: Glued::Move,
};

/// A move number `12.` or `12...` at the start of a word: its length.
fn move_number(tok: &str) -> usize {
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    let dots = tok[digits..].bytes().take_while(|&b| b == b'.').count();
    if digits > 0 && dots > 0 {
        digits + dots
    } else {
        0
    }
}

/// The games of a text, built from the scanner's tokens.
struct Games<'a> {
    text: &'a str,
    games: Vec<Record>,
    record: Record,
    /// The line being read and the variations it is inside, each with its `(`.
    lines: Vec<(usize, Vec<RecordMove>)>,
    /// Where the last move number glued to its move ended.
    glued: usize,
}

impl Games<'_> {
    fn moves(&mut self) -> &mut Vec<RecordMove> {
        &mut self.lines.last_mut().expect("the main line is open").1
    }
}

impl<'a> Visitor<'a> for Games<'a> {
    fn begin_record(&mut self, _: usize) -> Result<(), Problem> {
        self.record = Record::default();
        self.lines.clear();
        // room for a long game's main line at once, not a reallocation every few plies
        self.lines.push((0, Vec::with_capacity(128)));
        Ok(())
    }

    fn tag(&mut self, tag: scan::Tag<'a>) -> Result<(), Problem> {
        match tag.name {
            "FEN" => self.record.fen_span = Some(tag.value_span),
            "Variant" => self.record.variant_span = Some(tag.value_span),
            _ => {}
        }
        self.record.tags.push((tag.name.to_string(), tag.value()));
        Ok(())
    }

    fn comment(&mut self, comment: scan::Comment<'a>) -> Result<(), Problem> {
        let c = comment.text.trim();
        let depth = self.lines.len() - 1;
        match self.moves().last_mut() {
            Some(m) => m.comments.push(c.into()),
            None if depth == 0 => self.record.comments.push(c.to_string()),
            None => {}
        }
        Ok(())
    }

    fn move_number(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.glued = span.end();
        Ok(())
    }

    fn san(&mut self, tok: &'a str, span: Span) -> Result<(), Problem> {
        let glued = span.offset == self.glued;
        let moves = self.moves();
        if !glued {
            // `1. ... e5`: the ellipsis as a token of its own; `exd6 e.p.`: a mark the
            // move's own text already implies.
            if tok.bytes().all(|b| b == b'.') || tok == "…" || (tok == "e.p." && !moves.is_empty())
            {
                return Ok(());
            }
            // `e4 !?`: a suffix annotation written apart from its move.
            if let (Some(m), ("", Some(nag))) = (moves.last_mut(), split_suffix(tok)) {
                m.nags.push(nag);
                return Ok(());
            }
        }
        moves.push(annotated_move(tok, span));
        Ok(())
    }

    fn nag(&mut self, digits: &'a str, span: Span) -> Result<(), Problem> {
        let nag = digits.parse().map_err(|_| {
            let tok = &self.text[span.offset..span.end()];
            Problem::syntax(format!("`{tok}` is not a NAG ($ and a number)"), span)
        })?;
        if let Some(m) = self.moves().last_mut() {
            m.nags.push(nag);
        }
        Ok(())
    }

    fn begin_variation(&mut self, open: Span) -> Result<scan::Skip, Problem> {
        self.lines.push((open.offset, Vec::new()));
        Ok(scan::Skip::No)
    }

    fn end_variation(&mut self, _: Span) -> Result<(), Problem> {
        let (open, variation) = self.lines.pop().expect("a variation is open");
        match self.moves().last_mut() {
            Some(m) => m.variations.push(variation),
            None => {
                return Err(Problem::syntax(
                    "a variation must follow a move",
                    Span::new(open, 1),
                ));
            }
        }
        Ok(())
    }

    fn result(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.record.result = Some((text.to_string(), span));
        Ok(())
    }

    fn end_record(&mut self, span: Span) -> Result<(), Problem> {
        let mut record = std::mem::take(&mut self.record);
        record.moves = self.lines.pop().map(|l| l.1).unwrap_or_default();
        record.span = span;
        let empty = record.tags.is_empty() && record.moves.is_empty() && record.result.is_none();
        if empty && span.len == 0 {
            return Err(Problem::syntax(
                "unexpected text",
                Span::new(span.offset, 1),
            ));
        }
        if !empty {
            self.games.push(record);
        }
        Ok(())
    }

    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        Err(match fault {
            Fault::TagName { start, at } | Fault::TagQuote { start, at } => Problem::syntax(
                "a tag is `[Name \"value\"]`",
                Span::new(start, at - start + 1),
            ),
            Fault::TagValue { start, at } => {
                Problem::syntax("unterminated tag value", Span::new(start, at - start))
            }
            Fault::TagClose { at, .. } => Problem::syntax("a tag ends with `]`", Span::new(at, 1)),
            Fault::CommentOpen { at } => {
                Problem::syntax("comment `{` is never closed", Span::new(at, 1))
            }
            Fault::VariationOpen { at } => {
                Problem::syntax("variation `(` is never closed", Span::new(at, 1))
            }
            Fault::Unexpected { at, c: '[' } => {
                Problem::syntax("unexpected character in movetext", Span::new(at, 1))
            }
            Fault::Unexpected { at, c } => {
                Problem::syntax(format!("unexpected `{c}`"), Span::new(at, 1))
            }
            Fault::TooDeep { at } => {
                let msg = format!("variations nest deeper than {MAX_DEPTH} levels");
                Problem::new(CommonRule::TooDeep, msg, Span::new(at, 1))
            }
            other => other.problem(),
        })
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
    if !tok.ends_with(['!', '?']) {
        return (tok, None);
    }
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
    let body = match body.as_bytes().last() {
        Some(b'.') => body.strip_suffix("e.p.").unwrap_or(body),
        _ => body,
    };
    let mut m = RecordMove::new(body, span);
    m.nags.extend(nag);
    m
}

/// Read every game of a PGN text.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    let mut games = Games {
        text,
        games: Vec::new(),
        record: Record::default(),
        lines: Vec::new(),
        glued: usize::MAX,
    };
    scan::scan(text, &DIALECT, &mut games)?;
    if games.games.is_empty() {
        return Err(Problem::no_record("PGN game"));
    }
    Ok(games.games)
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
