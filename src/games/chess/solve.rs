//! Directmate problems (`#N`: White, or the side to move, mates in N moves against any
//! defence), solved the way problemists expect and Popeye reports: the key, the threat (or
//! zugzwang), every defence with its mating continuations, duals, cooks (other keys and
//! shorter solutions) and, on request, tries with their refutations.
//!
//! The search is exhaustive and depth-limited, not df-pn: a problem's soundness is about
//! *all* first moves and *all* defences, so every branch must be proved or refuted anyway.
//! Proved and refuted subproblems go into a transposition table keyed by position and
//! remaining depth; repetition cannot matter within one short problem, so reuse is safe.
//! The search is generic over [`Directmate`], so a variant whose position implements the
//! core `Game` trait and can pass a turn gets the same solver.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use serde::Serialize;

use crate::core::Game;
use crate::solver::clock::Clock;

/// What the solver needs beyond the core trait: passing the turn, to find the threat.
pub trait Directmate: Game {
    /// The position with the other side to move and nothing else changed, or `None` when
    /// that is not a position (the side to move is in check: a checking key has no threat).
    fn passed(&self) -> Option<Self>;
}

impl Directmate for super::Position {
    fn passed(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = p.turn.flip();
        p.ep_square = None;
        (!p.in_check()).then_some(p)
    }
}

/// Keys are already Zobrist hashes; hashing them again would only cost time.
#[derive(Default)]
struct KeyHasher(u64);
impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Limits of a search; exceeding one makes the answer `Unknown`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub deadline: Option<Instant>,
}

/// The search ran out of its node or time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The exhaustive mate prover with its table and counters.
pub struct Prover {
    table: HashMap<(u64, u32), bool, BuildHasherDefault<KeyHasher>>,
    pub nodes: u64,
    limits: Limits,
    clock: Clock,
}

impl Prover {
    pub fn new(limits: Limits) -> Prover {
        Prover {
            table: HashMap::default(),
            nodes: 0,
            limits,
            clock: Clock::until(limits.deadline),
        }
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes > n) {
            return Err(OutOfBudget);
        }
        if self.clock.expired(1) {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// Can the side to move mate in at most `n` moves, whatever the defence?
    pub fn mates<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = (pos.key(), n);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let mut found = false;
        for m in ordered(pos) {
            if self.mated(&pos.after(m), n - 1)? {
                found = true;
                break;
            }
        }
        self.table.insert(key, found);
        Ok(found)
    }

    /// Is the side to move checkmated now, or mated in at most `n` more attacking moves
    /// whatever it plays? (Stalemate is not a loss.)
    pub fn mated<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(pos.in_check() && pos.legal_moves().is_empty());
        }
        let defences = pos.legal_moves();
        if defences.is_empty() {
            return Ok(pos.in_check());
        }
        for d in defences {
            if !self.mates(&pos.after(d), n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The defences after which no mate in `n` follows (the refutations of a first move).
    fn refutations<G: Directmate>(&mut self, pos: &G, n: u32) -> Result<Vec<G::Move>, OutOfBudget> {
        let mut out = Vec::new();
        let defences = pos.legal_moves();
        if defences.is_empty() && !pos.in_check() {
            return Ok(out); // stalemate: reported by the caller as such
        }
        for d in defences {
            if !self.mates(&pos.after(d), n)? {
                out.push(d);
            }
        }
        Ok(out)
    }
}

/// Attacking moves, checks first: mates are found sooner and refutations proved later.
fn ordered<G: Directmate>(pos: &G) -> Vec<G::Move> {
    let moves = pos.legal_moves();
    let (mut checks, quiet): (Vec<_>, Vec<_>) =
        moves.into_iter().partition(|&m| pos.after(m).in_check());
    checks.extend(quiet);
    checks
}

/// A mating line below a defence: the attacker's continuation and what follows it.
#[derive(Clone, Debug, Serialize)]
pub struct Continuation {
    #[serde(rename = "move")]
    pub mv: String,
    /// `true` when this move mates at once.
    pub mate: bool,
    /// The threat after this continuation (for continuations that do not mate at once).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub threat: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub defences: Vec<Defence>,
}

/// A defence and every attacker move that mates (in the fewest moves) after it.
#[derive(Clone, Debug, Serialize)]
pub struct Defence {
    #[serde(rename = "move")]
    pub mv: String,
    /// Mating continuations; more than one is a dual.
    pub continuations: Vec<Continuation>,
    /// Moves the attacker still needs after this defence.
    pub mate_in: u32,
    pub dual: bool,
}

/// A first move that solves: key or cook.
#[derive(Clone, Debug, Serialize)]
pub struct Key {
    #[serde(rename = "move")]
    pub mv: String,
    /// Length of the mate it forces (less than the stipulation: a short solution).
    pub mate_in: u32,
    /// Threatened mates (empty when the key checks or leaves a zugzwang).
    pub threat: Vec<String>,
    pub zugzwang: bool,
    pub checks: bool,
    pub defences: Vec<Defence>,
}

/// A first move that fails to only a few defences.
#[derive(Clone, Debug, Serialize)]
pub struct Try {
    #[serde(rename = "move")]
    pub mv: String,
    pub refutations: Vec<String>,
    /// The defender is stalemated: the try fails to no move at all.
    pub stalemate: bool,
}

/// The full answer to `#N`.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    pub stipulation: u32,
    /// `solved`, `nomate` (no solution within N) or `unknown` (budget exhausted).
    pub status: String,
    /// The shortest mate found (≤ N), when there is a solution.
    pub shortest: Option<u32>,
    /// Every first move that forces mate in ≤ N; one is the key, more are cooks.
    pub keys: Vec<Key>,
    /// Sound = exactly one key and no shorter solution.
    pub sound: bool,
    pub tries: Vec<Try>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// Options of a solve run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub limits: Limits,
    pub tries: bool,
    /// Depth of the printed tree in attacker moves (the proof is always complete).
    pub tree_depth: Option<u32>,
}

