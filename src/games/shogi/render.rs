//! Pictures of a position: a terminal diagram (Japanese or ASCII) and an SVG board.

use super::position::Position;
use super::types::{Color, Kind, Square};

use super::notation::kif::board::print_diagram;
use super::notation::kif::names::diagram_piece_char as kanji;
use super::setup::Setup;

const KANJI_DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// The KIF board diagram (BOD), which is also the terminal picture Japanese players read,
/// with the side to move stated either way.
pub fn japanese_diagram(pos: &Position) -> String {
    let mut out = print_diagram(&Setup::from_position(pos));
    if pos.side_to_move() == Color::Black && !out.ends_with("先手番\n") {
        out.push_str("先手番\n");
    }
    out
}

fn ascii_hand(pos: &Position, c: Color) -> String {
    let parts: Vec<String> = Kind::HAND_ORDER
        .iter()
        .filter(|&&k| pos.hand_count(c, k) > 0)
        .map(|&k| {
            let n = pos.hand_count(c, k);
            format!(
                "{}{}",
                k.usi_letter(),
                if n > 1 { n.to_string() } else { String::new() }
            )
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// An ASCII diagram: SFEN letters, upper case Black, `+` for promoted.
pub fn ascii_diagram(pos: &Position) -> String {
    let mut out = format!("White hand: {}\n", ascii_hand(pos, Color::White));
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
    out.push_str(&format!("Black hand: {}\n", ascii_hand(pos, Color::Black)));
    out.push_str(if pos.side_to_move() == Color::Black {
        "Black to move\n"
    } else {
        "White to move\n"
    });
    out
}

/// An SVG picture of the board: White's pieces drawn upside down, hands beside the board.
pub fn svg(pos: &Position) -> String {
    const CELL: u32 = 44;
    const LEFT: u32 = 90;
    const TOP: u32 = 40;
    let width = LEFT * 2 + CELL * 9 + 24;
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
        s.push_str(&format!(
            "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"#000\"/>\n",
            TOP + 9 * CELL
        ));
        s.push_str(&format!(
            "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#000\"/>\n",
            LEFT + 9 * CELL
        ));
    }
    for file in 1..=9u32 {
        let x = LEFT + (9 - file) * CELL + CELL / 2;
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{file}</text>\n",
            TOP - 10
        ));
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
        let turn = if p.color == Color::White {
            " rotate(180)"
        } else {
            ""
        };
        let fill = if p.kind.is_promoted() {
            "#b00000"
        } else {
            "#000"
        };
        // drawn about the square's centre (baseline 10 px below it, where a 28 px kanji is
        // centred), so the half turn of White's pieces keeps them on their square
        s.push_str(&format!(
            "<g transform=\"translate({cx} {cy}){turn}\"><text x=\"0\" y=\"10\" font-size=\"28\" text-anchor=\"middle\" fill=\"{fill}\">{}</text></g>\n",
            kanji(p.kind)
        ));
    }
    let hand = |c: Color, x: u32, label: &str| -> String {
        let mut t = format!(
            "<text x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{label}</text>\n",
            TOP + 20
        );
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
    // right of the rank numerals
    s.push_str(&hand(
        Color::Black,
        LEFT + 9 * CELL + LEFT / 2 + 12,
        "☗先手",
    ));
    s.push_str("</svg>\n");
    s
}
