//! Check and evasion generation for the solver. The general move generator plays every
//! move and tests the king; tsume search lists the checks and the replies to check at
//! nearly every node, so these read from the attack tables which moves can check (or can
//! answer a check) and try only those, in the same order as the general generator (the
//! tests compare the two).

use crate::games::shogi::movegen;
use crate::games::shogi::position::Position;
use crate::games::shogi::tables::{self, squares};
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};

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

/// The legal checks, in `movegen::legal_moves` order. Whether a move checks is read from
/// the tables without playing it (see [`gives_check`]), and only moves that can check are
/// looked at: a piece that uncovers no attacker must land where its kind (or the kind it
/// promotes to) attacks the enemy king, and a drop likewise.
pub(crate) fn checks(pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(32);
    for_each_check(pos, |m| {
        v.push(m);
        true
    });
    v
}

/// The number of legal checks, counted up to `cap` (the counting stops there).
pub(super) fn check_count(pos: &Position, cap: usize) -> usize {
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
    let occ = pos.occupied();
    let (direct, discoverers) = check_lines(pos, king, them, occ);
    let gives_check = |m| gives_check(pos, m, king, discoverers, &direct);
    if pos.king(us).is_some_and(|k| pos.attacked(k, them)) {
        // The attacker must also answer a check (problems with two kings): its replies
        // to check, those that check in turn.
        for_each_evasion(pos, |m, _| !gives_check(m) || f(m));
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
                pinned_move_is_legal(pos, from, to)
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

/// Does moving the pinned piece on `from` to `to` (for the side to move) keep its king out
/// of check? Played on a copy: pinned pieces are few, and the line they may keep to
/// depends on the pinner.
fn pinned_move_is_legal(pos: &Position, from: Square, to: Square) -> bool {
    let mv = Move::Board {
        from,
        to,
        promote: false,
    };
    !pos.after(mv).king_attacked(pos.side_to_move())
}

/// For each kind, the squares from which a piece of that kind of the attacker (the
/// colour opposite `owner`) attacks `king` (of colour `owner`) on the board `occ`: the
/// squares an `owner` piece of the kind on `king` would attack, steps and slides alike;
/// and the attacker's pieces that may uncover a check (alone between the king and an
/// attacker's slider that would attack it along that line). The eight lines from the king
/// are walked once for both.
///
/// A piece that moves to such a square checks even though its own square empties: a slider
/// whose line to the king ran through the square it leaves would already have given check.
/// One table read then answers each candidate move, instead of a walk along its line.
fn check_lines(pos: &Position, king: Square, owner: Color, occ: u128) -> ([u128; 15], u128) {
    let attacker = owner.flip();
    let theirs = pos.pieces_of(attacker);
    let orth_sliders = pos.pieces(attacker, Kind::Rook) | pos.pieces(attacker, Kind::Dragon);
    let diag_sliders = pos.pieces(attacker, Kind::Bishop) | pos.pieces(attacker, Kind::Horse);
    // the line along which an attacker's lance looks at the king: the owner's forward
    let lance_line = tables::slide_dirs(owner, Kind::Lance)[0];
    let mut lines = [0u128; 8];
    let mut discoverers = 0;
    for (d, line) in lines.iter_mut().enumerate() {
        let k = king.index();
        let Some(first) = tables::first_blocker(d, k, occ) else {
            *line = tables::RAY_MASKS[d][k];
            continue;
        };
        *line = tables::RAY_MASKS[d][k] & !tables::RAY_MASKS[d][first as usize];
        if theirs & (1u128 << first) == 0 {
            continue;
        }
        let mut sliders = if d < 4 { orth_sliders } else { diag_sliders };
        if d == lance_line {
            sliders |= pos.pieces(attacker, Kind::Lance);
        }
        if tables::RAY_MASKS[d][first as usize] & sliders == 0 {
            continue;
        }
        if let Some(second) = tables::first_blocker(d, first as usize, occ)
            && sliders & (1u128 << second) != 0
        {
            discoverers |= 1u128 << first;
        }
    }
    let orth = lines[0] | lines[1] | lines[2] | lines[3];
    let diag = lines[4] | lines[5] | lines[6] | lines[7];
    let mut direct = [0u128; 15];
    for kind in Kind::ALL {
        let slides = match kind {
            Kind::Lance => lines[lance_line],
            Kind::Bishop | Kind::Horse => diag,
            Kind::Rook | Kind::Dragon => orth,
            _ => 0,
        };
        direct[kind as usize] =
            tables::STEP_TARGETS[owner.index()][kind as usize][king.index()] | slides;
    }
    (direct, discoverers)
}

/// Does `m` (legal for the side to move) attack the enemy king on `king`? Either the moved
/// or dropped piece attacks it from its new square (read from `direct`, see
/// [`check_lines`]), or the move uncovers another attacker, which only a piece in
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
pub(crate) fn evasions(pos: &Position) -> Vec<Move> {
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
pub(super) fn for_each_evasion(pos: &Position, mut f: impl FnMut(Move, bool) -> bool) -> bool {
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
                pinned_move_is_legal(pos, from, to)
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
pub(super) fn king_unsafe(pos: &Position, king: Square, targets: u128, by: Color) -> u128 {
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
pub(super) fn gap_squares(checker: Square, king: Square) -> u128 {
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

#[cfg(test)]
mod tests {
    use super::super::hooks::ATTACK_ESTIMATE_CAP;
    use super::*;
    use crate::core::Game;
    use crate::solver::MateSearch;

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
}
