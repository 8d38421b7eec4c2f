//! `hensoku solve`: prove a puzzle's stipulation and print the solution.

use super::args::SolveArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::SolveAnswer;
use super::game::{SolveRequest, adapter};
use super::json::CommandName;
use super::{game_for, game_or_default, input, output};
use std::time::{Duration, Instant};

/// The largest table `--table-mb` accepts (64 GiB): beyond any machine this tool runs on,
/// and small enough that the entry count cannot overflow.
const MAX_TABLE_MB: u64 = 1 << 16;

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
    if let Some(mb) = a.table_mb {
        if !game.sizes_its_table() {
            return Err(CliError::usage("--table-mb applies to standard shogi only"));
        }
        if !(1..=MAX_TABLE_MB).contains(&mb) {
            return Err(CliError::usage(format!(
                "--table-mb must be between 1 and {MAX_TABLE_MB}"
            )));
        }
    }
    let req = SolveRequest {
        mate_in: a.mate_in,
        nodes: a.nodes,
        time: a.time,
        table_mb: a.table_mb,
        tries: a.tries,
    };
    let started = Instant::now();
    let ans = game
        .solve(inp.as_ref(), a.position.as_deref(), &req)
        .map_err(|e| e.in_game(name))?;
    if a.common.json {
        output::json(CommandName::Solve, name, &envelope(&ans, started.elapsed()));
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

/// The game's JSON with the keys every game's answer carries, so that one script reads any
/// of them: `result` (`mate`: the stipulation is met; `nomate`: proved not met; `unknown`:
/// a limit stopped the search), `unique` (with `mate`), `nodes` and `elapsed_ms`. A key the game already
/// wrote is kept.
fn envelope(ans: &SolveAnswer, elapsed: Duration) -> serde_json::Value {
    let mut json = ans.json.clone();
    let Some(obj) = json.as_object_mut() else {
        return json;
    };
    let result = match ans.solved {
        Some(true) => "mate",
        Some(false) => "nomate",
        None => "unknown",
    };
    obj.entry("result").or_insert(result.into());
    if let (Some(true), Some(u)) = (ans.solved, ans.unique) {
        obj.entry("unique").or_insert(u.into());
    }
    if let Some(n) = ans.nodes {
        obj.entry("nodes").or_insert(n.into());
    }
    obj.entry("elapsed_ms")
        .or_insert((elapsed.as_millis() as u64).into());
    json
}
