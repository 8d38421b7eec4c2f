//! Shogi notations, one file each. Parsers know nothing of legality; printers are canonical.

pub mod csa;
pub mod sfen;
pub mod usi;
