//! Reading Howe plies (rules §5.4): syntax first (no position needed), then resolution
//! against a position, with a problem naming the rule when the ply cannot be played.
//! Accepted beyond the canonical form: `->`, upper-case piece letters before the area
//! (`QBe7`), the source's quoted intent words, and a parenthesised remark as a null ply.

use crate::core::{Problem, Span};
use crate::games::chess::notation::san::{self, San};
use crate::games::chess::types::{Role, Square};
use crate::games::portal::PortalRule;
use crate::games::portal::arrow;

use super::position::Area;

/// What a ply says, before it meets a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenPly {
    /// An orthodox move (the SAN's role is the piece letter; a pawn or castling without one).
    Normal {
        area: Area,
        san: San,
    },
    Intent {
        role: Option<Role>,
        area: Area,
        square: Square,
    },
    /// `'intent'` or `'Intends to teleport'`: the mover's only piece on a portal square.
    IntentWords,
    Execute {
        role: Option<Role>,
        from: Area,
        square: Square,
        capture: bool,
        to: Area,
        to_square: Square,
    },
    Null,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub ply: WrittenPly,
    /// Where the area letter the schedule judges stands in the token (the destination's for
    /// an execution).
    pub area_span: Span,
}

const QUOTES: [char; 6] = ['\'', '‘', '’', '"', '“', '”'];

fn syntax(text: &str, why: &str) -> Problem {
    Problem::syntax(
        format!("{} is not a Howe ply: {why}", crate::core::quote(text)),
        Span::new(0, text.len()),
    )
}

/// Read one ply token.
pub fn parse(text: &str) -> Result<Written, Problem> {
    let whole = Span::new(0, text.len());
    // A null ply that leaves the opponent in check is printed with its `+` or `#`.
    if text.trim_end_matches(['+', '#']) == "--"
        || (text.starts_with('(') && text.ends_with(')') && text.len() >= 2)
    {
        return Ok(Written {
            ply: WrittenPly::Null,
            area_span: whole,
        });
    }
    if let Some(inner) = quoted(text) {
        let words = inner.trim().to_lowercase();
        if words == "intent" || words == "intends to teleport" {
            return Ok(Written {
                ply: WrittenPly::IntentWords,
                area_span: whole,
            });
        }
        return Err(syntax(
            text,
            "quoted words stand only for an intent ('intent' or 'Intends to teleport')",
        ));
    }
    if let Some((at, c)) = arrow::lookalike(text) {
        let msg = format!("`{c}` is not the teleport arrow: write `→` (U+2192) or `->`");
        return Err(Problem::new(
            PortalRule::ArrowForm,
            msg,
            Span::new(at, c.len_utf8()),
        ));
    }
    let (role, area, at) = head(text)?;
    let area_span = Span::new(at, 1);
    let rest = &text[at + 1..];
    match arrow::split(rest) {
        Some((from, after, _, len)) => teleport(text, role, area, at, from, after, len),
        None => normal(text, role, area, rest).map(|ply| Written { ply, area_span }),
    }
}

fn quoted(text: &str) -> Option<&str> {
    let first = text.chars().next()?;
    let last = text.chars().last()?;
    (QUOTES.contains(&first) && QUOTES.contains(&last) && text.len() > first.len_utf8())
        .then(|| &text[first.len_utf8()..text.len() - last.len_utf8()])
}

/// The piece letter (if any) and the area letter with its byte offset.
fn head(text: &str) -> Result<(Option<Role>, Area, usize), Problem> {
    let mut chars = text.chars();
    let (c0, c1) = (chars.next().unwrap_or(' '), chars.next().unwrap_or(' '));
    let lower = "kqrbn"
        .contains(c0)
        .then(|| Role::from_upper(c0.to_ascii_uppercase()))
        .flatten();
    let upper = ("KQRBN".contains(c0) && Area::from_letter(c1).is_some())
        .then(|| Role::from_upper(c0))
        .flatten();
    if let Some(role) = lower.or(upper) {
        return match Area::from_letter(c1) {
            Some(a) => Ok((Some(role), a, 1)),
            None => Err(Problem::new(
                PortalRule::MissingArea,
                format!(
                    "{}: the piece letter is followed by the area, A or B (e.g. nAf3)",
                    crate::core::quote(text)
                ),
                Span::new(0, text.len()),
            )),
        };
    }
    match Area::from_letter(c0) {
        Some(a) => Ok((None, a, 0)),
        None => Err(Problem::new(
            PortalRule::MissingArea,
            format!(
                "{}: every Howe ply names its area: `Ae4`, `nAf3`, `qBxe7` (piece letter, then A or B)",
                crate::core::quote(text)
            ),
            Span::new(0, text.len()),
        )),
    }
}

fn normal(text: &str, role: Option<Role>, area: Area, rest: &str) -> Result<WrittenPly, Problem> {
    let spelled = match role {
        Some(r) => format!("{}{rest}", r.upper()),
        None => rest.to_string(),
    };
    if spelled.starts_with(['O', '0']) && role.is_some() {
        return Err(syntax(text, "castling has no piece letter (AO-O)"));
    }
    let s = san::parse(&spelled).map_err(|p| Problem {
        span: Span::new(0, text.len()),
        ..p
    })?;
    if let (None, San::Normal { role: r, .. }) = (role, s.san)
        && r != Role::Pawn
    {
        let hint = format!(
            "{}{}{}",
            r.upper().to_ascii_lowercase(),
            area.letter(),
            &rest[1..]
        );
        return Err(syntax(
            text,
            &format!("the piece letter comes before the area: `{hint}`"),
        ));
    }
    Ok(WrittenPly::Normal { area, san: s.san })
}

/// `<sq>→?` (an intent) or `<sq>→[x]<area><sq>` (an execution), with marks after either.
fn teleport(
    text: &str,
    role: Option<Role>,
    area: Area,
    at: usize,
    from: &str,
    after: &str,
    len: usize,
) -> Result<Written, Problem> {
    let square = Square::parse(from)
        .ok_or_else(|| syntax(text, "a teleport starts from a portal square (qAa4→…)"))?;
    let marks = |s: &str| s.chars().all(|c| "+#!?".contains(c));
    if let Some(tail) = after.strip_prefix('?') {
        if !marks(tail) {
            return Err(syntax(text, "an intent is `<piece><area><square>→?`"));
        }
        return Ok(Written {
            ply: WrittenPly::Intent { role, area, square },
            area_span: Span::new(at, 1),
        });
    }
    let (capture, body) = after
        .strip_prefix('x')
        .map_or((false, after), |b| (true, b));
    let to = body
        .chars()
        .next()
        .and_then(Area::from_letter)
        .ok_or_else(|| syntax(text, "the destination names its area: qAa4→Ba4"))?;
    let to_square = body
        .get(1..3)
        .and_then(Square::parse)
        .filter(|_| marks(&body[3..]))
        .ok_or_else(|| syntax(text, "the destination is an area and a square: qAa4→Ba4"))?;
    let to_at = at + 1 + from.len() + len + usize::from(capture);
    Ok(Written {
        ply: WrittenPly::Execute {
            role,
            from: area,
            square,
            capture,
            to,
            to_square,
        },
        area_span: Span::new(to_at, 1),
    })
}
