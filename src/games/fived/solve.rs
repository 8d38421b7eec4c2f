//! Mate in N attacker actions (§8), a game-specific search: the move unit is a whole action,
//! and the generic move-by-move solver does not fit actions of several moves well.
//!
//! The search is exact: every attacker action is tried as a key, every legal defender action
//! (optional and inactive boards and time-travel escapes included) is answered. When the node
//! budget or the time limit runs out the answer is "unknown", never a guess.

use super::action::{Budget, MEMORY, for_each_action};
use super::mate_search::{Defences, Stop, find_keys};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::notation::print::{Style, action_text};
use crate::solver::{
    Answer, AttackNode, DefenceNode, Length, Limit, Limits, NoExtension, Outcome, Stipulation, Unit,
};
use std::time::Instant;

/// The node budget of a search given no node limit.
pub const DEFAULT_NODES: u64 = 50_000_000;

/// Solve "mate in `n`" from `mv` (the attacker is the player to move; `n` counts its
/// actions) within `limits` (nodes, [`DEFAULT_NODES`] by default; memory, the action
/// search's bound by default; time): every key, each with every defence and the attacker's
/// mating replies. A search stopped by a limit lists no key.
pub fn solve(mv: &Multiverse, n: u32, limits: &Limits) -> Answer {
    let start = Instant::now();
    let budget = Budget {
        nodes: limits.nodes.unwrap_or(DEFAULT_NODES),
        memory: limits.memory.map_or(MEMORY, |m| m as usize),
        deadline: limits.time.and_then(|t| start.checked_add(t)),
    };
    let found = find_keys(mv, n, budget);
    let mut answer = Answer::new(Stipulation::mate(Some(n), Unit::Turns), NoExtension {});
    answer.stopped_by = found.stopped.map(|s| match s {
        Stop::Nodes => Limit::Nodes,
        Stop::Time => Limit::Time,
        Stop::Memory => Limit::Memory,
    });
    answer.result = match (found.keys.is_empty(), answer.stopped_by) {
        (false, _) => Outcome::Solved,
        (true, None) => Outcome::NoSolution,
        (true, Some(_)) => Outcome::Unknown,
    };
    let keys: Vec<AttackNode> = found
        .keys
        .iter()
        .filter_map(|(key, defences)| key_tree(mv, key, defences, n))
        .collect();
    if let Some(main) = keys.first() {
        let sol = &mut answer.solution;
        sol.moves = main.main_line();
        sol.duals = main.duals(&[]);
        sol.set_keys(keys.iter().map(|k| k.mv.clone()).collect(), 0);
        // the keys mate within n; only a mate in 1 is known to be shortest
        sol.length = Length {
            value: Some(n),
            exact: n == 1,
            ..Length::unknown(Unit::Turns)
        };
        sol.unique = Some(keys.len() == 1);
        sol.tree = keys;
    }
    answer.nodes = found.nodes;
    answer.set_elapsed(start.elapsed());
    answer
}

/// An action as the 5DPGN writes it.
fn text_of(mv: &Multiverse, a: &[Move]) -> String {
    action_text(mv, a, Style::Pgn, Budget::nodes(100_000)).0
}

/// A key's tree: its defences, each with the mating replies (their own defences are not
/// listed below a mate in 3 or more).
fn key_tree(mv: &Multiverse, key: &[Move], defences: &Defences, n: u32) -> Option<AttackNode> {
    let after = mv.after_action(key)?;
    let defences = defences
        .iter()
        .filter_map(|(d, replies)| {
            let next = after.after_action(d)?;
            let replies = replies
                .iter()
                .map(|r| AttackNode {
                    partial: n > 2,
                    ..AttackNode::leaf(text_of(&next, r))
                })
                .collect();
            Some(DefenceNode {
                mv: text_of(&after, d),
                futile: false,
                length: None,
                replies,
            })
        })
        .collect();
    Some(AttackNode {
        defences,
        ..AttackNode::leaf(text_of(mv, key))
    })
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
