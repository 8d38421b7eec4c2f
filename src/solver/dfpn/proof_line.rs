//! Reading a mating line back from the proof in the table, for when the exact pass cannot
//! finish: the attacker's shortest proven move, the defender's longest defence, futile
//! interpositions skipped by comparing lines read from their probes. Reads the table first
//! and searches only where the table has lost a child.

use super::search::attacker_won;
use super::{FastMap, MateSearch, NodeKey, Searcher, UNBOUNDED, Verdict};

/// How many probe lines deep [`Searcher::proof_line`] reads to judge an interposition; past
/// it, the proofs' lengths judge.
const MAX_PROBE_NESTING: u32 = 8;

/// The most plies [`Searcher::proof_line`] reads in probe lines in all, so that a line
/// with many interpositions cannot take long; past it, the proofs' lengths judge. Set far
/// above what the hard classics read (the figures: `docs/tsume-solver.md#measured-choices`).
const PROBE_PLIES: u32 = 1 << 20;

/// The probe lines read while one line is read (see `Searcher::futile_by_line`): their
/// lengths by probe and depth, and the plies still to read.
struct ProbeLines {
    lens: FastMap<(u64, u32), Option<u32>>,
    plies_left: u32,
}

impl<G: MateSearch> Searcher<G> {
    /// The length of the proof the table holds for `pos` (attacker to move) within `depth`
    /// plies (`UNBOUNDED`: the unbounded search's proof), if it holds one: an upper bound
    /// of the mate length. Reads only; no search.
    pub fn proof_length(&self, pos: &G, depth: u32) -> Option<u32> {
        self.stored_len(pos.node_key(true), true, depth)
    }

    /// The length of the proof the table holds for the node `key` within `depth` (`or`:
    /// attacker to move), if it holds one.
    fn stored_len(&self, key: NodeKey, or: bool, depth: u32) -> Option<u32> {
        self.table
            .get(key, depth, or)
            .filter(|&v| attacker_won(or, v))
            .map(|v| v.len)
    }

    /// Does the table hold a proof, without depth bound, of the node with `key` (`or`:
    /// attacker to move)? Reads only; no search.
    pub fn table_proves(&self, key: NodeKey, or: bool) -> bool {
        self.table
            .get(key, UNBOUNDED, or)
            .is_some_and(|v| if or { v.phi == 0 } else { v.delta == 0 })
    }

    /// A mating line read from the proof in the table after a proof of `root` within `depth`
    /// plies (`UNBOUNDED`: the unbounded search's), guided by the proof lengths: the attacker
    /// takes its shortest proven move, the defender its longest defence, skipping an
    /// interposition after whose capture the line read from there is no longer than the
    /// other defences (the futility test of the exact pass, on read lines instead of
    /// searches; see `longest_defence`). A child the table has lost is proved again, within
    /// the limits left.
    ///
    /// Not the tsume-correct answer: the lengths are those of the proofs found (upper
    /// bounds), so the line may be longer than the shortest mate. Used when the exact pass
    /// cannot finish. It stops short where a search does.
    pub fn proof_line(&mut self, root: &G, depth: u32) -> Vec<G::Move> {
        let mut probes = ProbeLines {
            lens: FastMap::default(),
            plies_left: PROBE_PLIES,
        };
        self.read_line(root, true, depth, 0, &mut probes).0
    }

    /// The line [`Self::proof_line`] reads from `start` (`or`: attacker to move) within
    /// `depth`, and whether it ends in mate (rather than where a search stopped). `nesting`
    /// counts the probe lines this one is read inside (see [`Self::futile_by_line`]).
    fn read_line(
        &mut self,
        start: &G,
        or: bool,
        depth: u32,
        nesting: u32,
        probes: &mut ProbeLines,
    ) -> (Vec<G::Move>, bool) {
        let mut line = Vec::new();
        let mut pos = start.clone();
        let mut seen = vec![pos.node_key(or).whole()];
        let mut d = depth;
        let mut attacker = or;
        // The length of the proof being followed (see longest_defence).
        let mut bound = self.stored_len(start.node_key(or), or, depth);
        while d > 0 && line.len() < 2 * self.max_ply {
            let cd = if d == UNBOUNDED { UNBOUNDED } else { d - 1 };
            let next = if attacker {
                self.shortest_proven(&pos, cd, &seen)
            } else {
                match self.longest_defence(&pos, cd, nesting, probes, bound) {
                    Some(Some(m)) => Some(m),
                    Some(None) => return (line, true),
                    None => None,
                }
            };
            let Some((m, len)) = next else { break };
            bound = len;
            seen.push(pos.node_key_after(m, attacker).whole());
            pos = pos.after(m);
            line.push(m);
            d = cd;
            attacker = !attacker;
        }
        (line, false)
    }

