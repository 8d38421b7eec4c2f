//! FEN and EPD: reading (syntax only, with spans per field) and canonical printing.

use crate::core::{Problem, Span};
use crate::games::chess::bitboard::{self as bb, bit};
use crate::games::chess::position::Position;
use crate::games::chess::setup::{FenSpans, Setup};
use crate::games::chess::types::{Color, Piece, Role, Square};

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

/// Castling rights as rook squares. `K`/`Q` name the outermost rook on that side of the
/// king (X-FEN; the corner when no king stands on the back rank), a file letter names
/// the rook on that file (Shredder-FEN, and X-FEN's inner rooks). A letter other than
/// `KQkq` and the corners' `HAha` marks the position as Chess960.
fn parse_castling(
    text: &str,
    part: &str,
    board: &[Option<Piece>; 64],
) -> Result<(u64, bool), Problem> {
    if part == "-" {
        return Ok((0, false));
    }
    let mut rights = 0u64;
    let mut chess960 = false;
    for (j, c) in part.char_indices() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let sq = match c.to_ascii_lowercase() {
            'k' => outermost_rook(board, color, true).unwrap_or(Square::new(7, rank)),
            'q' => outermost_rook(board, color, false).unwrap_or(Square::new(0, rank)),
            f @ 'a'..='h' => {
                chess960 |= f != 'a' && f != 'h';
                Square::new(f as u8 - b'a', rank)
            }
            _ => {
                let span = Span::new(Span::of(text, part).offset + j, c.len_utf8());
                return Err(Problem::syntax(
                    format!("`{c}` is not a castling right (KQkq, the rooks' files A-H a-h, or -)"),
                    span,
                ));
            }
        };
        rights |= bit(sq);
    }
    Ok((rights, chess960))
}

/// The rook of `color` on its back rank farthest from its king on one side.
fn outermost_rook(board: &[Option<Piece>; 64], color: Color, king_side: bool) -> Option<Square> {
    let rank = color.back_rank();
    let on = |f: u8, role| board[Square::new(f, rank).index()] == Some(Piece::new(color, role));
    let king = (0..8).find(|&f| on(f, Role::King))?;
    let files: Vec<u8> = if king_side {
        (king + 1..8).rev().collect()
    } else {
        (0..king).collect()
    };
    files
        .into_iter()
        .find(|&f| on(f, Role::Rook))
        .map(|f| Square::new(f, rank))
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
    let (castling, chess960) = f
        .get(2)
        .map_or(Ok((0, false)), |p| parse_castling(text, p, &board))?;
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
        chess960,
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

/// The castling field in X-FEN: `KQkq` for the outermost rook on each side of the king,
/// the rook's file letter for an inner one; White's rights first, the king's side first.
fn castling_field(setup: &Setup) -> String {
    let mut field = String::new();
    for color in Color::BOTH {
        for king_side in [true, false] {
            let outer = outermost_rook(&setup.board, color, king_side);
            let rank = color.back_rank();
            let rights = bb::squares(setup.castling).filter(|r| r.rank() == rank);
            for rook in rights.collect::<Vec<_>>().into_iter().rev() {
                let king = setup
                    .board
                    .iter()
                    .position(|p| *p == Some(Piece::new(color, Role::King)));
                let right_of_king = king.is_none_or(|k| rook.file() > (k % 8) as u8);
                if right_of_king != king_side {
                    continue;
                }
                let c = if Some(rook) == outer {
                    if king_side { 'k' } else { 'q' }
                } else {
                    (b'a' + rook.file()) as char
                };
                field.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

pub fn setup_to_fen(setup: &Setup) -> String {
    let castling = castling_field(setup);
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
