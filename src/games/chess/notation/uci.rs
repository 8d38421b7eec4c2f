//! UCI long algebraic moves: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.

use crate::core::{Problem, Span};
use crate::games::chess::movegen;
use crate::games::chess::position::Position;
use crate::games::chess::types::{Move, MoveKind, Role, Square};

pub fn move_text(m: Move) -> String {
    let mut s = format!("{}{}", m.from, m.to);
    if let Some(r) = m.promotion() {
        s.push(r.upper().to_ascii_lowercase());
    }
    s
}

/// A UCI move as written: two squares and perhaps a promotion letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uci {
    /// The origin square.
    pub from: Square,
    /// The destination square (the king's, for castling).
    pub to: Square,
    /// The piece a pawn promotes to, if the move says one.
    pub promotion: Option<Role>,
}

pub fn parse(text: &str) -> Result<Uci, Problem> {
    let bad = || {
        Problem::syntax(
            format!("`{text}` is not a UCI move (like e2e4 or e7e8q)"),
            Span::new(0, text.len()),
        )
    };
    if !(4..=5).contains(&text.len()) || !text.is_ascii() {
        return Err(bad());
    }
    let from = Square::parse(&text[0..2]).ok_or_else(bad)?;
    let to = Square::parse(&text[2..4]).ok_or_else(bad)?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(c) => Some(
            Role::from_upper(c.to_ascii_uppercase() as char)
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(bad)?,
        ),
    };
    Ok(Uci {
        from,
        to,
        promotion,
    })
}

impl Uci {
    /// The legal move of `pos` this names, or an `IllegalMove` problem.
    pub fn resolve(&self, pos: &Position) -> Result<Move, Problem> {
        movegen::legal_moves(pos)
            .into_iter()
            .find(|m| m.from == self.from && m.to == self.to && m.promotion() == self.promotion)
            .ok_or_else(|| {
                crate::games::chess::rules::why_illegal(pos, self.from, self.to, self.promotion)
            })
    }
}

/// True for the kinds a UCI string cannot tell apart without a position.
pub fn is_special(m: Move) -> bool {
    matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant)
}