    /// The length of the proof of `pos` within `depth` (`or`: attacker to move), from the
    /// table or else from a new search.
    fn proven_len(&mut self, pos: &G, or: bool, depth: u32) -> Option<u32> {
        let key = pos.node_key(or);
        if let Some(l) = self.stored_len(key, or, depth) {
            return Some(l);
        }
        if self.search(pos, or, depth) != Verdict::Proven {
            return None;
        }
        Some(self.stored_len(key, or, depth).unwrap_or(depth))
    }

    /// The attacker move (from `pos`) with the shortest proof in the table; without one
    /// there, the first move a new search proves. With its proof's length when stored.
    fn shortest_proven(
        &mut self,
        pos: &G,
        cd: u32,
        seen: &[u64],
    ) -> Option<(G::Move, Option<u32>)> {
        let moves: Vec<G::Move> = pos
            .attacker_moves()
            .into_iter()
            .filter(|&m| !seen.contains(&pos.node_key_after(m, true).whole()))
            .collect();
        // min_by_key keeps the first of equally short proofs (move order decides ties).
        let stored = moves
            .iter()
            .filter_map(|&m| Some((self.stored_len(pos.node_key_after(m, true), false, cd)?, m)))
            .min_by_key(|&(l, _)| l);
        if let Some((l, m)) = stored {
            return Some((m, Some(l)));
        }
        moves
            .into_iter()
            .find(|&m| self.proven_len(&pos.after(m), false, cd).is_some())
            .map(|m| (m, None))
    }

