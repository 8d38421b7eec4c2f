//! `hensoku moves`: every legal move of a position.

use super::args::MovesArgs;
use super::error::{CliError, EXIT_OK};
use super::{game::adapter, game_or_default, output};

pub fn run(a: &MovesArgs) -> Result<u8, CliError> {
    let game = adapter(game_or_default(&a.common));
    let moves = game.moves(a.position.as_deref(), a.notation.as_deref())?;
    if a.common.json {
        output::json(&serde_json::json!({ "count": moves.len(), "moves": moves }));
    } else {
        for m in &moves {
            println!("{m}");
        }
    }
    Ok(EXIT_OK)
}
