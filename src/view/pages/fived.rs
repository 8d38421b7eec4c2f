//! The 5D page: the whole multiverse in one picture with pan and zoom. Every board is drawn
//! once and shown from the action that made it on; the timelines' activity, the present
//! and the boards the last action made are drawn for the current action only. Positions as
//! 5DFEN (every board, one per line).

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, title};
use crate::file::FileError;
use crate::file::fived::{position, read};
use crate::fived::render::{self, Layout};
use crate::fived::{self, Colour, Fived, Move, Position as Multiverse, fen};
use crate::view::{Node, Page};

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let (states, actions, problem, headers) = match r.input {
        None => (vec![position(r.position)?], Vec::new(), None, Vec::new()),
        Some(input) => {
            let (text, rec) = read(input)?;
            let played = fived::validate(&rec, &text);
            let states = played.nodal_states();
            if states.is_empty() {
                let p = played.problems.first().cloned();
                return Err(match p {
                    Some(p) => FileError::input(p, &input.name, &text),
                    None => FileError::usage("no position in the input"),
                });
            }
            let actions: Vec<_> = played.actions.iter().map(|a| a.moves.clone()).collect();
            let problem = played.problems.first().map(|p| illegal(p, &text));
            let headers = rec
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect();
            (states, actions, problem, headers)
        }
    };
    let mut layout = Layout::of(&states[0]);
    for s in &states {
        layout.include(s);
    }
    let open = layout.picture().open_tag().to_string();
    let mut page = Page::layered("fived", &title(r, "fived"), fen_text(&states[0]), open);
    page.headers = headers;
    add_state(&mut page, &layout, 0, None, &states[0], &[]);
    // numbered as 5DPGN numbers them: each turn a white action, then a black one
    let black_first = states[0].to_move() == Colour::Black;
    for (k, moves) in actions.iter().enumerate().take(states.len() - 1) {
        let before = &states[k];
        let n = k + usize::from(black_first);
        let node = page.push(
            Node::after(
                k,
                k + 1,
                format!(
                    "{}{}. {}",
                    n / 2 + 1,
                    if n % 2 == 0 { 'w' } else { 'b' },
                    action_text(before, moves)
                ),
                fen_text(&states[k + 1]),
            ),
            None,
        );
        add_state(
            &mut page,
            &layout,
            node,
            Some(before),
            &states[k + 1],
            moves,
        );
    }
    if let Some(bad) = problem {
        let last = states.len() - 1;
        page.add_line(last, last + 1, Vec::new(), Some(bad));
    }
    Ok(page)
}

/// The layers of a node: the boards and arrows its action made (kept from then on), and
/// the timelines, the present and rings around the new boards (shown at this node only).
fn add_state(
    page: &mut Page,
    layout: &Layout,
    node: usize,
    before: Option<&Multiverse>,
    mv: &Multiverse,
    moves: &[Move],
) {
    let new: Vec<(i32, i32)> = mv
        .indices()
        .filter_map(|l| mv.timeline(l).map(|t| (l, t.start, t.end())))
        .flat_map(|(l, first, last)| (first..=last).map(move |v| (l, v)))
        .filter(|&(l, v)| before.is_none_or(|b| b.board(l, v).is_none()))
        .collect();
    let mut kept = layout.picture();
    for &(l, v) in &new {
        render::board(&mut kept, layout, mv, l, v);
    }
    for m in moves.iter().filter(|m| !m.physical()) {
        render::arrow(&mut kept, layout, m);
    }
    page.layer(node, true, kept);
    let mut only = layout.picture();
    render::timelines(&mut only, layout, mv);
    if before.is_some() {
        for &(l, v) in &new {
            render::ring(&mut only, layout, l, v);
        }
    }
    page.layer(node, false, only);
}

/// Each move of an action as 5DPGN writes it.
fn action_text(before: &Multiverse, moves: &[Move]) -> String {
    let mut cur = before.clone();
    let mut parts = Vec::new();
    for m in moves {
        parts.push(fived::move_text(&cur, m));
        cur.apply(m);
    }
    parts.join(" ")
}

/// Every board as 5DFEN, one per line: what `render --json` calls the position.
fn fen_text(mv: &Multiverse) -> String {
    fen::multiverse_text(mv).join("\n")
}

/// The page of a solve from `start` (as `solve --json` writes the position: 5DFEN boards):
/// each node the whole multiverse after its action, the action's jumps drawn as arrows.
pub(super) fn solution(
    title: &str,
    start: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = position(Some(start))?;
    let d = Drawing::<Fived> {
        game: "fived",
        position: &fen_text,
        picture: &|p: &Multiverse, last: Option<(&Multiverse, Vec<Move>)>| {
            let action = last.map_or(Vec::new(), |(_, a)| a);
            let jumps: Vec<Move> = action.into_iter().filter(|m| !m.physical()).collect();
            render::drawing(p, &jumps)
        },
        text: None,
    };
    Ok(solution::page(&d, title, &start, answer, notes))
}
