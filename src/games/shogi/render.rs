//! Pictures of a position: a terminal diagram (Japanese or ASCII) and an SVG board.

use super::position::Position;
use super::types::{Color, Kind, Square};

/// Kanji of each kind, one character wide (as KIF diagrams draw them).
pub fn kanji(kind: Kind) -> char {
    ['歩', '香', '桂', '銀', '金', '角', '飛', '玉', 'と', '杏', '圭', '全', '太', '馬', '龍'][kind as usize]
}

const KANJI_DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Kanji numeral for a hand count (1..=18).
pub fn kanji_count(n: u8) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => KANJI_DIGITS[n as usize].to_string(),
        10 => "十".into(),
        _ => format!("十{}", KANJI_DIGITS[(n % 10) as usize]),
    }
}

fn hand_text(pos: &Position, c: Color, japanese: bool) -> String {
    let mut parts = Vec::new();
    for k in Kind::HAND_ORDER {
        let n = pos.hand_count(c, k);
        if n == 0 {
            continue;
        }
        parts.push(if japanese {
            format!("{}{}", kanji(k), kanji_count(n))
        } else {
            format!("{}{}", k.usi_letter(), if n > 1 { n.to_string() } else { String::new() })
        });
    }
    match (parts.is_empty(), japanese) {
        (true, true) => "なし".into(),
        (true, false) => "-".into(),
        (false, true) => parts.join("　"),
        (false, false) => parts.join(" "),
    }
}

/// A BOD-style diagram with kanji pieces (`v` marks White's).
pub fn japanese_diagram(pos: &Position) -> String {
    let mut out = format!("後手の持駒：{}\n", hand_text(pos, Color::White, true));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        out.push('|');
        for file in (1..=9u8).rev() {
            match pos.piece_at(Square::new(file, rank).expect("on board")) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(kanji(p.kind));
                }
            }
        }
        out.push_str(&format!("|{}\n", KANJI_DIGITS[rank as usize]));
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("先手の持駒：{}\n", hand_text(pos, Color::Black, true)));
    out.push_str(if pos.side_to_move() == Color::Black { "先手番\n" } else { "後手番\n" });
    out
}

/// An ASCII diagram: SFEN letters, upper case Black, `+` for promoted.
pub fn ascii_diagram(pos: &Position) -> String {
    let mut out = format!("White hand: {}\n", hand_text(pos, Color::White, false));
    out.push_str("   9  8  7  6  5  4  3  2  1\n");
    for rank in 1..=9u8 {
        out.push(' ');
        for file in (1..=9u8).rev() {
            let cell = match pos.piece_at(Square::new(file, rank).expect("on board")) {
                None => " .".to_string(),
                Some(p) => format!("{:>2}", super::notation::sfen::piece_letters(p)),
            };
            out.push_str(&cell);
            out.push(' ');
        }
        out.push_str(&format!(" {}\n", (b'a' + rank - 1) as char));
    }
    out.push_str(&format!("Black hand: {}\n", hand_text(pos, Color::Black, false)));
    out.push_str(if pos.side_to_move() == Color::Black { "Black to move\n" } else { "White to move\n" });
    out
}

/// An SVG picture of the board: White's pieces drawn upside down, hands beside the board.
pub fn svg(pos: &Position) -> String {
    const CELL: u32 = 44;
    const LEFT: u32 = 90;
    const TOP: u32 = 40;
    let width = LEFT * 2 + CELL * 9;
    let height = TOP * 2 + CELL * 9;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"serif\">\n\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#f3d28b\" stroke=\"#000\" stroke-width=\"2\"/>\n",
        CELL * 9,
        CELL * 9
    );
    for i in 1..9 {
        let x = LEFT + i * CELL;
        let y = TOP + i * CELL;
        s.push_str(&format!("<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"#000\"/>\n", TOP + 9 * CELL));
        s.push_str(&format!("<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#000\"/>\n", LEFT + 9 * CELL));
    }
    for file in 1..=9u32 {
        let x = LEFT + (9 - file) * CELL + CELL / 2;
        s.push_str(&format!("<text x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{file}</text>\n", TOP - 10));
    }
    for rank in 1..=9u32 {
        let y = TOP + (rank - 1) * CELL + CELL / 2 + 6;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{y}\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
            LEFT + 9 * CELL + 16,
            KANJI_DIGITS[rank as usize]
        ));
    }
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let cx = LEFT + (9 - sq.file() as u32) * CELL + CELL / 2;
        let cy = TOP + (sq.rank() as u32 - 1) * CELL + CELL / 2;
        let rot = if p.color == Color::White { format!(" transform=\"rotate(180 {cx} {cy})\"") } else { String::new() };
        let fill = if p.kind.is_promoted() { "#b00000" } else { "#000" };
        s.push_str(&format!(
            "<text x=\"{cx}\" y=\"{}\" font-size=\"28\" text-anchor=\"middle\" fill=\"{fill}\"{rot}>{}</text>\n",
            cy + 10,
            kanji(p.kind)
        ));
    }
    let hand = |c: Color, x: u32, label: &str| -> String {
        let mut t = format!("<text x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{label}</text>\n", TOP + 20);
        let mut y = TOP + 50;
        for k in Kind::HAND_ORDER {
            let n = pos.hand_count(c, k);
            if n > 0 {
                t.push_str(&format!(
                    "<text x=\"{x}\" y=\"{y}\" font-size=\"22\" text-anchor=\"middle\">{}{}</text>\n",
                    kanji(k),
                    if n > 1 { n.to_string() } else { String::new() }
                ));
                y += 30;
            }
        }
        t
    };
    s.push_str(&hand(Color::White, LEFT / 2, "☖後手"));
    s.push_str(&hand(Color::Black, LEFT + 9 * CELL + LEFT / 2, "☗先手"));
    s.push_str("</svg>\n");
    s
}