/// Solve `#n` for the side to move.
pub fn solve<G: Directmate>(pos: &G, n: u32, opts: Options) -> Solution {
    let started = Instant::now();
    let mut prover = Prover::new(opts.limits);
    let outcome = find_keys(&mut prover, pos, n, opts);
    let elapsed_ms = started.elapsed().as_millis() as u64;
    match outcome {
        Err(OutOfBudget) => Solution {
            stipulation: n,
            status: "unknown".into(),
            shortest: None,
            keys: vec![],
            sound: false,
            tries: vec![],
            nodes: prover.nodes,
            elapsed_ms,
        },
        Ok((keys, tries)) => {
            let shortest = keys.iter().map(|k| k.mate_in).min();
            let sound = keys.len() == 1 && shortest == Some(n);
            let status = if keys.is_empty() { "nomate" } else { "solved" };
            Solution {
                stipulation: n,
                status: status.into(),
                shortest,
                keys,
                sound,
                tries,
                nodes: prover.nodes,
                elapsed_ms,
            }
        }
    }
}

fn find_keys<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
    opts: Options,
) -> Result<(Vec<Key>, Vec<Try>), OutOfBudget> {
    let mut keys = Vec::new();
    let mut tries = Vec::new();
    let depth = opts.tree_depth.unwrap_or(n);
    for m in pos.legal_moves() {
        let next = pos.after(m);
        if prover.mated(&next, n - 1)? {
            let mate_in = shortest_mated(prover, &next, n - 1)? + 1;
            keys.push(key_tree(prover, pos, m, mate_in, depth)?);
        } else if opts.tries && n > 1 {
            let refutations = prover.refutations(&next, n - 1)?;
            let stalemate = next.legal_moves().is_empty() && !next.in_check();
            if refutations.len() == 1 || stalemate {
                let refutations = refutations.iter().map(|&d| next.move_text(d)).collect();
                tries.push(Try {
                    mv: pos.move_text(m),
                    refutations,
                    stalemate,
                });
            }
        }
    }
    Ok((keys, tries))
}

/// The fewest attacking moves that still mate the side to move (known to be ≤ `n`).
fn shortest_mated<G: Directmate>(prover: &mut Prover, pos: &G, n: u32) -> Result<u32, OutOfBudget> {
    for k in 0..n {
        if prover.mated(pos, k)? {
            return Ok(k);
        }
    }
    Ok(n)
}

