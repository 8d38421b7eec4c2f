//! A Buckley position: an orthodox board, White's portal W and Black's portal K (or both
//! fixed on one square after a black hole), the position string `FEN W:K[!]` (§6.2), and
//! how moves change it (§4.3-4.7).

use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::notation::fen;
use crate::games::chess::position::Position;
use crate::games::chess::types::{Color, Move, MoveKind, Piece, Role, Square};
use crate::games::portal::PortalRule;

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4:a5";

/// A Buckley move: a piece move `(from, to, kind)` (with the entry square `via` when it
/// went through the pair, and the square of the piece it captured), or a portal move of
/// the mover's own portal from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BuckleyMove {
    /// The origin square.
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// Promotion, en passant, castling or a normal move.
    pub kind: MoveKind,
    /// Does the move carry a portal instead of a piece?
    pub portal: bool,
    /// The portal square stepped onto, for a move through the pair.
    pub via: Option<Square>,
    /// Where the captured piece stood (the pair's occupant may stand on the other square).
    pub capture: Option<Square>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A Buckley position: the board, each side's portal, and whether they are fixed.
pub struct BuckleyPosition {
    pub(crate) board: Position,
    pub(crate) white_portal: Square,
    pub(crate) black_portal: Square,
    pub(crate) fixed: bool,
}

impl BuckleyPosition {
    /// The start: the chess array, White's portal on e4, Black's on a5.
    pub fn startpos() -> BuckleyPosition {
        parse(START).expect("the start position is valid")
    }
    /// The chess board under the portals.
    pub fn board(&self) -> &Position {
        &self.board
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.board.turn()
    }
    /// White's portal, Black's portal, and whether a black hole fixed them.
    pub fn portals(&self) -> (Square, Square, bool) {
        (self.white_portal, self.black_portal, self.fixed)
    }
    /// The two squares of the pair, unless the portals are fixed (then there is no pair).
    pub fn pair(&self) -> u64 {
        if self.fixed {
            0
        } else {
            bit(self.white_portal) | bit(self.black_portal)
        }
    }
    /// The portal square linked to `s`.
    pub fn partner(&self, s: Square) -> Square {
        if s == self.white_portal {
            self.black_portal
        } else {
            self.white_portal
        }
    }
    /// The piece resting on the pair and its physical square.
    pub fn occupant(&self) -> Option<(Square, Piece)> {
        let sq = bb::lowest(self.pair() & self.board.occupied())?;
        Some((sq, self.board.piece_at(sq)?))
    }
    /// The square of `c`'s portal.
    pub fn own_portal(&self, c: Color) -> Square {
        if c == Color::White {
            self.white_portal
        } else {
            self.black_portal
        }
    }

    /// A 64-bit hash of the whole position.
    pub fn hash(&self) -> u64 {
        let extra = (u64::from(self.white_portal.0) << 8
            | u64::from(self.black_portal.0) << 1
            | u64::from(self.fixed))
            + 1;
        self.board.hash() ^ extra.wrapping_mul(0xd6e8_feb8_6659_fd93).rotate_left(29)
    }

