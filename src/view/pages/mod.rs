//! The pages of every game, built from its own replay and its own SVG drawing (the same
//! as `render --svg` draws): a record file's page, a position's, and a solve's. `hensoku
//! view` and the Python binding's `Game._repr_html_` both call [`page`].

mod chess;
mod fived;
mod howe;
mod quantum;
mod shelt;
mod shogi;
mod shogi_cards;
mod solution;

pub use solution::Solve;

use crate::Problem;
use crate::file::{FileError, Input};
use crate::portal::buckley::Position as BuckleyPosition;
use crate::portal::hidden::Position as HiddenPosition;
use crate::view::{Illegal, Page};
use std::path::Path;

/// What to show: a file (read as `from` says, else as its name and text tell), or a
/// position.
#[derive(Clone, Copy, Default)]
pub struct Request<'a> {
    /// The file; `None`: the position.
    pub input: Option<&'a Input>,
    /// The position, in the game's notation (`None`: the start).
    pub position: Option<&'a str>,
    /// The file's notation, as `--from` names it.
    pub from: Option<&'a str>,
    /// Which record of the file the page shows: 0, the first, as `hensoku view` does.
    pub record: usize,
}

/// Which record a page shows, in the note of a file of several.
fn shown(record: usize) -> String {
    match record {
        0 => "the first".into(),
        n => format!("record {}", n + 1),
    }
}

/// The page of a record file of `game` (its first record), or of a position: what
/// `hensoku view` writes.
pub fn page(game: &str, r: &Request) -> Result<Page, FileError> {
    match game {
        "shogi" => shogi::page(r),
        "shogi-cards" => shogi_cards::page(r),
        "chess" => chess::chess(r),
        "portal-howe" => howe::page(r),
        "shelt" => shelt::page(r),
        "quantum" => quantum::page(r),
        "fived" => fived::page(r),
        "portal-hidden" => chess::portal::<HiddenPosition>(r, "portal-hidden"),
        "portal-buckley" => chess::portal::<BuckleyPosition>(r, "portal-buckley"),
        other => Err(FileError::usage(format!("unknown game `{other}`"))),
    }
}

/// The page's title: the file's name (without its folder), or the game's when a
/// position is shown.
fn title(r: &Request, game: &str) -> String {
    r.input.map_or_else(
        || format!("{game} position"),
        |i| {
            Path::new(&i.name)
                .file_name()
                .map_or(i.name.clone(), |n| n.to_string_lossy().into_owned())
        },
    )
}

/// The illegal ply of a problem: its text in the source, its rule and message.
fn illegal(p: &Problem, text: &str) -> Illegal {
    let written = text
        .get(p.span.offset..p.span.end())
        .filter(|t| !t.is_empty() && t.len() < 80)
        .unwrap_or("(illegal)");
    Illegal {
        text: written.to_string(),
        rule: p.rule.name().to_string(),
        message: p.message.clone(),
    }
}

/// The page of a solve (`solve --view`, and `view` of a `.puzzle` file): the puzzle's
/// position, the verdict and the solution tree, in every game.
pub fn solution_page(
    game: &str,
    title: &str,
    position: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let page = match game {
        "shogi" => shogi::solution(title, position, answer, notes)?,
        "shogi-cards" => shogi_cards::solution(title, position, answer, notes)?,
        "shelt" => shelt::solution(title, position, answer, notes)?,
        "portal-howe" => howe::solution(title, position, answer, notes)?,
        "chess" => {
            let start = crate::file::chess::position(Some(position))?;
            chess::solution("chess", title, &start, answer, notes)
        }
        "portal-hidden" => {
            let start = crate::file::portal::start_position::<HiddenPosition>(Some(position))?;
            chess::solution("portal-hidden", title, &chess::Portal(start), answer, notes)
        }
        "portal-buckley" => {
            let start = crate::file::portal::start_position::<BuckleyPosition>(Some(position))?;
            chess::solution(
                "portal-buckley",
                title,
                &chess::Portal(start),
                answer,
                notes,
            )
        }
        "fived" => fived::solution(title, position, answer, notes)?,
        "quantum" => quantum::solution(title, position, answer, notes)?,
        other => return Err(FileError::usage(format!("unknown game `{other}`"))),
    };
    Ok(page)
}
