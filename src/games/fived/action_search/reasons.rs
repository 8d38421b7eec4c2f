//! Why a point of the action space is not a legal action, as a region of points failing for
//! the same reason: jumps that do not pair up, branches in an impossible order, a present
//! that does not pass, a royal piece left capturable.

use super::Space;
use crate::games::fived::hypercuboid::{Bits, Region};
use crate::games::fived::movegen::Point;
use crate::games::fived::multiverse::Multiverse;
use crate::games::fived::types::{Cell, Colour};
use std::collections::HashMap;

impl Space {
    /// The region that fixes the number of branches to `b`.
    fn branch_count(&self, b: usize) -> Region {
        let mut r = Region::new();
        for k in 0..self.n_new().min(b + 1) {
            let a = self.n_play() + k;
            let pass = Bits::single(self.axes[a].len(), 0);
            r.push((
                a,
                if k < b {
                    pass.not(self.axes[a].len())
                } else {
                    pass
                },
            ));
        }
        r
    }

    /// The widest range of branch counts around `b` that wakes no other timeline.
    fn same_activity(&self, b: usize) -> (usize, usize) {
        let lo = self
            .wake
            .iter()
            .rev()
            .find(|&&w| w <= b)
            .copied()
            .unwrap_or(0);
        let hi = self
            .wake
            .iter()
            .find(|&&w| w > b)
            .map_or(self.n_new(), |w| w - 1);
        (lo, hi)
    }

    /// The region of points creating between `lo` and `hi` new timelines. Every cuboid fixes
    /// its number of branches, and the branching axes are a prefix, so two axes say it.
    fn branch_range(&self, lo: usize, hi: usize) -> Region {
        let mut r = Region::new();
        if lo > 0 {
            let a = self.n_play() + lo - 1;
            r.push((
                a,
                Bits::single(self.axes[a].len(), 0).not(self.axes[a].len()),
            ));
        }
        if hi < self.n_new() {
            let a = self.n_play() + hi;
            r.push((a, Bits::single(self.axes[a].len(), 0)));
        }
        r
    }

    /// A reason the point's values are not one action, as a region of points failing alike.
    pub(super) fn inconsistency(&self, x: &[usize]) -> Option<Region> {
        let mut seen: HashMap<Point, usize> = HashMap::new();
        for (a, &i) in x.iter().enumerate() {
            let Some(m) = self.axes[a][i].arrival() else {
                continue;
            };
            let from_here = |axis: usize| self.on(self.arriving_from(m.from, axis), axis, x[axis]);
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
            let Some(m) = self.axes[a][x[a]].arrival() else {
                continue;
            };
            let dest = (m.to.l, m.to.v);
            let Some(j) = self.play.iter().position(|&b| b == dest) else {
                continue;
            };
            let to_dest = |axis: usize| self.on(self.by_dest.get(&dest), axis, x[axis]);
            if x[j] == self.pass_of(j) {
                return Some(vec![
                    (a, to_dest(a)),
                    (j, Bits::single(self.axes[j].len(), x[j])),
                ]);
            }
            let later = (a + 1..x.len()).find(|&b| {
                self.axes[b][x[b]]
                    .arrival()
                    .is_some_and(|m2| (m2.from.l, m2.from.v) == dest)
            });
            if let Some(b) = later {
                return Some(vec![
                    (a, to_dest(a)),
                    (b, self.on(self.by_src.get(&dest), b, x[b])),
                ]);
            }
        }
        None
    }

    /// The axis that adds board `(l, v)` (if any) and its values with `cell` on square `sq`.
    fn cell_region(&self, at: Point, cell: Cell) -> Option<(usize, Bits)> {
        let a = match self.play.iter().position(|&(l, _)| l == at.l) {
            Some(a) if self.play[a].1 + 1 == at.v => a,
            Some(_) => return None,
            None => self.n_play() + self.new_l.iter().position(|&l| l == at.l)?,
        };
        let end = if a < self.n_play() { self.play[a].1 } else { 0 };
        Some((
            a,
            self.bits(a, |x| {
                x.v(end) == Some(at.v) && x.board().is_some_and(|b| b.at(at.sq) == cell)
            }),
        ))
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
    pub(super) fn state_problem(
        &self,
        work: &Multiverse,
        x: &[usize],
        forward: bool,
    ) -> Option<(Region, bool)> {
        let r = self.state_region(work, x, forward)?;
        let everywhere = r.len() <= 1 || Colour::of_v(work.present()) == self.p;
        Some((r, everywhere))
    }

    fn state_region(&self, work: &Multiverse, x: &[usize], forward: bool) -> Option<Region> {
        let b = x[self.n_play()..].iter().filter(|&&i| i != 0).count();
        let present = work.present();
        let active_new = |k: usize| work.active(self.new_l[k]);
        if Colour::of_v(present) == self.p {
            let passed = |j: usize| {
                x[j] == self.pass_of(j) && work.active(self.play[j].0) && self.play[j].1 == present
            };
            let Some(j) = (0..self.n_play()).find(|&j| passed(j)) else {
                return Some(self.point(x));
            };
            return Some(self.present_kept(j, b, present));
        }
        if forward && present < self.present0 {
            let mut r = self.branch_count(b);
            if let Some(k) = (0..b).find(|&k| {
                active_new(k) && work.end_v(self.new_l[k]).is_some_and(|v| v < self.present0)
            }) {
                let a = self.n_play() + k;
                r.push((
                    a,
                    self.bits(a, |v| {
                        v.arrival().is_some_and(|m| m.to.v + 1 < self.present0)
                    }),
                ));
            } else if let Some(j) = (0..self.n_play()).find(|&j| {
                x[j] != self.pass_of(j)
                    && work.active(self.play[j].0)
                    && self.play[j].1 + 1 < self.present0
            }) {
                r.push((
                    j,
                    Bits::single(self.axes[j].len(), self.pass_of(j)).not(self.axes[j].len()),
                ));
            }
            return Some(Self::merged(r));
        }
        let path = work.royal_attack(self.p.other())?;
        let parts = path
            .iter()
            .filter_map(|&pt| self.cell_region(pt, work.cell_at(pt)))
            .collect();
        Some(Self::merged(parts))
    }
}

/// The numbers of new timelines (1 to `n_new`) at which some inactive timeline of the
/// opponent of `p` becomes active: each branch of `p` lets the opponent lead by one more.
pub(super) fn wake_counts(mv: &Multiverse, p: Colour, n_new: usize) -> Vec<usize> {
    let (nw, nb) = mv.created();
    let with = |b: i32| {
        if p == Colour::White {
            (nw + b, nb)
        } else {
            (nw, nb + b)
        }
    };
    let mut out: Vec<usize> = mv
        .indices()
        .filter(|&l| !mv.active(l))
        .filter_map(|l| (1..=n_new).find(|&b| mv.active_with(l, with(b as i32))))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
