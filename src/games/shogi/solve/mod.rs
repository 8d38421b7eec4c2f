//! Standard-shogi tsume: the solver hooks for shogi and the API the CLI calls.
//!
//! Conventions (tsume): the side to move attacks and must check on every ply; the defender
//! holds exactly the hand the position gives it (use `Setup::missing_pieces` to build one
//! when a problem leaves it implicit); length counts plies, futile interpositions not
//! counted; cooks are reported, the last attacker move excepted.

use serde::Serialize;

use crate::games::shogi::movegen;
use crate::games::shogi::position::Position;
use crate::games::shogi::tables::{self, between, squares};
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};
pub mod sennichite;

use crate::core::Game;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::table::ENTRY_BYTES;
use crate::solver::tree::OutOfBudget;
use crate::solver::{
    Answer, Extension, Extractor, HandField, Hands, Length, Limits, MateSearch, NodeKey, Outcome,
    Searcher, Stipulation, Unit, Verdict,
};

/// Default table: at most 2^23 entries of 32 bytes (256 MiB; it grows only as needed).
pub const DEFAULT_TT_ENTRIES: usize = 1 << 23;

/// Nodes the solver spends on depth-bounded proofs of increasing length before it asks
/// the unbounded search whether there is a mate at all (see `run`).
const SHORT_FIRST_NODES: u64 = 20_000;

/// Longest path the search follows: room for the longest classics (Zuko 100, 611 plies;
/// Microcosmos, 1525), with their mates' detours.
const PATH_CAP: usize = 2048;

/// Stack for the thread that solves problems deeper than the searcher's usual path cap:
/// the search recurses once per ply of its path, and its futility searches nest further
/// searches (reserved, touched only as deep as it goes).
const SOLVER_STACK_BYTES: usize = 512 << 20;

/// A first proof longer than this many plies is a long mate: the exact pass proves its
/// length going down from the proof's, with interpositions judged lazily and without the
/// relaxed twin (see `Extractor::going_down`, `Searcher::judge_interpositions_lazily`).
/// Shorter ones go up from a mate in 1 as before, which cost fewer nodes there (the
/// published Zuko 7, mate in 15: 3.55 M nodes up, 8.36 M down and lazily).
const DESCEND_PAST: u32 = 101;

#[cfg(not(test))]
fn descend_past() -> u32 {
    DESCEND_PAST
}

#[cfg(test)]
thread_local! {
    /// Unit tests measure every mate going down by setting this to 0.
    static DESCEND_PAST_IN_TEST: std::cell::Cell<u32> = const { std::cell::Cell::new(DESCEND_PAST) };
}

#[cfg(test)]
fn descend_past() -> u32 {
    DESCEND_PAST_IN_TEST.with(|d| d.get())
}

/// Longest mate the exact pass looks for when no `mate_in` is given.
const MAX_EXACT_LENGTH: u32 = PATH_CAP as u32 - 1;

/// Longest of the depth-bounded proofs tried before the unbounded search (see `run`).
const SHORT_FIRST_MAX: u32 = 255;

/// How the search is set up, apart from the problem and its limits.
#[derive(Clone, Copy, Debug)]
pub struct SolveConfig {
    /// Count futile interpositions like other defences (engines' "mate in N"); the tsume
    /// convention (the default, `false`) does not.
    pub count_futile: bool,
    /// Attacker nodes fully branched in the solution tree (the rest follows main lines);
    /// 0 builds no tree.
    pub tree_budget: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            count_futile: false,
            tree_budget: 24,
        }
    }
}

impl Position {
    /// The number of the defender's replies (`defender_moves().len()`), without listing them.
    pub(crate) fn defender_move_count(&self) -> usize {
        let mut n = 0;
        for_each_evasion(self, |_, _| {
            n += 1;
            true
        });
        n
    }
}

/// The most checks an attacker node's first disproof number counts (see
/// `attack_estimate_after`): 8 kept the hard classics' first passes smallest of the caps
/// measured, and a reply with no check is settled when visited, not before (the figures:
/// `docs/tsume-solver.md#measured-choices`).
const ATTACK_ESTIMATE_CAP: usize = 8;

impl MateSearch for Position {
    fn attacker_moves(&self) -> Vec<Move> {
        checks(self)
    }

    fn defender_moves(&self) -> Vec<Move> {
        evasions(self)
    }

    fn defence_estimate(&self) -> usize {
        // The interpositions are one group (see defence_groups): they count once. The drops
        // come after every board move, so the count stops at the first.
        let mut n = 0;
        let mut drops = false;
        for_each_evasion(self, |m, _| {
            drops = matches!(m, Move::Drop { .. });
            n += !drops as usize;
            !drops
        });
        n + drops as usize
    }

    fn attack_cost(&self, mv: Move) -> u32 {
        offers_piece(self, mv) as u32
    }

    fn attack_estimate_after(&self, mv: Move) -> Option<usize> {
        Some(check_count(&self.after(mv), ATTACK_ESTIMATE_CAP))
    }

    fn defender_moves_marked(&self) -> (Vec<Move>, Vec<bool>) {
        let mut moves = Vec::with_capacity(16);
        let mut marks = Vec::with_capacity(16);
        for_each_evasion(self, |m, c| {
            moves.push(m);
            marks.push(c);
            true
        });
        (moves, marks)
    }

    fn zero_ply_holds(&self) -> Option<bool> {
        // A king step to a safe square holds: looked at first, without the walk.
        let us = self.side_to_move();
        if let Some(king) = self.king(us) {
            let p = self.piece_at(king).expect("the king");
            let t = movegen::targets(self, king, p);
            if t & !king_unsafe(self, king, t, us.flip()) != 0 {
                return Some(true);
            }
        }
        let mut any = false;
        let mut plain = false;
        for_each_evasion(self, |_, c| {
            any = true;
            plain = !c;
            c
        });
        if plain {
            Some(true)
        } else if any {
            None
        } else {
            Some(false)
        }
    }

