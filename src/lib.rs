//! hensoku (変則): read, write, validate and solve the notations of unusual board games.
//!
//! ```
//! use hensoku::games::shogi::{movegen, Position};
//! assert_eq!(movegen::perft(&Position::startpos(), 2), 900);
//! ```

pub mod core;
pub mod games;
pub mod puzzle;
pub mod solver;
