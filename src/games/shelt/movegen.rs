//! Ply generation (pseudo-legal, §7.3), attack tests, check, and perft.
//!
//! Shelt has no self-check rule, so every ply the patterns allow is legal: generation is
//! the whole of legality except the axis-move restriction, which needs an attack test.

use super::position::{Cell, End, EndReason, Position};
use super::types::{Kind, Lantis, Ply, Side, Square};

const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
const FILE_DIRS: [(i8, i8); 2] = [(0, 1), (0, -1)];
const RANK_DIRS: [(i8, i8); 2] = [(1, 0), (-1, 0)];

/// Directions and reach of a kind: (directions, how far it may slide, whether it leaps).
fn pattern(kind: Kind) -> (&'static [(i8, i8)], i8) {
    match kind {
        Kind::Xelt => (&KING, 1),
        Kind::Nim => (&ORTHO, 6),
        Kind::Omi => (&DIAG, 6),
        Kind::Left => (&KNIGHT, 1),
        Kind::Hanoi => (&FILE_DIRS, 2),
        Kind::Pafi => (&RANK_DIRS, 2),
        Kind::Soi => (&DIAG, 1),
        Kind::Soa => (&ORTHO, 1),
        Kind::His => (&RANK_DIRS, 1),
        Kind::Has => (&FILE_DIRS, 1),
    }
}

/// Every square a piece of `kind` on `from` reaches by its ordinary movement: the empty
/// squares along its path and the first occupied square (whether it may land there is the
/// caller's business).
pub fn reach(pos: &Position, kind: Kind, from: Square, mut f: impl FnMut(Square)) {
    let (dirs, range) = pattern(kind);
    for &(df, dr) in dirs {
        let mut sq = from;
        for _ in 0..range {
            let Some(next) = sq.offset(df, dr) else { break };
            f(next);
            if !pos.is_empty(next) {
                break;
            }
            sq = next;
        }
    }
}

/// Whether a piece moved by `side` may land on `to`: empty, an enemy lantis, or Teems when
/// the enemy has a pin on it (§6.6). Teems itself never captures Teems.
fn may_land(pos: &Position, side: Side, to: Square) -> bool {
    match pos.cell(to) {
        Cell::Empty => true,
        Cell::Lantis(l) => l.side() != side,
        Cell::Teems => pos.pin(side.other()).is_some(),
    }
}

/// Is the piece on `sq` attacked by `by` (§7.1)? The piece belongs to `by`'s opponent, or
/// is Teems (then only `by`'s lantis count, and only if the other side has a pin).
pub fn attacked(pos: &Position, sq: Square, by: Side) -> bool {
    let target_is_teems = pos.cell(sq) == Cell::Teems;
    if target_is_teems && pos.pin(by.other()).is_none() {
        return false;
    }
    for (l, from) in pos.lantis_on_board(by) {
        if reaches(pos, pos.kind_of(l), from, sq) {
            return true;
        }
    }
    if !target_is_teems && let Some(k) = pos.teems_kind(by) {
        return reaches(pos, k, pos.teems_square(), sq);
    }
    false
}

/// Whether `to` lies on the kind's movement pattern from `from`, ignoring what stands between.
pub fn on_pattern(kind: Kind, from: Square, to: Square) -> bool {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let (dirs, range) = pattern(kind);
    if range == 1 {
        return dirs.contains(&(df, dr));
    }
    let n = df.abs().max(dr.abs());
    n > 0
        && n <= range
        && dirs.contains(&(df.signum(), dr.signum()))
        && (df == 0 || dr == 0 || df.abs() == dr.abs())
}

/// Whether a piece of `kind` on `from` could capture on `to`: on its pattern, and for a
/// slider with every square between empty. Steppers and the leaping `left` need no path.
fn reaches(pos: &Position, kind: Kind, from: Square, to: Square) -> bool {
    if !on_pattern(kind, from, to) {
        return false;
    }
    if pattern(kind).1 == 1 {
        return true;
    }
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let n = df.abs().max(dr.abs());
    (1..n).all(|k| {
        from.offset(df.signum() * k, dr.signum() * k)
            .is_some_and(|s| pos.is_empty(s))
    })
}

/// Is `side` in check (§7.2): its moon attacked, or its only magic piece attacked?
pub fn in_check(pos: &Position, side: Side) -> bool {
    let them = side.other();
    if pos
        .square_of(Lantis::moon(side))
        .is_some_and(|s| attacked(pos, s, them))
    {
        return true;
    }
    pos.last_magic(side)
        .and_then(|l| pos.square_of(l))
        .is_some_and(|s| attacked(pos, s, them))
}

