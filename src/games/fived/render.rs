//! Pictures of the multiverse: a compact terminal view and an SVG (timelines as rows, time
//! as columns, the present marked, jumps as arrows).

use super::board::sq;
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::types::Colour;
use crate::render::Svg;

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

/// Where boards go in a picture: the span of time indices and timelines it covers. A page
/// that shows a game's multiverse after each action lays every state out in the layout of
/// all of them, so a board keeps its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The first time index shown.
    pub first: i32,
    /// The last time index shown.
    pub last: i32,
    /// The lowest timeline shown.
    pub low: i32,
    /// The highest timeline shown.
    pub high: i32,
    /// A board's width, in squares.
    pub width: i32,
    /// A board's height, in squares.
    pub height: i32,
}

impl Layout {
    /// The layout of one multiverse.
    pub fn of(mv: &Multiverse) -> Layout {
        Layout {
            first: mv.timelines.iter().map(|t| t.start).min().unwrap_or(0),
            last: mv.timelines.iter().map(|t| t.end()).max().unwrap_or(0),
            low: mv.low,
            high: mv.high(),
            width: mv.width,
            height: mv.height,
        }
    }

    /// Grow to cover `mv` too.
    pub fn include(&mut self, mv: &Multiverse) {
        let o = Layout::of(mv);
        self.first = self.first.min(o.first);
        self.last = self.last.max(o.last);
        self.low = self.low.min(o.low);
        self.high = self.high.max(o.high);
    }

    /// The picture's width and height in pixels.
    pub fn size(&self) -> (i32, i32) {
        let (bw, bh) = (self.width * CELL, self.height * CELL);
        (
            40 + (self.last - self.first + 1) * (bw + GAP),
            20 + (self.high - self.low + 1) * (bh + GAP),
        )
    }

    fn x_of(&self, v: i32) -> i32 {
        40 + (v - self.first) * (self.width * CELL + GAP)
    }

    fn y_of(&self, l: i32) -> i32 {
        10 + (self.high - l) * (self.height * CELL + GAP)
    }

    /// An empty picture of this layout's size.
    pub fn picture(&self) -> Svg {
        let (w, h) = self.size();
        Svg::new(w, h, "font-family=\"monospace\" font-size=\"10\"")
    }
}

/// The SVG picture. `jumps` are drawn as arrows from source board to destination board.
pub fn svg(mv: &Multiverse, jumps: &[Move]) -> String {
    drawing(mv, jumps).into_string()
}

/// The picture `svg` writes: the timelines (inactive ones shaded) and the present, every
/// board, and the jumps' arrows.
pub fn drawing(mv: &Multiverse, jumps: &[Move]) -> Svg {
    let layout = Layout::of(mv);
    let mut s = layout.picture();
    timelines(&mut s, &layout, mv);
    for l in mv.indices() {
        let Some(t) = mv.timeline(l) else { continue };
        for v in t.start..=t.end() {
            board(&mut s, &layout, mv, l, v);
        }
    }
    for m in jumps {
        arrow(&mut s, &layout, m);
    }
    s
}

/// Each timeline's label, a grey band over the inactive ones, and the present's line.
pub fn timelines(s: &mut Svg, layout: &Layout, mv: &Multiverse) {
    let (w, h) = layout.size();
    let bh = layout.height * CELL;
    for l in mv.indices() {
        let y = layout.y_of(l);
        let active = mv.active(l);
        if !active {
            s.push(&format!(
                "<rect x=\"0\" y=\"{}\" width=\"{w}\" height=\"{}\" fill=\"#888\" fill-opacity=\".18\"><title>inactive</title></rect>\n",
                y - GAP / 2,
                bh + GAP
            ));
        }
        let ink = if active { "#000" } else { "#999" };
        s.push(&format!(
            "<text x=\"2\" y=\"{}\" fill=\"{ink}\">{}</text>\n",
            y + bh / 2,
            mv.label(l)
        ));
    }
    let px = layout.x_of(mv.present()) - GAP / 2;
    s.push(&format!(
        "<line x1=\"{px}\" y1=\"0\" x2=\"{px}\" y2=\"{h}\" stroke=\"#36c\" stroke-width=\"2\" stroke-dasharray=\"4 3\"><title>present</title></line>\n"
    ));
}

