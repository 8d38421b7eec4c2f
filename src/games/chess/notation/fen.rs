//! FEN and EPD: reading (syntax only, with spans per field) and canonical printing.

use crate::core::{Problem, Span};
use crate::games::chess::bitboard::{self as bb};
use crate::games::chess::position::Position;
use crate::games::chess::setup::{FenSpans, Setup};
use crate::games::chess::types::{Color, Piece, Square};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The fields of a FEN line and the rest (EPD operations), as slices of the input.
fn fields(text: &str) -> Vec<&str> {
    text.split_ascii_whitespace().collect()
}

fn parse_board(text: &str, part: &str) -> Result<([Option<Piece>; 64], [Span; 64]), Problem> {
    let mut board = [None; 64];
    let mut spans = [Span::default(); 64];
    let ranks: Vec<&str> = part.split('/').collect();
    let at = |s: &str| Span::of(text, s);
    if ranks.len() != 8 {
        return Err(Problem::syntax(
            format!(
                "a FEN board has 8 ranks separated by `/`, found {}",
                ranks.len()
            ),
            at(part),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for (j, c) in rank_text.char_indices() {
            let here = Span::new(Span::of(text, rank_text).offset + j, c.len_utf8());
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if file < 8 {
                    board[Square::new(file, rank).index()] = Some(p);
                    spans[Square::new(file, rank).index()] = here;
                }
                file += 1;
            } else {
                return Err(Problem::syntax(
                    format!("`{c}` is neither a piece letter (PNBRQK, pnbrqk) nor a count 1-8"),
                    here,
                ));
            }
            if file > 8 {
                return Err(Problem::syntax(
                    format!("rank {} has more than 8 squares", rank + 1),
                    at(rank_text),
                ));
            }
        }
        if file != 8 {
            return Err(Problem::syntax(
                format!("rank {} has {file} squares, not 8", rank + 1),
                at(rank_text),
            ));
        }
    }
    Ok((board, spans))
}

fn parse_castling(text: &str, part: &str) -> Result<u64, Problem> {
    if part == "-" {
        return Ok(0);
    }
    let mut rights = 0u64;
    for (j, c) in part.char_indices() {
        let sq = match c {
            // Shredder-FEN names a castling rook by its file: the corners' are H, A, h, a
            'K' | 'H' => 7,
            'Q' | 'A' => 0,
            'k' | 'h' => 63,
            'q' | 'a' => 56,
            _ => {
                let span = Span::new(Span::of(text, part).offset + j, c.len_utf8());
                return Err(Problem::syntax(
                    format!("`{c}` is not a castling right (KQkq, the corner rooks' files HAha, or -)"),
                    span,
                ));
            }
        };
        rights |= 1u64 << sq;
    }
    Ok(rights)
}

fn parse_counter(text: &str, part: Option<&str>, default: u32) -> Result<u32, Problem> {
    match part {
        None => Ok(default),
        Some(p) => p.parse().map_err(|_| {
            Problem::syntax(format!("`{p}` is not a move counter"), Span::of(text, p))
        }),
    }
}

/// Read the first four to six fields of a FEN (EPD operations after them are ignored
/// here; see [`parse_epd`]). Syntax only: no rule is checked.
pub fn parse_setup(text: &str) -> Result<Setup, Problem> {
    let f = fields(text);
    if f.len() < 2 {
        return Err(Problem::syntax(
            "a FEN needs at least a board and the side to move",
            Span::new(0, text.len()),
        ));
    }
    let (board, squares) = parse_board(text, f[0])?;
    let turn = match f[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(Problem::syntax(
                format!("the side to move is `w` or `b`, not `{other}`"),
                Span::of(text, other),
            ));
        }
    };
    let castling = f.get(2).map_or(Ok(0), |p| parse_castling(text, p))?;
    let ep_square = match f.get(3) {
        None | Some(&"-") => None,
        Some(p) => Some(Square::parse(p).ok_or_else(|| {
            Problem::syntax(
                format!("`{p}` is not an en passant square"),
                Span::of(text, p),
            )
        })?),
    };
    let numeric = |i: usize| {
        f.get(i)
            .copied()
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
    };
    let halfmoves = parse_counter(text, numeric(4), 0)?;
    let fullmoves = parse_counter(text, numeric(5).filter(|_| numeric(4).is_some()), 1)?;
    let span = |i: usize| {
        f.get(i)
            .map_or(Span::new(text.len(), 0), |s| Span::of(text, s))
    };
    let spans = FenSpans {
        board: span(0),
        turn: span(1),
        castling: span(2),
        ep: span(3),
        whole: Span::new(0, text.len()),
        squares,
    };
    Ok(Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
        spans,
    })
}

/// Read and validate a FEN; the first problem found is returned.
pub fn parse_position(text: &str) -> Result<Position, Problem> {
    let setup = parse_setup(text)?;
    setup.validate().map_err(|mut e| e.remove(0))
}

/// Read a FEN the way engines and perft suites do: castling rights whose king or rook is
/// not at home and impossible en passant squares are dropped instead of refused (the
/// board itself must still be legal).
pub fn parse_position_lenient(text: &str) -> Result<Position, Problem> {
    let setup = parse_setup(text)?;
    setup.validate_repairing().map_err(|mut e| e.remove(0))
}

/// An EPD line: a 4-field FEN, then `opcode operand;` operations (e.g. `bm #2;`).
pub fn parse_epd(text: &str) -> Result<(Setup, Vec<(String, String)>), Problem> {
    let f = fields(text);
    let head_end = f.get(3).map_or(text.len(), |s| Span::of(text, s).end());
    let setup = parse_setup(&text[..head_end])?;
    let ops = text[head_end..]
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|op| match op.split_once(char::is_whitespace) {
            Some((code, rest)) => (code.to_string(), rest.trim().to_string()),
            None => (op.to_string(), String::new()),
        })
        .collect();
    Ok((setup, ops))
}

pub fn board_fen(setup: &Setup) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match setup.board[Square::new(file, rank).index()] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

pub fn setup_to_fen(setup: &Setup) -> String {
    let mut castling = String::new();
    for (sq, c) in [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')] {
        if setup.castling & (1u64 << sq) != 0 {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = setup.ep_square.map_or("-".to_string(), |s| s.to_string());
    let turn = if setup.turn == Color::White { 'w' } else { 'b' };
    format!(
        "{} {turn} {castling} {ep} {} {}",
        board_fen(setup),
        setup.halfmoves,
        setup.fullmoves
    )
}

/// The canonical FEN of a position. The en passant square is written after every double
/// step, as the FEN standard says, whether or not a capture is possible.
pub fn to_fen(pos: &Position) -> String {
    setup_to_fen(&Setup::from_position(pos))
}

/// Every square of a set, for messages.
pub fn square_list(set: u64) -> String {
    bb::squares(set)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
