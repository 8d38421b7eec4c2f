//! CSA records (the Computer Shogi Association's standard file format), versions 2.2 and 3.0.
//!
//! Reading accepts both versions in one grammar (`grammar/shogi-csa.ebnf`): the encoding
//! line, `V…`, `N+`/`N-`, `$KEY:value` headers, `PI` (with removed pieces), `P1`…`P9`,
//! `P+`/`P-` (with `00` hand pieces and `00AL`), the side line, moves, `T` times, comments,
//! `%` special moves, v2.2 comma lines, and several records separated by `/` lines.
//! Every token keeps its byte span; nothing is checked against the rules here.
//!
//! What is kept where, so that printing and reading again is the identity:
//! * headers keep their key as written before the value: `N+`, `N-`, `$EVENT`, `$CARDS+`;
//! * a move comment `'*text` is stored as `text`; a plain remark line `'text`, which CSA
//!   readers may ignore, is stored with its quote, `'text`, so the two stay apart;
//! * comments before the first move go to `Record::comments`, later ones to the move they
//!   follow (comments after the special move to the last move);
//! * times are kept as written (`T12`, `T12.345`).
//!
//! Printing is canonical **V3.0**: it is the version that declares its encoding (the
//! printer produces UTF-8 text, which a V2.2 reader would take for Shift_JIS) and the one
//! whose times may carry milliseconds, so every time a record holds prints unchanged.

mod print;
mod read;
pub mod syntax;

pub use print::{move_text, print_record, print_records, print_with_texts};
pub use read::{parse_record, parse_record_with, parse_records, parse_records_with};

use std::fmt;

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Kind, Move, Square};

/// A CSA move as written: `+7776FU`, `-0055KA`. The piece code is the piece *after* the
/// move, so promotion is read off by comparing it with the piece on the origin square.
///
/// Card plies (`+Q:5915OU`, two-part `+T:…,…`) will add a card field; the plain move
/// stays this shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CsaMove {
    /// The mover, from `+` or `-`.
    pub color: Color,
    /// `None` for `00`, a drop from the hand.
    pub from: Option<Square>,
    /// The destination.
    pub to: Square,
    /// The piece after the move (`UM` for a bishop promoting).
    pub piece: Kind,
}

impl fmt::Display for CsaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.color == Color::Black { '+' } else { '-' };
        write!(
            f,
            "{sign}{}{}{}",
            square_text(self.from),
            square_text(Some(self.to)),
            syntax::CODES[self.piece as usize]
        )
    }
}

/// `00` for the hand, else file and rank digits.
pub fn square_text(sq: Option<Square>) -> String {
    sq.map_or_else(|| "00".to_string(), |s| format!("{}{}", s.file(), s.rank()))
}

impl CsaMove {
    /// The move of `pos` this text means. Checks what the text itself claims (the sign, the
    /// piece code against the piece on the origin); whether the move is legal is left to
    /// `rules::check_move`, which names the broken rule better than a parser could.
    /// Spans are relative to the move text (sign at 0, code at 5).
    pub fn resolve(&self, pos: &Position) -> Result<Move, Problem> {
        let us = pos.side_to_move();
        if self.color != us {
            let msg = format!(
                "the move is marked for {}, but {} is to move",
                side(self.color),
                side(us)
            );
            return Err(Problem::new(CommonRule::WrongSide, msg, Span::new(0, 1)));
        }
        let code_span = Span::new(5, 2);
        let code = syntax::CODES[self.piece as usize];
        let Some(from) = self.from else {
            if !self.piece.is_hand_kind() {
                let msg =
                    format!("a piece is dropped unpromoted; `{code}` cannot come from the hand");
                return Err(Problem::new(CommonRule::PieceMismatch, msg, code_span));
            }
            return Ok(Move::Drop {
                kind: self.piece,
                to: self.to,
            });
        };
        // An empty origin is for check_move to report (NoPiece); the code cannot be judged.
        let Some(p) = pos.piece_at(from) else {
            return Ok(Move::Board {
                from,
                to: self.to,
                promote: false,
            });
        };
        let promote = if p.kind == self.piece {
            false
        } else if p.kind.can_promote() && p.kind.promoted() == self.piece {
            true
        } else {
            let msg = format!(
                "the piece on {} is {}, which cannot become `{code}` by this move",
                square_text(Some(from)),
                syntax::CODES[p.kind as usize]
            );
            return Err(Problem::new(CommonRule::PieceMismatch, msg, code_span));
        };
        Ok(Move::Board {
            from,
            to: self.to,
            promote,
        })
    }
}

