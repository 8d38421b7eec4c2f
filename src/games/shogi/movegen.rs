//! Legal move generation and perft.
//!
//! Pseudo-legal targets come from the precomputed tables; legality is settled cheaply for
//! the common case (not in check, piece not pinned, not the king) and by copy-make plus an
//! attack test otherwise. Pawn drops that give check pay for an uchifuzume test.

use super::position::Position;
use super::tables::{self, Bitboard, squares};
use super::types::{Color, Kind, Move, Piece, Square};

/// Pieces of the side to move that stand pinned against their own king.
pub(crate) fn pinned(pos: &Position, us: Color) -> Bitboard {
    let Some(k) = pos.king(us) else { return 0 };
    pinned_against(pos, k, us, us.flip())
}

/// The kinds that slide.
pub(crate) const SLIDERS: [Kind; 5] = [
    Kind::Lance,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
];

/// Pieces of `shield` standing alone on a line between the square `k` and a slider of `by`
/// that reaches `k` along that line once they leave: with `shield` the king's own side,
/// the pieces pinned against it; with `shield == by`, the pieces that can give a
/// discovered check to a king on `k`.
pub(crate) fn pinned_against(pos: &Position, k: Square, shield: Color, by: Color) -> Bitboard {
    let occ = pos.occupied();
    let orth = pos.pieces(by, Kind::Rook) | pos.pieces(by, Kind::Dragon);
    let diag = pos.pieces(by, Kind::Bishop) | pos.pieces(by, Kind::Horse);
    // the line from `k` along which a lance of `by` looks at it: `by`'s lance slides the
    // other way
    let lance_line = tables::OPPOSITE[tables::slide_dirs(by, Kind::Lance)[0]];
    let shields = pos.pieces_of(shield);
    let mut pinned = 0;
    for d in 0..8 {
        let mut pinners = if d < 4 { orth } else { diag };
        if d == lance_line {
            pinners |= pos.pieces(by, Kind::Lance);
        }
        // Most lines hold no slider of `by` that could pin along them: skip their walk.
        if tables::RAY_MASKS[d][k.index()] & pinners == 0 {
            continue;
        }
        let Some(first) = tables::first_blocker(d, k.index(), occ) else {
            continue;
        };
        if shields & (1u128 << first) == 0 {
            continue;
        }
        if let Some(second) = tables::first_blocker(d, first as usize, occ)
            && pinners & (1u128 << second) != 0
        {
            pinned |= 1u128 << first;
        }
    }
    pinned
}

/// Does the piece `p` on `from` reach `to` by its ordinary movement (whatever stands on
/// `to`)? [`targets`] for one square: only the line toward `to` is walked.
pub fn reaches(pos: &Position, from: Square, p: Piece, to: Square) -> bool {
    let bit = 1u128 << to.0;
    let steps = tables::STEP_TARGETS[p.color.index()][p.kind as usize][from.index()];
    steps & bit != 0
        || tables::slide_dirs(p.color, p.kind).iter().any(|&d| {
            tables::RAY_MASKS[d][from.index()] & bit != 0
                && tables::slide(d, from.index(), pos.occupied()) & bit != 0
        })
}

/// Every square a piece on `from` could move to by its ordinary movement (own pieces excluded).
pub fn targets(pos: &Position, from: Square, p: Piece) -> Bitboard {
    let own = pos.pieces_of(p.color);
    let occ = pos.occupied();
    let mut bb = tables::STEP_TARGETS[p.color.index()][p.kind as usize][from.index()];
    for &d in tables::slide_dirs(p.color, p.kind) {
        bb |= tables::slide(d, from.index(), occ);
    }
    bb & !own
}

/// Call `f` with each promotion choice allowed for a board move (forced promotion respected).
#[inline]
pub(crate) fn with_promotions(
    color: Color,
    kind: Kind,
    from: Square,
    to: Square,
    mut f: impl FnMut(bool),
) {
    let may = kind.can_promote() && (from.in_zone(color) || to.in_zone(color));
    if may {
        f(true);
    }
    if to.relative_rank(color) >= kind.min_relative_rank() {
        f(false);
    }
}

/// Squares where a drop of `kind` by `color` is allowed before uchifuzume and check tests.
pub fn drop_squares(pos: &Position, color: Color, kind: Kind) -> Bitboard {
    let mut bb = !pos.occupied() & tables::BOARD_MASK & !tables::dead_squares(color, kind);
    if kind == Kind::Pawn {
        for s in squares(pos.pieces(color, Kind::Pawn)) {
            bb &= !tables::file_mask(s.file());
        }
    }
    bb
}

