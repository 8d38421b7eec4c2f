//! Depth-first proof-number search (Nagai's df-pn) over a [`MateSearch`] game.
//!
//! One searcher answers two kinds of question with the same code: "is this a mate at all?"
//! (`depth = UNBOUNDED`) and "is this a mate within `depth` plies?", where defences that are
//! futile interpositions are skipped (the tsume convention; see [`Searcher::is_futile`]).
//! Results go to a bounded [`Table`]; node and time limits make every call return
//! (`Verdict::Unknown` when a limit is hit), never hang.
//!
//! Repetitions: a child already on the current path is a loss for the attacker (perpetual
//! check is forbidden, and a shortest mate never repeats). Such path-dependent results are
//! stored like others (the GHI problem is not handled), a known limitation shared with
//! most simple solvers.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::MateSearch;
use super::table::{INF, PhiDelta, Table};

/// Depth budget meaning "no limit".
pub const UNBOUNDED: u32 = u32::MAX;

/// Longest path searched; deeper nodes count as failures for the attacker and make a
/// final "no mate" answer `Unknown` (keeps recursion within a thread's stack).
const MAX_PLY: usize = 480;

#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub max_time: Option<Duration>,
}

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
    /// Children found on the current path (counted as attacker failures; a "no mate" that
    /// leans on them is subject to the GHI caveat in the module docs).
    pub repetitions: u64,
}

pub struct Searcher<G: MateSearch> {
    table: Table,
    limits: Limits,
    start: Instant,
    nodes: u64,
    aborted: bool,
    truncated: bool,
    repetitions: u64,
    path: Vec<u64>,
    futile: HashMap<(u64, G::Move), bool>,
    /// Defence length without interpositions, by position key (see `is_futile`).
    plain: HashMap<u64, u32>,
    /// Skip futile interpositions in depth-bounded searches (the tsume convention).
    futile_rule: bool,
}

impl<G: MateSearch> Searcher<G> {
    pub fn new(tt_entries: usize, limits: Limits) -> Searcher<G> {
        Searcher {
            table: Table::new(tt_entries),
            limits,
            start: Instant::now(),
            nodes: 0,
            aborted: false,
            truncated: false,
            repetitions: 0,
            path: Vec::new(),
            futile: HashMap::new(),
            plain: HashMap::new(),
            futile_rule: true,
        }
    }

