//! Reading the files named on the command line (or standard input).

use super::error::CliError;
use super::game::Input;
use std::io::Read;
use std::path::Path;

/// Read a file (or standard input for `-`). Its line ends become LF and a leading UTF-8
/// byte-order mark goes ([`Input::normalized`]), here, once for every format of every
/// game; spans and offsets in diagnostics count in the text so normalised.
pub fn read(path: &Path) -> Result<Input, CliError> {
    let raw = read_raw(path)?;
    Ok(Input::normalized(raw.name, raw.bytes))
}

fn read_raw(path: &Path) -> Result<Input, CliError> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io(format!("cannot read standard input: {e}")))?;
        return Ok(Input {
            name: "<stdin>".into(),
            bytes,
        });
    }
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::io(format!("cannot read {}: {e}", path.display())))?;
    Ok(Input {
        name: path.display().to_string(),
        bytes,
    })
}

pub use hensoku::file::utf8_text;
