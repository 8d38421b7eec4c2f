//! Start positions of KIF/KI2: `手合割` names, BOD board diagrams and hand lines.

use crate::core::{Problem, Span};
use crate::games::shogi::notation::sfen;
use crate::games::shogi::position::Hand;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Kind, Piece, Square};

use super::names::{
    KAN_DIGITS, diagram_piece_char, diagram_piece_kind, kanji_count, parse_kanji_count,
};
use super::tokens::is_space;

/// `手合割` names (every one of Kakinoki's list but その他) and their start positions. In a
/// handicap game the player giving the handicap (上手) is White and moves first; "left"
/// and "right" are the 上手's own.
const HANDICAPS: [(&str, &str); 16] = [
    ("平手", sfen::STARTPOS),
    (
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "三枚落ち",
        "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "五枚落ち",
        "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "左五枚落ち",
        "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "左七枚落ち",
        "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "右七枚落ち",
        "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "八枚落ち",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// The start position a `手合割` name stands for.
pub fn handicap(name: &str) -> Option<Setup> {
    let name = if name == "飛落ち" {
        "飛車落ち"
    } else {
        name
    };
    HANDICAPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| sfen::parse_setup(s).expect("valid table"))
}

/// Handicaps that Kakinoki's list has but many readers (tsshogi, ShogiHome) do not know by
/// name: the printer writes their board diagram too, which every reader takes.
const RARE_HANDICAPS: [&str; 5] = [
    "三枚落ち",
    "五枚落ち",
    "左五枚落ち",
    "左七枚落ち",
    "右七枚落ち",
];

/// Should a record starting from this handicap carry its diagram as well as its name?
pub fn handicap_needs_diagram(name: &str) -> bool {
    RARE_HANDICAPS.contains(&name)
}

/// The `手合割` name of a start position, if it is one of the table's.
pub fn handicap_name(setup: &Setup) -> Option<&'static str> {
    let text = sfen::setup_to_sfen(setup);
    HANDICAPS.iter().find(|(_, s)| *s == text).map(|(n, _)| *n)
}

/// One row of a BOD diagram, `| ・ ・v玉 …|一`: pieces from file 9 to file 1, and the
/// rank the row names (if it names one). Spans are relative to the line.
pub fn parse_row(line: &str) -> Result<([Option<Piece>; 9], Option<u8>), Problem> {
    let mut cells = [None; 9];
    let mut chars = line.char_indices().peekable();
    chars.next(); // the opening `|`, checked by the caller
    for (n, cell) in cells.iter_mut().enumerate() {
        let Some((at, mark)) = chars.next() else {
            return Err(Problem::syntax(
                "a board row needs nine squares",
                Span::new(line.len(), 0),
            ));
        };
        let color = match mark {
            ' ' | '^' => Color::Black,
            'v' | 'V' => Color::White,
            '・' => {
                // some writers put no space before an empty square
                continue;
            }
            '|' => {
                return Err(Problem::syntax(
                    format!("this row has {n} squares; a board row needs nine"),
                    Span::new(at, 1),
                ));
            }
            _ => {
                return Err(Problem::syntax(
                    "expected ` ` or `v` before a square",
                    Span::new(at, mark.len_utf8()),
                ));
            }
        };
        let Some((at, c)) = chars.next() else {
            return Err(Problem::syntax(
                "a board row needs nine squares",
                Span::new(line.len(), 0),
            ));
        };
        if c == '・' {
            continue;
        }
        let kind = diagram_piece_kind(c).ok_or_else(|| {
            Problem::syntax(
                format!("`{c}` is not a piece of a board diagram"),
                Span::new(at, c.len_utf8()),
            )
        })?;
        *cell = Some(Piece::new(color, kind));
    }
    match chars.next() {
        Some((_, '|')) => {}
        Some((at, c)) => {
            return Err(Problem::syntax(
                "expected `|` after the ninth square",
                Span::new(at, c.len_utf8()),
            ));
        }
        None => {
            return Err(Problem::syntax(
                "expected `|` after the ninth square",
                Span::new(line.len(), 0),
            ));
        }
    }
    let rest: String = chars.map(|(_, c)| c).collect();
    let rank = rest
        .trim()
        .chars()
        .next()
        .and_then(|c| KAN_DIGITS.iter().position(|&d| d == c))
        .map(|i| i as u8 + 1);
    Ok((cells, rank))
}

