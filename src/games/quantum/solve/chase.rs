//! `w<N>` (§16.1) on the generic df-pn solver: a wrapper position that knows the solver and
//! the state of play, so that the solver's OR/AND nodes mean exactly W(P, n).
//!
//! * Solver (attacker) moves: every move, except those that end the game without a solver
//!   win (such a line fails, §16.1).
//! * Opponent (defender) moves: every move; none once the game is over, which only happens
//!   after a solver move that won (the others were never offered): an AND node without
//!   moves is a win for the solver.
//! * An ending right after an opponent move counts when the solver wins it, but only if the
//!   solver still had a move to make (W(P2, n − 1) with n > 1). The generic search treats an
//!   OR node without moves as a failure, so such a position offers the solver one
//!   pseudo-ply, [`Ply::Collect`], to a position where the opponent has no move: the win is
//!   then counted at the solver's next move, exactly as W counts it. Reports drop the
//!   pseudo-ply again.
//! * Repetitions: W does not care about the move number, so the key leaves it out; the
//!   solver's rule that a repetition fails for the attacker is harmless because a win
//!   within n never needs to go round a loop.
//!
//! An E3 verdict left undetermined by its budget counts as play going on, and is flagged.

use crate::core::Game;
use crate::games::quantum::ending::{self, Status};
use crate::games::quantum::movegen::{self, Generated};
use crate::games::quantum::moves::{self, Move};
use crate::games::quantum::position::{FnvBuild, Position};
use crate::games::quantum::types::Side;
use crate::solver::MateSearch;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// One ply of the search: a real move, or the solver collecting a win the opponent's last
/// move gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ply {
    Play(Move),
    Collect,
}

/// The text of [`Ply::Collect`]; reports remove it.
pub const COLLECT_TEXT: &str = "(won)";

/// What the positions of one search share: the status of each position met (E3 can be
/// costly, and every position is asked about several times), the ordered moves of the
/// positions met last (the search asks for them two or three times in a row: to count
/// them, to expand the node, and the status test has generated them already), and whether
/// some E3 verdict was left undetermined. Both memos are keyed by [`Position::play_key`]
/// and keep the position to confirm a hit.
#[derive(Default)]
struct Shared {
    status: Memo<Status>,
    lists: Memo<Rc<[Ply]>>,
    unresolved: Cell<bool>,
    /// Entries of `status` before it is emptied.
    status_limit: Cell<usize>,
}

type Memo<T> = RefCell<HashMap<u64, (Position, T), FnvBuild>>;

/// Same board, side, captures and lock (the move number does not matter here).
fn same_play(a: &Position, b: &Position) -> bool {
    a.cells == b.cells && (a.side, a.captured, a.locked) == (b.side, b.captured, b.locked)
}

/// Remember `value` for `pos`, emptying the memo first when it has `limit` entries.
fn remember<T>(memo: &Memo<T>, pos: &Position, value: T, limit: usize) {
    let mut memo = memo.borrow_mut();
    if memo.len() >= limit {
        memo.clear();
    }
    memo.insert(pos.play_key(), (pos.clone(), value));
}

/// A position of a `w<N>` puzzle.
#[derive(Clone)]
pub struct Chase {
    pub pos: Position,
    pub solver: Side,
    /// The solver has collected the win (after [`Ply::Collect`]): nothing more to play.
    collected: bool,
    shared: Rc<Shared>,
}

impl std::fmt::Debug for Chase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Chase({}, collected: {})",
            crate::games::quantum::notation::qfen::to_qfen(&self.pos),
            self.collected
        )
    }
}

/// Entries of the memos before they are emptied (bounds memory on long searches); the
/// status memo's without a memory limit.
pub const STATUS_LIMIT: usize = 1 << 20;
const LIST_LIMIT: usize = 1 << 12;

impl Chase {
    /// The puzzle position; the side to move is the solver.
    pub fn new(pos: Position) -> Chase {
        Chase {
            solver: pos.side,
            pos,
            collected: false,
            shared: Rc::new(Shared {
                status_limit: Cell::new(STATUS_LIMIT),
                ..Shared::default()
            }),
        }
    }

    /// Bytes one status memo entry of `pos`'s board takes at most: key, position and
    /// status in a table at worst half full after it doubled, and the position's cells
    /// with the allocator's overhead.
    pub fn status_entry_bytes(pos: &Position) -> usize {
        2 * (std::mem::size_of::<(u64, (Position, Status))>() + 1)
            + std::mem::size_of_val(pos.cells.as_slice())
            + 16
    }

    /// The same root with its status memo emptied at `entries` entries.
    pub fn with_status_limit(self, entries: usize) -> Chase {
        self.shared.status_limit.set(entries);
        self
    }

    /// Some line met an E3 verdict left undetermined by its budget.
    pub fn unresolved(&self) -> bool {
        self.shared.unresolved.get()
    }

