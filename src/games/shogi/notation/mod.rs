//! Shogi notations, one file each. Parsers know nothing of legality; printers are canonical.

pub mod csa;
pub mod encoding;
pub mod ki2;
pub mod kif;
pub mod sfen;
pub mod usi;
