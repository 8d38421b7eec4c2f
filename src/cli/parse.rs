//! `hensoku parse`: canonical re-print, or the syntax as JSON.

use super::args::RecordsArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::json::CommandName;
use super::{game_for, input, output};

pub fn run(a: &RecordsArgs) -> Result<u8, CliError> {
    let mut worst = EXIT_OK;
    for path in &a.files {
        let done = input::read(path).and_then(|inp| {
            let name = game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?;
            let (canonical, syntax) = adapter(name)
                .parse(&inp, a.from.as_deref())
                .map_err(|e| e.in_game(name))?;
            if a.common.json {
                output::json(CommandName::Parse, name, &document(&inp.name, syntax));
            } else {
                print!("{canonical}");
            }
            Ok(())
        });
        if let Err(e) = done {
            output::error(&e, a.common.json, CommandName::Parse, a.common.game);
            worst = worst.max(e.exit);
        }
    }
    Ok(worst)
}

/// The same keys for every game: the file, the notation read (`format`, when the game names
/// it), and the game's own syntax tree under `syntax`.
fn document(file: &str, mut syntax: serde_json::Value) -> serde_json::Value {
    let format = syntax
        .as_object_mut()
        .and_then(|o| o.remove("format"))
        .unwrap_or_default();
    serde_json::json!({ "file": file, "format": format, "syntax": syntax })
}
