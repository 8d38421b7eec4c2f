//! Which notation a text is in, and reading/writing whole records in any of them.
//!
//! The CLI and tests go through here so that adding a notation is one match arm.

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::notation::{csa, encoding, ki2, kif, sfen, usi};
use crate::games::shogi::record::{MoveText, Record, RecordMove};
use crate::games::shogi::timing;
use crate::games::shogi::types::Move;

/// The shogi notations hensoku reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `position startpos moves …` / `position sfen … moves …`.
    Usi,
    /// A bare SFEN position (no moves).
    Sfen,
    /// CSA.
    Csa,
    /// KIF (棋譜ファイル).
    Kif,
    /// KI2.
    Ki2,
}

impl Format {
    /// The notation's name as `--from`/`--to` write it (`kif`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Usi => "usi",
            Format::Sfen => "sfen",
            Format::Csa => "csa",
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
        }
    }

    /// The notation of a name or file extension (`kif`, `kifu`, `ki2u`, …).
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name.to_ascii_lowercase().as_str() {
            "usi" => Format::Usi,
            "sfen" => Format::Sfen,
            "csa" => Format::Csa,
            "kif" | "kifu" => Format::Kif,
            "ki2" | "ki2u" => Format::Ki2,
            _ => return None,
        })
    }

    /// From a file name's extension.
    pub fn from_path(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1;
        Format::from_name(ext)
    }

    /// Guess from the text itself (used for stdin and unknown extensions).
    pub fn sniff(text: &str) -> Format {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with("position") || t.starts_with("startpos") || t.starts_with("sfen ") {
            return Format::Usi;
        }
        if (t.contains('▲') || t.contains('△') || t.contains('☗') || t.contains('☖'))
            && !t.contains("手数----")
        {
            return Format::Ki2;
        }
        if t.contains("手数----")
            || t.contains("手合割")
            || t.contains("持駒")
            || t.contains("# KIF")
        {
            return Format::Kif;
        }
        let first = t.lines().next().unwrap_or("");
        if first.starts_with('V')
            || first.starts_with("'CSA")
            || first.starts_with("PI")
            || first.starts_with("P1")
            || first.starts_with("N+")
        {
            return Format::Csa;
        }
        if t.split_ascii_whitespace().count() >= 3 && t.split('/').count() == 9 {
            return Format::Sfen;
        }
        Format::Usi
    }
}

/// Bytes to text. KIF/KI2 may be Shift_JIS (`.kif`, `.ki2`) or UTF-8 (`.kifu`, `.ki2u`, or
/// declared); CSA declares its encoding; the others are UTF-8, and anything else is an
/// `Encoding` problem. `name` is the file name, whose extension decides for KIF/KI2.
pub fn decode(bytes: &[u8], format: Format, name: Option<&str>) -> Result<String, Problem> {
    decode_reporting(bytes, format, name).map(|(text, _)| text)
}

/// [`decode`], and what it tolerated (see `encoding::decode_reporting`).
pub fn decode_reporting(
    bytes: &[u8],
    format: Format,
    name: Option<&str>,
) -> Result<(String, Option<Problem>), Problem> {
    match format {
        Format::Csa => return Ok((csa::decode(bytes)?, None)),
        Format::Kif | Format::Ki2 => {
            let ext = name
                .and_then(|n| n.rsplit_once('.'))
                .map(|(_, e)| e.to_ascii_lowercase());
            return encoding::decode_reporting(bytes, ext.as_deref());
        }
        _ => {}
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok((s.to_string(), None)),
        Err(e) => {
            let at = e.valid_up_to();
            Err(Problem::new(
                CommonRule::Encoding,
                "the text is not valid UTF-8",
                Span::new(at, 1),
            ))
        }
    }
}

/// Read every record in a text (CSA, USI and SFEN files may hold several). A text that
/// holds none (comments only) is an error, never an empty game.
pub fn read(text: &str, format: Format) -> Result<Vec<Record>, Problem> {
    let records = read_any(text, format)?;
    if records.is_empty() {
        return Err(Problem::no_record("record"));
    }
    Ok(records)
}

fn read_any(text: &str, format: Format) -> Result<Vec<Record>, Problem> {
    match format {
        Format::Usi => usi::parse_records(text),
        Format::Sfen => read_sfen_lines(text),
        Format::Csa => csa::parse_records(text),
        Format::Kif => {
            let mut record = kif::parse_record(text)?;
            super::repeated::settle_repeated_numbers(&mut record);
            Ok(vec![record])
        }
        Format::Ki2 => Ok(vec![ki2::parse_record(text)?]),
    }
}

