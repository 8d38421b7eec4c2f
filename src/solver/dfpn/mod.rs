//! Depth-first proof-number search (Nagai's df-pn) over a [`MateSearch`] game.
//!
//! One searcher answers two kinds of question with the same code: "is this a mate at all?"
//! (`depth = UNBOUNDED`) and "is this a mate within `depth` plies?", where defences that are
//! futile interpositions are skipped (the tsume convention; see [`Searcher::is_futile`]).
//! Results go to a bounded [`Table`]; node and time limits make every call return
//! (`Verdict::Unknown` when a limit is hit), never hang.
//!
//! A proven node's value carries the length of the proof found (the attacker's shortest
//! proven move, the defender's longest defence): an unbounded proof then answers bounded
//! questions (see [`Table::get`]), and a line can be read from the proof when the exact pass
//! cannot finish ([`Searcher::proof_line`]). Alike defences (the game's
//! [`MateSearch::defence_groups`]) are searched one after another, so that a dozen
//! interpositions do not look a dozen times harder than one.
//!
//! Hands: the table files a node by board and attacker's hand apart ([`super::NodeKey`]).
//! A node solved without depth bound carries a proof hand (the least the attacker must hold)
//! or a disproof hand (the most it may hold), built from its children's through the game's
//! hooks, and the table answers every position of the same board that the hand covers (see
//! [`super::hand`]). Depth-bounded results keep the node's own hand.
//!
//! Repetitions: a child already on the current path is a loss for the attacker (perpetual
//! check is forbidden, and a shortest mate never repeats). A failure that leans on such a
//! repetition depends on the path (the graph-history interaction, GHI): reached by another
//! path the same position may be a mate. So each search tracks the shallowest path entry
//! any repetition below it went back to; a node whose attacker failure leans on an entry
//! above itself is not stored as a disproof (its parent still uses the value it returns).
//! A repetition of the node itself or of a node below it is harmless: a mate that passes
//! twice through a position can skip the loop. Proofs never lean on repetitions, since a
//! repetition only ever helps the defender.
//!
//! One idea per file: this one holds the searcher and the questions it is asked; `options`
//! its modes; `search` the df-pn recursion; `futility` the test of a futile interposition,
//! and `lazy_futility` the judging of one only where it decides a node; `twin` the relaxed
//! searcher asked first; `defence_queue` the grouped defences that wait their turn;
//! `proof_line` the line read back from a proof; `hashing` the maps keyed by positions.

mod defence_queue;
mod futility;
mod lazy_futility;
mod options;
mod proof_line;
mod search;
mod twin;

use std::time::{Duration, Instant};

use super::MateSearch;
use super::clock::Clock;
use super::hand::{Hands, NodeKey};
use super::move_counts::MoveCounts;
use super::table::{INF, PhiDelta, Table};
use futility::Plain;
use options::SearchOptions;
use search::attacker_fails;

pub use super::table::UNBOUNDED;
pub(crate) use crate::core::hashing::{FastMap, FastSet};

/// Longest path searched unless the caller allows more ([`Searcher::with_path_cap`]);
/// deeper nodes count as failures for the attacker and make a final "no mate" answer
/// `Unknown`. It keeps the recursion within a thread's usual stack.
const DEFAULT_MAX_PLY: usize = 480;

pub use super::answer::Limits;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Proven,
    Disproven,
    Unknown,
}

#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Nodes expanded, all passes together.
    pub nodes: u64,
    pub tt_stores: u64,
    pub tt_replaced: u64,
    pub tt_bytes: usize,
    /// A node or time limit stopped the search.
    pub aborted: bool,
    /// The path-length cap was reached somewhere.
    pub truncated: bool,
    /// Children found on the current path (counted as attacker failures; failures that
    /// lean on one above them are not stored as disproofs, see the module docs on GHI).
    pub repetitions: u64,
}

