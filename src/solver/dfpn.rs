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

use super::clock::Clock;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use super::MateSearch;
use super::hand::{Hands, NodeKey};
use super::move_counts::MoveCounts;
use super::table::{INF, PhiDelta, Table};

pub use super::table::UNBOUNDED;

/// Longest path searched unless the caller allows more ([`Searcher::with_path_cap`]);
/// deeper nodes count as failures for the attacker and make a final "no mate" answer
/// `Unknown`. It keeps the recursion within a thread's usual stack.
const DEFAULT_MAX_PLY: usize = 480;

/// Budgets from which a bounded question goes to the relaxed twin first (see
/// `Searcher::twin_refutes`). Below, searches are cheap and the twin's is mostly a second
/// cost (the figures: `docs/tsume-solver.md#measured-choices`).
const TWIN_FROM: u32 = 10;

/// Table entries of the relaxed twin at most; never more than half its maker's.
const TWIN_ENTRIES: usize = 1 << 22;

/// How many probe lines deep [`Searcher::proof_line`] reads to judge an interposition; past
/// it, the proofs' lengths judge.
const MAX_PROBE_NESTING: u32 = 8;

/// The most plies [`Searcher::proof_line`] reads in probe lines in all, so that a line
/// with many interpositions cannot take long; past it, the proofs' lengths judge. The lines
/// of Zuko 100 and Musou 1 (a minute's solve) read 4 and 24 plies of probe lines.
const PROBE_PLIES: u32 = 1 << 20;

