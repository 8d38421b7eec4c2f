//! Mate-in-N (§12) on the generic df-pn solver: a wrapper position that knows the attacker
//! and the stipulation, so that the solver's OR/AND nodes mean exactly Shelt's rules.
//!
//! * Attacker plies: those that win at once (capture of the defender's moon or last magic
//!   piece; with `#N moon` only the moon), and those that give check (§7.2). A 4th
//!   consecutive ker of the attacker loses, so it is never offered.
//! * Defender plies: every ply, except a 4th consecutive ker, which loses at once and so
//!   can never be a defence (leaving it out makes "only losing plies left" a win for the
//!   attacker, as §12 says).
//! * A finished game has no plies: after a winning capture the defender has none (mate);
//!   after the defender's winning capture the attacker has none (the line fails).
//!
//! Shelt has no futile-interposition rule, so no futility probes are given.

pub mod exact;

use crate::core::Game;
use crate::games::shelt::movegen::{self, in_check};
use crate::games::shelt::position::{EndReason, Position};
use crate::games::shelt::print;
use crate::games::shelt::resolve::Previous;
use crate::games::shelt::types::{Ply, Side};
use crate::solver::MateSearch;
use crate::solver::dfpn::{Limits, Searcher, Verdict};
use crate::solver::report::{Cook, SolutionTree};
use crate::solver::tree::Extractor;
use exact::Stipulation;

/// A position seen from a mate problem: whose attack it is, what counts as a win, and the
/// previous ply's square (so moves print with `kak` as a record would).
#[derive(Clone, Debug)]
pub struct Tsume {
    pub pos: Position,
    pub attacker: Side,
    pub moon_only: bool,
    previous: Previous,
}

impl Tsume {
    pub fn new(pos: Position, moon_only: bool) -> Tsume {
        Tsume {
            attacker: pos.side_to_move(),
            pos,
            moon_only,
            previous: Previous::None,
        }
    }

    /// Does the attacker's ply win at once under the stipulation?
    fn wins(&self, next: &Position) -> bool {
        next.end().is_some_and(|e| {
            e.winner == self.attacker && (!self.moon_only || e.reason == EndReason::Moon)
        })
    }
}

impl Game for Tsume {
    type Move = Ply;
    fn legal_moves(&self) -> Vec<Ply> {
        movegen::plies(&self.pos)
    }
    fn after(&self, ply: Ply) -> Self {
        let previous = ply.reference().map_or(Previous::Yol, Previous::Square);
        Tsume {
            pos: movegen::play(&self.pos, ply),
            previous,
            ..self.clone()
        }
    }
    fn key(&self) -> u64 {
        self.pos.hash64()
    }
    fn in_check(&self) -> bool {
        in_check(&self.pos, self.pos.side_to_move())
    }
    fn move_text(&self, ply: Ply) -> String {
        let ends = movegen::play(&self.pos, ply).end().is_some();
        print::readout(&self.pos, self.previous, ply, ends)
    }
}

impl MateSearch for Tsume {
    fn attacker_moves(&self) -> Vec<Ply> {
        let defender = self.attacker.other();
        movegen::plies(&self.pos)
            .into_iter()
            .filter(|&p| {
                let next = movegen::play(&self.pos, p);
                match next.end() {
                    Some(_) => self.wins(&next),
                    None => in_check(&next, defender),
                }
            })
            .collect()
    }

    fn defender_moves(&self) -> Vec<Ply> {
        let attacker = self.attacker;
        movegen::plies(&self.pos)
            .into_iter()
            .filter(|&p| {
                !movegen::play(&self.pos, p)
                    .end()
                    .is_some_and(|e| e.winner == attacker && e.reason == EndReason::Ker4)
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdicts {
    Mate,
    Nomate,
    Unknown,
}

/// What the solver found, ready for JSON and text.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub verdict: Verdicts,
    /// The least N (attacker plies) when solved.
    pub n: Option<u32>,
    /// The main line, readouts with `kak` where a record would use it.
    pub moves: Vec<String>,
    /// Second keys (ply 0) and later duals along the main line.
    pub cooks: Vec<Cook>,
    pub unique: bool,
    pub tree: Option<SolutionTree>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// Solve `#n` (or `#n moon`) from `pos`, the side to move attacking.
pub fn solve(pos: &Position, stip: Stipulation, limits: Limits) -> Report {
    let root = Tsume::new(pos.clone(), stip.moon_only);
    let mut s: Searcher<Tsume> = Searcher::new(1 << 18, limits);
    let plies = 2 * stip.n - 1;
    let mut report = Report {
        verdict: Verdicts::Unknown,
        n: None,
        moves: vec![],
        cooks: vec![],
        unique: false,
        tree: None,
        nodes: 0,
        elapsed_ms: 0,
    };
    report.verdict = match s.prove(&root, plies) {
        Verdict::Proven => Verdicts::Mate,
        Verdict::Disproven => Verdicts::Nomate,
        Verdict::Unknown => Verdicts::Unknown,
    };
    if report.verdict == Verdicts::Mate {
        let mut ex = Extractor::new(&mut s);
        let exact = ex
            .mate_length(&root, plies)
            .ok()
            .flatten()
            .and_then(|len| ex.answer(&root, len).ok().map(|a| (len, a)));
        match exact {
            Some((len, answer)) => {
                report.n = Some(len.div_ceil(2));
                let mut at = root.clone();
                for &m in &answer.moves {
                    report.moves.push(at.move_text(m));
                    at = at.after(m);
                }
                report.unique = !answer.cooks.iter().any(|c| c.ply == 0);
                report.cooks = answer.cooks;
                let mut budget = 64;
                report.tree = ex.tree(&root, len, &mut budget).ok();
            }
            None => report.verdict = Verdicts::Unknown,
        }
    }
    report.nodes = s.stats().nodes;
    report.elapsed_ms = s.elapsed().as_millis() as u64;
    report
}
