//! A playable, validated position of orthodox chess (see `setup` for how one is made).

use super::bitboard::{self as bb, Bitboard, bit};
use super::types::{Color, Move, MoveKind, Piece, Role, Square};

/// A legal chess position: the board, the side to move, the castling rights, the en
/// passant square and the two move counters of FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    /// The rooks that may still castle, as a set of their squares (the corners in
    /// orthodox chess, any back-rank square in Chess960).
    pub(crate) castling: Bitboard,
    /// Chess960 rules: castling rooks anywhere on the back rank, UCI castling written
    /// as the king taking its own rook.
    pub(crate) chess960: bool,
    /// The square a pawn skipped with its double step on the last move, if any.
    pub(crate) ep_square: Option<Square>,
    /// Plies since the last capture or pawn move (the fifty-move rule).
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// The Zobrist key of the pieces on their squares, kept up to date by every `put` and
    /// `remove`, so that [`Position::hash`] costs a few XORs, not a walk over the board.
    board_key: u64,
}

/// The four corner squares that carry castling rights.
pub const CASTLING_CORNERS: Bitboard =
    bit(Square(0)) | bit(Square(7)) | bit(Square(56)) | bit(Square(63));

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn zobrist_table() -> [u64; 12 * 64 + 64 + 8 + 1] {
    let mut t = [0u64; 12 * 64 + 64 + 8 + 1];
    let mut i = 0;
    while i < t.len() {
        t[i] = splitmix(i as u64 * 7919 + 17);
        i += 1;
    }
    t
}

/// Random keys: piece-square (12×64), castling rook squares (64), en passant file (8), turn.
static ZOBRIST: [u64; 12 * 64 + 64 + 8 + 1] = zobrist_table();

impl Position {
    /// The position before the first move.
    pub fn startpos() -> Position {
        // read once: every game of a PGN archive without a FEN tag starts here
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(|| {
                super::notation::fen::parse_position(super::notation::fen::START)
                    .expect("the start position is valid")
            })
            .clone()
    }

