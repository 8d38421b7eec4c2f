//! Legal move generation (check evasions, pins, castling, en passant) and perft.
//!
//! Moves are generated legal, not filtered: when in check only king moves and moves that
//! capture or block a single checker are made; a pinned piece moves only along its pin
//! line; the king never steps onto an attacked square. En passant, whose captured pawn
//! leaves the rank and can expose the king sideways, is the one case settled by playing it
//! and testing the king.

use super::bitboard::{self as bb, Bitboard, bit, squares};
use super::position::Position;
use super::types::{Color, Move, MoveKind, Role, Square};

/// A move list on the stack: a legal game has at most 218 moves in a position; 512 leaves
/// room for the composed monsters of the test suites (one has 265+).
pub struct MoveList {
    moves: [Move; 512],
    len: usize,
}

/// Where generated moves go: a list, or a counter (perft's last ply needs only the count,
/// and skipping the list there is most of perft's speed).
pub trait Sink {
    fn push(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
}

/// Counts moves without keeping them.
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); 512],
            len: 0,
        }
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// Pieces of the side to move that alone shield their king from an enemy slider.
fn pinned(pos: &Position, us: Color) -> Bitboard {
    let king = pos.king(us);
    let them = us.flip();
    let occ = pos.occupied();
    let snipers = (bb::rook_attacks(king, 0)
        & (pos.pieces(them, Role::Rook) | pos.pieces(them, Role::Queen)))
        | (bb::bishop_attacks(king, 0)
            & (pos.pieces(them, Role::Bishop) | pos.pieces(them, Role::Queen)));
    let mut pinned = 0;
    for s in squares(snipers) {
        let between = bb::between(king, s) & occ;
        if between.count_ones() == 1 {
            pinned |= between & pos.by_color(us);
        }
    }
    pinned
}

/// The squares a non-pawn, non-king piece on `from` attacks.
#[inline]
fn piece_targets(role: Role, from: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Knight => bb::KNIGHT[from.index()],
        Role::Bishop => bb::bishop_attacks(from, occ),
        Role::Rook => bb::rook_attacks(from, occ),
        Role::Queen => bb::bishop_attacks(from, occ) | bb::rook_attacks(from, occ),
        _ => 0,
    }
}

/// Every legal move of the side to move, in a fixed order.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.as_slice().to_vec()
}

/// Fill `list` with the legal moves of `pos`.
pub fn generate(pos: &Position, list: &mut impl Sink) {
    let us = pos.turn();
    let king = pos.king(us);
    let checkers = pos.checkers();
    king_moves(pos, king, !0, list);
    if bb::more_than_one(checkers) {
        return;
    }
    // With one checker the other pieces must capture it or step between.
    let target = match bb::lowest(checkers) {
        Some(c) => bb::between(king, c) | checkers,
        None => !0,
    };
    let pinned = pinned(pos, us);
    piece_moves(pos, king, target, pinned, &PIECES, list);
    pawn_moves(pos, king, target, pinned, list);
    if checkers == 0 {
        castling_moves(pos, king, list);
    }
}

/// The pieces that move by their targets alone (not the pawns, not the king).
const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The legal moves of `role`'s pieces to the squares of `dest` (and en passant, and for
/// the king castling), the same moves [`generate`] gives for them: what a SAN move can
/// name, without generating the rest of the position's moves.
pub fn generate_for(pos: &Position, role: Role, dest: Bitboard, list: &mut impl Sink) {
    let us = pos.turn();
    let king = pos.king(us);
    let checkers = pos.checkers();
    if role == Role::King {
        king_moves(pos, king, dest, list);
        if checkers == 0 {
            castling_moves(pos, king, list);
        }
        return;
    }
    if bb::more_than_one(checkers) {
        return;
    }
    let target = match bb::lowest(checkers) {
        Some(c) => bb::between(king, c) | checkers,
        None => !0,
    } & dest;
    let pinned = pinned(pos, us);
    match role {
        Role::Pawn => pawn_moves(pos, king, target, pinned, list),
        _ => piece_moves(pos, king, target, pinned, &[role], list),
    }
}

fn king_moves(pos: &Position, king: Square, dest: Bitboard, list: &mut impl Sink) {
    let us = pos.turn();
    let occ_without_king = pos.occupied() & !bit(king);
    for to in squares(bb::KING[king.index()] & !pos.by_color(us) & dest) {
        if pos.attackers(to, us.flip(), occ_without_king) == 0 {
            list.push(Move::new(king, to));
        }
    }
}

fn piece_moves(
    pos: &Position,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    roles: &[Role],
    list: &mut impl Sink,
) {
    let us = pos.turn();
    let occ = pos.occupied();
    let own = pos.by_color(us);
    for &role in roles {
        for from in squares(pos.pieces(us, role)) {
            let mut to = piece_targets(role, from, occ) & !own & target;
            if pinned & bit(from) != 0 {
                to &= bb::line(king, from);
            }
            for t in squares(to) {
                list.push(Move::new(from, t));
            }
        }
    }
}

