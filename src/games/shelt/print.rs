//! Canonical printing of plies (§9.5, §10): it needs the position before the ply.

use super::movegen::{self, in_check};
use super::position::{Cell, Position};
use super::resolve::{Previous, letter_at, real_new_form};
use super::types::{Ply, Square};

fn name_at(pos: &Position, sq: Square) -> &'static str {
    match pos.cell(sq) {
        Cell::Lantis(l) => l.code(),
        _ => "teems",
    }
}

fn target(sq: Square, previous: Previous) -> String {
    if previous == Previous::Square(sq) {
        "kak".to_string()
    } else {
        sq.readout()
    }
}

/// The canonical readout of a ply played in `pos`, `kak` used whenever allowed, ` vist`
/// when `ends` (the ply ends the game or is an accepted claim).
pub fn readout(pos: &Position, previous: Previous, ply: Ply, ends: bool) -> String {
    let mut s = match ply {
        Ply::Step { from, to } => {
            let mut s = format!("{},{}", target(to, previous), name_at(pos, from));
            if pos.cell(to) != Cell::Empty {
                s.push(',');
                s.push_str(name_at(pos, to));
            }
            s
        }
        Ply::Ker { at } => {
            let form = real_new_form(pos, at, pos.cell(at) == Cell::Teems).unwrap_or("teems");
            format!("{},{},{form}", target(at, previous), name_at(pos, at))
        }
        Ply::Ann {
            from,
            to,
            companion,
        } => {
            let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
            let dest = companion.offset(df, dr).unwrap_or(companion);
            format!(
                "{},{} ann {},{}",
                target(to, previous),
                name_at(pos, from),
                dest.readout(),
                name_at(pos, companion)
            )
        }
        Ply::Pin(l) => format!("yol,{}", l.code()),
        Ply::Return => "yol,yuu".to_string(),
    };
    if ends {
        s.push_str(" vist");
    }
    s
}

/// The canonical compact text of a ply played in `pos`, with its `+`/`#` suffix.
pub fn compact(pos: &Position, ply: Ply) -> String {
    let letter = |sq| letter_at(pos, sq).unwrap_or('?');
    let mut s = match ply {
        Ply::Step { from, to } => {
            let capture = pos.cell(to) != Cell::Empty;
            format!(
                "{}{}{}{}",
                letter(from),
                from.algebraic(),
                if capture { 'x' } else { '-' },
                to.algebraic()
            )
        }
        Ply::Ker { at } => {
            let after = pos.after(ply);
            format!(
                "{}{}={}",
                letter(at),
                at.algebraic(),
                letter_at(&after, at).unwrap_or('?')
            )
        }
        Ply::Ann {
            from,
            to,
            companion,
        } => {
            let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
            let dest = companion.offset(df, dr).unwrap_or(companion);
            format!(
                "{}{}-{}&{}{}-{}",
                letter(from),
                from.algebraic(),
                to.algebraic(),
                letter(companion),
                companion.algebraic(),
                dest.algebraic()
            )
        }
        Ply::Pin(l) => {
            let kind = l.base_kind().letter();
            let several = pos
                .hand(pos.side_to_move())
                .filter(|h| h.base_kind().letter() == kind)
                .count()
                > 1;
            if several {
                format!("@{kind}[{}]", l.code())
            } else {
                format!("@{kind}")
            }
        }
        Ply::Return => "@-".to_string(),
    };
    let next = movegen::play(pos, ply);
    if next.end().is_some() {
        s.push('#');
    } else if in_check(&next, next.side_to_move()) {
        s.push('+');
    }
    s
}
