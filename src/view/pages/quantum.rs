//! The Quantum Chamber page: the hex board and its stacks after each move, the move's chain,
//! slide or cannon path drawn over it and the points it emptied crossed; positions as QFEN.

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, title};
use crate::file::FileError;
use crate::file::quantum::{is_qfen, mode, position, read_records};
use crate::quantum::{self, Move, Position, Quantum, ending, qfen};
use crate::view::{Page, Ply};

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let single = |pos: Position| {
        Page::new(
            "quantum",
            &title(r, "quantum"),
            qfen::to_qfen(&pos),
            quantum::drawing(&pos, None),
        )
    };
    let Some(input) = r.input else {
        return Ok(single(position(r.position)?));
    };
    let text = crate::file::utf8_text(input)?;
    if is_qfen(input, &text) {
        let pos = qfen::parse_position(text.trim())
            .map_err(|p| FileError::input(p, &input.name, &text))?;
        return Ok(single(pos));
    }
    let (text, records) = read_records(input)?;
    let rec = records
        .get(r.record)
        .ok_or_else(|| FileError::usage("no record in the input"))?;
    let played = quantum::validate_with(rec, mode(r.from)?);
    let mut page = single(played.start.clone());
    page.headers = rec
        .tags
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    page.node_mut(0).comments = rec.comments.clone();
    let mut before = played.start.clone();
    let mut plies = Vec::new();
    for (i, g) in played.moves.iter().enumerate() {
        let written = rec.moves.get(i).map(|t| t.text.as_str());
        let mut ply = Ply::new(
            format!("{} {}", i + 1, written.unwrap_or(&g.text)),
            qfen::to_qfen(&g.result),
            quantum::drawing(&g.result, Some((&before, g, written))),
        );
        let status = ending::status(&g.result);
        if status.is_over() {
            ply.comments.push(format!("{status:?}"));
        }
        plies.push(ply);
        before = g.result.clone();
    }
    let problem = played.problems.first().map(|p| {
        let mut bad = illegal(p, &text);
        bad.text = format!("{} {}", played.moves.len() + 1, bad.text);
        bad
    });
    page.add_line(0, 1, plies, problem);
    Ok(page)
}

/// The page of a solve from the QFEN `start`: the board after each move, its path drawn
/// over it as the record's page draws it.
pub(super) fn solution(
    title: &str,
    start: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = position(Some(start))?;
    let d = Drawing::<Quantum> {
        game: "quantum",
        position: &qfen::to_qfen,
        picture: &|p: &Position, last: Option<(&Position, Move)>| {
            let Some((before, mv)) = last else {
                return quantum::drawing(p, None);
            };
            let made = quantum::legal_moves(before)
                .into_iter()
                .find(|g| g.mv == mv);
            quantum::drawing(p, made.as_ref().map(|g| (before, g, None)))
        },
        text: None,
    };
    Ok(solution::page(&d, title, &start, answer, notes))
}
