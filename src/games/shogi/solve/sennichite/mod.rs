//! Tsume under the exact sennichite rule, for the problems built on it (最後の審判).
//!
//! The df-pn solver counts any repetition as the attacker's failure: a shortest mate never
//! needs one, and it keeps the table sound. The rule itself is narrower (§1.7 of the shogi
//! rules): a position may occur three times; the ply that makes it occur a fourth time ends
//! the game, and since every attacker ply of a tsume gives check, that is the attacker's
//! perpetual check. So
//! * an attacker ply that makes a fourth occurrence is illegal;
//! * a defender ply that makes one wins for the defender;
//! * a defender pawn drop that checks the attacker's king (two-king problems) is illegal
//!   when the attacker's only answers would make a fourth occurrence: the drop would then
//!   mate (uchifuzume).
//!
//! Only the last point can help the attacker, and it needs a king of the attacker's. Without
//! one, going round a loop never helps: from the second occurrence of a position the
//! attacker has the same moves as from the first, minus those the counts now forbid, so any
//! mate it has there it had the first time. The solver therefore looks again only in
//! two-king problems.
//!
//! When the plain search finds no mate but met repetitions on the way, the solver asks
//! again with the same df-pn search over `Counted` positions, which carry the
//! line that led to them. Two choices keep that search small, and are what its answer
//! assumes:
//! * The attacker goes back to a position already seen only when the defender leaves no
//!   choice: the attacker has a single check, or is already following such a loop. This
//!   only ever takes moves away from the attacker, so a mate found is a mate.
//! * The table key holds the positions seen at least twice (with their counts), not those
//!   seen once, so that transpositions still meet. A result is then shared by lines that
//!   differ only in positions seen once; it could differ only if a line below went back to
//!   such a position three more times.
//!
//! A mate found this way is reported with its main line (see [`line`]); "no mate" is never
//! concluded here — the plain answer stands then.

/// The `Game` methods a wrapper of a shogi position (a `pos` field) answers as the plain
/// position does.
macro_rules! plain_game_methods {
    () => {
        fn legal_moves(&self) -> Vec<Move> {
            self.pos.legal_moves()
        }
        fn in_check(&self) -> bool {
            self.pos.in_check()
        }
        fn move_text(&self, mv: Move) -> String {
            self.pos.move_text(mv)
        }
    };
}

/// The `MateSearch` hooks about interpositions and leftovers, which the rule does not touch:
/// the wrapper answers them as the plain position does (with `wrap` for new positions), so
/// that its futility judgments are shogi's own.
macro_rules! plain_interposition_hooks {
    () => {
        fn may_interpose(&self, defence: Move) -> bool {
            self.pos.may_interpose(defence)
        }
        fn interposition_candidates(&self, defences: &[Move]) -> Vec<bool> {
            self.pos.interposition_candidates(defences)
        }
        fn interposition_rank(&self, defence: Move) -> u32 {
            self.pos.interposition_rank(defence)
        }
        fn futility_probes(&self, defence: Move) -> Vec<Self> {
            self.pos
                .futility_probes(defence)
                .into_iter()
                .map(|p| self.wrap(p))
                .collect()
        }
        fn has_futility_probes(&self, defence: Move) -> bool {
            self.pos.has_futility_probes(defence)
        }
        fn attacker_leftover(&self) -> u32 {
            self.pos.attacker_leftover()
        }
    };
}

mod counted;
mod guarded;
mod line;

use self::counted::Counted;
use super::{Move, Position};
use crate::core::Game;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::{Limits, Searcher, Verdict};

/// Table entries of the history search (the table grows from a small start).
const TT_ENTRIES: usize = 1 << 22;

#[derive(Clone, Debug)]
pub struct HistoryMate {
    /// The main line (USI).
    pub moves: Vec<String>,
    /// The line is the shortest mate against the longest defence (see [`line`]).
    pub exact: bool,
}

/// Search for a mate of `root` (attacker to move) under the exact sennichite rule, within
/// `limits`: the mate (`None` when none was found) and the nodes spent.
pub fn prove(root: &Position, limits: Limits) -> (Option<HistoryMate>, u64) {
    let start = std::time::Instant::now();
    let r = Counted::root(root);
    let mut s: Searcher<Counted> = Searcher::new(TT_ENTRIES, limits);
    if s.prove(&r, UNBOUNDED) != Verdict::Proven {
        return (None, s.stats().nodes);
    }
    let left = limits.rest(s.stats().nodes, start.elapsed());
    let mut reader = line::Reader::new(&s, left);
    let line = reader.attacker_line(&r);
    let nodes = s.stats().nodes + reader.plain_nodes();
    (
        line.map(|l| HistoryMate {
            moves: usi_line(root, &l.moves),
            exact: l.exact,
        }),
        nodes,
    )
}

fn usi_line(root: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    moves
        .iter()
        .map(|&m| {
            let t = pos.move_text(m);
            pos = pos.after(m);
            t
        })
        .collect()
}
