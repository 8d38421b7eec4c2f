//! The canonical CSA printer (V3.0, UTF-8, one statement a line).

use super::read::ending_word;
use super::syntax::{self, CODES, Stmt};
use super::{CsaMove, square_text};
use crate::core::{CommonRule, Problem};
use crate::games::shogi::notation::sfen;
use crate::games::shogi::position::Position;
use crate::games::shogi::record::{HEADER_KEYS, MoveText, Record, RecordMove};
use crate::games::shogi::rules::check_move;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Kind, Move, Square};

const ENCODING_LINE: &str = "'CSA encoding=UTF-8\n";

/// `PI` is used for a start position missing at most this many pieces (the ten-piece
/// handicap); sparser positions are clearer as a diagram.
const MAX_PI_REMOVALS: usize = 10;

/// One record as a canonical CSA V3.0 text. Moves already written in CSA print as they
/// were; moves from other notations are resolved against the replayed position to learn
/// their piece codes, so such a record must be legal up to each of them (else an error
/// with rule `Lossy` at the move that cannot be written).
pub fn print_record(record: &Record) -> Result<String, Problem> {
    Ok(format!("{ENCODING_LINE}{}", body(record)?))
}

/// Several records, separated by `/` lines, under one encoding line.
pub fn print_records(records: &[Record]) -> Result<String, Problem> {
    let bodies = records.iter().map(body).collect::<Result<Vec<_>, _>>()?;
    Ok(format!("{ENCODING_LINE}{}", bodies.join("/\n")))
}

fn body(record: &Record) -> Result<String, Problem> {
    Ok(body_with_texts(record, &move_texts(record)?))
}

/// Print a record whose move texts are already written (one per main-line move); the
/// record's own move texts are not looked at. A variant game (card shogi) prints its
/// plies this way and keeps the headers, comments, times and ending.
pub fn print_with_texts(record: &Record, texts: &[String]) -> String {
    format!("{ENCODING_LINE}{}", body_with_texts(record, texts))
}

fn body_with_texts(record: &Record, texts: &[String]) -> String {
    let mut out = String::from("V3.0\n");
    headers(&mut out, &record.headers);
    for c in &record.comments {
        comment(&mut out, c);
    }
    out.push_str(&setup_text(&record.start));
    for (text, rm) in texts.iter().zip(&record.moves) {
        out.push_str(text);
        out.push('\n');
        extras(&mut out, rm);
    }
    if let Some((e, _)) = &record.ending {
        let to_move = if texts.len().is_multiple_of(2) {
            record.start.side
        } else {
            record.start.side.flip()
        };
        // an ending CSA has no word for is left out: `io::losses` names it
        if let Some(w) = ending_word(e, to_move) {
            out.push_str(&format!("%{w}\n"));
            if let Some(t) = record.ending_time.as_deref().filter(|t| is_csa_time(t)) {
                out.push_str(t);
                out.push('\n');
            }
        }
    }
    out
}

/// Names first (Black, White), then the `$` headers in their order. A header with no CSA
/// form is kept as a remark line rather than dropped.
fn headers(out: &mut String, headers: &[(String, String)]) {
    let csa_key = |k: &str| -> Option<String> {
        if k == "N+" || k == "N-" || k.starts_with('$') {
            return Some(k.to_string());
        }
        HEADER_KEYS
            .iter()
            .find(|(kif, _)| *kif == k)
            .map(|(_, csa)| csa.to_string())
    };
    let keyed: Vec<(Option<String>, &str, String)> = headers
        .iter()
        .map(|(k, v)| (csa_key(k), k.as_str(), one_line(v)))
        .collect();
    for name in ["N+", "N-"] {
        for (_, _, v) in keyed.iter().filter(|(k, _, _)| k.as_deref() == Some(name)) {
            out.push_str(&format!("{name}{v}\n"));
        }
    }
    for (k, orig, v) in &keyed {
        match k.as_deref() {
            Some("N+" | "N-") => {}
            Some(k) => out.push_str(&format!("{k}:{v}\n")),
            None => comment(out, &format!("'{orig}: {v}")),
        }
    }
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

/// A stored comment: remarks (kept with their quote) as written, others as `'*` lines.
fn comment(out: &mut String, c: &str) {
    for line in c.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.starts_with('\'') {
            out.push_str(line);
        } else {
            out.push_str("'*");
            out.push_str(line);
        }
        out.push('\n');
    }
}