    /// An empty board, White to move: the raw material `setup` fills in.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [0; 6],
            by_color: [0; 2],
            turn: Color::White,
            castling: 0,
            chess960: false,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            board_key: 0,
        }
    }

    /// The Zobrist key of a piece on a square.
    #[inline]
    fn piece_key(sq: Square, p: Piece) -> u64 {
        ZOBRIST[(p.color.index() * 6 + p.role.index()) * 64 + sq.index()]
    }

    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.occupied() & bit(sq) == 0, "{sq} is empty");
        self.board_key ^= Self::piece_key(sq, p);
        self.by_role[p.role.index()] |= bit(sq);
        self.by_color[p.color.index()] |= bit(sq);
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.board_key ^= Self::piece_key(sq, p);
        self.by_role[p.role.index()] &= !bit(sq);
        self.by_color[p.color.index()] &= !bit(sq);
        Some(p)
    }

    #[inline]
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The square a pawn may capture en passant on, if any.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
    /// The rooks that may still castle.
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }
    /// Is this a Chess960 position (castling rooks anywhere on the back rank)?
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }
    /// The rook a castling move takes along: the side's castling rook on the side of
    /// the king the king goes to (g-file: the one right of the king, c-file: left).
    pub fn castling_rook(&self, mv: Move) -> Option<Square> {
        let rank = self.turn.back_rank();
        let rights = self.castling & (bb::RANK_1 << (8 * rank));
        let king_side = mv.to.file() == 6;
        bb::squares(rights).find(|r| (r.file() > mv.from.file()) == king_side)
    }
    /// Plies since the last capture or pawn move (the fifty-move rule).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The full-move number, from 1.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    #[inline]
    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    /// The squares of one side's pieces.
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    #[inline]
    /// The squares of every piece of one role, both sides.
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }
    #[inline]
    /// The squares of one side's pieces of one role.
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c.index()] & self.by_role[r.index()]
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = bit(sq);
        let color = if self.by_color[0] & b != 0 {
            Color::White
        } else if self.by_color[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()] & b != 0)?;
        Some(Piece { color, role })
    }

    /// The king of a side (a validated position has exactly one).
    #[inline]
    pub fn king(&self, c: Color) -> Square {
        Square(self.pieces(c, Role::King).trailing_zeros().min(63) as u8)
    }

    /// Pieces of `by` attacking `sq`, with `occupied` as the board's blockers.
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let diag = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let orth = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        them & ((bb::KNIGHT[sq.index()] & self.by_role(Role::Knight))
            | (bb::KING[sq.index()] & self.by_role(Role::King))
            | (bb::pawn_attacks(by.flip(), sq) & self.by_role(Role::Pawn))
            | (bb::bishop_attacks(sq, occupied) & diag)
            | (bb::rook_attacks(sq, occupied) & orth))
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), self.turn.flip(), self.occupied())
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The position after `mv`, which must be legal here (see `movegen`).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Play a legal move in place.
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let Some(moving) = self.remove(mv.from) else {
            return;
        };
        let captured = match mv.kind {
            MoveKind::EnPassant => self.remove(Square::new(mv.to.file(), mv.from.rank())),
            MoveKind::Castle => None,
            _ => self.remove(mv.to),
        };
        self.ep_square = None;
        match mv.kind {
            MoveKind::Castle => self.castle_rook(mv, us),
            MoveKind::Promotion(role) => self.put(mv.to, Piece::new(us, role)),
            _ => self.put(mv.to, moving),
        }
        if moving.role == Role::Pawn && mv.from.rank().abs_diff(mv.to.rank()) == 2 {
            self.ep_square = Some(Square::new(
                mv.from.file(),
                (mv.from.rank() + mv.to.rank()) / 2,
            ));
        }
        if moving.role == Role::King {
            self.castling &= !(bb::RANK_1 << (8 * us.back_rank()));
        }
        self.castling &= !(bit(mv.from) | bit(mv.to));
        self.halfmoves = if captured.is_some() || moving.role == Role::Pawn {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.flip();
    }

    /// Put the king on its castled square and the rook beside it (f- or d-file).
    fn castle_rook(&mut self, mv: Move, us: Color) {
        let rank = us.back_rank();
        let rook_to = if mv.to.file() == 6 { 5 } else { 3 };
        if let Some(rook_from) = self.castling_rook(mv) {
            self.remove(rook_from);
        }
        self.put(Square::new(rook_to, rank), Piece::new(us, Role::Rook));
        self.put(mv.to, Piece::new(us, Role::King));
    }

    /// True when the side to move could capture en passant (pseudo-legally) right now:
    /// only then does the en passant square make two positions different (FIDE 9.2.3).
    pub fn ep_capturable(&self) -> bool {
        match self.ep_square {
            None => false,
            Some(ep) => {
                bb::pawn_attacks(self.turn.flip(), ep) & self.pieces(self.turn, Role::Pawn) != 0
            }
        }
    }

    /// Zobrist key of everything that makes positions the same for repetition: pieces,
    /// side to move, castling rights, and an en passant square only when it can be used.
    pub fn hash(&self) -> u64 {
        let mut h = self.board_key;
        for sq in bb::squares(self.castling) {
            h ^= ZOBRIST[12 * 64 + sq.index()];
        }
        if let Some(ep) = self.ep_square.filter(|_| self.ep_capturable()) {
            h ^= ZOBRIST[12 * 64 + 64 + ep.file() as usize];
        }
        if self.turn == Color::Black {
            h ^= ZOBRIST[12 * 64 + 64 + 8];
        }
        h
    }

    /// Neither side can ever mate: bare kings, or kings with one minor piece, or only
    /// bishops all on squares of one colour (FIDE 5.2.2 dead positions, the common cases).
    pub fn insufficient_material(&self) -> bool {
        if self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen) != 0 {
            return false;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if minors.count_ones() <= 1 {
            return true;
        }
        const DARK: Bitboard = 0xaa55_aa55_aa55_aa55;
        let bishops = self.by_role(Role::Bishop);
        self.by_role(Role::Knight) == 0 && (bishops & DARK == 0 || bishops & !DARK == 0)
    }
}
