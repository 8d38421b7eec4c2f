//! Mate-in-N (§12): every attacker ply but the last gives check; the attacker wins by
//! capturing the defender's moon or last magic piece within N of its plies (or by the
//! defender's 4th ker or lack of plies). An exact AND/OR search with a transposition table
//! of proven results, so keys, cooks and every defence come out exactly. It is the
//! independent reference for the df-pn solver in [`super`] (and lists every winning reply,
//! not only one, as §15.3's tables do).

use std::collections::HashMap;

use crate::games::shelt::movegen::{self, in_check};
use crate::games::shelt::position::{EndReason, Position};
use crate::games::shelt::types::{Ply, Side};
use crate::solver::clock::Clock;

/// A direct mate as Shelt puzzles state it: `#N`, or `#N moon` (only moon captures count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateIn {
    /// The attacker's plies.
    pub n: u32,
    /// Only the capture of the defender's moon wins (`#N moon`).
    pub moon_only: bool,
}

impl MateIn {
    /// `#2`, `#3 moon`.
    pub fn parse(text: &str) -> Option<MateIn> {
        let t = text.trim();
        let (num, moon_only) = match t.strip_suffix(" moon") {
            Some(n) => (n, true),
            None => (t, false),
        };
        let n: u32 = num.strip_prefix('#')?.parse().ok()?;
        (n >= 1).then_some(MateIn { n, moon_only })
    }
}

/// The search, with its table of proven (position, plies left) results and a node budget.
pub struct Solver {
    attacker: Side,
    moon_only: bool,
    table: HashMap<(u64, u32), bool>,
    /// The positions searched so far.
    pub nodes: u64,
    /// The most positions to search before giving up (`aborted`).
    pub limit: u64,
    /// Stop when this instant passes (read by elapsed work, see [`Clock`]).
    pub deadline: Option<std::time::Instant>,
    /// The clock of `deadline`, made at the first node.
    clock: Option<Clock>,
    /// Set when the node limit cut the search short: answers are then not proofs.
    pub aborted: bool,
}

/// A defence and every attacker ply that still wins after it.
#[derive(Clone, Debug)]
pub struct Defence {
    /// The defender's reply to the key.
    pub reply: Ply,
    /// Every attacker ply that wins after it.
    pub wins: Vec<Ply>,
}

/// What the solver proved about a puzzle.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The least N that works, if any up to the stipulation.
    pub n: Option<u32>,
    /// Every first ply that wins within `n` (the first is the key, the others cooks).
    pub keys: Vec<Ply>,
    /// After the key: each defence and the attacker's winning plies.
    pub defences: Vec<Defence>,
}

impl Solver {
    /// A search for `attacker`; with `moon_only`, only the moon's capture wins.
    pub fn new(attacker: Side, moon_only: bool) -> Solver {
        Solver {
            attacker,
            moon_only,
            table: HashMap::new(),
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            clock: None,
            aborted: false,
        }
    }

    /// Does the attacker's ply end the game in the attacker's favour?
    fn wins(&self, next: &Position) -> bool {
        match next.end() {
            Some(e) if e.winner == self.attacker => !self.moon_only || e.reason == EndReason::Moon,
            _ => false,
        }
    }

    /// Can the attacker (to move) win within `n` of its plies, checking on every ply but the last?
    pub fn can_win(&mut self, pos: &Position, n: u32) -> bool {
        let key = (pos.hash64(), n);
        if let Some(&r) = self.table.get(&key) {
            return r;
        }
        let r = movegen::plies(pos)
            .into_iter()
            .any(|p| self.ply_wins(pos, p, n));
        if !self.aborted {
            self.table.insert(key, r);
        }
        r
    }

    /// Does this attacker ply win within `n` plies (itself included)?
    pub fn ply_wins(&mut self, pos: &Position, ply: Ply, n: u32) -> bool {
        self.nodes += 1;
        let deadline = self.deadline;
        let late = self
            .clock
            .get_or_insert_with(|| Clock::until(deadline))
            .expired(1);
        if self.nodes > self.limit || late || self.aborted {
            self.aborted = true;
            return false;
        }
        let next = movegen::play(pos, ply);
        if self.wins(&next) {
            return true;
        }
        if n <= 1 || next.end().is_some() || !in_check(&next, self.attacker.other()) {
            return false;
        }
        movegen::plies(&next)
            .into_iter()
            .all(|r| self.defence_fails(&next, r, n - 1))
    }

    /// After the defender's reply, does the attacker still win within `n`?
    fn defence_fails(&mut self, pos: &Position, reply: Ply, n: u32) -> bool {
        let after = movegen::play(pos, reply);
        match after.end() {
            Some(e) => {
                e.winner == self.attacker && (!self.moon_only || e.reason == EndReason::Moon)
            }
            None => self.can_win(&after, n),
        }
    }

    /// Solve for the least N ≤ `max`, then list keys and defences.
    pub fn solve(&mut self, pos: &Position, max: u32) -> Solution {
        for n in 1..=max {
            let keys: Vec<Ply> = movegen::plies(pos)
                .into_iter()
                .filter(|&p| self.ply_wins(pos, p, n))
                .collect();
            if self.aborted {
                break;
            }
            if !keys.is_empty() {
                let defences = self.defences(pos, keys[0], n);
                return Solution {
                    n: Some(n),
                    keys,
                    defences,
                };
            }
        }
        Solution {
            n: None,
            keys: vec![],
            defences: vec![],
        }
    }

    /// Each defence to `key` and every attacker ply that then wins in the remaining plies.
    pub fn defences(&mut self, pos: &Position, key: Ply, n: u32) -> Vec<Defence> {
        let next = movegen::play(pos, key);
        if next.end().is_some() || n <= 1 {
            return vec![];
        }
        let mut out = Vec::new();
        for reply in movegen::plies(&next) {
            let after = movegen::play(&next, reply);
            let wins = if after.end().is_some() {
                vec![]
            } else {
                movegen::plies(&after)
                    .into_iter()
                    .filter(|&p| self.ply_wins(&after, p, n - 1))
                    .collect()
            };
            out.push(Defence { reply, wins });
        }
        out
    }
}
