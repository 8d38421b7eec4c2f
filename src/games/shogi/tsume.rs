//! Standard-shogi tsume: the solver hooks for shogi and the API the CLI calls.
//!
//! Conventions (tsume): the side to move attacks and must check on every ply; the defender
//! holds exactly the hand the position gives it (use `Setup::missing_pieces` to build one
//! when a problem leaves it implicit); length counts plies, futile interpositions not
//! counted; cooks are reported, the last attacker move excepted.

use std::time::Duration;

use serde::Serialize;

use super::movegen;
use super::position::Position;
use super::rules::check_move;
use super::tables::squares;
use super::types::{Kind, Move, Piece, Square};
use crate::core::Game;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::{Cook, Extractor, Limits, MateSearch, Searcher, SolutionTree, Verdict};

/// Default table: 2^20 entries of 24 bytes (24 MiB).
pub const DEFAULT_TT_ENTRIES: usize = 1 << 20;

/// Longest mate the exact pass looks for when no `mate_in` is given.
const MAX_EXACT_LENGTH: u32 = 255;

/// How the search is set up, apart from the problem's own options.
#[derive(Clone, Copy, Debug)]
pub struct SolveConfig {
    /// Transposition-table entries (memory is fixed at 24 bytes each).
    pub tt_entries: usize,
    /// Count futile interpositions like other defences (engines' "mate in N"); the tsume
    /// convention (the default, `false`) does not.
    pub count_futile: bool,
    /// Attacker nodes fully branched in the solution tree (the rest follows main lines);
    /// 0 builds no tree.
    pub tree_budget: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig { tt_entries: DEFAULT_TT_ENTRIES, count_futile: false, tree_budget: 24 }
    }
}

impl MateSearch for Position {
    fn attacker_moves(&self) -> Vec<Move> {
        checks(self)
    }

    fn defender_moves(&self) -> Vec<Move> {
        evasions(self)
    }

    fn futility_probes(&self, defence: Move) -> Vec<Position> {
        interposition_probes(self, defence)
    }

    fn attacker_leftover(&self) -> u32 {
        self.hand(self.side_to_move().flip()).iter().map(|&n| n as u32).sum()
    }
}

/// The legal checks, in `movegen::legal_moves` order. A drop checks iff the dropped piece
/// attacks the king from its square, which is read from the tables without playing it.
fn checks(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let Some(king) = pos.king(us.flip()) else { return Vec::new() };
    let king_bit = 1u128 << king.0;
    let mut v = Vec::new();
    movegen::for_each_legal(pos, |m| {
        let gives = match m {
            Move::Drop { kind, to } => movegen::targets(pos, to, Piece::new(us, kind)) & king_bit != 0,
            Move::Board { .. } => pos.after(m).king_attacked(us.flip()),
        };
        if gives {
            v.push(m);
        }
        true
    });
    v
}

/// The legal replies, in `movegen::legal_moves` order. In check, drops can only
/// interpose between a single distant checker and the king, so only those squares are
/// tried (the general generator plays every drop to test it).
fn evasions(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let king = match pos.king(us) {
        Some(k) if pos.in_check() => k,
        _ => return movegen::legal_moves(pos),
    };
    let mut v = Vec::new();
    movegen::for_each_legal(pos, |m| {
        if m.is_drop() {
            return false; // drops come last; generated below
        }
        v.push(m);
        true
    });
    let checkers = pos.attackers_of(king, us.flip());
    if checkers.count_ones() != 1 {
        return v;
    }
    let checker = Square(checkers.trailing_zeros() as u8);
    let gap: u128 = Square::all().filter(|&s| between(checker, king, s)).map(|s| 1u128 << s.0).sum();
    if gap == 0 {
        return v;
    }
    for kind in Kind::HAND_ORDER {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        for to in squares(movegen::drop_squares(pos, us, kind) & gap) {
            if kind == Kind::Pawn && movegen::is_drop_pawn_mate(pos, to) {
                continue;
            }
            v.push(Move::Drop { kind, to });
        }
    }
    v
}

