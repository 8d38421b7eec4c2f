//! The search behind 5D mate in N (§8): every attacker action tried as a key, every legal
//! defender action answered, within a node budget, a memory bound and a time limit.
//!
//! A search that a limit stops knows it: it returns no key at all, only the limit, because a
//! key list cut short is no proof of uniqueness and a key found early may still hide a
//! cook. The memory it holds is counted as it goes: each level of the depth-first search
//! keeps its list of actions and a copy of the multiverse (which grows by a board or more
//! each action), so a deep search holds the sum of the copies on its path, and the action
//! generator gets what is left of the bound for its own cuboids.

use super::action::{Budget, OutOfBudget, Search, first_action, for_each_action};
use super::movegen::Move;
use super::multiverse::Multiverse;
use crate::solver::clock::Clock;

/// What stopped a search before it decided.
pub use super::action::Exhausted as Stop;

/// Each defence after a key, with every mating reply of the attacker.
pub type Defences = Vec<(Vec<Move>, Vec<Vec<Move>>)>;

/// The outcome of [`find_keys`].
#[derive(Clone, Debug)]
pub struct Found {
    /// Every key with its defences: complete and proven, or empty when `stopped`.
    pub keys: Vec<(Vec<Move>, Defences)>,
    pub stopped: Option<Stop>,
    pub nodes: u64,
}

/// The search's limits and what it has spent of them.
struct Ctx {
    nodes: u64,
    budget: u64,
    clock: Clock,
    /// The memory bound, and the bytes the open levels of the search hold.
    memory: usize,
    held: usize,
    stop: Option<Stop>,
}

impl Ctx {
    fn stopped(&self) -> bool {
        self.stop.is_some()
    }
    fn halt(&mut self, why: Stop) {
        self.stop.get_or_insert(why);
    }
    /// Count `n` nodes (at least one); false once a limit is reached.
    fn spend(&mut self, n: u64) -> bool {
        let n = n.max(1);
        self.nodes += n;
        if self.nodes > self.budget {
            self.halt(Stop::Nodes);
        } else if self.clock.expired(n.min(u32::MAX as u64) as u32) {
            self.halt(Stop::Time);
        }
        !self.stopped()
    }
    /// Hold `bytes` more for the current level; false past the memory bound.
    fn hold(&mut self, bytes: usize) -> bool {
        self.held += bytes;
        if self.held > self.memory {
            self.halt(Stop::Memory);
        }
        !self.stopped()
    }
    /// The budget of one action search: what is left of each limit.
    fn step(&self) -> Budget {
        Budget {
            nodes: self.budget.saturating_sub(self.nodes).max(1),
            memory: self.memory.saturating_sub(self.held),
            deadline: self.clock.deadline(),
        }
    }
    /// Run `f` as one level of the search: what it holds is released when it returns.
    fn level<T>(&mut self, f: impl FnOnce(&mut Ctx) -> T) -> T {
        let mark = self.held;
        let r = f(self);
        self.held = mark;
        r
    }
}

fn action_bytes(a: &[Move]) -> usize {
    std::mem::size_of::<Vec<Move>>() + std::mem::size_of_val(a)
}

/// Every legal action, held by the current level; `None` when a limit stopped the search.
fn actions(mv: &Multiverse, ctx: &mut Ctx) -> Option<Vec<Vec<Move>>> {
    let mut all = Vec::new();
    let room = ctx.memory.saturating_sub(ctx.held);
    let mut bytes = 0;
    let state = for_each_action(mv, ctx.step(), |_, a| {
        bytes += action_bytes(a);
        all.push(a.to_vec());
        bytes <= room
    });
    if bytes > room {
        ctx.halt(Stop::Memory);
    } else if let Search::OutOfBudget(why) = state {
        ctx.halt(why);
    }
    (ctx.spend(all.len() as u64) && ctx.hold(bytes)).then_some(all)
}

