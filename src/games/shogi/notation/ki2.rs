//! KI2: KIF's headers and diagrams with moves written without origins, several to a line
//! (`▲７六歩　△３四歩　▲２二角成　△同　銀`), made unique by the relative words
//! 右 左 直 上 寄 引 and 打. The machinery is shared with KIF (`super::kif`).

use crate::core::Problem;
use crate::games::shogi::position::Position;
use crate::games::shogi::record::Record;
use crate::games::shogi::types::{Move, Square};

use super::MoveHook;
use super::kif::{Flavor, printer, reader};

/// Read a KI2 text (decoded; see `notation::encoding`).
pub fn parse_record(text: &str) -> Result<Record, Problem> {
    reader::read(text, Flavor::Ki2, &mut |_| None)
}

/// Read a KI2 text whose move lines may hold moves `hook` claims (see [`MoveHook`]).
pub fn parse_record_with(text: &str, hook: &mut MoveHook<'_>) -> Result<Record, Problem> {
    reader::read(text, Flavor::Ki2, hook)
}

/// Print a record as canonical KI2 (minimal relative words).
pub fn print_record(record: &Record) -> Result<String, Problem> {
    printer::print_record(record, Flavor::Ki2)
}

/// The KI2 text of one legal move of `pos` (`previous` = the previous ply's destination).
pub fn move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    printer::ki2_move_text(pos, mv, previous)
}
