//! Replaying a record with the full rules: every ply resolved, checked, played; the end of
//! the game (mate, no move, sennichite with the perpetual-check loss) detected.

use crate::games::shogi::ShogiRule;

use serde::Serialize;

use super::branches::Branches;
use super::gave_check::ply_gave_check;
use super::history::History;
use super::movegen;
use super::position::Position;
use super::record::{Ending, Record};
use super::rules::check_move_given;
use super::setup::side_name;
use super::types::{Color, Kind, Move};
use crate::core::{CommonRule, Problem};

/// How the replayed game stands at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `black`, `white`, or `None` for a draw or an unfinished game.
    pub winner: Option<String>,
    /// `checkmate`, `no_move`, `repetition`, `perpetual_check`, or the record's stated ending
    /// (`resign`, `time_up`, …), or `unfinished`.
    pub reason: String,
}

/// What replaying a record found.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The start position.
    pub start: Position,
    /// The moves played, up to (not including) the first illegal one.
    pub moves: Vec<Move>,
    /// Every rule broken; empty when the record is valid.
    pub problems: Vec<Problem>,
    /// How the game ended, by the rules or as stated.
    pub result: GameResult,
    /// The position after the last legal move.
    pub end: Position,
}

impl Replay {
    /// No move broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

fn color_name(c: Color) -> String {
    side_name(c).to_lowercase()
}

/// Replay a record, then every variation (`branches`). A line stops at its first illegal
/// ply (later plies cannot be judged), but the replay always returns what it learned.
pub fn replay(record: &Record) -> Replay {
    let start = match record.start.validate() {
        Ok(p) => p,
        Err(errs) => {
            let problems = errs
                .into_iter()
                .map(|e| Problem::new(e.rule, e.message, record.start_span))
                .collect();
            let pos = Position::startpos();
            return Replay {
                start: pos.clone(),
                moves: vec![],
                problems,
                result: GameResult {
                    winner: None,
                    reason: "invalid_start".into(),
                },
                end: pos,
            };
        }
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut problems = Vec::new();
    let mut history = History::new(pos.hash(), record.moves.len());
    let mut gave_check: Vec<bool> = Vec::with_capacity(record.moves.len());
    let mut result: Option<GameResult> = None;
    let mut previous = None;
    let mut branches = Branches::new(record);
    // whether the side to move is in check, known from the ply before
    let mut check = pos.in_check();

    for (i, rm) in record.moves.iter().enumerate() {
        let ply = i + 1;
        branches.reach(0, ply, &pos, previous);
        if let Some(r) = &result {
            problems.push(
                Problem::new(
                    CommonRule::GameOver,
                    format!("the game was already over ({})", r.reason),
                    rm.span,
                )
                .at_ply(ply),
            );
            break;
        }
        let mv = match rm.text.resolve(&pos, previous) {
            Ok(m) => m,
            Err(p) => {
                // the span is relative to the move's text; none at all means the whole move
                let span = if p.span.len > 0 {
                    p.span.shifted(rm.span.offset)
                } else {
                    rm.span
                };
                problems.push(Problem { span, ..p }.at_ply(ply));
                break;
            }
        };
        if let Err(e) = check_move_given(&pos, mv, check) {
            problems.push(Problem::new(e.rule, e.message, rm.span).at_ply(ply));
            break;
        }
        let mover = pos.side_to_move();
        pos.play(mv);
        moves.push(mv);
        previous = Some(mv.to());
        check = ply_gave_check(&pos, mv);
        gave_check.push(check);

        let hash = pos.hash();
        if history.push(hash) >= 4
            && let Some(first) = history.nth_last(hash, 4)
        {
            let checks_by = |offset: usize| checked_throughout(&gave_check, first, ply - offset);
            if checks_by(0) {
                problems.push(
                    Problem::new(
                        ShogiRule::PerpetualCheck,
                        "this ply repeats the position a fourth time with every ply of the mover since the first occurrence giving check: the checking side loses",
                        rm.span,
                    )
                    .at_ply(ply),
                );
                result = Some(GameResult {
                    winner: Some(color_name(mover.flip())),
                    reason: "perpetual_check".into(),
                });
                break;
            } else if checks_by(1) {
                result = Some(GameResult {
                    winner: Some(color_name(mover)),
                    reason: "perpetual_check".into(),
                });
            } else {
                result = Some(GameResult {
                    winner: None,
                    reason: "repetition".into(),
                });
            }
            continue;
        }
        if check && every_answer_is_perpetual(&pos, &history, &gave_check, ply) {
            // The side in check has moves, but each would be its own perpetual-check loss,
            // so it has no legal ply: mated — and a pawn drop may not mate (最後の審判).
            if matches!(
                mv,
                Move::Drop {
                    kind: Kind::Pawn,
                    ..
                }
            ) {
                let why = "a dropped pawn may not give checkmate (uchifuzume): every answer to this check would repeat a position a fourth time with continuous checks (perpetual check)";
                problems.push(Problem::new(ShogiRule::DropPawnMate, why, rm.span).at_ply(ply));
                break;
            }
            result = Some(GameResult {
                winner: Some(color_name(mover)),
                reason: "checkmate".into(),
            });
            continue;
        }
        if !movegen::has_legal_move_given(&pos, check) {
            let reason = if check { "checkmate" } else { "no_move" };
            result = Some(GameResult {
                winner: Some(color_name(mover)),
                reason: reason.into(),
            });
        }
    }

    if let Some(ply) = problems.last().and_then(|p| p.ply) {
        branches.stop(0, ply);
    }
    problems.extend(branches.replay_variations(record));
    let result = result
        .unwrap_or_else(|| stated_result(record.ending.as_ref().map(|e| &e.0), pos.side_to_move()));
    Replay {
        start,
        moves,
        problems,
        result,
        end: pos,
    }
}

/// Did every ply of one side from `last` back to just after `first` give check? That side
/// played `last`, `last - 2`, … (`gave_check[p - 1]` says whether ply `p` did).
fn checked_throughout(gave_check: &[bool], first: usize, last: usize) -> bool {
    (first + 1..=last)
        .rev()
        .step_by(2)
        .all(|p| gave_check[p - 1])
}

/// Would every legal answer in `pos` (after ply `ply`) make its position occur a fourth
/// time with every ply of the answering side since the first occurrence giving check?
/// `history` holds the positions of the line so far, `gave_check` whether each ply gave
/// check. While no position has occurred three times, none can.
fn every_answer_is_perpetual(
    pos: &Position,
    history: &History,
    gave_check: &[bool],
    ply: usize,
) -> bool {
    if history.most() < 3 {
        return false;
    }
    let answers = movegen::legal_moves(pos);
    !answers.is_empty()
        && answers.iter().all(|&m| {
            let hash = pos.hash_after(m);
            if history.count(hash) < 3 {
                return false;
            }
            let Some(first) = history.nth_last(hash, 3) else {
                return false;
            };
            // the answer itself, then the answering side's earlier plies (ply - 1, ply - 3, …)
            pos.after(m).in_check() && checked_throughout(gave_check, first, ply - 1)
        })
}

/// The result a record states for itself (`ending`, with `to_move` to play after the last
/// ply) when play did not end the game. Card shogi's replay uses it too.
pub fn stated_result(ending: Option<&Ending>, to_move: Color) -> GameResult {
    let (winner, reason) = match ending {
        Some(Ending::Resign) => (Some(to_move.flip()), "resign"),
        Some(Ending::TimeUp) => (Some(to_move.flip()), "time_up"),
        Some(Ending::IllegalWin) => (Some(to_move), "illegal_move"),
        Some(Ending::IllegalLoss) => (Some(to_move.flip()), "illegal_move"),
        Some(Ending::IllegalAction(c)) => (Some(c.flip()), "illegal_action"),
        Some(Ending::EnteringKingWin) => (Some(to_move), "entering_king"),
        Some(Ending::WinByDefault) => (Some(to_move), "by_default"),
        Some(Ending::LossByDefault) => (Some(to_move.flip()), "by_default"),
        Some(Ending::Impasse) => (None, "impasse"),
        Some(Ending::Repetition) => (None, "repetition_claimed"),
        Some(Ending::Interrupted) => (None, "interrupted"),
        Some(Ending::Checkmate) => (None, "checkmate_claimed"),
        Some(Ending::NoCheckmate) => (None, "no_checkmate"),
        Some(Ending::Draw) => (None, "draw"),
        Some(Ending::MaxMoves) => (None, "max_moves"),
        Some(Ending::SealedMove) => (None, "sealed_move"),
        Some(Ending::Error) => (None, "error"),
        Some(Ending::Matta) => (None, "matta"),
        Some(Ending::Other(_)) => (None, "other"),
        None => (None, "unfinished"),
    };
    GameResult {
        winner: winner.map(color_name),
        reason: reason.into(),
    }
}
