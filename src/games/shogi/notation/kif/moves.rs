//! KIF and KI2 moves as written, and their resolution against a position.
//!
//! A KIF move names its origin, so resolving only checks that the written piece is the
//! piece standing there. A KI2 move names only the piece and the destination; resolving
//! searches the pieces that could make it and narrows them with the relative words.

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::movegen;
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Kind, Move, Square};

use super::names::square_name;
use super::words::{self, Words};

/// Where a move goes: a square, or `同` (the previous ply's destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    Square(Square),
    Same,
}

/// How a move says it promotes: `成`, `不成`, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    None,
    Promote,
    Decline,
}

/// Where a KIF move comes from: `(77)` or `打`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Square(Square),
    Drop,
}

/// A KIF move: `７六歩(77)`, `同　銀(32)`, `５五角打`. Spans are relative to the move's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KifMove {
    /// The destination: a square, or `同` (the previous move's).
    pub dest: Dest,
    /// Where the destination is written.
    pub dest_span: Span,
    /// The piece as named, before the move.
    pub piece: Kind,
    /// Where the piece is named.
    pub piece_span: Span,
    /// `成`, `不成`, or neither.
    pub promotion: Promotion,
    /// The origin square `(77)`, or `打` for a drop.
    pub origin: Origin,
    /// Where the origin is written.
    pub origin_span: Span,
}

/// A KI2 move: `▲２八銀左引`, `△同　歩`, `▲６三銀打`. Spans are relative to the move's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ki2Move {
    /// The mover, from `▲` or `△`.
    pub color: Color,
    /// The destination: a square, or `同` (the previous move's).
    pub dest: Dest,
    /// Where the destination is written.
    pub dest_span: Span,
    /// The piece as named, before the move.
    pub piece: Kind,
    /// Where the piece is named.
    pub piece_span: Span,
    /// The relative words that single out the piece (`右`, `引`, …).
    pub words: Words,
    /// `打`: a drop, though a piece on the board could reach the square.
    pub drop: bool,
    /// `成`, `不成`, or neither.
    pub promotion: Promotion,
    /// The relative words, `打`, `成`/`不成` together.
    pub suffix_span: Span,
}

fn destination(dest: Dest, span: Span, previous: Option<Square>) -> Result<Square, Problem> {
    match dest {
        Dest::Square(s) => Ok(s),
        Dest::Same => previous.ok_or_else(|| {
            Problem::new(
                CommonRule::NoPreviousMove,
                "`同` names the previous move's destination, but there is no previous move",
                span,
            )
        }),
    }
}

impl KifMove {
    /// The move of `pos` this text names. Legality is left to `rules::check_move`.
    pub fn resolve(&self, pos: &Position, previous: Option<Square>) -> Result<Move, Problem> {
        let to = destination(self.dest, self.dest_span, previous)?;
        match self.origin {
            Origin::Drop => {
                if self.promotion != Promotion::None
                    || !self.piece.is_hand_kind()
                    || self.piece == Kind::King
                {
                    return Err(Problem::new(
                        CommonRule::PieceMismatch,
                        "only an unpromoted piece from the hand can be dropped",
                        self.piece_span,
                    ));
                }
                Ok(Move::Drop {
                    kind: self.piece,
                    to,
                })
            }
            Origin::Square(from) => {
                if let Some(p) = pos.piece_at(from)
                    && p.kind != self.piece
                {
                    return Err(Problem::new(
                        CommonRule::PieceMismatch,
                        format!(
                            "the move names a {:?} but the piece on {} is a {:?}",
                            self.piece,
                            square_name(from),
                            p.kind
                        ),
                        self.piece_span,
                    ));
                }
                Ok(Move::Board {
                    from,
                    to,
                    promote: self.promotion == Promotion::Promote,
                })
            }
        }
    }
}

