//! The line `hensoku validate` prints for a record, made the same way here so that a run
//! split across processes (the Dask example) can be compared with it byte for byte.

use crate::record::GameData;

/// `games.pgn (record 2): INVALID, 3 plies (unfinished)`, `a.kif: valid, 57 plies (resign,
/// black wins)`; an unreadable record gets the error line the command line prints on
/// standard error. The record is numbered `record` among the records of its file, and
/// `several` tells whether the file holds more than one (a part of a file read apart knows
/// neither: the caller tells both).
pub fn line_as(d: &GameData, record: u64, several: bool) -> String {
    if d.unreadable {
        let message = d.errors.first().map_or("", |e| e.message.as_str());
        return format!("error: {message}");
    }
    let label = if several {
        format!("{} (record {record})", d.file)
    } else {
        d.file.clone()
    };
    let verdict = if d.errors.is_empty() {
        "valid"
    } else {
        "INVALID"
    };
    let winner = d
        .winner
        .as_ref()
        .map(|w| format!(", {w} wins"))
        .unwrap_or_default();
    format!(
        "{label}: {verdict}, {} plies ({}{winner})",
        d.plies, d.reason
    )
}
