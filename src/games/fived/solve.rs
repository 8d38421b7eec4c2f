//! Mate in N attacker actions (§8), a game-specific search: the move unit is a whole action,
//! and the generic move-by-move solver does not fit actions of several moves well.
//!
//! The search is exact: every attacker action is tried as a key, every legal defender action
//! (optional and inactive boards and time-travel escapes included) is answered. When the node
//! budget or the time limit runs out the answer is "unknown", never a guess.

use super::action::{Budget, Search, first_action, for_each_action};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::notation::print::{Style, action_text};
use std::time::{Duration, Instant};

/// The search's shared limits.
struct Ctx {
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    out_of_budget: bool,
}

impl Ctx {
    fn spend(&mut self, n: u64) -> bool {
        self.nodes += n.max(1);
        if self.nodes > self.budget || self.deadline.is_some_and(|d| Instant::now() > d) {
            self.out_of_budget = true;
        }
        !self.out_of_budget
    }
    fn step(&self) -> Budget {
        Budget {
            nodes: self.budget.saturating_sub(self.nodes).max(1),
        }
    }
}

/// Every legal action, or `None` when the budget ran out.
fn actions(mv: &Multiverse, ctx: &mut Ctx) -> Option<Vec<Vec<Move>>> {
    let mut all = Vec::new();
    let state = for_each_action(mv, ctx.step(), |_, a| {
        all.push(a.to_vec());
        true
    });
    ctx.spend(all.len() as u64);
    (state != Search::OutOfBudget && !ctx.out_of_budget).then_some(all)
}

/// Is the player to move checkmated? `None` when unknown.
fn checkmated(mv: &Multiverse, ctx: &mut Ctx) -> Option<bool> {
    if !mv.in_check(mv.to_move()) {
        return Some(false);
    }
    ctx.spend(1);
    match first_action(mv, ctx.step()) {
        Ok(a) => Some(a.is_none()),
        Err(_) => {
            ctx.out_of_budget = true;
            None
        }
    }
}

/// Does the attacker (to move) mate in at most `n` actions?
fn mates_in(mv: &Multiverse, n: u32, ctx: &mut Ctx) -> Option<bool> {
    if n == 0 || !ctx.spend(1) {
        return if n == 0 { Some(false) } else { None };
    }
    for a in actions(mv, ctx)? {
        let after = mv.after_action(&a)?;
        if key_works(&after, n, ctx)? {
            return Some(true);
        }
    }
    Some(false)
}

/// After a key: mate now, or (n ≥ 2) the defender can move and every defence is mated in n−1.
fn key_works(after: &Multiverse, n: u32, ctx: &mut Ctx) -> Option<bool> {
    if checkmated(after, ctx)? {
        return Some(true);
    }
    if n < 2 {
        return Some(false);
    }
    let defences = actions(after, ctx)?;
    if defences.is_empty() {
        return Some(false);
    }
    for d in defences {
        let next = after.after_action(&d)?;
        if !mates_in(&next, n - 1, ctx)? {
            return Some(false);
        }
    }
    Some(true)
}

/// A key action with its defences and, for each, the attacker's mating continuations.
#[derive(Clone, Debug)]
pub struct KeyLine {
    pub action: Vec<Move>,
    pub defences: Vec<(Vec<Move>, Vec<Vec<Move>>)>,
}

