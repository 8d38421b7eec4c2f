//! Selfmates (`s#n`: the side to move forces the other side to mate it within n moves) and
//! reflexmates (`r#n`: the same, and either side that can mate in one must), answered as
//! direct mates are: every key, its threat, every defence with the continuations that
//! still force the mate, short solutions (a key that forces it sooner) included. The
//! conventions are in `docs/stipulations.md`.
//!
//! The search is the directmate's (exhaustive, depth-bounded, a table of proved and
//! refuted subproblems); only what ends a line changes: the defender's move that mates.

use std::collections::HashMap;
use std::time::Instant;

use super::solve::{Directmate, OutOfBudget};
use crate::solver::clock::Clock;
use crate::solver::{
    Answer, AttackNode, DefenceNode, Limits, NoExtension, Outcome, Play, Stipulation,
};

/// Bytes one table entry takes at most (as the directmate table's).
const ENTRY_BYTES: usize = 64;

/// The table's bound without a memory limit (256 MiB).
const DEFAULT_ENTRIES: usize = (256 << 20) / ENTRY_BYTES;

/// The selfmate prover: `wins` for the side that wants to be mated, `forced` for the side
/// that must mate it.
struct Prover {
    /// (position, moves left, the attacker is to move) → proved.
    table: HashMap<(u64, u32, bool), bool>,
    max_entries: usize,
    reflex: bool,
    nodes: u64,
    max_nodes: Option<u64>,
    clock: Clock,
}

/// Does `mv` from `pos` mate the side it leaves to move?
fn mates<G: Directmate>(pos: &G, mv: G::Move) -> bool {
    let after = pos.after(mv);
    after.in_check() && after.legal_moves().is_empty()
}

/// The side to move can mate in one.
fn can_mate<G: Directmate>(pos: &G) -> bool {
    pos.legal_moves().into_iter().any(|m| mates(pos, m))
}

