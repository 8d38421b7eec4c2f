//! `hensoku view`: one self-contained HTML page of a record (its variations, comments and
//! times), a puzzle's solution tree, or one position. Each game builds its
//! [`Page`](hensoku::view::Page) in the library (`hensoku::view::page`) from its own replay
//! and its own SVG drawing, the same as `render --svg` draws.

use super::args::{GameName, ViewArgs};
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::{Input, SolveRequest, adapter};
use super::json::CommandName;
use super::puzzle_file::is_puzzle;
use super::{game_for, game_or_default, input, output, output_file};
use hensoku::Limits;
use hensoku::view::{Page, Request, Solve};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub fn run(a: &ViewArgs) -> Result<u8, CliError> {
    let inp = a.file.as_deref().map(input::read).transpose()?;
    let name = match &inp {
        Some(i) => game_for(&a.common, Some(&i.name), Some(&i.bytes))?,
        None => game_or_default(&a.common),
    };
    let request = Request {
        input: inp.as_ref(),
        position: a.position.as_deref(),
        from: a.from.as_deref(),
        record: 0,
    };
    let page = match request.input.filter(|i| is_puzzle(i)) {
        Some(puzzle) => solved(name, puzzle),
        None => {
            hensoku::view::page(&super::json::game_name(name), &request).map_err(CliError::from)
        }
    }
    .map_err(|e| e.in_game(name))?;
    let html = page.html();
    let target = output_path(a);
    if target.as_os_str() == "-" {
        print!("{html}");
    } else {
        output_file::write(&target, &html).map_err(|e| e.in_game(name))?;
    }
    let code = if page.diagnostic.is_some() {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    if a.common.json {
        let body = serde_json::json!({
            "output": target.display().to_string(),
            "bytes": html.len(),
            "plies": page.main_line_plies(),
            "nodes": page.nodes().len(),
            "diagnostic": page.diagnostic.as_ref().map(|d| serde_json::json!({
                "rule": d.rule, "message": d.message, "ply": page.nodes()[d.node].ply,
            })),
        });
        output::json(CommandName::View, name, &body);
    } else if target.as_os_str() != "-" {
        // the page's name is news only when hensoku chose it
        let chosen = a.output.is_none();
        if let Some(d) = &page.diagnostic {
            eprintln!(
                "{}: ply {}: {}: {}",
                request.input.map_or("--position", |i| i.name.as_str()),
                page.nodes()[d.node].ply,
                d.rule,
                d.message
            );
        }
        if chosen {
            println!("{}", target.display());
        }
    }
    Ok(code)
}

/// `-o`, else the input's file name with `.html` added (in the current directory), else
/// `position.html`.
fn output_path(a: &ViewArgs) -> PathBuf {
    if let Some(o) = &a.output {
        return o.clone();
    }
    let stem = a
        .file
        .as_deref()
        .filter(|f| f.as_os_str() != "-")
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned());
    PathBuf::from(format!("{}.html", stem.as_deref().unwrap_or("position")))
}

/// The longest a page of a `.puzzle` file searches for its solution; `solve --view` has
/// no limit of its own.
const PUZZLE_TIME: Duration = Duration::from_secs(10);

/// The page of a `.puzzle` file: its solve, within [`PUZZLE_TIME`].
fn solved(name: GameName, puzzle: &Input) -> Result<Page, CliError> {
    let req = SolveRequest {
        mate_in: None,
        limits: Limits {
            time: Some(PUZZLE_TIME),
            ..Limits::default()
        },
        tries: false,
    };
    // a help, self or reflex puzzle is solved as such, never as a direct mate
    let s = match super::stipulation::stated(puzzle) {
        None => adapter(name).solve(Some(puzzle), None, &req)?,
        Some(stip) => adapter(name)
            .solve_stipulation(Some(puzzle), None, &req, stip)
            .unwrap_or_else(|| {
                let game = super::json::game_name(name);
                Err(super::stipulation::refused(&game, &stip))
            })?,
    };
    let title = Path::new(&puzzle.name).file_name();
    let title = title.map_or(puzzle.name.clone().into(), |t| t.to_string_lossy());
    solution_page(name, &title, &s.position, &s.answer, &s.notes)
}

/// The page of a solve (`solve --view`, and `view` of a `.puzzle` file), in every game.
pub fn solution_page(
    name: GameName,
    title: &str,
    position: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, CliError> {
    let game = super::json::game_name(name);
    Ok(hensoku::view::solution_page(
        &game, title, position, answer, notes,
    )?)
}