/// A `.sfen` file: one position a line (each a record with no moves), or, read by its
/// content, USI records (`position … moves …`). `#` lines are comments.
fn read_sfen_lines(text: &str) -> Result<Vec<Record>, Problem> {
    let lines: Vec<(usize, &str)> = crate::core::text::lines(text)
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    if lines.iter().any(|(_, l)| usi::starts_record(l)) {
        return usi::parse_records(text);
    }
    lines
        .into_iter()
        .map(|(at, line)| {
            let lead = line.len() - line.trim_start().len();
            let start = sfen::parse_setup(line.trim()).map_err(|p| p.shifted(at + lead))?;
            Ok(Record {
                start,
                start_span: Span::new(at + lead, line.trim().len()),
                ..Record::default()
            })
        })
        .collect()
}

/// The record with its moves replaced by the moves as replayed (resolved, so any printer can
/// write them), keeping each move's comments and its time rewritten for `format`.
pub fn canonical(record: &Record, moves: &[Move], format: Format) -> Record {
    let times: Vec<Option<String>> = record.moves.iter().map(|m| m.time.clone()).collect();
    let times = match format {
        Format::Kif => timing::convert(&times, true),
        Format::Csa => timing::convert(&times, false),
        _ => vec![None; times.len()],
    };
    let moves = moves
        .iter()
        .zip(&record.moves)
        .zip(times)
        .map(|((&m, rm), time)| RecordMove {
            text: MoveText::Usi(m),
            time,
            ..rm.clone()
        })
        .collect();
    Record {
        moves,
        ..record.clone()
    }
}

/// What a record holds that `format` cannot write (a conversion drops it): `times`,
/// `comments`, `headers`, `ending`, `variations`, `moves`.
pub fn losses(record: &Record, format: Format) -> Vec<&'static str> {
    let has_times = record.moves.iter().any(|m| {
        m.time
            .as_deref()
            .is_some_and(|t| timing::move_seconds(t).is_some())
    });
    let has_comments =
        !record.comments.is_empty() || record.moves.iter().any(|m| !m.comments.is_empty());
    let mut lost = Vec::new();
    let (times, comments, headers, ending, variations) = match format {
        Format::Usi => (true, true, true, true, true),
        Format::Sfen => (true, true, true, true, true),
        Format::Csa => (false, false, false, false, true),
        Format::Kif => (false, false, false, false, false),
        Format::Ki2 => (true, false, false, false, false),
    };
    if times && has_times {
        lost.push("times");
    }
    if comments && has_comments {
        lost.push("comments");
    }
    if headers && !record.headers.is_empty() {
        lost.push("headers");
    }
    if (ending && record.ending.is_some()) || !writes_ending(record, format) {
        lost.push("ending");
    }
    if variations && !record.variations.is_empty() {
        lost.push("variations");
    }
    if format == Format::Sfen && !record.moves.is_empty() {
        lost.push("moves");
    }
    lost
}

/// Can `format` write the record's stated ending (a word for it exists)? CSA has none for
/// 封じ手, 不戦勝, 不戦敗 and unknown words; KIF none for CSA's %HIKIWAKE, %MAX_MOVES,
/// %ERROR and %MATTA. No ending is nothing to lose.
fn writes_ending(record: &Record, format: Format) -> bool {
    use crate::games::shogi::record::Ending;
    let Some((e, _)) = &record.ending else {
        return true;
    };
    match format {
        Format::Csa => !matches!(
            e,
            Ending::SealedMove | Ending::WinByDefault | Ending::LossByDefault | Ending::Other(_)
        ),
        Format::Kif | Format::Ki2 => !matches!(
            e,
            Ending::Draw | Ending::MaxMoves | Ending::Error | Ending::Matta
        ),
        Format::Usi | Format::Sfen => true,
    }
}

/// Print a replayed record in a notation. `moves` are the record's moves as replayed
/// (`validate::replay`), so every printer gets legal, resolved moves.
pub fn write(record: &Record, moves: &[Move], format: Format) -> Result<String, Problem> {
    match format {
        Format::Usi => Ok(usi::print_record(&record.start, moves)),
        Format::Sfen => {
            let mut pos = record
                .start
                .validate()
                .map_err(|e| Problem::new(e[0].rule, e[0].message.clone(), Span::default()))?;
            for &m in moves {
                pos.play(m);
            }
            Ok(format!("{}\n", sfen::to_sfen(&pos)))
        }
        Format::Csa => csa::print_record(&canonical(record, moves, format)),
        Format::Kif => kif::print_record(&canonical(record, moves, format)),
        Format::Ki2 => ki2::print_record(&canonical(record, moves, format)),
    }
}

/// One move in a notation, given the position before it (and the previous destination,
/// for KIF/KI2 `同`).
pub fn move_text(
    pos: &crate::games::shogi::Position,
    previous: Option<crate::games::shogi::Square>,
    mv: Move,
    format: Format,
) -> Result<String, Problem> {
    match format {
        Format::Usi | Format::Sfen => Ok(usi::move_text(mv)),
        Format::Csa => Ok(csa::move_text(pos, mv)),
        Format::Kif => Ok(kif::move_text(pos, mv, previous)),
        Format::Ki2 => Ok(ki2::move_text(pos, mv, previous)),
    }
}
