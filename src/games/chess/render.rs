//! Pictures of a position: a terminal diagram (figurines or FEN letters) and an SVG board.

use super::position::Position;
use super::types::{Color, Piece, Square};

/// The Unicode chess figurine of a piece.
pub fn figurine(p: Piece) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = p.role.index();
    if p.color == Color::White { white[i] } else { black[i] }
}

/// An 8×8 diagram, rank 8 on top, with file letters and rank numbers, and who moves.
pub fn diagram(pos: &Position, ascii: bool) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        s.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let c = match pos.piece_at(Square::new(file, rank)) {
                Some(p) if ascii => p.fen_char(),
                Some(p) => figurine(p),
                None if (file + rank) % 2 == 0 => if ascii { '.' } else { '·' },
                None => if ascii { '.' } else { ' ' },
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

/// A 400×400 SVG of the board with figurines (light squares #f0d9b5, dark #b58863).
pub fn svg(pos: &Position) -> String {
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 400\" width=\"400\" height=\"400\">\n",
    );
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = (u32::from(file) * 50, u32::from(7 - rank) * 50);
            let fill = if (file + rank) % 2 == 0 { "#b58863" } else { "#f0d9b5" };
            s.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"50\" height=\"50\" fill=\"{fill}\"/>\n"));
            if let Some(p) = pos.piece_at(Square::new(file, rank)) {
                let glyph = figurine(Piece::new(Color::Black, p.role));
                let colour = if p.color == Color::White { "#fff" } else { "#000" };
                s.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"40\" text-anchor=\"middle\" fill=\"{colour}\" stroke=\"#000\" stroke-width=\"1\">{glyph}</text>\n",
                    x + 25,
                    y + 40
                ));
            }
        }
    }
    s.push_str("</svg>\n");
    s
}