#[derive(Clone, Debug)]
pub struct Answer {
    pub n: u32,
    pub keys: Vec<KeyLine>,
    /// False when a limit stopped the search: the key list is then incomplete or unproven.
    pub complete: bool,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Solve "mate in `n`" from `mv` (the attacker is the player to move).
pub fn solve(mv: &Multiverse, n: u32, budget: Budget, time: Option<Duration>) -> Answer {
    let start = Instant::now();
    let mut ctx = Ctx {
        nodes: 0,
        budget: budget.nodes,
        deadline: time.map(|t| start + t),
        out_of_budget: false,
    };
    let mut keys = Vec::new();
    if let Some(all) = actions(mv, &mut ctx) {
        for a in all {
            let Some(after) = mv.after_action(&a) else {
                continue;
            };
            if key_works(&after, n, &mut ctx) == Some(true) {
                let defences = lines(&after, n, &mut ctx);
                keys.push(KeyLine {
                    action: a,
                    defences,
                });
            }
            if ctx.out_of_budget {
                break;
            }
        }
    }
    Answer {
        n,
        keys,
        complete: !ctx.out_of_budget,
        nodes: ctx.nodes,
        elapsed: start.elapsed(),
    }
}

/// Each defence after a key, with every mating reply (n−1 actions or fewer).
fn lines(after: &Multiverse, n: u32, ctx: &mut Ctx) -> Vec<(Vec<Move>, Vec<Vec<Move>>)> {
    if n < 2 || checkmated(after, ctx) == Some(true) {
        return vec![];
    }
    let mut out = Vec::new();
    for d in actions(after, ctx).unwrap_or_default() {
        let Some(next) = after.after_action(&d) else {
            continue;
        };
        let mut replies = Vec::new();
        for r in actions(&next, ctx).unwrap_or_default() {
            let Some(nn) = next.after_action(&r) else {
                continue;
            };
            if key_works(&nn, n - 1, ctx) == Some(true) {
                replies.push(r);
            }
        }
        out.push((d, replies));
    }
    out
}

/// `mate-in-N` (any case) → N.
pub fn mate_in_of_tag(value: &str) -> Option<u32> {
    value
        .trim()
        .to_ascii_lowercase()
        .strip_prefix("mate-in-")?
        .parse()
        .ok()
        .filter(|&n| (1..=20).contains(&n))
}

/// Leaf count of the action tree to `depth` (actions, not single moves).
pub fn perft(mv: &Multiverse, depth: u32, budget: Budget) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for_each_action(mv, budget, |after, _| {
        total += if depth == 1 {
            1
        } else {
            perft(after, depth - 1, budget)
        };
        true
    });
    total
}

impl Answer {
    pub fn solved(&self) -> Option<bool> {
        if !self.keys.is_empty() {
            Some(true)
        } else if self.complete {
            Some(false)
        } else {
            None
        }
    }

    fn text_of(mv: &Multiverse, a: &[Move]) -> String {
        action_text(mv, a, Style::Pgn, Budget { nodes: 100_000 }).0
    }

    pub fn text(&self, mv: &Multiverse) -> String {
        let mut out = String::new();
        let verdict = match self.solved() {
            Some(true) if self.keys.len() == 1 => format!("mate in {}: unique key", self.n),
            Some(true) => format!("mate in {}: {} keys (not unique)", self.n, self.keys.len()),
            Some(false) => format!("no mate in {}", self.n),
            None => format!(
                "unknown: the search limit was reached before mate in {} was decided",
                self.n
            ),
        };
        out.push_str(&verdict);
        out.push('\n');
        for k in &self.keys {
            out.push_str(&format!("key {}\n", Self::text_of(mv, &k.action)));
            let Some(after) = mv.after_action(&k.action) else {
                continue;
            };
            for (d, replies) in &k.defences {
                let Some(next) = after.after_action(d) else {
                    continue;
                };
                let rs: Vec<String> = replies.iter().map(|r| Self::text_of(&next, r)).collect();
                out.push_str(&format!(
                    "  {} -> {}\n",
                    Self::text_of(&after, d),
                    rs.join(" | ")
                ));
            }
        }
        out.push_str(&format!(
            "{} nodes, {:?}{}\n",
            self.nodes,
            self.elapsed,
            if self.complete {
                ""
            } else {
                " (limit reached)"
            }
        ));
        out
    }

    pub fn json(&self, mv: &Multiverse) -> serde_json::Value {
        let keys: Vec<serde_json::Value> = self
            .keys
            .iter()
            .map(|k| {
                let after = mv.after_action(&k.action);
                let defences: Vec<serde_json::Value> = k
                    .defences
                    .iter()
                    .map(|(d, rs)| {
                        let next = after.as_ref().and_then(|a| a.after_action(d));
                        serde_json::json!({
                            "defence": after.as_ref().map(|a| Self::text_of(a, d)),
                            "mates": rs.iter().map(|r| next.as_ref().map(|n| Self::text_of(n, r))).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                serde_json::json!({ "key": Self::text_of(mv, &k.action), "defences": defences })
            })
            .collect();
        serde_json::json!({
            "mate_in": self.n,
            "solved": self.solved(),
            "unique": self.keys.len() == 1,
            "keys": keys,
            "complete": self.complete,
            "nodes": self.nodes,
            "millis": self.elapsed.as_millis() as u64,
        })
    }
}