    fn futility_probes(&self, defence: Move) -> Vec<Position> {
        interposition_probes(self, defence)
    }

    fn has_futility_probes(&self, defence: Move) -> bool {
        interposition_has_probes(self, defence)
    }

    fn interposition_rank(&self, defence: Move) -> u32 {
        // Asked only of candidates: a move onto the line between the checker and the king.
        let to = defence.to();
        self.king(self.side_to_move()).map_or(0, |king| {
            to.file()
                .abs_diff(king.file())
                .max(to.rank().abs_diff(king.rank())) as u32
        })
    }

    fn may_interpose(&self, defence: Move) -> bool {
        self.interposition_candidates(&[defence])[0]
    }

    fn interposition_candidates(&self, defences: &[Move]) -> Vec<bool> {
        // An interposition is a move, not the king's, to a square strictly between a
        // single checker and the king.
        let def = self.side_to_move();
        let gap = match self.king(def) {
            Some(king) => {
                let checkers = self.attackers_of(king, def.flip());
                let gap = if checkers.count_ones() == 1 {
                    gap_squares(Square(checkers.trailing_zeros() as u8), king)
                } else {
                    0
                };
                gap & !(1u128 << king.0)
            }
            None => 0,
        };
        let king = self.king(def);
        defences
            .iter()
            .map(|&m| m.from() != king && gap & (1u128 << m.to().0) != 0)
            .collect()
    }

    /// A drop that answers a check interposes. The drops are one group, taken one at a
    /// time, nearest the king first, and they count once in the first proof number (see
    /// `defence_estimate`): a check from afar is not many times harder than one from near
    /// because the defender may interpose on many squares; most of those drops are futile.
    /// Summed square by square, they made the long-range keys of the classics look hard
    /// (the figures: `docs/tsume-solver.md#measured-choices`).
    fn defence_groups(&self, defences: &[Move]) -> Vec<u32> {
        defences
            .iter()
            .map(|m| matches!(m, Move::Drop { .. }) as u32)
            .collect()
    }

    fn key_after(&self, mv: Move) -> u64 {
        self.hash_after(mv)
    }

    const HAND_FIELDS: &'static [HandField] = &HAND_FIELDS;

    fn node_key(&self, or: bool) -> NodeKey {
        let attacker = if or {
            self.side_to_move()
        } else {
            self.side_to_move().flip()
        };
        NodeKey {
            board: self.board_hash(),
            hand: pack_hand(self.hand(attacker)),
        }
    }

    fn node_key_after(&self, mv: Move, or: bool) -> NodeKey {
        let board = self.board_hash_after(mv);
        if !or {
            // The defender moves: the attacker's hand stays as it is.
            return NodeKey {
                board,
                hand: pack_hand(self.hand(self.side_to_move().flip())),
            };
        }
        let hand = pack_hand(self.hand(self.side_to_move()));
        let hand = hand_change(self, mv).map_or(hand, |(f, gains)| Hands::step(f, hand, gains));
        NodeKey { board, hand }
    }

    fn hand_before_attack(&self, mv: Move, after: u32) -> u32 {
        hand_change(self, mv).map_or(after, |(f, gains)| Hands::step(f, after, !gains))
    }

    fn proof_hand_of_defence(&self, merged: u32) -> u32 {
        let def = self.side_to_move();
        if !check_can_be_blocked(self) {
            return merged;
        }
        // Every kind the defender lacks: the attacker must keep all it holds of it.
        Kind::HAND_ORDER
            .iter()
            .filter(|&&k| self.hand_count(def, k) == 0)
            .fold(merged, |h, &k| {
                Hands::set(
                    HAND_FIELDS[k as usize],
                    h,
                    self.hand_count(def.flip(), k) as u32,
                )
            })
    }

    fn disproof_hand_of_attack(&self, merged: u32) -> u32 {
        let att = self.side_to_move();
        // Every kind the attacker lacks: one more would be new drops.
        Kind::HAND_ORDER
            .iter()
            .filter(|&&k| self.hand_count(att, k) == 0)
            .fold(merged, |h, &k| Hands::set(HAND_FIELDS[k as usize], h, 0))
    }

    fn disproof_hand_through_defence(&self, mv: Move, child: u32) -> u32 {
        match mv {
            // The defender must still hold the piece it drops: the attacker no more of it.
            Move::Drop { kind, .. } => {
                let f = HAND_FIELDS[kind as usize];
                let held = self.hand_count(self.side_to_move().flip(), kind) as u32;
                Hands::set(f, child, Hands::get(f, child).min(held))
            }
            Move::Board { .. } => child,
        }
    }

    fn attacker_leftover(&self) -> u32 {
        self.hand(self.side_to_move().flip())
            .iter()
            .map(|&n| n as u32)
            .sum()
    }
}

/// The attacker's hand packed for the table (see [`crate::solver::hand`]), one field per
/// hand kind, indexed by `Kind as usize`: pawns need 5 bits (up to 18), the others 3 or 2;
/// each field has a clear bit above it.
const HAND_FIELDS: [HandField; 7] = [(0, 5), (6, 3), (10, 3), (14, 3), (18, 3), (22, 2), (25, 2)];

/// How the mover's hand changes through `mv`: the field of the kind, and whether it gains
/// one (a capture) or gives one up (a drop); `None` when it stays as it is.
fn hand_change(pos: &Position, mv: Move) -> Option<(HandField, bool)> {
    match mv {
        Move::Drop { kind, .. } => Some((HAND_FIELDS[kind as usize], false)),
        Move::Board { to, .. } => {
            let k = pos.piece_at(to)?.kind.unpromoted();
            k.is_hand_kind().then(|| (HAND_FIELDS[k as usize], true))
        }
    }
}

