//! Puzzle answers (§16): `w<N>` on the generic df-pn solver (see [`chase`]), `c1` by
//! looking at every move once. Both give the shared answer, lengths in the solver's moves.

pub mod chase;

use crate::core::Game;
use crate::games::quantum::movegen;
use crate::games::quantum::position::Position;
use crate::solver::{
    Answer, AttackNode, Extension, Extractor, Goal, Length, Limits, MateSearch, Outcome, Searcher,
    Solution, Stipulation, Unit, Verdict,
};
use chase::{COLLECT_TEXT, Chase, Ply, STATUS_LIMIT, gain};

/// What Quantum Chamber's answer adds to the shared one (under `extension` in JSON).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct QuantumExtension {
    /// `c1`: the best gain (the keys are its moves when it is at least 1).
    pub gain: Option<i64>,
    /// `c1`: the Absorbers the best gain captures.
    pub absorbers: Option<u32>,
    /// `c1`: every move that scores the best gain.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub best: Vec<String>,
    /// `w<N>`: some line met an E3 verdict left undetermined by its budget (treated as
    /// play going on).
    pub unresolved: bool,
}

impl Extension for QuantumExtension {
    fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let (Some(g), Some(a)) = (self.gain, self.absorbers) {
            out.push(format!(
                "best capture: {} (gain {g}, {a} Absorber(s))",
                self.best.join(", ")
            ));
        }
        if self.unresolved {
            out.push("warning: some lines were left unresolved by the dead-position budget".into());
        }
        out
    }
}

/// Attacker nodes of the answer tree listed with every defence (then main lines only).
const TREE_BUDGET: usize = 64;

/// `w<n>`: win within `n` of the solver's moves.
pub fn win_in(n: u32) -> Stipulation {
    Stipulation {
        goal: Goal::Win,
        ..Stipulation::mate(Some(n), Unit::Moves)
    }
}

/// `c1`: the best capture, in one move.
pub fn best_capture() -> Stipulation {
    Stipulation {
        goal: Goal::Capture,
        ..Stipulation::mate(Some(1), Unit::Moves)
    }
}

/// Solve `w<n>` from `pos` (not terminal; the side to move is the solver).
pub fn solve_win(pos: &Position, n: u32, limits: &Limits) -> Answer<QuantumExtension> {
    // the memory limit is shared: half for the table, half for the status memo
    let root = Chase::new(pos.clone()).with_status_limit(limits.entries(
        512,
        Chase::status_entry_bytes(pos),
        STATUS_LIMIT,
    ));
    let entries = limits.entries(512, crate::solver::table::ENTRY_BYTES, 1 << 18);
    // no interpositions in this game: nothing is ever futile
    let mut s: Searcher<Chase> = Searcher::new(entries, *limits).count_all_interpositions();
    let plies = 2 * n - 1;
    let mut answer = Answer::new(win_in(n), QuantumExtension::default());
    if crate::games::quantum::ending::status(pos).is_over() {
        // §16: a puzzle starts in play; a finished game has nothing left to win
        answer.result = Outcome::NoSolution;
        return answer;
    }
    answer.result = match s.prove(&root, plies) {
        Verdict::Proven => Outcome::Solved,
        Verdict::Disproven => Outcome::NoSolution,
        Verdict::Unknown => Outcome::Unknown,
    };
    if answer.result == Outcome::Solved {
        match fill_answer(&mut s, &root, n) {
            Some(sol) => answer.solution = sol,
            None => answer.result = Outcome::Unknown,
        }
    }
    answer.extension.unresolved = root.unresolved();
    answer.nodes = s.stats().nodes;
    answer.set_elapsed(s.elapsed());
    if answer.result == Outcome::Unknown {
        answer.stopped_by = Some(limits.reached(answer.nodes));
    }
    answer
}

/// Keys, main line, duals and tree of a proven `w<n>`; `None` when a limit stopped it.
fn fill_answer(s: &mut Searcher<Chase>, root: &Chase, n: u32) -> Option<Solution> {
    let keys = keys(s, root, n)?;
    let mut ex = Extractor::new(s);
    let len = ex.mate_length(root, 2 * n - 1).ok().flatten()?;
    let line = ex.answer(root, len).ok()?;
    let mut sol = Solution::none(Unit::Moves);
    let mut at = root.clone();
    let mut moves = Vec::new();
    for &m in &line.moves {
        if m != Ply::Collect {
            moves.push(at.move_text(m));
        }
        at = at.after(m);
    }
    // the main line's key, as the keys write it (without the winning `#`)
    let main = moves
        .first()
        .and_then(|m| keys.iter().position(|k| k == m.trim_end_matches('#')))
        .unwrap_or(0);
    let duals: Vec<(usize, String)> = line.cooks.into_iter().filter(|c| c.0 > 0).collect();
    sol.set_line(moves, &duals);
    sol.set_keys(keys, main);
    let minimal = len.div_ceil(2);
    sol.length = Length::exact(minimal, Unit::Moves);
    let mut budget = TREE_BUDGET;
    sol.tree = ex
        .tree(root, len, &mut budget)
        .ok()
        .map(|t| drop_collect(t).in_unit(Unit::Moves))
        .into_iter()
        .collect();
    sol.unique = Some(sol.keys.len() == 1 && minimal == n);
    Some(sol)
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
fn drop_collect(mut t: AttackNode) -> AttackNode {
    for d in &mut t.defences {
        let replies = std::mem::take(&mut d.replies);
        for next in replies {
            if next.mv == COLLECT_TEXT {
                d.length = None;
            } else {
                d.replies.push(drop_collect(next));
            }
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
pub fn solve_capture(pos: &Position) -> Answer<QuantumExtension> {
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
    let best: Vec<String> = all
        .iter()
        .filter(|c| (c.gain, c.absorbers) == top)
        .map(|c| c.text.clone())
        .collect();
    let mut answer = Answer::new(best_capture(), QuantumExtension::default());
    if top.0 >= 1 {
        answer.result = Outcome::Solved;
        let sol = &mut answer.solution;
        sol.set_line(best.iter().take(1).cloned().collect(), &[]);
        sol.set_keys(best.clone(), 0);
        sol.length = Length::exact(1, Unit::Moves);
        sol.unique = Some(best.len() == 1);
    } else {
        answer.result = Outcome::NoSolution;
    }
    let ext = &mut answer.extension;
    (ext.gain, ext.absorbers, ext.best) = (Some(top.0), Some(top.1), best);
    answer.nodes = all.len() as u64;
    answer.set_elapsed(started.elapsed());
    answer
}
