//! `hensoku validate`: replay every record of every input; report all problems and go on.
//!
//! The inputs are read as a stream of records (files, folders, standard input, compressed
//! files, archives), checked on every core and reported in input order: `crate::stream`.

use super::error::CliError;
use crate::stream::ValidateArgs;

pub fn run(a: &ValidateArgs) -> Result<u8, CliError> {
    crate::stream::validate(a)
}
