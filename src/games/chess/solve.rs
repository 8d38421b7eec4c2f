//! Directmate problems (`#N`: White, or the side to move, mates in N moves against any
//! defence), solved the way problemists expect and Popeye reports: the key, the threat (or
//! zugzwang), every defence with its mating continuations, duals, cooks (other keys and
//! shorter solutions) and, on request, tries with their refutations.
//!
//! The search is exhaustive and depth-limited, not df-pn: a problem's soundness is about
//! *all* first moves and *all* defences, so every branch must be proved or refuted anyway.
//! Proved and refuted subproblems go into a transposition table keyed by position and
//! remaining depth; repetition cannot matter within one short problem, so reuse is safe.
//! The search is generic over [`Directmate`], so a variant whose position implements the
//! core `Game` trait and can pass a turn gets the same solver.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::core::Game;
use crate::solver::clock::Clock;
use crate::solver::{
    Answer, AttackNode, DefenceNode, Limits, NoExtension, Outcome, Solution, Stipulation, Try, Unit,
};

/// What the solver needs beyond the core trait: passing the turn, to find the threat.
pub trait Directmate: Game {
    /// The position with the other side to move and nothing else changed, or `None` when
    /// that is not a position (the side to move is in check: a checking key has no threat).
    fn passed(&self) -> Option<Self>;
}

impl Directmate for super::Position {
    fn passed(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = p.turn.flip();
        p.ep_square = None;
        (!p.in_check()).then_some(p)
    }
}

/// Keys are already Zobrist hashes; hashing them again would only cost time.
#[derive(Default)]
struct KeyHasher(u64);
impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The search ran out of its node or time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// Bytes one table entry takes at most: the key and value (24), a control byte, and a
/// table at worst half full after it doubled.
const ENTRY_BYTES: usize = 64;

/// The table's bound without a memory limit (256 MiB).
const DEFAULT_ENTRIES: usize = (256 << 20) / ENTRY_BYTES;

/// The exhaustive mate prover with its table and counters.
pub struct Prover {
    table: HashMap<(u64, u32), bool, BuildHasherDefault<KeyHasher>>,
    /// Entries before the table is emptied: it only remembers proofs, so forgetting them
    /// costs nodes, never a wrong answer.
    max_entries: usize,
    pub nodes: u64,
    max_nodes: Option<u64>,
    clock: Clock,
}

impl Prover {
    /// A prover that stops at the node and time `limits`, its table emptied whenever it
    /// reaches `limits.memory` (256 MiB without one).
    pub fn new(limits: Limits) -> Prover {
        Prover {
            table: HashMap::default(),
            max_entries: limits.entries(1024, ENTRY_BYTES, DEFAULT_ENTRIES),
            nodes: 0,
            max_nodes: limits.nodes,
            clock: Clock::new(limits.time),
        }
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|n| self.nodes > n) {
            return Err(OutOfBudget);
        }
        if self.clock.expired(1) {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// Can the side to move mate in at most `n` moves, whatever the defence?
    pub fn mates<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = (pos.key(), n);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let mut found = false;
        for m in ordered(pos) {
            if self.mated(&pos.after(m), n - 1)? {
                found = true;
                break;
            }
        }
        if self.table.len() >= self.max_entries {
            self.table = HashMap::default();
        }
        self.table.insert(key, found);
        Ok(found)
    }

