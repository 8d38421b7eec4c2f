//! The positions a breadth-first search reached, layer by layer, kept as little as it can:
//! each layer is the moves that led into it (parent, child, move), in the order the
//! parents were expanded; the positions themselves are dropped once their layer is
//! expanded. The shortest lines are the paths from the root to a goal along these edges.

use super::count::Count;

/// One move from a position of layer `d` to one of layer `d + 1`, by their indices.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge<M> {
    pub parent: u32,
    pub child: u32,
    pub mv: M,
}

/// The edges of every layer: `edges[d]` leads from layer `d` to layer `d + 1`, sorted by
/// parent (the parents were expanded in order).
pub(super) struct Layers<M> {
    pub edges: Vec<Vec<Edge<M>>>,
    /// The number of positions in each layer.
    pub sizes: Vec<u32>,
}

/// What walking the lines found: the lines (each its moves), or that the budget ran out
/// after the ones listed.
pub(super) struct Walk<M> {
    pub lines: Vec<Vec<M>>,
    pub stopped: bool,
}

impl<M: Copy> Layers<M> {
    /// The layers of a search that starts at one root.
    pub fn new() -> Layers<M> {
        Layers {
            edges: Vec::new(),
            sizes: vec![1],
        }
    }

    /// Which positions of each layer lie on a path to a goal of the last layer (`goals`
    /// flags its positions): walked backwards, a parent lives when a child of it does.
    fn alive(&self, goals: Vec<bool>) -> Vec<Vec<bool>> {
        let mut alive = vec![goals];
        for (d, edges) in self.edges.iter().enumerate().rev() {
            let below = alive.last().expect("a layer below");
            let mut here = vec![false; self.sizes[d] as usize];
            for e in edges {
                if below[e.child as usize] {
                    here[e.parent as usize] = true;
                }
            }
            alive.push(here);
        }
        alive.reverse();
        alive
    }

    /// How many paths lead from the root to a goal (`goals` flags the last layer's
    /// positions), counted forward layer by layer, exactly.
    pub fn count(&self, goals: &[bool]) -> Count {
        let mut ways = vec![Count::one()];
        for (d, edges) in self.edges.iter().enumerate() {
            let mut below = vec![Count::default(); self.sizes[d + 1] as usize];
            for e in edges {
                below[e.child as usize].add(&ways[e.parent as usize]);
            }
            ways = below;
        }
        let mut total = Count::default();
        for (w, &g) in ways.iter().zip(goals) {
            if g {
                total.add(w);
            }
        }
        total
    }

    /// Every path from the root to a goal, in the order of the moves (each parent's moves
    /// in the order they were generated), calling `more` before each line found: it says
    /// whether the budget allows one more. The walk keeps its own stack, so a line may be
    /// as long as the search went.
    pub fn lines(&self, goals: Vec<bool>, mut more: impl FnMut() -> bool) -> Walk<M> {
        let alive = self.alive(goals);
        let mut walk = Walk {
            lines: Vec::new(),
            stopped: false,
        };
        if !alive[0][0] {
            return walk;
        }
        let depth = self.edges.len();
        // stack[d]: the next edge of layer d to try, and the end of the current parent's
        let mut stack: Vec<(usize, usize)> = vec![self.children(0, 0)];
        let mut path: Vec<M> = Vec::with_capacity(depth);
        while !stack.is_empty() {
            let d = stack.len() - 1;
            let top = &mut stack[d];
            if top.0 == top.1 {
                stack.pop();
                path.pop();
                continue;
            }
            let e = self.edges[d][top.0];
            top.0 += 1;
            if !alive[d + 1][e.child as usize] {
                continue;
            }
            path.push(e.mv);
            if d + 1 == depth {
                if !more() {
                    walk.stopped = true;
                    return walk;
                }
                walk.lines.push(path.clone());
                path.pop();
            } else {
                stack.push(self.children(d + 1, e.child));
            }
        }
        walk
    }

    /// The range of layer `d`'s edges whose parent is `parent`.
    fn children(&self, d: usize, parent: u32) -> (usize, usize) {
        let edges = &self.edges[d];
        let start = edges.partition_point(|e| e.parent < parent);
        let end = edges.partition_point(|e| e.parent <= parent);
        (start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(parent: u32, child: u32, mv: char) -> Edge<char> {
        Edge { parent, child, mv }
    }

    #[test]
    fn every_path_to_a_goal_in_move_order_and_no_dead_end() {
        // root -a-> 0, -b-> 1; 0 -c-> 0', 0 -d-> 1'; 1 -e-> 1', 1 -f-> 2'
        let layers = Layers {
            edges: vec![
                vec![edge(0, 0, 'a'), edge(0, 1, 'b')],
                vec![
                    edge(0, 0, 'c'),
                    edge(0, 1, 'd'),
                    edge(1, 1, 'e'),
                    edge(1, 2, 'f'),
                ],
            ],
            sizes: vec![1, 2, 3],
        };
        let walk = layers.lines(vec![false, true, true], || true);
        assert_eq!(walk.lines, [vec!['a', 'd'], vec!['b', 'e'], vec!['b', 'f']]);
        assert!(!walk.stopped);
        let mut budget = 2;
        let cut = layers.lines(vec![false, true, true], || {
            budget -= 1;
            budget >= 0
        });
        assert_eq!(cut.lines.len(), 2);
        assert!(cut.stopped);
        assert!(layers.lines(vec![false; 3], || true).lines.is_empty());
    }

    #[test]
    fn a_line_far_longer_than_the_stack_could_recurse() {
        let n = 200_000;
        let layers = Layers {
            edges: (0..n).map(|_| vec![edge(0, 0, 'x')]).collect(),
            sizes: vec![1; n + 1],
        };
        let walk = layers.lines(vec![true], || true);
        assert_eq!(walk.lines.len(), 1);
        assert_eq!(walk.lines[0].len(), n);
    }
}
