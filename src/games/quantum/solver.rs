//! Puzzle solving (§16): `w<N>` (force a win within N own moves) and `c1` (best capture in one
//! move). Neither is a mate search, so this is a small exact search of its own: W(P, n) of
//! §16.1, memoised on (position, n), over distinct moves only (§10).

use super::ending::{self, Status};
use super::movegen::{self, Generated};
use super::position::{FnvBuild, Position};
use super::types::Side;
use std::collections::HashMap;
use std::time::Instant;

/// Limits of a search; running out makes the answer unknown, never wrong.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub deadline: Option<Instant>,
}

/// Why a search gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The verdict on a position reached in the search, from the solver's point of view.
fn ended(pos: &Position, solver: Side, unresolved: &mut bool) -> Option<bool> {
    match ending::status(pos) {
        Status::Over { winner, .. } => Some(winner == Some(solver)),
        Status::Undetermined => {
            *unresolved = true;
            None
        }
        Status::Ongoing => None,
    }
}

/// The W(P, n) search.
pub struct WinSearch {
    solver: Side,
    memo: HashMap<(Position, u32), bool, FnvBuild>,
    pub nodes: u64,
    limits: Limits,
    /// Some line met an E3 budget overrun and was treated as going on.
    pub unresolved: bool,
}

impl WinSearch {
    pub fn new(solver: Side, limits: Limits) -> WinSearch {
        WinSearch { solver, memo: HashMap::default(), nodes: 0, limits, unresolved: false }
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        let over_nodes = self.limits.nodes.is_some_and(|n| self.nodes > n);
        let over_time = self.nodes.is_multiple_of(256) && self.limits.deadline.is_some_and(|d| Instant::now() > d);
        if over_nodes || over_time { Err(OutOfBudget) } else { Ok(()) }
    }

    /// Does the solver's move `m` (from a non-terminal position) satisfy W with n moves left?
    pub fn key_works(&mut self, m: &Generated, n: u32) -> Result<bool, OutOfBudget> {
        if let Some(win) = ended(&m.result, self.solver, &mut self.unresolved) {
            return Ok(win);
        }
        if n <= 1 {
            return Ok(false);
        }
        for o in ordered(&m.result) {
            let holds = match ended(&o.result, self.solver, &mut self.unresolved) {
                Some(win) => win,
                None => self.wins(&o.result, n - 1)?,
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// W(P, n) with the solver to move in the non-terminal P.
    pub fn wins(&mut self, pos: &Position, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = (Position { fullmove: 1, ..pos.clone() }, n);
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        self.tick()?;
        let mut w = false;
        for m in ordered(pos) {
            if self.key_works(&m, n)? {
                w = true;
                break;
            }
        }
        self.memo.insert(key, w);
        Ok(w)
    }
}

/// Distinct moves, captures of more material first: wins are found sooner.
fn ordered(pos: &Position) -> Vec<Generated> {
    let mut moves = movegen::results(pos);
    let me = pos.side;
    moves.sort_by_key(|m| std::cmp::Reverse(gain(pos, m, me)));
    moves
}

/// §16.2: the drop in the opponent's score minus the drop in the mover's own.
pub fn gain(before: &Position, m: &Generated, me: Side) -> i64 {
    let drop = |s: Side| before.score(s) as i64 - m.result.score(s) as i64;
    drop(me.other()) - drop(me)
}

/// One line of the answer tree: a move, how the game stands after it, and what follows.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Line {
    #[serde(rename = "move")]
    pub text: String,
    /// `Some(reason)` when the game ends right after this move.
    pub ends: Option<&'static str>,
    /// After a solver move: every defence; after a defence: every winning reply (more than
    /// one is a dual).
    pub next: Vec<Line>,
}

/// The full answer of a `w<N>` puzzle.
#[derive(Clone, Debug, serde::Serialize)]
pub struct WinAnswer {
    pub goal: u32,
    /// Every key: first moves satisfying W(P, N).
    pub keys: Vec<String>,
    /// The least n ≤ N with W(P, n), if any.
    pub minimal: Option<u32>,
    pub sound: bool,
    pub unresolved: bool,
    pub nodes: u64,
    pub tree: Vec<Line>,
}

/// Solve `w<n>` from `pos` (the side to move is the solver).
pub fn solve_win(pos: &Position, n: u32, limits: Limits) -> Result<WinAnswer, OutOfBudget> {
    let mut s = WinSearch::new(pos.side, limits);
    let mut minimal = None;
    for k in 1..=n {
        if s.wins(pos, k)? {
            minimal = Some(k);
            break;
        }
    }
    let mut keys = Vec::new();
    let mut tree = Vec::new();
    if minimal.is_some() {
        for m in movegen::legal_moves(pos) {
            if s.key_works(&m, n)? {
                keys.push(m.text.clone());
                tree.push(solver_line(&mut s, &m, n)?);
            }
        }
    }
    let sound = keys.len() == 1 && minimal == Some(n);
    Ok(WinAnswer { goal: n, keys, minimal, sound, unresolved: s.unresolved, nodes: s.nodes, tree })
}

fn end_reason(pos: &Position) -> Option<&'static str> {
    match ending::status(pos) {
        Status::Over { reason, .. } => Some(reason.name()),
        _ => None,
    }
}

/// The tree under a solver move that works with n moves: every defence and its winning replies.
fn solver_line(s: &mut WinSearch, m: &Generated, n: u32) -> Result<Line, OutOfBudget> {
    let ends = end_reason(&m.result);
    let mut next = Vec::new();
    if ends.is_none() {
        for o in movegen::legal_moves(&m.result) {
            let mut line = Line { text: o.text.clone(), ends: end_reason(&o.result), next: Vec::new() };
            if line.ends.is_none() {
                for r in movegen::legal_moves(&o.result) {
                    if s.key_works(&r, n - 1)? {
                        line.next.push(solver_line(s, &r, n - 1)?);
                    }
                }
            }
            next.push(line);
        }
    }
    Ok(Line { text: m.text.clone(), ends, next })
}

/// One move's score in a `c1` puzzle.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Capture {
    #[serde(rename = "move")]
    pub text: String,
    pub gain: i64,
    pub absorbers: u32,
}

/// The answer of a `c1` puzzle (§16.2).
#[derive(Clone, Debug, serde::Serialize)]
pub struct CaptureAnswer {
    pub best: Vec<Capture>,
    pub gain: i64,
    pub absorbers: u32,
    pub sound: bool,
}

pub fn solve_capture(pos: &Position) -> CaptureAnswer {
    let me = pos.side;
    let all: Vec<Capture> = movegen::legal_moves(pos)
        .into_iter()
        .map(|m| Capture { gain: gain(pos, &m, me), absorbers: m.absorbers, text: m.text })
        .collect();
    let top = all.iter().map(|c| (c.gain, c.absorbers)).max().unwrap_or((0, 0));
    let best: Vec<Capture> = all.into_iter().filter(|c| (c.gain, c.absorbers) == top).collect();
    let sound = top.0 >= 1 && best.len() == 1;
    CaptureAnswer { best, gain: top.0, absorbers: top.1, sound }
}
