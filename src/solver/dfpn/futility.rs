//! Futile interpositions (無駄合): a defender's move between a distant checker and the king
//! that only lengthens the mate by the capture and does not count under the tsume
//! convention. A depth-bounded search must know which interpositions count, since the mate
//! length it measures depends on it; this file tests one against the defences it is
//! measured against, by nested bounded searches, and caches the judgments.

use super::lazy_futility::Defence;
use super::{MateSearch, PhiDelta, Searcher, Verdict};

/// What is known of a node's defence length without interpositions.
#[derive(Clone, Copy)]
pub(super) enum Plain {
    Exact(u32),
    /// More than this many plies.
    Above(u32),
}

impl<G: MateSearch> Searcher<G> {
    /// The defences a bounded search under the convention keeps at `pos` (defender to
    /// move, `depth` plies left): every defence but the futile interpositions, or the node's
    /// value when that settles it. A lazy search keeps the interpositions not judged yet and
    /// says which they are in `kinds` (see [`Self::settle_refutations`]); `kinds` is left
    /// empty when none is pending.
    pub(super) fn defences_kept(
        &mut self,
        pos: &G,
        depth: u32,
        kinds: &mut Vec<Defence>,
    ) -> Result<Vec<G::Move>, PhiDelta> {
        let (moves, candidates) = pos.defender_moves_marked();
        if moves.is_empty() {
            return Err(PhiDelta::LOSS);
        }
        // With no plies left, one defence that cannot be a futile interposition holds.
        if depth == 0 && candidates.iter().any(|&c| !c) {
            return Err(PhiDelta::WIN);
        }
        let lazy = self.options.defers_judgment(depth);
        let mut kept = Vec::with_capacity(moves.len());
        for (m, c) in moves.into_iter().zip(candidates) {
            if !c {
                kept.push(m);
                kinds.push(Defence::Plain);
            } else if lazy {
                if let Some(kind) = self.lazy_kind(pos, m, depth) {
                    kept.push(m);
                    kinds.push(kind);
                }
            } else if self.keeps_interposition(pos, m, depth) {
                kept.push(m);
            }
        }
        if kept.is_empty() {
            return Err(PhiDelta::LOSS);
        }
        if depth == 0 {
            return Err(PhiDelta::WIN);
        }
        if !kinds.iter().any(|k| matches!(k, Defence::Pending(_))) {
            kinds.clear();
        }
        Ok(kept)
    }

    /// Does a bounded search keep `defence`, a move that may be a futile interposition, as
    /// a defence? The convention keeps it unless it is futile; a relaxed twin only when it
    /// cannot be futile or its maker has judged it not futile (see [`Self::relaxed_twin`]).
    pub(super) fn keeps_interposition(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        if self.options.no_interpositions {
            !pos.has_futility_probes(defence) || self.counted.contains(&(pos.key(), defence))
        } else {
            !self.is_futile_candidate(pos, defence, depth)
        }
    }

    /// Is `defence` (from `pos`, defender to move) a futile interposition, judged within a
    /// search of budget `depth`? The game names the positions to test (the interposed piece
    /// taken by the checker and handed back); the interposition is futile when one of them
    /// is mated within the length the defender reaches without it (the longest of its
    /// defences that are not interpositions and of its counted interpositions nearer the
    /// king, see `base_length`): capturing then changes nothing but adds two plies. A mate
    /// that takes longer after the capture makes the interposition a real defence.
    ///
    /// The answer does not depend on `depth` except when that length exceeds it; then the
    /// node fails within `depth` anyway and the move is simply counted.
    pub fn is_futile(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        if !self.options.futile_rule {
            return false;
        }
        if !pos.may_interpose(defence) {
            return false;
        }
        self.is_futile_candidate(pos, defence, depth)
    }

    /// [`Self::is_futile`] for a defence that `may_interpose`.
    pub(super) fn is_futile_candidate(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        let k = (pos.key(), defence);
        if let Some(&f) = self.futile.get(&k) {
            return f;
        }
        // Known: the other defences last longer than `depth` (see `base_length`).
        if matches!(self.plain.get(&(k.0, 1)), Some(&Plain::Above(b)) if b >= depth) {
            return false;
        }
        if !pos.has_futility_probes(defence) {
            return false;
        }
        // Cheap and often enough: a probe not mated within the budget is not mated within
        // the length the interposition is measured against, or that length exceeds the
        // budget; either way the interposition counts here (not remembered: which of the
        // two is not known).
        if self.options.lazy_futility && self.probes_outlast(pos, defence, depth) {
            return false;
        }
        // Against the defences that are not interpositions first (rank 1: none nearer); the
        // nearer interpositions only matter when they make the defence last longer.
        let Some(plain) = self.base_length(pos, depth, 1) else {
            return false;
        };
        let probes = pos.futility_probes(defence);
        let mut futile = self.any_mated_within(&probes, plain);
        let rank = pos.interposition_rank(defence);
        if !futile && !self.aborted && rank > 1 {
            match self.base_length(pos, depth, rank) {
                Some(base) if base > plain => futile = self.any_mated_within(&probes, base),
                Some(_) => {}
                None => return false,
            }
        }
        if !self.aborted {
            self.remember_futility(k.0, defence, futile);
        }
        futile
    }

    /// Remember the judgment of the interposition `defence` from the position `key`.
    pub(super) fn remember_futility(&mut self, key: u64, defence: G::Move, futile: bool) {
        if self.futile.len() > 1 << 20 {
            self.futile.clear();
        }
        self.futile.insert((key, defence), futile);
        if let (false, Some(twin)) = (futile, self.twin.as_mut()) {
            // Bounded like `futile`; forgetting only takes a defence from the twin.
            if twin.counted.len() > 1 << 20 {
                twin.counted.clear();
            }
            twin.counted.insert((key, defence));
        }
    }

