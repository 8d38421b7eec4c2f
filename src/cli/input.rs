//! Reading the files named on the command line (or standard input).

use super::error::CliError;
use hensoku::core::{Problem, Span};
use super::game::Input;
use std::io::Read;
use std::path::Path;

pub fn read(path: &Path) -> Result<Input, CliError> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::usage(format!("cannot read standard input: {e}")))?;
        return Ok(Input { name: "<stdin>".into(), bytes });
    }
    let bytes = std::fs::read(path).map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
    Ok(Input { name: path.display().to_string(), bytes })
}

/// Write `text` to `path` atomically: a temporary file renamed into place, so a failure
/// never leaves a partial output file.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), CliError> {
    let tmp = path.with_extension("hensoku-tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            CliError::usage(format!("cannot write {}: {e}", path.display()))
        })
}

/// Refuse a decoded input that holds nothing but white space (exit 2): an empty record
/// must never read as a default one (the start position, say).
pub fn require_text(text: &str, name: &str) -> Result<(), CliError> {
    if text.trim().is_empty() {
        let p = Problem::syntax("the input is empty", Span::new(0, text.len()));
        return Err(CliError::input(p, name, text));
    }
    Ok(())
}
