//! Replaying a PGN record with the full FIDE rules: every ply (and every variation)
//! resolved and played; the end of the game detected (checkmate, stalemate, the
//! fivefold/75-move automatic draws, dead positions) and claimable draws noted.

use crate::games::chess::ChessRule;

use serde::Serialize;

use super::movegen;
use super::notation::{fen, pgn, san, uci};
use super::position::Position;
use super::record::{Record, RecordMove};
use super::types::Move;
use crate::core::{CommonRule, Problem};

/// How the replayed game stands at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `white`, `black`, or `None` for a draw or an unfinished game.
    pub winner: Option<String>,
    /// `checkmate`, `stalemate`, `fivefold_repetition`, `seventy_five_moves`,
    /// `insufficient_material`, or `unfinished`.
    pub reason: String,
    /// Draws a player could have claimed at the end (`threefold_repetition`, `fifty_moves`).
    pub claimable: Vec<String>,
}

/// What replaying a record found.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The start position (the `FEN` tag's, or the initial array).
    pub start: Position,
    /// The main line's moves, up to (not including) the first illegal one.
    pub moves: Vec<Move>,
    /// Every rule broken; empty when the game is valid.
    pub problems: Vec<Problem>,
    /// How the game ended, by the rules or as stated.
    pub result: GameResult,
    /// The position after the last legal move.
    pub end: Position,
}

/// The start position of a record: its `FEN` tag, or the initial array.
/// A game of another variant (its `Variant` tag) is refused, never replayed under
/// orthodox rules; a Chess960 game is played with Chess960 castling.
pub fn start_of(record: &Record) -> Result<Position, Vec<Problem>> {
    let variant = variant_of(record).map_err(|p| vec![p])?;
    let Some(text) = record.tag("FEN") else {
        let mut start = Position::startpos();
        start.chess960 = variant == Variant::Chess960;
        return Ok(start);
    };
    let span = record.fen_span.unwrap_or_default();
    fen::parse_setup(text)
        .map_err(|p| vec![p.shifted(span.offset)])
        .and_then(|mut setup| {
            setup.chess960 |= variant == Variant::Chess960;
            setup
                .validate()
                .map_err(|ps| ps.into_iter().map(|p| p.shifted(span.offset)).collect())
        })
}

/// The games a `Variant` tag may name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Standard,
    Chess960,
}

/// The variant a record's `Variant` tag names, in the spellings lichess, chess.com and
/// the PGN tools write; `UnsupportedVariant` for one hensoku does not play as chess.
fn variant_of(record: &Record) -> Result<Variant, Problem> {
    let Some(name) = record.tag("Variant") else {
        return Ok(Variant::Standard);
    };
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "orthodox" | "fromposition" => Ok(Variant::Standard),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "freestyle" => {
            Ok(Variant::Chess960)
        }
        _ => Err(Problem::new(
            ChessRule::UnsupportedVariant,
            format!(
                "the game is {}, which hensoku does not play: it is not replayed under the rules of chess",
                crate::core::quote(name)
            ),
            record.variant_span.unwrap_or_default(),
        )),
    }
}

/// Resolve one written move against a position; the problem's span is the move's. A
/// move in UCI's form (`g1f3`, `e7e8q`), which some programs write in movetext, is read
/// as UCI when it is no SAN move of the position.
pub fn resolve(pos: &Position, m: &RecordMove) -> Result<Move, Problem> {
    let written = san::parse(&m.text).and_then(|w| w.san.resolve(pos).map(|mv| (w, mv)));
    let (written, mv) = match written {
        Ok(found) => found,
        Err(p) => match uci::parse(&m.text) {
            Ok(u) => {
                return u.resolve(pos).map_err(|p| Problem {
                    span: m.span,
                    message: format!("read as a UCI move: {}", p.message),
                    ..p
                });
            }
            Err(_) => return Err(Problem { span: m.span, ..p }),
        },
    };
    let mate = || {
        let next = pos.after(mv);
        next.in_check() && movegen::legal_moves(&next).is_empty()
    };
    if written.mate && !mate() {
        return Err(Problem::new(
            CommonRule::WrongCheckMark,
            "the move is marked `#` but does not checkmate",
            m.span,
        ));
    }
    Ok(mv)
}

/// Replay a line from `pos`; returns the moves played and the position reached. `keys`,
/// when given, receives the repetition key of every position after a move played.
fn replay_line(
    pos: &Position,
    line: &[RecordMove],
    first_ply: usize,
    problems: &mut Vec<Problem>,
    mut keys: Option<&mut Vec<u64>>,
) -> (Vec<Move>, Position) {
    let mut pos = pos.clone();
    let mut played = Vec::with_capacity(line.len());
    for (i, m) in line.iter().enumerate() {
        let ply = first_ply + i;
        for v in &m.variations {
            replay_line(&pos, v, ply, problems, None);
        }
        match resolve(&pos, m) {
            Ok(mv) => {
                played.push(mv);
                pos.play(mv);
                if let Some(keys) = keys.as_deref_mut() {
                    keys.push(pos.hash());
                }
            }
            // no move resolves where none is legal: the game was over before it
            Err(_) if movegen::legal_moves(&pos).is_empty() => {
                problems.push(
                    Problem::new(
                        CommonRule::GameOver,
                        "the game is already over (checkmate or stalemate)",
                        m.span,
                    )
                    .at_ply(ply),
                );
                break;
            }
            Err(p) => {
                problems.push(p.at_ply(ply));
                break;
            }
        }
    }
    (played, pos)
}

