//! `hensoku solve`: prove a puzzle's stipulation and print the solution.

use super::args::SolveArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::{SolveRequest, Solved, adapter};
use super::json::CommandName;
use super::json::game_name;
use super::stipulation::{self, Comparison};
use super::{game_for, game_or_default, input, output, output_file, view};
use hensoku::answer::render;
use hensoku::{Answer, Goal, Limits, Play};
use serde::Serialize;
use std::path::Path;

/// The largest `--memory` accepted (64 GiB): beyond any machine this tool runs on, and
/// small enough that no entry count overflows.
const MAX_MEMORY_MB: u64 = 1 << 16;

/// The JSON of a solve: the position, then the shared answer's keys.
#[derive(Serialize)]
struct Body<'a> {
    position: &'a str,
    #[serde(flatten)]
    answer: &'a Answer<serde_json::Value>,
    /// The puzzle's stated solutions against the proof, when it states some.
    #[serde(skip_serializing_if = "Option::is_none")]
    stated: Option<&'a Comparison>,
}

pub fn run(a: &SolveArgs) -> Result<u8, CliError> {
    let inp = a.file.as_deref().map(input::read).transpose()?;
    if inp.is_none() && a.position.is_none() {
        return Err(CliError::usage("give a puzzle file or --position"));
    }
    let name = match &inp {
        Some(i) => game_for(&a.common, Some(&i.name), Some(&i.bytes))?,
        None => game_or_default(&a.common),
    };
    let game = adapter(name);
    if let Some(mb) = a.memory
        && !(1..=MAX_MEMORY_MB).contains(&mb)
    {
        return Err(CliError::usage(format!(
            "--memory must be between 1 and {MAX_MEMORY_MB}"
        )));
    }
    // a direct mate asked as `#N` is `--mate-in N`; any other play takes its own path
    let asked = a
        .stipulation
        .or_else(|| inp.as_ref().and_then(stipulation::stated));
    let direct = asked.filter(|s| s.play == Play::Direct && s.goal == Goal::Mate);
    let special = asked.filter(|_| direct.is_none());
    let req = SolveRequest {
        mate_in: a.mate_in.or(direct.and_then(|s| s.length)),
        limits: Limits {
            nodes: a.nodes,
            time: a.time,
            memory: a.memory.map(|mb| mb << 20),
        },
        tries: a.tries,
    };
    let solved = match special {
        None => game.solve(inp.as_ref(), a.position.as_deref(), &req),
        Some(stip) => game
            .solve_stipulation(inp.as_ref(), a.position.as_deref(), &req, stip)
            .unwrap_or_else(|| Err(stipulation::refused(&game_name(name), &stip))),
    };
    let Solved {
        position,
        answer,
        mut notes,
        stated,
    } = solved.map_err(|e| e.in_game(name))?;
    if let Some(c) = &stated {
        notes.extend(c.notes());
    }
    if let Some(out) = &a.view {
        let title = a.file.as_deref().and_then(Path::file_name);
        let title = title.map_or("position".into(), |t| t.to_string_lossy());
        let page = view::solution_page(name, &title, &position, &answer, &notes)
            .map_err(|e| e.in_game(name))?;
        output_file::write(out, page.html()).map_err(|e| e.in_game(name))?;
    }
    if a.common.json {
        let body = Body {
            position: &position,
            answer: &answer,
            stated: stated.as_ref(),
        };
        output::json(CommandName::Solve, name, &body);
    } else {
        print!("{}", render(&answer, &notes));
    }
    // no solution, a limit stopped the search before it could tell, or the puzzle states
    // other solutions than the proof's
    let agrees = stated.as_ref().is_none_or(Comparison::agrees);
    Ok(if answer.solved() && agrees {
        EXIT_OK
    } else {
        EXIT_INVALID
    })
}
