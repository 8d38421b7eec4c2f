//! Reading a `.puzzle` file: the position tag and the stipulation, for any game; a shogi
//! or card-shogi puzzle read as the USI record it stands for.

use super::{FileError, Input};
use crate::puzzle::{self, Stipulation};
use crate::quantum::QuantumRule;
use crate::{CommonRule, Problem, Span};

/// What `solve` needs from a puzzle file.
pub struct PuzzleFile {
    /// The file's text.
    pub text: String,
    /// The `[Position "…"]` value, and its span in `text`.
    pub position: String,
    /// Where the value stands in `text`.
    pub position_span: Span,
    /// "mate in N" as plies, when the file states it.
    pub mate_in: Option<u32>,
}

/// Whether `input` is a puzzle file, by its name.
pub fn is_puzzle(input: &Input) -> bool {
    input.name.ends_with(".puzzle")
}

/// The playable position of a `.puzzle` file's `Position` tag, read by `parse` (the game's
/// position notation); its problem is placed on the tag.
pub fn position_with<P>(
    input: &Input,
    parse: impl FnOnce(&str) -> Result<P, Problem>,
) -> Result<P, FileError> {
    let file = read(input)?;
    parse(&file.position).map_err(|p| file.position_error(&input.name, p))
}

/// [`position_with`] the game's own `FromStr`.
pub fn position<P: std::str::FromStr<Err = Problem>>(input: &Input) -> Result<P, FileError> {
    position_with(input, str::parse)
}

/// The position tag and the stated mate length of a puzzle file.
pub fn read(input: &Input) -> Result<PuzzleFile, FileError> {
    let text = String::from_utf8_lossy(&input.bytes).into_owned();
    let (p, problems) = puzzle::parse(&text);
    if let Some(first) = problems.first() {
        return Err(FileError::input(first.clone(), &input.name, &text));
    }
    let Some(tag) = p.tags.iter().find(|t| t.name == "Position") else {
        let missing = Problem::new(
            CommonRule::MissingTag,
            "the puzzle has no [Position \"…\"] tag",
            Span::new(0, 0),
        );
        return Err(FileError::input(missing, &input.name, &text));
    };
    let mate_in = p.stipulation().map(|Stipulation::MateIn(n)| n);
    if mate_in == Some(0) {
        let span = p
            .tags
            .iter()
            .find(|t| t.name == "Stipulation")
            .map_or(Span::new(0, 0), |t| t.span);
        let zero = Problem::new(
            QuantumRule::PuzzleSyntax,
            "a mate takes at least 1 ply",
            span,
        );
        return Err(FileError::input(zero, &input.name, &text));
    }
    Ok(PuzzleFile {
        position: tag.value.clone(),
        position_span: tag.span,
        mate_in,
        text,
    })
}

/// The USI record a shogi or card-shogi puzzle file stands for ([`as_usi_record`]), or
/// `None` for any other input or when `--from` names the format to read.
pub fn usi_record_unless_from(
    input: &Input,
    from: Option<&str>,
) -> Result<Option<Input>, FileError> {
    if from.is_none() && is_puzzle(input) {
        as_usi_record(input).map(Some)
    } else {
        Ok(None)
    }
}

/// A shogi or card-shogi puzzle file as the USI record it stands for, `position sfen
/// <Position> moves <movetext>`, so that every command (parse, validate, convert, render,
/// view) reads it as it reads a record. A diagnostic then points into that one line.
pub fn as_usi_record(input: &Input) -> Result<Input, FileError> {
    let file = read(input)?;
    let (p, _) = puzzle::parse(&file.text);
    let mut usi = format!("position sfen {}", file.position.trim());
    if !p.moves.is_empty() {
        usi.push_str(" moves");
        for m in &p.moves {
            usi.push(' ');
            usi.push_str(&m.text);
        }
    }
    usi.push('\n');
    Ok(Input {
        name: input.name.clone(),
        bytes: usi.into_bytes(),
    })
}

impl PuzzleFile {
    /// A problem in the position's own text, moved to the tag in the file.
    pub fn position_error(&self, name: &str, p: Problem) -> FileError {
        FileError::input(
            Problem {
                span: self.position_span,
                ..p
            },
            name,
            &self.text,
        )
    }
}