/// Call `f` with every ply of the side to move, in a fixed order. Nothing after the end.
pub fn each_ply(pos: &Position, f: &mut impl FnMut(Ply)) {
    if pos.end().is_some() {
        return;
    }
    let us = pos.side_to_move();
    for (l, from) in pos.lantis_on_board(us) {
        piece_plies(pos, pos.kind_of(l), from, f);
    }
    if let Some(k) = pos.teems_kind(us) {
        piece_plies(pos, k, pos.teems_square(), f);
    }
    for l in pos.hand(us) {
        f(Ply::Pin(l));
    }
    if pos.pin(us).is_some() {
        f(Ply::Return);
    }
}

/// The plies of one piece the side to move can move: moves, captures, axis, ker, ann as leader.
fn piece_plies(pos: &Position, kind: Kind, from: Square, f: &mut impl FnMut(Ply)) {
    let us = pos.side_to_move();
    reach(pos, kind, from, |to| {
        if may_land(pos, us, to) {
            f(Ply::Step { from, to });
        }
    });
    if kind == Kind::Omi {
        axis_plies(pos, from, f);
    }
    if kind.is_front() {
        f(Ply::Ker { at: from });
        ann_plies(pos, kind, from, f);
    }
}

/// Sideways steps of an omi onto empty squares, unless it is attacked (§5.3).
fn axis_plies(pos: &Position, from: Square, f: &mut impl FnMut(Ply)) {
    let targets = [from.offset(1, 0), from.offset(-1, 0)];
    if !targets.iter().flatten().any(|&t| pos.is_empty(t)) {
        return;
    }
    if attacked(pos, from, pos.side_to_move().other()) {
        return;
    }
    for to in targets.into_iter().flatten().filter(|&t| pos.is_empty(t)) {
        f(Ply::Step { from, to });
    }
}

/// Can the piece on `sq` take part in an ann of the side to move (§5.6, I-17)?
pub fn eligible(pos: &Position, sq: Square) -> bool {
    let us = pos.side_to_move();
    match pos.cell(sq) {
        Cell::Lantis(l) => l.side() == us && l.base_kind().is_front(),
        Cell::Teems => pos.teems_kind(us).is_some_and(Kind::is_front),
        Cell::Empty => false,
    }
}

/// Every ann with the piece on `from` leading: a non-capturing leader move, an orthogonal
/// eligible neighbour whose shifted square is empty or the leader's own (a pull).
fn ann_plies(pos: &Position, kind: Kind, from: Square, f: &mut impl FnMut(Ply)) {
    let mut companions = [None; 4];
    let mut n = 0;
    for (df, dr) in ORTHO {
        if let Some(c) = from.offset(df, dr).filter(|&c| eligible(pos, c)) {
            companions[n] = Some(c);
            n += 1;
        }
    }
    if n == 0 {
        return;
    }
    reach(pos, kind, from, |to| {
        if !pos.is_empty(to) {
            return;
        }
        let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
        for c in companions.iter().flatten() {
            if let Some(dest) = c.offset(df, dr)
                && (dest == from || pos.is_empty(dest))
            {
                f(Ply::Ann {
                    from,
                    to,
                    companion: *c,
                });
            }
        }
    });
}

/// Every ply of the side to move, in generation order.
pub fn plies(pos: &Position) -> Vec<Ply> {
    let mut v = Vec::with_capacity(64);
    each_ply(pos, &mut |p| v.push(p));
    v
}

/// How many plies the side to move has (bulk counting at perft leaves).
pub fn count_plies(pos: &Position) -> u64 {
    let mut n = 0;
    each_ply(pos, &mut |_| n += 1);
    n
}

/// The position after a ply, with the "no legal ply" ending recorded when it applies.
pub fn play(pos: &Position, ply: Ply) -> Position {
    let mut next = pos.after(ply);
    if next.end().is_none() && count_plies(&next) == 0 {
        let winner = next.side_to_move().other();
        next.set_end(End {
            winner,
            reason: EndReason::NoMove,
            points: next.magic_count(winner),
        });
    }
    next
}

/// Number of ply sequences of length `depth` (§15.1); a game-ending ply has no successors.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_plies(pos),
        _ => {
            let mut total = 0;
            each_ply(pos, &mut |p| total += perft(&pos.after(p), depth - 1));
            total
        }
    }
}

/// perft split by first ply.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
    plies(pos)
        .into_iter()
        .map(|p| {
            (
                p,
                if depth == 0 {
                    1
                } else {
                    perft(&pos.after(p), depth - 1)
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests;
