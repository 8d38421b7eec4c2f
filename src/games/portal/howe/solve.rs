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
use crate::solver::MateSearch;
use crate::solver::dfpn::{Limits, Searcher, Verdict};
use crate::solver::report::{Cook, SolutionTree};
use crate::solver::tree::Extractor;
use serde::Serialize;

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

/// What the solver found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub stipulation: u32,
    /// `mate`, `nomate` (no mate within the stipulation) or `unknown` (a limit stopped it).
    pub verdict: String,
    /// The least number of attacker plies that mates.
    pub n: Option<u32>,
    /// Every first ply that mates in `n`.
    pub keys: Vec<String>,
    /// One key and no shorter mate than the stipulation.
    pub sound: bool,
    /// The main line (attacker's shortest mate against the longest defence).
    pub moves: Vec<String>,
    pub cooks: Vec<Cook>,
    pub tree: Option<SolutionTree>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// Solve `#n` for the side to move.
pub fn solve(pos: &HowePosition, n: u32, limits: Limits) -> Report {
    let root = Problem(pos.clone());
    let mut s: Searcher<Problem> = Searcher::new(1 << 18, limits);
    let mut r = Report {
        stipulation: n,
        verdict: "unknown".into(),
        n: None,
        keys: vec![],
        sound: false,
        moves: vec![],
        cooks: vec![],
        tree: None,
        nodes: 0,
        elapsed_ms: 0,
    };
    let plies = 2 * n - 1;
    r.verdict = match s.prove(&root, plies) {
        Verdict::Proven => "mate",
        Verdict::Disproven => "nomate",
        Verdict::Unknown => "unknown",
    }
    .into();
    if r.verdict == "mate" && !fill(&mut s, &root, plies, &mut r) {
        r.verdict = "unknown".into();
    }
    r.nodes = s.stats().nodes;
    r.elapsed_ms = s.elapsed().as_millis() as u64;
    r
}

/// The exact length, the keys, the main line and the tree; false if a limit stopped it.
fn fill(s: &mut Searcher<Problem>, root: &Problem, plies: u32, r: &mut Report) -> bool {
    let Ok(Some(len)) = Extractor::new(s).mate_length(root, plies) else {
        return false;
    };
    for m in root.attacker_moves() {
        match s.prove_defended(&root.after(m), len - 1) {
            Verdict::Proven => r.keys.push(root.move_text(m)),
            Verdict::Disproven => {}
            Verdict::Unknown => return false,
        }
    }
    let mut ex = Extractor::new(s);
    let Ok(answer) = ex.answer(root, len) else {
        return false;
    };
    let mut at = root.clone();
    for &m in &answer.moves {
        r.moves.push(at.move_text(m));
        at = at.after(m);
    }
    r.cooks = answer.cooks;
    let mut budget = 64;
    r.tree = ex.tree(root, len, &mut budget).ok();
    r.n = Some(len.div_ceil(2));
    r.sound = r.keys.len() == 1 && r.n == Some(r.stipulation);
    true
}

/// The answer as text: the key(s), cooks, the solution tree, the verdict.
pub fn render_text(r: &Report) -> String {
    let mut s = match (r.verdict.as_str(), r.n) {
        ("mate", Some(n)) => format!(
            "#{n}: {} {}\n",
            if r.keys.len() == 1 { "key" } else { "keys" },
            r.keys.join(", ")
        ),
        ("nomate", _) => format!("#{}: no solution\n", r.stipulation),
        _ => format!(
            "#{}: unknown (a node or time limit stopped the search)\n",
            r.stipulation
        ),
    };
    for c in r.cooks.iter().filter(|c| c.ply > 0) {
        s.push_str(&format!("dual at ply {}: {}\n", c.ply + 1, c.mv));
    }
    if let Some(t) = &r.tree {
        s.push_str(&t.render());
    }
    if r.verdict == "mate" {
        let verdict = crate::solver::report::soundness_word(r.sound, r.keys.len());
        s.push_str(&format!("#{}: {verdict}\n", r.stipulation));
    }
    s.push_str(&format!("{} nodes, {} ms\n", r.nodes, r.elapsed_ms));
    s
}
