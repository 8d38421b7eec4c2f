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

use super::board::{Board, Sq};
use super::hypercuboid::{Bits, Cuboid, Pending, Region};
use super::movegen::{Move, Point};
use super::multiverse::Multiverse;
use super::types::{Cell, Colour};
use std::collections::HashMap;
use std::rc::Rc;

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
        if let Val::Arrive(m, _) = self { Some(m) } else { None }
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
    /// The step budget or the memory bound ran out: the answer is unknown.
    OutOfBudget,
}

fn group<K: std::hash::Hash + Eq>(map: &mut HashMap<K, Vec<(usize, Bits)>>, key: K, axis: usize, val: usize, n: usize) {
    let list = map.entry(key).or_default();
    match list.iter_mut().find(|(a, _)| *a == axis) {
        Some((_, b)) => b.insert(val),
        None => list.push((axis, Bits::single(n, val))),
    }
}

impl Space {
    pub fn new(mv: &Multiverse) -> Space {
        let p = mv.to_move();
        let play: Vec<BoardAt> = mv.playable(p).into_iter().filter_map(|l| Some((l, mv.end_v(l)?))).collect();
        let slot: HashMap<i32, usize> = play.iter().enumerate().map(|(i, &(l, _))| (l, i)).collect();
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
                let source = work.timeline(l).map(|t| t.last().clone()).unwrap_or_else(Board::empty);
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
                let Some(board) = arrived.filter(|b| !mv.board_attacks_royal(b, p.other())) else { continue };
                if let (Some(d), true) = (a.extended, a.created.is_none())
                    && let Some(&j) = slot.get(&d)
                {
                    axes[j].push(Val::Arrive(*m, board.clone()));
                }
                branches.push(Val::Arrive(*m, board));
            }
        }
        let n_new = axes.iter().filter(|vals| vals.iter().any(|x| matches!(x, Val::Leave(..)))).count();
        for vals in axes.iter_mut() {
            vals.push(Val::Pass);
        }
        let step = if p == Colour::White { 1 } else { -1 };
        let first = if p == Colour::White { mv.high() + 1 } else { mv.low - 1 };
        let new_l: Vec<i32> = (0..n_new as i32).map(|k| first + step * k).collect();
        let new_active = new_l.iter().map(|&l| mv.active(l)).collect();
        let wake = wake_counts(mv, p, n_new);
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
        let Some(vals) = self.axes.get(self.n_play()).cloned() else { return };
        let n = vals.len();
        for (i, m) in vals.iter().enumerate().filter_map(|(i, x)| Some((i, x.arrival()?))) {
            self.branch_from.entry(m.from).or_insert_with(|| Bits::empty(n)).insert(i);
            self.by_dest.entry((m.to.l, m.to.v)).or_insert_with(|| Bits::empty(n)).insert(i);
            self.by_src.entry((m.from.l, m.from.v)).or_insert_with(|| Bits::empty(n)).insert(i);
        }
        self.branch_src = vals.iter().map(|x| x.arrival().and_then(|m| self.leaves_of(m.from))).collect();
        self.branch_onto_end = vals.iter().map(|x| x.arrival().is_some_and(|m| self.play.contains(&(m.to.l, m.to.v)))).collect();
    }

    /// The set an index gives `axis`; the point's own value alone if the index has none
    /// (never expected, but a cut must always contain the point it was found on).
    fn on(&self, found: Option<&Bits>, axis: usize, at: usize) -> Bits {
        found.filter(|s| s.has(at)).cloned().unwrap_or_else(|| Bits::single(self.axes[axis].len(), at))
    }

    /// The values of `axis` arriving from square `from`.
    fn from_square(&self, from: Point, axis: usize) -> Option<&Bits> {
        if axis >= self.n_play() {
            return self.branch_from.get(&from);
        }
        self.arrivals.get(&from)?.iter().find(|(b, _)| *b == axis).map(|(_, s)| s)
    }

    /// A point of `c` whose jumps are paired where that is easy to see: every new-timeline axis
    /// that must branch gets an arrival whose leaving value is still in `c`, each from a
    /// different playable axis (a bipartite matching, new axes against source axes); the other
    /// playable axes take a physical move or a pass when `c` has one. `None` when no such
    /// matching exists: then no point of `c` is an action.
    fn take_point(&self, c: &Cuboid) -> Option<Vec<usize>> {
        let np = self.n_play();
        let mut x: Vec<usize> = c.0.iter().map(Bits::first).collect::<Option<_>>()?;
        // Candidate (source axis, arrival value, leave value) per branching axis.
        let mut cands: Vec<Vec<(usize, usize, usize)>> = vec![];
        let must: Vec<usize> = (np..x.len()).filter(|&a| !c.0[a].has(0)).collect();
        for &a in &must {
            // Per source axis, the first arrival landing on history if there is one (a branch
            // onto an end board needs that board's own move first, which may not fit).
            let mut first: Vec<Option<(usize, usize)>> = vec![None; np];
            let mut onto_history = vec![false; np];
            for i in c.0[a].iter() {
                let Some((src, lv)) = self.branch_src[i] else { continue };
                if onto_history[src] || !c.0[src].has(lv) {
                    continue;
                }
                if first[src].is_none() || !self.branch_onto_end[i] {
                    first[src] = Some((i, lv));
                    onto_history[src] = !self.branch_onto_end[i];
                }
            }
            cands.push(first.iter().enumerate().filter_map(|(src, f)| f.map(|(i, lv)| (src, i, lv))).collect());
        }
        let mut owner: Vec<Option<usize>> = vec![None; np];
        for k in 0..must.len() {
            let mut seen = vec![false; np];
            if !augment(k, &cands, &mut owner, &mut seen) {
                return None;
            }
        }
        let mut fixed = vec![false; x.len()];
        for (src, o) in owner.iter().enumerate() {
            let Some(k) = *o else { continue };
            let &(_, i, lv) = cands[k].iter().find(|e| e.0 == src)?;
            x[must[k]] = i;
            x[src] = lv;
            fixed[must[k]] = true;
            fixed[src] = true;
        }
        self.order_branches(c, &must, &mut x);
        for a in 0..np {
            if !fixed[a] {
                let plain = c.0[a].iter().find(|&i| matches!(self.axes[a][i], Val::Phy(..) | Val::Pass));
                x[a] = plain.unwrap_or(x[a]);
            }
        }
        Some(x)
    }

    /// Reorder the chosen branching jumps over the must-branch axes so that a jump leaving a
    /// board comes before any jump landing on that board (a later branch finds a board history
    /// only if it was left first): axis by axis, the first jump the axis allows whose
    /// destination no unplaced jump still has to leave. Left as chosen if that gets stuck.
    fn order_branches(&self, c: &Cuboid, must: &[usize], x: &mut [usize]) {
        let Some(&first) = must.first() else { return };
        let board = |i: usize, to: bool| self.axes[first][i].arrival().map(|m| if to { (m.to.l, m.to.v) } else { (m.from.l, m.from.v) });
        let mut left: Vec<usize> = must.iter().map(|&a| x[a]).collect();
        let mut order = Vec::with_capacity(left.len());
        for &a in must {
            let ready = |k: usize| c.0[a].has(left[k]) && !left.iter().any(|&o| o != left[k] && board(o, false) == board(left[k], true));
            let Some(k) = (0..left.len()).find(|&k| ready(k)) else { return };
            order.push(left.remove(k));
        }
        for (&a, &i) in must.iter().zip(&order) {
            x[a] = i;
        }
    }

    /// The region holding the point alone.
    fn point(&self, x: &[usize]) -> Region {
        x.iter().enumerate().map(|(a, &i)| (a, Bits::single(self.axes[a].len(), i))).collect()
    }

    fn leaves_of(&self, from: Point) -> Option<(usize, usize)> {
        let a = self.play.iter().position(|&(l, v)| l == from.l && v == from.v)?;
        let i = self.axes[a].iter().position(|x| matches!(x, Val::Leave(sq, _) if *sq == from.sq))?;
        Some((a, i))
    }

    fn n_play(&self) -> usize {
        self.play.len()
    }
    fn n_new(&self) -> usize {
        self.new_l.len()
    }
    fn pass_of(&self, a: usize) -> usize {
        if a < self.n_play() { self.axes[a].len() - 1 } else { 0 }
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
        let mut c: Vec<Bits> = (0..self.n_play()).map(|a| Bits::full(self.axes[a].len())).collect();
        for k in 0..self.n_new() {
            let a = self.n_play() + k;
            let pass = Bits::single(self.axes[a].len(), 0);
            c.push(if k < b { pass.not(self.axes[a].len()) } else { pass });
        }
        Cuboid(c)
    }

    /// The region that fixes the number of branches to `b`.
    fn branch_count(&self, b: usize) -> Region {
        let mut r = Region::new();
        for k in 0..self.n_new().min(b + 1) {
            let a = self.n_play() + k;
            let pass = Bits::single(self.axes[a].len(), 0);
            r.push((a, if k < b { pass.not(self.axes[a].len()) } else { pass }));
        }
        r
    }

    /// The widest range of branch counts around `b` that wakes no other timeline.
    fn same_activity(&self, b: usize) -> (usize, usize) {
        let lo = self.wake.iter().rev().find(|&&w| w <= b).copied().unwrap_or(0);
        let hi = self.wake.iter().find(|&&w| w > b).map_or(self.n_new(), |w| w - 1);
        (lo, hi)
    }

    /// The region of points creating between `lo` and `hi` new timelines. Every cuboid fixes
    /// its number of branches, and the branching axes are a prefix, so two axes say it.
    fn branch_range(&self, lo: usize, hi: usize) -> Region {
        let mut r = Region::new();
        if lo > 0 {
            let a = self.n_play() + lo - 1;
            r.push((a, Bits::single(self.axes[a].len(), 0).not(self.axes[a].len())));
        }
        if hi < self.n_new() {
            let a = self.n_play() + hi;
            r.push((a, Bits::single(self.axes[a].len(), 0)));
        }
        r
    }

    /// A reason the point's values are not one action, as a region of points failing alike.
    fn inconsistency(&self, x: &[usize]) -> Option<Region> {
        let mut seen: HashMap<Point, usize> = HashMap::new();
        for (a, &i) in x.iter().enumerate() {
            let Some(m) = self.axes[a][i].arrival() else { continue };
            let from_here = |axis: usize| self.on(self.from_square(m.from, axis), axis, x[axis]);
            let (src, leave) = self.leaves[&m.from];
            if x[src] != leave {
                let not_leave = Bits::single(self.axes[src].len(), leave).not(self.axes[src].len());
                return Some(vec![(a, from_here(a)), (src, not_leave)]);
            }
            if let Some(&b) = seen.get(&m.from) {
                return Some(vec![(b, from_here(b)), (a, from_here(a))]);
            }
            seen.insert(m.from, a);
        }
        for (&from, &(src, leave)) in &self.leaves {
            if x[src] == leave && !seen.contains_key(&from) {
                let mut r = vec![(src, Bits::single(self.axes[src].len(), leave))];
                for (a, set) in self.arrivals.get(&from).into_iter().flatten() {
                    r.push((*a, set.not(self.axes[*a].len())));
                }
                if let Some(set) = self.branch_from.get(&from) {
                    let not = set.not(self.axes[self.n_play()].len());
                    r.extend((self.n_play()..x.len()).map(|a| (a, not.clone())));
                }
                return Some(r);
            }
        }
        self.branch_order(x)
    }

    /// A branching jump needs its destination board already moved on: by a non-branching move
    /// (any), or by a jump that made an earlier new timeline.
    fn branch_order(&self, x: &[usize]) -> Option<Region> {
        for a in self.n_play()..x.len() {
            let Some(m) = self.axes[a][x[a]].arrival() else { continue };
            let dest = (m.to.l, m.to.v);
            let Some(j) = self.play.iter().position(|&b| b == dest) else { continue };
            let to_dest = |axis: usize| self.on(self.by_dest.get(&dest), axis, x[axis]);
            if x[j] == self.pass_of(j) {
                return Some(vec![(a, to_dest(a)), (j, Bits::single(self.axes[j].len(), x[j]))]);
            }
            let later = (a + 1..x.len()).find(|&b| self.axes[b][x[b]].arrival().is_some_and(|m2| (m2.from.l, m2.from.v) == dest));
            if let Some(b) = later {
                return Some(vec![(a, to_dest(a)), (b, self.on(self.by_src.get(&dest), b, x[b]))]);
            }
        }
        None
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
        for a in self.n_play()..x.len() {
            if let Val::Arrive(m, b) = &self.axes[a][x[a]] {
                work.new_timeline(self.p, m.to.v + 1, b.clone());
                moves.push(*m);
            }
        }
        moves
    }

    fn unbuild(&self, work: &mut Multiverse, x: &[usize]) {
        for a in self.n_play()..x.len() {
            if x[a] != 0 {
                work.drop_timeline(self.p);
            }
        }
        for (a, &(l, _)) in self.play.iter().enumerate() {
            if x[a] != self.pass_of(a) {
                work.pop(l);
            }
        }
    }

    /// The axis that adds board `(l, v)` (if any) and its values with `cell` on square `sq`.
    fn cell_region(&self, at: Point, cell: Cell) -> Option<(usize, Bits)> {
        let a = match self.play.iter().position(|&(l, _)| l == at.l) {
            Some(a) if self.play[a].1 + 1 == at.v => a,
            Some(_) => return None,
            None => self.n_play() + self.new_l.iter().position(|&l| l == at.l)?,
        };
        let end = if a < self.n_play() { self.play[a].1 } else { 0 };
        Some((a, self.bits(a, |x| x.v(end) == Some(at.v) && x.board().is_some_and(|b| b.at(at.sq) == cell))))
    }

    /// Merge restrictions on the same axis (a path may cross one board twice).
    fn merged(parts: Vec<(usize, Bits)>) -> Region {
        let mut r: Region = Vec::new();
        for (a, set) in parts {
            match r.iter_mut().find(|(b, _)| *b == a) {
                Some((_, s)) => *s = s.and(&set),
                None => r.push((a, set)),
            }
        }
        r
    }

    /// The points where active timeline `j` passes at the present `present` (the player's
    /// own time) and nothing moves the present back: every active new timeline passes or
    /// starts after it, and the branch count stays where the same timelines are active. The
    /// present stays `present` in all of them, so the turn never passes. The count is not
    /// fixed: one cut serves every number of branches with the same activity.
    fn present_kept(&self, j: usize, b: usize, present: i32) -> Region {
        let (lo, hi) = self.same_activity(b);
        let mut r = self.branch_range(lo, hi);
        r.push((j, Bits::single(self.axes[j].len(), self.pass_of(j))));
        for k in (0..self.n_new()).filter(|&k| self.new_active[k]) {
            let a = self.n_play() + k;
            let late = self.bits(a, |v| v.arrival().is_none_or(|m| m.to.v + 1 > present));
            if late.len() < self.axes[a].len() {
                r.push((a, late));
            }
        }
        Self::merged(r)
    }

    /// Reasons found on the built state: a present that did not pass, a present moved back
    /// (only when `forward` asks for it), a capturable royal piece. The flag says whether the
    /// cut is worth making in every pending cuboid, not only the one the point came from.
    fn state_problem(&self, work: &Multiverse, x: &[usize], forward: bool) -> Option<(Region, bool)> {
        let r = self.state_region(work, x, forward)?;
        let everywhere = r.len() <= 1 || Colour::of_v(work.present()) == self.p;
        Some((r, everywhere))
    }

    fn state_region(&self, work: &Multiverse, x: &[usize], forward: bool) -> Option<Region> {
        let b = x[self.n_play()..].iter().filter(|&&i| i != 0).count();
        let present = work.present();
        let active_new = |k: usize| work.active(self.new_l[k]);
        if Colour::of_v(present) == self.p {
            let passed = |j: usize| x[j] == self.pass_of(j) && work.active(self.play[j].0) && self.play[j].1 == present;
            let Some(j) = (0..self.n_play()).find(|&j| passed(j)) else { return Some(self.point(x)) };
            return Some(self.present_kept(j, b, present));
        }
        if forward && present < self.present0 {
            let mut r = self.branch_count(b);
            if let Some(k) = (0..b).find(|&k| active_new(k) && work.end_v(self.new_l[k]).is_some_and(|v| v < self.present0)) {
                let a = self.n_play() + k;
                r.push((a, self.bits(a, |v| v.arrival().is_some_and(|m| m.to.v + 1 < self.present0))));
            } else if let Some(j) = (0..self.n_play()).find(|&j| x[j] != self.pass_of(j) && work.active(self.play[j].0) && self.play[j].1 + 1 < self.present0) {
                r.push((j, Bits::single(self.axes[j].len(), self.pass_of(j)).not(self.axes[j].len())));
            }
            return Some(Self::merged(r));
        }
        let path = work.royal_attack(self.p.other())?;
        let parts = path.iter().filter_map(|&pt| self.cell_region(pt, work.cell_at(pt))).collect();
        Some(Self::merged(parts))
    }
}

