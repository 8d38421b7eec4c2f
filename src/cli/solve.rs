//! `hensoku solve`: prove a puzzle's stipulation and print the solution.

use super::args::SolveArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::{SolveRequest, adapter};
use super::{game_for, game_or_default, input, output};
use std::time::Duration;

pub fn run(a: &SolveArgs) -> Result<u8, CliError> {
    let inp = a.file.as_deref().map(input::read).transpose()?;
    if inp.is_none() && a.position.is_none() {
        return Err(CliError::usage("give a puzzle file or --position"));
    }
    let name = match &inp {
        Some(i) => game_for(&a.common, Some(&i.name), Some(&i.bytes))?,
        None => game_or_default(&a.common),
    };
    let time = match a.time {
        Some(t) if !(t.is_finite() && t > 0.0) => return Err(CliError::usage("--time must be a positive number of seconds")),
        t => t.map(Duration::from_secs_f64),
    };
    let req = SolveRequest { mate_in: a.mate_in, nodes: a.nodes, time, tries: a.tries };
    let ans = adapter(name).solve(inp.as_ref(), a.position.as_deref(), &req)?;
    if a.common.json {
        output::json(&ans.json);
    } else {
        print!("{}", ans.text);
    }
    Ok(match ans.solved {
        Some(true) => EXIT_OK,
        Some(false) => EXIT_INVALID,
        // a limit stopped the search: not a failure of the input, but no answer either
        None => super::error::EXIT_INVALID,
    })
}
