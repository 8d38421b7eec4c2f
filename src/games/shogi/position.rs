//! A playable shogi position: board, hands, side to move, and incremental hash.
//!
//! A `Position` is always consistent (at most one king a side, no dead pieces, hands within
//! the piece set); text is first read into a [`Setup`](super::setup::Setup), whose `validate` reports every
//! violation at once. Moves are applied by `play`, which trusts that the move is legal:
//! callers get legal moves from `movegen` or check them with `Position::check_move`.

use super::tables::{self, Bitboard, ZOBRIST, squares};
use super::types::{Color, Kind, Move, Piece, Square};

/// Counts of the seven hand kinds (index = `Kind as usize`, P L N S G B R).
pub type Hand = [u8; 7];

/// Maximum number of pieces of each unpromoted kind in a standard set.
pub const PIECE_SET: [u8; 8] = [18, 4, 4, 4, 4, 2, 2, 2];

#[derive(Clone, Debug)]
/// A legal shogi position: board, hands, side to move, move number.
pub struct Position {
    board: [u8; 81],
    hands: [Hand; 2],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 15],
    king: [Option<Square>; 2],
    side: Color,
    /// The move number as SFEN counts it (1 at the start).
    move_number: u32,
    board_hash: u64,
    hand_hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.hands == other.hands && self.side == other.side
    }
}
impl Eq for Position {}

