//! Selfmates (`s#n`: the side to move forces the other side to mate it within n moves) and
//! reflexmates (`r#n`: the same, and either side that can mate in one must), answered as
//! direct mates are: every key, its threat, every defence with the continuations that
//! still force the mate, short solutions (a key that forces it sooner) included. The
//! conventions are in `docs/stipulations.md`.
//!
//! The search is the directmate's (exhaustive, depth-bounded, a table of proved and
//! refuted subproblems); only what ends a line changes: the defender's move that mates.
//! Shogi's 自玉詰 is a selfmate counted in plies in which every move of the side to move
//! gives check (its game's [`Stipulated::FIRST_MOVER_CHECKS`]).

use std::collections::HashMap;
use std::time::Instant;

use crate::solver::clock::Clock;
use crate::solver::stipulated::Stipulated;
use crate::solver::{
    Answer, AttackNode, DefenceNode, Length, Limits, NoExtension, Outcome, Play, Solution,
    Stipulation, Unit,
};

/// The search ran out of its node or time budget.
struct OutOfBudget;

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
    /// Every move of the side that wants to be mated must give check (自玉詰).
    checks: bool,
    nodes: u64,
    max_nodes: Option<u64>,
    clock: Clock,
}

/// Does `mv` from `pos` mate the side it leaves to move?
fn mates<G: Stipulated>(pos: &G, mv: G::Move) -> bool {
    pos.after(mv).mated()
}

/// The side to move can mate in one.
fn can_mate<G: Stipulated>(pos: &G) -> bool {
    pos.tried_moves().into_iter().any(|m| mates(pos, m))
}

impl Prover {
    /// The moves of the side that wants to be mated: its checks only under 自玉詰.
    fn attacker_moves<G: Stipulated>(&self, pos: &G) -> Vec<G::Move> {
        let mut moves = pos.tried_moves();
        if self.checks {
            moves.retain(|&m| pos.after(m).in_check());
        }
        moves
    }

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
    fn wins<G: Stipulated>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
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
        for m in self.attacker_moves(pos) {
            if self.forced(&pos.after(m), n - 1)? {
                return Ok(self.remember(key, true));
            }
        }
        Ok(self.remember(key, false))
    }

    /// The side to move (the one that must mate) mates now whatever it plays, or is led to
    /// it within `k` more moves of the other side.
    fn forced<G: Stipulated>(&mut self, pos: &G, k: u32) -> Result<bool, OutOfBudget> {
        let key = (pos.key(), k, false);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let moves = pos.tried_moves();
        if moves.is_empty() {
            // mated or stalemated by the other side: not the goal
            return Ok(self.remember(key, false));
        }
        // reflex: any mate in one ends it, so look for one before anything else
        if self.reflex && moves.iter().any(|&d| mates(pos, d)) {
            return Ok(self.remember(key, true));
        }
        // one move that neither mates nor leads back to a forced position refutes: judged
        // a move at a time, so the first such move ends the work (most positions have one)
        for &d in &moves {
            let after = pos.after(d);
            if !after.mated() && (k == 0 || !self.wins(&after, k)?) {
                return Ok(self.remember(key, false));
            }
        }
        Ok(self.remember(key, true))
    }

    /// The fewest moves within which `pos` (the mating side to move) is forced, known to be
    /// at most `k`.
    fn fewest_forced<G: Stipulated>(&mut self, pos: &G, k: u32) -> Result<u32, OutOfBudget> {
        for j in 0..k {
            if self.forced(pos, j)? {
                return Ok(j);
            }
        }
        Ok(k)
    }

    /// The threat after a move: the first moves of the shortest selfmates, at most `k`
    /// moves, the side to move could answer with if the defender passed.
    fn threat<G: Stipulated>(&mut self, pos: &G, k: u32) -> Result<Vec<String>, OutOfBudget> {
        let Some(passed) = pos.passed() else {
            return Ok(vec![]);
        };
        if self.reflex && can_mate(&passed) {
            return Ok(vec![]);
        }
        for j in 1..=k {
            let mut out = Vec::new();
            for m in self.attacker_moves(&passed) {
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
    fn attack_tree<G: Stipulated>(
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
    fn defence_tree<G: Stipulated>(
        &mut self,
        pos: &G,
        k: u32,
    ) -> Result<Vec<DefenceNode>, OutOfBudget> {
        let moves = pos.tried_moves();
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
            for c in self.attacker_moves(&after) {
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
/// of the side to move; a length in plies (自玉詰 N手: the defender's mate is the last of
/// N) is answered in plies, with the keys of the shortest selfmate only, as tsume are.
pub fn solve<G: Stipulated>(pos: &G, stip: Stipulation, limits: &Limits) -> Answer {
    let started = Instant::now();
    let plies = stip.unit == Unit::Plies;
    let asked = stip.length.unwrap_or(1);
    let n = if plies { asked / 2 } else { asked.max(1) };
    let mut prover = Prover {
        table: HashMap::new(),
        max_entries: limits.entries(1024, ENTRY_BYTES, DEFAULT_ENTRIES),
        reflex: stip.play == Play::Reflex,
        checks: plies && G::FIRST_MOVER_CHECKS,
        nodes: 0,
        max_nodes: limits.nodes,
        clock: Clock::new(limits.time),
    };
    let mut answer = Answer::new(stip, NoExtension {});
    let outcome = if n == 0 {
        Ok(Vec::new())
    } else {
        keys(&mut prover, pos, n)
    };
    answer.nodes = prover.nodes;
    match outcome {
        Err(OutOfBudget) => answer.stopped_by = Some(limits.reached(prover.nodes)),
        Ok(keys) => {
            answer.result = if keys.is_empty() {
                Outcome::NoSolution
            } else {
                Outcome::Solved
            };
            answer.solution = if plies {
                in_plies(keys)
            } else {
                Solution::of_keys(n, keys, Vec::new())
            };
        }
    }
    answer.set_elapsed(started.elapsed());
    answer
}

/// The solution as tsume readers count it: the keys of the shortest selfmate, its length
/// in plies (each move of the side to move and the reply, the mate last), unique when one
/// key reaches it.
fn in_plies(mut keys: Vec<(u32, AttackNode)>) -> Solution {
    let shortest = keys.iter().map(|(k, _)| *k).min().unwrap_or(0);
    keys.retain(|(k, _)| *k == shortest);
    let mut sol = Solution::of_keys(shortest, keys, Vec::new());
    if !sol.keys.is_empty() {
        sol.length = Length::exact(2 * shortest, Unit::Plies);
    }
    sol
}

/// Every key with the length it forces and its tree.
fn keys<G: Stipulated>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
) -> Result<Vec<(u32, AttackNode)>, OutOfBudget> {
    let mut out = Vec::new();
    if prover.reflex && can_mate(pos) {
        return Ok(out);
    }
    for m in prover.attacker_moves(pos) {
        let next = pos.after(m);
        if prover.forced(&next, n - 1)? {
            let k = prover.fewest_forced(&next, n - 1)? + 1;
            out.push((k, prover.attack_tree(pos, m, k)?));
        }
    }
    Ok(out)
}
