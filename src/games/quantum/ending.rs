//! The end of the game (§11) and its result (§12).

use super::geometry::{Dir, Point};
use super::movegen::{self, slide};
use super::position::{FnvBuild, MATERIAL_THRESHOLD, Position};
use super::types::{Cell, Side};
use std::collections::{HashSet, VecDeque};

/// Why a game ended (§11; agreement and house rules only appear in records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// E1: the material left on the board fell to the threshold.
    Material,
    /// E2: the side to move has only Absorber steps, and none frees a piece.
    AbsorberOnly,
    /// E3: no sequence of moves reaches a capture any more.
    Dead,
}

impl Reason {
    /// The QGN `Termination` value.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Material => "material",
            Reason::AbsorberOnly => "absorber-only",
            Reason::Dead => "dead",
        }
    }
}

/// The state of play of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Status {
    /// Play goes on.
    Ongoing,
    /// E3 could not be decided within its node budget: play goes on (§11).
    Undetermined,
    /// The game is over.
    Over {
        /// Why.
        reason: Reason,
        /// Who won (none in a drawn, dead position).
        winner: Option<Side>,
    },
}

impl Status {
    /// The game is over.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Over { .. })
    }
}

/// Nodes the dead-position search may visit before answering "undetermined".
pub const DEAD_BUDGET: usize = 20_000;

/// E1, E2, E3 in this order (A24); the winner by §12.
pub fn status(pos: &Position) -> Status {
    if let Some(reason) = quick_end(pos) {
        return Status::Over {
            reason,
            winner: winner(pos),
        };
    }
    status_after_quick(pos, &movegen::results(pos))
}

/// `status` when the distinct moves of `pos` are already known (saves generating them twice).
pub fn status_with(pos: &Position, moves: &[movegen::Generated]) -> Status {
    if let Some(reason) = quick_end(pos) {
        return Status::Over {
            reason,
            winner: winner(pos),
        };
    }
    status_after_quick(pos, moves)
}

fn status_after_quick(pos: &Position, moves: &[movegen::Generated]) -> Status {
    match dead_given(pos, moves, DEAD_BUDGET) {
        Some(true) => Status::Over {
            reason: Reason::Dead,
            winner: winner(pos),
        },
        Some(false) => Status::Ongoing,
        None => Status::Undetermined,
    }
}

/// E1 or E2, the cheap conditions.
pub fn quick_end(pos: &Position) -> Option<Reason> {
    if pos.material() <= MATERIAL_THRESHOLD {
        Some(Reason::Material)
    } else if absorber_only(pos) {
        Some(Reason::AbsorberOnly)
    } else {
        None
    }
}

/// §12: the higher score wins, then more captured Absorbers; `None` is a draw.
pub fn winner(pos: &Position) -> Option<Side> {
    let key = |s: Side| (pos.score(s), pos.captured[s.index()]);
    match key(Side::Red).cmp(&key(Side::Blue)) {
        std::cmp::Ordering::Greater => Some(Side::Red),
        std::cmp::Ordering::Less => Some(Side::Blue),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether `side` has a Skipper, Liner or Charger move in `pos` (whoever is to move).
pub fn has_piece_move(pos: &Position, side: Side) -> bool {
    let mut as_side = pos.clone();
    as_side.side = side;
    (0..pos.geo.len() as Point).any(|p| match pos.at(p) {
        Cell::Skipper(s) if s == side => Dir::ALL.into_iter().any(|d| skipper_can_jump(pos, p, d)),
        Cell::Liner(s) if s == side => Dir::ALL
            .into_iter()
            .any(|d| slide(&as_side, p, d).is_some()),
        // a Charger can always fire: some neighbour exists on any board (A14)
        Cell::Charger(s) => s == side,
        _ => false,
    })
}

fn skipper_can_jump(pos: &Position, p: Point, d: Dir) -> bool {
    let geo = pos.geo;
    geo.step(p, d)
        .filter(|&m| pos.at(m) != Cell::Empty)
        .and_then(|m| geo.step(m, d))
        .is_some_and(|t| pos.at(t) == Cell::Empty)
}

/// E2 (§11, A22, A28): no move but Absorber steps, and no step frees a piece.
pub fn absorber_only(pos: &Position) -> bool {
    let me = pos.side;
    if has_piece_move(pos, me) {
        return false;
    }
    for from in 0..pos.geo.len() as Point {
        if pos.at(from) != Cell::Absorber || pos.locked == Some(from) {
            continue;
        }
        for d in Dir::ALL {
            let Some(to) = pos.geo.step(from, d).filter(|&t| pos.at(t) == Cell::Empty) else {
                continue;
            };
            let mut q = pos.clone();
            q.cells[from as usize] = Cell::Empty;
            q.cells[to as usize] = Cell::Absorber;
            if has_piece_move(&q, me) {
                return false;
            }
        }
    }
    true
}

/// E3 (§11, A23): `Some(true)` when no sequence of legal moves reaches a capture, without
/// passing through a position ended by E1 or E2; `None` when the budget runs out.
pub fn dead(pos: &Position, budget: usize) -> Option<bool> {
    dead_given(pos, &movegen::results(pos), budget)
}

/// E3 with the moves of `pos` already generated: the usual answer, "a capture is available
/// now", costs nothing more.
fn dead_given(pos: &Position, root_moves: &[movegen::Generated], budget: usize) -> Option<bool> {
    if root_moves.iter().any(|m| m.is_capture(pos)) {
        return Some(false);
    }
    let mut seen: HashSet<Position, FnvBuild> = HashSet::default();
    let mut queue = VecDeque::new();
    seen.insert(without_clock(pos));
    let mut visit = |moves: Vec<&movegen::Generated>, queue: &mut VecDeque<Position>| {
        for m in moves {
            if quick_end(&m.result).is_none() && seen.insert(without_clock(&m.result)) {
                queue.push_back(m.result.clone());
            }
        }
    };
    visit(root_moves.iter().collect(), &mut queue);
    let mut visited = 1;
    while let Some(x) = queue.pop_front() {
        visited += 1;
        if visited > budget {
            return None;
        }
        let moves = movegen::results(&x);
        if moves.iter().any(|m| m.is_capture(&x)) {
            return Some(false);
        }
        visit(moves.iter().collect(), &mut queue);
    }
    Some(true)
}

/// The E3 key: board, side to move, lock (and captured counts, which no non-capture changes).
fn without_clock(pos: &Position) -> Position {
    Position {
        fullmove: 1,
        ..pos.clone()
    }
}
