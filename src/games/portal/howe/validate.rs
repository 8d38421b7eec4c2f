//! Replaying Howe records: the start from the `FEN` tag (or the start position), each slot
//! checked against the move numbering (§2.3: White's ply, then Black's, per number) and
//! resolved by the rules, every problem spanned in the file and naming its rule. The end
//! is judged by §2.7: no legal ply at all is checkmate; there is no stalemate.

use super::fen;
use super::position::{HowePosition, Ply};
use super::record::{HoweRecord, Slot};
use crate::core::{CommonRule, Problem};
use crate::games::chess::types::Color;
use crate::games::portal::PortalRule;
use crate::games::portal::replay::GameResult;

#[derive(Clone, Debug)]
/// What replaying a Howe game found.
pub struct Replay {
    /// The start position (the `FEN` tag's, or the start).
    pub start: HowePosition,
    /// The plies played, up to the first illegal one.
    pub plies: Vec<Ply>,
    /// Every rule broken; empty when the game is valid.
    pub problems: Vec<Problem>,
    /// How the game ended, by the rules or as stated.
    pub result: GameResult,
    /// The position after the last legal ply.
    pub end: HowePosition,
}

/// The start position of a record; a problem in the `FEN` tag is spanned in the file.
pub fn start_of(rec: &HoweRecord) -> Result<HowePosition, Problem> {
    match rec.tag("FEN") {
        None => Ok(HowePosition::startpos()),
        Some(text) => {
            fen::parse(text).map_err(|p| p.shifted(rec.fen_span.unwrap_or_default().offset))
        }
    }
}

/// Where a slot stands against the schedule, or the problem with its numbering.
fn numbering(pos: &HowePosition, slot: &Slot, number: u32) -> Result<(), Problem> {
    if slot.number != number {
        let msg = format!(
            "this is move {number} (each number holds White's ply, then Black's); it is numbered {}",
            slot.number
        );
        return Err(Problem::new(CommonRule::MoveNumber, msg, slot.number_span));
    }
    let side = if slot.half == 0 {
        Color::White
    } else {
        Color::Black
    };
    if side != pos.turn() {
        let msg = format!(
            "{}'s ply is due here; {}'s slot holds `{}` (write `{number}:... <ply>` when Black moves first)",
            pos.turn().name(),
            side.name(),
            slot.text
        );
        return Err(Problem::new(CommonRule::WrongSide, msg, slot.span));
    }
    Ok(())
}

/// One slot resolved; the problem's span is in the file.
fn play_slot(pos: &HowePosition, slot: &Slot, number: u32) -> Result<Ply, Problem> {
    numbering(pos, slot, number)?;
    if super::movegen::legal_plies(pos).is_empty() {
        return Err(Problem::new(
            CommonRule::GameOver,
            format!("{} is checkmated: the game is over", pos.turn().name()),
            slot.span,
        ));
    }
    super::ply(pos, &slot.text).map_err(|p| {
        let inside = p.span.len > 0 && p.span.end() <= slot.text.len();
        Problem {
            span: if inside {
                p.span.shifted(slot.span.offset)
            } else {
                slot.span
            },
            ..p
        }
    })
}

pub fn replay(rec: &HoweRecord) -> Replay {
    let start = match start_of(rec) {
        Ok(p) => p,
        Err(p) => {
            let s = HowePosition::startpos();
            let result = GameResult {
                winner: None,
                reason: "unfinished".into(),
            };
            return Replay {
                start: s.clone(),
                plies: vec![],
                problems: vec![p],
                result,
                end: s,
            };
        }
    };
    let mut pos = start.clone();
    let mut plies = Vec::new();
    let mut problems = Vec::new();
    let mut number = start.fullmoves();
    for (i, slot) in rec.slots.iter().enumerate() {
        if slot.text == "..." {
            if i == 0 && slot.half == 0 && pos.turn() == Color::Black {
                continue;
            }
            problems.push(
                Problem::new(
                    PortalRule::PlyNotShown,
                    "`...` stands only for White's ply before a record that starts with Black's",
                    slot.span,
                )
                .at_ply(plies.len() + 1),
            );
            break;
        }
        match play_slot(&pos, slot, number) {
            Ok(p) => {
                if pos.turn() == Color::Black {
                    number += 1;
                }
                pos.play(p);
                plies.push(p);
            }
            Err(p) => {
                problems.push(p.at_ply(plies.len() + 1));
                break;
            }
        }
    }
    let result = if super::movegen::legal_plies(&pos).is_empty() {
        GameResult {
            winner: Some(pos.turn().flip().name().into()),
            reason: "checkmate".into(),
        }
    } else {
        GameResult {
            winner: None,
            reason: "unfinished".into(),
        }
    };
    Replay {
        start,
        plies,
        problems,
        result,
        end: pos,
    }
}

/// A record's plies in canonical movetext (numbered from the start's fullmove number).
pub fn canonical(r: &Replay, ascii: bool) -> String {
    super::write::movetext(&r.start, &r.plies, ascii)
}