/// The probe lines read while one line is read (see `Searcher::futile_by_line`): their
/// lengths by probe and depth, and the plies still to read.
struct ProbeLines {
    lens: FastMap<(u64, u32), Option<u32>>,
    plies_left: u32,
}

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
    /// Stop the search (as a limit does) when a path reaches the cap.
    stop_at_cap: bool,
    /// Spare child key and value buffers for `mid` (one pair per open node is in use), so
    /// that a node allocates nothing for them.
    spare: Vec<(Vec<NodeKey>, Vec<PhiDelta>)>,
    /// Shallowest path index that a repetition met in the current subtree went back to
    /// (`usize::MAX`: none); see the module docs on GHI.
    taint: usize,
    futile: FastMap<(u64, G::Move), bool>,
    /// Move counts of children not searched yet, their first estimate (see [`MoveCounts`]).
    move_counts: MoveCounts,
    /// Length of the defences that an interposition is measured against, by position key
    /// and the interposition's distance from the king (see `base_length`).
    plain: FastMap<(u64, u32), Plain>,
    /// Skip futile interpositions in depth-bounded searches (the tsume convention).
    futile_rule: bool,
    /// Leave the defender no interposition that may be futile in depth-bounded searches
    /// (see [`Searcher::relaxed_twin`]).
    no_interpositions: bool,
    /// Ask bounded questions of a relaxed twin first (see [`Searcher::use_relaxed_twin`]).
    use_twin: bool,
    /// That twin, made on first use.
    twin: Option<Box<Searcher<G>>>,
    /// In a relaxed twin: the interpositions its maker has judged not futile (by position
    /// key and move), which the convention counts wherever they occur and the twin so
    /// leaves the defender.
    counted: FastSet<(u64, G::Move)>,
    /// Judge interpositions only when their judgment can decide a node (see
    /// [`Self::settle_refutations`]), instead of as each node is expanded.
    lazy_futility: bool,
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
            stop_at_cap: false,
            spare: Vec::new(),
            taint: usize::MAX,
            futile: FastMap::default(),
            move_counts: MoveCounts::default(),
            plain: FastMap::default(),
            futile_rule: true,
            no_interpositions: false,
            use_twin: false,
            twin: None,
            counted: FastSet::default(),
            lazy_futility: false,
        }
    }

    /// How the game packs hands (proof and disproof hands, see [`super::hand`]).
    fn hands() -> Hands {
        Hands(G::HAND_FIELDS)
    }

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
        self.stop_at_cap = true;
        self
    }

    /// After a stop at the path cap (see [`Self::stop_at_path_cap`]): search on with paths up
    /// to `plies`, keeping the proofs and disproofs of the table, the node count and the
    /// clock (the limits still count from the start). No solved entry leaned on the cap:
    /// such results are stopped searches, never stored as solved. The estimates are
    /// dropped: those near the cap were skewed by it, and keeping them cost Musou 1 its
    /// proof (the search went on down paths of 2048 plies); the futility caches are dropped
    /// too (they are cheap to rebuild).
    pub fn reopen_with_path_cap(&mut self, plies: usize) {
        self.max_ply = plies;
        self.stop_at_cap = false;
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
        self.futile_rule = false;
        self
    }

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
        twin.no_interpositions = true;
        twin.counted
            .extend(self.futile.iter().filter(|&(_, &f)| !f).map(|(&k, _)| k));
        twin
    }

    /// Does the relaxed twin show that the attacker cannot reach a mate within `depth` from
    /// `pos` (`or`: attacker to move)? Asked before a bounded search of the tsume
    /// convention from `depth` = `TWIN_FROM` on (the exact pass's questions and the
    /// futility tests' nested searches), and of each new check within such a search. A
    /// "no" there is a "no" here; anything else leaves the question to this search.
    fn twin_refutes(&mut self, pos: &G, or: bool, depth: u32) -> bool {
        if !self.use_twin
            || depth == UNBOUNDED
            || depth < TWIN_FROM
            || !self.futile_rule
            || self.aborted
        {
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

    /// Ask every bounded question of the tsume convention from `TWIN_FROM` plies on of a
    /// relaxed twin first ([`Self::relaxed_twin`], made on first use): its "no mate" is
    /// taken as this search's. Worth it for a game whose interpositions have futility
    /// probes (their tests are what the twin skips); elsewhere the twin would repeat the
    /// search.
    pub fn use_relaxed_twin(&mut self) {
        self.use_twin = true;
    }

    /// Judge interpositions lazily in bounded searches from here on: an interposition is
    /// judged only once the attacker fails after it, and then, when it can be, after the
    /// node's other defences (see [`Self::settle_refutations`]). Worth it for the exact
    /// length of a long mate (Zuko 100's "no mate within 609"); on short problems it
    /// spent more nodes than judging each interposition as its node is expanded.
    /// Its table also answers a question from a bounded proof within that proof's length
    /// ([`Table::answer_by_proof_length`]).
    pub fn judge_interpositions_lazily(&mut self) {
        self.lazy_futility = true;
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

    fn tick(&mut self) {
        self.nodes += 1;
        if self.over_node_limit() || self.clock.expired(1) {
            self.aborted = true;
        }
    }

    /// The moves to search below a node, or its value when it is decided without search,
    /// with what is known of each defence's futility (`kinds`, filled for a bounded
    /// defender node with an interposition still to judge only): see
    /// [`Self::settle_refutations`].
    fn expand(
        &mut self,
        pos: &G,
        or: bool,
        depth: u32,
        kinds: &mut Vec<Defence>,
    ) -> Result<Vec<G::Move>, PhiDelta> {
        kinds.clear();
        if or {
            if depth == 0 {
                return Err(PhiDelta::LOSS);
            }
            let moves = pos.attacker_moves();
            return if moves.is_empty() {
                Err(PhiDelta::LOSS)
            } else {
                Ok(moves)
            };
        }
        if depth == 0 && self.futile_rule {
            match pos.zero_ply_holds() {
                Some(true) => return Err(PhiDelta::WIN),
                Some(false) => return Err(PhiDelta::LOSS),
                None => {}
            }
        }
        if depth != UNBOUNDED && self.futile_rule {
            let (moves, candidates) = pos.defender_moves_marked();
            if moves.is_empty() {
                return Err(PhiDelta::LOSS);
            }
            // With no plies left, one defence that cannot be a futile interposition holds.
            if depth == 0 && candidates.iter().any(|&c| !c) {
                return Err(PhiDelta::WIN);
            }
            let lazy = self.lazy_futility && depth > 0 && !self.no_interpositions;
            let mut kept = Vec::with_capacity(moves.len());
            for (m, c) in moves.into_iter().zip(candidates) {
                if !c {
                    kept.push(m);
                    kinds.push(Defence::Plain);
                } else if lazy {
                    let rank = pos.interposition_rank(m);
                    match self.known_futility(pos, m, depth) {
                        Some(true) => {}
                        Some(false) if !pos.has_futility_probes(m) => {
                            kept.push(m);
                            kinds.push(Defence::Plain);
                        }
                        Some(false) => {
                            kept.push(m);
                            kinds.push(Defence::Counted(rank));
                        }
                        None => {
                            kept.push(m);
                            kinds.push(Defence::Pending(rank));
                        }
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
            return Ok(kept);
        }
        let moves = pos.defender_moves();
        if moves.is_empty() {
            return Err(PhiDelta::LOSS);
        }
        if depth == 0 {
            return Err(PhiDelta::WIN);
        }
        Ok(moves)
    }

    /// What is known without a search of whether `defence` (a move that may interpose) is
    /// futile within `depth`: judged before, or no probes, or the other defences outlast
    /// `depth`; `None` when it is still to be judged.
    fn known_futility(&self, pos: &G, defence: G::Move, depth: u32) -> Option<bool> {
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
    /// defences' exact length under each, within searches nested the same way: Zuko 100's
    /// "no mate within 609" spent 98% of its nodes in such nested searches.
    fn settle_refutations(
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

    /// Does a bounded search keep `defence`, a move that may be a futile interposition, as
    /// a defence? The convention keeps it unless it is futile; a relaxed twin only when it
    /// cannot be futile or its maker has judged it not futile (see [`Self::relaxed_twin`]).
    fn keeps_interposition(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        if self.no_interpositions {
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
        if !self.futile_rule {
            return false;
        }
        if !pos.may_interpose(defence) {
            return false;
        }
        self.is_futile_candidate(pos, defence, depth)
    }

    /// [`Self::is_futile`] for a defence that `may_interpose`.
    fn is_futile_candidate(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
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
        if self.lazy_futility && self.probes_outlast(pos, defence, depth) {
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
    fn remember_futility(&mut self, key: u64, defence: G::Move, futile: bool) {
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
    fn probes_outlast(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        pos.futility_probes(defence)
            .iter()
            .all(|p| self.search(p, false, depth) == Verdict::Disproven)
    }

    /// Is one of `probes` (defender to move) mated within `plies`?
    fn any_mated_within(&mut self, probes: &[G], plies: u32) -> bool {
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

    /// The value of the child `key` reached by `mv` from `pos`, before (or instead of)
    /// searching it.
    fn child_value(
        &mut self,
        pos: &G,
        mv: G::Move,
        key: NodeKey,
        child_or: bool,
        depth: u32,
    ) -> PhiDelta {
        // A failure for the attacker decided here holds for the child's own hand only.
        let fails = attacker_fails(child_or, key.hand);
        if self.path.len() >= self.max_ply {
            self.truncated = true;
            self.aborted |= self.stop_at_cap;
            self.taint = 0;
            return fails;
        }
        let whole = key.whole();
        if let Some(i) = self.path.iter().position(|&k| k == whole) {
            self.repetitions += 1;
            self.taint = self.taint.min(i);
            return fails;
        }
        if depth == 0 && child_or {
            // The attacker has no ply left (what `expand` would say).
            return PhiDelta::LOSS;
        }
        if depth == 0 {
            // A defender with no ply left to survive: settled here unless every reply may
            // be a futile interposition (what `expand` would say, without a visit). Settled
            // before the table is read: this is cheaper than a table miss, and the reply
            // that holds is not stored either (it would push out entries worth more).
            let child = pos.after(mv);
            let v = match child.zero_ply_holds() {
                Some(true) => return PhiDelta::WIN,
                // A relaxed twin: its defender has no such reply (the ones its maker judged
                // not futile are not looked for here; leaving them out only weakens the
                // twin's defender, which keeps its refutations sound).
                None if self.no_interpositions => PhiDelta::LOSS,
                None if !self.futile_rule => return PhiDelta::WIN,
                Some(false) => PhiDelta::LOSS,
                None => match self.table.get(key, depth, child_or) {
                    Some(v) => return v,
                    None => PhiDelta::open(1, child.defence_estimate() as u32),
                },
            };
            self.table.put(key, depth, v, 1);
            return v;
        }
        if let Some(v) = self.table.get(key, depth, child_or) {
            return v;
        }
        // A child not searched yet starts from a count of its moves: an AND child (after a
        // check) from its replies (plus the game's `attack_cost`), so that checks with few
        // replies go first and a mate is found at once; an OR child (after a reply), when
        // the game counts them, from the attacker's checks there, so that the defender
        // looks first where the attacker has few. The estimate is not stored in the table,
        // only its count in a cache of its own: storing every check's estimate made three
        // table stores in four (Musou 1's first pass: 36 M stores, 23 M of them pushing out
        // an entry; now 8.5 M and 2.1 M).
        if let Some(n) = self.move_counts.get(whole) {
            return PhiDelta::open(1, n);
        }
        if child_or {
            return match pos.attack_estimate_after(mv) {
                None => PhiDelta::UNIT,
                Some(n) => {
                    let n = n.max(1) as u32;
                    self.move_counts.put(whole, n);
                    PhiDelta::open(1, n)
                }
            };
        }
        let child = pos.after(mv);
        let n = child.defence_estimate() as u32;
        if n == 0 {
            let v = Self::terminal(&child, false, depth, PhiDelta::LOSS, key);
            self.table.put(key, depth, v, 1);
            return v;
        }
        // In the exact pass, a new check the relaxed twin refutes within the budget is
        // refuted here too, before any search of its own (see `twin_refutes`).
        if self.twin_refutes(&child, false, depth) {
            self.table.put(key, depth, fails, 1);
            return fails;
        }
        let n = n + pos.attack_cost(mv);
        self.move_counts.put(whole, n);
        PhiDelta::open(1, n)
    }

    /// `v`, a value `pos` (the node `key`; `or`: attacker to move) gets without a child
    /// searched, with its hand: unbounded, a node with no move left is solved for a range of
    /// hands (the game's hooks say which: a defender left without a drop stays without one
    /// only while the attacker keeps those pieces, an attacker without a check only while it
    /// gets no new piece); otherwise the node's own hand.
    fn terminal(pos: &G, or: bool, depth: u32, v: PhiDelta, key: NodeKey) -> PhiDelta {
        if depth != UNBOUNDED || !v.solved() {
            return v.with_hand(key.hand);
        }
        match (or, attacker_won(or, v)) {
            (true, false) => v.with_hand(pos.disproof_hand_of_attack(Self::hands().full())),
            (false, true) => v.with_hand(pos.proof_hand_of_defence(0)),
            _ => v.with_hand(key.hand),
        }
    }

    /// The proof or disproof hand of the node `pos` (`or`: attacker to move), solved without
    /// depth bound (`won`: the attacker's), from its children's (`vals`, for `moves`); see
    /// [`super::hand`].
    fn solved_hand(pos: &G, or: bool, won: bool, moves: &[G::Move], vals: &[PhiDelta]) -> u32 {
        let h = Self::hands();
        let mut pairs = moves.iter().zip(vals);
        match (or, won) {
            // The proven check the length was taken from (the first of the shortest).
            (true, true) => {
                let (m, v) = pairs
                    .filter(|(_, v)| v.delta == 0)
                    .min_by_key(|(_, v)| v.len)
                    .expect("a proven check");
                pos.hand_before_attack(*m, v.hand)
            }
            (true, false) => pos.disproof_hand_of_attack(pairs.fold(h.full(), |d, (&m, v)| {
                h.min(d, pos.hand_before_attack(m, v.hand))
            })),
            (false, true) => {
                pos.proof_hand_of_defence(vals.iter().fold(0, |p, v| h.max(p, v.hand)))
            }
            (false, false) => {
                let (m, v) = pairs.find(|(_, v)| v.delta == 0).expect("a refuting reply");
                pos.disproof_hand_through_defence(*m, v.hand)
            }
        }
    }

    fn mid(&mut self, pos: &G, or: bool, depth: u32, th: PhiDelta) -> PhiDelta {
        let key = pos.node_key(or);
        let first_node = self.nodes;
        self.tick();
        if self.path.len() >= self.max_ply {
            self.truncated = true;
            self.aborted |= self.stop_at_cap;
            self.taint = 0;
            return attacker_fails(or, key.hand);
        }
        let outer_taint = std::mem::replace(&mut self.taint, usize::MAX);
        let mut kinds = Vec::new();
        let moves = match self.expand(pos, or, depth, &mut kinds) {
            Ok(m) => m,
            Err(v) => {
                self.taint = outer_taint;
                let v = Self::terminal(pos, or, depth, v, key);
                self.table.put(key, depth, v, 1);
                return v;
            }
        };
        // Children are played only when searched; the table is read through their keys.
        let (mut keys, mut vals) = self.spare.pop().unwrap_or_default();
        keys.clear();
        vals.clear();
        keys.extend(moves.iter().map(|&m| pos.node_key_after(m, or)));
        for &k in keys.iter() {
            self.table.prefetch(k);
            self.move_counts.prefetch(k.whole());
        }
        let cd = if depth == UNBOUNDED {
            UNBOUNDED
        } else {
            depth - 1
        };
        let mut queue = if or {
            Queue::default()
        } else {
            Queue::new(pos, &moves)
        };
        self.path.push(key.whole());
        for (i, &m) in moves.iter().enumerate() {
            let v = self.child_value(pos, m, keys[i], !or, cd);
            let v = if queue.waits(i) { waiting(v) } else { v };
            vals.push(v);
            // A child lost for its side to move decides this node: the rest need no look
            // (an interposition still to be judged decides nothing yet).
            if v.delta == 0 && !matches!(kinds.get(i), Some(Defence::Pending(_))) {
                break;
            }
        }
        let result = loop {
            while let Some(i) = queue.next_ready(&vals) {
                vals[i] = self.child_value(pos, moves[i], keys[i], !or, cd);
            }
            self.settle_refutations(pos, &moves, &mut vals, &mut kinds, &mut queue, depth);
            let me = combine(&vals);
            if me.phi >= th.phi || me.delta >= th.delta || self.aborted {
                break me;
            }
            let (best, second) = best_two(&vals);
            if queue.waits(best) {
                queue.release(best);
                vals[best] = self.child_value(pos, moves[best], keys[best], !or, cd);
                continue;
            }
            // The 1+ε trick (ε = 1/4): let the best child run until it is clearly worse than
            // the second, not merely worse, so that the search switches less often between
            // two close children (12% fewer nodes on the compiled set, same answers).
            let child_th = PhiDelta {
                len: 0,
                hand: 0,
                phi: (th.delta - me.delta)
                    .saturating_add(vals[best].phi)
                    .min(INF - 1),
                delta: th
                    .phi
                    .min(second.saturating_add(second / 4).saturating_add(1)),
            };
            vals[best] = self.mid(&pos.after(moves[best]), !or, cd, child_th);
            // Other children may have been reached by transposition meanwhile; a child
            // evicted from the table keeps its last known value (re-reading an initial value
            // could send the search round in circles).
            for (i, &k) in keys.iter().enumerate().take(vals.len()) {
                if i != best && (queue.waits(i) || !vals[i].solved()) {
                    self.table.prefetch(k);
                }
            }
            for (i, &k) in keys.iter().enumerate().take(vals.len()) {
                if i != best
                    && (queue.waits(i) || !vals[i].solved())
                    && let Some(v) = self.table.get(k, cd, !or)
                {
                    vals[i] = if queue.waits(i) { waiting(v) } else { v };
                }
            }
        };
        self.path.pop();
        let result = if attacker_won(or, result) {
            result.with_len(proof_len(or, &vals))
        } else {
            result
        };
        let result = if depth == UNBOUNDED && result.solved() {
            result.with_hand(Self::solved_hand(
                pos,
                or,
                attacker_won(or, result),
                &moves,
                &vals,
            ))
        } else {
            result.with_hand(key.hand)
        };
        self.spare.push((keys, vals));
        self.finish(key, depth, or, result, first_node, outer_taint);
        result
    }

    /// Store a node's result unless it is an attacker failure that leans on a repetition of
    /// a position above the node (GHI), and pass such a dependency on to the parent.
    fn finish(
        &mut self,
        key: NodeKey,
        depth: u32,
        or: bool,
        result: PhiDelta,
        first_node: u64,
        outer_taint: usize,
    ) {
        let here = self.path.len();
        let attacker_won = if or {
            result.phi == 0
        } else {
            result.delta == 0
        };
        let leans_above = self.taint < here && !attacker_won;
        if !(leans_above && result.solved()) {
            self.table.put(key, depth, result, self.nodes - first_node);
        }
        let passed_up = if leans_above { self.taint } else { usize::MAX };
        self.taint = outer_taint.min(passed_up);
    }

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
    /// defences alone and by the proofs' lengths, pawns dropped far from the king counted:
    /// Zuko 8 after 22 plies gave a 29-ply line with five of them, against the 19 plies of
    /// the exact answer.
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
        // the longest defence regardless could come back round to where it had been
        // (Zuko 100's did, after 178 plies). While lengths fall at every ply it cannot.
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
                    // Only a probe the proof reached is read (searching the others cost 15 M
                    // nodes on Zuko 100, and they were no mates).
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

/// The value a waiting child (see [`Queue`]) stands in with: it adds nothing to its AND
/// node's proof number, but its disproof number counts, `WAITING_WEIGHT` times over, so that
/// the defender may still pick it when it looks much the easiest to hold (the child is then
/// let in before its turn). Strict waiting and a weight of 1 each left a hard classic
/// unproven; 4 proved both (the figures: `docs/tsume-solver.md#measured-choices`).
fn waiting(v: PhiDelta) -> PhiDelta {
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
struct Queue {
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
    fn new<G: MateSearch>(pos: &G, moves: &[G::Move]) -> Queue {
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
    fn release(&mut self, i: usize) {
        self.after[i] = usize::MAX;
        self.waiting -= 1;
    }

    fn waits(&self, i: usize) -> bool {
        self.after.get(i).is_some_and(|&p| p != usize::MAX)
    }

    /// A waiting child whose predecessor the attacker has answered (it is let in).
    fn next_ready(&mut self, vals: &[PhiDelta]) -> Option<usize> {
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

/// What a bounded search knows of a defence's futility (see
/// [`Searcher::settle_refutations`]); interpositions carry their distance from the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Defence {
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

/// What is known of a node's defence length without interpositions.
#[derive(Clone, Copy)]
enum Plain {
    Exact(u32),
    /// More than this many plies.
    Above(u32),
}

/// A hash map with a cheap hasher for keys that are already well mixed (position keys).
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// A hash set with the same cheap hasher.
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<MixHasher>>;

/// Folds the written words with a multiply and a rotation: enough for Zobrist keys and
/// small moves, much cheaper than the default SipHash.
#[derive(Default, Clone, Copy)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// phi of a node is the least delta of its children; delta the sum of their phis.
fn combine(vals: &[PhiDelta]) -> PhiDelta {
    let phi = vals.iter().map(|v| v.delta).min().unwrap_or(INF);
    let mut delta: u64 = 0;
    for v in vals {
        if v.phi == INF {
            return PhiDelta::open(phi, INF);
        }
        delta += v.phi as u64;
    }
    PhiDelta::open(phi, delta.min(INF as u64 - 2) as u32)
}

/// The value of a node (`or`: attacker to move) where the attacker fails, for the node's
/// own hand `hand` only.
fn attacker_fails(or: bool, hand: u32) -> PhiDelta {
    if or { PhiDelta::LOSS } else { PhiDelta::WIN }.with_hand(hand)
}

/// The attacker is proven to mate at a node with this value (`or`: attacker to move).
fn attacker_won(or: bool, v: PhiDelta) -> bool {
    if or { v.phi == 0 } else { v.delta == 0 }
}

/// The length of a proven node's proof from its children's values: the attacker's
/// shortest proven move, or the defender's longest defence (every child is proven).
fn proof_len(or: bool, vals: &[PhiDelta]) -> u32 {
    let lens = vals
        .iter()
        .filter(|v| attacker_won(!or, **v))
        .map(|v| v.len);
    1 + if or {
        lens.min().unwrap_or(0)
    } else {
        lens.max().unwrap_or(0)
    }
}

/// Index of the child with the least delta (first on ties) and the second-least delta.
fn best_two(vals: &[PhiDelta]) -> (usize, u32) {
    let mut best = 0;
    let mut second = INF;
    for i in 1..vals.len() {
        if vals[i].delta < vals[best].delta {
            second = vals[best].delta;
            best = i;
        } else if vals[i].delta < second {
            second = vals[i].delta;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    /// A game given as a graph: node `i` has the moves `EDGES[i]` (each move names the node
    /// it leads to); the attacker is to move at the nodes of `OR_NODES`.
    #[derive(Clone, Debug)]
    struct Graph(u8);

    // R=0 A=1 B=2 P=3 Z=4 Q=5 W=6 S=7 T=8 W1=9 W2=10 M=11 (mated), B2..B6=12..16,
    // Z1..Z5=17..21, D=22 (the attacker is stuck).
    #[rustfmt::skip]
    const EDGES: [&[u8]; 23] = [
        &[1, 2],                  // R: A, B
        &[3, 4],                  // A: P, Z
        &[7, 12, 13, 14, 15, 16], // B: S, and five lines that end in mate at once
        &[5, 6],                  // P: Q, W
        &[17, 18, 19, 20, 21],    // Z: five checks that all fail
        &[7],                     // Q: S
        &[9, 10],                 // W: W1, W2
        &[8],                     // S: T
        &[3],                     // T: back to P
        &[11],                    // W1: M
        &[11],                    // W2: M
        &[],                      // M: no defence
        &[11], &[11], &[11], &[11], &[11],
        &[22], &[22], &[22], &[22], &[22],
        &[],                      // D: no attacker move
    ];
    #[rustfmt::skip]
    const OR_NODES: [bool; 23] = [
        true, false, false, true, true, false, false, true, false, true, true, false,
        true, true, true, true, true, false, false, false, false, false, true,
    ];

    impl Game for Graph {
        type Move = u8;
        fn legal_moves(&self) -> Vec<u8> {
            EDGES[self.0 as usize].to_vec()
        }
        fn after(&self, mv: u8) -> Self {
            Graph(mv)
        }
        fn key(&self) -> u64 {
            (self.0 as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
        fn in_check(&self) -> bool {
            false
        }
        fn move_text(&self, mv: u8) -> String {
            mv.to_string()
        }
    }

    impl MateSearch for Graph {
        fn attacker_moves(&self) -> Vec<u8> {
            assert!(OR_NODES[self.0 as usize]);
            self.legal_moves()
        }
        /// B's five short lines are one group (as drops on one square would be).
        fn defence_groups(&self, defences: &[u8]) -> Vec<u32> {
            defences
                .iter()
                .map(|&m| (12..=16).contains(&m) as u32)
                .collect()
        }
        /// B6 (16) stands nearest the king, B2 (12) farthest.
        fn interposition_rank(&self, defence: u8) -> u32 {
            17u32.saturating_sub(defence as u32)
        }
    }

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

    /// The search meets S first below P (R A P Q S T P: a repetition, so S fails there;
    /// A then fails through Z), but from R the line R B S T P W W1 M mates: S's failure
    /// must not be remembered as a disproof of S (the graph-history-interaction problem).
    #[test]
    fn repetition_tainted_disproofs_are_not_reused() {
        let mut s: Searcher<Graph> = Searcher::new(1 << 10, Limits::default());
        assert_eq!(s.prove(&Graph(0), UNBOUNDED), Verdict::Proven);
        assert!(
            s.stats().repetitions > 0,
            "the search must meet the repetition"
        );
        let mut s: Searcher<Graph> = Searcher::new(1 << 10, Limits::default());
        assert_eq!(s.prove(&Graph(0), 7), Verdict::Proven);
        // a line read back from the bounded proof: R B S T P W W1 M
        assert_eq!(s.proof_line(&Graph(0), 7), [2, 7, 8, 3, 6, 9, 11]);
        assert_eq!(s.prove(&Graph(0), 5), Verdict::Disproven);
        // answered from the table through other budgets: no search, same verdicts
        let nodes = s.stats().nodes;
        assert_eq!(s.prove(&Graph(0), 9), Verdict::Proven);
        assert_eq!(s.prove(&Graph(0), 3), Verdict::Disproven);
        assert_eq!(s.stats().nodes, nodes);
    }
}
