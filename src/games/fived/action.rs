//! Applying moves (§4.3), submitting actions (§4.1), and searching the legal actions.
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
            return Some(Applied { source: m.from.l, extended: None, created: None, mover });
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
            Some(Applied { source: m.from.l, extended: None, created: Some(l), mover })
        } else {
            self.push(m.to.l, arrived);
            Some(Applied { source: m.from.l, extended: Some(m.to.l), created: None, mover })
        }
    }

    /// The board after a physical move: castling rook, en passant, two-step trace, promotion.
    fn physical_result(&self, src: &Board, m: &Move, piece: Cell) -> Board {
        let mut next = src.successor();
        let (ff, fr, tf, tr) = (file_of(m.from.sq), rank_of(m.from.sq), file_of(m.to.sq), rank_of(m.to.sq));
        let kind = piece.kind();
        if kind == Some(Kind::King) && (tf - ff).abs() == 2 && fr == tr {
            self.castle_rook(&mut next, ff, fr, (tf - ff).signum());
        }
        if kind.is_some_and(Kind::pawnlike) {
            if ff != tf && src.at(m.to.sq).is_empty() {
                if let Some((_, arrived)) = src.ep {
                    next.set(arrived, Cell::EMPTY);
                }
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

/// A bound on the work of one search, so that no input can make it run for ever.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { nodes: 2_000_000 }
    }
}

/// How a search of the legal actions ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every candidate was looked at.
    Complete,
    /// The visitor asked to stop.
    Stopped,
    /// The node budget ran out: the answer is unknown.
    OutOfBudget,
}

/// Depth-first search over the actions of the player to move.
///
/// Timelines are decided in order (move on it, or leave it); a jump onto the end board of a
/// timeline not yet decided is tried both as a non-branching jump and, after each move on that
/// timeline, as a branching jump onto the board it left. A partial action that already leaves a
/// royal piece capturable is cut: the attacking board is an opponent end board that no later
/// move of the action can change, and boards are never removed, so the capture stays.
struct Walker<'a, F: FnMut(&Multiverse, &[Move]) -> bool> {
    mv: &'a mut Multiverse,
    p: Colour,
    order: Vec<i32>,
    done: Vec<bool>,
    stack: Vec<Move>,
    /// Parallel to `stack`: whether each move created a timeline.
    created: Vec<bool>,
    /// The state at the start of the action.
    origin: Multiverse,
    visit: F,
    nodes: u64,
    budget: u64,
    state: Search,
}

impl<F: FnMut(&Multiverse, &[Move]) -> bool> Walker<'_, F> {
    fn slot(&self, l: i32) -> Option<usize> {
        self.order.iter().position(|&x| x == l)
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget && self.state == Search::Complete {
            self.state = Search::OutOfBudget;
        }
        self.state == Search::Complete
    }

    fn leaf(&mut self) {
        if self.stack.is_empty() {
            return;
        }
        let branching: Vec<usize> = (0..self.stack.len()).filter(|&i| self.created[i]).collect();
        if branching.len() < 2 {
            if self.mv.can_submit(self.p) && !(self.visit)(self.mv, &self.stack) {
                self.state = Search::Stopped;
            }
            return;
        }
        self.orderings(&branching);
    }

    /// Branching jumps made in another order give other timeline labels, hence other actions:
    /// visit every order of them that can be submitted (§4.3, last paragraph).
    fn orderings(&mut self, slots: &[usize]) {
        let base = self.stack.clone();
        let jumps: Vec<Move> = slots.iter().map(|&i| base[i]).collect();
        let mut perm: Vec<usize> = (0..jumps.len()).collect();
        loop {
            if !self.tick() {
                return;
            }
            let mut seq = base.clone();
            for (k, &i) in slots.iter().enumerate() {
                seq[i] = jumps[perm[k]];
            }
            if let Some(after) = self.origin.after_action(&seq) {
                if after.can_submit(self.p) && !(self.visit)(&after, &seq) {
                    self.state = Search::Stopped;
                    return;
                }
            }
            if !next_permutation(&mut perm) {
                return;
            }
        }
    }

    fn walk(&mut self, mut i: usize) {
        if !self.tick() {
            return;
        }
        while i < self.order.len() && (self.done[i] || !self.still_playable(self.order[i])) {
            i += 1;
        }
        if i == self.order.len() {
            return self.leaf();
        }
        let l = self.order[i];
        self.done[i] = true;
        let mut moves = Vec::new();
        if let Some(v) = self.mv.end_v(l) {
            self.mv.board_moves(l, v, self.p, false, &mut moves);
        }
        for m in &moves {
            self.try_move(m, i);
        }
        self.walk(i + 1);
        self.done[i] = false;
    }

    fn still_playable(&self, l: i32) -> bool {
        self.mv.end_v(l).is_some_and(|v| Colour::of_v(v) == self.p)
    }

    fn try_move(&mut self, m: &Move, i: usize) {
        if self.state != Search::Complete {
            return;
        }
        let target = if m.physical() || !self.mv.is_end(m.to.l, m.to.v) { None } else { self.slot(m.to.l) };
        match target.filter(|&j| !self.done[j]) {
            Some(j) => {
                self.done[j] = true;
                self.descend(&[*m], i);
                self.branch_after(m, j, i);
                self.done[j] = false;
            }
            None => self.descend(&[*m], i),
        }
    }

    /// Play each move of timeline `order[j]` first, then `m` as a branching jump onto the board
    /// that move left behind.
    fn branch_after(&mut self, m: &Move, j: usize, i: usize) {
        let (l, v) = (self.order[j], m.to.v);
        let mut first = Vec::new();
        self.mv.board_moves(l, v, self.p, false, &mut first);
        for f in first {
            let Some(a) = self.mv.apply(&f) else { continue };
            self.stack.push(f);
            self.created.push(a.created.is_some());
            if self.still_playable(m.from.l) && self.mv.is_end(m.from.l, m.from.v) && !self.cut() {
                self.descend(&[*m], i);
            }
            self.stack.pop();
            self.created.pop();
            self.mv.undo(&a);
            if self.state != Search::Complete {
                return;
            }
        }
    }

    fn descend(&mut self, moves: &[Move], i: usize) {
        let mut applied = Vec::new();
        for m in moves {
            match self.mv.apply(m) {
                Some(a) => applied.push(a),
                None => break,
            }
        }
        if applied.len() == moves.len() {
            self.stack.extend_from_slice(moves);
            self.created.extend(applied.iter().map(|a| a.created.is_some()));
            if !self.cut() {
                self.walk(i + 1);
            }
            self.stack.truncate(self.stack.len() - moves.len());
            self.created.truncate(self.stack.len());
        }
        for a in applied.iter().rev() {
            self.mv.undo(a);
        }
    }

    /// A capturable royal piece persists to the end of this move order. Branching jumps made
    /// in another order give other timelines, so the cut is only safe before any branching.
    /// Hence after a branching jump the test looks only at the timelines that existed before
    /// the action: their boards are the same in every order of the jumps.
    fn cut(&mut self) -> bool {
        if !self.created.iter().any(|&c| c) {
            return self.mv.royal_capturable(self.p.other());
        }
        self.mv.window = Some((self.origin.low, self.origin.high()));
        let hit = self.mv.royal_capturable(self.p.other());
        self.mv.window = None;
        hit
    }
}