    /// Is no probe of the interposition `defence` (from `pos`) mated within `depth`, the
    /// budget of `pos`? Then an interposition after which the attacker fails within the
    /// budget refutes `pos`, futile or not: either the defences it is measured against
    /// last at most `depth` and it is not futile, or one of them outlasts the budget and
    /// refutes `pos` itself. No length of the other defences is needed.
    pub(super) fn probes_outlast(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        pos.futility_probes(defence)
            .iter()
            .all(|p| self.search(p, false, depth) == Verdict::Disproven)
    }

    /// Is one of `probes` (defender to move) mated within `plies`?
    pub(super) fn any_mated_within(&mut self, probes: &[G], plies: u32) -> bool {
        probes
            .iter()
            .any(|p| self.search(p, false, plies) == Verdict::Proven)
    }

    /// Plies to mate from `pos` (defender to move) over the defences that an interposition
    /// `rank` squares from the king is measured against: those that are not
    /// interpositions, and the counted (not futile) interpositions nearer the king. After
    /// the checker takes the interposed piece, these are what the defender still has (the
    /// nearer squares are still between the checker and the king); an interposition that
    /// gains nothing over them is futile. 0 when there are none, `None` when more than
    /// `depth` or unknown.
    ///
    /// Without the nearer interpositions, a futile drop far from the king would count
    /// whenever a real interposition exists next to the king (the defender makes that one
    /// after the capture too, so the capture does not mate within the plain length).
    fn base_length(&mut self, pos: &G, depth: u32, rank: u32) -> Option<u32> {
        let key = (pos.key(), rank);
        // A cache, bounded like `futile`: what is forgotten is searched again when asked.
        if self.plain.len() > 1 << 20 {
            self.plain.clear();
        }
        // The smallest length still to try: known failures up to some length are remembered.
        let mut w = match self.plain.get(&key) {
            Some(&Plain::Exact(b)) => return (b <= depth).then_some(b),
            Some(&Plain::Above(b)) if b >= depth => return None,
            Some(&Plain::Above(b)) => (b + 1).next_multiple_of(2).max(2),
            None => 0,
        };
        let plain = self.base_defences(pos, depth, rank);
        if plain.is_empty() {
            self.plain.insert(key, Plain::Exact(0));
            return Some(0);
        }
        w = w.max(2);
        // First the longest length that matters: when a plain defence outlasts it, every
        // interposition here counts, and that search is one the node needs anyway. Then
        // down from there: proofs within a larger budget are cheap (much of them is in the
        // table already), and only the last step, where a defence first escapes, is a
        // disproof near the true length; going up paid one from-scratch disproof per step.
        let top = depth - depth % 2;
        let mut proven_within = None;
        let mut b = top;
        while b >= w {
            let mut all = true;
            for c in &plain {
                if self.search(c, true, b - 1) != Verdict::Proven {
                    all = false;
                    break;
                }
            }
            if self.aborted {
                return None;
            }
            if !all {
                break;
            }
            proven_within = Some(b);
            b -= 2;
        }
        if let Some(b) = proven_within {
            self.plain.insert(key, Plain::Exact(b));
            return Some(b);
        }
        self.plain.insert(key, Plain::Above(depth));
        None
    }

    /// The positions after the defences that [`Self::base_length`] measures.
    fn base_defences(&mut self, pos: &G, depth: u32, rank: u32) -> Vec<G> {
        let (moves, candidates) = pos.defender_moves_marked();
        let mut kept = Vec::with_capacity(moves.len());
        for (m, c) in moves.into_iter().zip(candidates) {
            let keep = !c
                || !pos.has_futility_probes(m)
                || (0 < pos.interposition_rank(m)
                    && pos.interposition_rank(m) < rank
                    && !self.is_futile_candidate(pos, m, depth));
            if keep {
                kept.push(pos.after(m));
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::super::Limits;
    use super::*;
    use crate::games::shogi::notation::{sfen::parse_position, usi::parse_move};
    use crate::games::shogi::position::Position;
    use crate::games::shogi::types::Move;

    /// The drops (2b) between the dragon that takes on 3b and the king on 1b, after that
    /// check, from `sfen`.
    fn drops_after_the_check(sfen: &str) -> (Position, Vec<Move>) {
        let root = parse_position(sfen).expect("valid SFEN");
        let pos = root.after(parse_move("4b3b").expect("USI"));
        let drops: Vec<Move> = pos
            .defender_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Drop { .. }))
            .collect();
        assert!(!drops.is_empty());
        (pos, drops)
    }

    /// With the silver on 3a guarding 2b, the dragon takes any piece dropped there and
    /// still mates: every drop is futile under the convention, and none is when every
    /// interposition counts. Without the silver the king takes the dragon back: every drop
    /// is a real defence.
    #[test]
    fn a_drop_is_futile_when_the_capture_mates_as_fast() {
        let (pos, drops) = drops_after_the_check("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1");
        let mut tsume: Searcher<Position> = Searcher::new(1 << 12, Limits::default());
        let mut engine = Searcher::new(1 << 12, Limits::default()).count_all_interpositions();
        for &d in &drops {
            assert!(tsume.is_futile(&pos, d, 0), "{d:?}");
            assert!(!engine.is_futile(&pos, d, 0), "{d:?}");
        }

        let (pos, drops) = drops_after_the_check("7nl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g4s3n3l15p 1");
        for &d in &drops {
            assert!(!tsume.is_futile(&pos, d, 2), "{d:?}");
        }
    }
}
