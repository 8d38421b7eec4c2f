//! Shelt, the 7×7 game: positions in SPN, plies in readout (`tes,vi,pal`) and compact
//! algebraic notation, records of readouts, the rules of the specification (each broken
//! rule a [`SheltRule`], the warnings W01–W05 among them) and ply generation.
//!
//! A ply is a move in Shelt's own terms ([`Move`] is [`Ply`]). Its readout names the
//! pieces, so it is read and written against a position:
//!
//! ```
//! use hensoku::shelt::{self, Position};
//!
//! let pos = Position::initial();
//! let ply = shelt::parse_move(&pos, "tes,vi,pal")?;
//! assert_eq!(shelt::move_text(&pos, ply), "tes,vi,pal");
//! assert!(shelt::legal_moves(&pos).contains(&ply));
//! assert_eq!(shelt::perft(&pos, 2), 900);
//! let again: Position = pos.to_string().parse()?; // SPN both ways
//! assert_eq!(again.to_string(), pos.to_string());
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A record is read and replayed under the rules:
//!
//! ```
//! use hensoku::shelt::{self, SheltRule};
//!
//! let replay = shelt::validate(&shelt::read("tes,vi,pal\nfox,le,umt\n")?[0]);
//! assert!(replay.valid());
//! assert_eq!(replay.plies.len(), 2);
//!
//! let bad = shelt::validate(&shelt::read("tes,vi,pal\ntes,va,pal\n")?[0]);
//! assert_eq!(bad.problems[0].rule, hensoku::CommonRule::WrongSide);
//! # let _ = SheltRule::W01;
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::Problem;

pub use super::SheltRule;
pub use super::solve::SheltExtension;
pub use super::notation::readout::Readout;
pub use super::position::Position;
pub use super::record::Record;
pub use super::types::Ply as Move;
pub use super::types::{Kind, Lantis, Ply, Side, Square};
pub use super::validate::{GameResult, Replay};

/// Read the record in `text`: one readout per line, with its headers.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    Ok(vec![super::record::parse(text)?])
}

/// Replay a record under the rules (lenient about the notation's optional marks); the
/// replay stops at the first illegal ply.
pub fn validate(record: &Record) -> Replay {
    super::validate::replay(record)
}

/// Every legal ply of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Ply> {
    super::movegen::plies(pos)
}

/// The number of ply sequences of `depth` plies from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    super::movegen::perft(pos, depth)
}

/// The legal ply of `pos` a readout names, as the first ply of a record (so without
/// `kak`), or the rule it breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Ply, Problem> {
    let readout: Readout = text.parse()?;
    let ply = super::resolve::readout(pos, super::resolve::Previous::None, &readout)?.ply;
    super::rules::check(pos, ply).map_err(|v| Problem::new(v.rule, v.message, readout.span))?;
    Ok(ply)
}

/// The canonical readout of a legal ply of `pos`.
pub fn move_text(pos: &Position, ply: Ply) -> String {
    crate::core::Game::move_text(pos, ply)
}

/// Solve `#n` (mate in `n` of the attacker's plies) from `pos`, the side to move attacking.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<SheltExtension> {
    super::solve::solve(pos, super::solve::exact::Stipulation { n, moon_only: false }, limits)
}

/// SPN; the set-up must be a legal position (the first problem is reported).
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        super::notation::spn::parse_position(text).map_err(|mut all| all.remove(0))
    }
}

/// SPN.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::spn::to_spn(self))
    }
}

/// One readout, as written (syntax only; [`parse_move`] finds the ply).
impl FromStr for Readout {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Readout, Problem> {
        super::notation::readout::parse(text, 0)
    }
}

/// The readout as parsed, with the specification's aliases replaced.
impl fmt::Display for Readout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::readout::print(self))
    }
}

impl Position {
    /// The initial position, under the name every game's start position has.
    pub fn startpos() -> Position {
        Position::initial()
    }
}

/// The players, under the type name every game's module uses.
pub type Color = Side;

/// Shelt as a [`Game`](crate::Game) (`--game shelt`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shelt;

impl crate::Game for Shelt {
    const NAME: &'static str = "shelt";
    type Position = Position;
    type Move = Ply;
    type Record = Record;
    type Color = Side;
    type Extension = SheltExtension;

    fn start() -> Position {
        Position::initial()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    /// The tolerated deviations and the notes both count as warnings here.
    fn validate(record: &Record, _text: &str) -> crate::Replay<Shelt> {
        let r = validate(record);
        let mut warnings = r.warnings;
        warnings.extend(r.notes);
        crate::Replay {
            start: Some(r.start),
            end: r.positions.last().cloned(),
            moves: r.plies,
            problems: r.problems,
            warnings,
            result: crate::GameResult::new(r.result.winner, r.result.reason, &[]),
        }
    }
    fn legal_moves(pos: &Position) -> Vec<Ply> {
        legal_moves(pos)
    }
    fn play_unchecked(pos: &Position, ply: &Ply) -> Position {
        pos.after(*ply)
    }
    fn parse_move(pos: &Position, text: &str) -> Result<Ply, Problem> {
        parse_move(pos, text)
    }
    fn move_text(pos: &Position, ply: &Ply) -> String {
        move_text(pos, *ply)
    }
    fn perft(pos: &Position, depth: u32) -> u64 {
        perft(pos, depth)
    }
    fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<SheltExtension> {
        solve(pos, n, limits)
    }
    fn diagram(pos: &Position, ascii: bool) -> String {
        super::render::diagram(pos, ascii)
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
