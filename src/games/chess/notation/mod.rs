//! The notations of orthodox chess. Parsers know nothing of legality; resolving a written
//! move against a position is a separate step.

pub mod fen;
pub mod pgn;
pub mod san;
pub mod uci;
