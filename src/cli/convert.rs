//! `hensoku convert`: a record in another notation of its game.

use super::args::ConvertArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::{game_for, input, output};

pub fn run(a: &ConvertArgs) -> Result<u8, CliError> {
    let inp = input::read(&a.file)?;
    let game = adapter(game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?)?;
    let text = game.convert(&inp, a.from.as_deref(), &a.to)?;
    match &a.output {
        Some(path) => input::write_atomic(path, &text)?,
        None if a.common.json => output::json(&serde_json::json!({ "file": inp.name, "to": a.to, "text": text })),
        None => print!("{text}"),
    }
    Ok(EXIT_OK)
}
