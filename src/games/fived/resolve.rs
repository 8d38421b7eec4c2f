//! Matching a written move against the generated single moves (§10.2, R-5).

use super::board::{file_of, rank_of, sq};
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::record::{BoardRef, Castle, JumpMark, MoveText};
use super::types::{Colour, Kind};
use crate::core::{CommonRule, Problem};
use crate::games::fived::FivedRule;

/// A resolved move and the warnings its redundant marks deserve.
pub struct Resolved {
    pub mv: Move,
    pub warnings: Vec<Problem>,
}

/// The timeline index a written label names; `0` in an even set-up means `+0`.
fn timeline_of(
    mv: &Multiverse,
    b: &BoardRef,
    warnings: &mut Vec<Problem>,
) -> Result<Option<i32>, Problem> {
    let Some((neg, n, signed)) = b.timeline else {
        return Ok(None);
    };
    if mv.even && n == 0 && !signed {
        warnings.push(Problem::new(
            FivedRule::UnsignedZero,
            "`0` in an even set-up is read as `+0`",
            b.span,
        ));
    }
    Multiverse::parse_label(mv.even, neg, n)
        .map(Some)
        .ok_or_else(|| {
            Problem::new(
                FivedRule::NoSuchBoard,
                "`-0` names no timeline in an odd set-up",
                b.span,
            )
        })
}

/// Does board `(l, v)` fit the written reference?
fn fits(l: i32, v: i32, tl: Option<i32>, turn: Option<i32>) -> bool {
    tl.is_none_or(|x| x == l) && turn.is_none_or(|t| t == Multiverse::turn_of(v))
}

/// Check that a written source board exists and is playable for `p`.
fn check_source(mv: &Multiverse, p: Colour, b: &BoardRef, tl: Option<i32>) -> Result<(), Problem> {
    let (Some(l), Some(t)) = (tl, b.turn) else {
        return Ok(());
    };
    let v = Multiverse::v_of(t, p);
    let label = mv.label(l);
    if mv.board(l, v).is_none() {
        return Err(Problem::new(
            FivedRule::NoSuchBoard,
            format!("there is no board ({label}T{t}) for {p:?} to move on"),
            b.span,
        ));
    }
    if !mv.is_end(l, v) {
        return Err(Problem::new(
            FivedRule::BoardNotPlayable,
            format!(
                "the board ({label}T{t}) already has a next board: only end boards are played on"
            ),
            b.span,
        ));
    }
    Ok(())
}

pub fn resolve(
    mv: &Multiverse,
    p: Colour,
    text: &MoveText,
    all: &[Move],
) -> Result<Resolved, Problem> {
    let mut warnings = Vec::new();
    let src_tl = match &text.source {
        Some(b) => timeline_of(mv, b, &mut warnings)?,
        None => None,
    };
    if let Some(b) = &text.source {
        check_source(mv, p, b, src_tl)?;
    }
    let dst_tl = match &text.dest_board {
        Some(b) => timeline_of(mv, b, &mut warnings)?,
        None => None,
    };
    let base: Vec<&Move> = all
        .iter()
        .filter(|m| matches_source(mv, m, text, src_tl) && matches_dest(mv, m, text, dst_tl))
        .collect();
    let by_piece = by_piece(mv, &base, text);
    let mut cands: Vec<&Move> = by_piece
        .iter()
        .copied()
        .filter(|m| jump_fits(mv, m, text.jump))
        .collect();
    if cands.is_empty() && text.jump.is_some() {
        let other: Vec<&Move> = by_piece.iter().copied().filter(|m| !m.physical()).collect();
        if !other.is_empty() {
            warnings.push(Problem::new(
                CommonRule::WrongJumpMark,
                "the jump marker (`>` onto an end board, `>>` onto a past board) is wrong here",
                text.span,
            ));
            cands = other;
        }
    }
    let cands = promotions(mv, cands, text, &mut warnings);
    match cands.as_slice() {
        [m] => {
            claims(mv, m, text, &mut warnings);
            Ok(Resolved { mv: **m, warnings })
        }
        [] => Err(no_match(mv, p, text, &by_piece)),
        many => Err(Problem::new(
            CommonRule::AmbiguousMove,
            format!("{} moves fit this text", many.len()),
            text.span,
        )),
    }
}

fn matches_source(mv: &Multiverse, m: &Move, t: &MoveText, tl: Option<i32>) -> bool {
    let src_ok = t
        .source
        .is_none_or(|b| fits(m.from.l, m.from.v, tl, b.turn));
    let f = file_of(m.from.sq);
    let r = rank_of(m.from.sq);
    let castle_ok = match t.castle {
        None => true,
        Some(c) => {
            let king = mv
                .cell(m.from.l, m.from.v, m.from.sq)
                .and_then(|c| c.kind())
                == Some(Kind::King);
            let d = file_of(m.to.sq) - f;
            king && m.physical() && d == if c == Castle::Short { 2 } else { -2 }
        }
    };
    src_ok && castle_ok && t.from_file.is_none_or(|x| x == f) && t.from_rank.is_none_or(|x| x == r)
}

