//! `hensoku convert`: a record in another notation of its game.
//!
//! What the target cannot carry is dropped with a warning (or refused with `--strict`), never
//! silently.

use super::args::ConvertArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::adapter;
use super::{game_for, input, output};

pub fn run(a: &ConvertArgs) -> Result<u8, CliError> {
    let inp = input::read(&a.file)?;
    let game = adapter(game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?);
    let converted = game.convert(&inp, a.from.as_deref(), &a.to)?;
    if !converted.dropped.is_empty() {
        let what = converted.dropped.join(", ");
        if a.strict {
            return Err(CliError {
                exit: EXIT_INVALID,
                message: format!("{}: {} cannot carry the record's {what}", inp.name, a.to),
                located: None,
            });
        }
        if !a.common.json {
            eprintln!(
                "warning: {} cannot carry the record's {what}; dropped",
                a.to
            );
        }
    }
    match &a.output {
        Some(path) => input::write_atomic(path, &converted.text)?,
        None if a.common.json => output::json(&serde_json::json!({
            "file": inp.name, "to": a.to, "text": converted.text, "dropped": converted.dropped,
        })),
        None => print!("{}", converted.text),
    }
    Ok(EXIT_OK)
}
