//! Why a Hidden move is illegal (each reason names its rule), and replaying PGN-style
//! records of Hidden's game (rules §5.5: `[Variant "portal-hidden"]`, `[FEN "…"]`).

use super::movegen;
use super::notation::{self, Written};
use super::position::{self, HiddenMove, HiddenPosition};
use crate::core::{Problem, Span};
use crate::games::chess::bitboard::{self as bb, bit, squares};
use crate::games::chess::notation::san::{CastleSide, San};
use crate::games::chess::record::{Record, RecordMove};
use crate::games::chess::types::{Color, Role, Square};
use serde::Serialize;

fn problem(rule: &str, message: String) -> Problem {
    Problem::new(rule, message, Span::default())
}

/// The rule a written move breaks, judged on the most plausible piece it could mean.
pub fn why_illegal(pos: &HiddenPosition, w: &Written) -> Problem {
    let us = pos.turn();
    let (role, file, rank, to) = match w.san {
        San::Castle(side) => return why_castling(pos, side),
        San::Normal { role, file, rank, to, .. } => (role, file, rank, to),
    };
    let portal = pos.markers(to) > 0;
    if w.exit.is_some() && !portal {
        return problem("NotAPortal", format!("the arrow teleports, but {to} holds no portal"));
    }
    let candidates: Vec<Square> = squares(pos.board.pieces(us, role))
        .filter(|s| file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r))
        .collect();
    let mut reasons: Vec<Problem> = candidates.iter().map(|&from| why_from(pos, role, from, to, w)).collect();
    reasons.sort_by_key(|p| p.rule == "NotAPieceMove");
    reasons.into_iter().next().unwrap_or_else(|| problem("NoPiece", format!("{} has no {role:?} that could go to {to}", us.name()).to_lowercase()))
}

fn why_from(pos: &HiddenPosition, role: Role, from: Square, to: Square, w: &Written) -> Problem {
    let b = &pos.board;
    let us = pos.turn();
    let portal = pos.markers(to) > 0;
    let geometry = match role {
        Role::Pawn => bb::pawn_attacks(us, from) | pawn_push_squares(from, us),
        Role::Knight => bb::KNIGHT[from.index()],
        Role::King => bb::KING[from.index()],
        Role::Bishop => bb::bishop_attacks(from, 0),
        Role::Rook => bb::rook_attacks(from, 0),
        Role::Queen => bb::bishop_attacks(from, 0) | bb::rook_attacks(from, 0),
    };
    if geometry & bit(to) == 0 {
        return problem("NotAPieceMove", format!("a {role:?} cannot go from {from} to {to}").to_lowercase());
    }
    if role != Role::Knight {
        let between = bb::between(from, to);
        if let Some(p) = bb::lowest(between & pos.portals()) {
            return problem("SlideThroughPortal", format!("portal squares block lines: the way from {from} to {to} crosses the portal on {p}"));
        }
        if let Some(p) = bb::lowest(between & b.occupied()) {
            return problem("PathBlocked", format!("the way from {from} to {to} is blocked on {p}"));
        }
    }
    if b.by_color(us) & bit(to) != 0 {
        return problem("OwnPieceOnTarget", format!("{to} holds a piece of the side moving"));
    }
    let straight_pawn = role == Role::Pawn && from.file() == to.file();
    if portal && straight_pawn {
        return problem("NonAttackingEntry", format!("a portal is entered only by an attacking move; a pawn's straight step onto {to} is not one"));
    }
    match (portal, w.exit) {
        (true, None) => return problem("MissingExit", format!("{to} is a portal: entering it teleports, so write the exit ({to}→square)")),
        (true, Some(exit)) => {
            if let Some(p) = exit_problem(pos, from, to, exit) {
                return p;
            }
        }
        _ => {}
    }
    if role == Role::Pawn && !straight_pawn && !portal && b.by_color(us.flip()) & bit(to) == 0 && b.ep_square() != Some(to) {
        return problem("PawnCaptureOnly", format!("a pawn moves diagonally only to capture, and {to} is empty"));
    }
    problem("KingInCheck", format!("this move would leave {}'s king attacked", us.name()))
}

fn pawn_push_squares(from: Square, us: Color) -> u64 {
    let f: i8 = if us == Color::White { 1 } else { -1 };
    let mut s = from.offset(0, f).map_or(0, bit);
    if from.relative_rank(us) == 1 {
        s |= from.offset(0, 2 * f).map_or(0, bit);
    }
    s
}

/// The four exit conditions of §3.4.
fn exit_problem(pos: &HiddenPosition, from: Square, entry: Square, exit: Square) -> Option<Problem> {
    let n = pos.markers(exit);
    if n == 0 {
        return Some(problem("ExitNotAPortal", format!("{exit} holds no portal to come out of")));
    }
    if n > 1 {
        return Some(problem("StackedExit", format!("{exit} is a stack of {n} portals; stacks are entries only, never exits")));
    }
    if pos.board.occupied() & bit(exit) != 0 {
        return Some(problem("ExitOccupied", format!("the exit {exit} holds a piece; a teleport never captures on its exit")));
    }
    if exit == entry {
        return Some(problem("ExitIsEntry", format!("the piece must leave {entry} by another portal")));
    }
    (exit == from).then(|| problem("ExitIsOrigin", format!("the exit may not be {from}, the square the piece started from")))
}