/// Would a pawn dropped on `to` by the side to move check the opponent's king (the king
/// stands on the square in front of it)?
pub fn pawn_drop_checks(pos: &Position, to: Square) -> bool {
    let us = pos.side_to_move();
    let front = match us {
        Color::Black => Square::new(to.file(), to.rank().wrapping_sub(1)),
        Color::White => Square::new(to.file(), to.rank() + 1),
    };
    front.is_some() && front == pos.king(us.flip())
}

/// Does dropping a pawn on `to` mate the opponent (and so break uchifuzume)?
pub fn is_drop_pawn_mate(pos: &Position, to: Square) -> bool {
    if !pawn_drop_checks(pos, to) {
        return false;
    }
    let after = pos.after(Move::Drop {
        kind: Kind::Pawn,
        to,
    });
    !has_legal_move(&after)
}

/// Generate legal moves, calling `f` for each; `f` returns `false` to stop early.
/// Returns `false` if stopped.
pub fn for_each_legal(pos: &Position, mut f: impl FnMut(Move) -> bool) -> bool {
    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king(us);
    let in_check = king.is_some_and(|k| pos.attacked(k, them));
    let pinned = pinned(pos, us);
    let occ = pos.occupied();
    let safe_after = |mv: Move| !pos.after(mv).king_attacked(us);

    for from in squares(pos.pieces_of(us)) {
        let p = Piece::from_code(pos.code_at(from.index())).expect("own piece");
        for to in squares(targets(pos, from, p)) {
            let mut go_on = true;
            let is_king = p.kind == Kind::King;
            let legal = if is_king {
                !pos.attacked_with(to, them, occ & !(1u128 << from.0))
            } else if in_check || pinned & (1u128 << from.0) != 0 {
                safe_after(Move::Board {
                    from,
                    to,
                    promote: false,
                })
            } else {
                true
            };
            if !legal {
                continue;
            }
            with_promotions(us, p.kind, from, to, |promote| {
                if go_on {
                    go_on = f(Move::Board { from, to, promote });
                }
            });
            if !go_on {
                return false;
            }
        }
    }
    for kind in Kind::HAND_ORDER {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(drop_squares(pos, us, kind)) {
            let mv = Move::Drop { kind, to };
            if in_check && !safe_after(mv) {
                continue;
            }
            if kind == Kind::Pawn && is_drop_pawn_mate(pos, to) {
                continue;
            }
            if !f(mv) {
                return false;
            }
        }
    }
    true
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(128);
    for_each_legal(pos, |m| {
        v.push(m);
        true
    });
    v
}

/// Does the side to move have any legal move? (Stops at the first.)
pub fn has_legal_move(pos: &Position) -> bool {
    has_legal_move_given(pos, pos.in_check())
}

/// [`has_legal_move`] for a caller that knows already whether the side to move is in
/// check (`in_check`), as a replay does after each ply.
pub(crate) fn has_legal_move_given(pos: &Position, in_check: bool) -> bool {
    let seen = if in_check {
        king_steps_out(pos)
    } else {
        quick_legal_move(pos)
    };
    seen || !for_each_legal(pos, |_| false)
}

/// A legal king step for a side in check, seen without copy-making any move: a square the
/// king reaches that no enemy piece attacks once the king has left its own. Most checks
/// of a game are answered so; `false` says only "not seen".
fn king_steps_out(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let Some(king) = pos.king(us) else {
        return false;
    };
    let occ = pos.occupied() & !(1u128 << king.0);
    squares(targets(pos, king, Piece::new(us, Kind::King)))
        .any(|to| !pos.attacked_with(to, us.flip(), occ))
}

/// A legal move seen without generating one, as after almost every ply of a game, for a
/// side to move that is not in check: a piece other than its king, off every line through
/// the king, has somewhere to go. Such a move cannot uncover a check, and every board move
/// has a promotion choice that is allowed. `false` says only "not seen".
fn quick_legal_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let Some(king) = pos.king(us) else {
        return false;
    };
    let free = pos.pieces_of(us) & !tables::LINES[king.index()] & !(1u128 << king.0);
    squares(free).any(|from| {
        Piece::from_code(pos.code_at(from.index())).is_some_and(|p| targets(pos, from, p) != 0)
    })
}