/// The numbers of new timelines (1 to `n_new`) at which some inactive timeline of the
/// opponent of `p` becomes active: each branch of `p` lets the opponent lead by one more.
fn wake_counts(mv: &Multiverse, p: Colour, n_new: usize) -> Vec<usize> {
    let (nw, nb) = mv.created();
    let with = |b: i32| if p == Colour::White { (nw + b, nb) } else { (nw, nb + b) };
    let mut out: Vec<usize> = mv.indices().filter(|&l| !mv.active(l)).filter_map(|l| (1..=n_new).find(|&b| mv.active_with(l, with(b as i32)))).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Kuhn's augmenting path: give branching axis `k` a source axis, moving earlier owners.
fn augment(k: usize, cands: &[Vec<(usize, usize, usize)>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for &(src, _, _) in &cands[k] {
        if seen[src] {
            continue;
        }
        seen[src] = true;
        if owner[src].is_none_or(|o| augment(o, cands, owner, seen)) {
            owner[src] = Some(k);
            return true;
        }
    }
    false
}

/// The memory the pending cuboids of one search may hold; beyond it the search gives up and
/// says so. Only absurd input comes near: a cuboid of 100_timelines (148 axes) holds about
/// 20 kB, and a few of them are pending at a time.
const MEMORY: usize = 256 << 20;

/// Visit the legal actions of the player to move, each once (with the state after it), until
/// `visit` returns false. `forward` keeps only the actions that do not move the present back.
/// `budget` bounds the points looked at. With `FIVED_SEARCH_STATS` set in the environment the
/// search prints how many points failed for which kind of reason (for tuning, on stderr).
pub fn search<F: FnMut(&Multiverse, &[Move]) -> bool>(mv: &Multiverse, forward: bool, budget: u64, mut visit: F) -> Search {
    let space = Space::new(mv);
    let mut work = mv.clone();
    let lens: Vec<usize> = space.axes.iter().map(|v| v.len()).collect();
    let mut pending = Pending::new(&lens);
    let mut counts = 0..=space.n_new();
    let mut steps = 0u64;
    let mut stats = [0u64; 4];
    let stats_on = std::env::var_os("FIVED_SEARCH_STATS").is_some();
    loop {
        if pending.bytes() > MEMORY {
            return Search::OutOfBudget;
        }
        let Some(c) = pending.todo.pop() else {
            match counts.next() {
                Some(b) => pending.add(space.start(b)),
                None => break,
            }
            continue;
        };
        stats[3] = stats[3].max(pending.todo.len() as u64);
        let Some(x) = space.take_point(&c) else { continue };
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
        if steps > budget {
            return Search::OutOfBudget;
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
        c.cut(&region, &mut pending.todo);
        if everywhere {
            pending.cut_everywhere(region);
        }
    }
    if stats_on {
        eprintln!("search: {} axes, inconsistent {} failing {} legal {} max todo {}", lens.len(), stats[0], stats[1], stats[2], stats[3]);
    }
    Search::Complete
}
