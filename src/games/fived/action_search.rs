//! The legal actions of a nodal state by hypercuboid search (after cwmtt's idea; our own code).
//!
//! An action is one choice per board it may change: for each playable board a physical move,
//! a piece leaving by a jump, a piece arriving by a non-branching jump, or a pass; and for the
//! k-th timeline the action may create, the branching jump that creates it or nothing. Every
//! action is a point of the product of these axes, and the order of the moves no longer
//! matters: non-branching moves first, then the branching jumps in the order of their new
//! timelines. Most points are not actions, or not legal ones. Instead of walking them one by
//! one, the search takes a point, finds one reason it fails (a jump that leaves but does not
//! arrive, a branch onto a board nobody moved, a present that does not pass, a royal piece
//! left capturable), and cuts away every point that fails for the same reason: all points that
//! agree with this one on the few axes the reason depends on. A check, for instance, depends
//! only on the squares of the attacker, its path and the target, so one test rules out every
//! combination of moves on the other boards.

use super::action::{Budget, Exhausted};
use super::board::{Board, Sq};
use super::hypercuboid::{Bits, Cuboid, Pending, Region};
use super::movegen::{Move, Point};
use super::multiverse::Multiverse;
use super::types::Colour;
use crate::solver::clock::Clock;
use std::collections::HashMap;
use std::rc::Rc;

mod pick;
mod reasons;

/// One value of an axis.
#[derive(Clone, Debug)]
enum Val {
    Pass,
    /// A physical move and the board it appends.
    Phy(Move, Board),
    /// A piece leaving this board by a jump (wherever it goes), and the board left behind.
    Leave(Sq, Board),
    /// A jump arriving: on a playable axis non-branching, on a new-timeline axis branching.
    Arrive(Move, Board),
}

impl Val {
    fn board(&self) -> Option<&Board> {
        match self {
            Val::Pass => None,
            Val::Phy(_, b) | Val::Leave(_, b) | Val::Arrive(_, b) => Some(b),
        }
    }
    fn arrival(&self) -> Option<&Move> {
        if let Val::Arrive(m, _) = self {
            Some(m)
        } else {
            None
        }
    }
    /// The time index of the board this value appends (`None` for a pass).
    fn v(&self, end: i32) -> Option<i32> {
        match self {
            Val::Pass => None,
            Val::Arrive(m, _) => Some(m.to.v + 1),
            _ => Some(end + 1),
        }
    }
}

type BoardAt = (i32, i32);

/// The axes of one nodal state and the indexes the reasons are read from.
pub struct Space {
    p: Colour,
    /// Playable axes come first (their timeline and end time), then the new-timeline axes,
    /// which all share one list of values (there may be thousands of them in bad input).
    axes: Vec<Rc<Vec<Val>>>,
    play: Vec<BoardAt>,
    /// The timeline index the k-th new timeline gets.
    new_l: Vec<i32>,
    present0: i32,
    /// Jump source square → for each playable axis, its values arriving from there.
    arrivals: HashMap<Point, Vec<(usize, Bits)>>,
    /// Jump source square → the branching values arriving from there (on every new axis).
    branch_from: HashMap<Point, Bits>,
    /// Jump source square → (playable axis, its Leave value).
    leaves: HashMap<Point, (usize, usize)>,
    /// For new axes (the same on each): destination board → values; source board → values.
    by_dest: HashMap<BoardAt, Bits>,
    by_src: HashMap<BoardAt, Bits>,
    /// For each value of a new-timeline axis (all such axes have the same values): the
    /// playable axis its piece leaves and the Leave value there.
    branch_src: Vec<Option<(usize, usize)>>,
    /// For each value of a new-timeline axis: whether it lands on a playable end board.
    branch_onto_end: Vec<bool>,
    /// Whether the k-th new timeline is active (its activity does not depend on the others).
    new_active: Vec<bool>,
    /// The numbers of new timelines at which an inactive timeline of the opponent wakes up,
    /// ascending: the present can change with the number of branches only there.
    wake: Vec<usize>,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every point was decided.
    Complete,
    /// The visitor asked to stop.
    Stopped,
    /// The step budget, the memory bound or the time ran out: the answer is unknown.
    OutOfBudget(Exhausted),
}

