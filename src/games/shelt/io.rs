//! Whole records in and out: canonical readout, compact algebraic, or the final SPN.

use super::print;
use super::record::Record;
use super::resolve::Previous;
use super::validate::Replay;

/// The notation a whole record is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One readout per line (`.shelt`).
    Readout,
    /// One compact ply per line.
    Compact,
    /// The position at the end, as SPN.
    Spn,
}

impl Format {
    /// The format a command line or file names (`readout`/`shelt`, `compact`/`algebraic`,
    /// `spn`), in any case.
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name.to_ascii_lowercase().as_str() {
            "readout" | "shelt" => Format::Readout,
            "compact" | "algebraic" => Format::Compact,
            "spn" => Format::Spn,
            _ => return None,
        })
    }
    /// The format's canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Readout => "readout",
            Format::Compact => "compact",
            Format::Spn => "spn",
        }
    }
}

/// The record as replayed, printed canonically in a format (headers first, one ply a line).
pub fn write(record: &Record, replay: &Replay, format: Format) -> String {
    if format == Format::Spn {
        return format!("{}\n", super::notation::spn::to_spn(&replay.end));
    }
    let mut out = String::new();
    for (k, v) in &record.headers {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    let mut previous = Previous::None;
    let last = replay.plies.len();
    for (i, &ply) in replay.plies.iter().enumerate() {
        let pos = &replay.positions[i];
        let ends = replay.positions[i + 1].end().is_some()
            || (i + 1 == last && replay.result.reason == "vist");
        let line = match format {
            Format::Compact => print::compact(pos, ply),
            _ => print::readout(pos, previous, ply, ends),
        };
        out.push_str(&line);
        out.push('\n');
        previous = ply.reference().map_or(Previous::Yol, Previous::Square);
    }
    out
}
