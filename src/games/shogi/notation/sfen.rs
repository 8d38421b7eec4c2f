//! SFEN positions: `<board> <side> <hand> [<move number>]`.
//!
//! Reading gives a [`Setup`] (syntax only) with byte spans in the errors; `parse_position`
//! adds validation. Printing is canonical: hands in the order R B G S N L P, Black first.

use crate::core::{Problem, Span};
use crate::games::shogi::position::Position;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Kind, Piece, Square};

/// The SFEN of the start position.
pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The start position's set-up, read once: every record without a diagram of its own, and
/// every CSA `PI`, starts from it, and reading it again per record cost an archive's
/// reader a tenth of its time.
pub fn startpos_setup() -> Setup {
    static START: std::sync::LazyLock<Setup> =
        std::sync::LazyLock::new(|| parse_setup(STARTPOS).expect("the start position is valid"));
    START.clone()
}

/// Split on ASCII whitespace, keeping each field's span.
fn fields(text: &str) -> Vec<(&str, Span)> {
    text.split_ascii_whitespace()
        .map(|f| (f, Span::of(text, f)))
        .collect()
}

/// Read an SFEN into a setup. Extra fields after the move number are refused.
pub fn parse_setup(text: &str) -> Result<Setup, Problem> {
    let f = fields(text);
    if f.len() < 3 {
        return Err(Problem::syntax(
            "an SFEN needs at least three fields: board, side to move, hand",
            Span::new(0, text.len()),
        ));
    }
    if f.len() > 4 {
        return Err(Problem::syntax(
            "unexpected text after the SFEN's move number",
            f[4].1,
        ));
    }
    let mut setup = Setup::empty();
    parse_board(f[0].0, &mut setup).map_err(|p| p.shifted(f[0].1.offset))?;
    setup.side = match f[1].0 {
        "b" => Color::Black,
        "w" => Color::White,
        _ => return Err(Problem::syntax("side to move must be `b` or `w`", f[1].1)),
    };
    parse_hand(f[2].0, &mut setup).map_err(|p| p.shifted(f[2].1.offset))?;
    if let Some(&(n, span)) = f.get(3) {
        setup.move_number = n
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| Problem::syntax("move number must be a positive integer", span))?;
    }
    Ok(setup)
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), Problem> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(Problem::syntax(
            format!(
                "the board has {} ranks; SFEN needs 9 separated by `/`",
                ranks.len()
            ),
            Span::new(0, board.len()),
        ));
    }
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank_span = Span::of(board, rank_text);
        let mut file: i32 = 9;
        let mut promoted = false;
        for (i, ch) in rank_text.char_indices() {
            let at = Span::new(rank_span.offset + i, ch.len_utf8());
            match ch {
                '1'..='9' if !promoted => file -= ch as i32 - '0' as i32,
                '+' if !promoted => promoted = true,
                _ => {
                    let kind = Kind::from_usi_letter(ch)
                        .filter(|_| ch.is_ascii_alphabetic())
                        .ok_or_else(|| {
                            Problem::syntax(format!("`{ch}` is not a piece letter"), at)
                        })?;
                    if file < 1 {
                        return Err(Problem::syntax("too many squares in this rank", at));
                    }
                    let kind = if promoted {
                        if !kind.can_promote() {
                            return Err(Problem::syntax(format!("`{ch}` cannot be promoted"), at));
                        }
                        kind.promoted()
                    } else {
                        kind
                    };
                    let color = if ch.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let sq = Square::new(file as u8, r as u8 + 1).expect("checked range");
                    setup.board[sq.index()] = Some(Piece::new(color, kind));
                    file -= 1;
                    promoted = false;
                }
            }
            if file < 0 {
                return Err(Problem::syntax("too many squares in this rank", at));
            }
        }
        if promoted {
            return Err(Problem::syntax(
                "`+` must be followed by a piece letter",
                rank_span,
            ));
        }
        if file != 0 {
            return Err(Problem::syntax(
                format!("rank {} describes {} squares, not 9", r + 1, 9 - file),
                rank_span,
            ));
        }
    }
    Ok(())
}

