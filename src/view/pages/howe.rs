//! The Howe page: both areas side by side after each ply, the scheduled area framed, the
//! pending intents marked; positions as the Howe position string.

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, title};
use crate::chess::{Color, Square};
use crate::file::FileError;
use crate::file::utf8_text;
use crate::portal::howe::{self as game, Area, Position as HowePosition};
use crate::view::{Page, Ply};

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let Some(input) = r.input else {
        let pos = crate::file::portal_howe::position(r.position)?;
        return Ok(Page::new(
            "portal-howe",
            &title(r, "portal-howe"),
            pos.to_string(),
            game::drawing(&pos, &[]),
        ));
    };
    let text = utf8_text(input)?;
    let games = game::read(&text).map_err(|p| FileError::input(p, &input.name, &text))?;
    let rec = games
        .get(r.record)
        .ok_or_else(|| FileError::usage("no game in the input"))?;
    let played = game::validate(rec);
    let mut page = Page::new(
        "portal-howe",
        &title(r, "portal-howe"),
        played.start.to_string(),
        game::drawing(&played.start, &[]),
    );
    page.headers = rec.tags.clone();
    let mut pos = played.start.clone();
    let mut plies = Vec::new();
    for &p in &played.plies {
        let label = numbered(&pos, &game::ply_label(&pos, p));
        let next = pos.after(p);
        plies.push(Ply::new(
            label,
            next.to_string(),
            game::drawing(&next, &changed(&pos, &next)),
        ));
        pos = next;
    }
    let problem = played.problems.first().map(|p| {
        let mut bad = illegal(p, &text);
        if let Some(slot) = rec.slots.get(p.ply.unwrap_or(0).saturating_sub(1)) {
            bad.text = numbered(&pos, &slot.text);
        }
        bad
    });
    page.add_line(0, 1, plies, problem);
    Ok(page)
}

/// `3: Aa4→?` for White's ply, `3… Bb6` for Black's.
fn numbered(pos: &HowePosition, text: &str) -> String {
    match pos.turn() {
        Color::White => format!("{}: {text}", pos.fullmoves()),
        Color::Black => format!("{}… {text}", pos.fullmoves()),
    }
}

/// The squares of either area whose piece a ply changed.
fn changed(before: &HowePosition, after: &HowePosition) -> Vec<(Area, Square)> {
    Area::BOTH
        .into_iter()
        .flat_map(|a| (0..64).map(move |i| (a, Square(i))))
        .filter(|&(a, sq)| before.area(a).piece_at(sq) != after.area(a).piece_at(sq))
        .collect()
}

/// The page of a solve of a Howe position string.
pub(super) fn solution(
    title: &str,
    text: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = crate::file::portal_howe::position(Some(text))?;
    let d = Drawing::<crate::portal::howe::Howe> {
        game: "portal-howe",
        position: &|p: &HowePosition| p.to_string(),
        picture: &|p: &HowePosition, last: Option<(&HowePosition, _)>| {
            game::drawing(p, &last.map_or(Vec::new(), |(b, _)| changed(b, p)))
        },
        text: None,
    };
    Ok(solution::page(&d, title, &start, answer, notes))
}
