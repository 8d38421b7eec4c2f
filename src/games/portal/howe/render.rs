//! The picture of a Howe position: both areas side by side, portal squares ringed, the
//! scheduled area framed, each pending intent marked on its square and on the linked one.

use super::position::{Area, HowePosition, PORTALS};
use crate::games::chess::bitboard;
use crate::games::chess::render::{self, Mark};
use crate::games::chess::types::{Color, Square};
use crate::render::Svg;

/// The four portal squares of every area (§2.2).
pub fn portal_marks() -> Vec<Mark> {
    bitboard::squares(PORTALS)
        .map(|square| Mark {
            square,
            label: String::new(),
        })
        .collect()
}

/// The terminal diagram: both areas, the portals, who plays where, the pending intents.
pub fn diagram(pos: &HowePosition, ascii: bool) -> String {
    let mut s = String::new();
    for a in Area::BOTH {
        s.push_str(&format!("area {}\n", a.letter()));
        let d = render::diagram_marked(pos.area(a), &portal_marks(), ascii);
        // the chess diagram's last line says who moves; the schedule says it here instead
        s.extend(d.lines().take(9).map(|l| format!("{l}\n")));
    }
    s.push_str(&format!(
        "portals: a4 a5 h4 h5 in both areas; {} plays in area {}\n",
        pos.turn().name(),
        pos.scheduled().letter()
    ));
    let intents = super::fen::to_string(pos)
        .split(' ')
        .nth(5)
        .unwrap_or("-")
        .to_string();
    if intents != "-" {
        s.push_str(&format!("intents: {intents}\n"));
    }
    s
}

/// An SVG picture of the position.
pub fn svg(pos: &HowePosition) -> String {
    drawing(pos, &[]).into_string()
}

/// The picture of [`svg`], with `shaded` squares (the last ply's, by area) tinted.
pub fn drawing(pos: &HowePosition, shaded: &[(Area, Square)]) -> Svg {
    let mut s = Svg::new(860, 480, "font-family=\"sans-serif\"");
    for a in Area::BOTH {
        let x = 430 * a.index();
        let here: Vec<Square> = shaded
            .iter()
            .filter(|(b, _)| *b == a)
            .map(|(_, sq)| *sq)
            .collect();
        let scheduled = pos.scheduled() == a;
        let title = if scheduled {
            format!(
                "area {} · {} to play",
                a.letter(),
                if pos.turn() == Color::White {
                    "White"
                } else {
                    "Black"
                }
            )
        } else {
            format!("area {}", a.letter())
        };
        let weight = if scheduled {
            " font-weight=\"bold\""
        } else {
            ""
        };
        s.push(&format!(
            "<text x=\"{}\" y=\"20\" font-size=\"18\" text-anchor=\"middle\"{weight}>{title}</text>\n",
            x + 220
        ));
        if scheduled {
            s.push(&format!(
                "<rect x=\"{}\" y=\"28\" width=\"404\" height=\"404\" fill=\"none\" stroke=\"#36c\" stroke-width=\"4\"/>\n",
                x + 18
            ));
        }
        s.nest(render::drawing(pos.area(a), &portal_marks(), &here), x, 30);
    }
    intents(&mut s, pos);
    s
}

/// Each pending intent: a dashed ring on the declared piece, a dotted one on the linked
/// square of the other area, and a line under the boards saying whose it is.
fn intents(s: &mut Svg, pos: &HowePosition) {
    let mut words = Vec::new();
    for c in [Color::White, Color::Black] {
        let Some(i) = pos.intent(c) else { continue };
        let colour = if c == Color::White {
            "#d08000"
        } else {
            "#8030a0"
        };
        let (name, letter) = if c == Color::White {
            ("White", 'W')
        } else {
            ("Black", 'B')
        };
        for (area, dash) in [(i.area, "6 3"), (i.area.other(), "2 3")] {
            let (x, y) = square_centre(area, i.square);
            s.push(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"18\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" stroke-dasharray=\"{dash}\"/>\n<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" fill=\"{colour}\">{letter}</text>\n",
                x + 12,
                y + 22
            ));
        }
        let state = if i.void {
            " (void)"
        } else if pos.live(c).is_none() {
            " (dead)"
        } else {
            ""
        };
        words.push(format!(
            "<tspan fill=\"{colour}\">{name} intent {}{} → area {}{state}</tspan>",
            i.area.letter(),
            i.square,
            i.area.other().letter()
        ));
    }
    let line = if words.is_empty() {
        "no pending intent".to_string()
    } else {
        words.join(" · ")
    };
    s.push(&format!(
        "<text x=\"430\" y=\"470\" font-size=\"15\" text-anchor=\"middle\">{line}</text>\n"
    ));
}

/// A square's centre in the picture: area A on the left, each board 30 px down.
fn square_centre(area: Area, sq: Square) -> (u32, u32) {
    (
        430 * area.index() as u32 + 20 + u32::from(sq.file()) * 50 + 25,
        30 + u32::from(7 - sq.rank()) * 50 + 25,
    )
}
