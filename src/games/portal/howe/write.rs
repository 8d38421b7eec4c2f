//! Printing Howe plies (rules §5.4): the piece letter in lower case, the area, the rest of
//! the SAN (`nAf3`, `Aexd5`, `AO-O`); intents `qAa4→?`; executions `qAa4→xBa4`; null
//! plies `--`, except the null that follows a swap, written as the owner's execution.

use super::movegen::{self, in_check, legal_plies};
use super::position::{Area, HowePosition, Ply};
use crate::games::chess::bitboard::bit;
use crate::games::chess::types::{Move, MoveKind, Role, Square};

fn arrow(ascii: bool) -> &'static str {
    if ascii { "->" } else { "→" }
}

/// The lower-case piece letter; nothing for a pawn.
fn letter(role: Role) -> String {
    if role == Role::Pawn {
        String::new()
    } else {
        role.upper().to_ascii_lowercase().to_string()
    }
}

fn role_at(pos: &HowePosition, area: Area, sq: Square) -> Role {
    pos.area(area).piece_at(sq).map_or(Role::Pawn, |p| p.role)
}

/// A ply without its check mark.
pub fn ply_text(pos: &HowePosition, ply: Ply, ascii: bool) -> String {
    let here = pos.scheduled();
    let there = here.other();
    match ply {
        Ply::Normal(m) => normal_text(pos, m),
        Ply::Intent(sq) => format!(
            "{}{}{sq}{}?",
            letter(role_at(pos, here, sq)),
            here.letter(),
            arrow(ascii)
        ),
        Ply::Teleport(sq) => {
            let them = pos.turn().flip();
            let swap = pos
                .live(them)
                .is_some_and(|i| i.area == here && i.square == sq);
            let capture = !swap && pos.area(here).by_color(them) & bit(sq) != 0;
            let x = if capture { "x" } else { "" };
            format!(
                "{}{}{sq}{}{x}{}{sq}",
                letter(role_at(pos, there, sq)),
                there.letter(),
                arrow(ascii),
                here.letter()
            )
        }
        Ply::Null => match pos.intent(pos.turn()).filter(|_| pos.swapped(pos.turn())) {
            // the piece now stands where it was headed; the record shows the way it was declared
            Some(i) => format!(
                "{}{}{}{}{}{}",
                letter(role_at(pos, here, i.square)),
                there.letter(),
                i.square,
                arrow(ascii),
                here.letter(),
                i.square
            ),
            None => "--".into(),
        },
    }
}

fn normal_text(pos: &HowePosition, m: Move) -> String {
    let area = pos.scheduled();
    let b = pos.area(area);
    if m.kind == MoveKind::Castle {
        return format!(
            "{}{}",
            area.letter(),
            if m.to.file() == 6 { "O-O" } else { "O-O-O" }
        );
    }
    let role = b.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
    let capture = b.occupied() & bit(m.to) != 0 || m.kind == MoveKind::EnPassant;
    let mut s = letter(role);
    s.push(area.letter());
    if role == Role::Pawn {
        if capture {
            s.push(m.from.file_char());
        }
    } else {
        s.push_str(&disambiguation(pos, m, role));
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    if let MoveKind::Promotion(r) = m.kind {
        s.push('=');
        s.push(r.upper());
    }
    s
}

/// SAN's least origin information among the legal plies of the same role to the same square.
fn disambiguation(pos: &HowePosition, m: Move, role: Role) -> String {
    let b = pos.area(pos.scheduled());
    let rivals: Vec<Square> = legal_plies(pos)
        .into_iter()
        .filter_map(|p| match p {
            Ply::Normal(o)
                if o.to == m.to
                    && o.from != m.from
                    && b.piece_at(o.from).is_some_and(|p| p.role == role) =>
            {
                Some(o.from)
            }
            _ => None,
        })
        .collect();
    crate::games::chess::notation::san::origin_hint(m.from, &rivals)
}

/// A ply with `+` (the opponent's king is attacked) or `#` (the opponent has no legal ply).
pub fn move_text(pos: &HowePosition, ply: Ply, ascii: bool) -> String {
    let mut s = ply_text(pos, ply, ascii);
    let next = pos.after(ply);
    if in_check(&next) {
        s.push(if movegen::legal_plies(&next).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// A line of plies as Howe movetext: `1:Ae4 Ba5 2:Bh4 Ae5`, numbered from the start's
/// fullmove number, `n:...` before a first ply of Black.
pub fn movetext(start: &HowePosition, plies: &[Ply], ascii: bool) -> String {
    let mut pos = start.clone();
    let mut number = start.fullmoves();
    let mut out: Vec<String> = Vec::new();
    for (i, &p) in plies.iter().enumerate() {
        let white = pos.turn() == crate::games::chess::Color::White;
        let text = move_text(&pos, p, ascii);
        if white {
            out.push(format!("{number}:{text}"));
        } else {
            if i == 0 {
                out.push(format!("{number}:..."));
            }
            out.push(text);
            number += 1;
        }
        pos = pos.after(p);
    }
    out.join(" ")
}
