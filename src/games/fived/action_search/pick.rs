//! Which point of a cuboid to test next: one whose jumps already pair up where that is easy
//! to see, so that fewer points fail for an unmatched jump or a branch order.

use super::{Space, Val};
use crate::games::fived::hypercuboid::{Bits, Cuboid};

impl Space {
    /// A point of `c` whose jumps are paired where that is easy to see: every new-timeline axis
    /// that must branch gets an arrival whose leaving value is still in `c`, each from a
    /// different playable axis (a bipartite matching, new axes against source axes); the other
    /// playable axes take a physical move or a pass when `c` has one. `None` when no such
    /// matching exists: then no point of `c` is an action.
    pub(super) fn take_point(&self, c: &Cuboid) -> Option<Vec<usize>> {
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
                let Some((src, lv)) = self.branch_src[i] else {
                    continue;
                };
                if onto_history[src] || !c.0[src].has(lv) {
                    continue;
                }
                if first[src].is_none() || !self.branch_onto_end[i] {
                    first[src] = Some((i, lv));
                    onto_history[src] = !self.branch_onto_end[i];
                }
            }
            cands.push(
                first
                    .iter()
                    .enumerate()
                    .filter_map(|(src, f)| f.map(|(i, lv)| (src, i, lv)))
                    .collect(),
            );
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
                let plain = c.0[a]
                    .iter()
                    .find(|&i| matches!(self.axes[a][i], Val::Phy(..) | Val::Pass));
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
        let board = |i: usize, to: bool| {
            self.axes[first][i].arrival().map(|m| {
                if to {
                    (m.to.l, m.to.v)
                } else {
                    (m.from.l, m.from.v)
                }
            })
        };
        let mut left: Vec<usize> = must.iter().map(|&a| x[a]).collect();
        let mut order = Vec::with_capacity(left.len());
        for &a in must {
            let ready = |k: usize| {
                c.0[a].has(left[k])
                    && !left
                        .iter()
                        .any(|&o| o != left[k] && board(o, false) == board(left[k], true))
            };
            let Some(k) = (0..left.len()).find(|&k| ready(k)) else {
                return;
            };
            order.push(left.remove(k));
        }
        for (&a, &i) in must.iter().zip(&order) {
            x[a] = i;
        }
    }
}

/// Kuhn's augmenting path: give branching axis `k` a source axis, moving earlier owners.
fn augment(
    k: usize,
    cands: &[Vec<(usize, usize, usize)>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
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
