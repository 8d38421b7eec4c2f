//! `hensoku moves`: every legal move of a position.

use super::args::MovesArgs;
use super::error::{CliError, EXIT_OK};
use super::json::CommandName;
use super::{game::adapter, game_or_default, output};

pub fn run(a: &MovesArgs) -> Result<u8, CliError> {
    let name = game_or_default(&a.common);
    let moves = adapter(name).moves(a.position.as_deref(), a.notation.as_deref())?;
    if a.common.json {
        let body = serde_json::json!({ "count": moves.len(), "moves": moves });
        output::json(CommandName::Moves, name, &body);
    } else {
        for m in &moves {
            println!("{m}");
        }
    }
    Ok(EXIT_OK)
}
