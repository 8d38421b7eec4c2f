//! The exact second pass: after df-pn has said "mate", find the answer by the tsume
//! conventions with depth-bounded proofs, whose results do not depend on which proof the
//! first pass happened to find (so neither on the table size):
//! the attacker's shortest mate, the defender's longest defence (futile interpositions
//! skipped), among equal lengths the line leaving the attacker fewest pieces in hand, then
//! the first in the fixed move order. Cooks are second attacker moves along the main line
//! that also mate within the remaining length.

use super::dfpn::FastMap;

use super::MateSearch;
use super::answer::{AttackNode, DefenceNode};
use super::dfpn::{Searcher, Verdict};

/// A mating line and what it leaves the attacker.
#[derive(Clone, Debug)]
struct Line<M> {
    moves: Vec<M>,
    leftover: u32,
}

/// The tsume-correct main line, and the second mating moves along it.
#[derive(Clone, Debug)]
pub struct ExactLine<M> {
    pub moves: Vec<M>,
    /// (0-based ply in `moves`, the other move's text): a second attacker move there that
    /// also mates within the remaining length.
    pub cooks: Vec<(usize, String)>,
}

/// Why the exact pass could not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

type R<T> = Result<T, OutOfBudget>;

/// The longest budget [`Extractor::going_down`] tries going up from a mate in 1,
/// before it goes down from a proof's length.
const UP_TO: u32 = 9;

pub struct Extractor<'a, G: MateSearch> {
    s: &'a mut Searcher<G>,
    lines: FastMap<(u64, u32), Option<Line<G::Move>>>,
    /// The longest budget [`Self::mate_length`] has shown to hold no mate.
    no_mate_within: Option<u32>,
    /// Measure lengths going down from a proof's (see [`Self::going_down`]).
    down: bool,
}

impl<'a, G: MateSearch> Extractor<'a, G> {
    pub fn new(s: &'a mut Searcher<G>) -> Self {
        Extractor {
            s,
            lines: FastMap::default(),
            no_mate_within: None,
            down: false,
        }
    }

    /// Measure every length from here on (the root's and the solution tree's) going down
    /// from a proof's length, as a long mate needs: see [`Self::mate_length`].
    pub fn going_down(mut self) -> Self {
        self.down = true;
        self
    }

    fn proven(&mut self, pos: &G, or: bool, depth: u32) -> R<bool> {
        let v = if or {
            self.s.prove(pos, depth)
        } else {
            self.s.prove_defended(pos, depth)
        };
        match v {
            Verdict::Proven => Ok(true),
            Verdict::Disproven => Ok(false),
            Verdict::Unknown => Err(OutOfBudget),
        }
    }

    /// The exact mate length of `pos` (attacker to move) if it is at most `max`: up from a
    /// mate in 1, or [going down](Self::going_down) from a proof's length. (Down was
    /// tried for every problem: each step down is a new proof, which cost more nodes than it
    /// saved; going up, the first pass's proof answers its own length from the table. The
    /// figures: `docs/tsume-solver.md#measured-choices`.)
    pub fn mate_length(&mut self, pos: &G, max: u32) -> R<Option<u32>> {
        if self.down {
            return self.mate_length_down(pos, max);
        }
        self.climb(pos, max).map(|found| found.ok())
    }

    /// Up from a mate in 1 to `max`: `Ok(Ok(length))`, or `Ok(Err(d))` with `d` the first
    /// budget past `max` not tried.
    fn climb(&mut self, pos: &G, max: u32) -> R<Result<u32, u32>> {
        let mut d = 1;
        while d <= max {
            if self.proven(pos, true, d)? {
                return Ok(Ok(d));
            }
            self.no_mate_within = Some(d);
            d += 2;
        }
        Ok(Err(d))
    }

    /// [`Self::mate_length`] going down, for a long mate: up from a mate in 1 while the budgets are
    /// small (`UP_TO`), then down from the length of a proof within `max`, each proof found
    /// taking the next try below its own length, until a budget holds no mate (the way
    /// KomoringHeights proves its mates shortest). Going down, every try but the last is a
    /// proof, mostly read from the table; going up, every try but the last is a disproof
    /// from scratch, and a long mate paid one per two plies, too many to reach its length
    /// (the figures: `docs/tsume-solver.md#measured-choices`). Until the descent ends, the shortest is only
    /// known to be past `UP_TO`.
    fn mate_length_down(&mut self, pos: &G, max: u32) -> R<Option<u32>> {
        let d = match self.climb(pos, max.min(UP_TO))? {
            Ok(length) => return Ok(Some(length)),
            Err(d) => d,
        };
        if d > max || !self.proven(pos, true, max)? {
            return Ok(None);
        }
        let mut upper = self.s.proof_length(pos, max).unwrap_or(max);
        loop {
            if upper < d + 2 {
                return Ok(Some(upper));
            }
            let below = upper - 2;
            if !self.proven(pos, true, below)? {
                self.no_mate_within = Some(below);
                return Ok(Some(upper));
            }
            upper = self.s.proof_length(pos, below).unwrap_or(below);
        }
    }

    /// What [`Self::mate_length`] has shown so far: the shortest mate is at least this long
    /// (also when a limit stopped it).
    pub fn shortest_at_least(&self) -> u32 {
        self.no_mate_within.map_or(1, |d| d + 2)
    }

    /// The full answer for `pos`, whose exact length is `plies`.
    pub fn answer(&mut self, pos: &G, plies: u32) -> R<ExactLine<G::Move>> {
        let line = self.or_line(pos, plies)?.ok_or(OutOfBudget)?;
        let cooks = self.cooks(pos, &line.moves)?;
        Ok(ExactLine {
            moves: line.moves,
            cooks,
        })
    }

