//! Judging interpositions lazily: on a long mate most interpositions never decide a node,
//! and judging each as its node is expanded nests a search of the other defences' exact
//! length under every one of them. Here an interposition stays pending until the attacker
//! fails after it, and is then judged only if the node's other defences do not refute it
//! anyway (see `docs/tsume-solver.md` on long problems).

use super::defence_queue::Queue;
use super::{INF, MateSearch, PhiDelta, Plain, Searcher};

/// What a bounded search knows of a defence's futility (see
/// [`Searcher::settle_refutations`]); interpositions carry their distance from the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Defence {
    /// Not an interposition that may be futile.
    Plain,
    /// An interposition judged not futile.
    Counted(u32),
    /// An interposition not judged yet.
    Pending(u32),
    /// Not judged yet, and the attacker fails within the budget after it: it stands as
    /// answered until it is judged.
    Deferred(u32),
    /// Judged futile: it stands as answered.
    Futile,
}

impl Defence {
    fn rank(self) -> u32 {
        match self {
            Defence::Counted(r) | Defence::Pending(r) | Defence::Deferred(r) => r,
            Defence::Plain | Defence::Futile => 0,
        }
    }
}

/// An upper bound of the length an interposition `rank` squares from the king is measured
/// against (see `Searcher::base_length`): one more than the longest proof among the
/// defences that are not interpositions and the nearer interpositions not judged futile;
/// `None` while one of them is not answered.
fn measured_bound(kinds: &[Defence], vals: &[PhiDelta], rank: u32) -> Option<u32> {
    let mut bound = 0;
    for (k, v) in kinds.iter().zip(vals) {
        let measured = match *k {
            Defence::Plain => true,
            Defence::Counted(r) | Defence::Pending(r) => 0 < r && r < rank,
            Defence::Deferred(_) | Defence::Futile => false,
        };
        if measured {
            // (A waiting child stands in with phi 0 too: only a proof counts.)
            if v.phi != 0 || v.delta != INF {
                return None;
            }
            bound = bound.max(v.len + 1);
        }
    }
    Some(bound)
}

impl<G: MateSearch> Searcher<G> {
    /// How a lazy search files the interposition `defence` (from `pos`, `depth` plies left)
    /// as its node is expanded: `None` when it is known to be futile (it is left out), else
    /// what is known of it.
    pub(super) fn lazy_kind(&self, pos: &G, defence: G::Move, depth: u32) -> Option<Defence> {
        let rank = pos.interposition_rank(defence);
        match self.known_futility(pos, defence, depth) {
            Some(true) => None,
            Some(false) if !pos.has_futility_probes(defence) => Some(Defence::Plain),
            Some(false) => Some(Defence::Counted(rank)),
            None => Some(Defence::Pending(rank)),
        }
    }

    /// What is known without a search of whether `defence` (a move that may interpose) is
    /// futile within `depth`: judged before, or no probes, or the other defences outlast
    /// `depth`; `None` when it is still to be judged.
    pub(super) fn known_futility(&self, pos: &G, defence: G::Move, depth: u32) -> Option<bool> {
        let k = (pos.key(), defence);
        if let Some(&f) = self.futile.get(&k) {
            return Some(f);
        }
        if matches!(self.plain.get(&(k.0, 1)), Some(&Plain::Above(b)) if b >= depth) {
            return Some(false);
        }
        if !pos.has_futility_probes(defence) {
            return Some(false);
        }
        None
    }

