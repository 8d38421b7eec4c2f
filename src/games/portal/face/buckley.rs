//! Buckley's Portal Chess: one board, each side moves its own portal; a black hole when
//! they meet.
//!
//! ```
//! use hensoku::portal::buckley::{self, Position};
//!
//! let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4:a5".parse()?;
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4:a5");
//! let mv = buckley::parse_move(&pos, "d4")?;
//! assert_eq!(buckley::move_text(&pos, mv), "d4");
//! assert_eq!(buckley::perft(&pos, 2), 645);
//! // White's portal stands on e4: a double step may not pass through it.
//! let err = buckley::parse_move(&pos, "e4").unwrap_err();
//! assert_eq!(err.rule, hensoku::portal::PortalRule::DoubleStepThroughPortal);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! ```
//! use hensoku::portal::buckley;
//!
//! let games = buckley::read("1. d4 d5 *\n")?;
//! assert!(buckley::validate(&games[0]).valid());
//! # Ok::<(), hensoku::Problem>(())
//! ```

pub use crate::games::portal::buckley::BuckleyMove as Move;
pub use crate::games::portal::buckley::BuckleyPosition as Position;

pub use crate::games::portal::buckley::position::BuckleySetup as Setup;

super::one_board_face!(Position, Move, Setup, Buckley, "portal-buckley");
