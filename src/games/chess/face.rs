//! Orthodox chess: positions in FEN, moves in UCI and SAN, games in PGN, the FIDE rules
//! (each illegal move names the rule it breaks, a [`ChessRule`] or a shared
//! [`CommonRule`](crate::CommonRule)) and move generation.
//!
//! A move's kind (castling, en passant) depends on the position, so the written forms are
//! their own types: [`Uci`] parses from text and [`Uci::to_move`] finds the legal move it
//! names; a [`Move`] prints as UCI.
//!
//! ```
//! use hensoku::chess::{Position, Uci};
//!
//! let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! let mv = "e2e4".parse::<Uci>()?.to_move(&pos)?;
//! assert_eq!(mv.to_string(), "e2e4");
//! assert_eq!(
//!     pos.after(mv).to_string(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
//! );
//! assert_eq!(hensoku::chess::perft(&pos, 3), 8902);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A PGN game is read and replayed under the rules; an illegal move names its rule:
//!
//! ```
//! use hensoku::{CommonRule, chess};
//!
//! let games = chess::read("1. f3 e5 2. g4 Qh4# 0-1\n")?;
//! let replay = chess::validate(&games[0]);
//! assert!(replay.valid());
//! assert_eq!(replay.result.reason, "checkmate");
//!
//! let bad = chess::validate(&chess::read("1. e4 e5 2. Ke3 *\n")?[0]);
//! assert_eq!(bad.problems[0].rule, CommonRule::IllegalMovement);
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::Problem;

pub use super::ChessRule;
pub use super::notation::uci::Uci;
pub use super::position::Position;
pub use super::record::Record;
pub use super::types::{Color, Move, MoveKind, Piece, Role, Square};
pub use super::validate::{GameResult, Replay};

/// Read every game of a PGN text.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    super::notation::pgn::read(text)
}

/// Replay a game's main line under the FIDE rules; the replay stops at the first illegal
/// move.
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

/// The legal move of `pos` a SAN token names (`Nf3`, `exd8=Q+`, `O-O`), or the rule it
/// breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
    super::notation::san::parse(text)?.san.resolve(pos)
}

/// The SAN of a legal move of `pos`, with its check or mate mark.
pub fn move_text(pos: &Position, mv: Move) -> String {
    super::notation::san::move_text(pos, mv)
}

/// Solve a directmate in `n` moves of the side to move: every key with its tree.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, n, limits, false)
}

impl Replay {
    /// No move broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Uci {
    /// The legal move of `pos` this names, or the rule it breaks.
    pub fn to_move(&self, pos: &Position) -> Result<Move, Problem> {
        self.resolve(pos)
    }
}

/// FEN (six fields; the clocks may be left out); the set-up must be a legal position.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        super::notation::fen::parse_position(text)
    }
}

/// FEN, all six fields.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::fen::to_fen(self))
    }
}

/// UCI: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
impl FromStr for Uci {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Uci, Problem> {
        super::notation::uci::parse(text)
    }
}

/// UCI: `e2e4`, `e7e8q`.
impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(r) => write!(f, "{}", r.upper().to_ascii_lowercase()),
            None => Ok(()),
        }
    }
}

/// UCI, the move's squares and its promotion: `e2e4`, `e1g1`, `e7e8q`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::uci::move_text(*self))
    }
}

/// Orthodox chess as a [`Game`](crate::Game): the functions above, in the shape every game
/// shares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chess;

/// The reasons of a game with no winner that are draws (the rest leave it unfinished).
pub(crate) const DRAWS: &[&str] = &[
    "stalemate",
    "fivefold_repetition",
    "seventy_five_moves",
    "insufficient_material",
];

/// `white` or `black`, as the replay names a winner.
pub(crate) fn color_named(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl crate::Game for Chess {
    const NAME: &'static str = "chess";
    type Position = Position;
    type Move = Move;
    type Record = Record;
    type Color = Color;
    type Extension = crate::solver::answer::NoExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    fn validate(record: &Record, _text: &str) -> crate::Replay<Chess> {
        let r = validate(record);
        let winner = r.result.winner.as_deref().and_then(color_named);
        crate::Replay {
            start: Some(r.start),
            moves: r.moves,
            problems: r.problems,
            warnings: Vec::new(),
            result: crate::GameResult::new(winner, r.result.reason, DRAWS),
            end: Some(r.end),
        }
    }
    fn legal_moves(pos: &Position) -> Vec<Move> {
        legal_moves(pos)
    }
    fn play_unchecked(pos: &Position, mv: &Move) -> Position {
        pos.after(*mv)
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
    fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
        solve(pos, n, limits)
    }
    /// Figurines, or letters when `ascii`.
    fn diagram(pos: &Position, ascii: bool) -> String {
        super::render::diagram(pos, ascii)
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