fn parse_hand(hand: &str, setup: &mut Setup) -> Result<(), Problem> {
    if hand == "-" {
        return Ok(());
    }
    let mut count: Option<u32> = None;
    let mut count_start = 0;
    for (i, ch) in hand.char_indices() {
        if let Some(d) = ch.to_digit(10) {
            if count.is_none() {
                count_start = i;
            }
            let n = count.unwrap_or(0) * 10 + d;
            if n > 99 {
                return Err(Problem::syntax(
                    "hand count too large",
                    Span::new(count_start, i + 1 - count_start),
                ));
            }
            count = Some(n);
            continue;
        }
        let at = Span::new(i, ch.len_utf8());
        let kind = Kind::from_usi_letter(ch)
            .filter(|k| k.is_hand_kind() && ch.is_ascii_alphabetic())
            .ok_or_else(|| {
                Problem::syntax(format!("`{ch}` is not a piece that can be in hand"), at)
            })?;
        let color = if ch.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(Problem::syntax("a hand count must be at least 1", at));
        }
        let slot = &mut setup.hands[color.index()][kind as usize];
        *slot = slot.saturating_add(n as u8);
    }
    if count.is_some() {
        return Err(Problem::syntax(
            "a count must be followed by a piece letter",
            Span::new(count_start, hand.len() - count_start),
        ));
    }
    Ok(())
}

/// Read and validate an SFEN. Setup errors are reported at the board field.
pub fn parse_position(text: &str) -> Result<Position, Problem> {
    let setup = parse_setup(text)?;
    setup.validate().map_err(|errs| {
        let board = fields(text)
            .first()
            .map_or(Span::new(0, text.len()), |f| f.1);
        let e = &errs[0];
        let others: Vec<&str> = errs[1..].iter().map(|e| e.rule.name()).collect();
        let more = if others.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", others.join(", "))
        };
        Problem::new(e.rule, format!("{}{more}", e.message), board)
    })
}

/// Canonical SFEN of a position (with its move number).
pub fn to_sfen(pos: &Position) -> String {
    setup_to_sfen(&Setup::from_position(pos))
}

/// Canonical SFEN of a set-up (hands in a fixed order, with the move number).
pub fn setup_to_sfen(s: &Setup) -> String {
    let mut out = String::new();
    for rank in 1..=9u8 {
        let mut empty = 0;
        for file in (1..=9u8).rev() {
            match s.board[Square::new(file, rank).expect("on board").index()] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&piece_letters(p));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank < 9 {
            out.push('/');
        }
    }
    out.push_str(if s.side == Color::Black { " b " } else { " w " });
    out.push_str(&hand_to_sfen(&s.hands));
    out.push(' ');
    out.push_str(&s.move_number.to_string());
    out
}

/// SFEN letters of a piece: `+` for promoted kinds, lower case for White.
pub fn piece_letters(p: Piece) -> String {
    let mut s = String::new();
    if p.kind.is_promoted() {
        s.push('+');
    }
    let l = p.kind.usi_letter();
    s.push(if p.color == Color::White {
        l.to_ascii_lowercase()
    } else {
        l
    });
    s
}

pub fn hand_to_sfen(hands: &[[u8; 7]; 2]) -> String {
    let mut out = String::new();
    for c in Color::BOTH {
        for k in Kind::HAND_ORDER {
            let n = hands[c.index()][k as usize];
            if n == 0 {
                continue;
            }
            if n > 1 {
                out.push_str(&n.to_string());
            }
            let l = k.usi_letter();
            out.push(if c == Color::White {
                l.to_ascii_lowercase()
            } else {
                l
            });
        }
    }
    if out.is_empty() { "-".into() } else { out }
}
