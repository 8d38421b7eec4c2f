//! Pictures of a position: a terminal diagram (figurines or FEN letters) and an SVG board.

use super::position::Position;
use super::types::{Color, Piece, Square};
use crate::render::Svg;

/// The Unicode chess figurine of a piece.
pub fn figurine(p: Piece) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = p.role.index();
    if p.color == Color::White {
        white[i]
    } else {
        black[i]
    }
}

/// A square drawn apart from the others: a portal, in the portal versions. `label` is a
/// short text shown in the square's corner of the SVG (a stack count, `W`, `K`); it may be
/// empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub square: Square,
    pub label: String,
}

/// An 8×8 diagram, rank 8 on top, with file letters and rank numbers, and who moves.
pub fn diagram(pos: &Position, ascii: bool) -> String {
    diagram_marked(pos, &[], ascii)
}

/// The diagram with marked squares: an empty marked square shows `◌` (`o` in ASCII); a
/// piece standing on one shows as the piece, so callers list the marks under the diagram.
pub fn diagram_marked(pos: &Position, marks: &[Mark], ascii: bool) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        s.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = Square::new(file, rank);
            let marked = marks.iter().any(|m| m.square == sq);
            let c = match pos.piece_at(sq) {
                Some(p) if ascii => p.fen_char(),
                Some(p) => figurine(p),
                None if marked => {
                    if ascii {
                        'o'
                    } else {
                        '◌'
                    }
                }
                None if (file + rank) % 2 == 0 => {
                    if ascii {
                        '.'
                    } else {
                        '·'
                    }
                }
                None => {
                    if ascii {
                        '.'
                    } else {
                        ' '
                    }
                }
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str("   a b c d e f g h\n");
    s.push_str(&format!("{} to move\n", pos.turn().name()));
    s
}

/// A 420×420 SVG of the board with figurines and coordinates (light squares #f0d9b5, dark
/// #b58863).
pub fn svg(pos: &Position) -> String {
    svg_marked(pos, &[])
}

/// The SVG with each marked square ringed in blue, its label in the square's top left corner.
pub fn svg_marked(pos: &Position, marks: &[Mark]) -> String {
    drawing(pos, marks, &[]).into_string()
}

/// The picture of [`svg_marked`], with `shaded` squares (the last move's) tinted. The
/// figurines are outlines, so no chess font is needed.
pub fn drawing(pos: &Position, marks: &[Mark], shaded: &[Square]) -> Svg {
    let mut s = Svg::new(420, 420, "font-family=\"sans-serif\"");
    s.define("h-cb", |_| board());
    s.push("<use href=\"#h-cb\"/>\n");
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let (x, y) = (20 + u32::from(file) * 50, u32::from(7 - rank) * 50);
            if shaded.contains(&sq) {
                s.push(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"50\" height=\"50\" fill=\"#c8c800\" fill-opacity=\".45\"/>\n"
                ));
            }
            if let Some(m) = marks.iter().find(|m| m.square == sq) {
                s.push(&mark_svg(m, x, y));
            }
            if let Some(p) = pos.piece_at(sq) {
                let id = piece_def(&mut s, p);
                s.push(&format!(
                    "<use href=\"#{id}\" x=\"{}\" y=\"{}\"/>\n",
                    x + 25,
                    y + 25
                ));
            }
        }
    }
    s
}

/// The empty board with its coordinates, the same in every picture: one definition.
fn board() -> String {
    let mut g = String::from(
        "<g id=\"h-cb\"><rect x=\"20\" y=\"0\" width=\"400\" height=\"400\" fill=\"#f0d9b5\"/><path fill=\"#b58863\" d=\"",
    );
    for rank in 0..8u32 {
        for file in 0..8u32 {
            if (file + rank) % 2 == 0 {
                g.push_str(&format!(
                    "M{} {}h50v50h-50z",
                    20 + file * 50,
                    (7 - rank) * 50
                ));
            }
        }
    }
    g.push_str("\"/>");
    for i in 0..8u32 {
        let file = char::from(b'a' + i as u8);
        g.push_str(&format!(
            "<text x=\"{}\" y=\"415\" font-size=\"13\" text-anchor=\"middle\">{file}</text><text x=\"10\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>",
            45 + i * 50,
            30 + i * 50,
            8 - i
        ));
    }
    g.push_str("</g>");
    g
}

/// A piece's figurine centred on the origin, defined once; its id. A white piece is the
/// solid figurine in white under the outline one in black; a black piece the solid one.
pub fn piece_def(s: &mut Svg, p: Piece) -> String {
    let id = format!("h-cp-{}", p.fen_char());
    s.define(&id, |s| {
        let solid = figurine(Piece::new(Color::Black, p.role));
        let mut g = format!("<g id=\"{id}\">");
        if p.color == Color::White {
            g.push_str(&s.glyph(solid, (0.0, 0.0), 44.0, false, "fill=\"#fff\""));
            g.push_str(&s.glyph(figurine(p), (0.0, 0.0), 44.0, false, "fill=\"#000\""));
        } else {
            g.push_str(&s.glyph(solid, (0.0, 0.0), 44.0, false, "fill=\"#000\""));
        }
        g.push_str("</g>");
        g
    });
    id
}

fn mark_svg(m: &Mark, x: u32, y: u32) -> String {
    let mut s = format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"22\" fill=\"none\" stroke=\"#3050c0\" stroke-width=\"3\"/>\n",
        x + 25,
        y + 25
    );
    if !m.label.is_empty() {
        s.push_str(&format!("<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" fill=\"#1a2a80\">{}</text>\n", x + 2, y + 13, m.label));
    }
    s
}
