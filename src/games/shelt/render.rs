//! Pictures of a position: a terminal diagram (readout codes, or the kinds' kanji) and SVG.

use super::position::{Cell, Position};
use super::types::{FILES, Kind, RANKS, Side, Square};
use crate::render::Svg;

fn kanji(k: Kind) -> char {
    match k {
        Kind::Xelt => '月',
        Kind::Nim => '色',
        Kind::Omi => '扉',
        Kind::Left => '跳',
        Kind::Hanoi => '塔',
        Kind::Pafi => '橋',
        Kind::Soi => '斜',
        Kind::Soa => '十',
        Kind::His => '横',
        Kind::Has => '縦',
    }
}

/// The text in a square: `ascii` gives the readout code (`milf'` when turned; upper case
/// for Arxe), otherwise the kind's kanji with `v` before Sorn's.
fn label(pos: &Position, sq: Square, ascii: bool) -> String {
    match pos.cell(sq) {
        Cell::Empty if ascii => ".".into(),
        Cell::Empty => " .".into(),
        Cell::Teems if ascii => (if pos.teems_turned() {
            "ETEEMS"
        } else {
            "TEEMS"
        })
        .into(),
        Cell::Teems => (if pos.teems_turned() { " 久" } else { " 永" }).into(),
        Cell::Lantis(l) if ascii => {
            let code = format!("{}{}", l.code(), if pos.is_turned(l) { "'" } else { "" });
            if l.side() == Side::Arxe {
                code.to_uppercase()
            } else {
                code
            }
        }
        Cell::Lantis(l) => format!(
            "{}{}",
            if l.side() == Side::Sorn { "v" } else { " " },
            kanji(pos.kind_of(l))
        ),
    }
}

/// A diagram with Arxe at the bottom, files and ranks named as in the readout.
pub fn diagram(pos: &Position, ascii: bool) -> String {
    let mut out = String::from("      ");
    for f in FILES {
        out.push_str(&format!("{f:<7}"));
    }
    out.push('\n');
    for rank in (0..7).rev() {
        out.push_str(&format!("{} {:<3} ", rank + 1, RANKS[rank as usize]));
        for file in 0..7 {
            let sq = Square::new(file, rank).unwrap_or(Square(0));
            let text = label(pos, sq, ascii);
            // kanji take two terminal columns
            let shown: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            out.push_str(&text);
            out.push_str(&" ".repeat(7usize.saturating_sub(shown)));
        }
        out.push('\n');
    }
    let pin = |s: Side| pos.pin(s).map_or("-", |l| l.code());
    let hand = |s: Side| pos.hand(s).map(|l| l.code()).collect::<Vec<_>>().join(" ");
    out.push_str(&format!(
        "{} to move; pins arxe {} sorn {}; hands arxe [{}] sorn [{}]; kers {}/{}\n",
        pos.side_to_move().name(),
        pin(Side::Arxe),
        pin(Side::Sorn),
        hand(Side::Arxe),
        hand(Side::Sorn),
        pos.kers(Side::Arxe),
        pos.kers(Side::Sorn)
    ));
    out
}

/// An SVG picture: a 7×7 board, each piece a disc (light for Arxe, dark for Sorn, gold for
/// Teems) with its code and kind.
pub fn svg(pos: &Position) -> String {
    drawing(pos, &[]).into_string()
}

const CELL: i32 = 60;

/// The picture of [`svg`], with `shaded` squares (the last ply's) tinted. The kinds' kanji
/// are outlines, so no CJK font is needed.
pub fn drawing(pos: &Position, shaded: &[Square]) -> Svg {
    let size = CELL * 7 + 40;
    let mut s = Svg::new(size, size, "font-family=\"sans-serif\"");
    s.push(&format!(
        "<rect x=\"20\" y=\"20\" width=\"{}\" height=\"{}\" fill=\"#e8d8b0\" stroke=\"#000\"/>\n",
        CELL * 7,
        CELL * 7
    ));
    for sq in shaded {
        let (cx, cy) = centre(*sq);
        s.push(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#d9b870\"/>\n",
            cx - CELL / 2,
            cy - CELL / 2
        ));
    }
    for i in 0..=7 {
        let p = 20 + i * CELL;
        s.push(&format!(
            "<line x1=\"20\" y1=\"{p}\" x2=\"{}\" y2=\"{p}\" stroke=\"#000\"/>\n",
            20 + 7 * CELL
        ));
        s.push(&format!(
            "<line x1=\"{p}\" y1=\"20\" x2=\"{p}\" y2=\"{}\" stroke=\"#000\"/>\n",
            20 + 7 * CELL
        ));
    }
    for (i, f) in FILES.iter().enumerate() {
        s.push(&format!(
            "<text x=\"{}\" y=\"14\" font-size=\"11\" text-anchor=\"middle\">{f}</text>\n",
            20 + i as i32 * CELL + CELL / 2
        ));
    }
    for (i, r) in RANKS.iter().enumerate() {
        s.push(&format!(
            "<text x=\"10\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{r}</text>\n",
            20 + (6 - i as i32) * CELL + CELL / 2
        ));
    }
    for idx in 0..49u8 {
        piece(&mut s, pos, Square(idx));
    }
    s
}

/// The centre of a square in pixels, Arxe's first rank at the bottom.
fn centre(sq: Square) -> (i32, i32) {
    (
        20 + sq.file() as i32 * CELL + CELL / 2,
        20 + (6 - sq.rank() as i32) * CELL + CELL / 2,
    )
}

/// The disc on a square, with its kind's kanji and its code under it.
fn piece(s: &mut Svg, pos: &Position, sq: Square) {
    let (cx, cy) = centre(sq);
    let (fill, name, kind) = match pos.cell(sq) {
        Cell::Empty => return,
        Cell::Teems => (
            "#d4a017",
            "teems".to_string(),
            if pos.teems_turned() { '久' } else { '永' },
        ),
        Cell::Lantis(l) => {
            let fill = if l.side() == Side::Arxe {
                "#ffffff"
            } else {
                "#404040"
            };
            (fill, l.code().to_string(), kanji(pos.kind_of(l)))
        }
    };
    let ink = if fill == "#404040" {
        "#ffffff"
    } else {
        "#000000"
    };
    s.push(&format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"25\" fill=\"{fill}\" stroke=\"#000\"/>\n"
    ));
    let g = s.glyph(
        kind,
        (f64::from(cx), f64::from(cy - 5)),
        19.0,
        false,
        &format!("fill=\"{ink}\""),
    );
    s.push(&g);
    s.push(&format!("<text x=\"{cx}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{ink}\">{name}</text>\n", cy + 17));
}