fn group<K: std::hash::Hash + Eq>(
    map: &mut HashMap<K, Vec<(usize, Bits)>>,
    key: K,
    axis: usize,
    val: usize,
    n: usize,
) {
    let list = map.entry(key).or_default();
    match list.iter_mut().find(|(a, _)| *a == axis) {
        Some((_, b)) => b.insert(val),
        None => list.push((axis, Bits::single(n, val))),
    }
}

impl Space {
    pub fn new(mv: &Multiverse) -> Space {
        let p = mv.to_move();
        let play: Vec<BoardAt> = mv
            .playable(p)
            .into_iter()
            .filter_map(|l| Some((l, mv.end_v(l)?)))
            .collect();
        let slot: HashMap<i32, usize> =
            play.iter().enumerate().map(|(i, &(l, _))| (l, i)).collect();
        let mut axes: Vec<Vec<Val>> = vec![vec![]; play.len()];
        let mut branches: Vec<Val> = vec![Val::Pass];
        let mut work = mv.clone();
        let mut moves = Vec::new();
        for (i, &(l, v)) in play.iter().enumerate() {
            moves.clear();
            mv.board_moves(l, v, p, false, &mut moves);
            let (mut left, mut blocked): (Vec<Sq>, Vec<Sq>) = (vec![], vec![]);
            for m in &moves {
                if !m.physical() && blocked.contains(&m.from.sq) {
                    continue;
                }
                let Some(a) = work.apply(m) else { continue };
                let source = work
                    .timeline(l)
                    .map(|t| t.last().clone())
                    .unwrap_or_else(Board::empty);
                if m.physical() {
                    work.undo(&a);
                    if !mv.board_attacks_royal(&source, p.other()) {
                        axes[i].push(Val::Phy(*m, source));
                    }
                    continue;
                }
                if !left.contains(&m.from.sq) {
                    // The board left behind is an end board of the opponent in every action
                    // with this jump: if it captures a royal piece, no such action is legal.
                    if mv.board_attacks_royal(&source, p.other()) {
                        blocked.push(m.from.sq);
                        work.undo(&a);
                        continue;
                    }
                    left.push(m.from.sq);
                    axes[i].push(Val::Leave(m.from.sq, source));
                }
                let arrived = match (a.extended, a.created) {
                    (Some(d), _) => work.timeline(d).map(|t| t.last().clone()),
                    (_, Some(d)) => work.timeline(d).map(|t| t.boards[0].clone()),
                    _ => None,
                };
                work.undo(&a);
                let Some(board) = arrived.filter(|b| !mv.board_attacks_royal(b, p.other())) else {
                    continue;
                };
                if let (Some(d), true) = (a.extended, a.created.is_none())
                    && let Some(&j) = slot.get(&d)
                {
                    axes[j].push(Val::Arrive(*m, board.clone()));
                }
                branches.push(Val::Arrive(*m, board));
            }
        }
        let n_new = axes
            .iter()
            .filter(|vals| vals.iter().any(|x| matches!(x, Val::Leave(..))))
            .count();
        for vals in axes.iter_mut() {
            vals.push(Val::Pass);
        }
        let step = if p == Colour::White { 1 } else { -1 };
        let first = if p == Colour::White {
            mv.high() + 1
        } else {
            mv.low - 1
        };
        let new_l: Vec<i32> = (0..n_new as i32).map(|k| first + step * k).collect();
        let new_active = new_l.iter().map(|&l| mv.active(l)).collect();
        let wake = reasons::wake_counts(mv, p, n_new);
        let mut axes: Vec<Rc<Vec<Val>>> = axes.into_iter().map(Rc::new).collect();
        let branches = Rc::new(branches);
        axes.extend(std::iter::repeat_n(branches, n_new));
        let mut s = Space {
            p,
            axes,
            play,
            new_l,
            present0: mv.present(),
            arrivals: HashMap::new(),
            branch_from: HashMap::new(),
            leaves: HashMap::new(),
            by_dest: HashMap::new(),
            by_src: HashMap::new(),
            branch_src: vec![],
            branch_onto_end: vec![],
            new_active,
            wake,
        };
        s.index();
        s
    }

