//! Help play counted in plies, where the answer is every *shortest* line: ばか詰 (the
//! attacker, moving first, checks with every move until the defender is mated) and
//! 協力自玉詰 (the same, until the defender mates the attacker). The search goes breadth
//! first, one ply at a time, as fmrs does: every position is expanded once, at the first
//! ply it is reached, and the search stops at the first ply with a goal. A position met
//! again later cannot lie on a shortest line (the earlier meeting would make it shorter),
//! so it is dropped; met again at the same ply, it gains one more edge, and every move
//! order is counted. There is no recursion, so a line may be as long as the budget allows
//! (寿限無: 19 447 plies).
//!
//! Positions are told apart by their 64-bit key; every line is replayed and checked before
//! it is given, so a key collision can never make a line that is not one (the depth-first
//! [`help`] search answers instead).

mod count;
mod layers;
mod seen;

use std::time::Instant;

use layers::{Edge, Layers};
use seen::{Met, Seen};

use crate::solver::clock::Clock;
use crate::solver::help;
use crate::solver::stipulated::Stipulated;
use crate::solver::{
    Answer, Goal, HelpSolutions, Length, Limit, Limits, NoExtension, Outcome, Play, Stipulation,
    Unit,
};

/// The longest ply count a breadth-first stipulation may ask for: the search itself keeps
/// no stack, so only the budget bounds it; any length a stipulation can spell.
pub const MAX_PLIES: u32 = crate::solver::answer::MAX_LENGTH;

/// The search's growing structures, without a memory limit (2 GiB).
const DEFAULT_MEMORY: u64 = 2 << 30;

/// The most plies the listed lines hold in all (the others are counted): enough for
/// every line of any composed problem of ordinary length, and for a few lines of 寿限無.
pub const LISTED_PLIES: usize = 1_000_000;

/// Is `stip` solved here: help play in plies (the shogi names) in a game whose first mover
/// checks with every move.
pub fn applies<G: Stipulated>(stip: &Stipulation) -> bool {
    G::FIRST_MOVER_CHECKS
        && stip.unit == Unit::Plies
        && matches!(stip.play, Play::Help | Play::HelpSelf)
}

/// The layers up to the first ply with a goal, and which positions of that ply reach it.
type Found<M> = (Layers<M>, Vec<bool>);

/// Why the search stopped before it could answer.
enum Stop {
    Budget(Limit),
    /// A line failed its replay: two positions shared a key, and the line was too long for
    /// the depth-first search to take over. Answered as the memory limit: the table of
    /// positions could not tell them apart.
    Collision,
}

/// One step of the search: from the positions of `ply` (the checker to move) to those of
/// `ply + 2`, through the positions after the checks.
struct Step<G: Stipulated> {
    ply: u32,
    plies: u32,
    /// The positions of `ply` where the goal is reached (協力自玉詰: the checker mated).
    checker_goals: Vec<bool>,
    any_checker_goal: bool,
    /// One flag for each position after a check: the goal is reached there (ばか詰).
    reply_goals: Vec<bool>,
    any_reply_goal: bool,
    /// The checks, to the positions after them (numbered in the order made).
    checks: Vec<Edge<G::Move>>,
    /// The replies, to the positions of `ply + 2`.
    replies: Vec<Edge<G::Move>>,
    next: Vec<G>,
    /// The positions after the checks of the position being expanded (a buffer reused).
    afters: Vec<G>,
    /// Their replies, each with the index of its position in `afters` and the key of the
    /// position it leads to (a buffer reused).
    pending: Vec<(u32, G::Move, u64)>,
}

struct Search {
    nodes: u64,
    max_nodes: Option<u64>,
    max_bytes: u64,
    clock: Clock,
    goal: Goal,
    /// The goal is reached at even plies (協力自玉詰: the first mover is mated).
    goal_even: bool,
}