impl Ki2Move {
    /// Find the one move of `pos` this text names, or say why there is none or several.
    pub fn resolve(&self, pos: &Position, previous: Option<Square>) -> Result<Move, Problem> {
        let to = destination(self.dest, self.dest_span, previous)?;
        let us = pos.side_to_move();
        if self.color != us {
            return Err(Problem::new(
                CommonRule::WrongSide,
                format!(
                    "the mark says {:?} moves, but it is {:?}'s turn",
                    self.color, us
                ),
                Span::new(0, 3),
            ));
        }
        // A drop is written without 打 when no board piece of the kind can legally go there,
        // even if a pinned one could by its movement alone.
        let unmarked_drop = !self.drop
            && self.words.is_empty()
            && self.piece.is_hand_kind()
            && pos.hand_count(us, self.piece) > 0
            && legal_origins(pos, self.piece, to).is_empty();
        let origins = if unmarked_drop {
            Vec::new()
        } else {
            candidate_origins(pos, self.piece, to)
        };
        if self.drop || origins.is_empty() {
            if self.drop && (self.promotion != Promotion::None || !self.words.is_empty()) {
                return Err(Problem::syntax(
                    "`打` cannot be combined with relative words or promotion",
                    self.suffix_span,
                ));
            }
            if self.piece.is_hand_kind()
                && self.piece != Kind::King
                && (self.drop || self.words.is_empty())
            {
                return Ok(Move::Drop {
                    kind: self.piece,
                    to,
                });
            }
            return Err(Problem::new(
                CommonRule::NoPiece,
                format!("no {:?} can move to {}", self.piece, square_name(to)),
                self.piece_span,
            ));
        }
        let chosen = words::select(&origins, to, us, self.piece, self.words);
        match chosen.as_slice() {
            [from] => Ok(Move::Board {
                from: *from,
                to,
                promote: self.promotion == Promotion::Promote,
            }),
            [] => Err(Problem::new(
                CommonRule::NoPiece,
                format!(
                    "no {:?} that can move to {} fits `{}`",
                    self.piece,
                    square_name(to),
                    self.words.text()
                ),
                self.suffix_span,
            )),
            many => Err(Problem::new(
                CommonRule::AmbiguousMove,
                format!(
                    "{} pieces fit: from {}",
                    many.len(),
                    many.iter()
                        .map(|s| square_name(*s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                self.piece_span.join(self.suffix_span),
            )),
        }
    }
}

/// Squares of the mover's pieces of `kind` that can move to `to`: those with a legal move
/// there, or, when there is none, those that reach it by their movement alone (so that the
/// validator can name the rule the move breaks instead of saying "no such move").
pub fn candidate_origins(pos: &Position, kind: Kind, to: Square) -> Vec<Square> {
    let legal = legal_origins(pos, kind, to);
    if !legal.is_empty() {
        return legal;
    }
    reaching_origins(pos, kind, to)
}

/// Squares of the mover's pieces of `kind` whose movement reaches `to`, whether or not the
/// move is legal (a pinned piece counts): the pieces a KI2 writer must tell apart, as
/// Kifu for Windows does, so that a reader that counts them too is never left in doubt.
pub fn reaching_origins(pos: &Position, kind: Kind, to: Square) -> Vec<Square> {
    let us = pos.side_to_move();
    Square::all()
        .filter(|&s| {
            pos.piece_at(s).is_some_and(|p| {
                p.color == us
                    && p.kind == kind
                    && movegen::targets(pos, s, p) & (1u128 << to.0) != 0
            })
        })
        .collect()
}

/// Origins of the legal board moves of `kind` to `to`, each once, in square order.
pub fn legal_origins(pos: &Position, kind: Kind, to: Square) -> Vec<Square> {
    let mut out: Vec<Square> = movegen::legal_moves(pos)
        .into_iter()
        .filter_map(|m| match m {
            Move::Board { from, to: t, .. }
                if t == to && pos.piece_at(from).is_some_and(|p| p.kind == kind) =>
            {
                Some(from)
            }
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}