#[cfg(test)]
/// Legal moves that give check (the attacker's moves in tsume).
pub fn checks(pos: &Position) -> Vec<Move> {
    let them = pos.side_to_move().flip();
    let mut v = Vec::new();
    for_each_legal(pos, |m| {
        if pos.after(m).king_attacked(them) {
            v.push(m);
        }
        true
    });
    v
}

/// Number of legal moves, counted without listing them where possible: for a piece that
/// is neither the king nor pinned, and with no check on the board, every target is legal, so
/// the count is a popcount (plus the promotion choices). Perft spends most of its time here.
pub fn count_legal(pos: &Position) -> u64 {
    let us = pos.side_to_move();
    let them = us.flip();
    if pos.king(us).is_some_and(|k| pos.attacked(k, them)) {
        let mut n = 0;
        for_each_legal(pos, |_| {
            n += 1;
            true
        });
        return n;
    }
    let pinned = pinned(pos, us);
    let occ = pos.occupied();
    let zone = tables::zone(us);
    let mut n = 0u64;
    for from in squares(pos.pieces_of(us)) {
        let p = Piece::from_code(pos.code_at(from.index())).expect("own piece");
        let t = targets(pos, from, p);
        if p.kind == Kind::King {
            n += squares(t)
                .filter(|&to| !pos.attacked_with(to, them, occ & !(1u128 << from.0)))
                .count() as u64;
            continue;
        }
        let t = if pinned & (1u128 << from.0) != 0 {
            squares(t)
                .filter(|&to| {
                    !pos.after(Move::Board {
                        from,
                        to,
                        promote: false,
                    })
                    .king_attacked(us)
                })
                .fold(0, |bb, s| bb | 1u128 << s.0)
        } else {
            t
        };
        let promotable = if !p.kind.can_promote() {
            0
        } else if from.in_zone(us) {
            t
        } else {
            t & zone
        };
        n +=
            (promotable.count_ones() + (t & !tables::dead_squares(us, p.kind)).count_ones()) as u64;
    }
    for kind in Kind::HAND_ORDER {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        let d = drop_squares(pos, us, kind);
        n += d.count_ones() as u64;
        if kind == Kind::Pawn
            && let Some(k) = pos.king(them)
        {
            let front = match us {
                Color::Black => Square::new(k.file(), k.rank() + 1),
                Color::White => Square::new(k.file(), k.rank().wrapping_sub(1)),
            };
            if let Some(f) = front.filter(|f| d & (1u128 << f.0) != 0) {
                n -= is_drop_pawn_mate(pos, f) as u64;
            }
        }
    }
    n
}

/// Number of leaf nodes `depth` plies below `pos`, counting legal moves at the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => legal_moves(pos)
            .into_iter()
            .map(|m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// A reproducible random walk through legal play, for tests: `visit` sees each position
/// with its legal moves; after a position with none, the walk starts again.
#[cfg(test)]
pub(crate) fn random_walk(seed: u64, steps: usize, mut visit: impl FnMut(&Position, &[Move])) {
    let mut pos = Position::startpos();
    let mut s = seed;
    for _ in 0..steps {
        let moves = legal_moves(&pos);
        visit(&pos, &moves);
        if moves.is_empty() {
            pos = Position::startpos();
            continue;
        }
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.play(moves[(s >> 33) as usize % moves.len()]);
    }
}

/// The counting shortcut (internal to move generation) against the move list.
#[cfg(test)]
mod tests {
    use super::*;

    /// The counting shortcut must agree with listing the moves, on many positions.
    #[test]
    fn count_legal_matches_the_move_list() {
        random_walk(7, 3000, |pos, moves| {
            assert_eq!(
                count_legal(pos),
                moves.len() as u64,
                "{}",
                crate::games::shogi::notation::sfen::to_sfen(pos)
            );
        });
    }

    /// `reaches` (one square) and `has_legal_move_given`'s shortcuts must agree with the
    /// full targets and the move list.
    #[test]
    fn one_square_reach_and_legal_move_shortcuts_match_the_lists() {
        random_walk(11, 3000, |pos, moves| {
            let us = pos.side_to_move();
            for from in squares(pos.pieces_of(us)) {
                let p = pos.piece_at(from).expect("own piece");
                let all = targets(pos, from, p);
                for to in squares(tables::BOARD_MASK & !pos.pieces_of(us)) {
                    assert_eq!(reaches(pos, from, p, to), all & (1u128 << to.0) != 0);
                }
            }
            assert_eq!(has_legal_move_given(pos, pos.in_check()), !moves.is_empty());
        });
    }
}
