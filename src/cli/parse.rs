//! `hensoku parse`: canonical re-print, or the syntax as JSON.
//!
//! The inputs are read as a stream of records, as `validate` reads them: `crate::stream`.

use super::args::ParseArgs;
use super::error::CliError;

pub fn run(a: &ParseArgs) -> Result<u8, CliError> {
    crate::stream::parse(a)
}

/// The same keys for every game: the file, the notation read (`format`, when the game names
/// it), and the game's own syntax tree under `syntax`.
pub(crate) fn document(file: &str, mut syntax: serde_json::Value) -> serde_json::Value {
    let format = syntax
        .as_object_mut()
        .and_then(|o| o.remove("format"))
        .unwrap_or_default();
    serde_json::json!({ "file": file, "format": format, "syntax": syntax })
}
