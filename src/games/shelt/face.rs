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
//! let pos = Position::startpos();
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
pub use super::io::Format;
pub use super::notation::readout::Readout;
pub use super::position::{Cell, End, EndReason, Position};
pub use super::record::{PlyText, Record, RecordPly};
pub use super::resolve::{Previous, Resolved};
pub use super::setup::Setup;
pub use super::solve::SheltExtension;
pub use super::solve::exact::MateIn;
pub use super::types::Ply as Move;
pub use super::types::{Kind, Lantis, Ply, Side, Square};
pub use super::validate::{GameResult, Mode, Replay};

/// SPN, the position notation (§11): a position both ways; [`Setup`] keeps what it says
/// before the rules are checked.
pub mod spn {
    pub use crate::games::shelt::notation::spn::{INITIAL, parse_position, parse_setup, to_spn};
}

/// The exhaustive mate-in-N search: slower than [`solve`], it proves every key and, after
/// the key, every defence with every attacker ply that still wins (the tables of §15.3),
/// which a composer checks a puzzle against.
pub mod exact {
    pub use crate::games::shelt::solve::exact::{Defence, Solution, Solver};
}

/// Readouts (§9), the spoken ply notation: a readout as written both ways, and a ply of a
/// position read from one or written as one.
pub mod readout {
    pub use crate::games::shelt::notation::readout::{Readout, parse, print};
    pub use crate::games::shelt::print::readout as write;
    pub use crate::games::shelt::resolve::readout as resolve;
}

/// Compact algebraic notation (§10): a compact ply as written both ways, and a ply of a
/// position read from one or written as one.
pub mod compact {
    pub use crate::games::shelt::notation::compact::{Compact, parse, print};
    pub use crate::games::shelt::print::compact as write;
    pub use crate::games::shelt::resolve::compact as resolve;
}

/// Read the record in `text`: one readout per line, with its headers.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    Ok(vec![super::record::parse(text)?])
}

/// Replay a record under the rules (lenient about the notation's optional marks); the
/// replay stops at the first illegal ply.
pub fn validate(record: &Record) -> Replay {
    super::validate::replay(record)
}

/// Replay a record in `mode`: [`Mode::Strict`] makes the tolerated deviations (W01, W02,
/// W04) errors.
pub fn validate_with(record: &Record, mode: Mode) -> Replay {
    super::validate::replay_with(record, mode)
}

/// A replayed record printed canonically in `format` (headers first, one ply a line; SPN
/// keeps only the end position).
pub fn write(record: &Record, replay: &Replay, format: Format) -> String {
    super::io::write(record, replay, format)
}

/// The position after a legal ply, with the ending by lack of plies recorded (§8) where
/// it applies ([`Position::after`] leaves it for the next ply to find).
pub fn play(pos: &Position, ply: Ply) -> Position {
    super::movegen::play(pos, ply)
}

/// Whether `side`'s moon, or its only magic piece, is attacked (§7.2).
pub fn in_check(pos: &Position, side: Side) -> bool {
    super::movegen::in_check(pos, side)
}

/// Every legal ply of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Ply> {
    super::movegen::plies(pos)
}

/// The number of ply sequences of `depth` plies from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    super::movegen::perft(pos, depth)
}

/// perft split by first ply: each legal ply with the number of sequences it begins.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
    super::movegen::perft_divide(pos, depth)
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
    solve_mate_in(
        pos,
        MateIn {
            n,
            moon_only: false,
        },
        limits,
    )
}

/// Solve a direct mate as a puzzle states it (`#N`, or `#N moon` where only the moon's
/// capture wins) from `pos`, the side to move attacking.
pub fn solve_mate_in(
    pos: &Position,
    mate: MateIn,
    limits: &crate::Limits,
) -> crate::Answer<SheltExtension> {
    super::solve::solve(pos, mate, limits)
}

/// Solve a stipulation beyond the direct mate from `pos`, its side to move playing first:
/// help play (`h#n`, `h#n.5`, `hs#n`, counted in moves; the goal is the capture that wins,
/// of the moon or the last magic piece), self and reflex play (`s#n`, `r#n`); every
/// solution of help play, the key and its tree otherwise. Shelt has no stalemate and no
/// passing, so `h=n` and series play are refused.
///
/// ```
/// use hensoku::{Limits, StipulationError, shelt};
///
/// let pos = shelt::Position::startpos();
/// let h1 = "h#1".parse().unwrap();
/// let answer = shelt::solve_stipulation(&pos, &h1, &Limits::default()).unwrap();
/// assert!(!answer.solved());
/// let series = "ser-h#2".parse().unwrap();
/// let refused = shelt::solve_stipulation(&pos, &series, &Limits::default());
/// assert!(matches!(refused, Err(StipulationError::Unsupported(_))));
/// ```
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, crate::StipulationError> {
    crate::solver::stipulated::solve(pos, stip, limits)
}

/// The pieces of the command line's viewer: a board picture with the `shaded` squares
/// marked (its type belongs to the crate's renderer).
#[doc(hidden)]
pub fn drawing(pos: &Position, shaded: &[Square]) -> crate::render::Svg {
    super::render::drawing(pos, shaded)
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
        Position::startpos()
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
    fn solve_stipulation(
        pos: &Position,
        stip: &crate::Stipulation,
        limits: &crate::Limits,
    ) -> Result<crate::Answer, crate::StipulationError> {
        solve_stipulation(pos, stip, limits)
    }
    fn check_stipulation(
        stip: &crate::Stipulation,
    ) -> Result<crate::Stipulation, crate::StipulationError> {
        crate::solver::stipulated::check::<Position>(stip)
    }
    fn diagram(pos: &Position, ascii: bool) -> String {
        super::render::diagram(pos, ascii)
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