    /// Count every interposition, futile or not (the "mate in N" of engines).
    pub fn count_all_interpositions(mut self) -> Self {
        self.futile_rule = false;
        self
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
        let saved = std::mem::take(&mut self.path);
        let r = self.mid(pos, or, depth, PhiDelta { phi: INF - 1, delta: INF - 1 });
        self.path = saved;
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

    fn tick(&mut self) {
        self.nodes += 1;
        if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        if self.nodes % 1024 == 0 && self.limits.max_time.is_some_and(|t| self.start.elapsed() >= t) {
            self.aborted = true;
        }
    }

    /// The moves to search below a node, or its value when it is decided without search.
    fn expand(&mut self, pos: &G, or: bool, depth: u32) -> Result<Vec<G::Move>, PhiDelta> {
        if or {
            if depth == 0 {
                return Err(PhiDelta::LOSS);
            }
            let moves = pos.attacker_moves();
            return if moves.is_empty() { Err(PhiDelta::LOSS) } else { Ok(moves) };
        }
        let mut moves = pos.defender_moves();
        if moves.is_empty() {
            return Err(PhiDelta::LOSS);
        }
        if depth != UNBOUNDED {
            let mut kept = Vec::with_capacity(moves.len());
            for m in moves {
                if !self.is_futile(pos, m, depth) {
                    kept.push(m);
                }
            }
            moves = kept;
            if moves.is_empty() {
                return Err(PhiDelta::LOSS);
            }
            if depth == 0 {
                return Err(PhiDelta::WIN);
            }
        }
        Ok(moves)
    }

    /// Is `defence` (from `pos`, defender to move) a futile interposition, judged within a
    /// search of budget `depth`? The game names the positions to test (the interposed piece
    /// taken by the checker and handed back); the interposition is futile when one of them
    /// is mated within the length the defender reaches without interposing (the longest of
    /// the other defences): capturing then changes nothing but adds two plies. A mate that
    /// takes longer after the capture makes the interposition a real defence.
    ///
    /// The answer does not depend on `depth` except when that length exceeds it; then the
    /// node fails within `depth` anyway and the move is simply counted.
    pub fn is_futile(&mut self, pos: &G, defence: G::Move, depth: u32) -> bool {
        if !self.futile_rule {
            return false;
        }
        let k = (pos.key(), defence);
        if let Some(&f) = self.futile.get(&k) {
            return f;
        }
        let probes = pos.futility_probes(defence);
        if probes.is_empty() {
            return false;
        }
        let Some(base) = self.plain_defence_length(pos, depth) else { return false };
        let mut futile = false;
        for probe in probes {
            if self.search(&probe, false, base) == Verdict::Proven {
                futile = true;
                break;
            }
        }
        if !self.aborted {
            if self.futile.len() > 1 << 20 {
                self.futile.clear();
            }
            self.futile.insert(k, futile);
        }
        futile
    }

    /// Plies to mate from `pos` (defender to move) over its defences that are not
    /// interpositions: 0 when there are none, `None` when more than `depth` or unknown.
    fn plain_defence_length(&mut self, pos: &G, depth: u32) -> Option<u32> {
        if let Some(&b) = self.plain.get(&pos.key()) {
            return (b <= depth).then_some(b);
        }
        let plain: Vec<G> = pos
            .defender_moves()
            .into_iter()
            .filter(|&m| pos.futility_probes(m).is_empty())
            .map(|m| pos.after(m))
            .collect();
        let mut w = if plain.is_empty() { 0 } else { 2 };
        while w <= depth {
            let mut all = true;
            for c in &plain {
                if self.search(c, true, w - 1) != Verdict::Proven {
                    all = false;
                    break;
                }
            }
            if self.aborted {
                return None;
            }
            if all {
                self.plain.insert(pos.key(), w);
                return Some(w);
            }
            w += 2;
        }
        None
    }

    /// The value of a child before (or instead of) searching it.
    fn child_value(&mut self, child: &G, child_or: bool, depth: u32) -> PhiDelta {
        let key = child.key();
        if self.path.len() >= MAX_PLY {
            self.truncated = true;
            return if child_or { PhiDelta::LOSS } else { PhiDelta::WIN };
        }
        if self.path.contains(&key) {
            self.repetitions += 1;
            return if child_or { PhiDelta::LOSS } else { PhiDelta::WIN };
        }
        if let Some(v) = self.table.get(key, depth) {
            return v;
        }
        if child_or {
            return PhiDelta::UNIT;
        }
        // An AND child: a mate is found at once; otherwise prefer checks with few replies.
        let n = child.defender_moves().len() as u32;
        let v = if n == 0 { PhiDelta::LOSS } else { PhiDelta { phi: 1, delta: n } };
        self.table.put(key, depth, v, 1);
        v
    }

    fn mid(&mut self, pos: &G, or: bool, depth: u32, th: PhiDelta) -> PhiDelta {
        let key = pos.key();
        let first_node = self.nodes;
        self.tick();
        if self.path.len() >= MAX_PLY {
            self.truncated = true;
            return if or { PhiDelta::LOSS } else { PhiDelta::WIN };
        }
        let moves = match self.expand(pos, or, depth) {
            Ok(m) => m,
            Err(v) => {
                self.table.put(key, depth, v, 1);
                return v;
            }
        };
        let children: Vec<G> = moves.iter().map(|&m| pos.after(m)).collect();
        let cd = if depth == UNBOUNDED { UNBOUNDED } else { depth - 1 };
        self.path.push(key);
        let mut vals: Vec<PhiDelta> = children.iter().map(|c| self.child_value(c, !or, cd)).collect();
        let result = loop {
            let me = combine(&vals);
            if me.phi >= th.phi || me.delta >= th.delta || self.aborted {
                break me;
            }
            let (best, second) = best_two(&vals);
            let child_th = PhiDelta {
                phi: (th.delta - me.delta).saturating_add(vals[best].phi).min(INF - 1),
                delta: th.phi.min(second.saturating_add(1)),
            };
            vals[best] = self.mid(&children[best], !or, cd, child_th);
            // Other children may have been reached by transposition meanwhile; a child
            // evicted from the table keeps its last known value (re-reading an initial value
            // could send the search round in circles).
            for (i, c) in children.iter().enumerate() {
                if i != best && !vals[i].solved() {
                    if let Some(v) = self.table.get(c.key(), cd) {
                        vals[i] = v;
                    }
                }
            }
        };
        self.path.pop();
        self.table.put(key, depth, result, self.nodes - first_node);
        result
    }

    /// A mating line read from the table after an unbounded proof (not the tsume-correct
    /// line: used only when the exact pass ran out of budget).
    pub fn proof_line(&mut self, root: &G) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut pos = root.clone();
        let mut seen = vec![pos.key()];
        for ply in 0..2 * MAX_PLY {
            let or = ply % 2 == 0;
            let moves = if or { pos.attacker_moves() } else { pos.defender_moves() };
            let next = moves.into_iter().find(|&m| {
                let c = pos.after(m);
                let v = self.table.get(c.key(), UNBOUNDED);
                !seen.contains(&c.key()) && v.is_some_and(|v| if or { v.delta == 0 } else { v.phi == 0 })
            });
            let Some(m) = next else { break };
            pos = pos.after(m);
            seen.push(pos.key());
            line.push(m);
        }
        line
    }
}

/// phi of a node is the least delta of its children; delta the sum of their phis.
fn combine(vals: &[PhiDelta]) -> PhiDelta {
    let phi = vals.iter().map(|v| v.delta).min().unwrap_or(INF);
    let mut delta: u64 = 0;
    for v in vals {
        if v.phi == INF {
            return PhiDelta { phi, delta: INF };
        }
        delta += v.phi as u64;
    }
    PhiDelta { phi, delta: delta.min(INF as u64 - 2) as u32 }
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