/// One board, a group of class `board` titled with its name.
pub fn board(s: &mut Svg, layout: &Layout, mv: &Multiverse, l: i32, v: i32) {
    let Some(b) = mv.board(l, v) else { return };
    let (x, y) = (layout.x_of(v), layout.y_of(l));
    let (bw, bh) = (mv.width * CELL, mv.height * CELL);
    let frame = if Colour::of_v(v) == Colour::White {
        "#ddd"
    } else {
        "#555"
    };
    // the top left square is light when the board's height is even
    let parity = (mv.height - 1) % 2;
    let pattern = format!("h-5d-sq{parity}");
    s.define(&pattern, |_| {
        let (light, dark) = ("#f0d9b5", "#b58863");
        let (a, b) = if parity == 0 {
            (dark, light)
        } else {
            (light, dark)
        };
        format!(
            "<pattern id=\"{pattern}\" width=\"{w}\" height=\"{w}\" patternUnits=\"userSpaceOnUse\"><rect width=\"{w}\" height=\"{w}\" fill=\"{a}\"/><path d=\"M{CELL} 0h{CELL}v{CELL}h-{CELL}zM0 {CELL}h{CELL}v{CELL}h-{CELL}z\" fill=\"{b}\"/></pattern>",
            w = 2 * CELL
        )
    });
    s.push(&format!(
        "<g class=\"board\" transform=\"translate({x} {y})\"><title>({}T{}){}</title><rect x=\"-2\" y=\"-2\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{frame}\" stroke-width=\"3\"/><rect width=\"{bw}\" height=\"{bh}\" fill=\"url(#{pattern})\"/>",
        mv.label(l),
        Multiverse::turn_of(v),
        Colour::of_v(v).letter(),
        bw + 4,
        bh + 4
    ));
    for (colour, fill) in [(Colour::White, "#fff"), (Colour::Black, "#000")] {
        let (mut xs, mut ys, mut letters) = (Vec::new(), Vec::new(), String::new());
        for rank in 0..mv.height {
            for file in 0..mv.width {
                let c = b.at(sq(file, rank));
                let Some(ch) = c.letter() else { continue };
                if !c.is(colour) {
                    continue;
                }
                xs.push((file * CELL + 3).to_string());
                ys.push(((mv.height - 1 - rank) * CELL + 10).to_string());
                letters.push(ch);
            }
        }
        if !letters.is_empty() {
            s.push(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"{fill}\" stroke=\"#888\" stroke-width=\"0.3\">{letters}</text>",
                xs.join(" "),
                ys.join(" ")
            ));
        }
    }
    s.push("</g>\n");
}

/// A jump's arrow, from its source board to the board it makes.
pub fn arrow(s: &mut Svg, layout: &Layout, m: &Move) {
    s.define("h-5d-arrow", |_| {
        "<marker id=\"h-5d-arrow\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"3\" orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\" fill=\"#c03\"/></marker>".to_string()
    });
    let (bw, bh) = (layout.width * CELL, layout.height * CELL);
    let (x1, y1) = (
        layout.x_of(m.from.v) + bw / 2,
        layout.y_of(m.from.l) + bh / 2,
    );
    let (x2, y2) = (
        layout.x_of(m.to.v + 1) + bw / 2,
        layout.y_of(m.to.l) + bh / 2,
    );
    s.push(&format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#c03\" stroke-width=\"1.5\" marker-end=\"url(#h-5d-arrow)\"/>\n"));
}

/// A ring around a board: the boards the last action made.
pub fn ring(s: &mut Svg, layout: &Layout, l: i32, v: i32) {
    s.push(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#e07000\" stroke-width=\"3\" rx=\"3\"/>\n",
        layout.x_of(v) - 5,
        layout.y_of(l) - 5,
        layout.width * CELL + 10,
        layout.height * CELL + 10
    ));
}
