//! The main line read from a proof the history search left in its table.
//!
//! Where the plain df-pn solver (told which positions the attacker may no longer reach)
//! proves a node on its own, the node's line is that solver's exact tsume answer: shortest
//! mate, longest defence, futile interpositions not counted. Elsewhere (on the loops the
//! rule is about) the line follows the table: at attacker nodes the shortest of the moves
//! whose proof is in the table, at defender nodes the longest defence. A move the table
//! has no proof for might mate sooner, so such a line is not known to be the shortest, and
//! [`Line::exact`] says so.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use super::counted::Counted;
use super::guarded::Guarded;
use crate::core::Game;
use crate::games::shogi::Move;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::{Extractor, Limits, MateSearch, Searcher, Verdict};

/// Longest mate the plain solver's exact pass looks for at one node.
const MAX_PLAIN_LENGTH: u32 = 255;

/// Table entries of each plain solver (the table grows from a small start).
const PLAIN_TT: usize = 1 << 20;

#[derive(Clone, Debug)]
pub struct Line {
    pub moves: Vec<Move>,
    /// Every attacker node on the line was answered by the plain solver's exact pass.
    pub exact: bool,
}

impl Line {
    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn after(mut self, mv: Move) -> Line {
        self.moves.insert(0, mv);
        self
    }
}

pub struct Reader<'s> {
    table: &'s Searcher<Counted>,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    memo: HashMap<u64, Option<Line>>,
    /// One plain solver per set of positions the attacker may no longer reach, so that
    /// questions about the same loop share a table.
    plain: HashMap<Vec<u64>, Searcher<Guarded>>,
}

impl<'s> Reader<'s> {
    pub fn new(table: &'s Searcher<Counted>, limits: Limits) -> Reader<'s> {
        let deadline = limits.time.map(|t| Instant::now() + t);
        Reader {
            table,
            deadline,
            max_nodes: limits.nodes,
            memo: HashMap::new(),
            plain: HashMap::new(),
        }
    }

    /// The line from `pos` (attacker to move), `None` when the table holds no proof.
    pub fn attacker_line(&mut self, pos: &Counted) -> Option<Line> {
        if let Some(l) = self.memo.get(&pos.key()) {
            return l.clone();
        }
        self.memo.insert(pos.key(), None);
        let line = self.plain_answer(pos).or_else(|| self.table_line(pos));
        self.memo.insert(pos.key(), line.clone());
        line
    }

    /// The shortest of the attacker moves the table proves (a mate needs no table entry).
    fn table_line(&mut self, pos: &Counted) -> Option<Line> {
        let mut best: Option<Line> = None;
        for m in pos.attacker_moves() {
            let child = pos.after(m);
            if !self.table.table_proves(pos.node_key_after(m, true), false)
                && !child.defender_moves().is_empty()
            {
                continue;
            }
            if let Some(l) = self.defender_line(&child)
                && best.as_ref().is_none_or(|b| l.plies() + 1 < b.plies())
            {
                best = Some(l.after(m));
            }
        }
        best.map(|l| Line { exact: false, ..l })
    }

    /// The longest defence from `pos` (defender to move), futile interpositions left out.
    fn defender_line(&mut self, pos: &Counted) -> Option<Line> {
        let mut lines = Vec::new();
        for d in pos.defender_moves() {
            lines.push((d, self.attacker_line(&pos.after(d))?));
        }
        let longest = lines.iter().map(|(_, l)| l.plies()).max().unwrap_or(0) as u32;
        // A longest defence is only as sure as the lengths it was picked from.
        let exact = lines.iter().all(|(_, l)| l.exact);
        let here = guarded(pos);
        let s = self.plain_searcher(&here);
        let mut best: Option<(Move, Line)> = None;
        for (d, l) in lines {
            if may_be_futile(s, &here, d) && s.is_futile(&here, d, longest + 1) {
                continue;
            }
            if best.as_ref().is_none_or(|(_, b)| l.plies() > b.plies()) {
                best = Some((d, l));
            }
        }
        let line = best.map_or(
            Line {
                moves: Vec::new(),
                exact: true,
            },
            |(d, l)| l.after(d),
        );
        Some(Line { exact, ..line })
    }

    /// The plain solver's exact answer at `pos`, if it proves a mate there.
    fn plain_answer(&mut self, pos: &Counted) -> Option<Line> {
        let here = guarded(pos);
        let s = self.plain_searcher(&here);
        if s.prove(&here, UNBOUNDED) != Verdict::Proven {
            return None;
        }
        let mut ex = Extractor::new(s);
        let n = ex.mate_length(&here, MAX_PLAIN_LENGTH).ok()??;
        let answer = ex.answer(&here, n).ok()?;
        Some(Line {
            moves: answer.moves,
            exact: true,
        })
    }

    /// The plain solver for positions with the same forbidden set as `here`.
    fn plain_searcher(&mut self, here: &Guarded) -> &mut Searcher<Guarded> {
        let limits = Limits {
            nodes: self.max_nodes,
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            memory: None,
        };
        self.plain
            .entry(here.forbidden().to_vec())
            .or_insert_with(|| Searcher::new(PLAIN_TT, limits))
    }

    /// Nodes spent by the plain solvers.
    pub fn plain_nodes(&self) -> u64 {
        self.plain.values().map(|s| s.stats().nodes).sum()
    }
}

/// False when `defence` certainly is no futile interposition: a probe that is no mate at
/// all is no mate within a bound either, and the unbounded question is the cheap one (the
/// bounded one cannot use the loops that end the unbounded search early).
fn may_be_futile(s: &mut Searcher<Guarded>, here: &Guarded, defence: Move) -> bool {
    here.may_interpose(defence)
        && here
            .futility_probes(defence)
            .iter()
            .any(|p| s.prove_defended(p, UNBOUNDED) == Verdict::Proven)
}

/// The plain position of `pos`, with the positions its attacker may no longer reach.
fn guarded(pos: &Counted) -> Guarded {
    Guarded::new(pos.pos.clone(), Rc::new(pos.seen_three_times()))
}