/// Step `p` to the next permutation in lexicographic order; false after the last one.
/// (Permutations are walked one at a time: an action may hold many branching jumps.)
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else { return false };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// Visit every legal action of the player to move (each set of moves once), until `visit`
/// returns false or the budget runs out.
pub fn for_each_action<F: FnMut(&Multiverse, &[Move]) -> bool>(mv: &Multiverse, budget: Budget, visit: F) -> Search {
    let mut work = mv.clone();
    let p = mv.to_move();
    if mv.royal_capturable(p.other()) {
        // An opponent end board already attacks: no action of `p` can change that board.
        return Search::Complete;
    }
    let order = mv.playable(p);
    let done = vec![false; order.len()];
    let mut w = Walker {
        mv: &mut work,
        p,
        order,
        done,
        stack: vec![],
        created: vec![],
        origin: mv.clone(),
        visit,
        nodes: 0,
        budget: budget.nodes,
        state: Search::Complete,
    };
    w.walk(0);
    w.state
}

/// The number of legal actions, counting at most `cap`; `None` when the budget ran out first.
pub fn count_actions(mv: &Multiverse, cap: usize, budget: Budget) -> Option<usize> {
    let mut n = 0;
    let state = for_each_action(mv, budget, |_, _| {
        n += 1;
        n < cap
    });
    (state != Search::OutOfBudget).then_some(n)
}

/// One legal action, if there is one; `Err` when the budget ran out first.
pub fn first_action(mv: &Multiverse, budget: Budget) -> Result<Option<Vec<Move>>, ()> {
    let mut found = None;
    let state = for_each_action(mv, budget, |_, a| {
        found = Some(a.to_vec());
        false
    });
    if state == Search::OutOfBudget { Err(()) } else { Ok(found) }
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
    Playing,
    Check,
    Softmate,
    Checkmate,
    Stalemate,
    /// The search budget ran out before the verdict was proven.
    Undecided,
}

pub fn status(mv: &Multiverse, budget: Budget) -> Status {
    let p = mv.to_move();
    let check = mv.in_check(p);
    match first_action(mv, budget) {
        Err(()) => Status::Undecided,
        Ok(None) if check => Status::Checkmate,
        Ok(None) => Status::Stalemate,
        Ok(Some(_)) if !check => Status::Playing,
        Ok(Some(_)) => softmate_or_check(mv, budget),
    }
}

/// Softmate: every legal action moves the present back.
fn softmate_or_check(mv: &Multiverse, budget: Budget) -> Status {
    let before = mv.present();
    let mut forward = false;
    let state = for_each_action(mv, budget, |after, _| {
        forward = after.present() >= before;
        !forward
    });
    match state {
        Search::OutOfBudget => Status::Undecided,
        _ if forward => Status::Check,
        _ => Status::Softmate,
    }
}
