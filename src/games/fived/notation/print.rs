//! Canonical 5DPGN output (§10.2 "Canonical output") and the seed's vector form (§9).

use super::super::action::{Budget, Status, status};
use super::super::board::{file_of, rank_of, square_name};
use super::super::fen;
use super::super::movegen::Move;
use super::super::multiverse::Multiverse;
use super::super::resolve::captures;
use super::super::types::{Colour, Kind};

/// How moves are written: Shad's 5DPGN or the seed's vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Shad's 5DPGN.
    Pgn,
    /// The seed's vectors.
    Vector,
}

fn board_ref(mv: &Multiverse, l: i32, v: i32) -> String {
    format!("({}T{})", mv.label(l), Multiverse::turn_of(v))
}

fn kind_at(mv: &Multiverse, l: i32, v: i32, s: u8) -> Option<Kind> {
    mv.cell(l, v, s).and_then(|c| c.kind())
}

/// A move in canonical 5DPGN, in the state just before it (no check mark).
pub fn move_text(mv: &Multiverse, m: &Move) -> String {
    let src = board_ref(mv, m.from.l, m.from.v);
    let kind = kind_at(mv, m.from.l, m.from.v, m.from.sq).unwrap_or(Kind::Pawn);
    let promo = m
        .promo
        .map(|k| format!("={}", k.letter()))
        .unwrap_or_default();
    let x = if captures(mv, m) { "x" } else { "" };
    if !m.physical() {
        let mark = if mv.is_end(m.to.l, m.to.v) { ">" } else { ">>" };
        let dst = board_ref(mv, m.to.l, m.to.v);
        let tilde = if rewinds(mv, m) { "~" } else { "" };
        return format!(
            "{src}{}{}{mark}{x}{dst}{}{promo}{tilde}",
            kind.letter(),
            square_name(m.from.sq),
            square_name(m.to.sq)
        );
    }
    if let Some(c) = castle_text(mv, m, kind) {
        return format!("{src}{c}");
    }
    let to = square_name(m.to.sq);
    if kind == Kind::Pawn {
        let from = if x.is_empty() {
            String::new()
        } else {
            square_name(m.from.sq)[..1].to_string()
        };
        return format!("{src}{from}{x}{to}{promo}");
    }
    format!(
        "{src}{}{}{x}{to}{promo}",
        kind.letter(),
        disambiguation(mv, m, kind)
    )
}

/// Castling as `O-O`/`O-O-O` from the e-file of an 8-wide board, else `K<from><to>`.
fn castle_text(mv: &Multiverse, m: &Move, kind: Kind) -> Option<String> {
    let d = file_of(m.to.sq) - file_of(m.from.sq);
    if kind != Kind::King || d.abs() != 2 || rank_of(m.to.sq) != rank_of(m.from.sq) {
        return None;
    }
    if mv.width == 8 && file_of(m.from.sq) == 4 {
        return Some(if d > 0 { "O-O".into() } else { "O-O-O".into() });
    }
    Some(format!(
        "K{}{}",
        square_name(m.from.sq),
        square_name(m.to.sq)
    ))
}