fn pack_hand(hand: &[u8; 7]) -> u32 {
    HAND_FIELDS
        .iter()
        .zip(hand)
        .fold(0, |h, (&f, &n)| Hands::set(f, h, n as u32))
}

/// Does the check `mv` (legal, of the side to move) put a piece where the defender attacks
/// at least as often as the attacker (the piece itself counted), taking nothing? Such a
/// check offers the piece, and the attacker's proof number counts one more there: the
/// square-support rule of df-pn+ estimators (GPS Shogi's, KomoringHeights'), reduced to the
/// one part that helped here; it about halved Zuko 8's first pass, partly by luck, and none
/// of the variants tried did better overall (the figures: `docs/tsume-solver.md#measured-choices`).
fn offers_piece(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let (to, dropped) = match mv {
        Move::Drop { to, .. } => (to, 1),
        Move::Board { to, .. } if pos.piece_at(to).is_some() => return false,
        Move::Board { to, .. } => (to, 0),
    };
    // Most checks land where no defender reaches: one count settles them.
    let defenders = pos.attackers_of(to, us.flip()).count_ones();
    // A board move's piece attacks its target already; a dropped one counts itself.
    defenders > 0 && pos.attackers_of(to, us).count_ones() + dropped <= defenders
}

/// Is the defender (to move) in a check it could answer by a drop between the checker and
/// its king? Then a kind it lacks is part of why a reply fails.
fn check_can_be_blocked(pos: &Position) -> bool {
    let def = pos.side_to_move();
    let Some(king) = pos.king(def) else {
        return false;
    };
    let checkers = pos.attackers_of(king, def.flip());
    checkers.count_ones() == 1 && gap_squares(Square(checkers.trailing_zeros() as u8), king) != 0
}

/// The legal checks, in `movegen::legal_moves` order. Whether a move checks is read from
/// the tables without playing it (see [`gives_check`]), and only moves that can check are
/// looked at: a piece that uncovers no attacker must land where its kind (or the kind it
/// promotes to) attacks the enemy king, and a drop likewise.
fn checks(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(32);
    for_each_check(pos, |m| {
        v.push(m);
        true
    });
    v
}

/// The number of legal checks, counted up to `cap` (the counting stops there).
fn check_count(pos: &Position, cap: usize) -> usize {
    let mut n = 0;
    for_each_check(pos, |_| {
        n += 1;
        n < cap
    });
    n
}

/// Calls `f` with each legal check, in [`checks`] order, while it returns true.
fn for_each_check(pos: &Position, mut f: impl FnMut(Move) -> bool) {
    let us = pos.side_to_move();
    let them = us.flip();
    let Some(king) = pos.king(them) else { return };
    let discoverers = movegen::pinned_against(pos, king, us, us);
    let occ = pos.occupied();
    let direct = direct_check_squares(king, them, occ);
    let gives_check = |m| gives_check(pos, m, king, discoverers, &direct);
    if pos.king(us).is_some_and(|k| pos.attacked(k, them)) {
        // The attacker must also answer a check (problems with two kings): rare, so the
        // general generator.
        movegen::for_each_legal(pos, |m| !gives_check(m) || f(m));
        return;
    }
    let pinned = movegen::pinned(pos, us);
    for from in squares(pos.pieces_of(us)) {
        let p = pos.piece_at(from).expect("own piece");
        let bit = 1u128 << from.0;
        let mut t = movegen::targets(pos, from, p);
        if discoverers & bit == 0 {
            t &= direct[p.kind as usize] | direct[p.kind.promoted() as usize];
        }
        for to in squares(t) {
            let legal = if p.kind == Kind::King {
                !pos.attacked_with(to, them, occ & !bit)
            } else if pinned & bit != 0 {
                !pos.after(Move::Board {
                    from,
                    to,
                    promote: false,
                })
                .king_attacked(us)
            } else {
                true
            };
            if !legal {
                continue;
            }
            let mut go_on = true;
            movegen::with_promotions(us, p.kind, from, to, |promote| {
                let m = Move::Board { from, to, promote };
                if go_on && gives_check(m) {
                    go_on = f(m);
                }
            });
            if !go_on {
                return;
            }
        }
    }
    for kind in Kind::HAND_ORDER {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(movegen::drop_squares(pos, us, kind) & direct[kind as usize]) {
            if kind == Kind::Pawn && pawn_drop_mates(pos, to, king) {
                continue;
            }
            if !f(Move::Drop { kind, to }) {
                return;
            }
        }
    }
}

/// For each kind, the squares from which a piece of that kind of the attacker (the
/// colour opposite `owner`) attacks `king` (of colour `owner`) on the board `occ`: the
/// squares an `owner` piece of the kind on `king` would attack, steps and slides alike.
///
/// A piece that moves to such a square checks even though its own square empties: a slider
/// whose line to the king ran through the square it leaves would already have given check.
/// One table read then answers each candidate move, instead of a walk along its line.
fn direct_check_squares(king: Square, owner: Color, occ: u128) -> [u128; 15] {
    let mut lines = [0u128; 8];
    for (d, line) in lines.iter_mut().enumerate() {
        *line = tables::slide(d, king.index(), occ);
    }
    let mut direct = [0u128; 15];
    for kind in Kind::ALL {
        let mut bb = tables::STEP_TARGETS[owner.index()][kind as usize][king.index()];
        for &d in tables::slide_dirs(owner, kind) {
            bb |= lines[d];
        }
        direct[kind as usize] = bb;
    }
    direct
}