impl Search {
    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.max_nodes.is_some_and(|n| self.nodes > n) {
            return Err(Stop::Budget(Limit::Nodes));
        }
        if self.clock.expired(1) {
            return Err(Stop::Budget(Limit::Time));
        }
        Ok(())
    }

    fn reached<G: Stipulated>(&self, pos: &G) -> bool {
        match self.goal {
            Goal::Stalemate => pos.stalemated(),
            _ => pos.mated(),
        }
    }

    /// Is the goal reached at `pos`, the side to move having `moves` (or, for the
    /// checker, its checks: its other moves may still answer a check)?
    fn goal_at<G: Stipulated>(&self, pos: &G, moves: &[G::Move], checker: bool) -> bool {
        if checker {
            pos.in_check() && self.reached(pos)
        } else {
            moves.is_empty() && self.reached(pos)
        }
    }

    /// The layers from `root` up to the first ply with a goal (its positions flagged), or
    /// `None` when no line reaches one within `plies`. Two plies at a time: the checker's
    /// move and the reply. The position after the checker's move is built, judged and
    /// expanded at once, never stored or merged (met twice, it is expanded twice: cheaper
    /// than a table twice the size, as fmrs found); the positions after the reply are
    /// merged in the table and kept for the next step.
    fn layers<G: Stipulated>(
        &mut self,
        root: &G,
        plies: u32,
    ) -> Result<Option<Found<G::Move>>, Stop> {
        let mut layers = Layers::new();
        let mut seen = Seen::new();
        let mut kept_bytes = 0usize;
        seen.meet(root.key(), 0, 0);
        let mut frontier = vec![root.clone()];
        // the buffer of the step before last, reused: its pages are already mapped
        let mut spare: Vec<G> = Vec::new();
        let (mut afters, mut pending) = (Vec::new(), Vec::new());
        let edge = std::mem::size_of::<Edge<G::Move>>();
        let mut ply = 0;
        loop {
            let mut step = Step {
                ply,
                plies,
                checker_goals: vec![false; frontier.len()],
                any_checker_goal: false,
                reply_goals: Vec::new(),
                any_reply_goal: false,
                checks: Vec::new(),
                replies: Vec::new(),
                next: std::mem::take(&mut spare),
                afters: std::mem::take(&mut afters),
                pending: std::mem::take(&mut pending),
            };
            step.next.clear();
            for (i, pos) in frontier.iter().enumerate() {
                self.expand(pos, i as u32, &mut step, &mut seen)?;
                let bytes = seen.bytes()
                    + kept_bytes
                    + (step.checks.capacity() + step.replies.capacity()) * edge
                    + (step.next.capacity() + frontier.capacity()) * std::mem::size_of::<G>();
                if bytes as u64 > self.max_bytes {
                    return Err(Stop::Budget(Limit::Memory));
                }
            }
            if step.any_checker_goal {
                return Ok(Some((layers, step.checker_goals)));
            }
            if step.checks.is_empty() {
                return Ok(None);
            }
            layers.sizes.push(step.reply_goals.len() as u32);
            step.checks.shrink_to_fit();
            kept_bytes += step.checks.len() * edge;
            layers.edges.push(step.checks);
            if step.any_reply_goal {
                return Ok(Some((layers, step.reply_goals)));
            }
            if step.next.is_empty() {
                return Ok(None);
            }
            layers.sizes.push(step.next.len() as u32);
            step.replies.shrink_to_fit();
            kept_bytes += step.replies.len() * edge;
            layers.edges.push(step.replies);
            (afters, pending) = (step.afters, step.pending);
            spare = std::mem::replace(&mut frontier, step.next);
            ply += 2;
        }
    }

    /// One position of the checker to move, the `i`-th of its ply: judged, then its checks
    /// and their replies added to `step`, unless a goal was already found this step. The
    /// replies' keys are all computed, and their slots in the table asked for, before the
    /// first look-up: the cache misses overlap instead of waiting in turn.
    fn expand<G: Stipulated>(
        &mut self,
        pos: &G,
        i: u32,
        step: &mut Step<G>,
        seen: &mut Seen,
    ) -> Result<(), Stop> {
        self.tick()?;
        let checks = pos.checking_moves();
        if step.ply > 0 && self.goal_even && self.goal_at(pos, &checks, true) {
            step.checker_goals[i as usize] = true;
            step.any_checker_goal = true;
        }
        if step.ply >= step.plies || step.any_checker_goal {
            return Ok(());
        }
        let (reply_ply, next_ply) = (step.ply + 1, step.ply + 2);
        let first = step.reply_goals.len() as u32;
        step.afters.clear();
        step.pending.clear();
        for c in checks {
            self.tick()?;
            let after = pos.after(c);
            let q = step.reply_goals.len() as u32;
            step.checks.push(Edge {
                parent: i,
                child: q,
                mv: c,
            });
            let replies = after.tried_moves();
            let goal = !self.goal_even && self.goal_at(&after, &replies, false);
            step.reply_goals.push(goal);
            step.any_reply_goal |= goal;
            if reply_ply >= step.plies || step.any_reply_goal {
                continue;
            }
            for m in replies {
                let key = after.key_after(m);
                seen.prefetch(key);
                step.pending.push((q - first, m, key));
            }
            step.afters.push(after);
        }
        if step.any_reply_goal {
            return Ok(());
        }
        // every check pushed its position: the `k`-th of `afters` is reply position `first + k`
        for &(k, m, key) in &step.pending {
            let index = step.next.len() as u32;
            let child = match seen.meet(key, next_ply, index) {
                Met::Again(child) => child,
                Met::Earlier => continue,
                Met::New => {
                    step.next.push(step.afters[k as usize].after(m));
                    index
                }
            };
            step.replies.push(Edge {
                parent: first + k,
                child,
                mv: m,
            });
        }
        Ok(())
    }

    /// The shortest lines as text, in move order, up to [`LISTED_PLIES`] plies in all (at
    /// least one line) and while the node and time budget lasts, each replayed and checked;
    /// `None` if a line failed its replay. The search is over by then: the lines left out
    /// are counted in the answer's total.
    fn list<G: Stipulated>(
        &mut self,
        root: &G,
        layers: &Layers<G::Move>,
        goals: Vec<bool>,
    ) -> Option<Vec<(Vec<String>, bool)>> {
        let mut listed = 0usize;
        let walk = layers.lines(goals, || {
            if listed > 0 && listed + layers.edges.len() > LISTED_PLIES {
                return false;
            }
            listed += layers.edges.len();
            listed == layers.edges.len() || self.tick().is_ok()
        });
        walk.lines
            .iter()
            .map(|moves| self.replay(root, moves).map(|text| (text, false)))
            .collect()
    }

    /// The line of `moves` from `root` as text, checked on the way: every move is the
    /// side's to make, the checker's give check, and the goal is reached at the end.
    fn replay<G: Stipulated>(&self, root: &G, moves: &[G::Move]) -> Option<Vec<String>> {
        let mut pos = root.clone();
        let mut text = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let allowed = if i % 2 == 0 {
                pos.checking_moves()
            } else {
                pos.tried_moves()
            };
            if !allowed.contains(&m) {
                return None;
            }
            text.push(pos.move_text(m));
            pos = pos.after(m);
        }
        self.reached(&pos).then_some(text)
    }
}