/// Is the player to move checkmated? `None` when a limit stopped the search.
fn checkmated(mv: &Multiverse, ctx: &mut Ctx) -> Option<bool> {
    if !mv.in_check(mv.to_move()) {
        return Some(false);
    }
    if !ctx.spend(1) {
        return None;
    }
    match first_action(mv, ctx.step()) {
        Ok(a) => Some(a.is_none()),
        Err(OutOfBudget(why)) => {
            ctx.halt(why);
            None
        }
    }
}

/// `mv` after action `a`, held by the current level.
fn after(mv: &Multiverse, a: &[Move], ctx: &mut Ctx) -> Option<Multiverse> {
    let next = mv.after_action(a)?;
    ctx.hold(next.bytes()).then_some(next)
}

/// Does the attacker (to move) mate in at most `n` actions?
fn mates_in(mv: &Multiverse, n: u32, ctx: &mut Ctx) -> Option<bool> {
    if n == 0 {
        return Some(false);
    }
    if !ctx.spend(1) {
        return None;
    }
    ctx.level(|ctx| {
        for a in actions(mv, ctx)? {
            let works = ctx.level(|ctx| key_works(&after(mv, &a, ctx)?, n, ctx))?;
            if works {
                return Some(true);
            }
        }
        Some(false)
    })
}

/// After a key: mate now, or (n ≥ 2) the defender can move and every defence is mated in n−1.
fn key_works(after_key: &Multiverse, n: u32, ctx: &mut Ctx) -> Option<bool> {
    if checkmated(after_key, ctx)? {
        return Some(true);
    }
    if n < 2 {
        return Some(false);
    }
    ctx.level(|ctx| {
        let defences = actions(after_key, ctx)?;
        if defences.is_empty() {
            return Some(false);
        }
        for d in defences {
            let mated = ctx.level(|ctx| mates_in(&after(after_key, &d, ctx)?, n - 1, ctx))?;
            if !mated {
                return Some(false);
            }
        }
        Some(true)
    })
}

/// Each defence after a key, with every mating reply (n−1 actions or fewer); `None` when a
/// limit stopped the search.
fn lines(after_key: &Multiverse, n: u32, ctx: &mut Ctx) -> Option<Defences> {
    if n < 2 || checkmated(after_key, ctx)? {
        return Some(vec![]);
    }
    ctx.level(|ctx| {
        let mut out = Vec::new();
        for d in actions(after_key, ctx)? {
            let replies = ctx.level(|ctx| {
                let next = after(after_key, &d, ctx)?;
                let mut replies = Vec::new();
                for r in actions(&next, ctx)? {
                    let mates = ctx.level(|ctx| key_works(&after(&next, &r, ctx)?, n - 1, ctx))?;
                    if mates {
                        replies.push(r);
                    }
                }
                Some(replies)
            })?;
            out.push((d, replies));
        }
        Some(out)
    })
}

/// Every key of "mate in `n`" from `mv` (the attacker is the player to move), with its
/// defences, within `budget` (nodes, memory, deadline). Stopped by a limit, it returns no key.
pub fn find_keys(mv: &Multiverse, n: u32, budget: Budget) -> Found {
    let mut ctx = Ctx {
        nodes: 0,
        budget: budget.nodes,
        clock: Clock::until(budget.deadline),
        memory: budget.memory,
        held: 0,
        stop: None,
    };
    let keys = ctx.level(|ctx| {
        let mut keys = Vec::new();
        for a in actions(mv, ctx)? {
            let line = ctx.level(|ctx| {
                let next = after(mv, &a, ctx)?;
                match key_works(&next, n, ctx)? {
                    true => Some(Some(lines(&next, n, ctx)?)),
                    false => Some(None),
                }
            })?;
            if let Some(defences) = line {
                keys.push((a, defences));
            }
        }
        Some(keys)
    });
    Found {
        keys: keys.filter(|_| ctx.stop.is_none()).unwrap_or_default(),
        stopped: ctx.stop,
        nodes: ctx.nodes,
    }
}
