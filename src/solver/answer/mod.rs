//! The answer to a puzzle, the same for every game: what was asked (the [`Stipulation`]),
//! within which [`Limits`], whether it holds (the [`Outcome`], with the limit that stopped
//! an unfinished search), and the [`Solution`]: keys, main line, the tree of every defence,
//! uniqueness with its cooks, duals and tries, the [`Length`] in the game's own unit, and the
//! counts. What only one game has sits in its typed extension `X`.
//!
//! The JSON of an answer is this module's serialization, and `docs/json.md` describes it:
//! every game's `solve --json` carries the same keys.

mod help;
mod stipulation;
mod text;
mod tree;

pub use help::{HelpLine, HelpSolutions, line_text};
pub use stipulation::{BadStipulation, MAX_LENGTH, Play, StipulationError};
pub use text::render;
pub use tree::{AttackNode, DefenceNode};

use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Mate the defender (capture the moon or the last magic piece in Shelt).
    Mate,
    /// Win the game by any of its rules (Quantum Chamber's `w<N>`).
    Win,
    /// Make the best capture (Quantum Chamber's `c1`).
    Capture,
    /// Stalemate the other side (`h=n`): it has no legal move and is not in check.
    Stalemate,
}

impl Goal {
    /// The goal as one word: "mate", "win", "capture".
    pub fn word(self) -> &'static str {
        match self {
            Goal::Mate => "mate",
            Goal::Win => "win",
            Goal::Capture => "capture",
            Goal::Stalemate => "stalemate",
        }
    }
}

/// What a length counts, in the game's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Both sides' plies (shogi's tsume count).
    Plies,
    /// The solving side's moves (chess problems, Shelt, Howe, Quantum Chamber).
    Moves,
    /// The solving side's turns of several moves (5D chess actions).
    Turns,
}

impl Unit {
    /// How many of this unit `plies` plies of a line (solving side first) make.
    pub fn of_plies(self, plies: u32) -> u32 {
        match self {
            Unit::Plies => plies,
            Unit::Moves | Unit::Turns => plies.div_ceil(2),
        }
    }
}

/// A puzzle's question: reach the goal within `length` units, or (`None`) at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stipulation {
    /// What the solving side must reach.
    pub goal: Goal,
    /// Within how many units; `None` for the shortest at any length.
    pub length: Option<u32>,
    /// What the length counts.
    pub unit: Unit,
    /// Who plays for the goal: direct, help, self, reflex, series play.
    #[serde(default)]
    pub play: Play,
    /// Half a move more than `length` (`h#2.5`: the mating side moves first).
    #[serde(default, skip_serializing_if = "is_false")]
    pub half: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Stipulation {
    /// "Mate in `n`" (or the shortest mate, with `None`), counted in `unit`.
    pub fn mate(length: Option<u32>, unit: Unit) -> Stipulation {
        Stipulation {
            goal: Goal::Mate,
            length,
            unit,
            play: Play::Direct,
            half: false,
        }
    }
}

impl fmt::Display for Stipulation {
    /// "mate in 5", "win in 2", "capture in 1", "mate" (no length asked); "helpmate in
    /// 2.5", "selfmate in 2", "bakazume in 17" for the other plays.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half = if self.half { ".5" } else { "" };
        match self.length {
            Some(n) => write!(f, "{} in {n}{half}", self.word()),
            None => f.write_str(&self.word()),
        }
    }
}

/// The limits of a search; reaching one ends it with what it has proven so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Positions the search may visit.
    pub nodes: Option<u64>,
    /// Time from the start of the search.
    pub time: Option<Duration>,
    /// Bytes the search's growing structures may take: each game's solver sizes its tables
    /// and caches to fit (`docs/json.md` lists what each bounds), or stops with
    /// [`Limit::Memory`] where the structure cannot be evicted.
    pub memory: Option<u64>,
}

impl Limits {
    /// How many entries of `entry_bytes` bytes fit in `share` parts of 1 024 of the memory
    /// limit (at least one), or `default` when there is no memory limit.
    pub fn entries(&self, share: u64, entry_bytes: usize, default: usize) -> usize {
        self.memory.map_or(default, |m| {
            let bytes = m / 1024 * share.min(1024);
            usize::try_from(bytes / entry_bytes.max(1) as u64)
                .unwrap_or(usize::MAX)
                .max(1)
        })
    }