fn matches_dest(mv: &Multiverse, m: &Move, t: &MoveText, tl: Option<i32>) -> bool {
    if let Some(v) = t.vector {
        let mover = mv
            .cell(m.from.l, m.from.v, m.from.sq)
            .and_then(|c| c.colour())
            .unwrap_or(Colour::White);
        return super::notation::print::vector_of(mover, m) == v;
    }
    let sq_ok = t.to.is_none_or(|(f, r)| m.to.sq == sq(f, r));
    let board_ok = match &t.dest_board {
        // The raw export form writes the destination board even for physical moves.
        Some(b) => fits(m.to.l, m.to.v, tl, b.turn) && (t.jump.is_none() || !m.physical()),
        None => t.jump.is_some() || m.physical(),
    };
    sq_ok && board_ok
}

/// Filter by piece letter; without one, pawns first, then brawns, then any piece (§10.2).
fn by_piece<'a>(mv: &Multiverse, ms: &[&'a Move], t: &MoveText) -> Vec<&'a Move> {
    let kind = |m: &Move| {
        mv.cell(m.from.l, m.from.v, m.from.sq)
            .and_then(|c| c.kind())
    };
    if let Some(k) = t.piece.or(t.castle.map(|_| Kind::King)) {
        return ms.iter().copied().filter(|m| kind(m) == Some(k)).collect();
    }
    for k in [Kind::Pawn, Kind::Brawn] {
        let found: Vec<&Move> = ms.iter().copied().filter(|m| kind(m) == Some(k)).collect();
        if !found.is_empty() {
            return found;
        }
    }
    ms.to_vec()
}

fn jump_fits(mv: &Multiverse, m: &Move, mark: Option<JumpMark>) -> bool {
    match mark {
        None => true,
        Some(JumpMark::Single) => !m.physical() && mv.is_end(m.to.l, m.to.v),
        Some(JumpMark::Double) => !m.physical() && !mv.is_end(m.to.l, m.to.v),
    }
}

/// Keep the written promotion; without one, the first piece of the set, with a warning.
fn promotions<'a>(
    mv: &Multiverse,
    cands: Vec<&'a Move>,
    t: &MoveText,
    warnings: &mut Vec<Problem>,
) -> Vec<&'a Move> {
    if let Some(k) = t.promotion {
        return cands.into_iter().filter(|m| m.promo == Some(k)).collect();
    }
    if cands.iter().any(|m| m.promo.is_some()) {
        let first = mv.promotions.first().copied();
        warnings.push(Problem::new(
            CommonRule::MissingPromotion,
            "a promoting move without `=X` promotes to the first piece of the promotion set",
            t.span,
        ));
        return cands
            .into_iter()
            .filter(|m| m.promo.is_none() || m.promo == first)
            .collect();
    }
    cands
}

/// Warn about a wrong `x` claim.
fn claims(mv: &Multiverse, m: &Move, t: &MoveText, warnings: &mut Vec<Problem>) {
    let captures = captures(mv, m);
    if t.capture && !captures {
        warnings.push(Problem::new(
            CommonRule::WrongCaptureMark,
            "`x` is written but the move captures nothing",
            t.span,
        ));
    }
}

/// Whether the move takes a piece (en passant included).
pub fn captures(mv: &Multiverse, m: &Move) -> bool {
    let target = mv
        .cell(m.to.l, m.to.v, m.to.sq)
        .is_some_and(|c| !c.is_empty());
    let pawn = mv
        .cell(m.from.l, m.from.v, m.from.sq)
        .and_then(|c| c.kind())
        .is_some_and(Kind::pawnlike);
    target || (pawn && m.physical() && file_of(m.from.sq) != file_of(m.to.sq))
}

/// Explain why no generated move fits.
fn no_match(mv: &Multiverse, p: Colour, t: &MoveText, by_piece: &[&Move]) -> Problem {
    if let Some((f, r)) = t.to
        && !mv.inside(f, r)
    {
        return Problem::new(
            CommonRule::OffBoard,
            format!("the square is outside the {}x{} board", mv.width, mv.height),
            t.span,
        );
    }
    if t.castle.is_some() {
        return Problem::new(
            FivedRule::IllegalCastling,
            "castling needs an unmoved king and rook (three or more files apart) with empty squares between, and the king's square, crossed square and destination not attacked on that board",
            t.span,
        );
    }
    let two_timelines = t.piece.is_none() && t.dest_board.is_some() && t.source.is_some();
    if two_timelines {
        let index = |b: Option<BoardRef>| {
            b.and_then(|b| b.timeline)
                .and_then(|(neg, n, _)| Multiverse::parse_label(mv.even, neg, n))
        };
        if let (Some(s), Some(d)) = (index(t.source), index(t.dest_board))
            && (s - d).abs() == 2
        {
            return Problem::new(
                FivedRule::PawnDoubleStepAcrossTimelines,
                "a pawn steps two timelines only unmoved, over an existing, empty square of the timeline between",
                t.span,
            );
        }
    }
    if !by_piece.is_empty() && t.jump.is_some() {
        return Problem::new(
            CommonRule::WrongJumpMark,
            "no move of this piece fits the jump as written",
            t.span,
        );
    }
    if mv.mandatory(p).is_empty() && mv.playable(p).is_empty() {
        return Problem::new(
            FivedRule::NoPlayableBoard,
            format!("{p:?} has no board to move on"),
            t.span,
        );
    }
    Problem::new(
        CommonRule::IllegalMove,
        format!("no move of {p:?} from a playable board fits this text"),
        t.span,
    )
}