    /// Judge the interpositions still to be judged (`Defence::Pending`) that would refute
    /// this defender node (the attacker fails within the budget after them), when their
    /// judgment matters and can be cheap. An interposition the attacker answers within the
    /// budget needs no judgment, futile or not; one that would refute is first set aside
    /// (it stands as answered: `Deferred`) while the other defences are searched, since
    /// one of those may refute the node anyway. Once every defence it is measured against
    /// is answered (those that are not interpositions, and the nearer ones), their proofs'
    /// lengths bound that length from above, and a probe not mated within the bound makes
    /// the interposition count without the exact length; otherwise the full test
    /// ([`Self::is_futile_candidate`]) decides. Nearest the king first. A futile one stays
    /// answered (`Futile`); one that counts refutes the node.
    ///
    /// Judging every interposition as the node was expanded nested a search for the other
    /// defences' exact length under each, within searches nested the same way; on a long
    /// mate nearly all the nodes went there (the figures: `docs/tsume-solver.md#measured-choices`).
    pub(super) fn settle_refutations(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        vals: &mut [PhiDelta],
        kinds: &mut [Defence],
        queue: &mut Queue,
        depth: u32,
    ) {
        if kinds.is_empty() {
            return;
        }
        for i in 0..vals.len() {
            if let Defence::Pending(r) = kinds[i]
                && vals[i].delta == 0
            {
                if self.probes_outlast(pos, moves[i], depth) {
                    // It refutes the node (see `probes_outlast`).
                    kinds[i] = Defence::Counted(r);
                    return;
                }
                if self.aborted {
                    vals[i] = PhiDelta::UNIT;
                    return;
                }
                kinds[i] = Defence::Deferred(r);
                vals[i] = PhiDelta::WIN;
                if queue.waits(i) {
                    queue.release(i);
                }
            }
        }
        loop {
            let refuted = (0..vals.len()).any(|i| vals[i].delta == 0);
            if refuted || vals.len() < moves.len() {
                return;
            }
            // The nearest interposition set aside, if every defence it is measured against
            // is answered.
            let Some(i) = (0..vals.len())
                .filter_map(|i| match kinds[i] {
                    Defence::Deferred(r) => Some((r, i)),
                    _ => None,
                })
                .min()
                .map(|(_, i)| i)
            else {
                return;
            };
            let Some(bound) = measured_bound(kinds, vals, kinds[i].rank()) else {
                return;
            };
            let probes = pos.futility_probes(moves[i]);
            let futile = self.any_mated_within(&probes, bound)
                && self.is_futile_candidate(pos, moves[i], depth);
            if self.aborted {
                // Not judged: it must not stand as answered in what is stored.
                vals[i] = PhiDelta::UNIT;
                return;
            }
            if !futile {
                self.remember_futility(pos.key(), moves[i], false);
            }
            if futile {
                kinds[i] = Defence::Futile;
            } else {
                kinds[i] = Defence::Counted(kinds[i].rank());
                vals[i] = PhiDelta::LOSS;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An interposition is measured against the proofs of the plain defences and of the
    /// nearer interpositions still counted (or pending), one ply more than the longest;
    /// farther ones, futile ones, unranked ones and those set aside do not count, and one
    /// open defence among those that count leaves no bound yet.
    #[test]
    fn the_bound_counts_plain_defences_and_nearer_interpositions() {
        let proven = |len| PhiDelta::WIN.with_len(len);
        let kinds = [
            Defence::Plain,
            Defence::Counted(1),
            Defence::Pending(2),
            Defence::Deferred(3),
            Defence::Futile,
            Defence::Counted(4),
            Defence::Counted(0),
        ];
        let mut vals = [
            proven(2),
            proven(6),
            proven(9),
            PhiDelta::open(1, 1),
            proven(20),
            proven(30),
            proven(40),
        ];
        assert_eq!(measured_bound(&kinds, &vals, 1), Some(3));
        assert_eq!(measured_bound(&kinds, &vals, 2), Some(7));
        assert_eq!(measured_bound(&kinds, &vals, 3), Some(10));
        vals[1] = PhiDelta::open(1, 1);
        assert_eq!(measured_bound(&kinds, &vals, 1), Some(3));
        assert_eq!(measured_bound(&kinds, &vals, 2), None);
        assert_eq!(Defence::Deferred(3).rank(), 3);
        assert_eq!(Defence::Futile.rank(), 0);
    }
}
