//! 5D Chess under the stipulation solvers of [`crate::solver::stipulated`]: help play
//! (`h#n`, `h#n.5`, `h=n`, `hs#n`), self and reflex play (`s#n`, `r#n`).
//!
//! A move of those solvers is one *action* of one side (every move of its turn, on as many
//! boards as it plays), so Popeye's `h#2` is two actions of each side. The solvers want a
//! small `Copy` move, so an action is packed into [`PackedAction`], which holds at most
//! [`MAX_BOARDS`] moves. Listing the actions is a bounded search (a wide multiverse has a
//! great many): when one listing or verdict of a solve runs out of its budget, or meets an
//! action wider than a packed one holds, the solve remembers it and its answer is
//! `unknown`, never "no solution" or a list called complete. 5D has stalemate and no pass,
//! so `h=n` is solved and series play is refused.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Instant;

use super::action::{Budget, Exhausted, MEMORY, Search, Status, for_each_action, status};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::notation::print::{Style, action_text};
use crate::solver::stipulated::{self, Stipulated};
use crate::solver::{Answer, Limit, Limits, Stipulation, StipulationError, Unit};

/// The most moves (boards) one action of the solvers holds. A position whose side to move
/// has more boards to play is refused; a wider action met deeper in a search makes the
/// answer unknown.
pub const MAX_BOARDS: usize = 8;

/// The points of the action space one listing of actions (or one verdict) may look at,
/// unless `--nodes` asks for fewer.
pub const ACTION_NODES: u64 = 5_000_000;

/// The points of the action space the check mark of a listed action may look at.
const MARK_NODES: u64 = 20_000;

/// The longest stipulation solved, in actions of one side (as a direct mate's turns).
pub const MAX_ACTIONS: u32 = 20;

/// One action as the solvers' move: its moves in the order played, the unused places
/// empty. Ordered and hashed as its moves are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PackedAction([Option<Move>; MAX_BOARDS]);

impl PackedAction {
    /// The action of `moves`, or `None` when it has more than [`MAX_BOARDS`].
    pub fn pack(moves: &[Move]) -> Option<PackedAction> {
        if moves.len() > MAX_BOARDS {
            return None;
        }
        let mut packed = [None; MAX_BOARDS];
        for (slot, m) in packed.iter_mut().zip(moves) {
            *slot = Some(*m);
        }
        Some(PackedAction(packed))
    }

    /// The moves, in the order they are played.
    pub fn moves(&self) -> Vec<Move> {
        self.0.iter().map_while(|m| *m).collect()
    }
}

/// What every position of one solve shares: the budget of each action listing and the
/// first limit one of them ran into (the answer is then no proof).
#[derive(Debug)]
struct Shared {
    budget: Budget,
    cut: Cell<Option<Limit>>,
}

impl Shared {
    fn cut(&self, why: Limit) {
        if self.cut.get().is_none() {
            self.cut.set(Some(why));
        }
    }
}

/// The limit of an action search as the answer names it.
fn limit_of(why: Exhausted) -> Limit {
    match why {
        Exhausted::Nodes => Limit::Nodes,
        Exhausted::Time => Limit::Time,
        Exhausted::Memory => Limit::Memory,
    }
}

/// A multiverse whose move is a whole action, for the stipulation solvers.
#[derive(Clone, Debug)]
pub struct ActionPosition {
    pos: Multiverse,
    shared: Rc<Shared>,
}

impl ActionPosition {
    /// `pos` with each action listing bounded by `budget`.
    fn new(pos: Multiverse, budget: Budget) -> ActionPosition {
        let shared = Shared {
            budget,
            cut: Cell::new(None),
        };
        ActionPosition {
            pos,
            shared: Rc::new(shared),
        }
    }

    /// The rules' verdict, a budget run out remembered.
    fn status(&self) -> Status {
        let s = status(&self.pos, self.shared.budget);
        if s == Status::Undecided {
            let late = self
                .shared
                .budget
                .deadline
                .is_some_and(|d| Instant::now() >= d);
            self.shared
                .cut(if late { Limit::Time } else { Limit::Nodes });
        }
        s
    }
}

impl crate::core::Game for ActionPosition {
    type Move = PackedAction;

