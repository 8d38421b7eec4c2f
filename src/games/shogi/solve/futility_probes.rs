//! Futility probes: for an interposition, the positions after the checker takes the
//! interposed piece and that piece goes back to the defender's hand. The solver calls the
//! interposition futile when such a probe is mated as fast as the defender's other
//! defences allow (see `docs/tsume-solver.md`).

use crate::games::shogi::position::Position;
use crate::games::shogi::tables::between;
use crate::games::shogi::types::{Move, Square};

/// Whether [`interposition_probes`] gives any position, mostly without building them: only
/// an attacker king (whose safety the capture must keep) needs the positions.
pub(super) fn interposition_has_probes(pos: &Position, defence: Move) -> bool {
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
pub(super) fn interposition_probes(pos: &Position, defence: Move) -> Vec<Position> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::{sfen::parse_position, usi::parse_move};
    use crate::games::shogi::types::{Color, Kind};

    /// A gold dropped on 2b against the dragon on 3b: the dragon takes it (no promotion
    /// left, so one probe) and the gold goes back to the defender, the attacker's hand as
    /// it was; the defender is to move. The king stepping onto the line
    /// does not interpose: it has none.
    #[test]
    fn a_probe_takes_the_interposed_piece_and_hands_it_back() {
        let root = parse_position("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1").unwrap();
        let pos = root.after(parse_move("4b3b").unwrap());
        let drop = parse_move("G*2b").unwrap();
        let probes = interposition_probes(&pos, drop);
        assert_eq!(probes.len(), 1);
        assert!(interposition_has_probes(&pos, drop));
        let q = &probes[0];
        let dragon = q.piece_at(Square::new(2, 2).unwrap()).expect("the checker");
        assert_eq!((dragon.color, dragon.kind), (Color::Black, Kind::Dragon));
        for side in [Color::Black, Color::White] {
            assert_eq!(
                q.hand_count(side, Kind::Gold),
                pos.hand_count(side, Kind::Gold)
            );
        }
        assert_eq!(q.side_to_move(), Color::White);
        let king_step = parse_move("1b2b").unwrap();
        assert!(interposition_probes(&pos, king_step).is_empty());
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