impl Prover {
    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|n| self.nodes > n) || self.clock.expired(1) {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    fn remember(&mut self, key: (u64, u32, bool), v: bool) -> bool {
        if self.table.len() >= self.max_entries {
            self.table.clear();
        }
        self.table.insert(key, v);
        v
    }

    /// The side to move (the one that wants to be mated) forces it within `n` moves.
    fn wins<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = (pos.key(), n, true);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        // reflex: a side that can mate must, which ends the game the wrong way
        if self.reflex && can_mate(pos) {
            return Ok(self.remember(key, false));
        }
        for m in pos.legal_moves() {
            if self.forced(&pos.after(m), n - 1)? {
                return Ok(self.remember(key, true));
            }
        }
        Ok(self.remember(key, false))
    }

    /// The side to move (the one that must mate) mates now whatever it plays, or is led to
    /// it within `k` more moves of the other side.
    fn forced<G: Directmate>(&mut self, pos: &G, k: u32) -> Result<bool, OutOfBudget> {
        let key = (pos.key(), k, false);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // mated or stalemated by the other side: not the goal
            return Ok(self.remember(key, false));
        }
        let mating: Vec<bool> = moves.iter().map(|&d| mates(pos, d)).collect();
        if self.reflex && mating.contains(&true) {
            return Ok(self.remember(key, true));
        }
        for (&d, &mate) in moves.iter().zip(&mating) {
            if !mate && (k == 0 || !self.wins(&pos.after(d), k)?) {
                return Ok(self.remember(key, false));
            }
        }
        Ok(self.remember(key, true))
    }

    /// The fewest moves within which `pos` (the mating side to move) is forced, known to be
    /// at most `k`.
    fn fewest_forced<G: Directmate>(&mut self, pos: &G, k: u32) -> Result<u32, OutOfBudget> {
        for j in 0..k {
            if self.forced(pos, j)? {
                return Ok(j);
            }
        }
        Ok(k)
    }

    /// The threat after a move: the first moves of the shortest selfmates, at most `k`
    /// moves, the side to move could answer with if the defender passed.
    fn threat<G: Directmate>(&mut self, pos: &G, k: u32) -> Result<Vec<String>, OutOfBudget> {
        let Some(passed) = pos.passed() else {
            return Ok(vec![]);
        };
        if self.reflex && can_mate(&passed) {
            return Ok(vec![]);
        }
        for j in 1..=k {
            let mut out = Vec::new();
            for m in passed.legal_moves() {
                if self.forced(&passed.after(m), j - 1)? {
                    out.push(passed.move_text(m));
                }
            }
            if !out.is_empty() {
                return Ok(out);
            }
        }
        Ok(vec![])
    }

    /// The tree below the attacker's move `m`, which forces the mate within `k` moves.
    fn attack_tree<G: Directmate>(
        &mut self,
        pos: &G,
        m: G::Move,
        k: u32,
    ) -> Result<AttackNode, OutOfBudget> {
        let next = pos.after(m);
        let threat = if k > 1 {
            self.threat(&next, k - 1)?
        } else {
            vec![]
        };
        let check = next.in_check();
        let defences = self.defence_tree(&next, k - 1)?;
        let zugzwang = k > 1 && !check && threat.is_empty();
        Ok(AttackNode {
            threat,
            zugzwang,
            check,
            defences,
            ..AttackNode::leaf(pos.move_text(m))
        })
    }

    /// Every defence (the mating side to move, forced within `k` more moves), each with
    /// the fastest continuations; a defence that mates ends its line.
    fn defence_tree<G: Directmate>(
        &mut self,
        pos: &G,
        k: u32,
    ) -> Result<Vec<DefenceNode>, OutOfBudget> {
        let moves = pos.legal_moves();
        let mating: Vec<bool> = moves.iter().map(|&d| mates(pos, d)).collect();
        let only_mates = self.reflex && mating.contains(&true);
        let mut out = Vec::new();
        for (&d, &mate) in moves.iter().zip(&mating) {
            if mate || only_mates {
                if mate {
                    out.push(DefenceNode {
                        mv: pos.move_text(d),
                        futile: false,
                        length: None,
                        replies: vec![],
                    });
                }
                continue;
            }
            let after = pos.after(d);
            let mut need = k;
            for j in 1..=k {
                if self.wins(&after, j)? {
                    need = j;
                    break;
                }
            }
            let mut replies = Vec::new();
            for c in after.legal_moves() {
                if self.forced(&after.after(c), need - 1)? {
                    replies.push(self.attack_tree(&after, c, need)?);
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
}

/// Solve `s#n` or `r#n` (`stip.play`) for the side to move: every key with its tree, the
/// shortest selfmate, uniqueness (one key, no shorter solution). Lengths count the moves
/// of the side to move.
pub fn solve<G: Directmate>(pos: &G, stip: Stipulation, limits: &Limits) -> Answer {
    let started = Instant::now();
    let n = stip.length.unwrap_or(1).max(1);
    let mut prover = Prover {
        table: HashMap::new(),
        max_entries: limits.entries(1024, ENTRY_BYTES, DEFAULT_ENTRIES),
        reflex: stip.play == Play::Reflex,
        nodes: 0,
        max_nodes: limits.nodes,
        clock: Clock::new(limits.time),
    };
    let mut answer = Answer::new(stip, NoExtension {});
    let outcome = keys(&mut prover, pos, n);
    answer.nodes = prover.nodes;
    match outcome {
        Err(OutOfBudget) => answer.stopped_by = Some(limits.reached(prover.nodes)),
        Ok(keys) => {
            answer.result = if keys.is_empty() {
                Outcome::NoSolution
            } else {
                Outcome::Solved
            };
            answer.solution = super::solve::solution(n, keys, Vec::new());
        }
    }
    answer.set_elapsed(started.elapsed());
    answer
}

/// Every key with the length it forces and its tree.
fn keys<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
) -> Result<Vec<(u32, AttackNode)>, OutOfBudget> {
    let mut out = Vec::new();
    if prover.reflex && can_mate(pos) {
        return Ok(out);
    }
    for m in pos.legal_moves() {
        let next = pos.after(m);
        if prover.forced(&next, n - 1)? {
            let k = prover.fewest_forced(&next, n - 1)? + 1;
            out.push((k, prover.attack_tree(pos, m, k)?));
        }
    }
    Ok(out)
}
