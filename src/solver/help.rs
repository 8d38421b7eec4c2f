//! Help play over any game: helpmates `h#n` and `h#n.5`, help-stalemates `h=n`, series
//! helpmates `ser-h#n`, series direct mates `ser-#n`, help-selfmates `hs#n` (the last
//! move forces the other side to mate), and shogi's ばか詰 and 協力自玉詰 (the attacker
//! checking on every move; in 協力自玉詰 the defender mates the attacker). Every solution is a line of moves both sides agree on, so the
//! search is exhaustive and lists every distinct line; a table of "no solution from here
//! in r plies" facts prunes transpositions. Only failures are cached: a success must still
//! be walked again to list its lines. The conventions are in `docs/stipulations.md`.

use std::collections::HashSet;
use std::time::Instant;

use crate::solver::clock::Clock;
use crate::solver::stipulated::Stipulated;
use crate::solver::{
    Answer, Goal, HelpSolutions, Length, Limits, NoExtension, Outcome, Play, Stipulation, Unit,
};

/// Which side plays a ply: the side that reaches the goal, or its partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Mater,
    Matee,
}

/// The plies of a help-play stipulation of `n` (moves, or plies for the shogi names), in
/// order: who plays each. The side to move in the position plays the first.
fn schedule(stip: &Stipulation, n: u32) -> Vec<Side> {
    let n = n as usize;
    match (stip.unit, stip.play) {
        // 協力自玉詰: the attacker, to be mated, moves first and the defender mates last
        (Unit::Plies, Play::HelpSelf) => (0..n)
            .map(|i| if i % 2 == 0 { Side::Matee } else { Side::Mater })
            .collect(),
        (Unit::Plies, _) => (0..n)
            .map(|i| if i % 2 == 0 { Side::Mater } else { Side::Matee })
            .collect(),
        // hs#n: the side to be mated plays n moves, the other n - 1 between them; the
        // forced mate that follows is not part of the plan
        (_, Play::HelpSelf) => (0..2 * n - 1)
            .map(|i| if i % 2 == 0 { Side::Matee } else { Side::Mater })
            .collect(),
        (_, Play::SeriesHelp) => {
            let mut s = vec![Side::Matee; n];
            s.push(Side::Mater);
            s
        }
        (_, Play::SeriesDirect) => vec![Side::Mater; n],
        _ => {
            let mut s = if stip.half { vec![Side::Mater] } else { vec![] };
            for _ in 0..n {
                s.extend([Side::Matee, Side::Mater]);
            }
            s
        }
    }
}

/// The lengths searched, in order: in plies (ばか詰) the odd lengths up to the one asked,
/// the search stopping at the first that has solutions; in moves every length up to the
/// one asked, the shorter ones being short solutions.
fn lengths(stip: &Stipulation) -> Vec<u32> {
    let n = stip.length.unwrap_or(1);
    match stip.unit {
        Unit::Plies if stip.play == Play::HelpSelf => (2..=n).step_by(2).collect(),
        Unit::Plies => (1..=n).step_by(2).collect(),
        // `h#n.5` is short from `h#0.5` on: a mate in one by the side to move
        _ if stip.half => (0..=n).collect(),
        _ => (1..=n).collect(),
    }
}

/// The search ran out of its node or time budget.
struct OutOfBudget;

/// Bytes a failure fact takes in the table, with the hash set's overhead.
const ENTRY_BYTES: usize = 32;

/// The table's bound without a memory limit (256 MiB).
const DEFAULT_ENTRIES: usize = (256 << 20) / ENTRY_BYTES;

struct Search<M> {
    /// (position key, plies left): no line from here reaches the goal.
    failed: HashSet<(u64, u32)>,
    max_entries: usize,
    nodes: u64,
    max_nodes: Option<u64>,
    clock: Clock,
    goal: Goal,
    /// The side whose every move must give check (the shogi names' attacker).
    checker: Option<Side>,
    /// After the plan, the side to move must be forced to mate (`hs#n`).
    forced_end: bool,
    /// A mating move gives check in this game (the last ply may skip the others).
    mate_checks: bool,
    plan: Vec<Side>,
    /// The lines found, each its moves and the texts that end it (the forced mates of
    /// `hs#n`); the moves are written out once a line is found, as writing one (its check
    /// mark) may cost as much as a node.
    lines: Vec<(Vec<M>, Vec<String>)>,
}

impl<M: Copy> Search<M> {
    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|n| self.nodes > n) || self.clock.expired(1) {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// The line has reached the end of the plan: the lines it completes, each the moves
    /// still to add (none for a mate or stalemate reached; the forced mates of `hs#n`).
    fn ends<G: Stipulated>(&self, pos: &G) -> Option<Vec<Vec<String>>> {
        if self.forced_end {
            return forced_mates(pos).map(|ms| ms.into_iter().map(|m| vec![m]).collect());
        }
        let reached = match self.goal {
            Goal::Stalemate => pos.stalemated(),
            _ => pos.mated(),
        };
        reached.then(|| vec![Vec::new()])
    }

    /// Every line from `pos` at ply `i` of the plan; true when there is one.
    fn lines_from<G: Stipulated<Move = M>>(
        &mut self,
        pos: &G,
        i: usize,
        path: &mut Vec<M>,
    ) -> Result<bool, OutOfBudget> {
        let left = (self.plan.len() - i) as u32;
        if left == 0 {
            let Some(tails) = self.ends(pos) else {
                return Ok(false);
            };
            for tail in tails {
                self.lines.push((path.clone(), tail));
            }
            return Ok(true);
        }
        let key = (pos.key(), left);
        if self.failed.contains(&key) {
            return Ok(false);
        }
        self.tick()?;
        let side = self.plan[i];
        let series = self.plan.get(i + 1) == Some(&side);
        // the last ply mates only with check, stalemates only without
        let last = left == 1 && !self.forced_end && self.mate_checks;
        let mut found = false;
        for m in pos.tried_moves() {
            let after = pos.after(m);
            let check = after.in_check();
            if self.checker == Some(side) && !check {
                continue;
            }
            if last && (check != (self.goal != Goal::Stalemate)) {
                continue;
            }
            let next = if series {
                // the partner passes: only when the move did not give check
                match after.passed() {
                    Some(p) => p,
                    None => continue,
                }
            } else {
                after
            };
            path.push(m);
            let r = self.lines_from(&next, i + 1, path);
            path.pop();
            found |= r?;
        }
        if !found {
            if self.failed.len() >= self.max_entries {
                self.failed.clear();
            }
            self.failed.insert(key);
        }
        Ok(found)
    }
}

