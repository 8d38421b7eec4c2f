//! Shogi: positions in SFEN, moves in USI, records in KIF, KI2, CSA and USI, the full
//! rules (each illegal move names the rule it breaks, a [`ShogiRule`] or a shared
//! [`CommonRule`](crate::CommonRule)) and move generation.
//!
//! A position and a move parse from their canonical notations and print back to them:
//!
//! ```
//! use hensoku::shogi::{Move, Position};
//!
//! let pos: Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".parse()?;
//! let mv: Move = "7g7f".parse()?;
//! assert!(hensoku::shogi::legal_moves(&pos).contains(&mv));
//! assert_eq!(pos.after(mv).to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! assert_eq!(hensoku::shogi::perft(&pos, 2), 900);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A record is read (the notation is recognised from the text) and replayed under the
//! rules; an illegal move is reported with its rule and its place in the text:
//!
//! ```
//! use hensoku::{CommonRule, shogi};
//!
//! let records = shogi::read("position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n")?;
//! let replay = shogi::validate(&records[0]);
//! assert!(replay.valid());
//! assert_eq!(replay.moves.len(), 4);
//!
//! let bad = shogi::validate(&shogi::read("position startpos moves 7g7f 3c3d 7f7d\n")?[0]);
//! assert_eq!(bad.problems[0].rule, CommonRule::IllegalMovement);
//! assert_eq!(bad.problems[0].message, "a Pawn cannot move from 7f to 7d");
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::{Problem, Span};

mod notation;
mod setup;
mod stipulation;

pub use super::ShogiRule;
pub use super::io::Format;
pub use super::notation::MoveHook;
pub use super::position::Position;
pub use super::record::{Ending, MoveText, Record, RecordMove, Variation};
pub use super::setup::Setup;
pub use super::solve::{ShogiExtension, SolveConfig};
pub use super::types::{Color, Kind, Move, Piece, Square};
pub use super::validate::{GameResult, Replay};
pub use notation::{csa, encoding, io, ki2, kif, sfen, usi};
pub use setup::ACCEPTABLE;
pub use stipulation::{check_stipulation, solve_stipulation};

/// What the command line draws: the board as an SVG drawing, the squares a move marks.
pub(crate) use super::render::{drawing, move_squares};

/// Read every record in `text`, in the notation the text is written in (KIF, KI2, CSA,
/// USI or a bare SFEN), recognised from the text itself.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    super::io::read(text, Format::sniff(text))
}

/// Read every record in `text` written in `format` (as a file's extension names it,
/// [`Format::from_path`], or as a caller knows it): a CSA file whose first line is a comment
/// is not recognised from its text alone, which is all [`read`] looks at.
pub fn read_as(text: &str, format: Format) -> Result<Vec<Record>, Problem> {
    super::io::read(text, format)
}

/// Replay a record under the full rules: every move resolved, checked and played, and the
/// end of the game found. The replay stops at the first illegal move.
pub fn validate(record: &Record) -> Replay {
    super::validate::replay(record)
}

/// Every legal move of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    super::movegen::legal_moves(pos)
}

/// The number of move sequences of `depth` plies from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    super::movegen::perft(pos, depth)
}

/// The legal move of `pos` a USI text names, or the rule it breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
    let mv: Move = text.parse()?;
    super::rules::check_move(pos, mv)
        .map_err(|e| Problem::new(e.rule, e.message, Span::new(0, text.len())))?;
    Ok(mv)
}

/// The canonical (USI) text of a move; USI needs no position, the argument is there for
/// the shape every game shares.
pub fn move_text(_pos: &Position, mv: Move) -> String {
    mv.to_string()
}

/// Solve a tsume (the side to move checks every move) within `n` plies, the mate proven
/// shortest; a limit reached answers [`Outcome::Unknown`](crate::Outcome).
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<ShogiExtension> {
    super::solve::solve(pos, Some(n), limits)
}

/// [`solve`] for the shortest mate (`mate_in` `None`) or within `mate_in` plies, with a
/// chosen configuration: count futile interpositions as engines do, or size the solution
/// tree. Answers do not depend on the table size (`limits.memory`).
pub fn solve_with(
    pos: &Position,
    mate_in: Option<u32>,
    limits: &crate::Limits,
    config: &SolveConfig,
) -> crate::Answer<ShogiExtension> {
    super::solve::solve_with(pos, mate_in, limits, config)
}

/// Every legal move of every line of a record, as (ply, position before it, move): the
/// main line as [`validate`] plays it, then each variation, each line up to its first
/// illegal move. Empty when the start is not a legal position.
pub fn every_move(record: &Record) -> Vec<(usize, Position, Move)> {
    super::branches::every_move(record)
}

/// SFEN, the whole text (`startpos` too); the set-up must be a legal position.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        super::notation::sfen::parse_position(text)
    }
}

/// SFEN, with the move number.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::sfen::to_sfen(self))
    }
}

/// USI: `7g7f`, `8h2b+`, `P*5e`.
impl FromStr for Move {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Move, Problem> {
        super::notation::usi::parse_move(text)
    }
}

/// USI: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::usi::move_text(*self))
    }
}

/// Shogi as a [`Game`](crate::Game): the functions above, in the shape every game shares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shogi;

/// The reasons of a game with no winner that are draws (the rest leave it unfinished).
const DRAWS: &[&str] = &[
    "repetition",
    "repetition_claimed",
    "impasse",
    "draw",
    "max_moves",
];

/// `black` or `white`, as the replay names a winner.
pub(crate) fn color_named(name: &str) -> Option<Color> {
    match name {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// The typed result of a replay's named one.
pub(crate) fn typed_result(r: &GameResult) -> crate::GameResult<Color> {
    let winner = r.winner.as_deref().and_then(color_named);
    crate::GameResult::new(winner, r.reason.clone(), DRAWS)
}

impl crate::Game for Shogi {
    const NAME: &'static str = "shogi";
    type Position = Position;
    type Move = Move;
    type Record = Record;
    type Color = Color;
    type Extension = ShogiExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    fn validate(record: &Record, _text: &str) -> crate::Replay<Shogi> {
        let r = validate(record);
        crate::Replay {
            start: Some(r.start.clone()),
            moves: r.moves.clone(),
            problems: r.problems.clone(),
            warnings: record.warnings.clone(),
            result: typed_result(&r.result),
            end: Some(r.end),
        }
    }
    fn legal_moves(pos: &Position) -> Vec<Move> {
        legal_moves(pos)
    }
    fn play_unchecked(pos: &Position, mv: &Move) -> Position {
        pos.after(*mv)
    }
    /// Names the exact rule an illegal move breaks (`TwoPawns`, `DropPawnMate`, …).
    fn play(pos: &Position, mv: &Move) -> Result<Position, Problem> {
        super::rules::check_move(pos, *mv).map_err(|e| {
            let len = mv.to_string().len();
            Problem::new(e.rule, e.message, Span::new(0, len))
        })?;
        Ok(pos.after(*mv))
    }
    fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
        parse_move(pos, text)
    }
    fn move_text(pos: &Position, mv: &Move) -> String {
        move_text(pos, *mv)
    }
    fn perft(pos: &Position, depth: u32) -> u64 {
        perft(pos, depth)
    }
    fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<ShogiExtension> {
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
    /// The Japanese diagram (kanji pieces, `v` for White's), or its ASCII form.
    fn diagram(pos: &Position, ascii: bool) -> String {
        if ascii {
            super::render::ascii_diagram(pos)
        } else {
            super::render::japanese_diagram(pos)
        }
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