    /// The state of play here (E1, E2, E3 with its budget), remembered for the search.
    pub fn status(&self) -> Status {
        self.status_of(&self.pos)
    }

    fn status_of(&self, pos: &Position) -> Status {
        if let Some((p, s)) = self.shared.status.borrow().get(&pos.play_key())
            && same_play(p, pos)
        {
            return *s;
        }
        let s = match ending::quick_end(pos) {
            Some(reason) => Status::Over {
                reason,
                winner: ending::winner(pos),
            },
            None => {
                let moves = movegen::results(pos);
                let s = ending::status_with(pos, &moves);
                remember(&self.shared.lists, pos, ordered(pos, moves), LIST_LIMIT);
                s
            }
        };
        if s == Status::Undetermined {
            self.shared.unresolved.set(true);
        }
        remember(&self.shared.status, pos, s, self.shared.status_limit.get());
        s
    }

    /// The moves of the position, in search order.
    fn plies(&self) -> Rc<[Ply]> {
        if let Some((p, list)) = self.shared.lists.borrow().get(&self.pos.play_key())
            && same_play(p, &self.pos)
        {
            return list.clone();
        }
        let list = ordered(&self.pos, movegen::results(&self.pos));
        remember(&self.shared.lists, &self.pos, list.clone(), LIST_LIMIT);
        list
    }

    /// The winner when the game is over here (`Some(None)`: a draw).
    fn ended(&self, pos: &Position) -> Option<Option<Side>> {
        match self.status_of(pos) {
            Status::Over { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

/// Distinct moves, those gaining most for the mover first (wins are found sooner).
fn ordered(pos: &Position, mut moves: Vec<Generated>) -> Rc<[Ply]> {
    let before = scores(pos);
    let me = pos.side.index();
    moves.sort_by_cached_key(|m| {
        let after = scores(&m.result);
        let drop = |s: usize| before[s] as i64 - after[s] as i64;
        (std::cmp::Reverse(drop(1 - me) - drop(me)), m.mv)
    });
    moves.iter().map(|g| Ply::Play(g.mv)).collect()
}

/// Both players' scores (§12) in one pass over the board, Red first.
fn scores(pos: &Position) -> [u32; 2] {
    let mut s = [0, 0];
    for c in &pos.cells {
        if let Some(side) = c.side() {
            s[side.index()] += c.cylinders();
        }
    }
    s
}

/// §16.2: the drop in the opponent's score minus the drop in the mover's own.
pub fn gain(before: &Position, m: &Generated) -> i64 {
    let me = before.side;
    let drop = |s: Side| before.score(s) as i64 - m.result.score(s) as i64;
    drop(me.other()) - drop(me)
}

impl Game for Chase {
    type Move = Ply;

    fn legal_moves(&self) -> Vec<Ply> {
        if self.collected || self.ended(&self.pos).is_some() {
            return Vec::new();
        }
        self.plies().to_vec()
    }

    fn after(&self, ply: Ply) -> Self {
        match ply {
            Ply::Play(m) => Chase {
                pos: moves::play(&self.pos, m),
                ..self.clone()
            },
            Ply::Collect => Chase {
                collected: true,
                ..self.clone()
            },
        }
    }

    /// Board, side to move, captured Absorbers and lock; not the move number.
    fn key(&self) -> u64 {
        let k = self.pos.play_key();
        if self.collected { !k } else { k }
    }

    fn in_check(&self) -> bool {
        false
    }

    /// Canonical short form, with `#` when the game ends after the move (§14).
    fn move_text(&self, ply: Ply) -> String {
        let Ply::Play(m) = ply else {
            return COLLECT_TEXT.to_string();
        };
        let Some(g) = movegen::legal_moves(&self.pos)
            .into_iter()
            .find(|g| g.mv == m)
        else {
            return format!("{m:?}");
        };
        let end = if self.ended(&g.result).is_some() {
            "#"
        } else {
            ""
        };
        format!("{}{end}", g.text)
    }
}

impl MateSearch for Chase {
    fn attacker_moves(&self) -> Vec<Ply> {
        if self.collected {
            return Vec::new();
        }
        match self.ended(&self.pos) {
            Some(w) if w == Some(self.solver) => return vec![Ply::Collect],
            Some(_) => return Vec::new(),
            None => {}
        }
        let solver = Some(self.solver);
        let mut plies = self.plies().to_vec();
        plies.retain(|&p| self.ended(&self.after(p).pos).is_none_or(|w| w == solver));
        plies
    }

    fn defender_moves(&self) -> Vec<Ply> {
        self.legal_moves()
    }

    /// Among equally long defences, prefer one after which the solver still has to make
    /// the winning move over one that walks into the end itself (reads better as a main line).
    fn attacker_leftover(&self) -> u32 {
        u32::from(self.collected)
    }
}
