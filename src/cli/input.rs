//! Reading the files named on the command line (or standard input).

use super::error::CliError;
use super::game::Input;
use hensoku::{CommonRule, Problem, Span};
use std::io::Read;
use std::path::Path;

/// Read a file (or standard input for `-`). Its line ends become LF and a leading UTF-8
/// byte-order mark goes (`core::text::normalize_bytes`), here, once for every format of
/// every game; spans and offsets in diagnostics count in the text so normalised.
pub fn read(path: &Path) -> Result<Input, CliError> {
    let mut input = read_raw(path)?;
    if let Some(normal) = normalized(&input.bytes) {
        input.bytes = normal;
    }
    Ok(input)
}

/// The bytes with LF line ends and no BOM, when they are not so already.
fn normalized(bytes: &[u8]) -> Option<Vec<u8>> {
    match hensoku::text::normalize_bytes(bytes) {
        std::borrow::Cow::Owned(b) => Some(b),
        std::borrow::Cow::Borrowed(b) if b.len() != bytes.len() => Some(b.to_vec()),
        std::borrow::Cow::Borrowed(_) => None,
    }
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

/// The input as UTF-8 text, refused (exit 2) when it is not UTF-8 or holds nothing but
/// white space.
pub fn utf8_text(input: &Input) -> Result<String, CliError> {
    let text = decode_utf8(input)?;
    require_text(&text, &input.name)?;
    Ok(text)
}

/// The input as UTF-8 text: the one decoder of every format that must be UTF-8, in every
/// game. Bytes that are not are `CommonRule::Encoding` at the first bad byte (exit 2), with
/// the text around it shown.
pub fn decode_utf8(input: &Input) -> Result<String, CliError> {
    String::from_utf8(input.bytes.clone()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let p = Problem::new(
            CommonRule::Encoding,
            "the file is not UTF-8",
            Span::new(at, 1),
        );
        CliError::input(p, &input.name, &String::from_utf8_lossy(&input.bytes))
    })
}

/// Refuse a decoded input that holds nothing but white space (exit 2): an empty record
/// must never read as a default one (the start position, say).
pub fn require_text(text: &str, name: &str) -> Result<(), CliError> {
    if text.trim().is_empty() {
        let p = Problem::new(
            CommonRule::NoRecord,
            "no record found: the input is empty",
            Span::new(0, 0),
        );
        return Err(CliError::input(p, name, text));
    }
    Ok(())
}
