//! Reading 5DPGN (§10), keeping every item's byte span. It knows nothing of legality;
//! unreadable text is a `Syntax` problem at its place. The record scanner (`core::scan`)
//! reads what 5DPGN shares with PGN as [`DIALECT`] spells it (white space, nested
//! comments, the bracketed tags and 5DFEN boards, variations), and a visitor builds the
//! [`Record`] from its tokens. The words of the movetext (turn serials, moves with their
//! board references, `/`, present and timeline tokens, annotations, results) are 5D's own:
//! where one ends, and whether a `(` opens a variation or starts a word, the scanner asks
//! of 5D's rules (`word.rs`), and the visitor reads each word it is handed with them
//! (`word.rs`, `moves.rs`).

use super::super::fen;
use super::super::record::{Item, Record, Tag};
use super::word;
use crate::core::scan::{self, Dialect, Fault, Glued, Skip, Space, TagRule, TagValue, Visitor};
use crate::core::{CommonRule, Problem, Span};

/// Variations may nest, but not without bound.
const MAX_DEPTH: usize = 64;

/// 5DPGN's spelling: ASCII white space, `{…}` comments that nest (among the tags too), and
/// bracketed groups on one line, `[Name "value"]` a tag (the name ends at white space or a
/// quote) and a group without quotes a 5DFEN board; words measured by 5D's own rules,
/// turn serials and results among them, and a result that ends nothing.
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
            boards: true,
        },
    },
    header_comments: true,
    tags_after_moves: false,
    brace_comments: true,
    nested_comments: true,
    line_comments: false,
    max_depth: MAX_DEPTH,
    // what else ends a word is 5D's to measure; a `)` that closes nothing is a fault
    word_ends: ")",
    words: Some(scan::Words {
        end: word::end,
        opens: word::opens_variation,
    }),
    groups: &[],
    results: &scan::RESULTS,
    result_ends_record: false,
    nags: false,
    number: word::serial_len,
    glued: Glued::Move,
};

/// Read a whole 5DPGN file: tags, 5DFEN boards, then movetext.
pub fn parse(text: &str) -> Result<Record, Problem> {
    let mut reader = Reader {
        text,
        rec: Record {
            tags: vec![],
            fens: vec![],
            items: vec![],
            comments: vec![],
        },
        depth: 0,
        open: 0,
    };
    let mut s = scan::Scanner::new(text, &DIALECT);
    if text.starts_with('\u{feff}') {
        s.set_at('\u{feff}'.len_utf8());
    }
    s.records(&mut reader)?;
    let rec = reader.rec;
    if rec.tags.is_empty() && rec.fens.is_empty() && rec.items.is_empty() {
        return Err(Problem::no_record("5DPGN tag, board or move"));
    }
    Ok(rec)
}

/// The record of a 5DPGN text, built from the scanner's tokens. A variation is one item of
/// the movetext, its span; what it holds is read (so that its problems are found) and not
/// kept, but for its comments.
struct Reader<'a> {
    text: &'a str,
    rec: Record,
    /// How deep in variations the scanner stands.
    depth: usize,
    /// Where the outermost open variation starts.
    open: usize,
}

impl Reader<'_> {
    /// The word the scanner found at `span`, read by 5D's rules.
    fn word(&mut self, span: Span) -> Result<(), Problem> {
        let (item, end) = word::read(self.text, span.offset)?;
        debug_assert_eq!(
            end,
            span.end(),
            "the scanner measured the word as 5D reads it"
        );
        if self.depth == 0 {
            self.rec.items.push(item);
        }
        Ok(())
    }
}

impl<'a> Visitor<'a> for Reader<'a> {
    fn tag(&mut self, tag: scan::Tag<'a>) -> Result<(), Problem> {
        self.rec.tags.push(Tag {
            name: tag.name.to_string(),
            value: tag.value(),
            span: tag.span,
        });
        Ok(())
    }

    fn board(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.rec.fens.push(fen::parse_board(text, span)?);
        Ok(())
    }

    fn comment(&mut self, comment: scan::Comment<'a>) -> Result<(), Problem> {
        self.rec
            .comments
            .push((comment.text.to_string(), comment.span));
        Ok(())
    }

    fn move_number(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.word(span)
    }

    fn san(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.word(span)
    }

    fn result(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.word(span)
    }

    fn begin_variation(&mut self, open: Span) -> Result<Skip, Problem> {
        if self.depth == 0 {
            self.open = open.offset;
        }
        self.depth += 1;
        Ok(Skip::No)
    }

    fn end_variation(&mut self, close: Span) -> Result<(), Problem> {
        self.depth -= 1;
        if self.depth == 0 {
            let span = Span::new(self.open, close.end() - self.open);
            self.rec.items.push(Item::Variation { span });
        }
        Ok(())
    }

    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        Err(match fault {
            Fault::CommentOpen { at } => {
                Problem::syntax("this comment is never closed by `}`", Span::new(at, 1))
            }
            Fault::TagOpen { start } => Problem::syntax(
                "this `[` is never closed by `]` on its line",
                Span::new(start, 1),
            ),
            Fault::TagName { start, at } | Fault::TagQuote { start, at } => Problem::syntax(
                "a tag is written [Name \"value\"]",
                Span::new(start, at + 1 - start),
            ),
            Fault::VariationOpen { at } => {
                Problem::syntax("this variation is never closed by `)`", Span::new(at, 1))
            }
            Fault::TooDeep { at } => {
                let msg = format!("variations nest deeper than {MAX_DEPTH} levels");
                Problem::new(CommonRule::TooDeep, msg, Span::new(at, 1))
            }
            Fault::Unexpected { at, c: ')' } => {
                Problem::syntax("this `)` closes nothing", Span::new(at, 1))
            }
            // no tag follows the moves: what stands there is a word, which 5D cannot read
            Fault::LateTag { span } => match word::read(self.text, span.offset) {
                Err(p) => p,
                Ok(_) => fault.problem(),
            },
            other => other.problem(),
        })
    }
}