pub struct Searcher<G: MateSearch> {
    table: Table,
    limits: Limits,
    start: Instant,
    /// The time limit, read by elapsed work (see [`Clock`]).
    clock: Clock,
    nodes: u64,
    aborted: bool,
    truncated: bool,
    repetitions: u64,
    path: Vec<u64>,
    /// The path-length cap (see `DEFAULT_MAX_PLY`).
    max_ply: usize,
    /// The modes (see [`SearchOptions`]).
    options: SearchOptions,
    /// Spare child key and value buffers for `mid` (one pair per open node is in use), so
    /// that a node allocates nothing for them.
    spare: Vec<(Vec<NodeKey>, Vec<PhiDelta>)>,
    /// Shallowest path index that a repetition met in the current subtree went back to
    /// (`usize::MAX`: none); see the module docs on GHI.
    taint: usize,
    /// Interpositions judged so far (futile or not), by position key and move.
    futile: FastMap<(u64, G::Move), bool>,
    /// Move counts of children not searched yet, their first estimate (see [`MoveCounts`]).
    move_counts: MoveCounts,
    /// Length of the defences that an interposition is measured against, by position key
    /// and the interposition's distance from the king (see `base_length`).
    plain: FastMap<(u64, u32), Plain>,
    /// The relaxed twin that `options.use_twin` asks first, made on first use.
    twin: Option<Box<Searcher<G>>>,
    /// In a relaxed twin: the interpositions its maker has judged not futile (by position
    /// key and move), which the convention counts wherever they occur and the twin so
    /// leaves the defender.
    counted: FastSet<(u64, G::Move)>,
}

impl<G: MateSearch> Searcher<G> {
    pub fn new(tt_entries: usize, limits: Limits) -> Searcher<G> {
        Searcher {
            table: Table::new(tt_entries, Self::hands()),
            limits,
            start: Instant::now(),
            clock: Clock::new(limits.time),
            nodes: 0,
            aborted: false,
            truncated: false,
            repetitions: 0,
            path: Vec::new(),
            max_ply: DEFAULT_MAX_PLY,
            options: SearchOptions::default(),
            spare: Vec::new(),
            taint: usize::MAX,
            futile: FastMap::default(),
            move_counts: MoveCounts::default(),
            plain: FastMap::default(),
            twin: None,
            counted: FastSet::default(),
        }
    }

    /// How the game packs hands (proof and disproof hands, see [`super::hand`]).
    fn hands() -> Hands {
        Hands(G::HAND_FIELDS)
    }

    #[cfg(test)]
    /// Search paths up to `plies` long (the recursion goes as deep, and deeper with the
    /// futility searches it nests: the caller provides the stack).
    pub fn with_path_cap(mut self, plies: usize) -> Self {
        self.max_ply = plies;
        self
    }

    /// Stop as a limit does (`aborted`, `Unknown`) when a path reaches the cap, with
    /// `truncated` set: the caller may then search again with a larger cap. A search that
    /// was not stopped never reached the cap, so any larger cap gives the same search.
    pub fn stop_at_path_cap(mut self) -> Self {
        self.options.stop_at_cap = true;
        self
    }

    /// After a stop at the path cap (see [`Self::stop_at_path_cap`]): search on with paths up
    /// to `plies`, keeping the proofs and disproofs of the table, the node count and the
    /// clock (the limits still count from the start). No solved entry leaned on the cap:
    /// such results are stopped searches, never stored as solved. The estimates are
    /// dropped: those near the cap were skewed by it, and kept they sent the search down
    /// paths as long as the new cap, losing a hard classic its proof (see
    /// `docs/tsume-solver.md#measured-choices`); the futility caches are dropped too (they are cheap to
    /// rebuild).
    pub fn reopen_with_path_cap(&mut self, plies: usize) {
        self.max_ply = plies;
        self.options.stop_at_cap = false;
        self.truncated = false;
        self.futile.clear();
        self.plain.clear();
        self.table.keep_solved_only();
        self.aborted = self.over_node_limit() || self.over_time_limit();
    }