    /// Which limit a search that visited `nodes` in `elapsed` has reached: the node limit
    /// when it is reached, else the time limit.
    pub fn reached(&self, nodes: u64) -> Limit {
        if self.nodes.is_some_and(|n| nodes >= n) {
            Limit::Nodes
        } else {
            Limit::Time
        }
    }

    /// What is left of these limits after `nodes` and `elapsed` were spent.
    pub fn rest(&self, nodes: u64, elapsed: Duration) -> Limits {
        Limits {
            nodes: self.nodes.map(|n| n.saturating_sub(nodes)),
            time: self.time.map(|t| t.saturating_sub(elapsed)),
            memory: self.memory,
        }
    }
}

/// The limit that stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
    /// Quantum Chamber's dead-position test (E3, §11) ran out of its own budget on some
    /// position the search met: that verdict was left undetermined, so the search proves
    /// nothing the position could change.
    DeadPosition,
}

impl Limit {
    /// The limit as a word: "node", "time", "memory", "dead-position".
    pub fn word(self) -> &'static str {
        match self {
            Limit::Nodes => "node",
            Limit::Time => "time",
            Limit::Memory => "memory",
            Limit::DeadPosition => "dead-position",
        }
    }
}

/// Whether the stipulation holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Proven: the keys reach the goal against every defence.
    Solved,
    /// Proven: no first move reaches the goal within the stipulation.
    NoSolution,
    /// A limit stopped the search before it could tell (see [`Answer::stopped_by`]).
    Unknown,
}

/// The length of a solution in the game's own unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Length {
    /// The length of the solution given; `None` when not known.
    pub value: Option<u32>,
    /// What the value counts.
    pub unit: Unit,
    /// `value` is proven shortest.
    pub exact: bool,
    /// When not exact: no solution is shorter than this (`None`: not looked for).
    pub at_least: Option<u32>,
}

impl Length {
    /// No length known.
    pub fn unknown(unit: Unit) -> Length {
        Length {
            value: None,
            unit,
            exact: false,
            at_least: None,
        }
    }

    /// A proven shortest length.
    pub fn exact(value: u32, unit: Unit) -> Length {
        Length {
            value: Some(value),
            unit,
            exact: true,
            at_least: None,
        }
    }
}

/// A second way for the solving side: at the start, another key (a cook); later, another
/// move that also reaches the goal in time (a dual).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// Plies from the start to this move (0: a cook).
    pub ply: usize,
    /// The moves that lead to it from the start (the main line's, or the tree's).
    pub after: Vec<String>,
    /// The other move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A first move that fails, and what refutes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Try {
    /// The failing first move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The defences that refute it.
    pub refutations: Vec<String>,
    /// The defender has no move at all after it (stalemate), which is its refutation.
    pub stalemate: bool,
}

/// What was found: empty (no keys, no moves) unless the outcome is solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// Every first move that solves: one key, or several when cooked. The first is the key
    /// of the main line.
    pub keys: Vec<String>,
    /// The main line: the key, the longest defence, the shortest answer, and so on.
    pub moves: Vec<String>,
    /// The length of the main line.
    pub length: Length,
    /// The solution is unique by the game's convention (shogi: no cook and no dual before
    /// the last move; chess problems: one key and no shorter mate); `None` when the search
    /// could not tell.
    pub unique: Option<bool>,
    /// The keys other than the main line's.
    pub cooks: Vec<Alternative>,
    /// Second moves of the solving side after the key.
    pub duals: Vec<Alternative>,
    /// First moves that fail to a single defence (given on request, where the game knows
    /// them).
    pub tries: Vec<Try>,
    /// The solution tree of each key (or of the main key only) with every defence.
    pub tree: Vec<AttackNode>,
}

