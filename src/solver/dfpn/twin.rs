//! The relaxed twin: a second searcher, asked first in the exact pass, whose defender has
//! none of the interpositions that may be futile. Its "no mate" holds under the convention
//! too, and it finds one without the nested searches that judge interpositions, which is
//! where the convention's bounded searches spend their effort.

use super::{MateSearch, SearchOptions, Searcher, Verdict};

/// Budgets from which a bounded question goes to the relaxed twin first (see
/// `Searcher::twin_refutes`). Below, searches are cheap and the twin's is mostly a second
/// cost (the figures: `docs/tsume-solver.md#measured-choices`).
pub(super) const TWIN_FROM: u32 = 10;

/// Table entries of the relaxed twin at most; never more than half its maker's.
const TWIN_ENTRIES: usize = 1 << 22;

impl<G: MateSearch> Searcher<G> {
    /// A relaxed searcher for the exact pass, with what is left of this one's limits: its
    /// depth-bounded searches leave the defender none of the interpositions that may be
    /// futile (those the game's `defender_moves_marked` marks and gives futility probes
    /// for), except those this searcher has judged not futile (now or later, see
    /// `counted`), so they need no futility test. The defender keeps a subset of the defences the
    /// tsume convention counts, so the attacker's task is no harder: "no mate within `d`"
    /// there is "no mate within `d`" under the convention too (a mate there proves nothing).
    /// Cheap where the convention is dear: a refutation that needs no interposition is
    /// found without the nested searches of the futility tests.
    pub fn relaxed_twin(&self, tt_entries: usize) -> Searcher<G> {
        let limits = self.limits.rest(self.nodes, self.elapsed());
        let mut twin = Searcher::new(tt_entries, limits);
        twin.options = SearchOptions::relaxed();
        twin.counted
            .extend(self.futile.iter().filter(|&(_, &f)| !f).map(|(&k, _)| k));
        twin
    }

    /// Does the relaxed twin show that the attacker cannot reach a mate within `depth` from
    /// `pos` (`or`: attacker to move)? Asked before a bounded search of the tsume
    /// convention from `depth` = `TWIN_FROM` on (the exact pass's questions and the
    /// futility tests' nested searches), and of each new check within such a search. A
    /// "no" there is a "no" here; anything else leaves the question to this search.
    pub(super) fn twin_refutes(&mut self, pos: &G, or: bool, depth: u32) -> bool {
        if !self.options.asks_twin(depth) || self.aborted {
            return false;
        }
        if self.twin.is_none() {
            self.twin = Some(Box::new(
                self.relaxed_twin(TWIN_ENTRIES.min(self.table.capacity() / 2)),
            ));
        }
        let twin = self.twin.as_mut().expect("made above");
        let before = twin.nodes;
        let v = twin.search(pos, or, depth);
        let spent = twin.nodes - before;
        self.count_nodes(spent);
        v == Verdict::Disproven
    }
}

#[cfg(test)]
mod tests {
    use super::super::Limits;
    use super::super::test_graph::Graph;
    use super::*;

    /// A twin leaves its defender the interpositions its maker judged not futile, and only
    /// those, and searches in the relaxed mode with what is left of its maker's node limit;
    /// a judgment made once the twin exists reaches it too.
    #[test]
    fn a_twin_keeps_what_its_maker_judged_not_futile() {
        let limits = Limits {
            nodes: Some(100),
            ..Limits::default()
        };
        let mut s: Searcher<Graph> = Searcher::new(1 << 10, limits);
        s.count_nodes(40);
        s.remember_futility(5, 12, false);
        s.remember_futility(5, 13, true);
        let twin = s.relaxed_twin(1 << 10);
        assert_eq!(twin.options, SearchOptions::relaxed());
        assert_eq!(twin.limits.nodes, Some(60));
        assert!(twin.counted.contains(&(5, 12)));
        assert!(!twin.counted.contains(&(5, 13)));

        s.twin = Some(Box::new(twin));
        s.remember_futility(6, 14, false);
        s.remember_futility(6, 15, true);
        let twin = s.twin.as_ref().expect("set above");
        assert!(twin.counted.contains(&(6, 14)));
        assert!(!twin.counted.contains(&(6, 15)));
    }
}