/// Minimal disambiguation among same-type pieces of the same board reaching the same square.
fn disambiguation(mv: &Multiverse, m: &Move, kind: Kind) -> String {
    let mut out = Vec::new();
    mv.board_moves(
        m.from.l,
        m.from.v,
        mv.cell(m.from.l, m.from.v, m.from.sq)
            .and_then(|c| c.colour())
            .unwrap_or(Colour::White),
        false,
        &mut out,
    );
    let rivals: Vec<&Move> = out
        .iter()
        .filter(|o| {
            o.physical()
                && o.to == m.to
                && o.from.sq != m.from.sq
                && kind_at(mv, o.from.l, o.from.v, o.from.sq) == Some(kind)
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = square_name(m.from.sq);
    if rivals
        .iter()
        .all(|o| file_of(o.from.sq) != file_of(m.from.sq))
    {
        name[..1].to_string()
    } else if rivals
        .iter()
        .all(|o| rank_of(o.from.sq) != rank_of(m.from.sq))
    {
        name[1..].to_string()
    } else {
        name
    }
}

/// `~`: a branching jump whose new timeline is active and starts before the present.
fn rewinds(mv: &Multiverse, m: &Move) -> bool {
    if m.physical() || mv.is_end(m.to.l, m.to.v) {
        return false;
    }
    let mut after = mv.clone();
    let Some(a) = after.apply(m) else {
        return false;
    };
    a.created
        .is_some_and(|l| after.active(l) && m.to.v + 1 < mv.present())
}

/// The seed's vector (§2.5) of a move, player-relative.
pub fn vector_of(mover: Colour, m: &Move) -> [i32; 4] {
    let (df, dr) = (
        file_of(m.to.sq) - file_of(m.from.sq),
        rank_of(m.to.sq) - rank_of(m.from.sq),
    );
    let (dt, dl) = ((m.to.v - m.from.v) / 2, m.to.l - m.from.l);
    match mover {
        Colour::White => [dr, df, dt, -dl],
        Colour::Black => [-dr, -df, dt, dl],
    }
}

/// A move in the seed's vector form: `(0T3)Re1(4,0,0,0)`.
pub fn vector_text(mv: &Multiverse, m: &Move) -> String {
    let cell = mv.cell(m.from.l, m.from.v, m.from.sq).unwrap_or_default();
    let kind = cell.kind().unwrap_or(Kind::Pawn);
    let piece = if kind == Kind::Pawn {
        String::new()
    } else {
        kind.letter().to_string()
    };
    let [x, y, t, l] = vector_of(cell.colour().unwrap_or(Colour::White), m);
    let promo = m
        .promo
        .map(|k| format!("={}", k.letter()))
        .unwrap_or_default();
    format!(
        "{}{piece}{}({x},{y},{t},{l}){promo}",
        board_ref(mv, m.from.l, m.from.v),
        square_name(m.from.sq)
    )
}

/// The mark after an action: `#` checkmate, `*` softmate, `+` check.
pub fn status_mark(s: Status, in_check: bool) -> &'static str {
    match s {
        Status::Checkmate => "#",
        Status::Softmate => "*",
        Status::Check => "+",
        Status::Undecided if in_check => "+",
        _ => "",
    }
}

/// The text of one action (moves in order, the mark on the last) and the state after it.
pub fn action_text(
    mv: &Multiverse,
    action: &[Move],
    style: Style,
    budget: Budget,
) -> (String, Multiverse) {
    let mut cur = mv.clone();
    let mut parts = Vec::new();
    for m in action {
        parts.push(match style {
            Style::Pgn => move_text(&cur, m),
            Style::Vector => vector_text(&cur, m),
        });
        cur.apply(m);
    }
    let st = status(&cur, budget);
    let mark = status_mark(st, cur.in_check(cur.to_move()));
    if let Some(last) = parts.last_mut() {
        last.push_str(mark);
    }
    (parts.join(" "), cur)
}

/// Header tags of canonical output (§10.2 rule 1); `board` is the variant name or `custom`.
pub fn header(
    mv: &Multiverse,
    board: &str,
    puzzle: Option<&str>,
    extra: &[(String, String)],
) -> String {
    let mut out = String::new();
    out.push_str("[Mode \"5D\"]\n");
    out.push_str(&format!("[Board \"{board}\"]\n"));
    out.push_str(&format!("[Size \"{}x{}\"]\n", mv.width, mv.height));
    if mv.promotions != [Kind::Queen] {
        let ps: Vec<String> = mv
            .promotions
            .iter()
            .map(|k| k.letter().to_string())
            .collect();
        out.push_str(&format!("[Promotions \"{}\"]\n", ps.join(",")));
    }
    if let Some(p) = puzzle {
        out.push_str(&format!("[Puzzle \"{p}\"]\n"));
    }
    for (k, v) in extra {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    if board.eq_ignore_ascii_case("custom") {
        for b in fen::multiverse_text(mv) {
            out.push_str(&b);
            out.push('\n');
        }
    }
    out
}

/// The movetext: one line per full turn, `N. white / black`; a black-first game opens `Nb.`.
pub fn movetext(start: &Multiverse, actions: &[Vec<Move>], style: Style, budget: Budget) -> String {
    let mut cur = start.clone();
    let mut out = String::new();
    let mut turn = 1;
    for (i, a) in actions.iter().enumerate() {
        let p = cur.to_move();
        let (text, next) = action_text(&cur, a, style, budget);
        match p {
            Colour::White => {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&format!("{turn}. {text}"));
            }
            Colour::Black if i == 0 => out.push_str(&format!("{turn}b. {text}")),
            Colour::Black => out.push_str(&format!(" / {text}")),
        }
        if p == Colour::Black {
            turn += 1;
        }
        cur = next;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}
