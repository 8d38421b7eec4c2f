//! The Shelt page: the 7×7 board with its file and rank names after each ply, the plies
//! as canonical readouts, pins, hands and kers under the board; positions as SPN.

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, title};
use crate::Game;
use crate::file::FileError;
use crate::file::shelt::{mode, position, read};
use crate::render::escape;
use crate::shelt::{self, Ply as Readout, Position, Previous, Shelt, Square, readout, spn};
use crate::view::{Page, Ply};

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let Some(input) = r.input else {
        let pos = position(r.position)?;
        let mut page = Page::new(
            "shelt",
            &title(r, "shelt"),
            spn::to_spn(&pos),
            shelt::drawing(&pos, &[]),
        );
        page.node_mut(0).panel = panel(&pos);
        return Ok(page);
    };
    let (text, rec) = read(input)?;
    let played = shelt::validate_with(&rec, mode(r.from)?);
    let mut page = Page::new(
        "shelt",
        &title(r, "shelt"),
        spn::to_spn(&played.start),
        shelt::drawing(&played.start, &[]),
    );
    page.headers = rec.headers.clone();
    page.node_mut(0).panel = panel(&played.start);
    let mut previous = Previous::None;
    let mut plies = Vec::new();
    for (i, &ply) in played.plies.iter().enumerate() {
        let (before, after) = (&played.positions[i], &played.positions[i + 1]);
        let ends = after.end().is_some()
            || (i + 1 == played.plies.len() && played.result.reason == "vist");
        let readout = readout::write(before, previous, ply, ends);
        previous = ply.reference().map_or(Previous::Yol, Previous::Square);
        let mut p = Ply::new(
            format!("{} {readout}", i + 1),
            spn::to_spn(after),
            shelt::drawing(after, &changed(before, after)),
        );
        p.panel = panel(after);
        p.comments = rec.plies[i].comment.iter().cloned().collect();
        plies.push(p);
    }
    let problem = played.problems.first().map(|p| {
        let mut bad = illegal(p, &text);
        bad.text = format!("{} {}", played.plies.len() + 1, bad.text);
        bad
    });
    page.add_line(0, 1, plies, problem);
    Ok(page)
}

/// The squares whose content a ply changed.
fn changed(before: &Position, after: &Position) -> Vec<Square> {
    (0..49)
        .map(Square)
        .filter(|&sq| before.cell(sq) != after.cell(sq))
        .collect()
}

/// Who moves, the pins, the hands and the kers: the last line of the terminal diagram.
fn panel(pos: &Position) -> String {
    let diagram = Shelt::diagram(pos, true);
    escape(diagram.lines().last().unwrap_or(""))
}

/// The page of a solve of `spn`, pins, hands and kers under each picture.
pub(super) fn solution(
    title: &str,
    spn: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = position(Some(spn))?;
    let d = Drawing::<crate::shelt::Shelt> {
        game: "shelt",
        position: &spn::to_spn,
        picture: &|p: &Position, last: Option<(&Position, _)>| {
            shelt::drawing(p, &last.map_or(Vec::new(), |(b, _)| changed(b, p)))
        },
        text: Some(
            &|before: &Position, previous: Option<Readout>, ply: Readout| {
                let previous = previous.map_or(Previous::None, |p| {
                    p.reference().map_or(Previous::Yol, Previous::Square)
                });
                let ends = before.after(ply).end().is_some();
                readout::write(before, previous, ply, ends)
            },
        ),
    };
    let mut page = solution::page(&d, title, &start, answer, notes);
    for i in 0..page.nodes().len() {
        if let Ok(pos) = position(Some(&page.nodes()[i].position.clone())) {
            page.node_mut(i).panel = panel(&pos);
        }
    }
    Ok(page)
}