    /// The defence (from `pos`) with the longest proof, futile interpositions skipped, with
    /// its proof's length: `Some(None)` when every defence is futile or there is none (the
    /// line ends in mate), `None` when a proof cannot be had.
    ///
    /// As in the exact pass (`base_length`), an interposition is measured against the
    /// defences that are not interpositions and the counted interpositions nearer the king,
    /// so the nearest are judged first; and the mate after its capture is measured by the
    /// line read from there (see [`Self::futile_by_line`]). Measured against the plain
    /// defences alone and by the proofs' lengths, pawns dropped far from the king counted,
    /// and the line came out far longer than the exact answer (the figures:
    /// `docs/tsume-solver.md#measured-choices`).
    fn longest_defence(
        &mut self,
        pos: &G,
        cd: u32,
        nesting: u32,
        probes: &mut ProbeLines,
        bound: Option<u32>,
    ) -> Option<Option<(G::Move, Option<u32>)>> {
        let (moves, candidates) = pos.defender_moves_marked();
        let mut lens = Vec::with_capacity(moves.len());
        for &m in &moves {
            lens.push(self.proven_len(&pos.after(m), true, cd)?);
        }
        let mut counted: Vec<bool> = moves
            .iter()
            .zip(&candidates)
            .map(|(&m, &c)| !c || !pos.has_futility_probes(m))
            .collect();
        let plain_base = (0..moves.len())
            .filter(|&i| counted[i])
            .map(|i| lens[i] + 1)
            .max()
            .unwrap_or(0);
        let rank = |i: usize| pos.interposition_rank(moves[i]);
        let mut judged: Vec<usize> = (0..moves.len()).filter(|&i| !counted[i]).collect();
        // Rank 0 (a game that does not rank them) is judged against the plain defences only.
        judged.sort_by_key(|&i| (rank(i) == 0, rank(i)));
        let (mut base, mut nearer) = (plain_base, plain_base);
        for (k, &i) in judged.iter().enumerate() {
            if k > 0 && rank(i) != rank(judged[k - 1]) {
                base = if rank(i) == 0 { plain_base } else { nearer };
            }
            if !self.futile_by_line(pos, moves[i], base, cd, nesting, probes) {
                counted[i] = true;
                nearer = nearer.max(lens[i] + 1);
            }
        }
        // Longest first; the first of equal lengths in move order. But within the proof
        // being followed (shorter than `bound`, the length of the move before) when a
        // defence is: the table's lengths come from many proofs (one found later, or one of
        // another hand that serves this one) and need not fit together, and a line that took
        // the longest defence regardless could come back round to where it had been (one
        // did, see `docs/tsume-solver.md#measured-choices`). While lengths fall at every ply it cannot.
        // (The attacker's shortest move always fits when any does.)
        let mut order: Vec<usize> = (0..moves.len()).filter(|&i| counted[i]).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(lens[i]));
        let fitting = order
            .iter()
            .copied()
            .find(|&i| bound.is_none_or(|b| lens[i] < b));
        Some(
            fitting
                .or(order.first().copied())
                .map(|i| (moves[i], Some(lens[i]))),
        )
    }

    /// Is a probe of the interposition `defence` (the interposed piece taken and handed
    /// back) mated within `base` plies? Measured by the line read from the probe, so that
    /// both sides of the comparison skip futile interpositions alike (a proof's length
    /// counts every one of them). Past `MAX_PROBE_NESTING` nested lines, or once the probe
    /// lines have used up their plies (`PROBE_PLIES`), the proof's length judges instead. A
    /// probe whose line does not end in mate counts as not mated.
    fn futile_by_line(
        &mut self,
        pos: &G,
        defence: G::Move,
        base: u32,
        cd: u32,
        nesting: u32,
        probes: &mut ProbeLines,
    ) -> bool {
        if nesting >= MAX_PROBE_NESTING || probes.plies_left == 0 {
            return self.futile_by_length(pos, defence, base, cd);
        }
        let depth = if cd == UNBOUNDED {
            UNBOUNDED
        } else {
            cd.saturating_sub(1)
        };
        pos.futility_probes(defence).iter().any(|p| {
            let key = (p.node_key(false).whole(), depth);
            let len = match probes.lens.get(&key) {
                Some(&l) => l,
                None => {
                    // Only a probe the proof reached is read: searching the others cost far
                    // more than it found (see `futile_by_length`).
                    let l = if self.stored_len(p.node_key(false), false, depth).is_some() {
                        let (line, mated) = self.read_line(p, false, depth, nesting + 1, probes);
                        probes.plies_left = probes.plies_left.saturating_sub(line.len() as u32);
                        mated.then_some(line.len() as u32)
                    } else {
                        None
                    };
                    probes.lens.insert(key, l);
                    l
                }
            };
            len.is_some_and(|l| l <= base)
        })
    }

    /// Does the table prove a probe of the interposition `defence` mated within `base` plies?
    /// No search: a probe the proof never reached counts as not mated (searching them cost
    /// far more than it found; see `docs/tsume-solver.md#measured-choices`).
    fn futile_by_length(&self, pos: &G, defence: G::Move, base: u32, cd: u32) -> bool {
        let depth = if cd == UNBOUNDED {
            UNBOUNDED
        } else {
            cd.saturating_sub(1)
        };
        pos.futility_probes(defence).iter().any(|p| {
            self.stored_len(p.node_key(false), false, depth)
                .is_some_and(|l| l <= base)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_graph::Graph;
    use super::super::{Limits, Verdict};
    use super::*;
    use crate::core::Game;

    /// From P the proof goes through W (Q only leads back to P): the line takes it, then
    /// the first of W's two equally long defences, and ends where the defender has no
    /// move. A root without a proof reads no line.
    #[test]
    fn the_line_follows_the_proof_and_stops_without_one() {
        let mut s: Searcher<Graph> = Searcher::new(1 << 10, Limits::default());
        assert_eq!(s.prove(&Graph(3), UNBOUNDED), Verdict::Proven);
        assert!(s.table_proves(Graph(3).node_key(true), true));
        assert_eq!(s.proof_length(&Graph(3), UNBOUNDED), Some(3));
        let line = s.proof_line(&Graph(3), UNBOUNDED);
        assert_eq!(line, [6, 9, 11]);
        assert!(Graph(11).legal_moves().is_empty());

        assert_eq!(s.prove(&Graph(4), UNBOUNDED), Verdict::Disproven);
        assert!(!s.table_proves(Graph(4).node_key(true), true));
        assert!(s.proof_line(&Graph(4), UNBOUNDED).is_empty());
    }
}