/// Every shortest solution of `stip` (see [`applies`]) from `pos`, its side to move the
/// attacker, within `limits`. A search stopped by a limit answers unknown and lists no
/// line: a shorter line is ruled out only once every ply before it has been searched.
/// Once the search is over, the lines are listed while the budget lasts and up to
/// [`LISTED_PLIES`]; the others are counted (the answer's total), not listed.
pub fn solve<G: Stipulated>(pos: &G, stip: Stipulation, limits: &Limits) -> Answer {
    let started = Instant::now();
    let mut answer = Answer::new(stip, NoExtension {});
    let mut search = Search {
        nodes: 0,
        max_nodes: limits.nodes,
        max_bytes: limits.memory.unwrap_or(DEFAULT_MEMORY),
        clock: Clock::new(limits.time),
        goal: stip.goal,
        goal_even: stip.play == Play::HelpSelf,
    };
    let plies = stip.length.unwrap_or(1);
    let mut total = None;
    let depth_first = plies <= G::MAX_LENGTH;
    let (found, stop) = match search.layers(pos, plies) {
        Err(stop) => (Vec::new(), Some(stop)),
        Ok(None) => (Vec::new(), None),
        Ok(Some((layers, goals))) => {
            let count = layers.count(&goals);
            match search.list(pos, &layers, goals) {
                // two positions shared a key: the depth-first search, which never
                // takes a line for another, answers when the length lets it
                None if depth_first => return help::solve(pos, stip, limits),
                None => (Vec::new(), Some(Stop::Collision)),
                Some(lines) => {
                    if count.to_u64() != Some(lines.len() as u64) {
                        total = Some(count.to_string());
                    }
                    (lines, None)
                }
            }
        }
    };
    answer.nodes = search.nodes;
    let mut help = HelpSolutions::new(found, stop.is_none() && total.is_none());
    help.total = total;
    if let Some(first) = help.solutions.first() {
        answer.solution.moves = first.moves.clone();
    }
    match stop {
        Some(Stop::Budget(limit)) => {
            answer.stopped_by = Some(limit);
            answer.result = Outcome::Unknown;
        }
        Some(Stop::Collision) => {
            answer.stopped_by = Some(Limit::Memory);
            answer.result = Outcome::Unknown;
        }
        None if help.count > 0 => {
            answer.result = Outcome::Solved;
            let length = help.solutions[0].plies;
            answer.solution.length = Length::exact(length, stip.unit);
            answer.solution.unique = Some(help.count == 1 && help.total.is_none());
        }
        None => answer.result = Outcome::NoSolution,
    }
    answer.help = Some(help);
    answer.set_elapsed(started.elapsed());
    answer
}

#[cfg(test)]
mod tests;