    /// Best line from an OR node of exact value `r`: every attacker move mating within `r`
    /// is equally short (r is exact), so rank them by leftover, then move order.
    fn or_line(&mut self, pos: &G, r: u32) -> R<Option<Line<G::Move>>> {
        if let Some(l) = self.lines.get(&(pos.key(), r)) {
            return Ok(l.clone());
        }
        let mut best: Option<Line<G::Move>> = None;
        for m in pos.attacker_moves() {
            let child = pos.after(m);
            if !self.proven(&child, false, r - 1)? {
                continue;
            }
            let mut l = self.and_line(&child, r - 1)?;
            if best.as_ref().is_none_or(|b| l.leftover < b.leftover) {
                l.moves.insert(0, m);
                best = Some(l);
            }
            // Nothing can leave fewer than no pieces: later moves could only tie, and ties
            // go to the first.
            if best.as_ref().is_some_and(|b| b.leftover == 0) {
                break;
            }
        }
        self.lines.insert((pos.key(), r), best.clone());
        Ok(best)
    }

    /// The counted defences of an AND node searched with budget `r`.
    fn counted_defences(&mut self, pos: &G, r: u32) -> R<Vec<G::Move>> {
        let mut kept = Vec::new();
        for m in pos.defender_moves() {
            let f = self.s.is_futile(pos, m, r);
            if self.s.aborted() {
                return Err(OutOfBudget);
            }
            if !f {
                kept.push(m);
            }
        }
        Ok(kept)
    }

    /// Longest defence from an AND node whose exact value is `r` (the pass only reaches AND
    /// nodes below an OR node of exact value `r + 1`); ties go to the line leaving the
    /// attacker fewer pieces, then to move order.
    ///
    /// Exactness saves the search for each defence's own length: the longest counted
    /// defences take `r - 1` plies exactly, and a defence is one of them unless it is mated
    /// within `r - 3` (mates within a budget stay mates within any larger one).
    fn and_line(&mut self, pos: &G, r: u32) -> R<Line<G::Move>> {
        let defences = self.counted_defences(pos, r)?;
        if defences.is_empty() {
            return Ok(Line {
                moves: Vec::new(),
                leftover: pos.attacker_leftover(),
            });
        }
        let longest = r - 1;
        let mut best: Option<Line<G::Move>> = None;
        for &m in &defences {
            let next = pos.after(m);
            if longest >= 3 && self.proven(&next, true, longest - 2)? {
                continue;
            }
            let mut l = self.or_line(&next, longest)?.ok_or(OutOfBudget)?;
            if best.as_ref().is_none_or(|b| l.leftover < b.leftover) {
                l.moves.insert(0, m);
                best = Some(l);
            }
            if best.as_ref().is_some_and(|b| b.leftover == 0) {
                break;
            }
        }
        best.ok_or(OutOfBudget)
    }

    /// Second mating moves at each attacker node of `line` except the last.
    fn cooks(&mut self, root: &G, line: &[G::Move]) -> R<Vec<(usize, String)>> {
        let mut cooks = Vec::new();
        let mut pos = root.clone();
        let n = line.len();
        for (i, &m) in line.iter().enumerate() {
            let remaining = (n - i) as u32;
            if i % 2 == 0 && remaining >= 3 {
                for alt in pos.attacker_moves() {
                    if alt != m && self.proven(&pos.after(alt), false, remaining - 1)? {
                        cooks.push((i, pos.move_text(alt)));
                    }
                }
            }
            pos = pos.after(m);
        }
        Ok(cooks)
    }

    /// The solution tree of `pos` (exact value `r`), fully branched for up to `budget`
    /// attacker nodes, then following main lines only. Lengths are in plies.
    pub fn tree(&mut self, pos: &G, r: u32, budget: &mut usize) -> R<AttackNode> {
        let line = self.or_line(pos, r)?.ok_or(OutOfBudget)?;
        let key = line.moves[0];
        let child = pos.after(key);
        if *budget == 0 {
            return Ok(chain(pos, &line.moves));
        }
        *budget -= 1;
        let mut defences = Vec::new();
        let counted = self.counted_defences(&child, r - 1)?;
        for m in child.defender_moves() {
            let text = child.move_text(m);
            if !counted.contains(&m) {
                defences.push(DefenceNode {
                    mv: text,
                    futile: true,
                    length: None,
                    replies: Vec::new(),
                });
                continue;
            }
            let grand = child.after(m);
            let v = self.mate_length(&grand, r - 2)?.ok_or(OutOfBudget)?;
            let next = self.tree(&grand, v, budget)?;
            defences.push(DefenceNode {
                mv: text,
                futile: false,
                length: Some(v),
                replies: vec![next],
            });
        }
        // Main defence first: most plies, then the order the main line chose.
        let main = line.moves.get(1).map(|&m| child.move_text(m));
        defences.sort_by_key(|d| (std::cmp::Reverse(d.length), Some(&d.mv) != main.as_ref()));
        Ok(AttackNode {
            defences,
            ..AttackNode::leaf(pos.move_text(key))
        })
    }
}

/// A line as a one-branch tree (used once the tree budget is spent).
fn chain<G: MateSearch>(pos: &G, moves: &[G::Move]) -> AttackNode {
    let child = pos.after(moves[0]);
    let defences = match moves.get(1) {
        None => Vec::new(),
        Some(&d) => {
            let grand = child.after(d);
            let rest = moves.len() as u32 - 2;
            vec![DefenceNode {
                mv: child.move_text(d),
                futile: false,
                length: Some(rest),
                replies: vec![chain(&grand, &moves[2..])],
            }]
        }
    };
    let partial = !defences.is_empty();
    AttackNode {
        defences,
        partial,
        ..AttackNode::leaf(pos.move_text(moves[0]))
    }
}
