//! An unvalidated position as a text describes it, and its validation.
//!
//! Kept apart from `Position` so that a notation can describe anything (ten kings, a pawn
//! on the last rank) and the validation can report every violation at once.

use super::position::{Hand, PIECE_SET, Position};
use super::types::{Color, Kind, Piece, Square};
use crate::core::CommonRule;
use crate::games::shogi::ShogiRule;

/// A position as a notation describes it (SFEN, a KIF diagram, CSA's `P` lines), checked
/// for its syntax only: it may break the rules (two kings, a pawn on the last rank).
/// [`hensoku::Setup`](crate::Setup)'s `position` builds the playable position, or lists
/// every rule it breaks; prints and parses as SFEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// Each side's pieces in hand (Black's first), counts by [`Kind`] index (pawn first).
    pub hands: [Hand; 2],
    /// The side to move.
    pub side: Color,
    /// The move number (SFEN's last field).
    pub move_number: u32,
}

/// One reason a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Stable identifier: `TooManyKings`, `DeadPiece`, `TwoPawns`, `TooManyPieces`, `OpponentInCheck`.
    pub rule: crate::core::Rule,
    /// What is wrong, for a reader.
    pub message: String,
    /// The square concerned, when there is one.
    pub square: Option<Square>,
}

impl Setup {
    /// An empty board, empty hands, Black to move, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: [[0; 7]; 2],
            side: Color::Black,
            move_number: 1,
        }
    }

    /// The set-up of a playable position.
    pub fn from_position(pos: &Position) -> Setup {
        let mut s = Setup::empty();
        for sq in Square::all() {
            s.board[sq.index()] = pos.piece_at(sq);
        }
        s.hands = [*pos.hand(Color::Black), *pos.hand(Color::White)];
        s.side = pos.side_to_move();
        s.move_number = pos.move_number();
        s
    }

    /// Check the setup and build the position, or list every violation (the side not to
    /// move in check only on a set-up with no other).
    pub(crate) fn validate(&self) -> Result<Position, Vec<SetupError>> {
        let mut errors = Vec::new();
        self.check_kings(&mut errors);
        self.check_dead_pieces(&mut errors);
        self.check_pawn_files(&mut errors);
        self.check_counts(&mut errors);
        let pos = self.build();
        if errors.is_empty() {
            errors.extend(self.opponent_in_check(&pos));
        }
        if errors.is_empty() {
            Ok(pos)
        } else {
            Err(errors)
        }
    }

    /// The side not to move is in check in `pos` (this set-up built): the last move was
    /// illegal.
    pub(crate) fn opponent_in_check(&self, pos: &Position) -> Option<SetupError> {
        pos.king_attacked(self.side.flip()).then(|| SetupError {
            rule: CommonRule::OpponentInCheck.into(),
            message: "the side not to move is in check, so the last move was illegal".into(),
            square: pos.king(self.side.flip()),
        })
    }

    /// The position, with no checks (callers have validated).
    pub(crate) fn build(&self) -> Position {
        let mut pos = Position::empty(Color::Black, self.move_number);
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                // a second king of a colour would confuse the king square; validation refuses it
                pos.put(sq, p);
            }
        }
        for c in Color::BOTH {
            for k in 0..7 {
                pos.set_hand(c, Kind::from_index(k as u8), self.hands[c.index()][k]);
            }
        }
        pos.set_side(self.side);
        pos
    }

    fn check_kings(&self, errors: &mut Vec<SetupError>) {
        for c in Color::BOTH {
            let kings: Vec<Square> = Square::all()
                .filter(|s| self.board[s.index()] == Some(Piece::new(c, Kind::King)))
                .collect();
            if kings.len() > 1 {
                errors.push(SetupError {
                    rule: CommonRule::TooManyKings.into(),
                    message: format!(
                        "{} has {} kings; at most one is allowed",
                        side_name(c),
                        kings.len()
                    ),
                    square: kings.get(1).copied(),
                });
            }
        }
    }

    fn check_dead_pieces(&self, errors: &mut Vec<SetupError>) {
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()]
                && sq.relative_rank(p.color) < p.kind.min_relative_rank()
            {
                errors.push(SetupError {
                    rule: ShogiRule::DeadPiece.into(),
                    message: format!(
                        "an unpromoted {:?} on {}{} could never move again",
                        p.kind,
                        sq.file(),
                        sq.rank()
                    ),
                    square: Some(sq),
                });
            }
        }
    }

    fn check_pawn_files(&self, errors: &mut Vec<SetupError>) {
        for c in Color::BOTH {
            for file in 1..=9 {
                let n = (1..=9)
                    .filter(|&r| {
                        let sq = Square::new(file, r).expect("on board");
                        self.board[sq.index()] == Some(Piece::new(c, Kind::Pawn))
                    })
                    .count();
                if n > 1 {
                    errors.push(SetupError {
                        rule: ShogiRule::TwoPawns.into(),
                        message: format!(
                            "{} has {n} unpromoted pawns on file {file}",
                            side_name(c)
                        ),
                        square: Square::new(file, 1),
                    });
                }
            }
        }
    }

    fn check_counts(&self, errors: &mut Vec<SetupError>) {
        for k in 0..8u8 {
            let kind = Kind::from_index(k);
            let on_board = self
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind.unpromoted() == kind)
                .count();
            let in_hand = if kind.is_hand_kind() {
                self.hands[0][k as usize] as usize + self.hands[1][k as usize] as usize
            } else {
                0
            };
            if on_board + in_hand > PIECE_SET[k as usize] as usize {
                errors.push(SetupError {
                    rule: ShogiRule::TooManyPieces.into(),
                    message: format!(
                        "{} {:?} pieces in all; the set has {}",
                        on_board + in_hand,
                        kind,
                        PIECE_SET[k as usize]
                    ),
                    square: None,
                });
            }
        }
    }

    /// Pieces of the set not on the board nor in either hand, by hand kind.
    pub fn missing_pieces(&self) -> Hand {
        let mut h = [0u8; 7];
        for k in 0..7u8 {
            let kind = Kind::from_index(k);
            let used = self
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind.unpromoted() == kind)
                .count()
                + self.hands[0][k as usize] as usize
                + self.hands[1][k as usize] as usize;
            h[k as usize] = (PIECE_SET[k as usize] as usize).saturating_sub(used) as u8;
        }
        h
    }
}

/// `Black` or `White`, as the messages name a side.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}
