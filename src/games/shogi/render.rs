//! Pictures of a position: a terminal diagram (Japanese or ASCII) and an SVG board.

use super::position::Position;
use super::types::{Color, Kind, Move, Square};
use crate::render::Svg;

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
    drawing(pos, &[]).into_string()
}

const CELL: f64 = 44.0;
const LEFT: f64 = 90.0;
const TOP: f64 = 40.0;

/// The squares a move leaves and reaches, to shade in a picture.
pub fn move_squares(mv: Move) -> Vec<Square> {
    mv.from().into_iter().chain([mv.to()]).collect()
}

/// The picture of [`svg`], with `shaded` squares (the last move's) tinted. Pieces are
/// pentagons with their kanji as outlines, so no CJK font is needed.
pub fn drawing(pos: &Position, shaded: &[Square]) -> Svg {
    let width = LEFT * 2.0 + CELL * 9.0 + 24.0;
    let height = TOP * 2.0 + CELL * 9.0;
    let mut s = Svg::new(width, height, "font-family=\"sans-serif\"");
    s.define("h-sb", |s| {
        let mut g = String::from("<g id=\"h-sb\">");
        grid(s, &mut g);
        g.push_str("</g>");
        g
    });
    s.push("<use href=\"#h-sb\"/>\n");
    for &sq in shaded {
        let (x, y) = corner(sq);
        s.push(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#d07000\" fill-opacity=\".35\"/>\n"
        ));
    }
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let id = piece_def(&mut s, p.kind, p.color);
        let (x, y) = corner(sq);
        s.push(&format!(
            "<use href=\"#{id}\" x=\"{}\" y=\"{}\"/>\n",
            x + CELL / 2.0,
            y + CELL / 2.0
        ));
    }
    hand(&mut s, pos, Color::White, LEFT / 2.0);
    // right of the rank numerals
    hand(
        &mut s,
        pos,
        Color::Black,
        LEFT + 9.0 * CELL + LEFT / 2.0 + 12.0,
    );
    s
}

/// A ring around a square, in `colour` (a card-shogi effect, a mark).
pub fn ring(s: &mut Svg, sq: Square, colour: &str) {
    let (x, y) = corner(sq);
    s.push(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\"/>\n",
        x + 2.0,
        y + 2.0,
        CELL - 4.0,
        CELL - 4.0
    ));
}

/// The top left corner of a square: file 9 on the left, rank 1 at the top.
fn corner(sq: Square) -> (f64, f64) {
    (
        LEFT + f64::from(9 - sq.file()) * CELL,
        TOP + f64::from(sq.rank() - 1) * CELL,
    )
}

/// The board: its wood, lines and frame, the file numbers above and the kanji rank
/// numerals on the right. The same in every picture, so it is one definition.
fn grid(s: &mut Svg, g: &mut String) {
    let end = 9.0 * CELL;
    g.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{end}\" height=\"{end}\" fill=\"#f3d28b\"/>"
    ));
    for i in 1..9 {
        let d = f64::from(i) * CELL;
        g.push_str(&format!(
            "<path d=\"M{x} {TOP}v{end}M{LEFT} {y}h{end}\" stroke=\"#000\"/>",
            x = LEFT + d,
            y = TOP + d
        ));
    }
    g.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{end}\" height=\"{end}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>"
    ));
    for file in 1..=9u8 {
        let x = LEFT + f64::from(9 - file) * CELL + CELL / 2.0;
        g.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{file}</text>",
            TOP - 10.0
        ));
    }
    for (rank, digit) in KANJI_DIGITS.iter().enumerate().skip(1) {
        let y = TOP + (rank as f64 - 0.5) * CELL;
        let numeral = digit.chars().next().unwrap_or('?');
        g.push_str(&s.glyph(numeral, (LEFT + end + 14.0, y), 15.0, false, ""));
    }
}

/// The piece shape of a kind and side (pointing away from its owner, centred on the
/// origin), defined once; its id.
fn piece_def(s: &mut Svg, kind: Kind, color: Color) -> String {
    let black = format!(
        "h-sp-{}{}",
        if kind.is_promoted() { "p" } else { "" },
        kind.unpromoted().usi_letter()
    );
    s.define(&black, |s| {
        let ink = if kind.is_promoted() {
            "fill=\"#b00000\""
        } else {
            "fill=\"#000\""
        };
        let glyph = s.glyph(kanji(kind), (0.0, 2.5), 25.0, false, ink);
        format!("<g id=\"{black}\">{PENTAGON}{glyph}</g>")
    });
    if color == Color::Black {
        return black;
    }
    let white = format!("{black}w");
    s.define(&white, |_| {
        format!("<use id=\"{white}\" href=\"#{black}\" transform=\"rotate(180)\"/>")
    });
    white
}

/// A piece's pentagon, pointing up, centred on the origin.
const PENTAGON: &str = "<path d=\"M0-19L14-14L18 19H-18L-14-14Z\" fill=\"#fbe7b9\" stroke=\"#5a4020\" stroke-width=\"1\"/>";

/// A side's label (its mark, and 先手 or 後手) and its pieces in hand, one kind a row.
fn hand(s: &mut Svg, pos: &Position, c: Color, x: f64) {
    let (mark, name) = match c {
        Color::Black => ("#000", ['先', '手']),
        Color::White => ("#fff", ['後', '手']),
    };
    s.push(&format!(
        "<path d=\"M{x0} {y0}l6 2l2 14h-16l2-14z\" fill=\"{mark}\" stroke=\"#000\"/>\n",
        x0 = x - 20.0,
        y0 = TOP + 6.0
    ));
    for (i, ch) in name.into_iter().enumerate() {
        let g = s.glyph(ch, (x - 2.0 + 17.0 * i as f64, TOP + 14.0), 15.0, false, "");
        s.push(&g);
    }
    s.push("\n");
    let mut y = TOP + 52.0;
    for k in Kind::HAND_ORDER {
        let n = pos.hand_count(c, k);
        if n == 0 {
            continue;
        }
        let id = piece_def(s, k, Color::Black);
        s.push(&format!(
            "<use href=\"#{id}\" transform=\"translate({} {y}) scale(0.8)\"/>\n",
            x - 8.0
        ));
        if n > 1 {
            s.push(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"15\">{n}</text>\n",
                x + 9.0,
                y + 6.0
            ));
        }
        y += 36.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_and_numeral_is_drawn_as_an_outline() {
        for k in Kind::ALL {
            assert!(crate::render::outline(kanji(k)).is_some(), "{k:?}");
        }
        for d in KANJI_DIGITS.iter().skip(1) {
            assert!(crate::render::outline(d.chars().next().unwrap()).is_some());
        }
    }
}