/// Does `m` (legal for the side to move) attack the enemy king on `king`? Either the moved
/// or dropped piece attacks it from its new square (read from `direct`, see
/// [`direct_check_squares`]), or the move uncovers another attacker, which only a piece in
/// `discoverers` (ours, alone between the king and our slider) can do. Equivalent to
/// playing the move and testing the king, without the copy.
fn gives_check(
    pos: &Position,
    m: Move,
    king: Square,
    discoverers: u128,
    direct: &[u128; 15],
) -> bool {
    match m {
        Move::Drop { kind, to } => direct[kind as usize] & (1u128 << to.0) != 0,
        Move::Board { from, to, promote } => {
            let kind = pos.piece_at(from).expect("a move starts on a piece").kind;
            let kind = if promote { kind.promoted() } else { kind };
            let (from_bit, to_bit) = (1u128 << from.0, 1u128 << to.0);
            direct[kind as usize] & to_bit != 0
                || (discoverers & from_bit != 0
                    && pos.attacked_with(
                        king,
                        pos.side_to_move(),
                        (pos.occupied() & !from_bit) | to_bit,
                    ))
        }
    }
}

/// The legal replies, in `movegen::legal_moves` order. In check, a piece other than the
/// king can only capture a single checker or interpose against it, so only those targets
/// are tried, and only a pinned piece needs the copy-make test; drops go only between a
/// single distant checker and the king.
fn evasions(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(16);
    for_each_evasion(pos, |m, _| {
        v.push(m);
        true
    });
    v
}

/// Does the side to move have a legal reply? (Stops at the first.)
fn has_evasion(pos: &Position) -> bool {
    !for_each_evasion(pos, |_, _| false)
}

/// Calls `f` with each legal reply in [`evasions`] order, and whether it is an
/// interposition candidate (see `interposition_candidates`), until it returns `false`;
/// returns `false` if stopped.
fn for_each_evasion(pos: &Position, mut f: impl FnMut(Move, bool) -> bool) -> bool {
    let us = pos.side_to_move();
    let them = us.flip();
    let Some(king) = pos.king(us) else {
        return movegen::for_each_legal(pos, |m| f(m, false));
    };
    let checkers = pos.attackers_of(king, them);
    if checkers == 0 {
        return movegen::for_each_legal(pos, |m| f(m, false));
    }
    let single = checkers.count_ones() == 1;
    let gap = if single {
        gap_squares(Square(checkers.trailing_zeros() as u8), king)
    } else {
        0
    };
    let blockers = if single { checkers | gap } else { 0 };
    // Pinned pieces matter only for a capture or interposition, often none: found on demand.
    let mut pinned: Option<u128> = None;
    let pieces = if blockers == 0 {
        1u128 << king.0
    } else {
        pos.pieces_of(us)
    };
    for from in squares(pieces) {
        let p = pos.piece_at(from).expect("own piece");
        let is_king = from == king;
        if !is_king && reach_ignoring_blocks(p, from) & blockers == 0 {
            continue;
        }
        let t = movegen::targets(pos, from, p);
        let t = if is_king {
            t & !king_unsafe(pos, king, t, them)
        } else {
            t & blockers
        };
        for to in squares(t) {
            let legal = if is_king {
                true
            } else if *pinned.get_or_insert_with(|| movegen::pinned(pos, us)) & (1u128 << from.0)
                != 0
            {
                !pos.after(Move::Board {
                    from,
                    to,
                    promote: false,
                })
                .king_attacked(us)
            } else {
                true
            };
            if legal {
                let mut go_on = true;
                let interposes = !is_king && gap & (1u128 << to.0) != 0;
                movegen::with_promotions(us, p.kind, from, to, |promote| {
                    if go_on {
                        go_on = f(Move::Board { from, to, promote }, interposes);
                    }
                });
                if !go_on {
                    return false;
                }
            }
        }
    }
    if gap == 0 {
        return true;
    }
    for kind in Kind::HAND_ORDER {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(movegen::drop_squares(pos, us, kind) & gap) {
            if kind == Kind::Pawn && movegen::is_drop_pawn_mate(pos, to) {
                continue;
            }
            if !f(Move::Drop { kind, to }, true) {
                return false;
            }
        }
    }
    true
}

/// Does dropping a pawn on `to` (a check) mate, which the rules forbid (uchifuzume)?
/// Same as `movegen::is_drop_pawn_mate`, with the replies from [`for_each_evasion`].
fn pawn_drop_mates(pos: &Position, to: Square, king: Square) -> bool {
    let front = match pos.side_to_move() {
        Color::Black => to.0.checked_sub(1),
        Color::White => Some(to.0 + 1),
    };
    // the pawn gives check only from the square in front of the king (same file)
    front == Some(king.0)
        && to.file() == king.file()
        && !has_evasion(&pos.after(Move::Drop {
            kind: Kind::Pawn,
            to,
        }))
}

/// Which of the squares `targets` (around the king on `king`) the side `by` attacks once
/// the king has left its square. The attacks of the pieces that can matter (sliders, and
/// the others near the king) are gathered once when they are few (as in most tsume, and in
/// most positions from games once the far pieces are left out); otherwise each square is
/// tested.
fn king_unsafe(pos: &Position, king: Square, targets: u128, by: Color) -> u128 {
    let occ = pos.occupied() & !(1u128 << king.0);
    // Only sliders and pieces near the king can reach a square next to it.
    let sliders = movegen::SLIDERS
        .iter()
        .fold(0, |bb, &k| bb | pos.pieces(by, k));
    let theirs = pos.pieces_of(by) & (sliders | near_king(king));
    if theirs.count_ones() > 14 {
        return squares(targets)
            .filter(|&to| pos.attacked_with(to, by, occ))
            .fold(0, |bb, s| bb | 1u128 << s.0);
    }
    let mut attacked = 0;
    for s in squares(theirs) {
        let p = pos.piece_at(s).expect("a piece of `by`");
        attacked |= tables::STEP_TARGETS[by.index()][p.kind as usize][s.index()];
        for &d in tables::slide_dirs(by, p.kind) {
            // A line that misses every target needs no walk.
            if tables::RAY_MASKS[d][s.index()] & targets != 0 {
                attacked |= tables::slide(d, s.index(), occ);
            }
        }
    }
    attacked & targets
}

