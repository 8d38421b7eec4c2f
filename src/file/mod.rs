//! A file of one game read whole, as `hensoku convert` and `hensoku view` read it: its
//! bytes decoded to text, its records read and replayed, and why it was refused when it
//! was. Written once here, so that the command line and a binding (Python) read a file the
//! same way and refuse it with the same words.
//!
//! A refusal is a [`FileError`] of one of three kinds, the command line's exit codes: a
//! request that cannot be met (an unknown notation), input that cannot be read as the
//! game's text, and a record read but breaking a rule.

pub mod chess;
pub mod fived;
pub mod portal;
pub mod portal_howe;
pub mod puzzle;
pub mod quantum;
pub mod shelt;
pub mod shogi;
pub mod shogi_cards;

use crate::{CommonRule, Problem, Span};

/// A file's bytes and the name to show for it (which also tells its notation by its
/// extension).
#[derive(Clone, Debug)]
pub struct Input {
    /// The name shown in messages (`games.pgn`, `<stdin>`).
    pub name: String,
    /// The bytes, line ends LF and no byte-order mark (see [`Input::normalized`]).
    pub bytes: Vec<u8>,
}

impl Input {
    /// `bytes` named `name`, their line ends made LF and a leading UTF-8 byte-order mark
    /// dropped (`text::normalize_bytes`): spans and offsets of every diagnostic count in
    /// the text so normalised, in every game and format.
    pub fn normalized(name: impl Into<String>, bytes: Vec<u8>) -> Input {
        let bytes = match crate::text::normalize_bytes(&bytes) {
            std::borrow::Cow::Owned(b) => b,
            std::borrow::Cow::Borrowed(b) if b.len() != bytes.len() => b.to_vec(),
            std::borrow::Cow::Borrowed(_) => bytes,
        };
        Input {
            name: name.into(),
            bytes,
        }
    }
}

/// Why a file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileErrorKind {
    /// What was asked cannot be done (an unknown notation, a file of positions converted to
    /// moves): the command line's usage error.
    Usage,
    /// The bytes are not text of the game or notation asked for.
    Input,
    /// The text was read and breaks a rule (an illegal move).
    Invalid,
}

/// A file refused: its kind, a message, and the problem with the text it points into
/// when there is one.
#[derive(Clone, Debug)]
pub struct FileError {
    /// Which of the three refusals this is.
    pub kind: FileErrorKind,
    /// What went wrong, with the file's name when the problem is in a text.
    pub message: String,
    /// The problem, the name of the text it points into, and that text; boxed so that a
    /// `Result` carrying the error stays small.
    pub located: Option<Box<(Problem, String, String)>>,
}

impl FileError {
    /// A request that cannot be met.
    pub fn usage(message: impl Into<String>) -> FileError {
        FileError {
            kind: FileErrorKind::Usage,
            message: message.into(),
            located: None,
        }
    }

    /// Unreadable input: a problem pointing into the text (named `name`) that could not be
    /// read.
    pub fn input(problem: Problem, name: &str, text: &str) -> FileError {
        FileError::located(FileErrorKind::Input, problem, name, text)
    }

    /// An invalid record: a problem found in it (syntax or rules).
    pub fn invalid(problem: Problem, name: &str, text: &str) -> FileError {
        FileError::located(FileErrorKind::Invalid, problem, name, text)
    }

    fn located(kind: FileErrorKind, problem: Problem, name: &str, text: &str) -> FileError {
        FileError {
            kind,
            message: format!("{name}: {}", problem.message),
            located: Some(Box::new((problem, name.to_string(), text.to_string()))),
        }
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileError {}

/// The tag lines of a PGN-like record (`[Name "value"]`), then a blank line when there is
/// any: the head every Portal writer gives a game.
pub(crate) fn tag_section(tags: &[(String, String)]) -> String {
    let mut out: String = tags
        .iter()
        .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
        .collect();
    if !tags.is_empty() {
        out.push('\n');
    }
    out
}

/// The input as UTF-8 text, refused when it is not UTF-8 or holds nothing but white space.
pub fn utf8_text(input: &Input) -> Result<String, FileError> {
    let text = decode_utf8(input)?;
    require_text(&text, &input.name)?;
    Ok(text)
}

/// The input as UTF-8 text: the one decoder of every format that must be UTF-8, in every
/// game. Bytes that are not are `CommonRule::Encoding` at the first bad byte, with the
/// text around it shown.
pub fn decode_utf8(input: &Input) -> Result<String, FileError> {
    String::from_utf8(input.bytes.clone()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let p = Problem::new(
            CommonRule::Encoding,
            "the file is not UTF-8",
            Span::new(at, 1),
        );
        FileError::input(p, &input.name, &String::from_utf8_lossy(&input.bytes))
    })
}

/// Refuse a decoded input that holds nothing but white space: an empty record must never
/// read as a default one (the start position, say).
pub fn require_text(text: &str, name: &str) -> Result<(), FileError> {
    if text.trim().is_empty() {
        let p = Problem::new(
            CommonRule::NoRecord,
            "no record found: the input is empty",
            Span::new(0, 0),
        );
        return Err(FileError::input(p, name, text));
    }
    Ok(())
}
