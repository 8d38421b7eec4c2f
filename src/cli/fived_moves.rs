//! `hensoku moves --game fived --actions`: the whole actions (every combination of moves
//! across the boards, a number that grows as a product of the boards' counts), written as
//! they are found and stopped by `--nodes` or `--time`; each board's moves, the default,
//! are the adapter's `moves`.

use super::args::{GameName, MovesArgs};
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::fived::{position, style_of};
use super::json::CommandName;
use super::output;
use hensoku::fived::pgn::{self, Style};
use hensoku::fived::{self, Budget, Exhausted, Position, Search};
use std::io::Write;
use std::time::Instant;

/// `moves --actions`: every legal action, written as found (text) or gathered (JSON),
/// within the limits: exit 1 and a note when one stopped the list.
pub fn actions(a: &MovesArgs) -> Result<u8, CliError> {
    let fail = |e: hensoku::file::FileError| CliError::from(e).in_game(GameName::Fived);
    let pos = position(a.position.as_deref()).map_err(fail)?;
    let style = style_of(a.notation.as_deref().unwrap_or("5dpgn")).map_err(fail)?;
    Ok(list(a, &pos, style))
}

/// The listing of [`actions`] from `pos`.
fn list(a: &MovesArgs, pos: &Position, style: Style) -> u8 {
    let most = a.nodes.unwrap_or(u64::MAX);
    let budget = Budget {
        nodes: u64::MAX,
        deadline: a.time.and_then(|t| Instant::now().checked_add(t)),
        ..Budget::default()
    };
    let mut listed = Vec::new();
    let mut count = 0u64;
    let mut out = std::io::stdout().lock();
    let mut broken = false;
    let search = fived::for_each_action(pos, budget, |_, action| {
        count += 1;
        let text = pgn::action_text(pos, action, style, Budget::nodes(0)).0;
        if a.common.json {
            listed.push(text);
        } else {
            broken = writeln!(out, "{text}").is_err();
        }
        !broken && count < most
    });
    drop(out);
    let stopped = match search {
        Search::OutOfBudget(Exhausted::Time) => Some("--time"),
        Search::OutOfBudget(_) => Some("memory"),
        _ if count >= most => Some("--nodes"),
        _ => None,
    };
    if a.common.json {
        let body = serde_json::json!({
            "count": count, "moves": listed, "unit": "action", "complete": stopped.is_none(),
        });
        output::json(CommandName::Moves, GameName::Fived, &body);
    }
    match stopped {
        Some(limit) => {
            eprintln!("stopped by the {limit} limit after {count} actions: the list is partial");
            EXIT_INVALID
        }
        None => EXIT_OK,
    }
}