    fn index(&mut self) {
        for (a, vals) in self.axes[..self.n_play()].iter().enumerate() {
            let n = vals.len();
            for (i, x) in vals.iter().enumerate() {
                match x {
                    Val::Arrive(m, _) => group(&mut self.arrivals, m.from, a, i, n),
                    Val::Leave(sq, _) => {
                        let (l, v) = self.play[a];
                        self.leaves.insert(Point { l, v, sq: *sq }, (a, i));
                    }
                    _ => {}
                }
            }
        }
        let Some(vals) = self.axes.get(self.n_play()).cloned() else {
            return;
        };
        let n = vals.len();
        for (i, m) in vals
            .iter()
            .enumerate()
            .filter_map(|(i, x)| Some((i, x.arrival()?)))
        {
            self.branch_from
                .entry(m.from)
                .or_insert_with(|| Bits::empty(n))
                .insert(i);
            self.by_dest
                .entry((m.to.l, m.to.v))
                .or_insert_with(|| Bits::empty(n))
                .insert(i);
            self.by_src
                .entry((m.from.l, m.from.v))
                .or_insert_with(|| Bits::empty(n))
                .insert(i);
        }
        self.branch_src = vals
            .iter()
            .map(|x| x.arrival().and_then(|m| self.leaves_of(m.from)))
            .collect();
        self.branch_onto_end = vals
            .iter()
            .map(|x| {
                x.arrival()
                    .is_some_and(|m| self.play.contains(&(m.to.l, m.to.v)))
            })
            .collect();
    }

    /// The set an index gives `axis`; the point's own value alone if the index has none
    /// (never expected, but a cut must always contain the point it was found on).
    fn on(&self, found: Option<&Bits>, axis: usize, at: usize) -> Bits {
        found
            .filter(|s| s.has(at))
            .cloned()
            .unwrap_or_else(|| Bits::single(self.axes[axis].len(), at))
    }

    /// The values of `axis` arriving from square `from`.
    fn arriving_from(&self, from: Point, axis: usize) -> Option<&Bits> {
        if axis >= self.n_play() {
            return self.branch_from.get(&from);
        }
        self.arrivals
            .get(&from)?
            .iter()
            .find(|(b, _)| *b == axis)
            .map(|(_, s)| s)
    }

    /// The region holding the point alone.
    fn point(&self, x: &[usize]) -> Region {
        x.iter()
            .enumerate()
            .map(|(a, &i)| (a, Bits::single(self.axes[a].len(), i)))
            .collect()
    }

    fn leaves_of(&self, from: Point) -> Option<(usize, usize)> {
        let a = self
            .play
            .iter()
            .position(|&(l, v)| l == from.l && v == from.v)?;
        let i = self.axes[a]
            .iter()
            .position(|x| matches!(x, Val::Leave(sq, _) if *sq == from.sq))?;
        Some((a, i))
    }

    fn n_play(&self) -> usize {
        self.play.len()
    }
    fn n_new(&self) -> usize {
        self.new_l.len()
    }
    fn pass_of(&self, a: usize) -> usize {
        if a < self.n_play() {
            self.axes[a].len() - 1
        } else {
            0
        }
    }
    /// The values of axis `a` matching `f`.
    fn bits(&self, a: usize, f: impl Fn(&Val) -> bool) -> Bits {
        let mut b = Bits::empty(self.axes[a].len());
        for (i, x) in self.axes[a].iter().enumerate() {
            if f(x) {
                b.insert(i);
            }
        }
        b
    }

    /// The starting cuboid for `b` new timelines: the first `b` new axes branch, the others
    /// pass, so that timelines are created in order. One per count, made when the search
    /// reaches it (there may be thousands of counts in bad input).
    fn start(&self, b: usize) -> Cuboid {
        let mut c: Vec<Bits> = (0..self.n_play())
            .map(|a| Bits::full(self.axes[a].len()))
            .collect();
        for k in 0..self.n_new() {
            let a = self.n_play() + k;
            let pass = Bits::single(self.axes[a].len(), 0);
            c.push(if k < b {
                pass.not(self.axes[a].len())
            } else {
                pass
            });
        }
        Cuboid(c)
    }