impl Solution {
    /// Nothing found.
    pub fn none(unit: Unit) -> Solution {
        Solution {
            keys: Vec::new(),
            moves: Vec::new(),
            length: Length::unknown(unit),
            unique: None,
            cooks: Vec::new(),
            duals: Vec::new(),
            tries: Vec::new(),
            tree: Vec::new(),
        }
    }

    /// The solution of a tree search from every key (with the moves it takes and its
    /// tree) and the tries, lengths in moves: the main key is the first of the shortest.
    /// Sound (unique) with exactly one key and no shorter solution than the `asked` length.
    pub fn of_keys(asked: u32, keys: Vec<(u32, AttackNode)>, tries: Vec<Try>) -> Solution {
        let mut sol = Solution::none(Unit::Moves);
        sol.tries = tries;
        let Some(shortest) = keys.iter().map(|(k, _)| *k).min() else {
            return sol;
        };
        let main = keys.iter().position(|(k, _)| *k == shortest).unwrap_or(0);
        let mut trees: Vec<AttackNode> = keys.into_iter().map(|(_, t)| t).collect();
        let main_tree = trees.remove(main);
        sol.moves = main_tree.main_line();
        sol.duals = main_tree.duals(&[]);
        trees.insert(0, main_tree);
        sol.set_keys(trees.iter().map(|t| t.mv.clone()).collect(), 0);
        sol.length = Length::exact(shortest, Unit::Moves);
        sol.unique = Some(trees.len() == 1 && shortest == asked);
        sol.tree = trees;
        sol
    }

    /// Set the main line and its alternatives `(ply, move)` (those at ply 0 are cooks,
    /// the others duals): the keys are then the main key and the cooks.
    pub fn set_line(&mut self, moves: Vec<String>, alternatives: &[(usize, String)]) {
        self.keys = moves.first().cloned().into_iter().collect();
        self.cooks.clear();
        self.duals.clear();
        for (ply, mv) in alternatives {
            let alt = Alternative {
                ply: *ply,
                after: moves[..(*ply).min(moves.len())].to_vec(),
                mv: mv.clone(),
            };
            if *ply == 0 {
                self.keys.push(mv.clone());
                self.cooks.push(alt);
            } else {
                self.duals.push(alt);
            }
        }
        self.moves = moves;
    }

    /// Set the keys: `keys[main]` is the main line's, and comes first; the others, in their
    /// order, are the cooks.
    pub fn set_keys(&mut self, mut keys: Vec<String>, main: usize) {
        if main < keys.len() {
            let k = keys.remove(main);
            keys.insert(0, k);
        }
        let ordered = keys;
        self.cooks = ordered
            .iter()
            .skip(1)
            .map(|k| Alternative {
                ply: 0,
                after: Vec::new(),
                mv: k.clone(),
            })
            .collect();
        self.keys = ordered;
    }
}

/// A game's own part of an answer: it serializes under `extension`, and may add lines to
/// the terminal answer.
pub trait Extension: Serialize {
    /// Lines for the terminal answer, after the verdict.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The extension of a game that has nothing of its own to add.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct NoExtension {}

impl Extension for NoExtension {}

impl Extension for serde_json::Value {}

/// The answer to a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer<X = NoExtension> {
    /// What was asked.
    pub stipulation: Stipulation,
    /// Whether it holds: solved, no solution, or unknown.
    pub result: Outcome,
    /// The limit that stopped the search; the result is then [`Outcome::Unknown`] (see
    /// [`Answer::stop`]).
    pub stopped_by: Option<Limit>,
    /// What was found: keys, main line, tree, uniqueness.
    #[serde(flatten)]
    pub solution: Solution,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub elapsed_ms: u64,
    /// Help play: every solution found, their count, and whether the list is complete
    /// (absent for the other plays).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub help: Option<HelpSolutions>,
    /// The game's own part of the answer.
    pub extension: X,
}

impl<X> Answer<X> {
    /// The answer before any search: unknown, nothing found, no limit reached yet.
    pub fn new(stipulation: Stipulation, extension: X) -> Answer<X> {
        Answer {
            stipulation,
            result: Outcome::Unknown,
            stopped_by: None,
            solution: Solution::none(stipulation.unit),
            nodes: 0,
            elapsed_ms: 0,
            help: None,
            extension,
        }
    }

