//! A move number written twice in a row (Kifu for Windows: `5 ６六歩` then `5 ４二銀`),
//! settled on the board. The reader, which has no board, opens a variation there, an
//! alternative to the ply above. Where its first move is not legal for the side to move
//! at that ply but is as the next ply, the writer meant the next ply: the line is then
//! read as the continuation of the line above, and its warning says so.

use super::branches::Start;
use super::record::{Record, RecordMove};
use super::rules::check_move;
use super::{Position, ShogiRule};
use crate::core::Rule;

/// Settle every variation the reader opened at a repeated move number: kept as an
/// alternative where its first move is legal there (or neither reading is), else moved
/// onto the end of the line above as its next plies. Each one's `IrregularVariation`
/// warning names the reading taken.
pub fn settle_repeated_numbers(record: &mut Record) {
    // from the last, so that removing a line leaves the earlier ones' indices alone
    for k in (0..record.variations.len()).rev() {
        if let Some(line) = continued_line(record, k) {
            continue_line(record, k, line);
        }
    }
}

/// The line variation `k` continues, when it was opened at a repeated number and its first
/// move fits as the next ply of the line above but not as an alternative.
fn continued_line(record: &Record, k: usize) -> Option<usize> {
    let v = &record.variations[k];
    let repeated = v.repeated?;
    let first = v.moves.first()?;
    let start = start_of(record, v.parent.map_or(0, |p| p + 1), v.ply)?;
    if fits(first, &start) {
        return None;
    }
    let above = record.line_moves(repeated.line);
    let at = v.ply.checked_sub(record.line_first_ply(repeated.line))?;
    let line_start = start_of(record, repeated.line, v.ply)?;
    let next = play(&line_start, above.get(at)?)?;
    fits(first, &next).then_some(repeated.line)
}

/// Move variation `k`'s moves and ending onto the end of `line`, the lines branching from
/// it with them (one ply later, as its moves now are), and say so in its warning.
fn continue_line(record: &mut Record, k: usize, line: usize) {
    let v = record.variations.remove(k);
    let number = v.repeated.map(|r| r.number);
    let ply = v.ply;
    if let Some(w) = record
        .warnings
        .iter_mut()
        .find(|w| Some(w.span) == number && w.rule == Rule::Shogi(ShogiRule::IrregularVariation))
    {
        w.message = format!(
            "move number {ply} again, but the move is not the side's to move at ply {ply}: read as ply {}, the line's continuation",
            ply + 1
        );
    }
    let (moves, ending, ending_time) = match line {
        0 => (
            &mut record.moves,
            &mut record.ending,
            &mut record.ending_time,
        ),
        l => {
            let p = &mut record.variations[l - 1];
            (&mut p.moves, &mut p.ending, &mut p.ending_time)
        }
    };
    moves.extend(v.moves);
    if ending.is_none() {
        *ending = v.ending;
        *ending_time = v.ending_time;
    }
    // the lines after `k` move up one; those from `k` (or from them) branch one ply later
    let mut shifted = vec![false; record.variations.len()];
    for j in k..record.variations.len() {
        let w = &mut record.variations[j];
        if let Some(p) = w.parent {
            if p == k {
                w.parent = line.checked_sub(1);
                shifted[j] = true;
            } else if p > k {
                w.parent = Some(p - 1);
                shifted[j] = shifted[p - 1];
            }
        }
        if shifted[j] {
            w.ply += 1;
        }
        if let Some(r) = &mut w.repeated {
            r.line = match r.line {
                l if l == k + 1 => line,
                l if l > k + 1 => l - 1,
                l => l,
            };
        }
    }
}

/// The position before ply `ply` of `line` (`0` the main line, `k + 1` variation `k`) and
/// the previous move's destination, its plies played from the start through every line it
/// branches from; `None` where a ply on the way is not legal.
fn start_of(record: &Record, line: usize, ply: usize) -> Option<Start> {
    let mut chain = vec![(line, ply)];
    let mut l = line;
    while l != 0 {
        let v = &record.variations[l - 1];
        let parent = v.parent.map_or(0, |p| p + 1);
        if parent >= l {
            return None;
        }
        chain.push((parent, v.ply));
        l = parent;
    }
    let mut at: Start = (record.start.validate().ok()?, None);
    for &(l, until) in chain.iter().rev() {
        let count = until.checked_sub(record.line_first_ply(l))?;
        for rm in record.line_moves(l).get(..count)? {
            at = play(&at, rm)?;
        }
    }
    Some(at)
}

/// `rm` played from `at`, if it is legal there.
fn play(at: &Start, rm: &RecordMove) -> Option<Start> {
    let (pos, previous) = at;
    let mv = rm.text.resolve(pos, *previous).ok()?;
    check_move(pos, mv).ok()?;
    Some((pos.after(mv), Some(mv.to())))
}

/// Is `rm` legal from `at`?
fn fits(rm: &RecordMove, at: &(Position, Option<super::Square>)) -> bool {
    play(at, rm).is_some()
}
