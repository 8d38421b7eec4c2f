//! The defence queue: alike defences of an AND node (the game's
//! [`MateSearch::defence_groups`], in shogi the drops) are let in one after another, so
//! that a dozen interpositions on a long check line do not look a dozen times harder to
//! the attacker than one; most of them fall to the same answer.

use super::{MateSearch, PhiDelta};

/// The value a waiting child (see [`Queue`]) stands in with: it adds nothing to its AND
/// node's proof number, but its disproof number counts, `WAITING_WEIGHT` times over, so that
/// the defender may still pick it when it looks much the easiest to hold (the child is then
/// let in before its turn). Strict waiting and a weight of 1 each left a hard classic
/// unproven; 4 proved both (the figures: `docs/tsume-solver.md#measured-choices`).
pub(super) fn waiting(v: PhiDelta) -> PhiDelta {
    if v.solved() {
        v
    } else {
        PhiDelta {
            phi: 0,
            delta: v.delta.saturating_mul(WAITING_WEIGHT),
            ..v
        }
    }
}

/// See [`waiting`].
const WAITING_WEIGHT: u32 = 4;

/// The grouped defences of an AND node (see [`MateSearch::defence_groups`]): each waits
/// for the one before it in its group, and counts as answered for the proof number (see
/// [`waiting`]); it stands in for nothing false, because its predecessor is still open (the
/// node is not proven) until the moment the child is let in.
#[derive(Default)]
pub(super) struct Queue {
    /// For each child, the child it waits for (`usize::MAX`: none, or no longer waiting);
    /// empty when no child waits.
    after: Vec<usize>,
    /// Children still waiting.
    waiting: usize,
}

impl Queue {
    /// The queue of the defences `moves` of `pos`: each member of a group waits for the one
    /// before it, nearest the king first (the game's `interposition_rank`), then in the
    /// order of `moves`.
    pub(super) fn new<G: MateSearch>(pos: &G, moves: &[G::Move]) -> Queue {
        let groups = pos.defence_groups(moves);
        if groups.iter().all(|&g| g == 0) {
            return Queue::default();
        }
        let mut turns: Vec<(u32, u32, usize)> = groups
            .iter()
            .enumerate()
            .filter(|&(_, &g)| g != 0)
            .map(|(i, &g)| (g, pos.interposition_rank(moves[i]), i))
            .collect();
        turns.sort_unstable();
        let mut after = vec![usize::MAX; groups.len()];
        let mut waiting = 0;
        for pair in turns.windows(2) {
            if pair[0].0 == pair[1].0 {
                after[pair[1].2] = pair[0].2;
                waiting += 1;
            }
        }
        Queue { after, waiting }
    }

    /// Let the waiting child `i` in before its turn.
    pub(super) fn release(&mut self, i: usize) {
        self.after[i] = usize::MAX;
        self.waiting -= 1;
    }

    pub(super) fn waits(&self, i: usize) -> bool {
        self.after.get(i).is_some_and(|&p| p != usize::MAX)
    }

    /// A waiting child whose predecessor the attacker has answered (it is let in).
    pub(super) fn next_ready(&mut self, vals: &[PhiDelta]) -> Option<usize> {
        if self.waiting == 0 {
            return None;
        }
        // (A predecessor may come later in the list, and past the children looked at so far.)
        let i = (0..vals.len()).find(|&i| {
            self.waits(i)
                && !self.waits(self.after[i])
                && vals.get(self.after[i]).is_some_and(|v| v.phi == 0)
        })?;
        self.release(i);
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_graph::Graph;
    use super::*;
    use crate::core::Game;

    /// A group's members take turns nearest the king first: at B the five short lines
    /// wait for one another from B6 out to B2; S is in no group.
    #[test]
    fn a_group_takes_turns_nearest_first() {
        let b = Graph(2);
        let moves = b.legal_moves();
        assert_eq!(moves, [7, 12, 13, 14, 15, 16]);
        let queue = Queue::new(&b, &moves);
        assert_eq!(queue.after, [usize::MAX, 2, 3, 4, 5, usize::MAX]);
        assert_eq!(queue.waiting, 4);
    }

    /// A member waits until the one before it in its group is proven (the attacker, to move
    /// in that child, wins); only then is it let in, one at a time. A waiting child adds
    /// nothing to the proof number but counts its disproof number `WAITING_WEIGHT` times.
    #[test]
    fn a_member_is_let_in_once_the_one_before_is_proven() {
        let b = Graph(2);
        let moves = b.legal_moves();
        let mut queue = Queue::new(&b, &moves);
        let mut vals = vec![PhiDelta::open(1, 1); moves.len()];
        assert_eq!(queue.next_ready(&vals), None, "B6, first in line, is open");
        vals[5] = PhiDelta::WIN;
        assert_eq!(queue.next_ready(&vals), Some(4), "B5 follows B6");
        assert!(!queue.waits(4));
        assert_eq!(queue.next_ready(&vals), None, "B4 waits for B5");
        assert!(queue.waits(3));

        let w = waiting(PhiDelta::open(3, 5));
        assert_eq!((w.phi, w.delta), (0, 5 * WAITING_WEIGHT));
        assert_eq!(
            waiting(PhiDelta::LOSS),
            PhiDelta::LOSS,
            "a solved child stays"
        );
    }
}
