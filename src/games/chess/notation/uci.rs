//! UCI long algebraic moves: `e2e4`, `e7e8q`, castling as the king's move `e1g1` (in
//! Chess960, the king taking its own rook: `e1h1`).

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
    /// In Chess960 castling is written as the king taking its own rook (`e1h1`); the
    /// king's destination (`e1g1`) is read too when no other move has those squares.
    pub fn resolve(&self, pos: &Position) -> Result<Move, Problem> {
        let moves = movegen::legal_moves(pos);
        let same = |m: &&Move, to: Square| {
            m.from == self.from && to == self.to && m.promotion() == self.promotion
        };
        moves
            .iter()
            .find(|m| same(m, destination(pos, **m)))
            .or_else(|| moves.iter().find(|m| same(m, m.to)))
            .copied()
            .ok_or_else(|| {
                crate::games::chess::rules::why_illegal(pos, self.from, self.to, self.promotion)
            })
    }
}

/// The square UCI writes a move to: the king's rook for castling in Chess960.
fn destination(pos: &Position, m: Move) -> Square {
    match (m.kind, pos.is_chess960()) {
        (MoveKind::Castle, true) => pos.castling_rook(m).unwrap_or(m.to),
        _ => m.to,
    }
}

/// A move in UCI as written in `pos`: in Chess960, castling is the king taking its rook.
pub fn move_text_in(pos: &Position, m: Move) -> String {
    let mut text = move_text(m);
    let to = destination(pos, m);
    if to != m.to {
        text.replace_range(2..4, &to.to_string());
    }
    text
}