    /// The position after a legal move.
    pub fn after(&self, mv: BuckleyMove) -> BuckleyPosition {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    pub(crate) fn pass(&mut self) {
        self.board.turn = self.board.turn.flip();
        self.board.ep_square = None;
    }

    /// Play a legal move.
    pub fn play(&mut self, mv: BuckleyMove) {
        if mv.portal {
            self.play_portal(mv);
        } else if mv.kind == MoveKind::Castle || mv.kind == MoveKind::EnPassant {
            self.board.play(Move {
                from: mv.from,
                to: mv.to,
                kind: mv.kind,
            });
        } else {
            self.play_piece(mv);
        }
    }

    fn play_piece(&mut self, mv: BuckleyMove) {
        let b = &mut self.board;
        let us = b.turn;
        let Some(piece) = b.remove(mv.from) else {
            return;
        };
        let captured = mv.capture.and_then(|c| b.remove(c));
        let placed = match mv.kind {
            MoveKind::Promotion(r) => Piece::new(us, r),
            _ => piece,
        };
        b.put(mv.to, placed);
        b.ep_square = None;
        if piece.role == Role::Pawn
            && mv.via.is_none()
            && mv.from.rank().abs_diff(mv.to.rank()) == 2
        {
            b.ep_square = Some(Square::new(
                mv.from.file(),
                (mv.from.rank() + mv.to.rank()) / 2,
            ));
        }
        if piece.role == Role::King {
            b.castling &= !(bb::RANK_1 << (8 * us.back_rank()));
        }
        b.castling &= !(bit(mv.from) | mv.capture.map_or(0, bit));
        b.halfmoves = if captured.is_some() || piece.role == Role::Pawn {
            0
        } else {
            b.halfmoves + 1
        };
        finish_turn(b, us);
    }

    fn play_portal(&mut self, mv: BuckleyMove) {
        let us = self.board.turn;
        let other = self.own_portal(us.flip());
        let mut removed = false;
        if mv.to == other {
            // black hole: everything on h and around it leaves the game
            for s in squares(bb::KING[mv.to.index()] | bit(mv.to)) {
                if let Some(p) = self.board.remove(s) {
                    removed = true;
                    self.lose_rights(s, p);
                }
            }
            self.fixed = true;
        } else if let Some(x) = self.board.remove(mv.to) {
            self.lose_rights(mv.to, x);
            self.board.put(other, x);
        }
        if us == Color::White {
            self.white_portal = mv.to;
        } else {
            self.black_portal = mv.to;
        }
        let b = &mut self.board;
        b.ep_square = None;
        b.halfmoves = if removed { 0 } else { b.halfmoves + 1 };
        finish_turn(b, us);
    }

    /// A king or rook teleported or swallowed takes its castling rights with it.
    fn lose_rights(&mut self, s: Square, p: Piece) {
        if p.role == Role::King {
            self.board.castling &= !(bb::RANK_1 << (8 * p.color.back_rank()));
        }
        self.board.castling &= !bit(s);
    }
}

fn finish_turn(b: &mut Position, us: Color) {
    if us == Color::Black {
        b.fullmoves += 1;
    }
    b.turn = us.flip();
}

pub fn to_string(pos: &BuckleyPosition) -> String {
    let bang = if pos.fixed { "!" } else { "" };
    format!(
        "{} {}:{}{bang}",
        fen::to_fen(&pos.board),
        pos.white_portal,
        pos.black_portal
    )
}

/// Read a position string (§6.2); the first problem found.
pub fn parse(text: &str) -> Result<BuckleyPosition, Problem> {
    let setup = read_setup(text)?;
    if let Some(p) = setup.portal_problem() {
        return Err(p);
    }
    if let Some(p) = setup.board.board_problems().into_iter().next() {
        return Err(p.shifted(setup.shift));
    }
    if let Some(p) = setup.overfull() {
        return Err(p);
    }
    let pos = setup.build();
    match setup.opponent_in_check(&pos) {
        Some(p) => Err(p),
        None => Ok(pos),
    }
}

/// A Buckley position string as written: the FEN's setup and the two portals, checked
/// for syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuckleySetup {
    /// The board, side to move, rights and counters, as the FEN says.
    pub board: crate::games::chess::setup::Setup,
    /// White's portal.
    pub white_portal: Square,
    /// Black's portal.
    pub black_portal: Square,
    /// A black hole fixed both portals on one square (`!`).
    pub fixed: bool,
    /// Where the FEN starts in the text (after `buckley:`), and the portals' span.
    pub(crate) shift: usize,
    pub(crate) portal_span: Span,
}

