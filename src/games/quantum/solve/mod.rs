//! Puzzle answers (§16): `w<N>` on the generic df-pn solver (see [`chase`]), `c1` by
//! looking at every move once. Both give the same report shape.

pub mod chase;

use crate::core::Game;
use crate::games::quantum::movegen;
use crate::games::quantum::position::Position;
use crate::solver::MateSearch;
use crate::solver::dfpn::{Limits, Searcher, Verdict};
use crate::solver::report::{Cook, SolutionTree};
use crate::solver::tree::Extractor;
use chase::{COLLECT_TEXT, Chase, Ply, gain};

/// Whether the goal is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdicts {
    Solved,
    NoSolution,
    /// A node or time limit stopped the search.
    Unknown,
}

/// A puzzle's answer, ready for JSON and text.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// `w<N>` or `c1`.
    pub goal: String,
    pub verdict: Verdicts,
    /// `w<N>`: the least n ≤ N with a forced win.
    pub minimal: Option<u32>,
    /// Every key, canonical short form without `#`: for `w<N>` the first moves that win
    /// within N, for `c1` the moves with the best (gain, Absorbers).
    pub keys: Vec<String>,
    /// The main line (`w<N>`: shortest win, longest defence; `c1`: the first key).
    pub moves: Vec<String>,
    /// `w<N>`: second winning moves along the main line (ply 0: another key).
    pub cooks: Vec<Cook>,
    /// One key, and for `w<N>` no win in N − 1; for `c1` a gain of at least 1.
    pub sound: bool,
    /// `c1`: the best gain and the Absorbers it captures.
    pub gain: Option<i64>,
    pub absorbers: Option<u32>,
    /// `w<N>`: every defence to the key and its answer; a defence that ends the game itself
    /// (won by the solver) has no continuation and no ply count.
    pub tree: Option<SolutionTree>,
    /// Some line met an E3 verdict left undetermined by its budget (treated as play going on).
    pub unresolved: bool,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

impl Report {
    fn new(goal: String) -> Report {
        Report {
            goal,
            verdict: Verdicts::Unknown,
            minimal: None,
            keys: vec![],
            moves: vec![],
            cooks: vec![],
            sound: false,
            gain: None,
            absorbers: None,
            tree: None,
            unresolved: false,
            nodes: 0,
            elapsed_ms: 0,
        }
    }
}

/// Attacker nodes of the answer tree listed with every defence (then main lines only).
const TREE_BUDGET: usize = 64;

/// Solve `w<n>` from `pos` (not terminal; the side to move is the solver).
pub fn solve_win(pos: &Position, n: u32, limits: Limits) -> Report {
    let root = Chase::new(pos.clone());
    // no interpositions in this game: nothing is ever futile
    let mut s: Searcher<Chase> = Searcher::new(1 << 18, limits).count_all_interpositions();
    let plies = 2 * n - 1;
    let mut report = Report::new(format!("w{n}"));
    if crate::games::quantum::ending::status(pos).is_over() {
        // §16: a puzzle starts in play; a finished game has nothing left to win
        report.verdict = Verdicts::NoSolution;
        return report;
    }
    report.verdict = match s.prove(&root, plies) {
        Verdict::Proven => Verdicts::Solved,
        Verdict::Disproven => Verdicts::NoSolution,
        Verdict::Unknown => Verdicts::Unknown,
    };
    if report.verdict == Verdicts::Solved && !fill_answer(&mut s, &root, n, &mut report) {
        report.verdict = Verdicts::Unknown;
    }
    report.unresolved = root.unresolved();
    report.nodes = s.stats().nodes;
    report.elapsed_ms = s.elapsed().as_millis() as u64;
    report
}

/// Keys, main line, cooks and tree of a proven `w<n>`; false when a limit stopped it.
fn fill_answer(s: &mut Searcher<Chase>, root: &Chase, n: u32, report: &mut Report) -> bool {
    let Some(keys) = keys(s, root, n) else {
        return false;
    };
    report.keys = keys;
    let mut ex = Extractor::new(s);
    let Some(len) = ex.mate_length(root, 2 * n - 1).ok().flatten() else {
        return false;
    };
    let Ok(answer) = ex.answer(root, len) else {
        return false;
    };
    report.minimal = Some(len.div_ceil(2));
    let mut at = root.clone();
    for &m in &answer.moves {
        if m != Ply::Collect {
            report.moves.push(at.move_text(m));
        }
        at = at.after(m);
    }
    report.cooks = answer.cooks;
    let mut budget = TREE_BUDGET;
    report.tree = ex.tree(root, len, &mut budget).ok().map(drop_collect);
    report.sound = report.keys.len() == 1 && report.minimal == Some(n);
    true
}

/// Every first move that wins within `n` (canonical text, ASCII order).
fn keys(s: &mut Searcher<Chase>, root: &Chase, n: u32) -> Option<Vec<String>> {
    let texts = movegen::legal_moves(&root.pos);
    let mut keys = Vec::new();
    for ply in root.attacker_moves() {
        match s.prove_defended(&root.after(ply), 2 * n - 2) {
            Verdict::Proven => {
                let Ply::Play(m) = ply else { continue };
                keys.extend(texts.iter().filter(|g| g.mv == m).map(|g| g.text.clone()));
            }
            Verdict::Disproven => {}
            Verdict::Unknown => return None,
        }
    }
    keys.sort();
    Some(keys)
}

/// The tree without the pseudo-ply: a defence answered by it ended the game itself.
fn drop_collect(mut t: SolutionTree) -> SolutionTree {
    for d in &mut t.defences {
        match d.next.take() {
            Some(next) if next.mv == COLLECT_TEXT => d.plies = None,
            Some(next) => d.next = Some(Box::new(drop_collect(*next))),
            None => {}
        }
    }
    t
}

/// One move's score in a `c1` puzzle.
#[derive(Clone, Debug)]
struct Scored {
    text: String,
    gain: i64,
    absorbers: u32,
}

/// Solve `c1` (§16.2): every move maximising (gain, Absorbers captured), no lookahead.
pub fn solve_capture(pos: &Position) -> Report {
    let started = std::time::Instant::now();
    let all: Vec<Scored> = movegen::legal_moves(pos)
        .into_iter()
        .map(|m| Scored {
            gain: gain(pos, &m),
            absorbers: m.absorbers,
            text: m.text,
        })
        .collect();
    let top = all
        .iter()
        .map(|c| (c.gain, c.absorbers))
        .max()
        .unwrap_or((0, 0));
    let best: Vec<Scored> = all
        .iter()
        .filter(|c| (c.gain, c.absorbers) == top)
        .cloned()
        .collect();
    let mut report = Report::new("c1".into());
    report.verdict = if top.0 >= 1 {
        Verdicts::Solved
    } else {
        Verdicts::NoSolution
    };
    report.keys = best.iter().map(|c| c.text.clone()).collect();
    report.moves = report.keys.iter().take(1).cloned().collect();
    report.cooks = report
        .keys
        .iter()
        .skip(1)
        .map(|k| Cook {
            ply: 0,
            mv: k.clone(),
        })
        .collect();
    report.sound = top.0 >= 1 && best.len() == 1;
    (report.gain, report.absorbers) = (Some(top.0), Some(top.1));
    report.nodes = all.len() as u64;
    report.elapsed_ms = started.elapsed().as_millis() as u64;
    report
}