    fn over_node_limit(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.nodes >= n)
    }

    fn over_time_limit(&mut self) -> bool {
        self.clock.expired_now()
    }

    /// Count every interposition, futile or not (the "mate in N" of engines).
    pub fn count_all_interpositions(mut self) -> Self {
        self.options.futile_rule = false;
        self
    }

    /// Ask every bounded question of the tsume convention from `TWIN_FROM` plies on of a
    /// relaxed twin first ([`Self::relaxed_twin`], made on first use): its "no mate" is
    /// taken as this search's. Worth it for a game whose interpositions have futility
    /// probes (their tests are what the twin skips); elsewhere the twin would repeat the
    /// search.
    pub fn use_relaxed_twin(&mut self) {
        self.options.use_twin = true;
    }

    /// Judge interpositions lazily in bounded searches from here on: an interposition is
    /// judged only once the attacker fails after it, and then, when it can be, after the
    /// node's other defences (see [`Self::settle_refutations`]). Worth it for the exact
    /// length of a long mate (Zuko 100's "no mate within 609"); on short problems it
    /// spent more nodes than judging each interposition as its node is expanded.
    /// Its table also answers a question from a bounded proof within that proof's length
    /// ([`Table::answer_by_proof_length`]).
    pub fn judge_interpositions_lazily(&mut self) {
        self.options.lazy_futility = true;
        self.table.answer_by_proof_length();
    }

    /// Count `n` nodes expanded on this search's behalf elsewhere (by a relaxed twin).
    fn count_nodes(&mut self, n: u64) {
        self.nodes += n;
        if self.over_node_limit() {
            self.aborted = true;
        }
    }

    pub fn stats(&self) -> Stats {
        let (tt_stores, tt_replaced) = self.table.counters();
        Stats {
            nodes: self.nodes,
            tt_stores,
            tt_replaced,
            tt_bytes: self.table.bytes(),
            aborted: self.aborted,
            truncated: self.truncated,
            repetitions: self.repetitions,
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Can the attacker (to move in `pos`) mate within `depth` plies?
    pub fn prove(&mut self, pos: &G, depth: u32) -> Verdict {
        self.search(pos, true, depth)
    }

    /// Is `pos` (defender to move) mated within `depth` more plies?
    pub fn prove_defended(&mut self, pos: &G, depth: u32) -> Verdict {
        self.search(pos, false, depth)
    }

    fn search(&mut self, pos: &G, or: bool, depth: u32) -> Verdict {
        // The exact pass asks the same questions many times (and the table may answer them
        // from another budget): a stored result needs no search.
        let key = pos.node_key(or);
        let known = self.table.get(key, depth, or).filter(|v| v.solved());
        let r = match known {
            Some(v) => v,
            None if self.twin_refutes(pos, or, depth) => {
                let v = attacker_fails(or, key.hand);
                self.table.put(key, depth, v, 1);
                v
            }
            None => self.search_from_scratch(pos, or, depth),
        };
        let side_to_move_wins = if r.phi == 0 {
            true
        } else if r.delta == 0 {
            false
        } else {
            return Verdict::Unknown;
        };
        if self.aborted {
            return Verdict::Unknown;
        }
        match (or, side_to_move_wins) {
            (true, true) | (false, false) => Verdict::Proven,
            _ if self.truncated => Verdict::Unknown,
            _ => Verdict::Disproven,
        }
    }

    /// A df-pn search rooted at `pos` with an empty path (so its results do not depend on
    /// where the caller stands).
    fn search_from_scratch(&mut self, pos: &G, or: bool, depth: u32) -> PhiDelta {
        let saved = std::mem::take(&mut self.path);
        let saved_taint = std::mem::replace(&mut self.taint, usize::MAX);
        let r = self.mid(pos, or, depth, PhiDelta::open(INF - 1, INF - 1));
        self.path = saved;
        self.taint = saved_taint;
        r
    }
}

#[cfg(test)]
mod test_graph;

#[cfg(test)]
mod tests {
    use super::test_graph::Graph;
    use super::*;

    /// A proof carries its length: the attacker's shortest proven move, the defender's
    /// longest defence (at B the line through S, not the five mates in 1 that wait for one
    /// another). The unbounded proof of 7 plies answers "within 7" without a search, and
    /// "within 5" still needs one (and fails).
    #[test]
    fn proofs_carry_their_length_to_bounded_budgets() {
        let mut s: Searcher<Graph> = Searcher::new(1 << 10, Limits::default());
        assert_eq!(s.prove(&Graph(0), UNBOUNDED), Verdict::Proven);
        assert_eq!(s.proof_length(&Graph(0), UNBOUNDED), Some(7));
        assert_eq!(
            s.proof_length(&Graph(2), UNBOUNDED),
            None,
            "B is an AND node: no attacker proof"
        );
        let nodes = s.stats().nodes;
        assert_eq!(s.prove(&Graph(0), 7), Verdict::Proven);
        assert_eq!(s.stats().nodes, nodes, "answered by the unbounded proof");
        assert_eq!(s.prove(&Graph(0), 5), Verdict::Disproven);
        assert!(s.stats().nodes > nodes);
        assert_eq!(s.proof_line(&Graph(0), UNBOUNDED), [2, 7, 8, 3, 6, 9, 11]);
    }
}
