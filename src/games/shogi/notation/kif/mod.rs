//! KIF, the Kakinoki record format: headers `key：value`, a `手合割` or a BOD board
//! diagram, move lines that name their origin (`   1 ７六歩(77)   ( 0:01/00:00:01)`),
//! terminal lines (`投了`), `*` comments, `&` bookmarks and `変化：N手` branches.
//!
//! The submodules are shared with KI2 (`super::ki2`), which differs only in its move lines.
//! Parsing keeps each move as written (`KifMove`); `MoveText::resolve` matches it against a
//! position. Printing is canonical, so print → parse → print is the identity.

pub mod board;
pub mod layout;
pub mod moves;
pub mod names;
pub mod printer;
pub mod reader;
pub mod summary;
pub mod tokens;
pub mod words;

use crate::core::Problem;
use crate::games::shogi::position::Position;
use crate::games::shogi::record::Record;
use crate::games::shogi::types::{Move, Square};

use super::MoveHook;

pub use moves::{Ki2Move, KifMove};
pub use reader::Flavor;

/// Read a KIF text (decoded; see `notation::encoding`).
pub fn parse_record(text: &str) -> Result<Record, Problem> {
    reader::read(text, Flavor::Kif, &mut |_| None)
}

/// Read a KIF text whose move lines may hold moves `hook` claims (see [`MoveHook`]):
/// KIF's headers, diagrams, times, comments and variations read as for shogi.
pub fn parse_record_with(text: &str, hook: &mut MoveHook<'_>) -> Result<Record, Problem> {
    reader::read(text, Flavor::Kif, hook)
}

/// Print a record as canonical KIF. Fails on the first move that does not resolve to a
/// legal move, since KIF writes every move's origin.
pub fn print_record(record: &Record) -> Result<String, Problem> {
    printer::print_record(record, Flavor::Kif)
}

/// The KIF text of one move of `pos` (`previous` = the previous ply's destination, for `同`).
pub fn move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    printer::kif_move_text(pos, mv, previous)
}