/// Replay a record: main line and variations. Each line stops at its first illegal ply.
pub fn replay(record: &Record) -> Replay {
    let start = match start_of(record) {
        Ok(p) => p,
        Err(problems) => {
            let pos = Position::startpos();
            let result = GameResult {
                winner: None,
                reason: "unfinished".into(),
                claimable: vec![],
            };
            return Replay {
                start: pos.clone(),
                moves: vec![],
                problems,
                result,
                end: pos,
            };
        }
    };
    let mut problems = Vec::new();
    let mut keys = Vec::with_capacity(record.moves.len() + 1);
    keys.push(start.hash());
    let (moves, end) = replay_line(&start, &record.moves, 1, &mut problems, Some(&mut keys));
    let result = judge_keys(&end, keys);
    check_result_tag(record, &result, &mut problems);
    Replay {
        start,
        moves,
        problems,
        result,
        end,
    }
}

/// The game's end as the rules see it, after the moves.
pub fn judge(start: &Position, moves: &[Move]) -> GameResult {
    let mut pos = start.clone();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(pos.hash());
    for &m in moves {
        pos.play(m);
        keys.push(pos.hash());
    }
    judge_keys(&pos, keys)
}

/// [`judge`], given the game's last position and the repetition key of every position of
/// the game, in order (the last one `end`'s).
fn judge_keys(end: &Position, mut keys: Vec<u64>) -> GameResult {
    let pos = end;
    let last = pos.hash();
    // each position's key, sorted: a repetition is a run of equal keys
    keys.sort_unstable();
    let runs = keys.chunk_by(|a, b| a == b);
    let most = runs.clone().map(<[u64]>::len).max().unwrap_or(1);
    let repeated = runs
        .filter(|r| r[0] == last)
        .map(<[u64]>::len)
        .sum::<usize>();
    let mut claimable = Vec::new();
    if repeated >= 3 {
        claimable.push("threefold_repetition".to_string());
    }
    if pos.halfmoves() >= 100 {
        claimable.push("fifty_moves".to_string());
    }
    let (winner, reason) = if movegen::count_legal(pos) == 0 {
        if pos.in_check() {
            (Some(pos.turn().flip().name().to_string()), "checkmate")
        } else {
            (None, "stalemate")
        }
    } else if most >= 5 {
        (None, "fivefold_repetition")
    } else if pos.halfmoves() >= 150 {
        (None, "seventy_five_moves")
    } else if pos.insufficient_material() {
        (None, "insufficient_material")
    } else {
        (None, "unfinished")
    };
    GameResult {
        winner,
        reason: reason.into(),
        claimable,
    }
}

/// A decisive result written against the board's verdict (`1-0` after White is mated).
fn check_result_tag(record: &Record, result: &GameResult, problems: &mut Vec<Problem>) {
    let Some((written, span)) = &record.result else {
        return;
    };
    let expected = match (result.reason.as_str(), result.winner.as_deref()) {
        ("checkmate", Some("white")) => "1-0",
        ("checkmate", _) => "0-1",
        (
            "stalemate" | "fivefold_repetition" | "seventy_five_moves" | "insufficient_material",
            _,
        ) => "1/2-1/2",
        _ => return,
    };
    if written != expected && problems.is_empty() {
        problems.push(Problem::new(
            CommonRule::WrongResult,
            format!(
                "the game ended by {}, so the result is {expected}, not {written}",
                result.reason.replace('_', " ")
            ),
            *span,
        ));
    }
}

/// Canonical SAN of every move of a record's lines, for printing (the record must be valid).
pub fn printed_line(pos: &Position, line: &[RecordMove]) -> Result<pgn::PrintedLine, Problem> {
    let mut pos = pos.clone();
    let mut out = pgn::PrintedLine {
        sans: Vec::new(),
        variations: Vec::new(),
    };
    for m in line {
        let vars = m
            .variations
            .iter()
            .map(|v| printed_line(&pos, v))
            .collect::<Result<Vec<_>, _>>()?;
        let mv = resolve(&pos, m)?;
        out.sans.push(san::move_text(&pos, mv));
        out.variations.push(vars);
        pos = pos.after(mv);
    }
    Ok(out)
}

/// Ply number (0-based, counted from White's first move) of a position's side to move.
pub fn first_ply(pos: &Position) -> u32 {
    (pos.fullmoves() - 1) * 2 + u32::from(pos.turn() == super::types::Color::Black)
}