    /// A limit stopped the search: the answer is no proof, so the result is unknown and no
    /// move is called a key, cook or dual, whatever the search had found (a key that mates
    /// may still hide a cook, or a shorter mate). A line the search proved to mate stays in
    /// `moves`, with what is known of its length (`at_least`).
    pub fn stop(&mut self, limit: Limit) {
        self.stopped_by = Some(limit);
        self.result = Outcome::Unknown;
        let s = &mut self.solution;
        s.keys.clear();
        s.cooks.clear();
        s.duals.clear();
        s.tries.clear();
        s.tree.clear();
        s.unique = None;
    }

    /// Proven solved.
    pub fn solved(&self) -> bool {
        self.result == Outcome::Solved
    }

    /// The same answer with another extension.
    pub fn map_extension<Y>(self, f: impl FnOnce(X) -> Y) -> Answer<Y> {
        Answer {
            stipulation: self.stipulation,
            result: self.result,
            stopped_by: self.stopped_by,
            solution: self.solution,
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms,
            help: self.help,
            extension: f(self.extension),
        }
    }

    /// Record the time spent since `started`.
    pub fn set_elapsed(&mut self, elapsed: Duration) {
        self.elapsed_ms = elapsed.as_millis() as u64;
    }
}

impl<X: Extension> Answer<X> {
    /// The answer as the terminal prints it.
    pub fn text(&self) -> String {
        render(self, &self.extension.notes())
    }

    /// The extension as JSON, with its notes kept for the terminal answer.
    pub fn erased(self) -> (Answer<serde_json::Value>, Vec<String>) {
        let notes = self.extension.notes();
        let answer = self.map_extension(|x| serde_json::to_value(x).unwrap_or_default());
        (answer, notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_read_as_words() {
        assert_eq!(
            Stipulation::mate(Some(5), Unit::Plies).to_string(),
            "mate in 5"
        );
        let win = Stipulation {
            goal: Goal::Win,
            ..Stipulation::mate(Some(2), Unit::Moves)
        };
        assert_eq!(win.to_string(), "win in 2");
        assert_eq!(Stipulation::mate(None, Unit::Plies).to_string(), "mate");
    }

    #[test]
    fn a_line_splits_into_keys_cooks_and_duals() {
        let mut s = Solution::none(Unit::Plies);
        let line: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        s.set_line(line, &[(0, "x".into()), (2, "y".into())]);
        assert_eq!(s.keys, ["a", "x"]);
        assert_eq!(s.cooks[0].mv, "x");
        assert_eq!(
            s.duals,
            [Alternative {
                ply: 2,
                after: vec!["a".into(), "b".into()],
                mv: "y".into()
            }]
        );
    }

    #[test]
    fn a_stopped_answer_is_unknown_and_names_no_key() {
        let mut a = Answer::new(Stipulation::mate(None, Unit::Plies), NoExtension {});
        a.result = Outcome::Solved;
        let line: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        a.solution.set_line(line.clone(), &[(0, "x".into())]);
        a.solution.length.at_least = Some(3);
        a.stop(Limit::Time);
        assert_eq!(a.result, Outcome::Unknown);
        assert_eq!(a.stopped_by, Some(Limit::Time));
        assert!(a.solution.keys.is_empty() && a.solution.cooks.is_empty());
        assert_eq!(a.solution.moves, line);
        assert_eq!(a.solution.length.at_least, Some(3));
        assert!(!a.solved());
    }

    #[test]
    fn the_json_has_the_same_keys_for_every_game() {
        let a = Answer::new(Stipulation::mate(Some(3), Unit::Moves), NoExtension {});
        let v = serde_json::to_value(&a).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        for k in [
            "stipulation",
            "result",
            "stopped_by",
            "keys",
            "moves",
            "length",
            "unique",
            "cooks",
            "duals",
            "tries",
            "tree",
            "nodes",
            "elapsed_ms",
            "extension",
        ] {
            assert!(keys.contains(&k), "{k} missing from {keys:?}");
        }
        assert_eq!(v["result"], "unknown");
        assert_eq!(v["extension"], serde_json::json!({}));
    }
}
