//! An unvalidated position (what a FEN says) and its validation into a playable
//! [`Position`], reporting every violation at once, each naming its rule.

use super::bitboard::{self as bb, bit};
use super::position::{CASTLING_CORNERS, Position};
use super::types::{Color, Piece, Role, Square};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::ChessRule;

/// Where each field of a FEN stands in its text, so problems can point at the culprit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FenSpans {
    pub board: Span,
    pub turn: Span,
    pub castling: Span,
    pub ep: Span,
    pub whole: Span,
    /// The character of each occupied square in the board field.
    pub squares: [Span; 64],
}

impl Default for FenSpans {
    fn default() -> FenSpans {
        let s = Span::default();
        FenSpans {
            board: s,
            turn: s,
            castling: s,
            ep: s,
            whole: s,
            squares: [s; 64],
        }
    }
}

/// A position as a FEN writes it, not yet checked against the rules: it may have two
/// kings or a pawn on the last rank. [`Setup`](crate::Setup)`::position` checks it and
/// reports every problem. Two setups are equal when their fields are, wherever in a text
/// they were read from.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The piece on each square, `a1` = 0, `b1` = 1, … `h8` = 63.
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// Squares of the rooks that keep castling rights (corners in orthodox chess), one
    /// bit per square as in `board`.
    pub castling: u64,
    /// Chess960 rules: castling rooks anywhere on the back rank beside the king.
    pub chess960: bool,
    /// The en passant square, as written (it may be one no pawn has just passed).
    pub ep_square: Option<Square>,
    /// The halfmove clock.
    pub halfmoves: u32,
    /// The fullmove number.
    pub fullmoves: u32,
    /// Where each field was read from, for the problems' spans.
    pub(crate) spans: FenSpans,
}

impl PartialEq for Setup {
    fn eq(&self, other: &Setup) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.chess960 == other.chess960
            && self.ep_square == other.ep_square
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Setup {}

impl Setup {
    /// The setup a playable position prints as.
    pub(crate) fn from_position(pos: &Position) -> Setup {
        let mut board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = pos.piece_at(Square(i as u8));
        }
        Setup {
            board,
            turn: pos.turn(),
            castling: pos.castling_rooks(),
            chess960: pos.is_chess960(),
            ep_square: pos.ep_square(),
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves(),
            spans: FenSpans::default(),
        }
    }

    fn count(&self, p: Piece) -> usize {
        self.board.iter().filter(|x| **x == Some(p)).count()
    }

