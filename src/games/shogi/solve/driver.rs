//! The driver: how a tsume problem is put to the generic solver. Short mates first by
//! depth-bounded proofs, then the unbounded search, then the exact pass for the length the
//! convention asks (up from a mate in 1, or down from a long proof's length), a line read
//! from the proof when that cannot finish, and the exact sennichite rule when the plain
//! search's "no mate" leaned on repetitions. It also moves a search that outgrows the
//! usual path cap to a thread with a deep enough stack.

use crate::core::Game;
use crate::games::shogi::position::Position;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::table::ENTRY_BYTES;
use crate::solver::tree::OutOfBudget;
use crate::solver::{Answer, Extractor, Length, Limits, Outcome, Searcher, Unit, Verdict};

use super::{ShogiExtension, sennichite, unknown_answer};

/// Default table: at most 2^23 entries of 32 bytes (256 MiB; it grows only as needed).
pub const DEFAULT_TT_ENTRIES: usize = 1 << 23;

/// Nodes the solver spends on depth-bounded proofs of increasing length before it asks
/// the unbounded search whether there is a mate at all (see `run`).
const SHORT_FIRST_NODES: u64 = 20_000;

/// Longest path the search follows: room for the longest classics (Zuko 100, 611 plies;
/// Microcosmos, 1525), with their mates' detours.
const PATH_CAP: usize = 2048;

/// Stack for the thread that solves problems deeper than the searcher's usual path cap:
/// the search recurses once per ply of its path, and its futility searches nest further
/// searches (reserved, touched only as deep as it goes).
const SOLVER_STACK_BYTES: usize = 512 << 20;

/// A first proof longer than this many plies is a long mate: the exact pass proves its
/// length going down from the proof's, with interpositions judged lazily and without the
/// relaxed twin (see `Extractor::going_down`, `Searcher::judge_interpositions_lazily`).
/// Shorter ones go up from a mate in 1 as before, which cost fewer nodes there (the
/// figures: `docs/tsume-solver.md#measured-choices`).
const DESCEND_PAST: u32 = 101;

#[cfg(not(test))]
fn descend_past() -> u32 {
    DESCEND_PAST
}

#[cfg(test)]
thread_local! {
    /// Unit tests measure every mate going down by setting this to 0.
    static DESCEND_PAST_IN_TEST: std::cell::Cell<u32> = const { std::cell::Cell::new(DESCEND_PAST) };
}

#[cfg(test)]
fn descend_past() -> u32 {
    DESCEND_PAST_IN_TEST.with(|d| d.get())
}

/// Longest mate the exact pass looks for when no `mate_in` is given.
const MAX_EXACT_LENGTH: u32 = PATH_CAP as u32 - 1;

/// Longest of the depth-bounded proofs tried before the unbounded search (see `run`).
const SHORT_FIRST_MAX: u32 = 255;

/// How the search is set up, apart from the problem and its limits.
#[derive(Clone, Copy, Debug)]
pub struct SolveConfig {
    /// Count futile interpositions like other defences (engines' "mate in N"); the tsume
    /// convention (the default, `false`) does not.
    pub count_futile: bool,
    /// Attacker nodes fully branched in the solution tree (the rest follows main lines);
    /// 0 builds no tree.
    pub tree_budget: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            count_futile: false,
            tree_budget: 24,
        }
    }
}

/// Solve `pos` as a tsume problem (the side to move attacks): the shortest mate, or a
/// mate within `mate_in` plies only (faster, and "no solution" then means "none within").
pub fn solve(pos: &Position, mate_in: Option<u32>, limits: &Limits) -> Answer<ShogiExtension> {
    solve_with(pos, mate_in, limits, &SolveConfig::default())
}