fn push_pawn_move(from: Square, to: Square, list: &mut impl Sink) {
    if to.rank() == 0 || to.rank() == 7 {
        for role in Role::PROMOTIONS {
            list.push(Move {
                from,
                to,
                kind: MoveKind::Promotion(role),
            });
        }
    } else {
        list.push(Move::new(from, to));
    }
}

/// Pawn moves: the unpinned pawns' pushes set-wise (shifts of the whole pawn set), the
/// rest pawn by pawn.
fn pawn_moves(
    pos: &Position,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    list: &mut impl Sink,
) {
    let us = pos.turn();
    let occ = pos.occupied();
    let them = pos.by_color(us.flip());
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let free = pos.pieces(us, Role::Pawn) & !pinned;
    let (single, double) = match us {
        Color::White => {
            let one = (free << 8) & !occ;
            (one, ((one & (bb::RANK_1 << 16)) << 8) & !occ)
        }
        Color::Black => {
            let one = (free >> 8) & !occ;
            (one, ((one & (bb::RANK_1 << 40)) >> 8) & !occ)
        }
    };
    let back = |to: Square, steps: u8| {
        if us == Color::White {
            Square(to.0 - 8 * steps)
        } else {
            Square(to.0 + 8 * steps)
        }
    };
    for to in squares(single & target) {
        push_pawn_move(back(to, 1), to, list);
    }
    for to in squares(double & target) {
        list.push(Move::new(back(to, 2), to));
    }
    for from in squares(free) {
        for to in squares(bb::pawn_attacks(us, from) & them & target) {
            push_pawn_move(from, to, list);
        }
    }
    for from in squares(pos.pieces(us, Role::Pawn) & pinned) {
        let allowed = if pinned & bit(from) != 0 {
            bb::line(king, from)
        } else {
            !0
        };
        for to in squares(bb::pawn_attacks(us, from) & them & target & allowed) {
            push_pawn_move(from, to, list);
        }
        let Some(one) = from.offset(0, forward) else {
            continue;
        };
        if occ & bit(one) != 0 {
            continue;
        }
        if bit(one) & target & allowed != 0 {
            push_pawn_move(from, one, list);
        }
        if from.relative_rank(us) == 1
            && let Some(two) = one.offset(0, forward)
            && occ & bit(two) == 0
            && bit(two) & target & allowed != 0
        {
            list.push(Move::new(from, two));
        }
    }
    en_passant_moves(pos, king, list);
}

/// En passant captures, each tried on a copy of the board: the two pawns leaving one rank
/// at once is the only way a move can uncover a check that pin detection misses.
fn en_passant_moves(pos: &Position, king: Square, list: &mut impl Sink) {
    let Some(ep) = pos.ep_square() else { return };
    let us = pos.turn();
    let captured = Square::new(ep.file(), if us == Color::White { 4 } else { 3 });
    if pos.pieces(us.flip(), Role::Pawn) & bit(captured) == 0 || pos.occupied() & bit(ep) != 0 {
        return;
    }
    for from in squares(bb::pawn_attacks(us.flip(), ep) & pos.pieces(us, Role::Pawn)) {
        let occ = (pos.occupied() & !bit(from) & !bit(captured)) | bit(ep);
        let attackers = pos.attackers(king, us.flip(), occ) & !bit(captured);
        if attackers == 0 {
            list.push(Move {
                from,
                to: ep,
                kind: MoveKind::EnPassant,
            });
        }
    }
}

/// Castling (FIDE and Chess960 alike): the right is kept, every square the king and its
/// rook cross or land on is empty but for those two, and the king neither stands in,
/// passes through, nor lands on an attacked square.
fn castling_moves(pos: &Position, king: Square, list: &mut impl Sink) {
    let us = pos.turn();
    let rank = us.back_rank();
    let rights = pos.castling_rooks() & (bb::RANK_1 << (8 * rank)) & pos.pieces(us, Role::Rook);
    if rights == 0 || king.rank() != rank {
        return;
    }
    for rook in squares(rights) {
        let (king_file, rook_file) = if rook.file() > king.file() {
            (6, 5)
        } else {
            (2, 3)
        };
        let (king_to, rook_to) = (Square::new(king_file, rank), Square::new(rook_file, rank));
        let king_path = bb::between(king, king_to) | bit(king_to);
        let rook_path = bb::between(rook, rook_to) | bit(rook_to);
        let others = pos.occupied() & !bit(king) & !bit(rook);
        if (king_path | rook_path) & others != 0 {
            continue;
        }
        // The king's squares are judged with the rook already beside it: in Chess960 the
        // rook may leave a line open, or close one, onto the king's square.
        let after = others | bit(rook_to);
        if squares(king_path).all(|s| pos.attackers(s, us.flip(), after) == 0) {
            list.push(Move {
                from: king,
                to: king_to,
                kind: MoveKind::Castle,
            });
        }
    }
}

/// Leaf count of the legal move tree to `depth` plies (the last ply counted, not played).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { count_legal(pos) };
    }
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.as_slice()
        .iter()
        .map(|&m| perft(&pos.after(m), depth - 1))
        .sum()
}

/// The number of legal moves, without listing them.
pub fn count_legal(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c);
    c.0
}