/// Read a position string's syntax: a 6-field FEN and `W:K`, `!` when fixed.
pub fn read_setup(text: &str) -> Result<BuckleySetup, Problem> {
    let body = text.trim().strip_prefix("buckley:").unwrap_or(text.trim());
    let shift = Span::of(text, body).offset;
    let fields: Vec<&str> = body.split_ascii_whitespace().collect();
    if fields.len() != 7 {
        return Err(Problem::syntax(
            format!(
                "a Buckley position is a 6-field FEN and `W:K`, found {} fields",
                fields.len()
            ),
            Span::new(0, text.len()),
        ));
    }
    let fen_end = Span::of(body, fields[5]).end();
    let board = fen::parse_setup(&body[..fen_end]).map_err(|p| p.shifted(shift))?;
    let portal_span = Span::of(text, fields[6]);
    let (spec, fixed) = match fields[6].strip_suffix('!') {
        Some(s) => (s, true),
        None => (fields[6], false),
    };
    let bad = || {
        Problem::syntax(
            format!("`{}` is not `W:K` portal squares", fields[6]),
            portal_span,
        )
    };
    let (w, k) = spec.split_once(':').ok_or_else(bad)?;
    let (w, k) = (
        Square::parse(w).ok_or_else(bad)?,
        Square::parse(k).ok_or_else(bad)?,
    );
    Ok(BuckleySetup {
        board,
        white_portal: w,
        black_portal: k,
        fixed,
        shift,
        portal_span,
    })
}

impl BuckleySetup {
    /// Read a position string's syntax.
    pub(crate) fn read(text: &str) -> Result<BuckleySetup, Problem> {
        read_setup(text)
    }

    /// The setup of a playable position.
    pub(crate) fn from_position(pos: &BuckleyPosition) -> BuckleySetup {
        BuckleySetup {
            board: crate::games::chess::setup::Setup::from_position(&pos.board),
            white_portal: pos.white_portal,
            black_portal: pos.black_portal,
            fixed: pos.fixed,
            shift: 0,
            portal_span: Span::default(),
        }
    }

    /// The position string.
    pub(crate) fn text(&self) -> String {
        let bang = if self.fixed { "!" } else { "" };
        format!(
            "{} {}:{}{bang}",
            fen::setup_to_fen(&self.board),
            self.white_portal,
            self.black_portal
        )
    }

    /// Fixed portals share one square, unfixed ones do not.
    fn portal_problem(&self) -> Option<Problem> {
        let (w, k, fixed) = (self.white_portal, self.black_portal, self.fixed);
        (fixed != (w == k)).then(|| {
            let msg = if fixed {
                "fixed portals (`!`) share one square"
            } else {
                "two unfixed portals stand on different squares"
            };
            Problem::new(PortalRule::BadPortals, msg, self.portal_span)
        })
    }

    /// The pair holds at most one piece.
    fn overfull(&self) -> Option<Problem> {
        let occupied = |s: Square| self.board.board[s.index()].is_some();
        (!self.fixed && occupied(self.white_portal) && occupied(self.black_portal)).then(|| {
            Problem::new(
                PortalRule::PairOverfull,
                "the pair holds at most one piece, and both portal squares hold one",
                self.portal_span,
            )
        })
    }

    fn build(&self) -> BuckleyPosition {
        BuckleyPosition {
            board: self.board.build(),
            white_portal: self.white_portal,
            black_portal: self.black_portal,
            fixed: self.fixed,
        }
    }

    /// The side not to move in check (through the pair, or by a black hole's threat).
    fn opponent_in_check(&self, pos: &BuckleyPosition) -> Option<Problem> {
        let mut passed = pos.clone();
        passed.pass();
        super::movegen::in_check(&passed).then(|| {
            let msg = format!(
                "{} is in check but it is {}'s move",
                pos.turn().flip().name(),
                pos.turn().name()
            );
            Problem::new(
                CommonRule::OpponentInCheck,
                msg,
                self.board.spans.turn.shifted(self.shift),
            )
        })
    }

    /// The playable position, or every problem (the check wherever the portals are right
    /// and each side has one king) but the castling rights and en passant square that
    /// `accept` lets drop.
    pub(crate) fn position(
        &self,
        accept: &[crate::core::Rule],
    ) -> Result<BuckleyPosition, Vec<Problem>> {
        let mut problems: Vec<Problem> = self.portal_problem().into_iter().collect();
        let portals_right = problems.is_empty();
        problems.extend(
            self.board
                .board_problems()
                .into_iter()
                .map(|p| p.shifted(self.shift)),
        );
        problems.extend(self.overfull());
        let pos = self.build();
        if portals_right && super::super::one_king_each(&self.board) {
            problems.extend(self.opponent_in_check(&pos));
        }
        super::super::drop_accepted(&mut problems, accept);
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(problems)
        }
    }
}
