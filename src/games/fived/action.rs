//! Applying moves (§4.3), submitting actions (§4.1), and the legal actions and verdicts built
//! on the hypercuboid search of [`super::action_search`].
//!
//! Moves are applied in place and undone by popping the boards they appended, so a search
//! never copies the multiverse.

use super::board::{Board, file_of, rank_of, sq};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::types::{Cell, Colour, Kind};

/// What a move appended, so that it can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    pub source: i32,
    /// The destination timeline of a non-branching jump.
    pub extended: Option<i32>,
    /// The new timeline of a branching jump.
    pub created: Option<i32>,
    pub mover: Colour,
}

/// The piece as it stands after arriving (moved, possibly promoted).
fn arriving(c: Cell, m: &Move) -> Cell {
    match (m.promo, c.colour()) {
        (Some(k), Some(col)) => Cell::piece(k, col, false),
        _ => c.moved(),
    }
}

impl Multiverse {
    /// Apply a single move without checking it (the caller generated or matched it).
    /// Returns `None` if its source board is not an end board or holds no piece.
    pub fn apply(&mut self, m: &Move) -> Option<Applied> {
        if !self.is_end(m.from.l, m.from.v) {
            return None;
        }
        let src = self.board(m.from.l, m.from.v)?.clone();
        let piece = src.at(m.from.sq);
        let mover = piece.colour()?;
        if m.physical() {
            let next = self.physical_result(&src, m, piece);
            self.push(m.from.l, next);
            return Some(Applied {
                source: m.from.l,
                extended: None,
                created: None,
                mover,
            });
        }
        let dest = self.board(m.to.l, m.to.v)?.successor();
        let branching = !self.is_end(m.to.l, m.to.v);
        let mut left = src.successor();
        left.set(m.from.sq, Cell::EMPTY);
        self.push(m.from.l, left);
        let mut arrived = dest;
        arrived.set(m.to.sq, arriving(piece, m));
        if branching {
            let l = self.new_timeline(mover, m.to.v + 1, arrived);
            Some(Applied {
                source: m.from.l,
                extended: None,
                created: Some(l),
                mover,
            })
        } else {
            self.push(m.to.l, arrived);
            Some(Applied {
                source: m.from.l,
                extended: Some(m.to.l),
                created: None,
                mover,
            })
        }
    }

    /// The board after a physical move: castling rook, en passant, two-step trace, promotion.
    fn physical_result(&self, src: &Board, m: &Move, piece: Cell) -> Board {
        let mut next = src.successor();
        let (ff, fr, tf, tr) = (
            file_of(m.from.sq),
            rank_of(m.from.sq),
            file_of(m.to.sq),
            rank_of(m.to.sq),
        );
        let kind = piece.kind();
        if kind == Some(Kind::King) && (tf - ff).abs() == 2 && fr == tr {
            self.castle_rook(&mut next, ff, fr, (tf - ff).signum());
        }
        if kind.is_some_and(Kind::pawnlike) {
            if ff != tf
                && src.at(m.to.sq).is_empty()
                && let Some((_, arrived)) = src.ep
            {
                next.set(arrived, Cell::EMPTY);
            }
            if (tr - fr).abs() == 2 && ff == tf {
                next.ep = Some((sq(ff, (fr + tr) / 2), m.to.sq));
            }
        }
        next.set(m.from.sq, Cell::EMPTY);
        next.set(m.to.sq, arriving(piece, m));
        next
    }

    /// Move the first piece beyond the king in `dir` (the castling rook) to the crossed square.
    fn castle_rook(&self, b: &mut Board, kf: i32, rank: i32, dir: i32) {
        let mut f = kf + dir;
        while self.inside(f, rank) && b.at(sq(f, rank)).is_empty() {
            f += dir;
        }
        if self.inside(f, rank) {
            let rook = b.at(sq(f, rank));
            b.set(sq(f, rank), Cell::EMPTY);
            b.set(sq(kf + dir, rank), rook.moved());
        }
    }

    /// Take back a move made with [`Multiverse::apply`].
    pub fn undo(&mut self, a: &Applied) {
        if a.created.is_some() {
            self.drop_timeline(a.mover);
        }
        if let Some(l) = a.extended {
            self.pop(l);
        }
        self.pop(a.source);
    }

    /// §4.1: the present has passed to the opponent and no royal piece of `p` is capturable.
    pub fn can_submit(&self, p: Colour) -> bool {
        self.to_move() != p && !self.royal_capturable(p.other())
    }

    /// §7.2: pass on every playable board, then test capturability.
    pub fn in_check(&self, p: Colour) -> bool {
        let mut passed = self.clone();
        for l in self.playable(p) {
            let next = passed.timeline(l).map(|t| t.last().successor());
            if let Some(b) = next {
                passed.push(l, b);
            }
        }
        passed.royal_capturable(p.other())
    }