impl Position {
    /// An empty board with Black to move (used by `Setup`).
    pub(crate) fn empty(side: Color, move_number: u32) -> Position {
        Position {
            board: [0; 81],
            hands: [[0; 7]; 2],
            by_color: [0; 2],
            by_kind: [0; 15],
            king: [None; 2],
            side,
            move_number,
            board_hash: if side == Color::White {
                ZOBRIST.white_to_move
            } else {
                0
            },
            hand_hash: 0,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        super::notation::sfen::parse_position(super::notation::sfen::STARTPOS)
            .expect("the start position is valid")
    }

    #[inline]
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline]
    /// The move number, from 1.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    #[inline]
    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }
    #[inline]
    pub(crate) fn code_at(&self, sq: usize) -> u8 {
        self.board[sq]
    }
    #[inline]
    /// `c`'s hand: counts of P L N S G B R.
    pub fn hand(&self, c: Color) -> &Hand {
        &self.hands[c.index()]
    }
    #[inline]
    /// How many pieces of `k` are in `c`'s hand.
    pub fn hand_count(&self, c: Color, k: Kind) -> u8 {
        self.hands[c.index()][k as usize]
    }
    #[inline]
    /// The square of `c`'s king.
    pub fn king(&self, c: Color) -> Option<Square> {
        self.king[c.index()]
    }
    #[inline]
    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    /// The squares of `c`'s pieces.
    pub fn pieces_of(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    #[inline]
    /// The squares of `c`'s pieces of kind `k`.
    pub fn pieces(&self, c: Color, k: Kind) -> Bitboard {
        self.by_color[c.index()] & self.by_kind[k as usize]
    }
    /// Hash of board, hands and side to move (the repetition key).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board_hash ^ self.hand_hash
    }
    /// Hash of the board and side alone (for hand-dominance lookups in the solver).
    #[inline]
    pub fn board_hash(&self) -> u64 {
        self.board_hash
    }

    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert_eq!(self.board[sq.index()], 0);
        let code = p.code();
        self.board[sq.index()] = code;
        let bit = 1u128 << sq.0;
        self.by_color[p.color.index()] |= bit;
        self.by_kind[p.kind as usize] |= bit;
        self.board_hash ^= ZOBRIST.board[code as usize][sq.index()];
        if p.kind == Kind::King {
            self.king[p.color.index()] = Some(sq);
        }
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        let p = Piece::from_code(code)?;
        self.board[sq.index()] = 0;
        let bit = 1u128 << sq.0;
        self.by_color[p.color.index()] &= !bit;
        self.by_kind[p.kind as usize] &= !bit;
        self.board_hash ^= ZOBRIST.board[code as usize][sq.index()];
        if p.kind == Kind::King && self.king[p.color.index()] == Some(sq) {
            self.king[p.color.index()] = None;
        }
        Some(p)
    }

    pub(crate) fn set_hand(&mut self, c: Color, k: Kind, n: u8) {
        let slot = &mut self.hands[c.index()][k as usize];
        let keys = &ZOBRIST.hand[c.index()][k as usize];
        self.hand_hash ^= keys[(*slot).min(18) as usize] ^ keys[n.min(18) as usize];
        *slot = n;
    }

    pub(crate) fn set_side(&mut self, c: Color) {
        if c != self.side {
            self.board_hash ^= ZOBRIST.white_to_move;
            self.side = c;
        }
    }

    /// Hand the turn to the other side and count the move, without moving anything (for
    /// variants that build a ply out of several board edits).
    pub(crate) fn pass_turn(&mut self) {
        self.set_side(self.side.flip());
        self.move_number += 1;
    }

    /// Apply a move assumed legal for the side to move, then pass the turn.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        match mv {
            Move::Board { from, to, promote } => {
                let mut p = self.remove(from).expect("a legal move starts on a piece");
                if let Some(captured) = self.remove(to) {
                    let k = captured.kind.unpromoted();
                    if k.is_hand_kind() {
                        let n = self.hand_count(us, k) + 1;
                        self.set_hand(us, k, n);
                    }
                }
                if promote {
                    p.kind = p.kind.promoted();
                }
                self.put(to, p);
            }
            Move::Drop { kind, to } => {
                let n = self.hand_count(us, kind) - 1;
                self.set_hand(us, kind, n);
                self.put(to, Piece::new(us, kind));
            }
        }
        self.set_side(us.flip());
        self.move_number += 1;
    }

    /// `self.after(mv).hash()`, computed without making the move.
    pub fn hash_after(&self, mv: Move) -> u64 {
        self.board_hash_after(mv) ^ self.hand_hash_after(mv)
    }

    /// `self.after(mv).board_hash()`, computed without making the move.
    pub fn board_hash_after(&self, mv: Move) -> u64 {
        let mut h = self.board_hash ^ ZOBRIST.white_to_move;
        match mv {
            Move::Board { from, to, promote } => {
                let code = self.board[from.index()];
                let p = Piece::from_code(code).expect("a legal move starts on a piece");
                h ^= ZOBRIST.board[code as usize][from.index()];
                let captured = self.board[to.index()];
                if captured != 0 {
                    h ^= ZOBRIST.board[captured as usize][to.index()];
                }
                let moved = if promote {
                    Piece::new(p.color, p.kind.promoted())
                } else {
                    p
                };
                h ^= ZOBRIST.board[moved.code() as usize][to.index()];
            }
            Move::Drop { kind, to } => {
                h ^= ZOBRIST.board[Piece::new(self.side, kind).code() as usize][to.index()]
            }
        }
        h
    }

    /// The hands' part of `self.after(mv).hash()`, computed without making the move.
    fn hand_hash_after(&self, mv: Move) -> u64 {
        let us = self.side;
        let change = |k: Kind, from: u8, to: u8| {
            let keys = &ZOBRIST.hand[us.index()][k as usize];
            keys[from.min(18) as usize] ^ keys[to.min(18) as usize]
        };
        let n = |k: Kind| self.hand_count(us, k);
        self.hand_hash
            ^ match mv {
                Move::Board { to, .. } => {
                    match Piece::from_code(self.board[to.index()]).map(|c| c.kind.unpromoted()) {
                        Some(k) if k.is_hand_kind() => change(k, n(k), n(k) + 1),
                        _ => 0,
                    }
                }
                Move::Drop { kind, .. } => change(kind, n(kind), n(kind) - 1),
            }
    }

    /// The position after `mv` (copy-make; positions are small).
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.play(mv);
        p
    }

    /// Is `sq` attacked by a piece of `by`? `occ` lets callers pretend squares are empty.
    pub fn attacked_with(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        // A knight jumps: a `by` knight on X attacks sq iff X is in the knight targets of
        // the opposite colour from sq.
        let knights = tables::STEP_TARGETS[by.flip().index()][Kind::Knight as usize][sq.index()];
        if knights & occ & self.by_color[by.index()] & self.by_kind[Kind::Knight as usize] != 0 {
            return true;
        }
        // Every other attacker is the first piece met looking outward from sq along one of
        // the eight lines.
        (0..8).any(|d| self.line_attacker(d, sq, by, occ).is_some())
    }

    /// The first piece met looking outward from `sq` along line `d`, if it is a `by` piece
    /// that attacks `sq`: adjacent, it may step onto `sq`; further, it must slide.
    #[inline]
    fn line_attacker(&self, d: usize, sq: Square, by: Color, occ: Bitboard) -> Option<u8> {
        let s = tables::first_blocker(d, sq.index(), occ)?;
        let p = Piece::from_code(self.board[s as usize]).filter(|p| p.color == by)?;
        let toward = tables::OPPOSITE[d];
        let attackers = &tables::DIR_ATTACKERS;
        let mut kinds = attackers.sliding[by.index()][toward];
        if tables::RAYS[d][sq.index()].squares[0] == s {
            kinds |= attackers.adjacent[by.index()][toward];
        }
        (kinds & (1 << p.kind as u16) != 0).then_some(s)
    }

    /// Does the first piece met from `sq` along line `d` belong to `by` and attack `sq`? (A
    /// discovered check is looked for on the one line the moved piece left.)
    #[inline]
    pub(crate) fn attacks_along(&self, d: usize, sq: Square, by: Color) -> bool {
        self.attacked_along_with(d, sq, by, self.occupied())
    }

    /// [`Self::attacks_along`] with `occ` for the occupied squares (a piece that left the
    /// line taken off), the pieces on them as they stand.
    #[inline]
    pub(crate) fn attacked_along_with(
        &self,
        d: usize,
        sq: Square,
        by: Color,
        occ: Bitboard,
    ) -> bool {
        self.line_attacker(d, sq, by, occ).is_some()
    }

    #[inline]
    /// Is `sq` attacked by a piece of `by`?
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// Is the side `c`'s king attacked? A side without a king (the attacker in tsume) never is.
    #[inline]
    pub fn king_attacked(&self, c: Color) -> bool {
        match self.king(c) {
            Some(k) => self.attacked(k, c.flip()),
            None => false,
        }
    }

    /// Is the side to move in check?
    #[inline]
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// Squares holding pieces of `by` that attack `sq` (steps and slides).
    pub fn attackers_of(&self, sq: Square, by: Color) -> Bitboard {
        let occ = self.occupied();
        let knights = tables::STEP_TARGETS[by.flip().index()][Kind::Knight as usize][sq.index()];
        let knights = knights & self.by_color[by.index()] & self.by_kind[Kind::Knight as usize];
        (0..8)
            .filter_map(|d| self.line_attacker(d, sq, by, occ))
            .fold(knights, |bb, s| bb | 1u128 << s)
    }

    /// Count of pieces of an unpromoted kind anywhere (board of both sides, both hands).
    pub fn count_kind(&self, k: Kind) -> u8 {
        let on_board = squares(self.occupied())
            .filter(|&s| self.piece_at(s).is_some_and(|p| p.kind.unpromoted() == k))
            .count() as u8;
        let in_hand = if k.is_hand_kind() {
            self.hands[0][k as usize] + self.hands[1][k as usize]
        } else {
            0
        };
        on_board + in_hand
    }
}