    /// Put the point's boards on `work`; returns the moves in an order that plays them.
    fn build(&self, work: &mut Multiverse, x: &[usize]) -> Vec<Move> {
        let mut moves = Vec::new();
        for (a, &(l, _)) in self.play.iter().enumerate() {
            let val = &self.axes[a][x[a]];
            if let Some(b) = val.board() {
                work.push(l, b.clone());
            }
            match val {
                Val::Phy(m, _) | Val::Arrive(m, _) => moves.push(*m),
                _ => {}
            }
        }
        for (a, &i) in x.iter().enumerate().skip(self.n_play()) {
            if let Val::Arrive(m, b) = &self.axes[a][i] {
                work.new_timeline(self.p, m.to.v + 1, b.clone());
                moves.push(*m);
            }
        }
        moves
    }

    fn unbuild(&self, work: &mut Multiverse, x: &[usize]) {
        let created = x[self.n_play()..].iter().filter(|&&i| i != 0).count();
        for _ in 0..created {
            work.drop_timeline(self.p);
        }
        for (a, &(l, _)) in self.play.iter().enumerate() {
            if x[a] != self.pass_of(a) {
                work.pop(l);
            }
        }
    }
}

/// Visit the legal actions of the player to move, each once (with the state after it), until
/// `visit` returns false. `forward` keeps only the actions that do not move the present back.
/// `budget` bounds the points looked at, the bytes the cuboids still to search may hold
/// (a cuboid of 100 timelines, 148 axes, holds about 20 kB; a cut that could pass the bound
/// is not made) and the time. With `FIVED_SEARCH_STATS` set in the environment the search
/// prints how many points failed for which kind of reason (for tuning, on stderr).
pub fn search<F: FnMut(&Multiverse, &[Move]) -> bool>(
    mv: &Multiverse,
    forward: bool,
    budget: Budget,
    mut visit: F,
) -> Search {
    let space = Space::new(mv);
    let mut work = mv.clone();
    let lens: Vec<usize> = space.axes.iter().map(|v| v.len()).collect();
    let mut pending = Pending::new(&lens);
    let mut counts = 0..=space.n_new();
    let mut steps = 0u64;
    let mut clock = Clock::until(budget.deadline);
    let mut stats = [0u64; 4];
    let stats_on = std::env::var_os("FIVED_SEARCH_STATS").is_some();
    loop {
        let Some(c) = pending.todo.pop() else {
            match counts.next() {
                Some(b) if pending.add(space.start(b), budget.memory).is_err() => {
                    return Search::OutOfBudget(Exhausted::Memory);
                }
                Some(_) => {}
                None => break,
            }
            continue;
        };
        stats[3] = stats[3].max(pending.todo.len() as u64);
        let Some(x) = space.take_point(&c) else {
            continue;
        };
        steps += 1;
        if stats_on && steps.is_multiple_of(100_000) {
            eprintln!(
                "search: step {steps}, {} axes, inconsistent {} failing {} legal {} todo {}",
                lens.len(),
                stats[0],
                stats[1],
                stats[2],
                pending.todo.len()
            );
        }
        if steps > budget.nodes {
            return Search::OutOfBudget(Exhausted::Nodes);
        }
        if clock.expired(1) {
            return Search::OutOfBudget(Exhausted::Time);
        }
        let (region, everywhere) = match space.inconsistency(&x) {
            Some(r) => {
                stats[0] += 1;
                let one = r.len() <= 1;
                (r, one)
            }
            None => {
                let moves = space.build(&mut work, &x);
                let problem = space.state_problem(&work, &x, forward);
                let stop = problem.is_none() && !visit(&work, &moves);
                space.unbuild(&mut work, &x);
                if stop {
                    return Search::Stopped;
                }
                stats[if problem.is_some() { 1 } else { 2 }] += 1;
                problem.unwrap_or_else(|| (space.point(&x), false))
            }
        };
        // Every region holds only points that fail whatever cuboid they lie in. One that
        // restricts a single axis, or keeps the present for every branch count, is cut from all
        // the cuboids still to search (a single axis keeps each one cuboid); others only from
        // the cuboid they were found in.
        if pending.cut(c, region, everywhere, budget.memory).is_err() {
            return Search::OutOfBudget(Exhausted::Memory);
        }
    }
    if stats_on {
        eprintln!(
            "search: {} axes, inconsistent {} failing {} legal {} max todo {}",
            lens.len(),
            stats[0],
            stats[1],
            stats[2],
            stats[3]
        );
    }
    Search::Complete
}