/// A hand: `なし`, or pieces with kanji counts separated by spaces (`金三　歩十六`).
/// Spans are relative to `value`.
pub fn parse_hand(value: &str) -> Result<Hand, Problem> {
    let mut hand = [0u8; 7];
    for token in value.split(is_space).filter(|t| !t.is_empty()) {
        let span = Span::of(value, token);
        if token == "なし" {
            continue;
        }
        let mut chars = token.chars();
        let c = chars.next().expect("not empty");
        let kind = diagram_piece_kind(c)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| {
                Problem::syntax(
                    format!("`{c}` is not a piece that can be in hand"),
                    Span::new(span.offset, c.len_utf8()),
                )
            })?;
        let count_text = chars.as_str();
        let n = if count_text.is_empty() {
            1
        } else {
            parse_kanji_count(count_text).ok_or_else(|| {
                Problem::syntax(
                    format!("`{count_text}` is not a count"),
                    Span::new(span.offset + c.len_utf8(), count_text.len()),
                )
            })?
        };
        hand[kind as usize] = hand[kind as usize].saturating_add(n);
    }
    Ok(hand)
}

/// A hand as KIF writes it: `飛　角　歩二`, or `なし`.
pub fn print_hand(hand: &Hand) -> String {
    let parts: Vec<String> = Kind::HAND_ORDER
        .iter()
        .filter(|k| hand[**k as usize] > 0)
        .map(|k| {
            let n = hand[*k as usize];
            format!(
                "{}{}",
                diagram_piece_char(*k),
                if n > 1 { kanji_count(n) } else { String::new() }
            )
        })
        .collect();
    if parts.is_empty() {
        "なし".into()
    } else {
        parts.join("　")
    }
}

/// The BOD diagram of a setup, with both hands and, when White moves, `後手番`.
pub fn print_diagram(setup: &Setup) -> String {
    let mut out = format!("後手の持駒：{}\n", print_hand(&setup.hands[1]));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        out.push('|');
        for file in (1..=9u8).rev() {
            match setup.board[Square::new(file, rank).expect("on board").index()] {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(diagram_piece_char(p.kind));
                }
            }
        }
        out.push('|');
        out.push(KAN_DIGITS[rank as usize - 1]);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("先手の持駒：{}\n", print_hand(&setup.hands[0])));
    if setup.side == Color::White {
        out.push_str("後手番\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_hands() {
        let (cells, rank) = parse_row("| ・ ・ ・ ・ ・ ・v玉 ・ ・|一").unwrap();
        assert_eq!(rank, Some(1));
        assert_eq!(cells[6], Some(Piece::new(Color::White, Kind::King)));
        assert_eq!(cells.iter().flatten().count(), 1);
        let e = parse_row("| ・ ・ ・ ・ ・ ・v象 ・ ・|一").unwrap_err();
        assert_eq!(
            &"| ・ ・ ・ ・ ・ ・v象 ・ ・|一"[e.span.offset..e.span.end()],
            "象"
        );
        let h = parse_hand("飛二　角二　金三　銀四　桂四　香四　歩十七").unwrap();
        assert_eq!(h, [17, 4, 4, 4, 3, 2, 2]);
        assert_eq!(print_hand(&h), "飛二　角二　金三　銀四　桂四　香四　歩十七");
        assert_eq!(parse_hand("なし").unwrap(), [0; 7]);
        assert_eq!(parse_hand("歩x").unwrap_err().span, Span::new(3, 1));
    }

    #[test]
    fn handicaps_are_valid_and_named() {
        for (name, _) in HANDICAPS {
            let s = handicap(name).unwrap();
            assert!(s.validate().is_ok(), "{name}");
            assert_eq!(handicap_name(&s), Some(name));
        }
    }
}
