//! Pictures of a position: the terminal diagram of §2.4 and an SVG of the hexagonal board
//! with its stacks (a Charger is drawn as a Liner disc on a Skipper disc).

use super::geometry::{Dir, Point};
use super::movegen::{Generated, slide};
use super::moves::Move;
use super::notation::qmn::{Action, parse_move};
use super::position::Position;
use super::types::{Cell, Side};
use crate::render::Svg;
use std::fmt::Write;

/// The diagram of §2.4: rows top first, each indented to the hexagon's shape, the NW–SE line
/// numbers at the lower right and the bottom numbers below.
pub fn diagram(pos: &Position) -> String {
    let geo = pos.geo;
    let n = geo.side;
    let mut out = String::new();
    for r in (0..geo.rows()).rev() {
        let indent = (r as i32 - (n as i32 - 1)).unsigned_abs() as usize;
        let cells: Vec<String> = geo
            .row(r)
            .map(|p| pos.cells[p].letter().unwrap_or('.').to_string())
            .collect();
        let _ = write!(
            out,
            "{}  {}{}",
            (b'a' + r as u8) as char,
            " ".repeat(indent),
            cells.join(" ")
        );
        if r < n - 1 {
            let _ = write!(out, " {}", r + n + 1);
        }
        out.push('\n');
    }
    // bottom-row point k sits at column 3 + (N − 1) + 2k; its number one column to the right
    let mut last = String::new();
    for k in 0..n {
        let col = 3 + (n - 1) + 2 * k + 1;
        while last.len() < col {
            last.push(' ');
        }
        last.push_str(&(k + 1).to_string());
    }
    out.push_str(&last);
    out.push('\n');
    let _ = writeln!(
        out,
        "{} to move; score Red {} Blue {}; Absorbers captured {}:{}{}",
        if pos.side == Side::Red { "Red" } else { "Blue" },
        pos.score(Side::Red),
        pos.score(Side::Blue),
        pos.captured[0],
        pos.captured[1],
        pos.locked
            .map_or(String::new(), |p| format!("; {} locked", geo.name(p))),
    );
    out
}

const UNIT: f64 = 48.0;
const MARGIN: f64 = 40.0;

/// Pixel centre of a point: E is +x, NE and NW lean right and left going up.
fn centre(pos: &Position, p: Point) -> (f64, f64) {
    let (r, q) = pos.geo.coords(p);
    let n = pos.geo.side as f64;
    let x = (q as f64 - r as f64 / 2.0 + (n - 1.0) / 2.0) * UNIT + MARGIN;
    let y = ((2.0 * n - 2.0) - r as f64) * UNIT * 3f64.sqrt() / 2.0 + MARGIN;
    (x, y)
}

/// An SVG picture of the position.
pub fn svg(pos: &Position) -> String {
    drawing(pos, &Trail::default()).into_string()
}

/// What the last move did, drawn over the position after it: the path its piece took (a
/// chain's jumps, a slide, a step), its cannon shots, and the points it emptied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trail {
    pub path: Vec<Point>,
    pub shots: Vec<(Point, Dir)>,
    pub removed: Vec<Point>,
}

impl Trail {
    /// The trail of `g`, a move of `before`. A chain's jumps are known only from its
    /// written text (`written`, QMN); without it the chain is drawn from start to landing.
    pub fn of(before: &Position, g: &Generated, written: Option<&str>) -> Trail {
        let path = match g.mv {
            Move::Step { from, to } => vec![from, to],
            Move::Shot { .. } => vec![],
            Move::Slide { from, dir, .. } => {
                let end = slide(before, from, dir).map_or(from, |e| e.point());
                vec![from, end]
            }
            Move::Chain { start, land, .. } => {
                written_jumps(before, written).unwrap_or_else(|| vec![start, land])
            }
        };
        let shots = match g.mv {
            Move::Shot { at, dir } => vec![(at, dir)],
            Move::Slide {
                fire: Some(fire), ..
            } => path.last().map(|&p| (p, fire)).into_iter().collect(),
            _ => vec![],
        };
        Trail {
            path,
            shots,
            removed: g.removed.iter().map(|(p, _)| *p).collect(),
        }
    }
}

