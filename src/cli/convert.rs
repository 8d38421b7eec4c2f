//! `hensoku convert`: a record in another notation of its game.
//!
//! What the target cannot carry is dropped with a warning (or refused with `--strict`), never
//! silently. An irregular record read as tsshogi does (a KIF variation past the end of
//! its line, a move number written twice) is converted with a warning, refused with
//! `--strict`.

use super::args::ConvertArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::json::{CommandName, game_name};
use super::{game_for, input, output, output_file};

pub fn run(a: &ConvertArgs) -> Result<u8, CliError> {
    let inp = input::read(&a.file)?;
    let name = game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?;
    let game = adapter(name);
    let converted = hensoku::convert::convert(&game_name(name), &inp, a.from.as_deref(), &a.to)
        .map_err(|e| CliError::from(e).in_game(name))?;
    if let Some(first) = converted.irregular.first() {
        if a.strict {
            return Err(CliError::refused(format!(
                "{}: irregular record ({first}), refused under --strict",
                inp.name
            ))
            .in_game(name));
        }
        if !a.common.json {
            for w in &converted.irregular {
                eprintln!("warning: {}: {w}", inp.name);
            }
        }
    }
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
    if let Some(path) = &a.output {
        let (bytes, warning) = game.encode_output(&converted.text, &a.to, path);
        if let Some(w) = warning.filter(|_| !a.common.json) {
            eprintln!("warning: {}: {}", path.display(), w.message);
        }
        output_file::write(path, &bytes).map_err(|e| e.in_game(name))?;
    }
    if a.common.json {
        let mut body = serde_json::json!({
            "file": inp.name, "to": a.to, "text": converted.text, "dropped": converted.dropped,
        });
        if let Some(path) = &a.output {
            body["output"] = path.display().to_string().into();
        }
        output::json(CommandName::Convert, name, &body)
    } else if a.output.is_none() {
        print!("{}", converted.text);
    }
    Ok(EXIT_OK)
}