/// The attacker's threat: the mates in at most `n` moves it would have if the defender
/// could pass, written as their first moves.
fn threat<G: Directmate>(prover: &mut Prover, pos: &G, n: u32) -> Result<Vec<String>, OutOfBudget> {
    let Some(passed) = pos.passed() else {
        return Ok(vec![]);
    };
    let mut out = Vec::new();
    for k in 1..=n {
        for m in passed.legal_moves() {
            if prover.mated(&passed.after(m), k - 1)? {
                out.push(passed.move_text(m));
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    Ok(out)
}

fn key_tree<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    m: G::Move,
    mate_in: u32,
    depth: u32,
) -> Result<Key, OutOfBudget> {
    let next = pos.after(m);
    let checks = next.in_check();
    let threat = if mate_in > 1 {
        threat(prover, &next, mate_in - 1)?
    } else {
        vec![]
    };
    let zugzwang = mate_in > 1 && !checks && threat.is_empty();
    let defences = if depth > 1 {
        defence_tree(prover, &next, mate_in - 1, depth - 1)?
    } else {
        vec![]
    };
    Ok(Key {
        mv: pos.move_text(m),
        mate_in,
        threat,
        zugzwang,
        checks,
        defences,
    })
}

/// Every defence with its fastest mating continuations; `n` ≥ 1 moves remain.
fn defence_tree<G: Directmate>(
    prover: &mut Prover,
    pos: &G,
    n: u32,
    depth: u32,
) -> Result<Vec<Defence>, OutOfBudget> {
    let mut out = Vec::new();
    for d in pos.legal_moves() {
        let after = pos.after(d);
        let need = (1..=n)
            .find(|&k| prover.mates(&after, k).unwrap_or(false))
            .unwrap_or(n);
        let mut continuations = Vec::new();
        for c in after.legal_moves() {
            let reply = after.after(c);
            if prover.mated(&reply, need - 1)? {
                let mate = need == 1;
                let (threat, defences) = if !mate && depth > 1 {
                    (
                        threat(prover, &reply, need - 1)?,
                        defence_tree(prover, &reply, need - 1, depth - 1)?,
                    )
                } else {
                    (vec![], vec![])
                };
                continuations.push(Continuation {
                    mv: after.move_text(c),
                    mate,
                    threat,
                    defences,
                });
            }
        }
        let dual = continuations.len() > 1;
        out.push(Defence {
            mv: pos.move_text(d),
            continuations,
            mate_in: need,
            dual,
        });
    }
    Ok(out)
}

/// Popeye-style text of a solution: `1.Qg7! (2.…#)`, defences indented below.
pub fn render_text(sol: &Solution) -> String {
    let mut s = String::new();
    match sol.status.as_str() {
        "unknown" => {
            return format!(
                "#{}: unknown (search budget exhausted after {} nodes)\n",
                sol.stipulation, sol.nodes
            );
        }
        "nomate" => return format!("#{}: no solution ({} nodes)\n", sol.stipulation, sol.nodes),
        _ => {}
    }
    for (i, k) in sol.keys.iter().enumerate() {
        let label = if i == 0 && sol.keys.len() == 1 {
            "key"
        } else {
            "solution"
        };
        let short = if k.mate_in < sol.stipulation {
            format!("  (short: #{})", k.mate_in)
        } else {
            String::new()
        };
        s.push_str(&format!("1.{}! {label}{short}\n", k.mv));
        if k.checks {
            s.push_str("    (checking key)\n");
        } else if k.zugzwang {
            s.push_str("    zugzwang.\n");
        } else if !k.threat.is_empty() {
            s.push_str(&format!("    threat: 2.{}\n", k.threat.join(" / 2.")));
        }
        render_defences(&k.defences, 1, 2, &mut s);
    }
    for t in &sol.tries {
        if t.stalemate {
            s.push_str(&format!("1.{}? stalemate\n", t.mv));
        } else {
            s.push_str(&format!(
                "1.{}? but 1…{}!\n",
                t.mv,
                t.refutations.join(", ")
            ));
        }
    }
    let verdict = crate::solver::report::soundness_word(sol.sound, sol.keys.len());
    s.push_str(&format!(
        "#{}: {verdict}; {} nodes, {} ms\n",
        sol.stipulation, sol.nodes, sol.elapsed_ms
    ));
    s
}

fn render_defences(defences: &[Defence], move_no: u32, indent: usize, s: &mut String) {
    for d in defences {
        let conts: Vec<String> = d
            .continuations
            .iter()
            .map(|c| format!("{}.{}", move_no + 1, c.mv))
            .collect();
        let dual = if d.dual { "  (dual)" } else { "" };
        s.push_str(&format!(
            "{:indent$}{move_no}…{} {}{dual}\n",
            "",
            d.mv,
            conts.join(" / "),
            indent = indent * 2
        ));
        for c in &d.continuations {
            render_defences(&c.defences, move_no + 1, indent + 1, s);
        }
    }
}