/// Is `s` strictly between `from` and `to` on a straight line?
fn between(from: Square, to: Square, s: Square) -> bool {
    let (df, dr) = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut f, mut r) = (from.file() as i8 + sf, from.rank() as i8 + sr);
    while (f, r) != (to.file() as i8, to.rank() as i8) {
        if (f, r) == (s.file() as i8, s.rank() as i8) {
            return true;
        }
        f += sf;
        r += sr;
    }
    false
}

/// For an interposition against a single distant checker: the positions after the checker
/// takes the interposed piece, with that piece handed back to the defender.
fn interposition_probes(pos: &Position, defence: Move) -> Vec<Position> {
    let def = pos.side_to_move();
    let att = def.flip();
    let Some(king) = pos.king(def) else { return Vec::new() };
    if defence.from() == Some(king) {
        return Vec::new();
    }
    let checkers = pos.attackers_of(king, att);
    if checkers.count_ones() != 1 {
        return Vec::new();
    }
    let checker = Square(checkers.trailing_zeros() as u8);
    let to = defence.to();
    if !between(checker, king, to) {
        return Vec::new();
    }
    let after = pos.after(defence);
    let kind = after.piece_at(to).expect("the interposed piece").kind.unpromoted();
    let mut probes = Vec::new();
    for promote in [false, true] {
        let take = Move::Board { from: checker, to, promote };
        if check_move(&after, take).is_err() {
            continue;
        }
        let mut q = after.after(take);
        q.set_hand(att, kind, q.hand_count(att, kind) - 1);
        q.set_hand(def, kind, q.hand_count(def, kind) + 1);
        probes.push(q);
    }
    probes
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Look for a mate within this many plies only (faster, and a "nomate" then means
    /// "none within N").
    pub mate_in: Option<u32>,
    pub max_nodes: Option<u64>,
    pub max_time: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolveResult {
    Mate,
    Nomate,
    Unknown,
}

#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub result: SolveResult,
    /// Tsume length (futile interpositions not counted), when known.
    pub plies: Option<u32>,
    /// The main line in USI.
    pub moves: Vec<String>,
    /// Mate with an exact answer and no cook.
    pub unique: bool,
    pub cooks: Vec<Cook>,
    pub nodes: u64,
    pub elapsed_ms: u64,
    /// False when a budget ran out after the mate was proven: `moves` is then some mating
    /// line, not necessarily the tsume answer, and `plies` is unknown.
    pub exact: bool,
    pub tree: Option<SolutionTree>,
    pub stats: crate::solver::Stats,
}

impl SolveReport {
    /// The solution tree as indented text (empty without a tree).
    pub fn tree_text(&self) -> String {
        self.tree.as_ref().map(|t| t.render()).unwrap_or_default()
    }
}

/// Solve `pos` as a tsume problem (the side to move attacks).
pub fn solve(pos: &Position, opts: &SolveOptions) -> SolveReport {
    solve_with(pos, opts, &SolveConfig::default())
}

/// [`solve`] with a chosen configuration. Answers do not depend on the table size.
pub fn solve_with(pos: &Position, opts: &SolveOptions, config: &SolveConfig) -> SolveReport {
    let limits = Limits { max_nodes: opts.max_nodes, max_time: opts.max_time };
    let mut s: Searcher<Position> = Searcher::new(config.tt_entries, limits);
    if config.count_futile {
        s = s.count_all_interpositions();
    }
    let mut report = SolveReport {
        result: SolveResult::Unknown,
        plies: None,
        moves: Vec::new(),
        unique: false,
        cooks: Vec::new(),
        nodes: 0,
        elapsed_ms: 0,
        exact: false,
        tree: None,
        stats: s.stats(),
    };
    if pos.king(pos.side_to_move().flip()).is_none() {
        report.result = SolveResult::Nomate;
    } else {
        run(&mut s, pos, opts, config.tree_budget, &mut report);
    }
    report.stats = s.stats();
    report.nodes = report.stats.nodes;
    report.elapsed_ms = s.elapsed().as_millis() as u64;
    report
}

fn run(s: &mut Searcher<Position>, pos: &Position, opts: &SolveOptions, tree_budget: usize, report: &mut SolveReport) {
    let depth = opts.mate_in.unwrap_or(UNBOUNDED);
    report.result = match s.prove(pos, depth) {
        Verdict::Proven => SolveResult::Mate,
        Verdict::Disproven => SolveResult::Nomate,
        Verdict::Unknown => SolveResult::Unknown,
    };
    if report.result != SolveResult::Mate {
        return;
    }
    if exact_answer(s, pos, opts, tree_budget, report).is_err() {
        report.exact = false;
        report.plies = None;
        report.cooks.clear();
        let line = if depth == UNBOUNDED { s.proof_line(pos) } else { Vec::new() };
        report.moves = line.iter().map(|&m| pos.move_text(m)).collect();
    }
}

fn exact_answer(
    s: &mut Searcher<Position>,
    pos: &Position,
    opts: &SolveOptions,
    tree_budget: usize,
    report: &mut SolveReport,
) -> Result<(), crate::solver::tree::OutOfBudget> {
    let mut ex = Extractor::new(s);
    let max = opts.mate_in.unwrap_or(MAX_EXACT_LENGTH);
    let plies = ex.mate_length(pos, max)?.ok_or(crate::solver::tree::OutOfBudget)?;
    let answer = ex.answer(pos, plies)?;
    report.plies = Some(plies);
    report.moves = answer.moves.iter().map(|&m| pos.move_text(m)).collect();
    report.unique = answer.cooks.is_empty();
    report.cooks = answer.cooks;
    report.exact = true;
    if tree_budget > 0 {
        let mut budget = tree_budget;
        report.tree = ex.tree(pos, plies, &mut budget).ok();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::sfen::parse_position;

    fn solve_sfen(sfen: &str) -> SolveReport {
        solve(&parse_position(sfen).expect("valid"), &SolveOptions::default())
    }

    #[test]
    fn mate_in_one_with_head_gold() {
        let r = solve_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assert_eq!(r.result, SolveResult::Mate);
        assert_eq!(r.plies, Some(1));
        assert_eq!(r.moves, ["G*5b"]);
    }

    #[test]
    fn futile_drops_do_not_count() {
        // the dragon mates on the rank; drops between are futile
        let r = solve_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1");
        assert_eq!(r.plies, Some(1), "{r:?}");
    }

    #[test]
    fn fast_generators_agree_with_the_general_ones() {
        let sfens = [
            "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
            "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1",
            "l2R2snl/4gkg2/p+P1ppp2p/2p3pp1/9/1nPPP4/P1G1GPP1P/3K1Ss2/+r3Bb1NL w N2Psl 68",
            "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
        ];
        let mut seen = 0;
        for sfen in sfens {
            let root = crate::games::shogi::notation::sfen::parse_position(sfen).unwrap();
            assert_eq!(checks(&root), movegen::checks(&root), "{sfen}");
            for m in checks(&root) {
                let p = root.after(m);
                assert_eq!(evasions(&p), movegen::legal_moves(&p), "{sfen} after {m:?}");
                seen += 1;
            }
        }
        assert!(seen > 10);
    }

    #[test]
    fn between_is_strict() {
        let sq = |f, r| Square::new(f, r).unwrap();
        assert!(between(sq(1, 1), sq(1, 5), sq(1, 3)));
        assert!(!between(sq(1, 1), sq(1, 5), sq(1, 5)));
        assert!(between(sq(1, 1), sq(4, 4), sq(3, 3)));
        assert!(!between(sq(1, 1), sq(2, 3), sq(1, 2)));
    }
}
