//! The Japanese words KIF and KI2 are written in: digits, piece names, endings.
//!
//! Tables only, so the parser and the printer agree on one spelling per thing (the
//! printer's) and the parser alone knows the aliases.

use crate::games::shogi::record::Ending;
use crate::games::shogi::types::{Kind, Square};

/// Full-width file digits `１`…`９`.
pub const ZEN_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji rank digits `一`…`九`.
pub const KAN_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Piece names as KIF/KI2 moves write them, canonical first for each kind, then aliases.
/// Longer names come first so a parser trying them in order never stops at a prefix.
pub const MOVE_PIECE_NAMES: [(&str, Kind); 20] = [
    ("成香", Kind::ProLance),
    ("成桂", Kind::ProKnight),
    ("成銀", Kind::ProSilver),
    ("歩", Kind::Pawn),
    ("香", Kind::Lance),
    ("桂", Kind::Knight),
    ("銀", Kind::Silver),
    ("金", Kind::Gold),
    ("角", Kind::Bishop),
    ("飛", Kind::Rook),
    ("玉", Kind::King),
    ("と", Kind::ProPawn),
    ("馬", Kind::Horse),
    ("龍", Kind::Dragon),
    ("太", Kind::ProGold),
    ("王", Kind::King),
    ("竜", Kind::Dragon),
    ("杏", Kind::ProLance),
    ("圭", Kind::ProKnight),
    ("全", Kind::ProSilver),
];

/// The canonical name of a kind in a move (`成銀`, `龍`, …).
pub fn move_piece_name(kind: Kind) -> &'static str {
    MOVE_PIECE_NAMES
        .iter()
        .find(|(_, k)| *k == kind)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

/// The one-character name of a kind in a board diagram (`全`, `龍`, …).
pub fn diagram_piece_char(kind: Kind) -> char {
    match kind {
        Kind::ProLance => '杏',
        Kind::ProKnight => '圭',
        Kind::ProSilver => '全',
        k => move_piece_name(k).chars().next().unwrap_or('?'),
    }
}

/// A diagram character's kind (aliases accepted).
pub fn diagram_piece_kind(c: char) -> Option<Kind> {
    MOVE_PIECE_NAMES
        .iter()
        .find(|(n, _)| n.chars().count() == 1 && n.starts_with(c))
        .map(|(_, k)| *k)
}

pub fn zen_digit_value(c: char) -> Option<u8> {
    ZEN_DIGITS.iter().position(|&d| d == c).map(|i| i as u8 + 1)
}

pub fn kan_digit_value(c: char) -> Option<u8> {
    KAN_DIGITS.iter().position(|&d| d == c).map(|i| i as u8 + 1)
}

/// `７六` for file 7 rank 6.
pub fn square_name(sq: Square) -> String {
    format!(
        "{}{}",
        ZEN_DIGITS[sq.file() as usize - 1],
        KAN_DIGITS[sq.rank() as usize - 1]
    )
}

/// A count as hands write it: `二`…`九`, `十`, `十一`…`十八` (1 is written as nothing).
pub fn kanji_count(n: u8) -> String {
    let mut s = String::new();
    if n >= 10 {
        s.push('十');
    }
    if !n.is_multiple_of(10) {
        s.push(KAN_DIGITS[(n % 10) as usize - 1]);
    }
    s
}

/// Read a kanji (or ASCII) count; `None` if the text is not a count of 1..=99.
pub fn parse_kanji_count(text: &str) -> Option<u8> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse::<u8>().ok().filter(|&n| (1..100).contains(&n));
    }
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [d] => kan_digit_value(*d),
        ['十', d] => kan_digit_value(*d).map(|v| 10 + v),
        [t, '十'] => kan_digit_value(*t).filter(|&t| t > 1).map(|t| t * 10),
        [t, '十', d] => Some(kan_digit_value(*t).filter(|&t| t > 1)? * 10 + kan_digit_value(*d)?),
        _ => None,
    }
}

/// Builds the ending a terminal word stands for (`Ending` owns strings, so no constants).
pub type EndingFn = fn() -> Ending;

/// Terminal words of a KIF move line (Kakinoki's list), canonical spelling first for each
/// ending; a word that is a prefix of another comes after it.
pub const ENDING_WORDS: [(&str, EndingFn); 14] = [
    ("投了", || Ending::Resign),
    ("詰み", || Ending::Checkmate),
    ("千日手", || Ending::Repetition),
    ("持将棋", || Ending::Impasse),
    ("入玉勝ち", || Ending::EnteringKingWin),
    ("切れ負け", || Ending::TimeUp),
    ("反則勝ち", || Ending::IllegalWin),
    ("反則負け", || Ending::IllegalLoss),
    ("中断", || Ending::Interrupted),
    ("不詰", || Ending::NoCheckmate),
    ("不戦勝", || Ending::WinByDefault),
    ("不戦敗", || Ending::LossByDefault),
    ("封じ手", || Ending::SealedMove),
    ("詰", || Ending::Checkmate),
];

/// The KIF word of an ending; `None` for the CSA endings KIF has no word for (`%HIKIWAKE`,
/// `%MAX_MOVES`, `%ERROR`, `%MATTA`). A side's illegal action is 反則勝ち or 反則負け
/// depending on who is to move, which the printer knows and this table does not.
pub fn ending_word(e: &Ending) -> Option<String> {
    match e {
        Ending::Other(s) => Some(s.clone()),
        _ => ENDING_WORDS
            .iter()
            .find(|(_, f)| f() == *e)
            .map(|(w, _)| w.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_round_trip() {
        for n in 2..=18u8 {
            assert_eq!(parse_kanji_count(&kanji_count(n)), Some(n), "{n}");
        }
        assert_eq!(parse_kanji_count("十六"), Some(16));
        assert_eq!(parse_kanji_count("二十"), Some(20));
        assert_eq!(parse_kanji_count("十十"), None);
        assert_eq!(parse_kanji_count(""), None);
    }

    #[test]
    fn names() {
        assert_eq!(move_piece_name(Kind::ProSilver), "成銀");
        assert_eq!(diagram_piece_char(Kind::ProSilver), '全');
        assert_eq!(diagram_piece_kind('竜'), Some(Kind::Dragon));
        assert_eq!(square_name(Square::new(7, 6).unwrap()), "７六");
        for (w, f) in &ENDING_WORDS[..13] {
            assert_eq!(ending_word(&f()).as_deref(), Some(*w));
        }
        assert_eq!(ending_word(&Ending::Draw), None);
    }
}