fn why_castling(pos: &HiddenPosition, side: CastleSide) -> Problem {
    let us = pos.turn();
    let rank = us.back_rank();
    let (king, rook) = (Square::new(4, rank), Square::new(if side == CastleSide::King { 7 } else { 0 }, rank));
    let span = bb::between(king, rook) | bit(king) | bit(rook);
    if pos.board.castling_rooks() & bit(rook) == 0 {
        return problem("CastlingRightLost", format!("{} has no right to castle with the rook of {rook}", us.name()));
    }
    if let Some(p) = bb::lowest(span & pos.portals()) {
        return problem("CastlingAcrossPortal", format!("castling is illegal with a portal on the king's, the rook's or a square between: {p}"));
    }
    if let Some(p) = bb::lowest(bb::between(king, rook) & pos.board.occupied()) {
        return problem("CastlingBlocked", format!("castling needs the squares between king and rook empty; {p} is not"));
    }
    problem("CastlingThroughCheck", "the king may not castle out of, through or into an attacked square".into())
}

/// How a replayed game stands at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Option<String>,
    /// `checkmate`, `stalemate` or `unfinished` (draw claims are not automatic, §1.3).
    pub reason: String,
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub start: HiddenPosition,
    pub moves: Vec<HiddenMove>,
    pub problems: Vec<Problem>,
    pub result: GameResult,
    pub end: HiddenPosition,
}

/// The record's start: its `FEN` tag (a Hidden position string) or the default start.
pub fn start_of(record: &Record) -> Result<HiddenPosition, Vec<Problem>> {
    let Some(text) = record.tag("FEN") else { return Ok(HiddenPosition::startpos()) };
    let at = record.fen_span.unwrap_or_default().offset;
    position::parse_all(text).map_err(|ps| ps.into_iter().map(|p| p.shifted(at)).collect())
}

/// Resolve one written move; the problem's span is placed in the file.
pub fn resolve(pos: &HiddenPosition, m: &RecordMove) -> Result<HiddenMove, Problem> {
    let w = notation::parse(&m.text).map_err(|p| shift_into(p, m))?;
    let mv = w.resolve(pos, &m.text).map_err(|p| Problem { span: m.span, ..p })?;
    if w.mate {
        let next = pos.after(mv);
        if !(movegen::in_check(&next) && movegen::legal_moves(&next).is_empty()) {
            return Err(Problem::new("FalseMateMark", "the move is marked `#` but does not checkmate", m.span));
        }
    }
    Ok(mv)
}

/// A problem whose span is inside the token, moved to the token's place in the file.
fn shift_into(p: Problem, m: &RecordMove) -> Problem {
    let inside = p.span.len > 0 && p.span.end() <= m.text.len();
    let span = if inside { p.span.shifted(m.span.offset) } else { m.span };
    Problem { span, ..p }
}

fn replay_line(start: &HiddenPosition, line: &[RecordMove], first_ply: usize, problems: &mut Vec<Problem>) -> (Vec<HiddenMove>, HiddenPosition) {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (i, m) in line.iter().enumerate() {
        for v in &m.variations {
            replay_line(&pos, v, first_ply + i, problems);
        }
        if movegen::legal_moves(&pos).is_empty() {
            problems.push(Problem::new("GameOver", "the game is already over (checkmate or stalemate)", m.span).at_ply(first_ply + i));
            break;
        }
        match resolve(&pos, m) {
            Ok(mv) => {
                played.push(mv);
                pos = pos.after(mv);
            }
            Err(p) => {
                problems.push(p.at_ply(first_ply + i));
                break;
            }
        }
    }
    (played, pos)
}

pub fn replay(record: &Record) -> Replay {
    let start = match start_of(record) {
        Ok(p) => p,
        Err(problems) => {
            let pos = HiddenPosition::startpos();
            let result = GameResult { winner: None, reason: "unfinished".into() };
            return Replay { start: pos.clone(), moves: vec![], problems, result, end: pos };
        }
    };
    let mut problems = Vec::new();
    let (moves, end) = replay_line(&start, &record.moves, 1, &mut problems);
    let result = if movegen::legal_moves(&end).is_empty() {
        if movegen::in_check(&end) {
            GameResult { winner: Some(end.turn().flip().name().into()), reason: "checkmate".into() }
        } else {
            GameResult { winner: None, reason: "stalemate".into() }
        }
    } else {
        GameResult { winner: None, reason: "unfinished".into() }
    };
    Replay { start, moves, problems, result, end }
}

/// The main line re-printed canonically, as PGN movetext tokens.
pub fn canonical_moves(start: &HiddenPosition, moves: &[HiddenMove], ascii: bool) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let t = notation::move_text(&pos, m, ascii);
            pos = pos.after(m);
            t
        })
        .collect()
}