    /// Is the side to move checkmated now, or mated in at most `n` more attacking moves
    /// whatever it plays? (Stalemate is not a loss.)
    pub fn mated<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(pos.in_check() && pos.legal_moves().is_empty());
        }
        let defences = pos.legal_moves();
        if defences.is_empty() {
            return Ok(pos.in_check());
        }
        for d in defences {
            if !self.mates(&pos.after(d), n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The defences after which no mate in `n` follows (the refutations of a first move).
    fn refutations<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<Vec<G::Move>, OutOfBudget> {
        let mut out = Vec::new();
        let defences = pos.legal_moves();
        if defences.is_empty() && !pos.in_check() {
            return Ok(out); // stalemate: reported by the caller as such
        }
        for d in defences {
            if !self.mates(&pos.after(d), n)? {
                out.push(d);
            }
        }
        Ok(out)
    }
}

/// Attacking moves, checks first: mates are found sooner and refutations proved later.
fn ordered<G: Directmate>(pos: &G) -> Vec<G::Move> {
    let moves = pos.legal_moves();
    let (mut checks, quiet): (Vec<_>, Vec<_>) =
        moves.into_iter().partition(|&m| pos.after(m).in_check());
    checks.extend(quiet);
    checks
}

/// Solve `#n` for the side to move: every key with its tree (threats, every defence, every
/// mating continuation), the shortest mate, and with `tries` the tries. Lengths count the
/// mating side's moves.
pub fn solve<G: Directmate>(pos: &G, n: u32, limits: &Limits, tries: bool) -> Answer {
    let started = Instant::now();
    let mut prover = Prover::new(*limits);
    let outcome = find_keys(&mut prover, pos, n, tries);
    let mut answer = Answer::new(Stipulation::mate(Some(n), Unit::Moves), NoExtension {});
    answer.nodes = prover.nodes;
    match outcome {
        Err(OutOfBudget) => answer.stopped_by = Some(limits.reached(prover.nodes)),
        Ok((keys, tries)) => {
            answer.result = if keys.is_empty() {
                Outcome::NoSolution
            } else {
                Outcome::Solved
            };
            answer.solution = Solution::of_keys(n, keys, tries);
        }
    }
    answer.set_elapsed(started.elapsed());
    answer
}

/// A key: the length of the mate it forces, and its tree.
type Key = (u32, AttackNode);

fn find_keys<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
    want_tries: bool,
) -> Result<(Vec<Key>, Vec<Try>), OutOfBudget> {
    let mut keys = Vec::new();
    let mut tries = Vec::new();
    for m in pos.legal_moves() {
        let next = pos.after(m);
        if prover.mated(&next, n - 1)? {
            let mate_in = shortest_mated(prover, &next, n - 1)? + 1;
            keys.push((mate_in, key_tree(prover, pos, m, mate_in, n)?));
        } else if want_tries && n > 1 {
            let refutations = prover.refutations(&next, n - 1)?;
            let stalemate = next.legal_moves().is_empty() && !next.in_check();
            if refutations.len() == 1 || stalemate {
                let refutations = refutations.iter().map(|&d| next.move_text(d)).collect();
                tries.push(Try {
                    mv: pos.move_text(m),
                    refutations,
                    stalemate,
                });
            }
        }
    }
    Ok((keys, tries))
}

/// The fewest attacking moves that still mate the side to move (known to be ≤ `n`).
fn shortest_mated<G: Directmate>(prover: &mut Prover, pos: &G, n: u32) -> Result<u32, OutOfBudget> {
    for k in 0..n {
        if prover.mated(pos, k)? {
            return Ok(k);
        }
    }
    Ok(n)
}

/// The attacker's threat: the mates in at most `n` moves it would have if the defender
/// could pass, written as their first moves.
fn threat<G: Directmate>(prover: &mut Prover, pos: &G, n: u32) -> Result<Vec<String>, OutOfBudget> {
    let Some(passed) = pos.passed() else {
        return Ok(vec![]);
    };
    let mut out = Vec::new();
    for k in 1..=n {
        for m in passed.legal_moves() {
            if prover.mated(&passed.after(m), k - 1)? {
                out.push(passed.move_text(m));
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    Ok(out)
}

fn key_tree<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    m: G::Move,
    mate_in: u32,
    depth: u32,
) -> Result<AttackNode, OutOfBudget> {
    let next = pos.after(m);
    let check = next.in_check();
    let threat = if mate_in > 1 {
        threat(prover, &next, mate_in - 1)?
    } else {
        vec![]
    };
    let zugzwang = mate_in > 1 && !check && threat.is_empty();
    let defences = if depth > 1 {
        defence_tree(prover, &next, mate_in - 1, depth - 1)?
    } else {
        vec![]
    };
    Ok(AttackNode {
        threat,
        zugzwang,
        check,
        defences,
        ..AttackNode::leaf(pos.move_text(m))
    })
}

/// Every defence with its fastest mating continuations; `n` ≥ 1 moves remain.
fn defence_tree<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
    depth: u32,
) -> Result<Vec<DefenceNode>, OutOfBudget> {
    let mut out = Vec::new();
    for d in pos.legal_moves() {
        let after = pos.after(d);
        let need = (1..=n)
            .find(|&k| prover.mates(&after, k).unwrap_or(false))
            .unwrap_or(n);
        let mut replies = Vec::new();
        for c in after.legal_moves() {
            let reply = after.after(c);
            if prover.mated(&reply, need - 1)? {
                let mate = need == 1;
                let (threat, defences) = if !mate && depth > 1 {
                    (
                        threat(prover, &reply, need - 1)?,
                        defence_tree(prover, &reply, need - 1, depth - 1)?,
                    )
                } else {
                    (vec![], vec![])
                };
                replies.push(AttackNode {
                    threat,
                    partial: !mate && defences.is_empty(),
                    defences,
                    ..AttackNode::leaf(after.move_text(c))
                });
            }
        }
        out.push(DefenceNode {
            mv: pos.move_text(d),
            futile: false,
            length: Some(need),
            replies,
        });
    }
    Ok(out)
}
