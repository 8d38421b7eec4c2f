//! Hidden's Portal Chess: one board, a pair of neutral portals that wander; a piece that
//! enters one comes out of the other.
//!
//! ```
//! use hensoku::portal::hidden::{self, Position};
//!
//! let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b4,c4,f4,g4,b5,c5,f5,g5".parse()?;
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b4,c4,f4,g4,b5,c5,f5,g5");
//! let mv = hidden::parse_move(&pos, "e4")?;
//! assert_eq!(hidden::move_text(&pos, mv), "e4");
//! assert_eq!(hidden::perft(&pos, 2), 256);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! ```
//! use hensoku::portal::hidden;
//!
//! let games = hidden::read("1. e4 e5 *\n")?;
//! assert!(hidden::validate(&games[0]).valid());
//! # Ok::<(), hensoku::Problem>(())
//! ```

pub use crate::games::portal::hidden::HiddenMove as Move;
pub use crate::games::portal::hidden::HiddenPosition as Position;

pub use crate::games::portal::hidden::position::HiddenSetup as Setup;

super::one_board_face!(Position, Move, Setup, Hidden, "portal-hidden");