/// The squares at most three files and three ranks away from `sq`: where a piece that
/// does not slide must stand to attack a square next to `sq` (a knight jumps two ranks).
fn near_king(sq: Square) -> u128 {
    static NEAR: std::sync::OnceLock<[u128; 81]> = std::sync::OnceLock::new();
    NEAR.get_or_init(|| {
        let mut t = [0u128; 81];
        for a in Square::all() {
            for b in Square::all() {
                if a.file().abs_diff(b.file()) <= 3 && a.rank().abs_diff(b.rank()) <= 3 {
                    t[a.index()] |= 1u128 << b.0;
                }
            }
        }
        t
    })[sq.index()]
}

/// Every square piece `p` on `from` could reach on an empty board (a superset of its
/// targets).
fn reach_ignoring_blocks(p: Piece, from: Square) -> u128 {
    let mut bb = tables::STEP_TARGETS[p.color.index()][p.kind as usize][from.index()];
    for &d in tables::slide_dirs(p.color, p.kind) {
        bb |= tables::RAY_MASKS[d][from.index()];
    }
    bb
}

/// Squares strictly between a checker and the king (empty unless they share a line).
fn gap_squares(checker: Square, king: Square) -> u128 {
    let (df, dr) = (
        king.file() as i8 - checker.file() as i8,
        king.rank() as i8 - checker.rank() as i8,
    );
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return 0;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut f, mut r) = (checker.file() as i8 + sf, checker.rank() as i8 + sr);
    let mut gap = 0;
    while (f, r) != (king.file() as i8, king.rank() as i8) {
        gap |= 1u128 << Square::new(f as u8, r as u8).expect("on the board").0;
        f += sf;
        r += sr;
    }
    gap
}

/// Whether [`interposition_probes`] gives any position, mostly without building them: only
/// an attacker king (whose safety the capture must keep) needs the positions.
fn interposition_has_probes(pos: &Position, defence: Move) -> bool {
    let def = pos.side_to_move();
    let att = def.flip();
    if pos.king(att).is_some() {
        return !interposition_probes(pos, defence).is_empty();
    }
    let Some(king) = pos.king(def) else {
        return false;
    };
    if defence.from() == Some(king) {
        return false;
    }
    let checkers = pos.attackers_of(king, att);
    if checkers.count_ones() != 1 {
        return false;
    }
    let checker = Square(checkers.trailing_zeros() as u8);
    let to = defence.to();
    if !between(checker, king, to) {
        return false;
    }
    let taker = pos.piece_at(checker).expect("the checker").kind;
    (taker.can_promote() && (checker.in_zone(att) || to.in_zone(att)))
        || to.relative_rank(att) >= taker.min_relative_rank()
}

/// For an interposition against a single distant checker: the positions after the checker
/// takes the interposed piece, with that piece handed back to the defender.
fn interposition_probes(pos: &Position, defence: Move) -> Vec<Position> {
    let def = pos.side_to_move();
    let att = def.flip();
    let Some(king) = pos.king(def) else {
        return Vec::new();
    };
    if defence.from() == Some(king) {
        return Vec::new();
    }
    let checkers = pos.attackers_of(king, att);
    if checkers.count_ones() != 1 {
        return Vec::new();
    }
    let checker = Square(checkers.trailing_zeros() as u8);
    let to = defence.to();
    if !between(checker, king, to) {
        return Vec::new();
    }
    let after = pos.after(defence);
    let kind = after
        .piece_at(to)
        .expect("the interposed piece")
        .kind
        .unpromoted();
    let taker = after.piece_at(checker).expect("the checker").kind;
    let mut probes = Vec::new();
    for promote in [false, true] {
        // The checker reaches `to` along the clear check line; only the promotion rules and
        // (with an attacker king) self-check can make the capture illegal.
        let allowed = if promote {
            taker.can_promote() && (checker.in_zone(att) || to.in_zone(att))
        } else {
            to.relative_rank(att) >= taker.min_relative_rank()
        };
        if !allowed {
            continue;
        }
        let mut q = after.after(Move::Board {
            from: checker,
            to,
            promote,
        });
        if q.king_attacked(att) {
            continue;
        }
        q.set_hand(att, kind, q.hand_count(att, kind) - 1);
        q.set_hand(def, kind, q.hand_count(def, kind) + 1);
        probes.push(q);
    }
    probes
}

/// What standard shogi's answer adds to the shared one (under `extension` in JSON).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ShogiExtension {
    /// The mate needs the exact sennichite rule (a position may occur three times; see
    /// `sennichite`): the plain search, which counts any repetition as the attacker's
    /// failure, found none. No solution tree or cooks are given then.
    pub sennichite: bool,
    /// The bytes the search's table took.
    pub table_bytes: usize,
    /// The search's counters (for the crate's own tests and tools).
    #[doc(hidden)]
    #[serde(skip)]
    pub stats: crate::solver::Stats,
}

impl Extension for ShogiExtension {
    fn notes(&self) -> Vec<String> {
        if self.sennichite {
            vec!["the mate needs the exact sennichite rule: a position may occur three times, the fourth is the attacker's perpetual check".into()]
        } else {
            Vec::new()
        }
    }
}

/// The tsume answer before any search (lengths in plies): unknown, nothing found.
pub fn unknown_answer<X>(mate_in: Option<u32>, extension: X) -> Answer<X> {
    Answer::new(Stipulation::mate(mate_in, Unit::Plies), extension)
}

/// Solve `pos` as a tsume problem (the side to move attacks): the shortest mate, or a
/// mate within `mate_in` plies only (faster, and "no solution" then means "none within").
pub fn solve(pos: &Position, mate_in: Option<u32>, limits: &Limits) -> Answer<ShogiExtension> {
    solve_with(pos, mate_in, limits, &SolveConfig::default())
}

