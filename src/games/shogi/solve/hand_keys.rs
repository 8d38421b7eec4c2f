//! The attacker's hand as the table keys it: packed into one word, field by field (see
//! [`crate::solver::hand`]), so that a proof found with one hand serves every hand that
//! covers it. Also what decides whether a kind the defender lacks matters to a proof.

use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Move, Square};
use crate::solver::{HandField, Hands};

use super::generation::gap_squares;

/// The attacker's hand packed for the table (see [`crate::solver::hand`]), one field per
/// hand kind, indexed by `Kind as usize`: pawns need 5 bits (up to 18), the others 3 or 2;
/// each field has a clear bit above it.
pub(super) const HAND_FIELDS: [HandField; 7] =
    [(0, 5), (6, 3), (10, 3), (14, 3), (18, 3), (22, 2), (25, 2)];

/// How the mover's hand changes through `mv`: the field of the kind, and whether it gains
/// one (a capture) or gives one up (a drop); `None` when it stays as it is.
pub(super) fn hand_change(pos: &Position, mv: Move) -> Option<(HandField, bool)> {
    match mv {
        Move::Drop { kind, .. } => Some((HAND_FIELDS[kind as usize], false)),
        Move::Board { to, .. } => {
            let k = pos.piece_at(to)?.kind.unpromoted();
            k.is_hand_kind().then(|| (HAND_FIELDS[k as usize], true))
        }
    }
}

pub(super) fn pack_hand(hand: &[u8; 7]) -> u32 {
    HAND_FIELDS
        .iter()
        .zip(hand)
        .fold(0, |h, (&f, &n)| Hands::set(f, h, n as u32))
}

/// Is the defender (to move) in a check it could answer by a drop between the checker and
/// its king? Then a kind it lacks is part of why a reply fails.
pub(super) fn check_can_be_blocked(pos: &Position) -> bool {
    let def = pos.side_to_move();
    let Some(king) = pos.king(def) else {
        return false;
    };
    let checkers = pos.attackers_of(king, def.flip());
    checkers.count_ones() == 1 && gap_squares(Square(checkers.trailing_zeros() as u8), king) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::{sfen::parse_position, usi::parse_move};
    use crate::games::shogi::types::Kind;

    /// Each hand kind has a field of its own: a packed hand reads back kind by kind, up to
    /// all 18 pawns. A capture adds one of the captured kind, a drop takes one away, a
    /// quiet move changes nothing.
    #[test]
    fn a_packed_hand_reads_back_kind_by_kind() {
        let hand = [18, 4, 4, 4, 4, 2, 2];
        let packed = pack_hand(&hand);
        for (k, &n) in hand.iter().enumerate() {
            assert_eq!(Hands::get(HAND_FIELDS[k], packed), n as u32, "kind {k}");
        }
        let pos = parse_position("4k4/4p4/4L4/9/9/9/9/9/9 b G 1").expect("valid SFEN");
        let change = |usi: &str| hand_change(&pos, parse_move(usi).expect("USI"));
        assert_eq!(
            change("5c5b"),
            Some((HAND_FIELDS[Kind::Pawn as usize], true))
        );
        assert_eq!(
            change("G*4b"),
            Some((HAND_FIELDS[Kind::Gold as usize], false))
        );
        assert_eq!(change("5c5d"), None);
    }

    /// A rook's check down the file leaves squares to drop on; a gold's next to the king
    /// does not, so a kind the defender lacks does not matter there.
    #[test]
    fn only_a_distant_check_can_be_blocked() {
        let blocked = |sfen: &str| check_can_be_blocked(&parse_position(sfen).expect("valid"));
        assert!(blocked("4k4/9/9/9/4R4/9/9/9/9 w - 1"));
        assert!(!blocked("4k4/4G4/4P4/9/9/9/9/9/9 w - 1"));
        assert!(!blocked("4k4/9/9/9/9/9/9/9/9 w - 1"), "not in check");
    }
}