fn side(c: Color) -> &'static str {
    crate::games::shogi::setup::side_name(c)
}

/// Decode a CSA file's bytes. V3.0 names its encoding on the first line
/// (`'CSA encoding=UTF-8`); V2.2 files are Shift_JIS by the standard but often UTF-8 in
/// practice, and old programs (GPS) wrote EUC-JP, so undeclared text is taken as the first
/// of UTF-8, Shift_JIS and EUC-JP that decodes it without error. Bytes that none of them
/// (or the declared encoding) can read are an `Encoding` problem, never replaced by
/// mojibake.
pub fn decode(bytes: &[u8]) -> Result<String, Problem> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let declared = first_line
        .strip_prefix(b"'CSA encoding=")
        .and_then(|label| encoding_rs::Encoding::for_label(label.trim_ascii()));
    let candidates = match declared {
        Some(e) => vec![e],
        None => vec![
            encoding_rs::UTF_8,
            encoding_rs::SHIFT_JIS,
            encoding_rs::EUC_JP,
        ],
    };
    for e in &candidates {
        if let Some(text) = e.decode_without_bom_handling_and_without_replacement(bytes) {
            return Ok(text.into_owned());
        }
    }
    let at = std::str::from_utf8(bytes)
        .err()
        .map_or(0, |e| e.valid_up_to());
    Err(Problem::new(
        crate::core::CommonRule::Encoding,
        format!(
            "the bytes are not {}",
            if declared.is_some() {
                "text in the encoding the first line declares"
            } else {
                "UTF-8, Shift_JIS or EUC-JP text"
            }
        ),
        Span::new(at, 1),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::notation::sfen;

    fn mv(text: &str) -> CsaMove {
        match syntax::statement(text) {
            Ok(syntax::Stmt::Move(m)) => m,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn resolve_reads_promotion_from_the_code() {
        let pos = sfen::parse_position("4k4/9/9/9/9/9/2P6/9/4K4 b - 1").unwrap();
        let sq = |f, r| Square::new(f, r).unwrap();
        // pawn on 7g; moving to 7f as FU is plain
        assert_eq!(
            mv("+7776FU").resolve(&pos).unwrap(),
            Move::Board {
                from: sq(7, 7),
                to: sq(7, 6),
                promote: false
            }
        );
        assert_eq!(
            mv("+7776TO").resolve(&pos).unwrap(),
            Move::Board {
                from: sq(7, 7),
                to: sq(7, 6),
                promote: true
            }
        );
        let e = mv("+7776GI").resolve(&pos).unwrap_err();
        assert_eq!((e.rule.name(), e.span), ("PieceMismatch", Span::new(5, 2)));
        assert_eq!(
            mv("-7776FU").resolve(&pos).unwrap_err().rule.name(),
            "WrongSide"
        );
        assert_eq!(
            mv("+0055TO").resolve(&pos).unwrap_err().rule.name(),
            "PieceMismatch"
        );
    }

    #[test]
    fn resolve_refuses_unpromoting_a_promoted_piece() {
        let pos = sfen::parse_position("4k4/9/2+P6/9/9/9/9/9/4K4 b - 1").unwrap();
        let e = mv("+7372FU").resolve(&pos).unwrap_err();
        assert_eq!(e.rule.name(), "PieceMismatch");
        assert!(mv("+7372TO").resolve(&pos).is_ok());
    }

    #[test]
    fn decode_honours_the_encoding_line() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("'CSA encoding=Shift_JIS\nN+先手\n");
        assert_eq!(decode(&sjis).unwrap(), "'CSA encoding=Shift_JIS\nN+先手\n");
        assert_eq!(
            decode("V2.2\nN+先手\n".as_bytes()).unwrap(),
            "V2.2\nN+先手\n"
        );
        let (undeclared, _, _) = encoding_rs::SHIFT_JIS.encode("V2.2\nN+先手\n");
        assert_eq!(decode(&undeclared).unwrap(), "V2.2\nN+先手\n");
        // GPS wrote EUC-JP; 先手番 there is not Shift_JIS
        let (euc, _, _) = encoding_rs::EUC_JP.encode("V2.2\n'先手番\n");
        assert_eq!(decode(&euc).unwrap(), "V2.2\n'先手番\n");
        assert_eq!(
            decode(b"V2.2\n'\xff\xff\xff\n").unwrap_err().rule,
            crate::core::CommonRule::Encoding
        );
    }
}