    /// The board as written, with castling rights and en passant square kept only where
    /// they can be, and no rule checked: for variants that judge the rest themselves.
    pub(crate) fn build(&self) -> Position {
        let mut pos = Position::empty();
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                pos.put(Square(i as u8), *p);
            }
        }
        pos.turn = self.turn;
        pos.chess960 = self.chess960;
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves.max(1);
        let mut sink = Vec::new();
        pos.castling = self.checked_castling(&mut sink);
        pos.ep_square = self.checked_ep(&mut sink);
        pos
    }

    /// The orthodox violations that do not depend on how pieces attack: kings, pawns on
    /// the first or last rank, castling rights, the en passant square.
    pub(crate) fn board_problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        self.check_kings(&mut problems);
        self.check_pawns(&mut problems);
        self.checked_castling(&mut problems);
        self.checked_ep(&mut problems);
        problems
    }

    /// Check the setup against the rules of chess: every board problem, and whether the
    /// side not to move is in check when the board has none (what a FEN file's line
    /// reports; [`Setup::problems`] checks both).
    pub(crate) fn validate(&self) -> Result<Position, Vec<Problem>> {
        let mut problems = self.board_problems();
        let pos = self.build();
        if problems.is_empty() {
            problems.extend(self.opponent_in_check(&pos));
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(problems)
        }
    }

    /// Every problem of the setup: the board's, and the side not to move in check
    /// wherever each side has one king to be in check.
    pub(crate) fn problems(&self) -> Vec<Problem> {
        let mut problems = self.board_problems();
        let one_king = |c| self.count(Piece::new(c, Role::King)) == 1;
        if Color::BOTH.into_iter().all(one_king) {
            problems.extend(self.opponent_in_check(&self.build()));
        }
        problems
    }

    /// The playable position, or every problem but those whose rule is in `accept` among
    /// the ones it can do without: castling rights and an en passant square that cannot
    /// be are dropped.
    pub(crate) fn position(&self, accept: &[crate::core::Rule]) -> Result<Position, Vec<Problem>> {
        let repairable = |p: &Problem| {
            (p.rule == ChessRule::BadCastlingRights || p.rule == ChessRule::BadEnPassant)
                && accept.contains(&p.rule)
        };
        let problems: Vec<Problem> = self
            .problems()
            .into_iter()
            .filter(|p| !repairable(p))
            .collect();
        if problems.is_empty() {
            Ok(self.build())
        } else {
            Err(problems)
        }
    }

    /// `them` in check with `turn` to move, in the built position.
    fn opponent_in_check(&self, pos: &Position) -> Option<Problem> {
        let them = self.turn.flip();
        (pos.attackers(pos.king(them), self.turn, pos.occupied()) != 0).then(|| {
            Problem::new(
                CommonRule::OpponentInCheck,
                format!(
                    "{} is in check but it is {}'s move",
                    them.name(),
                    self.turn.name()
                ),
                self.spans.turn,
            )
        })
    }

    /// Where a square's piece is written, or the whole board field when unknown.
    fn square_span(&self, sq: Square) -> Span {
        let s = self.spans.squares[sq.index()];
        if s.len == 0 { self.spans.board } else { s }
    }

    fn check_kings(&self, problems: &mut Vec<Problem>) {
        for c in Color::BOTH {
            let king = Piece::new(c, Role::King);
            let n = self.count(king);
            if n == 0 {
                problems.push(Problem::new(
                    ChessRule::MissingKing,
                    format!("{} has no king", c.name()),
                    self.spans.board,
                ));
            } else if n > 1 {
                // point at the second king written (FEN lists rank 8 first)
                let mut kings: Vec<Square> = (0..64u8)
                    .map(Square)
                    .filter(|s| self.board[s.index()] == Some(king))
                    .collect();
                kings.sort_by_key(|s| (7 - s.rank(), s.file()));
                let span = self.square_span(kings[1]);
                problems.push(Problem::new(
                    CommonRule::TooManyKings,
                    format!("{} has {n} kings; a side has exactly one", c.name()),
                    span,
                ));
            }
        }
    }

    fn check_pawns(&self, problems: &mut Vec<Problem>) {
        for (i, p) in self.board.iter().enumerate() {
            if p.is_some_and(|p| p.role == Role::Pawn) && !(8..56).contains(&i) {
                let sq = Square(i as u8);
                problems.push(Problem::new(
                    ChessRule::PawnOnBackRank,
                    format!("a pawn stands on {sq}; pawns never stand on the first or last rank"),
                    self.square_span(sq),
                ));
            }
        }
    }

    /// Castling rights need the king on its start square and the rook in its corner; in
    /// Chess960, the king on its back rank and at most one rook on each side of it.
    fn checked_castling(&self, problems: &mut Vec<Problem>) -> u64 {
        let mut rights = self.castling;
        for rook in bb::squares(self.castling) {
            let color = if rook.rank() == 0 {
                Color::White
            } else {
                Color::Black
            };
            let ok = (rook.rank() == 0 || rook.rank() == 7)
                && self.board[rook.index()] == Some(Piece::new(color, Role::Rook))
                && self.king_may_castle_with(color, rook);
            if !ok {
                problems.push(Problem::new(
                    ChessRule::BadCastlingRights,
                    format!(
                        "{} may not castle with the rook of {rook}: king or rook is not at home",
                        color.name()
                    ),
                    self.spans.castling,
                ));
                rights &= !bit(rook);
            }
        }
        rights
    }

    fn king_may_castle_with(&self, color: Color, rook: Square) -> bool {
        let king = Piece::new(color, Role::King);
        if !self.chess960 {
            let home = Square::new(4, color.back_rank());
            return CASTLING_CORNERS & bit(rook) != 0 && self.board[home.index()] == Some(king);
        }
        let Some(k) = (0..8)
            .map(|f| Square::new(f, color.back_rank()))
            .find(|s| self.board[s.index()] == Some(king))
        else {
            return false;
        };
        let same_side = bb::squares(self.castling & !bit(rook))
            .filter(|r| r.rank() == rook.rank())
            .any(|r| (r.file() > k.file()) == (rook.file() > k.file()));
        rook.file() != k.file() && !same_side
    }

    /// An en passant square must be the square a pawn of the side not to move just skipped.
    fn checked_ep(&self, problems: &mut Vec<Problem>) -> Option<Square> {
        let ep = self.ep_square?;
        let them = self.turn.flip();
        let forward: i8 = if them == Color::White { 1 } else { -1 };
        let pawn = ep.offset(0, forward);
        let origin = ep.offset(0, -forward);
        let ok = ep.relative_rank(them) == 2
            && pawn.is_some_and(|s| self.board[s.index()] == Some(Piece::new(them, Role::Pawn)))
            && self.board[ep.index()].is_none()
            && origin.is_some_and(|s| self.board[s.index()].is_none());
        if !ok {
            problems.push(Problem::new(
                ChessRule::BadEnPassant,
                format!(
                    "{ep} cannot be an en passant square: no {} pawn has just passed it",
                    them.name()
                ),
                self.spans.ep,
            ));
        }
        ok.then_some(ep)
    }
}
