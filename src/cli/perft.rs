//! `hensoku perft`: leaf counts of the legal move tree, within a node limit, a time limit
//! and Ctrl-C, each of which stops the count with what was counted so far.
//!
//! A game's own perft runs whole and cannot be stopped; [`Counter`] walks the top of the
//! tree itself and hands subtrees to it, as deep as keeps each call short (about a
//! millisecond to ten: deeper while they are quicker, shallower while they are slower), and
//! checks the limits between calls. So a stop comes within a few milliseconds in shogi and
//! within one node in quantum, where a node can cost milliseconds.

use super::args::PerftArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::PerftAnswer;
use super::json::CommandName;
use super::{game::adapter, game_or_default, output};
use hensoku::Clock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What stopped a count before the whole tree was counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    Nodes,
    Time,
    /// Ctrl-C (SIGINT).
    Interrupt,
}

/// Set by the SIGINT handler while a count runs.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// A subtree call quicker than this: hand over deeper subtrees.
const QUICK: Duration = Duration::from_millis(1);
/// A subtree call slower than this: hand over shallower ones.
const SLOW: Duration = Duration::from_millis(10);

/// The limits of one count and what it has counted.
pub struct Counter {
    nodes: Option<u64>,
    clock: Clock,
    counted: u64,
    stopped: Option<Stop>,
    /// Subtrees this many plies deep or less go to the game's own perft.
    handed: u32,
}

/// How a game's tree is walked: its own leaf count below a position, and the positions after
/// each legal move (none when the game is over there).
pub struct Tree<'a, T> {
    pub leaves: &'a dyn Fn(&T, u32) -> u64,
    pub children: &'a dyn Fn(&T) -> Vec<T>,
}

/// The count through a game's face: its successors at the top of the tree, its own perft
/// below, each first move named by `name` when dividing.
pub fn count_game<G: hensoku::Game>(
    counter: &mut Counter,
    pos: &G::Position,
    depth: u32,
    divide: bool,
    name: impl Fn(&G::Position, &G::Move) -> String,
) -> PerftAnswer {
    let children = |p: &G::Position| -> Vec<G::Position> {
        G::successors(p)
            .into_iter()
            .map(|(_, after)| after)
            .collect()
    };
    let named = divide.then(|| {
        let named = |(m, after): (G::Move, G::Position)| (name(pos, &m), after);
        G::successors(pos).into_iter().map(named).collect()
    });
    let tree = Tree {
        leaves: &G::perft,
        children: &children,
    };
    counter.count(pos, depth, named, &tree)
}

impl Counter {
    pub fn new(nodes: Option<u64>, time: Option<Duration>) -> Counter {
        Counter {
            nodes,
            clock: Clock::new(time),
            counted: 0,
            stopped: None,
            handed: 1,
        }
    }

    /// The leaf count `depth` plies below `pos`, and below each first move when `named` gives
    /// them (with their names); counts stopped by a limit are partial.
    pub fn count<T>(
        &mut self,
        pos: &T,
        depth: u32,
        named: Option<Vec<(String, T)>>,
        tree: &Tree<T>,
    ) -> PerftAnswer {
        let divide = match named {
            Some(firsts) if depth > 0 => firsts
                .into_iter()
                .map_while(|(name, child)| {
                    let n = (self.stopped.is_none()).then(|| self.walk(&child, depth - 1, tree))?;
                    Some((name, n))
                })
                .collect(),
            _ => vec![],
        };
        let nodes = if divide.is_empty() {
            self.walk(pos, depth, tree)
        } else {
            divide.iter().map(|x| x.1).sum()
        };
        PerftAnswer {
            nodes,
            divide,
            stopped: self.stopped,
        }
    }

    fn walk<T>(&mut self, pos: &T, depth: u32, tree: &Tree<T>) -> u64 {
        if self.stopped.is_some() {
            return 0;
        }
        if depth <= self.handed {
            let started = Instant::now();
            let n = (tree.leaves)(pos, depth);
            let took = started.elapsed();
            if took < QUICK && depth == self.handed {
                self.handed += 1;
            } else if took > SLOW {
                self.handed = self.handed.saturating_sub(1);
            }
            self.add(n);
            return n;
        }
        let mut sum = 0;
        for child in (tree.children)(pos) {
            sum += self.walk(&child, depth - 1, tree);
            if self.stopped.is_some() {
                break;
            }
        }
        sum
    }

    fn add(&mut self, n: u64) {
        self.counted += n;
        if self.nodes.is_some_and(|max| self.counted >= max) {
            self.stopped = Some(Stop::Nodes);
        } else if self.clock.expired(1) {
            self.stopped = Some(Stop::Time);
        } else if INTERRUPTED.load(Ordering::Relaxed) {
            self.stopped = Some(Stop::Interrupt);
        }
    }
}

/// Ctrl-C sets [`INTERRUPTED`] instead of ending the process, while the count runs.
#[cfg(unix)]
fn catch_interrupt() {
    extern "C" fn on_sigint(_: libc::c_int) {
        INTERRUPTED.store(true, Ordering::Relaxed);
    }
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
}

#[cfg(not(unix))]
fn catch_interrupt() {}

pub fn run(a: &PerftArgs) -> Result<u8, CliError> {
    let name = game_or_default(&a.common);
    let t = Instant::now();
    catch_interrupt();
    let mut counter = Counter::new(a.nodes, a.time);
    let ans = adapter(name).perft(a.position.as_deref(), a.depth, a.divide, &mut counter)?;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    if a.common.json {
        let mut v = serde_json::json!({
            "depth": a.depth, "nodes": ans.nodes, "complete": ans.stopped.is_none(),
            "stopped_by": ans.stopped, "elapsed_ms": ms.round() as u64, "divide": null,
        });
        if a.divide {
            v["divide"] = ans
                .divide
                .iter()
                .map(|(m, n)| serde_json::json!({ "move": m, "nodes": n }))
                .collect();
        }
        output::json(CommandName::Perft, name, &v);
    } else {
        for (m, n) in &ans.divide {
            println!("{m}: {n}");
        }
        let stopped = match ans.stopped {
            None => "",
            Some(Stop::Nodes) => ", stopped by the node limit: a partial count",
            Some(Stop::Time) => ", stopped by the time limit: a partial count",
            Some(Stop::Interrupt) => ", interrupted: a partial count",
        };
        println!(
            "perft({}) {} {}  ({:.0} ms, {:.1} Mnodes/s{stopped})",
            a.depth,
            if ans.stopped.is_some() { ">=" } else { "=" },
            ans.nodes,
            ms,
            ans.nodes as f64 / ms.max(1e-3) / 1000.0
        );
    }
    Ok(match ans.stopped {
        None => EXIT_OK,
        Some(_) => EXIT_INVALID,
    })
}