/// The line of `moves` from `root` as text, then `tail`; a series move is followed by the
/// partner's pass.
fn line_text<G: Stipulated>(
    root: &G,
    plan: &[Side],
    moves: &[G::Move],
    tail: Vec<String>,
) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(moves.len() + tail.len());
    for (i, &m) in moves.iter().enumerate() {
        out.push(pos.move_text(m));
        pos = pos.after(m);
        if plan.get(i + 1) == Some(&plan[i]) {
            // a series move: listed only when the partner could pass
            pos = pos.passed().unwrap_or(pos);
        }
    }
    out.extend(tail);
    out
}

/// The side to move must mate: it has a move and every move mates. Its mates, or `None`.
fn forced_mates<G: Stipulated>(pos: &G) -> Option<Vec<String>> {
    let moves = pos.tried_moves();
    let all = !moves.is_empty() && moves.iter().all(|&m| pos.after(m).mated());
    all.then(|| moves.into_iter().map(|m| pos.move_text(m)).collect())
}

/// Every solution of the help-play stipulation `stip` from `pos` (its side to move plays
/// first): each distinct line, shortest first, within `limits`. A stopped search answers
/// unknown and lists the lines it had proven, marked incomplete.
pub fn solve<G: Stipulated>(pos: &G, stip: Stipulation, limits: &Limits) -> Answer {
    let started = Instant::now();
    let mut answer = Answer::new(stip, NoExtension {});
    let plies = stip.unit == Unit::Plies;
    let mut search = Search {
        failed: HashSet::new(),
        max_entries: limits.entries(1024, ENTRY_BYTES, DEFAULT_ENTRIES),
        nodes: 0,
        max_nodes: limits.nodes,
        clock: Clock::new(limits.time),
        goal: stip.goal,
        checker: None,
        forced_end: stip.play == Play::HelpSelf && !plies,
        mate_checks: G::MATE_GIVES_CHECK,
        plan: Vec::new(),
        lines: Vec::new(),
    };
    let asked = stip.length.unwrap_or(1);
    let mut found: Vec<(Vec<String>, bool)> = Vec::new();
    let mut shortest = None;
    let mut stopped = false;
    for k in lengths(&stip) {
        search.plan = schedule(&stip, k);
        search.checker = search
            .plan
            .first()
            .filter(|_| plies && G::FIRST_MOVER_CHECKS)
            .copied();
        let r = search.lines_from(pos, 0, &mut Vec::new());
        let short = k < asked && !plies;
        let lines: Vec<Vec<String>> = std::mem::take(&mut search.lines)
            .into_iter()
            .map(|(moves, tail)| line_text(pos, &search.plan, &moves, tail))
            .collect();
        if !lines.is_empty() && shortest.is_none() {
            shortest = Some(k);
        }
        found.extend(lines.into_iter().map(|l| (l, short)));
        if r.is_err() {
            stopped = true;
            break;
        }
        if plies && shortest.is_some() {
            break;
        }
    }
    answer.nodes = search.nodes;
    let help = HelpSolutions::new(found, !stopped);
    if let Some(first) = help.solutions.first() {
        answer.solution.moves = first.moves.clone();
    }
    if stopped {
        answer.stopped_by = Some(limits.reached(search.nodes));
        answer.result = Outcome::Unknown;
    } else if let Some(k) = shortest {
        answer.result = Outcome::Solved;
        answer.solution.length = Length::exact(k, stip.unit);
        answer.solution.unique = Some(help.count == 1);
    } else {
        answer.result = Outcome::NoSolution;
    }
    answer.help = Some(help);
    answer.set_elapsed(started.elapsed());
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_follow_popeye() {
        use Side::*;
        let s = |t: &str, n| schedule(&t.parse().unwrap(), n);
        assert_eq!(s("h#2", 2), [Matee, Mater, Matee, Mater]);
        assert_eq!(s("h#2.5", 2), [Mater, Matee, Mater, Matee, Mater]);
        assert_eq!(s("ser-h#3", 3), [Matee, Matee, Matee, Mater]);
        assert_eq!(s("ser-#2", 2), [Mater, Mater]);
        assert_eq!(s("bakazume 3", 3), [Mater, Matee, Mater]);
        assert_eq!(lengths(&"bakazume 7".parse().unwrap()), [1, 3, 5, 7]);
        assert_eq!(lengths(&"h#3".parse().unwrap()), [1, 2, 3]);
        assert_eq!(lengths(&"h#1.5".parse().unwrap()), [0, 1]);
        assert_eq!(s("hs#2", 2), [Matee, Mater, Matee]);
        assert_eq!(s("kyoryoku-jigyokuzume 4", 4), [Matee, Mater, Matee, Mater]);
        assert_eq!(lengths(&"協力自玉詰 6手".parse().unwrap()), [2, 4, 6]);
    }
}
