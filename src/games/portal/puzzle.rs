//! Mate-in-N puzzle lines of the rules file (§7, §8.1):
//! `<position> goal mate <N>; [key <move>,…;] [id "<name>";]`.

use crate::core::{Problem, Span};

/// One puzzle line, its parts as slices of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLine<'a> {
    /// The position string, in the version's notation.
    pub position: &'a str,
    /// The stipulation: mate in this many moves (Howe: plies) of the side to move.
    pub mate_in: u32,
    /// The stated keys, as written.
    pub keys: Vec<&'a str>,
    /// The puzzle's name.
    pub id: Option<&'a str>,
}

/// Read one puzzle line; a syntax problem is spanned in the line.
pub fn parse_line(text: &str) -> Result<PuzzleLine<'_>, Problem> {
    let Some(at) = text.find(" goal mate ") else {
        return Err(Problem::syntax(
            "a puzzle line is `<position> goal mate <N>; [key …;] [id \"…\";]`",
            Span::new(0, text.len()),
        ));
    };
    let position = &text[..at];
    let rest = &text[at + " goal mate ".len()..];
    let mut parts = rest.split(';');
    let n_text = parts.next().unwrap_or("").trim();
    let mate_in = n_text.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
        Problem::syntax(
            format!("`{n_text}` is not a mate length (1 or more)"),
            Span::of(text, n_text),
        )
    })?;
    let (mut keys, mut id) = (Vec::new(), None);
    for part in parts.map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(k) = part.strip_prefix("key ") {
            keys = k.split(',').map(str::trim).collect();
        } else if let Some(i) = part.strip_prefix("id ") {
            id = Some(i.trim().trim_matches('"'));
        } else {
            return Err(Problem::syntax(
                format!("unknown puzzle field `{part}` (key, id)"),
                Span::of(text, part),
            ));
        }
    }
    Ok(PuzzleLine {
        position,
        mate_in,
        keys,
        id,
    })
}
