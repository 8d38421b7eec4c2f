//! The puzzle / record file shared by every game: a tag header, then movetext in the game's
//! primary notation (USI for shogi).
//!
//! ```text
//! [Game "shogi"]
//! [Position "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"]
//! [Stipulation "mate in 1"]
//! [Source "…"]
//! [License "…"]
//!
//! G*5b
//! ```
//!
//! The parser is tolerant: it keeps going after a bad line and returns every problem with
//! its byte span, so a batch check can report them all. `{…}` is a comment, `;` comments to
//! the end of the line. Moves are kept as text with spans: resolving them is the game's
//! business (the same file format serves games whose moves need a position to read).
//! The record scanner (`core::scan`) finds the tokens; the file's spelling is [`DIALECT`].

use crate::core::scan::{self, Dialect, Fault, Glued, Space, TagRule, TagValue, Visitor};
use crate::core::{Problem, Span};

/// One `[Name "value"]` pair of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag's name (`Game`, `Position`, …).
    pub name: String,
    /// Its value, escapes resolved.
    pub value: String,
    /// Where the pair stands in the text.
    pub span: Span,
}

/// A movetext token (one ply in the game's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token as written.
    pub text: String,
    /// Where it stands in the text.
    pub span: Span,
}

/// A puzzle or record file as read: its tags, its movetext and its comments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Puzzle {
    /// The header's tags, in source order.
    pub tags: Vec<Tag>,
    /// The movetext's plies (move numbers and results left out).
    pub moves: Vec<Token>,
    /// The `{…}` and `;` comments, without their delimiters.
    pub comments: Vec<String>,
}

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stipulation {
    /// Mate in this many plies (tsume counts plies; chess problems would say moves).
    MateIn(u32),
}

/// Tags printed first, in this order; others follow in source order.
const STANDARD_TAGS: [&str; 5] = ["Game", "Position", "Stipulation", "Source", "License"];

impl Puzzle {
    /// The value of the tag `name`, if the header has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// Set the tag `name` to `value`, adding it at the end when it is new.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = value.to_string(),
            None => self.tags.push(Tag {
                name: name.into(),
                value: value.into(),
                span: Span::default(),
            }),
        }
    }

    /// The `Stipulation` tag read as `mate in N`.
    pub fn stipulation(&self) -> Option<Stipulation> {
        let s = self.tag("Stipulation")?.trim().to_ascii_lowercase();
        let n = s.strip_prefix("mate in")?.trim().parse().ok()?;
        Some(Stipulation::MateIn(n))
    }

    /// The movetext's plies as written.
    pub fn move_texts(&self) -> Vec<&str> {
        self.moves.iter().map(|t| t.text.as_str()).collect()
    }
}

/// The puzzle file's spelling, line by line: tag lines `[Name "value"]` with PGN's escapes,
/// only before the moves; `{…}` comments closed on their line and `;` comments; move
/// numbers (`1.`) dropped; no results, NAGs or variations.
pub const DIALECT: Dialect = Dialect {
    space: Space::Ascii,
    tag_space: Space::Unicode,
    escape_lines: false,
    lines: true,
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
    tags_after_moves: false,
    brace_comments: true,
    nested_comments: false,
    line_comments: true,
    max_depth: 0,
    word_ends: "{;",
    words: None,
    groups: &[],
    results: &[],
    result_ends_record: false,
    nags: false,
    number: |w| {
        let number =
            w.ends_with('.') && w.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit());
        if number { w.len() } else { 0 }
    },
    glued: Glued::Move,
};

/// Read a puzzle file. Returns the puzzle as far as it could be read, and every problem.
pub fn parse(text: &str) -> (Puzzle, Vec<Problem>) {
    let mut reader = Reader {
        text,
        puzzle: Puzzle::default(),
        problems: Vec::new(),
    };
    // the reader tolerates every fault, so the scan never stops
    let _ = scan::scan(text, &DIALECT, &mut reader);
    (reader.puzzle, reader.problems)
}

/// The puzzle of a text, and every problem, built from the scanner's tokens.
struct Reader<'a> {
    text: &'a str,
    puzzle: Puzzle,
    problems: Vec<Problem>,
}

impl Reader<'_> {
    /// The rest of the line from `start`, trailing white space trimmed.
    fn line(&self, start: usize) -> &str {
        let line = &self.text[start..];
        line[..line.find('\n').unwrap_or(line.len())].trim_end()
    }

    /// The name of the tag at `start` (its `[`).
    fn name(&self, start: usize) -> &str {
        let rest = &self.text[start + 1..];
        &rest[..rest.find(|c| !scan::pgn_name(c)).unwrap_or(rest.len())]
    }
}

