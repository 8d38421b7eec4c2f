//! Replaying a record's variations (KIF `変化`): every ply of every side line is resolved
//! and checked under the rules from the position where the line branches, as the main
//! line is.
//!
//! Lines are replayed in index order, which reaches every branch point before its
//! variation (`Record::branches`), so a nesting thousands of levels deep costs no stack
//! and time linear in the plies. A side line is checked move by move and stops at a game
//! already over; a repetition (sennichite) is judged on the main line only, since it
//! depends on the whole history of the game.

use super::gave_check::ply_gave_check;
use super::movegen;
use super::position::Position;
use super::record::{Record, RecordMove};
use super::rules::check_move_given;
use super::types::{Move, Square};
use crate::core::{CommonRule, Problem};
use crate::games::shogi::ShogiRule;

/// A variation's start: the position before its first ply and the previous destination.
pub type Start = (Position, Option<Square>);

/// Where replaying the lines has got to: the start of every variation reached.
pub struct Branches {
    table: Vec<Vec<(usize, usize)>>,
    starts: Vec<Option<Start>>,
    /// For each line, the ply at which its replay stopped on a problem.
    stopped: Vec<Option<usize>>,
}

impl Branches {
    pub fn new(record: &Record) -> Branches {
        let n = record.variations.len();
        Branches {
            table: record.branches(),
            starts: vec![None; n],
            stopped: vec![None; n + 1],
        }
    }

    /// Note the starts of the variations of `line` that branch at `ply`, whose position
    /// before that ply is `pos`.
    pub fn reach(&mut self, line: usize, ply: usize, pos: &Position, previous: Option<Square>) {
        let table = &self.table[line];
        let first = table.partition_point(|b| b.0 < ply);
        for &(_, k) in table[first..].iter().take_while(|b| b.0 == ply) {
            self.starts[k] = Some((pos.clone(), previous));
        }
    }

    /// Record that `line` stopped on a problem at `ply` (its later plies are not reached).
    pub fn stop(&mut self, line: usize, ply: usize) {
        self.stopped[line] = Some(ply);
    }

    /// Replay every variation; the problems found, at most one per line.
    pub fn replay_variations(self, record: &Record) -> Vec<Problem> {
        self.replay_variations_visiting(record, |_, _, _| {})
    }

    /// [`replay_variations`](Self::replay_variations), calling `visit` with the ply, the
    /// position before it and the move, for each legal ply of every variation.
    pub fn replay_variations_visiting(
        mut self,
        record: &Record,
        mut visit: impl FnMut(usize, &Position, Move),
    ) -> Vec<Problem> {
        let mut problems = Vec::new();
        for k in 0..record.variations.len() {
            let v = &record.variations[k];
            let Some((pos, previous)) = self.starts[k].take() else {
                if let Some(p) = self.unreached(record, k) {
                    problems.push(p);
                }
                continue;
            };
            let stop = self.replay_line(k + 1, v.ply, &v.moves, (pos, previous), &mut visit);
            if let Some((ply, p)) = stop {
                self.stop(k + 1, ply);
                let note = format!("{} (in the variation from ply {})", p.message, v.ply);
                problems.push(Problem { message: note, ..p });
            }
        }
        problems
    }

    /// Why variation `k` has no start: a parent that is no earlier line, a parent that
    /// has no such ply; `None` when the parent stopped on its own problem before it.
    fn unreached(&self, record: &Record, k: usize) -> Option<Problem> {
        let v = &record.variations[k];
        let parent = match v.parent {
            None => 0,
            Some(p) if p < k => p + 1,
            Some(p) => {
                return Some(Problem::new(
                    ShogiRule::VariationParent,
                    format!(
                        "variation {k} branches from variation {p}, which does not come before it"
                    ),
                    v.span,
                ));
            }
        };
        if self.stopped[parent].is_some_and(|s| s < v.ply) {
            return None;
        }
        Some(Problem::new(
            ShogiRule::VariationOutOfRange,
            format!(
                "a variation of ply {} branches where its line has no ply {}",
                v.ply, v.ply
            ),
            v.span,
        ))
    }

    /// Replay one side line; the first problem and its ply, if any.
    fn replay_line(
        &mut self,
        line: usize,
        first_ply: usize,
        moves: &[RecordMove],
        start: Start,
        visit: &mut impl FnMut(usize, &Position, Move),
    ) -> Option<(usize, Problem)> {
        let (mut pos, mut previous) = start;
        let mut over = false;
        let mut check = pos.in_check();
        for (i, rm) in moves.iter().enumerate() {
            let ply = first_ply + i;
            self.reach(line, ply, &pos, previous);
            if over {
                let p = Problem::new(CommonRule::GameOver, "the game was already over", rm.span);
                return Some((ply, p.at_ply(ply)));
            }
            let mv = match rm.text.resolve(&pos, previous) {
                Ok(m) => m,
                Err(p) => {
                    let span = if p.span.len > 0 {
                        p.span.shifted(rm.span.offset)
                    } else {
                        rm.span
                    };
                    return Some((ply, Problem { span, ..p }.at_ply(ply)));
                }
            };
            if let Err(e) = check_move_given(&pos, mv, check) {
                return Some((ply, Problem::new(e.rule, e.message, rm.span).at_ply(ply)));
            }
            visit(ply, &pos, mv);
            pos.play(mv);
            previous = Some(mv.to());
            check = ply_gave_check(&pos, mv);
            over = !movegen::has_legal_move_given(&pos, check);
        }
        None
    }
}

/// Every legal ply of every line of a record, as (ply, position before it, move): the
/// main line as `validate::replay` plays it, then each variation. A line stops at its
/// first illegal ply. Empty when the start is not a legal position.
pub fn every_move(record: &Record) -> Vec<(usize, Position, Move)> {
    let mut out = Vec::new();
    let Ok(mut pos) = record.start.validate() else {
        return out;
    };
    let mut branches = Branches::new(record);
    let mut previous = None;
    let main = super::validate::replay(record).moves;
    for (i, &mv) in main.iter().enumerate() {
        branches.reach(0, i + 1, &pos, previous);
        out.push((i + 1, pos.clone(), mv));
        pos.play(mv);
        previous = Some(mv.to());
    }
    // a variation may replace the main line's first illegal ply
    branches.reach(0, main.len() + 1, &pos, previous);
    branches.replay_variations_visiting(record, |ply, pos, mv| out.push((ply, pos.clone(), mv)));
    out
}