/// The start position (`PI…` or `P1`…`P9` and hand lines) and the side-to-move line.
pub fn setup_text(setup: &Setup) -> String {
    let mut out = match pi_removals(setup) {
        Some(removed) => {
            let mut s = String::from("PI");
            for (sq, kind) in removed {
                s.push_str(&format!(
                    "{}{}",
                    square_text(Some(sq)),
                    CODES[kind as usize]
                ));
            }
            s.push('\n');
            s
        }
        None => diagram(setup),
    };
    out.push_str(if setup.side == Color::Black {
        "+\n"
    } else {
        "-\n"
    });
    out
}

/// The pieces to remove from the standard start to get `setup`, if that is all it takes.
fn pi_removals(setup: &Setup) -> Option<Vec<(Square, Kind)>> {
    if setup.hands.iter().flatten().any(|&n| n > 0) {
        return None;
    }
    let start = sfen::startpos_setup();
    let mut removed = Vec::new();
    for sq in (0..81u8).rev().map(Square) {
        match (start.board[sq.index()], setup.board[sq.index()]) {
            (a, b) if a == b => {}
            (Some(p), None) => removed.push((sq, p.kind)),
            _ => return None,
        }
    }
    (removed.len() <= MAX_PI_REMOVALS).then_some(removed)
}

fn diagram(setup: &Setup) -> String {
    let mut out = String::new();
    for rank in 1..=9u8 {
        out.push_str(&format!("P{rank}"));
        for file in (1..=9u8).rev() {
            let cell = Square::new(file, rank).and_then(|sq| setup.board[sq.index()]);
            match cell {
                Some(p) => {
                    out.push(if p.color == Color::Black { '+' } else { '-' });
                    out.push_str(CODES[p.kind as usize]);
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for c in Color::BOTH {
        let hand = &setup.hands[c.index()];
        if hand.iter().all(|&n| n == 0) {
            continue;
        }
        out.push_str(if c == Color::Black { "P+" } else { "P-" });
        for k in Kind::HAND_ORDER {
            for _ in 0..hand[k as usize] {
                out.push_str("00");
                out.push_str(CODES[k as usize]);
            }
        }
        out.push('\n');
    }
    out
}

/// The CSA text of a move of `pos`. The move must start on a piece of the side to move
/// (as every generated or rule-checked move does); the piece code of a board move from an
/// empty square is unknowable and printed as `**`, which no reader accepts.
pub fn move_text(pos: &Position, mv: Move) -> String {
    let color = pos.side_to_move();
    let piece = match mv {
        Move::Drop { kind, .. } => Some(kind),
        Move::Board { from, promote, .. } => pos
            .piece_at(from)
            .map(|p| if promote { p.kind.promoted() } else { p.kind }),
    };
    match piece {
        Some(piece) => CsaMove {
            color,
            from: mv.from(),
            to: mv.to(),
            piece,
        }
        .to_string(),
        None => {
            let sign = if color == Color::Black { '+' } else { '-' };
            format!(
                "{sign}{}{}**",
                square_text(mv.from()),
                square_text(Some(mv.to()))
            )
        }
    }
}

/// The CSA text of each main-line move, tracking the position for moves that are
/// not CSA text already. An illegal move still prints when its piece is known (so a record
/// can be converted with the mistake the validator will report); after it, only moves
/// already in CSA can be written.
fn move_texts(record: &Record) -> Result<Vec<String>, Problem> {
    let mut texts = Vec::with_capacity(record.moves.len());
    let mut pos = record.start.validate().ok();
    let mut previous = None;
    for (i, rm) in record.moves.iter().enumerate() {
        let resolved = pos.as_ref().and_then(|p| rm.text.resolve(p, previous).ok());
        let text = match (&rm.text, &pos, resolved) {
            (MoveText::Csa(m), _, _) => Some(m.to_string()),
            (_, Some(p), Some(mv)) => Some(move_text(p, mv)).filter(|t| !t.ends_with("**")),
            _ => None,
        };
        let Some(text) = text else {
            return Err(Problem::new(CommonRule::Lossy, "this move cannot be written in CSA: its piece is unknown because the record is not legal up to here", rm.span)
                .at_ply(i + 1));
        };
        texts.push(text);
        match (pos.as_mut(), resolved) {
            (Some(p), Some(mv)) if check_move(p, mv).is_ok() => {
                p.play(mv);
                previous = Some(mv.to());
            }
            _ => pos = None,
        }
    }
    Ok(texts)
}

fn is_csa_time(t: &str) -> bool {
    matches!(syntax::statement(t), Ok(Stmt::Time(_)))
}

/// The time (when it is a CSA time) and comments after a move.
fn extras(out: &mut String, rm: &RecordMove) {
    if let Some(t) = rm.time.as_deref().filter(|t| is_csa_time(t)) {
        out.push_str(t);
        out.push('\n');
    }
    for c in &rm.comments {
        comment(out, c);
    }
}
