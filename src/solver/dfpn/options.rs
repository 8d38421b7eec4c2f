//! The searcher's modes, in one value: which question a depth-bounded search answers (the
//! tsume convention, every interposition counted, or the relaxed twin's easier one) and how
//! it goes about it. Loose flags on the searcher were read in a dozen places; gathered
//! here, a mode's meaning and the tests that read it together sit side by side.

use super::UNBOUNDED;
use super::twin::TWIN_FROM;

/// The modes of a [`Searcher`](super::Searcher), set by its builder methods; the default
/// is the tsume convention with nothing else switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SearchOptions {
    /// Stop the search (as a limit does) when a path reaches the cap.
    pub(super) stop_at_cap: bool,
    /// Skip futile interpositions in depth-bounded searches (the tsume convention).
    pub(super) futile_rule: bool,
    /// Leave the defender no interposition that may be futile in depth-bounded searches
    /// (see [`Searcher::relaxed_twin`](super::Searcher::relaxed_twin)).
    pub(super) no_interpositions: bool,
    /// Ask bounded questions of a relaxed twin first (see
    /// [`Searcher::use_relaxed_twin`](super::Searcher::use_relaxed_twin)).
    pub(super) use_twin: bool,
    /// Judge interpositions only when their judgment can decide a node (see
    /// `Searcher::settle_refutations`), instead of as each node is expanded.
    pub(super) lazy_futility: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            stop_at_cap: false,
            futile_rule: true,
            no_interpositions: false,
            use_twin: false,
            lazy_futility: false,
        }
    }
}

impl SearchOptions {
    /// The modes of a relaxed twin: the convention's bounded searches, without the
    /// interpositions that may be futile.
    pub(super) fn relaxed() -> Self {
        SearchOptions {
            no_interpositions: true,
            ..SearchOptions::default()
        }
    }

    /// Does a search with `depth` plies left sort the defender's interpositions into futile
    /// and counted ones? Only a bounded search under the convention does: the unbounded one
    /// must refute every interposition anyway.
    pub(super) fn judges_interpositions(self, depth: u32) -> bool {
        depth != UNBOUNDED && self.futile_rule
    }

    /// Is an interposition with `depth` plies left set aside as pending (judged later, if it
    /// matters) rather than judged as its node is expanded? Never with no ply left (one
    /// defence that holds decides the node), nor in a twin (it keeps none to judge).
    pub(super) fn defers_judgment(self, depth: u32) -> bool {
        self.lazy_futility && depth > 0 && !self.no_interpositions
    }

    /// Is a question of `depth` plies asked of the relaxed twin first? Only bounded ones of
    /// the convention, from `TWIN_FROM` plies on.
    pub(super) fn asks_twin(self, depth: u32) -> bool {
        self.use_twin && depth != UNBOUNDED && depth >= TWIN_FROM && self.futile_rule
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default is the convention: bounded searches judge interpositions, unbounded ones
    /// do not; counting every interposition turns the judging off.
    #[test]
    fn the_convention_judges_only_bounded_searches() {
        let tsume = SearchOptions::default();
        assert!(tsume.judges_interpositions(7));
        assert!(tsume.judges_interpositions(0));
        assert!(!tsume.judges_interpositions(UNBOUNDED));
        let engine = SearchOptions {
            futile_rule: false,
            ..tsume
        };
        assert!(!engine.judges_interpositions(7));
    }

    /// Lazy judging defers only with plies left, and never in a relaxed twin.
    #[test]
    fn only_a_lazy_searcher_with_plies_left_defers() {
        let lazy = SearchOptions {
            lazy_futility: true,
            ..SearchOptions::default()
        };
        assert!(lazy.defers_judgment(3));
        assert!(!lazy.defers_judgment(0));
        assert!(!SearchOptions::default().defers_judgment(3));
        let lazy_twin = SearchOptions {
            lazy_futility: true,
            ..SearchOptions::relaxed()
        };
        assert!(!lazy_twin.defers_judgment(3));
    }

    /// The twin is asked from `TWIN_FROM` plies on, of bounded questions of the convention
    /// only; a twin itself asks no twin unless told to.
    #[test]
    fn the_twin_is_asked_from_its_threshold() {
        let with_twin = SearchOptions {
            use_twin: true,
            ..SearchOptions::default()
        };
        assert!(!with_twin.asks_twin(TWIN_FROM - 1));
        assert!(with_twin.asks_twin(TWIN_FROM));
        assert!(!with_twin.asks_twin(UNBOUNDED));
        let counting_all = SearchOptions {
            futile_rule: false,
            ..with_twin
        };
        assert!(!counting_all.asks_twin(TWIN_FROM));
        assert!(!SearchOptions::relaxed().asks_twin(TWIN_FROM));
    }
}
