//! `hensoku convert`: a record in another notation of its game.
//!
//! What the target cannot carry is dropped with a warning (or refused with `--strict`), never
//! silently. An irregular record read as tsshogi does (a KIF variation past the end of
//! its line, a move number written twice) is converted with a warning, refused with
//! `--strict`.
//!
//! The input is read as a stream of records and each converted as it comes:
//! `crate::stream`.

use super::args::ConvertArgs;
use super::error::CliError;

pub fn run(a: &ConvertArgs) -> Result<u8, CliError> {
    crate::stream::convert(a)
}
