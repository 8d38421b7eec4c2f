//! Replay a QGN record with the full rules, collecting every problem with its span.

use super::ending::{self, Status};
use super::movegen::Generated;
use super::notation::qgn::{MoveToken, Record};
use super::notation::{qfen, qmn};
use super::position::Position;
use super::rules::{self, Mode};
use super::types::Side;
use crate::core::{CommonRule, Problem};
use crate::games::quantum::QuantumRule;

/// A replayed record: where it started and ended, the moves played, and what went wrong.
#[derive(Debug)]
pub struct Replay {
    /// The start position.
    pub start: Position,
    /// The position after the last legal move.
    pub end: Position,
    /// The moves played, up to the first illegal one.
    pub moves: Vec<Generated>,
    /// Every rule broken; empty when the game is valid.
    pub problems: Vec<Problem>,
    /// Deviations the reader tolerates.
    pub warnings: Vec<Problem>,
    /// Whether the game is over, how and who won.
    pub status: Status,
}

impl Replay {
    /// The verdict as JSON: state, reason and winner.
    pub fn result_json(&self) -> serde_json::Value {
        match self.status {
            Status::Over { reason, winner } => serde_json::json!({
                "state": "over", "reason": reason.name(), "winner": winner.map(Side::name), "score": [self.end.score(Side::Red), self.end.score(Side::Blue)],
            }),
            Status::Ongoing => serde_json::json!({ "state": "ongoing", "reason": "unterminated" }),
            Status::Undetermined => {
                serde_json::json!({ "state": "undetermined", "reason": "unterminated" })
            }
        }
    }
}

/// The start position of a record: its `Setup` tag (or `Position`, as puzzle files name it),
/// else the standard start.
pub fn start_of(rec: &Record) -> Result<(Position, Vec<Problem>), Vec<Problem>> {
    let Some(tag) = rec.tag("Setup").or_else(|| rec.tag("Position")) else {
        return Ok((Position::startpos(), Vec::new()));
    };
    let at = tag.value_span.offset;
    match qfen::parse(&tag.value) {
        Ok(r) => Ok((
            r.position,
            r.warnings.into_iter().map(|p| p.shifted(at)).collect(),
        )),
        Err(ps) => Err(ps.into_iter().map(|p| p.shifted(at)).collect()),
    }
}

pub fn replay(rec: &Record, mode: Mode) -> Replay {
    let (start, mut warnings) = match start_of(rec) {
        Ok(s) => s,
        Err(problems) => {
            let start = Position::startpos();
            return Replay {
                end: start.clone(),
                start,
                moves: Vec::new(),
                problems,
                warnings: Vec::new(),
                status: Status::Ongoing,
            };
        }
    };
    let mut problems = check_size(rec, &start);
    let mut pos = start.clone();
    let mut status = ending::status(&pos);
    if status.is_over() {
        warnings.push(Problem::new(
            QuantumRule::AlreadyTerminal,
            "the set-up position has already ended",
            rec.tag("Setup")
                .or_else(|| rec.tag("Position"))
                .map(|t| t.value_span)
                .unwrap_or_default(),
        ));
    }
    let mut moves = Vec::new();
    for (i, tok) in rec.moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(p) = check_number(&pos, tok) {
            problems.push(p.at_ply(ply));
        }
        match play(&pos, status, tok, mode) {
            Ok(g) => {
                pos = g.result.clone();
                status = ending::status(&pos);
                moves.push(g);
            }
            Err(p) => {
                problems.push(p.at_ply(ply));
                break;
            }
        }
    }
    if problems.is_empty() {
        problems.extend(check_result(rec, status));
    }
    Replay {
        start,
        end: pos,
        moves,
        problems,
        warnings,
        status,
    }
}

fn play(pos: &Position, status: Status, tok: &MoveToken, mode: Mode) -> Result<Generated, Problem> {
    if status.is_over() {
        return Err(Problem::new(
            CommonRule::GameOver,
            "the game has already ended; no move may follow",
            tok.span,
        ));
    }
    let mv = qmn::parse_move(&tok.text, tok.span.offset)?;
    rules::resolve(pos, &mv, mode)
}

fn check_size(rec: &Record, start: &Position) -> Vec<Problem> {
    match rec.tag("Size") {
        Some(t) if t.value.parse::<usize>().ok() != Some(start.geo.side) => {
            vec![Problem::new(
                QuantumRule::SizeMismatch,
                format!("the board of the set-up has side {}", start.geo.side),
                t.value_span,
            )]
        }
        _ => Vec::new(),
    }
}

/// A written move number must be the position's: `N.` before a Red move, `N...` before a
/// Blue one.
fn check_number(pos: &Position, tok: &MoveToken) -> Option<Problem> {
    let (n, dots, span) = tok.number?;
    let blue = pos.side == Side::Blue;
    if n != pos.fullmove || dots != blue {
        let want = if blue {
            format!("{}...", pos.fullmove)
        } else {
            format!("{}.", pos.fullmove)
        };
        return Some(Problem::new(
            CommonRule::MoveNumber,
            format!("this move is numbered {want}"),
            span,
        ));
    }
    None
}

/// The result token and `Termination` must agree with how the game ended.
fn check_result(rec: &Record, status: Status) -> Vec<Problem> {
    let Some((token, span)) = &rec.result else {
        return Vec::new();
    };
    let termination = rec.tag("Termination").map(|t| t.value.as_str());
    let mut out = Vec::new();
    match status {
        Status::Over { reason, winner } => {
            let want = result_token(winner);
            if token != want {
                out.push(Problem::new(CommonRule::WrongResult, format!("the game ended ({}) with result {want}", reason.name()), *span));
            }
            if let Some(t) = rec.tag("Termination").filter(|t| t.value != reason.name()) {
                out.push(Problem::new(CommonRule::WrongResult, format!("the game ended by {}", reason.name()), t.value_span));
            }
        }
        _ if token == "*" => {}
        _ if matches!(termination, Some("agreement" | "house-rule")) => {}
        _ => out.push(Problem::new(CommonRule::WrongResult, "the game has not ended by the rules; a result needs `[Termination \"agreement\"]` or `*`", *span)),
    }
    out
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_token(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::Red) => "1-0",
        Some(Side::Blue) => "0-1",
        None => "1/2-1/2",
    }
}

/// The canonical QGN of a replayed record: its tags, numbered canonical moves with `#` where the
/// game ends, and the result.
pub fn to_qgn(rec: &Record, r: &Replay) -> String {
    let mut out = String::new();
    for t in &rec.tags {
        let value = if t.name == "Setup" || t.name == "Position" {
            qfen::to_qfen(&r.start)
        } else {
            t.value.clone()
        };
        out.push_str(&format!("[{} \"{}\"]\n", t.name, value));
    }
    let mut pos = r.start.clone();
    let mut words = Vec::new();
    for (i, g) in r.moves.iter().enumerate() {
        if pos.side == Side::Red {
            words.push(format!("{}.", pos.fullmove));
        } else if i == 0 {
            words.push(format!("{}...", pos.fullmove));
        }
        let end = if ending::status(&g.result).is_over() {
            "#"
        } else {
            ""
        };
        words.push(format!("{}{end}", g.text));
        pos = g.result.clone();
    }
    let result = match r.status {
        Status::Over { winner, .. } => result_token(winner).to_string(),
        _ => rec.result.as_ref().map_or("*".to_string(), |r| r.0.clone()),
    };
    words.push(result);
    out.push_str(&words.join(" "));
    out.push('\n');
    out
}
