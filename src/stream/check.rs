//! The work on one piece of the input: read its records with the game's reader, replay
//! them, and keep what the report needs (the text only while a problem points into it).

use super::split::Chunk;
use crate::cli::args::GameName;
use crate::cli::error::CliError;
use crate::cli::game::{Input, RecordCheck, adapter};
use hensoku::{Problem, Span};
use std::sync::Arc;

/// A stream being read: its names, its game, the notation asked for.
pub struct FileCtx {
    /// The name shown (`games.pgn.zst`, `a.zip:x/b.kif`).
    pub shown: String,
    /// The name that tells its notation (without a compression suffix).
    pub inner: String,
    pub game: GameName,
    pub from: Option<String>,
    /// A number telling this stream from the one before.
    pub id: u64,
}

/// Where a piece of the input starts: byte offset and line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Place {
    pub offset: u64,
    pub line: u64,
}

impl Place {
    /// Where `chunk` starts.
    pub fn of(chunk: &Chunk) -> Self {
        Self {
            offset: chunk.offset,
            line: chunk.line,
        }
    }
}

impl FileCtx {
    /// A piece of this stream as its game's reader takes it. A piece longer than
    /// `--max-record-bytes` kept no bytes, so it is refused here, the same in every command.
    pub fn input(&self, chunk: Chunk) -> Result<Input, CliError> {
        if chunk.oversize {
            let p = Problem::syntax(
                format!(
                    "the record is longer than --max-record-bytes ({} bytes)",
                    chunk.len
                ),
                Span::new(0, 0),
            );
            return Err(CliError::input(p, &self.shown, ""));
        }
        Ok(Input {
            name: self.inner.clone(),
            bytes: chunk.bytes,
        })
    }
}

/// What the reader hands to the workers.
pub enum Item {
    /// Some records of a stream; `first` and `last` among its pieces.
    Piece {
        file: Arc<FileCtx>,
        chunk: Chunk,
        first: bool,
        last: bool,
    },
    /// A stream, or a part of it, that could not be read.
    Unreadable(Unread),
}

/// What could not be read, and where: the same on its way to a worker and back.
pub struct Unread {
    pub name: String,
    pub game: Option<GameName>,
    pub error: CliError,
    pub place: Option<Place>,
    pub bytes: u64,
}

/// What a worker hands to the report.
pub enum Outcome {
    /// The records of a piece, checked.
    Checked {
        file: Arc<FileCtx>,
        place: Place,
        first: bool,
        last: bool,
        bytes: u64,
        /// The decoded text the problems' spans point into (empty when none has any).
        text: String,
        records: Vec<RecordCheck>,
    },
    /// As [`Item::Unreadable`], or a piece the game's reader refused.
    Unreadable(Unread),
}

/// Check one item (run on a worker).
pub fn check(item: Item) -> Outcome {
    let (file, chunk, first, last) = match item {
        Item::Unreadable(u) => return Outcome::Unreadable(u),
        Item::Piece {
            file,
            chunk,
            first,
            last,
        } => (file, chunk, first, last),
    };
    let place = Place::of(&chunk);
    let bytes = chunk.len;
    let refuse = |error: CliError| {
        Outcome::Unreadable(Unread {
            name: file.shown.clone(),
            game: Some(file.game),
            error: error.in_game(file.game),
            place: Some(place),
            bytes,
        })
    };
    let input = match file.input(chunk) {
        Ok(input) => input,
        Err(e) => return refuse(e),
    };
    match adapter(file.game).validate(&input, file.from.as_deref()) {
        Ok(checked) => {
            let any = checked
                .records
                .iter()
                .any(|r| !r.problems.is_empty() || !r.warnings.is_empty());
            Outcome::Checked {
                file: file.clone(),
                place,
                first,
                last,
                bytes,
                text: if any { checked.text } else { String::new() },
                records: checked.records,
            }
        }
        Err(e) => refuse(e),
    }
}