impl<'a> Visitor<'a> for Reader<'a> {
    fn tag(&mut self, tag: scan::Tag<'a>) -> Result<(), Problem> {
        self.puzzle.tags.push(Tag {
            name: tag.name.to_string(),
            value: tag.value(),
            span: tag.span,
        });
        Ok(())
    }

    fn comment(&mut self, comment: scan::Comment<'a>) -> Result<(), Problem> {
        self.puzzle.comments.push(comment.text.trim().to_string());
        Ok(())
    }

    fn san(&mut self, text: &'a str, span: Span) -> Result<(), Problem> {
        self.puzzle.moves.push(Token {
            text: text.to_string(),
            span,
        });
        Ok(())
    }

    fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
        let (msg, at) = match fault {
            Fault::TagName { start, .. } => {
                ("expected a tag name after `[`".to_string(), start + 1)
            }
            Fault::TagQuote { start, at } => (
                format!(
                    "expected `\"` to open the value of tag {}",
                    self.name(start)
                ),
                // a gap to the line's end: the quote was due where the line ends
                at.min(start + self.line(start).len()),
            ),
            Fault::TagValue { start, .. } => (
                format!(
                    "the value of tag {} is not closed by `\"`",
                    self.name(start)
                ),
                start + self.line(start).len().saturating_sub(1),
            ),
            Fault::TagClose { start, after, .. } => (
                format!("expected `]` after the value of tag {}", self.name(start)),
                after,
            ),
            Fault::LateTag { span } => {
                self.problems.push(Problem::syntax(
                    "a tag after the moves: a puzzle's tags all come before its moves",
                    span,
                ));
                return Ok(());
            }
            Fault::CommentOpen { at } => ("comment `{` is not closed on its line".to_string(), at),
            other => {
                self.problems.push(other.problem());
                return Ok(());
            }
        };
        self.problems.push(Problem::syntax(msg, Span::new(at, 1)));
        Ok(())
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The canonical text: standard tags first, then the others, a blank line, the moves
/// wrapped at 80 columns, comments dropped.
pub fn print(p: &Puzzle) -> String {
    let mut out = String::new();
    let standard = STANDARD_TAGS
        .iter()
        .filter_map(|n| p.tags.iter().find(|t| t.name == *n));
    let others = p
        .tags
        .iter()
        .filter(|t| !STANDARD_TAGS.contains(&t.name.as_str()));
    for t in standard.chain(others) {
        out.push_str(&format!("[{} \"{}\"]\n", t.name, escape(&t.value)));
    }
    out.push('\n');
    let mut col = 0;
    for m in &p.moves {
        if col > 0 && col + 1 + m.text.len() > 80 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(&m.text);
        col += m.text.len();
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "[Game \"shogi\"]\n[Source \"a \\\"quoted\\\" name\"]\n[Position \"4k4/9/4P4/9/9/9/9/9/9 b G 1\"]\n[Stipulation \"mate in 1\"]\n\n1. G*5b {mate} ; end\n";

    #[test]
    fn reads_tags_moves_and_spans() {
        let (p, problems) = parse(SAMPLE);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(p.tag("Source"), Some("a \"quoted\" name"));
        assert_eq!(p.stipulation(), Some(Stipulation::MateIn(1)));
        assert_eq!(p.move_texts(), ["G*5b"]);
        let s = p.moves[0].span;
        assert_eq!(&SAMPLE[s.offset..s.end()], "G*5b");
        assert_eq!(p.comments, ["mate", "end"]);
    }

    #[test]
    fn print_is_canonical_and_round_trips() {
        let (p, _) = parse(SAMPLE);
        let text = print(&p);
        assert!(text.starts_with("[Game \"shogi\"]\n[Position "), "{text}");
        let (q, problems) = parse(&text);
        assert!(problems.is_empty());
        assert_eq!(print(&q), text);
        assert_eq!(q.move_texts(), p.move_texts());
    }

    #[test]
    fn keeps_going_after_bad_tags() {
        let text = "[Game shogi]\n[Position \"x\"]\n[Stipulation \"mate in 3\"\n\nG*5b {open\n";
        let (p, problems) = parse(text);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert_eq!(p.tag("Position"), Some("x"));
        assert_eq!(
            &text[problems[0].span.offset..problems[0].span.offset + 1],
            "s"
        );
        assert_eq!(p.move_texts(), ["G*5b"]);
    }
}