/// [`solve`] with a chosen configuration. Answers do not depend on the table size
/// (`limits.memory`, [`DEFAULT_TT_ENTRIES`] entries by default).
///
/// Most problems never reach the searcher's usual path cap: they are solved on the calling
/// thread, and a search that reaches the cap stops there. Only then does the same searcher
/// (its proofs and disproofs, node count and clock kept) go on, on a thread whose stack is
/// deep enough for `PATH_CAP` plies (a search that never reached the cap is the same search
/// with any larger one, so the answer does not depend on which run gave it). Zuko 100
/// reaches the cap after 2.5 M nodes; starting over lost all of them.
pub fn solve_with(
    pos: &Position,
    mate_in: Option<u32>,
    limits: &Limits,
    config: &SolveConfig,
) -> Answer<ShogiExtension> {
    let entries = limits
        .memory
        .map_or(DEFAULT_TT_ENTRIES, |b| (b as usize) / ENTRY_BYTES);
    let mut s: Searcher<Position> = Searcher::new(entries, *limits).stop_at_path_cap();
    if config.count_futile {
        s = s.count_all_interpositions();
    }
    let first = solve_on(&mut s, pos, mate_in, limits, config);
    if !first.extension.stats.truncated {
        return first;
    }
    // The same searcher goes on (its table, its node count and its clock) with the deeper cap.
    s.reopen_with_path_cap(PATH_CAP);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("tsume".into())
            .stack_size(SOLVER_STACK_BYTES)
            .spawn_scoped(scope, || solve_on(&mut s, pos, mate_in, limits, config))
            .expect("a solver thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// [`solve_with`] with the searcher `s` (whose path cap the caller chose).
fn solve_on(
    s: &mut Searcher<Position>,
    pos: &Position,
    mate_in: Option<u32>,
    limits: &Limits,
    config: &SolveConfig,
) -> Answer<ShogiExtension> {
    let mut answer = unknown_answer(mate_in, ShogiExtension::default());
    let mut extra_nodes = 0;
    if pos.king(pos.side_to_move().flip()).is_none() {
        answer.result = Outcome::NoSolution;
    } else {
        run(s, pos, mate_in, config.tree_budget, &mut answer);
        // Only a king of the attacker's lets the rule help the attacker (see sennichite).
        let attacker_king = pos.king(pos.side_to_move()).is_some();
        if answer.result == Outcome::NoSolution
            && s.stats().repetitions > 0
            && mate_in.is_none()
            && attacker_king
        {
            extra_nodes = sennichite_rule(pos, limits, s, &mut answer);
        }
    }
    let stats = s.stats();
    answer.nodes = stats.nodes + extra_nodes;
    answer.set_elapsed(s.elapsed());
    let incomplete = answer.result == Outcome::Solved && !answer.solution.length.exact;
    if answer.result == Outcome::Unknown || (stats.aborted && incomplete) {
        answer.stop(limits.reached(stats.nodes));
    }
    answer.extension.table_bytes = stats.tt_bytes;
    answer.extension.stats = stats;
    answer
}

fn run(
    s: &mut Searcher<Position>,
    pos: &Position,
    mate_in: Option<u32>,
    tree_budget: usize,
    answer: &mut Answer<ShogiExtension>,
) {
    let mut depth = mate_in.map_or(UNBOUNDED, |n| n.min(MAX_EXACT_LENGTH));
    let mut verdict = None;
    if mate_in.is_none() {
        // Short mates first. The depth-bounded search skips futile interpositions, which
        // the unbounded one must all refute (a mate in 1 against a defender holding every
        // piece is otherwise a long proof); a bounded proof is a proof, and the exact pass
        // finds these bounded results in the table. Past a small budget, the unbounded
        // search decides whether there is a mate at all.
        let mut d = 1;
        while d <= SHORT_FIRST_MAX && s.stats().nodes < SHORT_FIRST_NODES {
            match s.prove(pos, d) {
                Verdict::Proven => {
                    verdict = Some(Verdict::Proven);
                    depth = d;
                    break;
                }
                Verdict::Disproven => d += 2,
                Verdict::Unknown => break,
            }
        }
    }
    let verdict = verdict.unwrap_or_else(|| s.prove(pos, depth));
    answer.result = match verdict {
        Verdict::Proven => Outcome::Solved,
        Verdict::Disproven => Outcome::NoSolution,
        Verdict::Unknown => Outcome::Unknown,
    };
    if answer.result != Outcome::Solved {
        return;
    }
    // The line read from the proof is the answer when the exact pass cannot finish. It is
    // read first: once a limit has stopped the exact pass, no search can fill the gaps the
    // table may have.
    let line = s.proof_line(pos, depth);
    if exact_answer(s, pos, depth, mate_in, tree_budget, answer).is_err() {
        let moves = line.iter().map(|&m| pos.move_text(m)).collect();
        let at_least = answer.solution.length.at_least;
        answer.solution.set_line(moves, &[]);
        answer.solution.length = Length {
            at_least,
            ..Length::unknown(Unit::Plies)
        };
        answer.solution.unique = None;
    }
}

/// Nodes the history search may spend at most (最後の審判 needs about 1.4 M): it is a
/// second look after a "no mate", which stands when this budget runs out.
const SENNICHITE_NODES: u64 = 5_000_000;

/// The plain search found no mate but met repetitions: look for a mate under the exact
/// sennichite rule, within what is left of the limits.
/// Returns the nodes it spent.
fn sennichite_rule(
    pos: &Position,
    limits: &Limits,
    s: &Searcher<Position>,
    answer: &mut Answer<ShogiExtension>,
) -> u64 {
    let used = s.stats().nodes;
    let left = Limits {
        nodes: Some(limits.nodes.map_or(SENNICHITE_NODES, |n| {
            n.saturating_sub(used).min(SENNICHITE_NODES)
        })),
        ..limits.rest(used, s.elapsed())
    };
    let (mate, nodes) = sennichite::prove(pos, left);
    let Some(mate) = mate else { return nodes };
    answer.result = Outcome::Solved;
    answer.extension.sennichite = true;
    let plies = mate.moves.len() as u32;
    answer.solution.set_line(mate.moves, &[]);
    answer.solution.length = if mate.exact {
        Length::exact(plies, Unit::Plies)
    } else {
        Length::unknown(Unit::Plies)
    };
    answer.solution.unique = Some(false);
    nodes
}

fn exact_answer(
    s: &mut Searcher<Position>,
    pos: &Position,
    depth: u32,
    mate_in: Option<u32>,
    tree_budget: usize,
    answer: &mut Answer<ShogiExtension>,
) -> Result<(), OutOfBudget> {
    // The first pass is over: from here on, bounded questions are the exact pass's.
    let long = s.proof_length(pos, depth).is_some_and(|n| n > descend_past());
    if long {
        s.judge_interpositions_lazily();
    } else {
        s.use_relaxed_twin();
    }
    let mut ex = Extractor::new(s);
    if long {
        ex = ex.going_down();
    }
    let max = mate_in.unwrap_or(MAX_EXACT_LENGTH).min(MAX_EXACT_LENGTH);
    // On the way out without an answer, say how long the mate is at least.
    let Ok(Some(plies)) = ex.mate_length(pos, max) else {
        answer.solution.length.at_least = Some(ex.shortest_at_least());
        return Err(OutOfBudget);
    };
    let Ok(line) = ex.answer(pos, plies) else {
        answer.solution.length.at_least = Some(plies);
        return Err(OutOfBudget);
    };
    let moves = line.moves.iter().map(|&m| pos.move_text(m)).collect();
    let sol = &mut answer.solution;
    sol.set_line(moves, &line.cooks);
    sol.length = Length::exact(plies, Unit::Plies);
    sol.unique = Some(line.cooks.is_empty());
    if tree_budget > 0 {
        let mut budget = tree_budget;
        sol.tree = ex.tree(pos, plies, &mut budget).ok().into_iter().collect();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::sfen::parse_position;

    fn solve_sfen(sfen: &str) -> Answer<ShogiExtension> {
        solve(
            &parse_position(sfen).expect("valid"),
            None,
            &Limits::default(),
        )
    }

    #[test]
    fn mate_in_one_with_head_gold() {
        let r = solve_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assert_eq!(r.result, Outcome::Solved);
        assert_eq!(r.solution.length.value, Some(1));
        assert_eq!(r.solution.moves, ["G*5b"]);
    }

    /// The long mates' exact pass (down from the proof's length, interpositions judged
    /// lazily) gives every short problem of the compiled set the same answer as the
    /// default one: length, line, cooks and tree.
    #[test]
    fn measured_down_the_compiled_set_answers_the_same() {
        let tsv = include_str!("../../../../tests/data/shogi/compiled/tsume_compiled.tsv");
        let mut compared = 0;
        for line in tsv.lines().filter(|l| !l.starts_with('#')) {
            let mut cols = line.split('\t');
            let (Some(sfen), Some(stated)) = (cols.next(), cols.next()) else {
                continue;
            };
            if !stated.parse::<u32>().is_ok_and(|n| (5..=9).contains(&n)) {
                continue;
            }
            let up = solve_sfen(sfen);
            DESCEND_PAST_IN_TEST.with(|d| d.set(0));
            let down = solve_sfen(sfen);
            DESCEND_PAST_IN_TEST.with(|d| d.set(DESCEND_PAST));
            assert_eq!(up.solution.length, down.solution.length, "{sfen}");
            assert_eq!(up.solution.moves, down.solution.moves, "{sfen}");
            assert_eq!(up.solution.cooks, down.solution.cooks, "{sfen}");
            assert_eq!(up.solution.tree, down.solution.tree, "{sfen}");
            compared += 1;
        }
        assert!(compared >= 40, "{compared}");
    }

    #[test]
    fn futile_drops_do_not_count() {
        // the dragon mates on the rank; drops between are futile
        let r = solve_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1");
        assert_eq!(r.solution.length.value, Some(1), "{r:?}");
    }

    /// Checks and evasions three plies deep below `root` against the general generators.
    fn compare_generators(root: &Position, attacker: bool, plies: u32, seen: &mut usize) {
        let (fast, slow) = if attacker {
            (checks(root), movegen::checks(root))
        } else {
            (evasions(root), movegen::legal_moves(root))
        };
        assert_eq!(
            fast,
            slow,
            "{:?}",
            crate::games::shogi::notation::sfen::to_sfen(root)
        );
        if !attacker {
            assert_eq!(root.defender_move_count(), slow.len());
            let drops = slow
                .iter()
                .filter(|m| matches!(m, Move::Drop { .. }))
                .count();
            assert_eq!(
                root.defence_estimate(),
                slow.len() - drops + (drops > 0) as usize
            );
            for &m in &slow {
                let checks_after = movegen::checks(&root.after(m)).len();
                assert_eq!(
                    root.attack_estimate_after(m),
                    Some(checks_after.min(ATTACK_ESTIMATE_CAP))
                );
            }
            let (moves, marks) = root.defender_moves_marked();
            assert_eq!(moves, slow);
            assert_eq!(marks, root.interposition_candidates(&moves));
            assert_eq!(has_evasion(root), !slow.is_empty());
            let zero = if moves.is_empty() {
                Some(false)
            } else if marks.iter().any(|&c| !c) {
                Some(true)
            } else {
                None
            };
            assert_eq!(root.zero_ply_holds(), zero);
        }
        for &m in &fast {
            assert_eq!(root.hash_after(m), root.after(m).hash(), "{m:?}");
            assert_eq!(
                root.node_key_after(m, attacker),
                root.after(m).node_key(!attacker),
                "{m:?}"
            );
            assert!(
                root.may_interpose(m) || root.futility_probes(m).is_empty(),
                "{m:?}"
            );
            if !attacker {
                assert_eq!(
                    root.has_futility_probes(m),
                    !root.futility_probes(m).is_empty(),
                    "{m:?}"
                );
            }
        }
        *seen += 1;
        if plies > 1 {
            for m in fast.into_iter().take(12) {
                compare_generators(&root.after(m), !attacker, plies - 1, seen);
            }
        }
    }

    #[test]
    fn fast_generators_agree_with_the_general_ones() {
        let sfens = [
            "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
            "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1",
            "l2R2snl/4gkg2/p+P1ppp2p/2p3pp1/9/1nPPP4/P1G1GPP1P/3K1Ss2/+r3Bb1NL w N2Psl 68",
            "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
            "1+P1pS2+PR/2n2S1lg/1l3p1p1/1G2n1pS1/N1p2k3/3S2l2/4K1lgP/3P1+p2p/4Pg1PN b BPrb4p 1",
            "4RB1k1/5s3/7n1/5s1LP/9/7r1/9/9/6K2 b b4g2s3n3l17p 1",
            "3g1n1l1/2p1g1r2/5k2S/4p1N+R1/3+p5/7N1/B8/9/9 b 2GSNb2s3l15p 1",
            "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1",
            "ln1g2B+Rl/2s6/pPppppk2/6p1p/9/4P1P1P/P1PPSP3/3+psK3/L+r3G1NL b SNb2gn2p 39",
            // P*1b would mate: forbidden (uchifuzume); the other drops check
            "8k/6G2/8K/9/9/9/9/9/9 b PL 1",
        ];
        let mut seen = 0;
        for sfen in sfens {
            let root = crate::games::shogi::notation::sfen::parse_position(sfen).unwrap();
            compare_generators(&root, true, 4, &mut seen);
            if sfen.starts_with("8k/") {
                let drops: Vec<String> = checks(&root).iter().map(|&m| root.move_text(m)).collect();
                assert!(
                    !drops.contains(&"P*1b".to_string()) && drops.contains(&"L*1b".to_string()),
                    "{drops:?}"
                );
            }
        }
        assert!(seen > 200, "{seen}");
    }

    /// A proof is stored with the hand it needs (here the gold of G*5b) and proves the same
    /// board with more in hand without a search; with a hand it does not cover, the search
    /// runs. A disproof likewise serves the same board with less in hand.
    #[test]
    fn proofs_and_disproofs_serve_superior_and_inferior_hands() {
        let pos = |sfen: &str| parse_position(sfen).expect("valid");
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        let mut s: Searcher<Position> = Searcher::new(1 << 16, limits);
        assert_eq!(
            s.prove(&pos("4k4/9/4P4/9/9/9/9/9/9 b G2r2b4s4n4l17p 1"), UNBOUNDED),
            Verdict::Proven
        );
        let nodes = s.stats().nodes;
        assert_eq!(
            s.prove(&pos("4k4/9/4P4/9/9/9/9/9/9 b GS2r2b3s4n4l17p 1"), UNBOUNDED),
            Verdict::Proven
        );
        assert_eq!(
            s.stats().nodes,
            nodes,
            "a silver more: the gold's proof serves"
        );
        s.prove(
            &pos("4k4/9/4P4/9/9/9/9/9/9 b S2r2b4g3s4n4l17p 1"),
            UNBOUNDED,
        );
        assert!(
            s.stats().nodes > nodes,
            "a silver instead of the gold: searched"
        );

        let mut s: Searcher<Position> = Searcher::new(1 << 16, limits);
        assert_eq!(
            s.prove(&pos("4k4/9/9/9/9/9/9/9/9 b LP2r2b4g4s4n3l17p 1"), UNBOUNDED),
            Verdict::Disproven
        );
        let nodes = s.stats().nodes;
        assert_eq!(
            s.prove(&pos("4k4/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1"), UNBOUNDED),
            Verdict::Disproven
        );
        assert_eq!(
            s.stats().nodes,
            nodes,
            "without the lance: the disproof serves"
        );
    }

    #[test]
    fn a_check_offers_a_piece_where_the_defender_attacks_at_least_as_often() {
        let offers = |sfen: &str, usi: &str| {
            let pos = parse_position(sfen).expect("valid SFEN");
            let mv = crate::games::shogi::notation::usi::parse_move(usi).expect("USI");
            assert!(checks(&pos).contains(&mv), "{usi} checks");
            offers_piece(&pos, mv)
        };
        // The king alone takes an unsupported gold; a pawn behind it makes the drop safe.
        assert!(offers("4k4/9/9/9/9/9/9/9/9 b G 1", "G*5b"));
        assert!(!offers("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b"));
        // A capture takes something: never an offer; a far drop no defender reaches, neither.
        assert!(!offers("4k4/4p4/4L4/9/9/9/9/9/9 b - 1", "5c5b"));
        assert!(!offers("4k4/9/9/9/9/9/9/9/9 b R 1", "R*5e"));
        // Two defenders against the gold and one supporter: still an offer.
        assert!(offers("3gk4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b"));
    }

    #[test]
    fn between_is_strict() {
        let sq = |f, r| Square::new(f, r).unwrap();
        assert!(between(sq(1, 1), sq(1, 5), sq(1, 3)));
        assert!(!between(sq(1, 1), sq(1, 5), sq(1, 5)));
        assert!(between(sq(1, 1), sq(4, 4), sq(3, 3)));
        assert!(!between(sq(1, 1), sq(2, 3), sq(1, 2)));
    }
}