/// The points of a chain as written: its start and each landing.
fn written_jumps(before: &Position, written: Option<&str>) -> Option<Vec<Point>> {
    let mv = parse_move(written?, 0).ok()?;
    let Action::Chain { start, jumps } = mv.action else {
        return None;
    };
    std::iter::once(start)
        .chain(jumps.iter().map(|j| j.to))
        .map(|p| p.resolve(before.geo).ok())
        .collect()
}

/// The picture of [`svg`], with the last move's [`Trail`] drawn over it.
pub fn drawing(pos: &Position, trail: &Trail) -> Svg {
    let geo = pos.geo;
    let span = (2 * geo.side - 1) as f64;
    let (w, h) = (
        span * UNIT - UNIT + 2.0 * MARGIN,
        (span - 1.0) * UNIT * 3f64.sqrt() / 2.0 + 2.0 * MARGIN,
    );
    let mut s = Svg::new(
        format!("{w:.0}"),
        format!("{h:.0}"),
        "font-family=\"sans-serif\"",
    );
    s.push("<rect width=\"100%\" height=\"100%\" fill=\"#f4ecd8\"/>\n");
    for p in 0..geo.len() as Point {
        let (x, y) = centre(pos, p);
        for d in [Dir::E, Dir::NE, Dir::NW] {
            if let Some(t) = geo.step(p, d) {
                let (x2, y2) = centre(pos, t);
                let _ = writeln!(
                    s,
                    "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#8a7a5a\" stroke-width=\"1.5\"/>"
                );
            }
        }
    }
    for p in 0..geo.len() as Point {
        let (x, y) = centre(pos, p);
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" fill=\"#8a7a5a\">{}</text>",
            x + 6.0,
            y + 14.0,
            geo.name(p)
        );
        let mut body = String::new();
        piece(&mut body, pos.at(p), x, y);
        s.push(&body);
    }
    draw_trail(&mut s, pos, trail);
    s
}

/// The trail in orange over the pieces: the path with a dot at each stop, each shot to the
/// board's edge, a cross on each emptied point.
fn draw_trail(s: &mut Svg, pos: &Position, trail: &Trail) {
    const INK: &str = "stroke=\"#e07000\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"0.8\" fill=\"none\"";
    if trail.path.len() > 1 {
        let points: Vec<String> = trail
            .path
            .iter()
            .map(|&p| {
                let (x, y) = centre(pos, p);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = writeln!(s, "<polyline points=\"{}\" {INK}/>", points.join(" "));
        for &p in &trail.path {
            let (x, y) = centre(pos, p);
            let _ = writeln!(
                s,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"#e07000\"/>"
            );
        }
    }
    for &(from, dir) in &trail.shots {
        let mut to = from;
        while let Some(n) = pos.geo.step(to, dir) {
            to = n;
        }
        let ((x1, y1), (x2, y2)) = (centre(pos, from), centre(pos, to));
        let _ = writeln!(
            s,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" {INK} stroke-dasharray=\"8 5\"/>"
        );
    }
    for &p in &trail.removed {
        let (x, y) = centre(pos, p);
        let _ = writeln!(
            s,
            "<path d=\"M{:.1} {:.1}l12 12m0-12l-12 12\" stroke=\"#c00\" stroke-width=\"3\"/>",
            x - 6.0,
            y - 6.0
        );
    }
}

fn disc(s: &mut String, x: f64, y: f64, fill: &str, letter: char) {
    let _ = writeln!(
        s,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"16\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1.5\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"15\" text-anchor=\"middle\" fill=\"#fff\">{letter}</text>",
        y + 5.0
    );
}

fn piece(s: &mut String, cell: Cell, x: f64, y: f64) {
    let colour = |side: Side| {
        if side == Side::Red {
            "#c0392b"
        } else {
            "#2e6fb0"
        }
    };
    match cell {
        Cell::Empty => {
            let _ = writeln!(
                s,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"#8a7a5a\"/>"
            );
        }
        Cell::Absorber => disc(s, x, y, "#111", 'X'),
        Cell::Skipper(side) => disc(s, x, y, colour(side), 's'),
        Cell::Liner(side) => disc(s, x, y, colour(side), 'l'),
        Cell::Charger(side) => {
            // the stack: the Skipper below, the Liner above and a little higher
            disc(s, x, y + 3.0, colour(side), 's');
            disc(s, x, y - 4.0, colour(side), 'l');
        }
    }
}
