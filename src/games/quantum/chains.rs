//! Skipper chains (§6): every distinct result of one Skipper's jumps, found by a search over
//! chain states, never by listing paths, because a chain may loop (§6.2 rule 4, §20).

use super::geometry::{Dir, Point};
use super::movegen::{Generated, Sink, result_of};
use super::moves::{Move, PointSet};
use super::position::{FnvBuild, Position};
use super::types::{Cell, Side};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// Where a chain stands: the board so far (the moving Skipper lifted off), the Skipper's point,
/// the last jump's direction, and the Absorber phase (0: none jumped, 1: one more jump allowed,
/// 2: the chain must stop).
#[derive(Clone, PartialEq, Eq, Hash)]
struct ChainState {
    cells: Vec<u8>,
    at: Point,
    prev: Option<Dir>,
    phase: u8,
}

/// What a jump does to the piece jumped (§6.1), and its mark (§14).
pub fn jump_effect(jumped: Cell, me: Side) -> Option<(Cell, char)> {
    Some(match jumped {
        Cell::Empty => return None,
        Cell::Absorber => (Cell::Absorber, '^'),
        Cell::Skipper(s) if s == me => (Cell::Liner(me), '~'),
        Cell::Liner(s) if s == me => (Cell::Skipper(me), '~'),
        Cell::Charger(s) if s == me => (jumped, '-'),
        _ => (Cell::Empty, 'x'),
    })
}

/// The jumps open from a chain state: (direction, jumped point, landing point).
fn open_jumps(
    pos: &Position,
    cells: &[Cell],
    start: Point,
    at: Point,
    prev: Option<Dir>,
    phase: u8,
) -> Vec<(Dir, Point, Point)> {
    if phase >= 2 {
        return Vec::new();
    }
    let geo = pos.geo;
    Dir::ALL
        .into_iter()
        .filter(|&d| prev != Some(d.opposite()))
        .filter_map(|d| {
            let m = geo.step(at, d)?;
            let t = geo.step(m, d)?;
            (cells[m as usize] != Cell::Empty && cells[t as usize] == Cell::Empty && t != start)
                .then_some((d, m, t))
        })
        .collect()
}

/// One chain-search node: a state and the notation, removals and Absorbers of its path.
struct ChainNode {
    cells: Vec<Cell>,
    at: Point,
    prev: Option<Dir>,
    phase: u8,
    /// Jumped points whose piece differs from the start of the move.
    changed: PointSet,
    text: String,
    removed: Vec<(Point, bool)>,
}

pub(super) fn skipper_moves(pos: &Position, start: Point, sink: &mut Sink) {
    let mut cells = pos.cells.clone();
    cells[start as usize] = Cell::Empty;
    let root = ChainNode {
        cells,
        at: start,
        prev: None,
        phase: 0,
        changed: PointSet::default(),
        text: pos.geo.name(start),
        removed: Vec::new(),
    };
    if sink.want_text {
        chains_best_first(pos, start, root, sink)
    } else {
        chains_any_order(pos, start, root, sink)
    }
}

/// The key of a chain state, for the visited set.
fn state_key(n: &ChainNode) -> ChainState {
    ChainState {
        cells: n.cells.iter().map(|c| c.code()).collect(),
        at: n.at,
        prev: n.prev,
        phase: n.phase,
    }
}

/// Every jump out of a chain state: report its result, return the children that may go on.
fn expand(pos: &Position, start: Point, node: &ChainNode, sink: &mut Sink) -> Vec<ChainNode> {
    let mut children = Vec::new();
    for (d, m, t) in open_jumps(pos, &node.cells, start, node.at, node.prev, node.phase) {
        let child = jump_child(pos, node, d, m, t, sink.want_text);
        let mut placed = child.cells.clone();
        placed[t as usize] = Cell::Skipper(pos.side);
        let removed = if sink.want_text {
            child.removed.clone()
        } else {
            Vec::new()
        };
        sink.push(Generated {
            mv: Move::Chain {
                start,
                land: t,
                changed: child.changed,
            },
            result: result_of(pos, placed, 0, None),
            text: child.text.clone(),
            removed,
            projectile: false,
            absorbers: 0,
        });
        if child.phase < 2 {
            children.push(child);
        }
    }
    children
}

/// Best-first by (length, text): the first time a state is taken its path is the smallest
/// (appending a jump keeps that order), so canonical texts come out right (§20).
fn chains_best_first(pos: &Position, start: Point, root: ChainNode, sink: &mut Sink) {
    let mut nodes = vec![Some(root)];
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0usize, String::new(), 0usize)));
    let mut seen: HashSet<ChainState, FnvBuild> = HashSet::default();
    while let Some(Reverse((_, _, id))) = heap.pop() {
        let Some(node) = nodes[id].take() else {
            continue;
        };
        if !seen.insert(state_key(&node)) {
            continue;
        }
        for child in expand(pos, start, &node, sink) {
            heap.push(Reverse((child.text.len(), child.text.clone(), nodes.len())));
            nodes.push(Some(child));
        }
    }
}

/// Without notation the order does not matter: a plain depth-first walk of the states.
fn chains_any_order(pos: &Position, start: Point, root: ChainNode, sink: &mut Sink) {
    let mut stack = vec![root];
    let mut seen: HashSet<ChainState, FnvBuild> = HashSet::default();
    while let Some(node) = stack.pop() {
        if seen.insert(state_key(&node)) {
            stack.extend(expand(pos, start, &node, sink));
        }
    }
}

fn jump_child(
    pos: &Position,
    node: &ChainNode,
    d: Dir,
    m: Point,
    t: Point,
    want_text: bool,
) -> ChainNode {
    let jumped = node.cells[m as usize];
    let (after, mark) = jump_effect(jumped, pos.side).unwrap_or((jumped, '?'));
    let mut cells = node.cells.clone();
    cells[m as usize] = after;
    let phase = match (node.phase, jumped) {
        (0, Cell::Absorber) => 1,
        (0, _) => 0,
        _ => 2,
    };
    let mut removed = if want_text {
        node.removed.clone()
    } else {
        Vec::new()
    };
    if mark == 'x' && want_text {
        removed.push((m, false));
    }
    let mut changed = node.changed;
    match mark {
        'x' => changed.insert(m),
        '~' => changed.toggle(m),
        _ => {}
    }
    let text = if want_text {
        format!("{}{mark}{}", node.text, pos.geo.name(t))
    } else {
        String::new()
    };
    ChainNode {
        cells,
        at: t,
        prev: Some(d),
        phase,
        changed,
        text,
        removed,
    }
}