/// [`solve`] with a chosen configuration. Answers do not depend on the table size
/// (`limits.memory`, [`DEFAULT_TT_ENTRIES`] entries by default).
///
/// Most problems never reach the searcher's usual path cap: they are solved on the calling
/// thread, and a search that reaches the cap stops there. Only then does the same searcher
/// (its proofs and disproofs, node count and clock kept) go on, on a thread whose stack is
/// deep enough for `PATH_CAP` plies (a search that never reached the cap is the same search
/// with any larger one, so the answer does not depend on which run gave it). Starting over
/// instead would throw away all the work done before the cap was reached.
pub fn solve_with(
    pos: &Position,
    mate_in: Option<u32>,
    limits: &Limits,
    config: &SolveConfig,
) -> Answer<ShogiExtension> {
    let entries = limits
        .memory
        .map_or(DEFAULT_TT_ENTRIES, |b| (b as usize) / ENTRY_BYTES);
    let mut s: Searcher<Position> = Searcher::new(entries, *limits).stop_at_path_cap();
    if config.count_futile {
        s = s.count_all_interpositions();
    }
    let first = solve_on(&mut s, pos, mate_in, limits, config);
    if !first.extension.stats.truncated {
        return first;
    }
    // The same searcher goes on (its table, its node count and its clock) with the deeper cap.
    s.reopen_with_path_cap(PATH_CAP);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("tsume".into())
            .stack_size(SOLVER_STACK_BYTES)
            .spawn_scoped(scope, || solve_on(&mut s, pos, mate_in, limits, config))
            .expect("a solver thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// [`solve_with`] with the searcher `s` (whose path cap the caller chose).
fn solve_on(
    s: &mut Searcher<Position>,
    pos: &Position,
    mate_in: Option<u32>,
    limits: &Limits,
    config: &SolveConfig,
) -> Answer<ShogiExtension> {
    let mut answer = unknown_answer(mate_in, ShogiExtension::default());
    let mut extra_nodes = 0;
    if pos.king(pos.side_to_move().flip()).is_none() {
        answer.result = Outcome::NoSolution;
    } else {
        run(s, pos, mate_in, config.tree_budget, &mut answer);
        // Only a king of the attacker's lets the rule help the attacker (see sennichite).
        let attacker_king = pos.king(pos.side_to_move()).is_some();
        if answer.result == Outcome::NoSolution
            && s.stats().repetitions > 0
            && mate_in.is_none()
            && attacker_king
        {
            extra_nodes = sennichite_rule(pos, limits, s, &mut answer);
        }
    }
    let stats = s.stats();
    answer.nodes = stats.nodes + extra_nodes;
    answer.set_elapsed(s.elapsed());
    let incomplete = answer.result == Outcome::Solved && !answer.solution.length.exact;
    if answer.result == Outcome::Unknown || (stats.aborted && incomplete) {
        answer.stop(limits.reached(stats.nodes));
    }
    answer.extension.table_bytes = stats.tt_bytes;
    answer.extension.stats = stats;
    answer
}

fn run(
    s: &mut Searcher<Position>,
    pos: &Position,
    mate_in: Option<u32>,
    tree_budget: usize,
    answer: &mut Answer<ShogiExtension>,
) {
    let mut depth = mate_in.map_or(UNBOUNDED, |n| n.min(MAX_EXACT_LENGTH));
    let mut verdict = None;
    if mate_in.is_none() {
        // Short mates first. The depth-bounded search skips futile interpositions, which
        // the unbounded one must all refute (a mate in 1 against a defender holding every
        // piece is otherwise a long proof); a bounded proof is a proof, and the exact pass
        // finds these bounded results in the table. Past a small budget, the unbounded
        // search decides whether there is a mate at all.
        let mut d = 1;
        while d <= SHORT_FIRST_MAX && s.stats().nodes < SHORT_FIRST_NODES {
            match s.prove(pos, d) {
                Verdict::Proven => {
                    verdict = Some(Verdict::Proven);
                    depth = d;
                    break;
                }
                Verdict::Disproven => d += 2,
                Verdict::Unknown => break,
            }
        }
    }
    let verdict = verdict.unwrap_or_else(|| s.prove(pos, depth));
    answer.result = match verdict {
        Verdict::Proven => Outcome::Solved,
        Verdict::Disproven => Outcome::NoSolution,
        Verdict::Unknown => Outcome::Unknown,
    };
    if answer.result != Outcome::Solved {
        return;
    }
    // The line read from the proof is the answer when the exact pass cannot finish. It is
    // read first: once a limit has stopped the exact pass, no search can fill the gaps the
    // table may have.
    let line = s.proof_line(pos, depth);
    if exact_answer(s, pos, depth, mate_in, tree_budget, answer).is_err() {
        let moves = line.iter().map(|&m| pos.move_text(m)).collect();
        let at_least = answer.solution.length.at_least;
        answer.solution.set_line(moves, &[]);
        answer.solution.length = Length {
            at_least,
            ..Length::unknown(Unit::Plies)
        };
        answer.solution.unique = None;
    }
}

/// Nodes the history search may spend at most, with room for the problems built on the
/// rule (see `docs/tsume-solver.md#measured-choices`): it is a second look after a "no mate", which
/// stands when this budget runs out.
const SENNICHITE_NODES: u64 = 5_000_000;

/// The plain search found no mate but met repetitions: look for a mate under the exact
/// sennichite rule, within what is left of the limits.
/// Returns the nodes it spent.
fn sennichite_rule(
    pos: &Position,
    limits: &Limits,
    s: &Searcher<Position>,
    answer: &mut Answer<ShogiExtension>,
) -> u64 {
    let used = s.stats().nodes;
    let left = Limits {
        nodes: Some(limits.nodes.map_or(SENNICHITE_NODES, |n| {
            n.saturating_sub(used).min(SENNICHITE_NODES)
        })),
        ..limits.rest(used, s.elapsed())
    };
    let (mate, nodes) = sennichite::prove(pos, left);
    let Some(mate) = mate else { return nodes };
    answer.result = Outcome::Solved;
    answer.extension.sennichite = true;
    let plies = mate.moves.len() as u32;
    answer.solution.set_line(mate.moves, &[]);
    answer.solution.length = if mate.exact {
        Length::exact(plies, Unit::Plies)
    } else {
        Length::unknown(Unit::Plies)
    };
    answer.solution.unique = Some(false);
    nodes
}

fn exact_answer(
    s: &mut Searcher<Position>,
    pos: &Position,
    depth: u32,
    mate_in: Option<u32>,
    tree_budget: usize,
    answer: &mut Answer<ShogiExtension>,
) -> Result<(), OutOfBudget> {
    // The first pass is over: from here on, bounded questions are the exact pass's.
    let long = s
        .proof_length(pos, depth)
        .is_some_and(|n| n > descend_past());
    if long {
        s.judge_interpositions_lazily();
    } else {
        s.use_relaxed_twin();
    }
    let mut ex = Extractor::new(s);
    if long {
        ex = ex.going_down();
    }
    let max = mate_in.unwrap_or(MAX_EXACT_LENGTH).min(MAX_EXACT_LENGTH);
    // On the way out without an answer, say how long the mate is at least.
    let Ok(Some(plies)) = ex.mate_length(pos, max) else {
        answer.solution.length.at_least = Some(ex.shortest_at_least());
        return Err(OutOfBudget);
    };
    let Ok(line) = ex.answer(pos, plies) else {
        answer.solution.length.at_least = Some(plies);
        return Err(OutOfBudget);
    };
    let moves = line.moves.iter().map(|&m| pos.move_text(m)).collect();
    let sol = &mut answer.solution;
    sol.set_line(moves, &line.cooks);
    sol.length = Length::exact(plies, Unit::Plies);
    sol.unique = Some(line.cooks.is_empty());
    if tree_budget > 0 {
        let mut budget = tree_budget;
        sol.tree = ex.tree(pos, plies, &mut budget).ok().into_iter().collect();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::sfen::parse_position;

    fn solve_sfen(sfen: &str) -> Answer<ShogiExtension> {
        solve(
            &parse_position(sfen).expect("valid"),
            None,
            &Limits::default(),
        )
    }

    #[test]
    fn mate_in_one_with_head_gold() {
        let r = solve_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assert_eq!(r.result, Outcome::Solved);
        assert_eq!(r.solution.length.value, Some(1));
        assert_eq!(r.solution.moves, ["G*5b"]);
    }

    /// The long mates' exact pass (down from the proof's length, interpositions judged
    /// lazily) gives every short problem of the compiled set the same answer as the
    /// default one: length, line, cooks and tree.
    #[test]
    fn measured_down_the_compiled_set_answers_the_same() {
        let tsv = include_str!("../../../../tests/data/shogi/compiled/tsume_compiled.tsv");
        let mut compared = 0;
        for line in tsv.lines().filter(|l| !l.starts_with('#')) {
            let mut cols = line.split('\t');
            let (Some(sfen), Some(stated)) = (cols.next(), cols.next()) else {
                continue;
            };
            if !stated.parse::<u32>().is_ok_and(|n| (5..=9).contains(&n)) {
                continue;
            }
            let up = solve_sfen(sfen);
            DESCEND_PAST_IN_TEST.with(|d| d.set(0));
            let down = solve_sfen(sfen);
            DESCEND_PAST_IN_TEST.with(|d| d.set(DESCEND_PAST));
            assert_eq!(up.solution.length, down.solution.length, "{sfen}");
            assert_eq!(up.solution.moves, down.solution.moves, "{sfen}");
            assert_eq!(up.solution.cooks, down.solution.cooks, "{sfen}");
            assert_eq!(up.solution.tree, down.solution.tree, "{sfen}");
            compared += 1;
        }
        assert!(compared >= 40, "{compared}");
    }

    #[test]
    fn futile_drops_do_not_count() {
        // the dragon mates on the rank; drops between are futile
        let r = solve_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1");
        assert_eq!(r.solution.length.value, Some(1), "{r:?}");
    }
}
