//! Directmate `#N` for Howe (rules §8.1, §8.4) on the generic df-pn solver. N counts the
//! attacker's plies of any kind (forced executions and null plies included); the defender's
//! plies come between them, since the schedule alternates the colours.
//!
//! The wrapper offers the attacker every legal ply except those after which the defender
//! has no legal ply without being in check: §8.1 makes stalemate a failure. (Howe has no
//! stalemate, §2.7, so the filter never bites in a legal position; it keeps the search
//! faithful to the definition.) The defender may play any legal ply.

use super::movegen::{in_check, legal_plies};
use super::position::{HowePosition, Ply};
use super::write;
use crate::core::Game;
use crate::solver::{
    Answer, Extractor, Length, Limits, MateSearch, NoExtension, Outcome, Searcher, Solution,
    Stipulation, Unit, Verdict,
};

/// A Howe position seen by the mate search.
#[derive(Clone, Debug)]
pub struct Problem(pub HowePosition);

impl Game for Problem {
    type Move = Ply;
    fn legal_moves(&self) -> Vec<Ply> {
        legal_plies(&self.0)
    }
    fn after(&self, ply: Ply) -> Self {
        Problem(self.0.after(ply))
    }
    fn key(&self) -> u64 {
        self.0.hash()
    }
    fn in_check(&self) -> bool {
        in_check(&self.0)
    }
    fn move_text(&self, ply: Ply) -> String {
        write::move_text(&self.0, ply, false)
    }
}

impl MateSearch for Problem {
    fn attacker_moves(&self) -> Vec<Ply> {
        legal_plies(&self.0)
            .into_iter()
            .filter(|&p| {
                let next = self.0.after(p);
                in_check(&next) || !legal_plies(&next).is_empty()
            })
            .collect()
    }
}

/// Solve `#n` for the side to move (`n` counts the attacker's plies): the exact length,
/// every key, the main line with its duals, and the tree.
pub fn solve(pos: &HowePosition, n: u32, limits: &Limits) -> Answer {
    let root = Problem(pos.clone());
    let mut s: Searcher<Problem> = Searcher::new(
        limits.entries(1024, crate::solver::table::ENTRY_BYTES, 1 << 18),
        *limits,
    );
    let mut answer = Answer::new(Stipulation::mate(Some(n), Unit::Moves), NoExtension {});
    let plies = 2 * n - 1;
    answer.result = match s.prove(&root, plies) {
        Verdict::Proven => Outcome::Solved,
        Verdict::Disproven => Outcome::NoSolution,
        Verdict::Unknown => Outcome::Unknown,
    };
    if answer.result == Outcome::Solved {
        match fill(&mut s, &root, plies, n) {
            Some(sol) => answer.solution = sol,
            None => answer.result = Outcome::Unknown,
        }
    }
    answer.nodes = s.stats().nodes;
    answer.set_elapsed(s.elapsed());
    if answer.result == Outcome::Unknown {
        answer.stopped_by = Some(limits.reached(answer.nodes));
    }
    answer
}

/// The exact length, the keys, the main line and the tree; `None` if a limit stopped it.
fn fill(s: &mut Searcher<Problem>, root: &Problem, plies: u32, n: u32) -> Option<Solution> {
    let len = Extractor::new(s).mate_length(root, plies).ok()??;
    let mut keys = Vec::new();
    for m in root.attacker_moves() {
        match s.prove_defended(&root.after(m), len - 1) {
            Verdict::Proven => keys.push(root.move_text(m)),
            Verdict::Disproven => {}
            Verdict::Unknown => return None,
        }
    }
    let mut ex = Extractor::new(s);
    let line = ex.answer(root, len).ok()?;
    let mut sol = Solution::none(Unit::Moves);
    let mut at = root.clone();
    let mut moves = Vec::new();
    for &m in &line.moves {
        moves.push(at.move_text(m));
        at = at.after(m);
    }
    let duals: Vec<(usize, String)> = line.cooks.into_iter().filter(|c| c.0 > 0).collect();
    let main = keys
        .iter()
        .position(|k| Some(k) == moves.first())
        .unwrap_or(0);
    sol.set_line(moves, &duals);
    sol.set_keys(keys, main);
    let mut budget = 64;
    sol.tree = ex
        .tree(root, len, &mut budget)
        .ok()
        .map(|t| t.in_unit(Unit::Moves))
        .into_iter()
        .collect();
    let moves_needed = len.div_ceil(2);
    sol.length = Length::exact(moves_needed, Unit::Moves);
    // sound: one key and no shorter mate than the stipulation
    sol.unique = Some(sol.keys.len() == 1 && moves_needed == n);
    Some(sol)
}
