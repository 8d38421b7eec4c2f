//! `hensoku convert`: a record in another notation of its game.
//!
//! What the target cannot carry is dropped with a warning (or refused with `--strict`), never
//! silently.

use super::args::ConvertArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::json::CommandName;
use super::{game_for, input, output};

pub fn run(a: &ConvertArgs) -> Result<u8, CliError> {
    let inp = input::read(&a.file)?;
    let name = game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?;
    let game = adapter(name);
    let converted = game
        .convert(&inp, a.from.as_deref(), &a.to)
        .map_err(|e| e.in_game(name))?;
    if !converted.dropped.is_empty() {
        let what = converted.dropped.join(", ");
        if a.strict {
            return Err(CliError::refused(format!(
                "{}: {} cannot carry the record's {what}",
                inp.name, a.to
            ))
            .in_game(name));
        }
        if !a.common.json {
            eprintln!(
                "warning: {} cannot carry the record's {what}; dropped",
                a.to
            );
        }
    }
    match &a.output {
        Some(path) => {
            let (bytes, warning) = game.encode_output(&converted.text, &a.to, path);
            if let Some(w) = warning.filter(|_| !a.common.json) {
                eprintln!("warning: {}: {}", path.display(), w.message);
            }
            input::write_atomic(path, &bytes).map_err(|e| e.in_game(name))?
        }
        None if a.common.json => {
            let body = serde_json::json!({
                "file": inp.name, "to": a.to, "text": converted.text, "dropped": converted.dropped,
            });
            output::json(CommandName::Convert, name, &body)
        }
        None => print!("{}", converted.text),
    }
    Ok(EXIT_OK)
}
