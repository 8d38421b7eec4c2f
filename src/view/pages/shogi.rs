//! The shogi page: a KIF, KI2, CSA or USI record with its 変化 variations, comments and
//! times; moves listed in KI2 (`▲７六歩`), positions as SFEN.

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, title};
use crate::file::FileError;
use crate::file::shogi::{position, read_records};
use crate::shogi::sfen::to_sfen;
use crate::shogi::validate as replay;
use crate::shogi::{Format, Move, Position, Record, RecordMove, drawing, io, move_squares};
use crate::view::{Page, Ply};

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let Some(input) = r.input else {
        let pos = position(r.position)?;
        return Ok(Page::new(
            "shogi",
            &title(r, "shogi"),
            to_sfen(&pos),
            drawing(&pos, &[]),
        ));
    };
    let (text, _, records) = read_records(input, r.from)?;
    let rec = records
        .get(r.record)
        .ok_or_else(|| FileError::usage("no record in the input"))?;
    let main = replay(rec);
    let mut page = Page::new(
        "shogi",
        &title(r, "shogi"),
        to_sfen(&main.start),
        drawing(&main.start, &[]),
    );
    page.headers = rec.headers.clone();
    page.node_mut(0).comments = rec.comments.clone();
    if records.len() > 1 {
        page.notes.push(format!(
            "the file holds {} records; this page shows {}",
            records.len(),
            super::shown(r.record)
        ));
    }
    let plies = line(&main.start, &main.moves, &rec.moves, 0);
    let nodes = page.add_line(
        0,
        1,
        plies,
        main.problems.first().map(|p| illegal(p, &text)),
    );
    let mut lines = vec![Line {
        nodes: std::iter::once(0).chain(nodes).collect(),
        moves: main.moves.clone(),
        written: rec.moves.clone(),
    }];
    for v in &rec.variations {
        // the latest line with a move at the variation's ply is the one it branches from
        let Some(from) = lines
            .iter()
            .rev()
            .find(|l| v.ply >= 1 && v.ply <= l.moves.len())
        else {
            page.notes.push(format!(
                "a variation at ply {} branches beyond its line and is not shown",
                v.ply
            ));
            continue;
        };
        let written: Vec<RecordMove> = from.written[..v.ply - 1]
            .iter()
            .chain(&v.moves)
            .cloned()
            .collect();
        let branch = Record {
            moves: written.clone(),
            ending: v.ending.clone(),
            variations: Vec::new(),
            ..rec.clone()
        };
        let played = replay(&branch);
        let plies = line(&played.start, &played.moves, &written, v.ply - 1);
        let problem = played.problems.first().map(|p| illegal(p, &text));
        let parent = from.nodes[v.ply - 1];
        let mut nodes = from.nodes[..v.ply].to_vec();
        nodes.extend(page.add_line(parent, v.ply, plies, problem));
        lines.push(Line {
            nodes,
            moves: played.moves,
            written,
        });
    }
    Ok(page)
}

/// A line as shown: the node after each ply (`nodes[0]` is where it starts from the
/// start), the moves played from the start and the moves as written.
struct Line {
    nodes: Vec<usize>,
    moves: Vec<Move>,
    written: Vec<RecordMove>,
}

/// The plies of `moves` from index `skip` on, each with its KI2 text, SFEN, picture, time
/// and comments.
fn line(start: &Position, moves: &[Move], written: &[RecordMove], skip: usize) -> Vec<Ply> {
    let mut pos = start.clone();
    let mut previous = None;
    let mut out = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let text = io::move_text(&pos, previous, mv, Format::Ki2).unwrap_or_default();
        pos.play(mv);
        previous = Some(mv.to());
        if i < skip {
            continue;
        }
        let mut ply = Ply::new(
            format!("{} {text}", i + 1),
            to_sfen(&pos),
            drawing(&pos, &move_squares(mv)),
        );
        if let Some(w) = written.get(i) {
            ply.comments = w.comments.clone();
            ply.time = w.time.as_deref().map(|t| t.trim().to_string());
        }
        out.push(ply);
    }
    out
}

/// The page of a solve of `sfen`.
pub(super) fn solution(
    title: &str,
    sfen: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = position(Some(sfen))?;
    let d = Drawing::<crate::shogi::Shogi> {
        game: "shogi",
        position: &to_sfen,
        picture: &|p: &Position, last: Option<(&Position, Move)>| {
            drawing(p, &last.map_or(Vec::new(), |(_, m)| move_squares(m)))
        },
        text: None,
    };
    Ok(solution::page(&d, title, &start, answer, notes))
}
