//! Howe game records (rules §5.4-5.5): PGN-style tags (`[Variant "portal-howe"]`, an
//! optional `[FEN "<position string>"]`), then `n:` movetext, e.g. `1:Ae4 Ba5 2:Bh4 Ae5`.
//! A ply slot may be a quoted intent (`'Intends to teleport'`) or a parenthesised remark,
//! both of which may hold spaces; `{…}` comments are skipped. Syntax only, with spans.

use crate::core::{Problem, Span};

/// One ply slot as written: the entry's number, which half of the entry, the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The entry's number (`3` of `3:`).
    pub number: u32,
    /// Where the number is written.
    pub number_span: Span,
    /// 0 for White's slot, 1 for Black's.
    pub half: u8,
    /// The ply as written.
    pub text: String,
    /// Where the ply is written.
    pub span: Span,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
/// A Howe game as read: tags and the numbered plies, nothing checked.
pub struct HoweRecord {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The span of the `FEN` tag's value, when there is one.
    pub fen_span: Option<Span>,
    /// The plies as written, each in its numbered slot.
    pub slots: Vec<Slot>,
    /// The result token and its span, when written.
    pub result: Option<(String, Span)>,
}

impl HoweRecord {
    /// The value of the first tag of this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
const QUOTES: [char; 6] = ['\'', '‘', '’', '"', '“', '”'];

/// The next token from `at`: a quoted run, a parenthesised run, or up to whitespace.
fn token(text: &str, at: usize) -> Result<(usize, usize), Problem> {
    let rest = &text[at..];
    let first = rest.chars().next().unwrap_or(' ');
    let close = |end: Option<usize>, what: &str| {
        end.map(|e| (at, at + e)).ok_or_else(|| {
            Problem::syntax(
                format!("{what} is never closed"),
                Span::new(at, first.len_utf8()),
            )
        })
    };
    if first == '(' {
        return close(rest.find(')').map(|e| e + 1), "`(`");
    }
    if QUOTES.contains(&first) {
        let body = &rest[first.len_utf8()..];
        return close(
            body.find(|c| QUOTES.contains(&c))
                .map(|e| first.len_utf8() + e + body[e..].chars().next().map_or(1, char::len_utf8)),
            "the quote",
        );
    }
    Ok((
        at,
        at + rest.find(char::is_whitespace).unwrap_or(rest.len()),
    ))
}

fn tag(text: &str, line: &str) -> Result<(String, String, Span), Problem> {
    let span = Span::of(text, line);
    let inner = line
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'));
    let Some((name, value)) = inner.and_then(|i| i.split_once(' ')) else {
        return Err(Problem::syntax("a tag is `[Name \"value\"]`", span));
    };
    let value = value.trim();
    let Some(v) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
        return Err(Problem::syntax("a tag's value is in double quotes", span));
    };
    Ok((name.to_string(), v.to_string(), Span::of(text, v)))
}

/// Read every game of a text (a game starts at its tags, or at the first movetext).
pub fn read(text: &str) -> Result<Vec<HoweRecord>, Problem> {
    let mut games: Vec<HoweRecord> = Vec::new();
    let mut in_moves = true;
    let mut number: Option<(u32, Span, u8)> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if in_moves {
                games.push(HoweRecord::default());
                in_moves = false;
                number = None;
            }
            let (k, v, span) = tag(text, line)?;
            let g = games.last_mut().expect("a game was started");
            if k == "FEN" {
                g.fen_span = Some(span);
            }
            g.tags.push((k, v));
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        if games.is_empty() {
            games.push(HoweRecord::default());
        }
        in_moves = true;
        movetext(
            text,
            line,
            games.last_mut().expect("a game was started"),
            &mut number,
        )?;
    }
    games.retain(|g| !g.tags.is_empty() || !g.slots.is_empty() || g.result.is_some());
    if games.is_empty() {
        return Err(Problem::no_record("Howe game"));
    }
    Ok(games)
}

/// The tokens of one movetext line, added to `g`.
fn movetext(
    text: &str,
    line: &str,
    g: &mut HoweRecord,
    number: &mut Option<(u32, Span, u8)>,
) -> Result<(), Problem> {
    let base = Span::of(text, line).offset;
    let mut at = 0;
    while at < line.len() {
        let c = line[at..].chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        }
        if c == '{' {
            let end = line[at..].find('}').ok_or_else(|| {
                Problem::syntax("comment `{` is never closed", Span::new(base + at, 1))
            })?;
            at += end + 1;
            continue;
        }
        let digits = line[at..].bytes().take_while(u8::is_ascii_digit).count();
        let numbered = digits > 0 && line[at + digits..].starts_with(':');
        let (s, e) = if numbered {
            (at, at + digits + 1)
        } else {
            token(line, at).map_err(|p| p.shifted(base))?
        };
        at = e;
        let tok = &line[s..e];
        let span = Span::new(base + s, e - s);
        if g.result.is_some() {
            return Err(Problem::syntax("nothing may follow the result", span));
        }
        if RESULTS.contains(&tok) {
            g.result = Some((tok.to_string(), span));
            continue;
        }
        if numbered {
            let n = tok[..digits]
                .parse()
                .map_err(|_| Problem::syntax("move number too large", span))?;
            *number = Some((n, span, 0));
            continue;
        }
        let Some((n, nspan, half)) = *number else {
            return Err(Problem::syntax(
                "a ply comes after its move number (`1:Ae4`)",
                span,
            ));
        };
        if half > 1 {
            return Err(Problem::syntax(
                format!(
                    "move {n} already has White's and Black's plies; the next starts with `{}:`",
                    n + 1
                ),
                span,
            ));
        }
        *number = Some((n, nspan, half + 1));
        g.slots.push(Slot {
            number: n,
            number_span: nspan,
            half,
            text: tok.to_string(),
            span,
        });
    }
    Ok(())
}