    /// Apply an action (moves in order); `None` if a move could not be applied.
    pub fn after_action(&self, action: &[Move]) -> Option<Multiverse> {
        let mut next = self.clone();
        for m in action {
            next.apply(m)?;
        }
        Some(next)
    }
}

/// A bound on the work of one search: the number of points of the action space looked at
/// (the action search), the bytes its cuboids still to search may hold, and a
/// deadline. It only guards against unreasonable input; the corpus never comes near it.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most points of the action space to look at.
    pub nodes: u64,
    /// The most bytes the cuboids still to search may hold.
    pub memory: usize,
    /// When to stop, if ever.
    pub deadline: Option<std::time::Instant>,
}

/// The limit a search ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The points of the action space.
    Nodes,
    /// The deadline.
    Time,
    /// The memory bound.
    Memory,
}

/// The memory bound of one action search unless told otherwise (256 MiB).
pub const MEMORY: usize = 256 << 20;

impl Budget {
    /// `nodes` points at most, in the default memory bound, with no deadline.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            memory: MEMORY,
            deadline: None,
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::nodes(50_000_000)
    }
}

pub use super::action_search::Search;

/// Visit every legal action of the player to move (each once, with the state after it), until
/// `visit` returns false or the budget runs out.
pub fn for_each_action<F: FnMut(&Multiverse, &[Move]) -> bool>(
    mv: &Multiverse,
    budget: Budget,
    visit: F,
) -> Search {
    super::action_search::search(mv, false, budget, visit)
}

/// The number of legal actions, counting at most `cap`; `None` when the budget ran out first.
pub fn count_actions(mv: &Multiverse, cap: usize, budget: Budget) -> Option<usize> {
    let mut n = 0;
    let state = for_each_action(mv, budget, |_, _| {
        n += 1;
        n < cap
    });
    (!matches!(state, Search::OutOfBudget(_))).then_some(n)
}

/// The budget of a search ran out before its answer was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget(pub Exhausted);

/// One legal action, if there is one; `Err` when the budget ran out first.
pub fn first_action(mv: &Multiverse, budget: Budget) -> Result<Option<Vec<Move>>, OutOfBudget> {
    let mut found = None;
    let state = for_each_action(mv, budget, |_, a| {
        found = Some(a.to_vec());
        false
    });
    if let Search::OutOfBudget(why) = state {
        Err(OutOfBudget(why))
    } else {
        Ok(found)
    }
}

/// Every legal action (at most `cap` of them).
pub fn legal_actions(mv: &Multiverse, cap: usize, budget: Budget) -> (Vec<Vec<Move>>, Search) {
    let mut all = Vec::new();
    let state = for_each_action(mv, budget, |_, a| {
        all.push(a.to_vec());
        all.len() < cap
    });
    (all, state)
}

/// The verdict on a nodal state (§7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not in check, with a legal action.
    Playing,
    /// In check, with an action that keeps the present where it is.
    Check,
    /// In check, and every legal action moves the present back.
    Softmate,
    /// In check, without a legal action: the other side won.
    Checkmate,
    /// Not in check, without a legal action: a draw.
    Stalemate,
    /// The search budget ran out before the verdict was proven (never on the data corpus).
    Undecided,
}

impl Status {
    /// The verdict's stable name, as `validate --json` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Check => "check",
            Status::Softmate => "softmate",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::Undecided => "undecided",
        }
    }
}

/// The nodes the verdict on a record's last state may take (a bounded search: a verdict
/// it cannot prove is `undecided`).
pub const VERDICT_BUDGET: u64 = 200_000;

/// The verdict on the side to move (§7.3), or `Undecided` where `budget` ran out.
pub fn status(mv: &Multiverse, budget: Budget) -> Status {
    let p = mv.to_move();
    let check = mv.in_check(p);
    match first_action(mv, budget) {
        Err(OutOfBudget(_)) => Status::Undecided,
        Ok(None) if check => Status::Checkmate,
        Ok(None) => Status::Stalemate,
        Ok(Some(_)) if !check => Status::Playing,
        Ok(Some(_)) => softmate_or_check(mv, budget),
    }
}

/// Softmate: every legal action moves the present back, i.e. none keeps it where it is.
fn softmate_or_check(mv: &Multiverse, budget: Budget) -> Status {
    match super::action_search::search(mv, true, budget, |_, _| false) {
        Search::OutOfBudget(_) => Status::Undecided,
        Search::Stopped => Status::Check,
        Search::Complete => Status::Softmate,
    }
}
