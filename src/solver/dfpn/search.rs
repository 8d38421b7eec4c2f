//! The df-pn recursion: expand a node, give each child a first value, search the most
//! proving child under thresholds, and store what is found. Everything else in the
//! searcher (futility, the twin, the waiting defences, hands) is asked from here; this
//! file is the loop that Nagai's df-pn describes, with the 1+ε trick on thresholds and the
//! graph-history guard on stored disproofs.

use super::defence_queue::{Queue, waiting};
use super::lazy_futility::Defence;
use super::{INF, MateSearch, NodeKey, PhiDelta, Searcher, UNBOUNDED};

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
pub(super) fn attacker_fails(or: bool, hand: u32) -> PhiDelta {
    if or { PhiDelta::LOSS } else { PhiDelta::WIN }.with_hand(hand)
}

/// The attacker is proven to mate at a node with this value (`or`: attacker to move).
pub(super) fn attacker_won(or: bool, v: PhiDelta) -> bool {
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

impl<G: MateSearch> Searcher<G> {
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
        if depth == 0 && self.options.futile_rule {
            match pos.zero_ply_holds() {
                Some(true) => return Err(PhiDelta::WIN),
                Some(false) => return Err(PhiDelta::LOSS),
                None => {}
            }
        }
        if self.options.judges_interpositions(depth) {
            return self.defences_kept(pos, depth, kinds);
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
            self.aborted |= self.options.stop_at_cap;
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
                None if self.options.no_interpositions => PhiDelta::LOSS,
                None if !self.options.futile_rule => return PhiDelta::WIN,
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
        // only its count in a cache of its own: storing every check's estimate made most of
        // the table's stores, most of them pushing out an entry worth more (the figures:
        // `docs/tsume-solver.md#measured-choices`).
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

    pub(super) fn mid(&mut self, pos: &G, or: bool, depth: u32, th: PhiDelta) -> PhiDelta {
        let key = pos.node_key(or);
        let first_node = self.nodes;
        self.tick();
        if self.path.len() >= self.max_ply {
            self.truncated = true;
            self.aborted |= self.options.stop_at_cap;
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
            // two close children (fewer nodes, same answers; the figures:
            // `docs/tsume-solver.md#measured-choices`).
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
}

#[cfg(test)]
mod tests {
    use super::super::test_graph::Graph;
    use super::super::{Limits, Verdict};
    use super::*;

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

    /// The df-pn arithmetic of a node from its children's values (each as its own side to
    /// move sees it): phi is the least delta, delta the sum of the phis, and a child lost
    /// for its side to move (delta 0) wins the node; the most proving child is the first of
    /// the least deltas, with the next least beside it.
    #[test]
    fn a_node_sums_its_childrens_numbers() {
        let open = PhiDelta::open;
        let me = combine(&[open(2, 5), open(3, 1), open(4, 9)]);
        assert_eq!((me.phi, me.delta), (1, 9));
        let me = combine(&[open(2, 5), PhiDelta::LOSS]);
        assert_eq!((me.phi, me.delta), (0, INF));
        assert_eq!(
            best_two(&[open(1, 5), open(1, 3), open(1, 3), open(1, 7)]),
            (1, 3)
        );
        assert_eq!(best_two(&[open(1, 4)]), (0, INF));
    }

    /// A proven node's length: the attacker's shortest proven move, the defender's longest
    /// defence, plus the ply itself; unproven children do not count.
    #[test]
    fn a_proof_is_as_long_as_its_chosen_children() {
        let proven_and = |len| PhiDelta::LOSS.with_len(len);
        let proven_or = |len| PhiDelta::WIN.with_len(len);
        let open = PhiDelta::open(1, 1);
        assert_eq!(proof_len(true, &[proven_and(6), open, proven_and(2)]), 3);
        assert_eq!(proof_len(false, &[proven_or(6), proven_or(2)]), 7);
        assert!(attacker_won(true, PhiDelta::WIN) && attacker_won(false, PhiDelta::LOSS));
        assert_eq!(attacker_fails(true, 5), PhiDelta::LOSS.with_hand(5));
    }
}