    /// Every legal action, in the action search's order. A listing cut by its budget, by
    /// the memory bound or by an action wider than [`MAX_BOARDS`] is remembered.
    fn legal_moves(&self) -> Vec<PackedAction> {
        let budget = self.shared.budget;
        let room = budget.memory / std::mem::size_of::<PackedAction>();
        let mut all = Vec::new();
        let state = for_each_action(&self.pos, budget, |_, a| {
            match PackedAction::pack(a) {
                Some(p) => all.push(p),
                None => self.shared.cut(Limit::Memory),
            }
            all.len() < room
        });
        match state {
            Search::OutOfBudget(why) => self.shared.cut(limit_of(why)),
            Search::Stopped => self.shared.cut(Limit::Memory),
            Search::Complete => {}
        }
        all
    }
    fn after(&self, action: PackedAction) -> Self {
        let next = self.pos.after_action(&action.moves());
        ActionPosition {
            // a listed action always applies
            pos: next.unwrap_or_else(|| self.pos.clone()),
            shared: Rc::clone(&self.shared),
        }
    }
    /// Every board counts ([`Multiverse::key`]), not only the last of each timeline.
    fn key(&self) -> u64 {
        self.pos.key()
    }
    fn in_check(&self) -> bool {
        self.pos.in_check(self.pos.to_move())
    }
    /// The action in 5DPGN, its last move marked `#` when it mates (`+` where the mark's
    /// own small budget cannot tell: the mark proves nothing, the search did).
    fn move_text(&self, action: PackedAction) -> String {
        let budget = Budget {
            nodes: MARK_NODES,
            ..self.shared.budget
        };
        action_text(&self.pos, &action.moves(), Style::Pgn, budget).0
    }
    fn outcome(&self) -> Option<crate::core::Outcome> {
        match self.status() {
            Status::Checkmate => Some(crate::core::Outcome::Loss),
            Status::Stalemate => Some(crate::core::Outcome::Draw),
            _ => None,
        }
    }
}

/// 5D's stipulations: lengths count one side's actions, checkmate and stalemate as §7.3
/// rules them (a softmate is no mate), no pass (no series play, no threats).
impl Stipulated for ActionPosition {
    const NAME: &'static str = "fived";
    const UNIT: Unit = Unit::Moves;
    const MAX_LENGTH: u32 = MAX_ACTIONS;
    const HAS_STALEMATE: bool = true;

    fn passed(&self) -> Option<Self> {
        None
    }
    /// Checkmate (§7.3) without listing every action: in check with none.
    fn mated(&self) -> bool {
        self.status() == Status::Checkmate
    }
    fn stalemated(&self) -> bool {
        self.status() == Status::Stalemate
    }
}

/// The stipulation in 5D's unit (actions), or why 5D does not solve it.
pub fn check(stip: &Stipulation) -> Result<Stipulation, StipulationError> {
    stipulated::check::<ActionPosition>(stip)
}

/// Solve `stip` from `pos` (its side to move plays first) within `limits`: each action
/// listing gets [`ACTION_NODES`] points (fewer under `--nodes`), the memory bound and the
/// deadline.
pub fn solve(
    pos: &Multiverse,
    stip: &Stipulation,
    limits: &Limits,
) -> Result<Answer, StipulationError> {
    let budget = Budget {
        nodes: limits.nodes.map_or(ACTION_NODES, |n| n.min(ACTION_NODES)),
        memory: limits.memory.map_or(MEMORY, |m| m as usize),
        deadline: limits.time.and_then(|t| Instant::now().checked_add(t)),
    };
    solve_within(pos, stip, limits, budget)
}

/// [`solve`] with each action listing bounded by `budget`. A listing cut anywhere makes
/// the answer unknown: help play keeps the lines it proved (each is a real line) but says
/// the list may be incomplete; self play, whose keys need every defence, keeps none.
fn solve_within(
    pos: &Multiverse,
    stip: &Stipulation,
    limits: &Limits,
    budget: Budget,
) -> Result<Answer, StipulationError> {
    let stip = check(stip)?;
    let boards = pos.playable(pos.to_move()).len();
    if boards > MAX_BOARDS {
        return Err(StipulationError::Unsupported(format!(
            "fived cannot solve {}: the side to move plays {boards} boards, more than the \
             {MAX_BOARDS} an action of the stipulation solvers holds",
            stip.spelling()
        )));
    }
    let root = ActionPosition::new(pos.clone(), budget);
    let mut answer = stipulated::solve(&root, &stip, limits)?;
    if let Some(why) = root.shared.cut.get()
        && answer.stopped_by.is_none()
    {
        answer.stop(why);
        match answer.help.as_mut() {
            Some(help) => help.complete = false,
            None => answer.solution.moves.clear(),
        }
    }
    Ok(answer)
}

#[cfg(test)]
#[path = "stipulated_tests.rs"]
mod tests;
