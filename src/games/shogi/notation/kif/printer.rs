//! Canonical KIF and KI2 printers: the text of each move, and the record resolved line
//! by line (every variation from the position where it branches). The layout of the
//! text is `layout.rs`.

use crate::core::Problem;
use crate::games::shogi::ShogiRule;
use crate::games::shogi::position::Position;
use crate::games::shogi::record::{Record, RecordMove};
use crate::games::shogi::types::{Color, Move, Square};

use super::layout::print_with_texts;
use super::moves::reaching_origins;
use super::names::{move_piece_name, square_name};
use super::reader::Flavor;
use super::words;

/// KIF text of one move of `pos`: `７六歩(77)`, `同　銀(32)`, `５五角打`, `２二角成(88)`.
pub fn kif_move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    let mut s = dest_text(mv.to(), previous);
    match mv {
        Move::Board { from, promote, .. } => {
            s.push_str(move_piece_name(moving_kind(pos, mv)));
            if promote {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        Move::Drop { kind, .. } => {
            s.push_str(move_piece_name(kind));
            s.push('打');
        }
    }
    s
}

/// KI2 text of one move of `pos` with the fewest words that make it unique among the
/// pieces of its kind that reach the square by their movement, pinned ones included, as
/// Kifu for Windows writes them: `▲２八銀左引`, `△同　歩`, `▲６三銀打`, `▲２四歩不成`.
pub fn ki2_move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    let us = pos.side_to_move();
    let mut s = String::from(if us == Color::Black { "▲" } else { "△" });
    s.push_str(&dest_text(mv.to(), previous));
    let kind = moving_kind(pos, mv);
    s.push_str(move_piece_name(kind));
    let origins = reaching_origins(pos, kind, mv.to());
    match mv {
        Move::Drop { .. } => {
            if !origins.is_empty() {
                s.push('打');
            }
        }
        Move::Board { from, to, promote } => {
            s.push_str(&words::choose(&origins, from, to, us, kind).text());
            if promote {
                s.push('成');
            } else if kind.can_promote() && (from.in_zone(us) || to.in_zone(us)) {
                s.push_str("不成");
            }
        }
    }
    s
}

fn dest_text(to: Square, previous: Option<Square>) -> String {
    if previous == Some(to) {
        "同　".to_string()
    } else {
        square_name(to)
    }
}

fn moving_kind(pos: &Position, mv: Move) -> crate::games::shogi::types::Kind {
    match mv {
        Move::Board { from, .. } => pos
            .piece_at(from)
            .map_or(crate::games::shogi::types::Kind::King, |p| p.kind),
        Move::Drop { kind, .. } => kind,
    }
}

/// A variation's start: the position before its first ply and the previous destination.
type Start = (Position, Option<Square>);

/// Resolve, check and print every move of a line from `start`; before each ply, note the
/// start of the variations that branch there (`branches`, in ply order, into `starts`).
fn resolve_line(
    flavor: Flavor,
    start: Start,
    moves: &[RecordMove],
    first_ply: usize,
    branches: &[(usize, usize)],
    starts: &mut [Option<Start>],
) -> Result<Vec<String>, Problem> {
    let (mut pos, mut previous) = start;
    let mut texts = Vec::with_capacity(moves.len());
    let mut next_branch = branches.iter().peekable();
    for (i, rm) in moves.iter().enumerate() {
        let ply = first_ply + i;
        while let Some(&&(_, k)) = next_branch.peek().filter(|b| b.0 == ply) {
            starts[k] = Some((pos.clone(), previous));
            next_branch.next();
        }
        let mv = rm.text.resolve(&pos, previous).map_err(|p| {
            let span = if p.span.len > 0 {
                p.span.shifted(rm.span.offset)
            } else {
                rm.span
            };
            Problem { span, ..p }.at_ply(ply)
        })?;
        if let Err(e) = crate::games::shogi::rules::check_move(&pos, mv) {
            return Err(Problem::new(e.rule, e.message, rm.span).at_ply(ply));
        }
        texts.push(match flavor {
            Flavor::Kif => kif_move_text(&pos, mv, previous),
            Flavor::Ki2 => ki2_move_text(&pos, mv, previous),
        });
        pos.play(mv);
        previous = Some(mv.to());
    }
    Ok(texts)
}

/// Print a record as KIF or KI2. Every move of every line is resolved (and checked)
/// against its position, since both notations need it; the first that fails is the error.
pub fn print_record(record: &Record, flavor: Flavor) -> Result<String, Problem> {
    let start = record
        .start
        .validate()
        .map_err(|errs| Problem::new(errs[0].rule, errs[0].message.clone(), record.start_span))?;
    let branches = record.branches();
    let mut starts: Vec<Option<Start>> = vec![None; record.variations.len()];
    let mut texts = Vec::with_capacity(record.variations.len() + 1);
    for (line, branches) in branches.iter().enumerate() {
        let from = match line {
            0 => (start.clone(), None),
            k => starts[k - 1].take().ok_or_else(|| {
                let v = &record.variations[k - 1];
                Problem::new(
                    ShogiRule::VariationOutOfRange,
                    format!(
                        "a variation of ply {} branches where its line has no ply {}",
                        v.ply, v.ply
                    ),
                    v.span,
                )
            })?,
        };
        texts.push(resolve_line(
            flavor,
            from,
            record.line_moves(line),
            record.line_first_ply(line),
            branches,
            &mut starts,
        )?);
    }
    Ok(print_with_texts(record, flavor, &texts))
}
