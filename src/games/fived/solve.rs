//! Mate in N attacker actions (§8), a game-specific search: the move unit is a whole action,
//! and the generic move-by-move solver does not fit actions of several moves well.
//!
//! The search is exact: every attacker action is tried as a key, every legal defender action
//! (optional and inactive boards and time-travel escapes included) is answered. When the node
//! budget or the time limit runs out the answer is "unknown", never a guess.

use super::action::{Budget, for_each_action};
use super::mate_search::{Stop, find_keys};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::notation::print::{Style, action_text};
use std::time::{Duration, Instant};

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
    /// False when a limit stopped the search: no key is then listed (none is proven unique).
    pub complete: bool,
    /// The limit that stopped the search.
    pub stopped_by: Option<Stop>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Solve "mate in `n`" from `mv` (the attacker is the player to move) within `budget`'s
/// nodes and memory and the `time` limit. A search stopped by a limit lists no key.
pub fn solve(mv: &Multiverse, n: u32, budget: Budget, time: Option<Duration>) -> Answer {
    let start = Instant::now();
    let budget = Budget {
        deadline: time.and_then(|t| start.checked_add(t)),
        ..budget
    };
    let found = find_keys(mv, n, budget);
    let keys = found
        .keys
        .into_iter()
        .map(|(action, defences)| KeyLine { action, defences })
        .collect();
    Answer {
        n,
        keys,
        complete: found.stopped.is_none(),
        stopped_by: found.stopped,
        nodes: found.nodes,
        elapsed: start.elapsed(),
    }
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
        action_text(mv, a, Style::Pgn, Budget::nodes(100_000)).0
    }

    pub fn text(&self, mv: &Multiverse) -> String {
        let mut out = String::new();
        let verdict = match self.solved() {
            Some(true) if self.keys.len() == 1 => format!("mate in {}: unique key", self.n),
            Some(true) => format!("mate in {}: {} keys (not unique)", self.n, self.keys.len()),
            Some(false) => format!("no mate in {}", self.n),
            None => format!(
                "unknown: the {} limit was reached before mate in {} was decided",
                match self.stopped_by {
                    Some(Stop::Nodes) => "node",
                    Some(Stop::Time) => "time",
                    _ => "memory",
                },
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
