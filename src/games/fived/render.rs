//! Pictures of the multiverse: a compact terminal view and an SVG (timelines as rows, time
//! as columns, the present marked, jumps as arrows).

use super::board::sq;
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::types::Colour;

/// The terminal view: one line per timeline (highest first) showing its boards along time,
/// then the end board of each timeline as a diagram.
pub fn terminal(mv: &Multiverse, ascii: bool) -> String {
    let present = mv.present();
    let first = mv.timelines.iter().map(|t| t.start).min().unwrap_or(0);
    let mut out = format!(
        "{:?} to move; present: turn {} ({})\n",
        mv.to_move(),
        Multiverse::turn_of(present),
        Colour::of_v(present).letter()
    );
    for l in mv.indices().rev() {
        let Some(t) = mv.timeline(l) else { continue };
        let mut row = format!(
            "{:>4} {} ",
            mv.label(l),
            if mv.active(l) { ' ' } else { '·' }
        );
        for v in first..=t.end() {
            let c = if v < t.start {
                ' '
            } else if v == present {
                if ascii { '|' } else { '┃' }
            } else if Colour::of_v(v) == Colour::White {
                'w'
            } else {
                'b'
            };
            row.push(c);
        }
        out.push_str(&row);
        out.push('\n');
    }
    for l in mv.indices().rev() {
        if let Some(v) = mv.end_v(l) {
            out.push_str(&format!(
                "\n({}T{}) {}\n",
                mv.label(l),
                Multiverse::turn_of(v),
                Colour::of_v(v).letter()
            ));
            out.push_str(&diagram(mv, l, v));
        }
    }
    out
}

fn diagram(mv: &Multiverse, l: i32, v: i32) -> String {
    let mut out = String::new();
    let Some(b) = mv.board(l, v) else { return out };
    for rank in (0..mv.height).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..mv.width {
            out.push(b.at(sq(file, rank)).letter().unwrap_or('.'));
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in 0..mv.width {
        out.push((b'a' + file as u8) as char);
    }
    out.push('\n');
    out
}

const CELL: i32 = 12;
const GAP: i32 = 16;

/// The SVG picture. `jumps` are drawn as arrows from source board to destination board.
pub fn svg(mv: &Multiverse, jumps: &[Move]) -> String {
    let first = mv.timelines.iter().map(|t| t.start).min().unwrap_or(0);
    let last = mv.timelines.iter().map(|t| t.end()).max().unwrap_or(0);
    let (bw, bh) = (mv.width * CELL, mv.height * CELL);
    let cols = last - first + 1;
    let rows = mv.timelines.len() as i32;
    let (w, h) = (40 + cols * (bw + GAP), 20 + rows * (bh + GAP));
    let x_of = |v: i32| 40 + (v - first) * (bw + GAP);
    let y_of = |l: i32| 10 + (mv.high() - l) * (bh + GAP);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"monospace\" font-size=\"10\">\n"
    );
    out.push_str("<defs><marker id=\"arrow\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"3\" orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\" fill=\"#c03\"/></marker></defs>\n");
    let px = x_of(mv.present()) - GAP / 2;
    out.push_str(&format!(
        "<line x1=\"{px}\" y1=\"0\" x2=\"{px}\" y2=\"{h}\" stroke=\"#36c\" stroke-width=\"2\" stroke-dasharray=\"4 3\"><title>present</title></line>\n"
    ));
    for l in mv.indices() {
        let Some(t) = mv.timeline(l) else { continue };
        out.push_str(&format!(
            "<text x=\"2\" y=\"{}\">{}</text>\n",
            y_of(l) + bh / 2,
            mv.label(l)
        ));
        for v in t.start..=t.end() {
            out.push_str(&board_svg(mv, l, v, x_of(v), y_of(l)));
        }
    }
    for m in jumps {
        let (x1, y1) = (x_of(m.from.v) + bw / 2, y_of(m.from.l) + bh / 2);
        let (x2, y2) = (x_of(m.to.v + 1) + bw / 2, y_of(m.to.l) + bh / 2);
        out.push_str(&format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#c03\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>\n"));
    }
    out.push_str("</svg>\n");
    out
}

fn board_svg(mv: &Multiverse, l: i32, v: i32, x: i32, y: i32) -> String {
    let Some(b) = mv.board(l, v) else {
        return String::new();
    };
    let frame = if Colour::of_v(v) == Colour::White {
        "#ddd"
    } else {
        "#555"
    };
    let mut out = format!(
        "<g><title>({}T{}){}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{frame}\" stroke-width=\"3\"/>\n",
        mv.label(l),
        Multiverse::turn_of(v),
        Colour::of_v(v).letter(),
        x - 2,
        y - 2,
        mv.width * CELL + 4,
        mv.height * CELL + 4
    );
    for rank in 0..mv.height {
        for file in 0..mv.width {
            let (cx, cy) = (x + file * CELL, y + (mv.height - 1 - rank) * CELL);
            let fill = if (rank + file) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            out.push_str(&format!(
                "<rect x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            ));
            let c = b.at(sq(file, rank));
            if let Some(ch) = c.letter() {
                let colour = if c.is(Colour::White) { "#fff" } else { "#000" };
                out.push_str(&format!("<text x=\"{}\" y=\"{}\" fill=\"{colour}\" stroke=\"#888\" stroke-width=\"0.3\">{ch}</text>", cx + 3, cy + 10));
            }
        }
    }
    out.push_str("</g>\n");
    out
}
