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
use crate::solver::{
    Answer, Extension, Extractor, Length, Limits, MateSearch, Outcome, Searcher, Unit, Verdict,
};
use exact::MateIn;

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

/// What Shelt's answer adds to the shared one (under `extension` in JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SheltExtension {
    /// `#N moon`: only a capture of the moon wins.
    pub moon_only: bool,
}

impl Extension for SheltExtension {
    fn notes(&self) -> Vec<String> {
        if self.moon_only {
            vec!["only a capture of the moon wins (#N moon)".into()]
        } else {
            Vec::new()
        }
    }
}

/// Solve `#n` (or `#n moon`) from `pos`, the side to move attacking; lengths count the
/// attacker's plies.
pub fn solve(pos: &Position, stip: MateIn, limits: &Limits) -> Answer<SheltExtension> {
    let root = Tsume::new(pos.clone(), stip.moon_only);
    let mut s: Searcher<Tsume> = Searcher::new(
        limits.entries(1024, crate::solver::table::ENTRY_BYTES, 1 << 18),
        *limits,
    );
    let plies = 2 * stip.n - 1;
    let mut answer = Answer::new(
        crate::solver::Stipulation::mate(Some(stip.n), Unit::Moves),
        SheltExtension {
            moon_only: stip.moon_only,
        },
    );
    answer.result = match s.prove(&root, plies) {
        Verdict::Proven => Outcome::Solved,
        Verdict::Disproven => Outcome::NoSolution,
        Verdict::Unknown => Outcome::Unknown,
    };
    if answer.result == Outcome::Solved {
        let mut ex = Extractor::new(&mut s);
        let exact = ex
            .mate_length(&root, plies)
            .ok()
            .flatten()
            .and_then(|len| ex.answer(&root, len).ok().map(|a| (len, a)));
        match exact {
            Some((len, line)) => {
                let sol = &mut answer.solution;
                let mut at = root.clone();
                let mut moves = Vec::new();
                for &m in &line.moves {
                    moves.push(at.move_text(m));
                    at = at.after(m);
                }
                sol.set_line(moves, &line.cooks);
                sol.length = Length::exact(len.div_ceil(2), Unit::Moves);
                sol.unique = Some(!line.cooks.iter().any(|c| c.0 == 0));
                let mut budget = 64;
                sol.tree = ex
                    .tree(&root, len, &mut budget)
                    .ok()
                    .map(|t| t.in_unit(Unit::Moves))
                    .into_iter()
                    .collect();
            }
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
