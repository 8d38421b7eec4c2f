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

/// Read a puzzle file. Returns the puzzle as far as it could be read, and every problem.
pub fn parse(text: &str) -> (Puzzle, Vec<Problem>) {
    let mut p = Puzzle::default();
    let mut problems = Vec::new();
    let mut offset = 0;
    let mut in_header = true;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start();
        let lead = body.len() - trimmed.len();
        if in_header && trimmed.starts_with('[') {
            match parse_tag(trimmed) {
                Ok((name, value)) => p.tags.push(Tag {
                    name,
                    value,
                    span: Span::new(start + lead, trimmed.trim_end().len()),
                }),
                Err((msg, at)) => {
                    problems.push(Problem::syntax(msg, Span::new(start + lead + at, 1)))
                }
            }
            continue;
        }
        if in_header && trimmed.is_empty() {
            continue;
        }
        if !in_header && trimmed.starts_with('[') {
            // a tag here would be read as moves, and the position it names never used
            problems.push(Problem::syntax(
                "a tag after the moves: a puzzle's tags all come before its moves",
                Span::new(start + lead, trimmed.trim_end().len()),
            ));
            continue;
        }
        in_header = false;
        movetext_line(body, start, &mut p, &mut problems);
    }
    (p, problems)
}

/// `[Name "value"]` with `\"` and `\\` escapes. Errors give a message and a byte offset.
fn parse_tag(s: &str) -> Result<(String, String), (String, usize)> {
    let s = s.trim_end();
    let inner = s
        .strip_prefix('[')
        .ok_or(("a tag starts with `[`".to_string(), 0))?;
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    if name_len == 0 {
        return Err(("expected a tag name after `[`".into(), 1));
    }
    let name = &inner[..name_len];
    let rest = inner[name_len..].trim_start();
    let at = s.len() - rest.len();
    let mut chars = rest.char_indices();
    if chars.next().map(|c| c.1) != Some('"') {
        return Err((format!("expected `\"` to open the value of tag {name}"), at));
    }
    let mut value = String::new();
    let mut escaped = false;
    for (i, c) in chars {
        match (escaped, c) {
            (true, _) => {
                value.push(c);
                escaped = false;
            }
            (false, '\\') => escaped = true,
            (false, '"') => {
                let after = rest[i + 1..].trim();
                return if after == "]" {
                    Ok((name.to_string(), value))
                } else {
                    Err((
                        format!("expected `]` after the value of tag {name}"),
                        at + i + 1,
                    ))
                };
            }
            (false, _) => value.push(c),
        }
    }
    Err((
        format!("the value of tag {name} is not closed by `\"`"),
        s.len().saturating_sub(1),
    ))
}

/// Tokens of one movetext line; `{…}` comments may not span lines.
fn movetext_line(line: &str, base: usize, p: &mut Puzzle, problems: &mut Vec<Problem>) {
    let mut i = 0;
    let bytes = line.as_bytes();
    while i < line.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b';' {
            p.comments.push(line[i + 1..].trim().to_string());
            return;
        } else if c == b'{' {
            match line[i..].find('}') {
                Some(end) => {
                    p.comments.push(line[i + 1..i + end].trim().to_string());
                    i += end + 1;
                }
                None => {
                    problems.push(Problem::syntax(
                        "comment `{` is not closed on its line",
                        Span::new(base + i, 1),
                    ));
                    return;
                }
            }
        } else {
            let end = line[i..]
                .find(|ch: char| ch.is_ascii_whitespace() || ch == '{' || ch == ';')
                .map_or(line.len(), |e| i + e);
            let tok = &line[i..end];
            // Move numbers like `1.` are tolerated and dropped.
            if !tok
                .trim_end_matches('.')
                .chars()
                .all(|ch| ch.is_ascii_digit())
                || !tok.ends_with('.')
            {
                p.moves.push(Token {
                    text: tok.to_string(),
                    span: Span::new(base + i, tok.len()),
                });
            }
            i = end;
        }
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
