//! The hooks the generic solver calls for shogi ([`MateSearch`] for [`Position`]): the
//! moves of each side from the fast generators, the first proof and disproof estimates,
//! the zero-ply test, interpositions and their futility probes, and the node keys and
//! hands that let one proof serve a whole range of hands.

use crate::games::shogi::movegen;
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Kind, Move, Square};
use crate::solver::{HandField, Hands, MateSearch, NodeKey};

use super::futility_probes::{interposition_has_probes, interposition_probes};
use super::generation::{
    check_count, checks, evasions, for_each_evasion, gap_squares, king_unsafe,
};
use super::hand_keys::{HAND_FIELDS, check_can_be_blocked, hand_change, pack_hand};

/// The most checks an attacker node's first disproof number counts (see
/// `attack_estimate_after`): 8 kept the hard classics' first passes smallest of the caps
/// measured, and a reply with no check is settled when visited, not before (the figures:
/// `docs/tsume-solver.md#measured-choices`).
pub(super) const ATTACK_ESTIMATE_CAP: usize = 8;

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

/// Does the check `mv` (legal, of the side to move) put a piece where the defender attacks
/// at least as often as the attacker (the piece itself counted), taking nothing? Such a
/// check offers the piece, and the attacker's proof number counts one more there: the
/// square-support rule of df-pn+ estimators (GPS Shogi's, KomoringHeights'), reduced to the
/// one part that helped here: none of the variants tried did better overall (the figures:
/// `docs/tsume-solver.md#measured-choices`).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::sfen::parse_position;
    use crate::solver::dfpn::UNBOUNDED;
    use crate::solver::{Limits, Searcher, Verdict};

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
}
