//! `hensoku moves`: every legal move of a position.

use super::args::{GameName, MovesArgs};
use super::error::{CliError, EXIT_OK};
use super::json::CommandName;
use super::{game::adapter, game_or_default, output};

pub fn run(a: &MovesArgs) -> Result<u8, CliError> {
    let name = game_or_default(&a.common);
    if a.actions && name == GameName::Fived {
        return super::fived_moves::actions(a);
    }
    if a.actions {
        return Err(CliError::usage(
            "--actions lists 5D actions; in this game a move is a whole turn already",
        )
        .in_game(name));
    }
    let moves = adapter(name).moves(a.position.as_deref(), a.notation.as_deref())?;
    if a.common.json {
        // 5D's `--actions` lists its whole turns under the same keys
        let body = serde_json::json!({
            "count": moves.len(), "moves": moves, "unit": "move", "complete": true,
        });
        output::json(CommandName::Moves, name, &body);
    } else {
        for m in &moves {
            println!("{m}");
        }
    }
    Ok(EXIT_OK)
}
