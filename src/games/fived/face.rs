//! 5D Chess with Multiverse Time Travel: the multiverse (the position: every timeline's
//! boards), 5DPGN records and 5DFEN boards, the rules (each broken rule a [`FivedRule`])
//! and the generation of actions.
//!
//! A turn is an *action*: one or more moves, one on each board the side must play. The
//! multiverse parses from and prints as a 5DPGN header with its 5DFEN boards:
//!
//! ```
//! use hensoku::fived::{self, Position, Budget};
//!
//! let start = Position::standard();
//! let text = start.to_string();
//! assert!(text.starts_with("[Mode \"5D\"]\n[Board \"custom\"]\n[Size \"8x8\"]\n"));
//! let again: Position = text.parse()?;
//! assert_eq!(again.to_string(), text);
//! assert_eq!(fived::perft(&start, 1, Budget::default()), 20);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A record is read and replayed under the rules (the replay quotes the text, so it takes
//! it too):
//!
//! ```
//! use hensoku::fived;
//!
//! let text = "[Mode \"5D\"]\n[Board \"Standard\"]\n1. e3 / e6\n";
//! let replay = fived::validate(&fived::read(text)?[0], text);
//! assert!(replay.valid());
//! assert_eq!(replay.actions.len(), 2);
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::Problem;

pub use super::FivedRule;
pub use super::action::Budget;
pub use super::movegen::{Move, Point};
pub use super::multiverse::Multiverse as Position;
pub use super::record::Record;
pub use super::types::{Colour, Kind};
pub use super::validate::Replay;

/// Read the 5DPGN record in `text`.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    Ok(vec![super::notation::pgn::parse(text)?])
}

/// Replay a record under the rules; `text` is the text it was read from. The replay stops
/// at the first illegal action.
pub fn validate(record: &Record, text: &str) -> Replay {
    super::validate::replay(record, text)
}

/// Every legal action of the side to move (at most `cap`), within `budget` nodes.
pub fn legal_actions(pos: &Position, cap: usize, budget: Budget) -> Vec<Vec<Move>> {
    super::action::legal_actions(pos, cap, budget).0
}

/// The number of action sequences of `depth` actions from `pos` (perft).
pub fn perft(pos: &Position, depth: u32, budget: Budget) -> u64 {
    super::solve::perft(pos, depth, budget)
}

/// The canonical 5DPGN text of a move of `pos` (without a check mark).
pub fn move_text(pos: &Position, mv: &Move) -> String {
    super::notation::print::move_text(pos, mv)
}

impl Position {
    /// The standard 8×8 start: one timeline, White to move.
    pub fn standard() -> Position {
        super::setup::standard()
    }
}

/// Solve a mate in `n` turns of the side to move.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, n, limits)
}

impl Replay {
    /// No action broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A 5DPGN header: the variant's name (`[Board "Standard"]`) or `[Board "custom"]` with
/// 5DFEN boards, and the size and promotions.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        let record = super::notation::pgn::parse(text)?;
        super::setup::initial(&record, text)
    }
}

/// A 5DPGN header with every board in 5DFEN (`[Board "custom"]`).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::print::header(self, "custom", None, &[]))
    }
}
