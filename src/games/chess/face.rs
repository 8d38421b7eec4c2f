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
//! A FEN is read as a [`Setup`] first when it may break the rules: turning it into a
//! position reports every problem, and tolerates the rules a caller accepts.
//! [`Setup::position`](crate::Setup::position) can accept
//! [`ChessRule::BadCastlingRights`] and [`ChessRule::BadEnPassant`] (the rights and the
//! square are dropped), as engines and perft suites read a FEN.
//!
//! ```
//! use hensoku::Setup as _;
//! use hensoku::chess::{Chess, ChessRule, Setup};
//!
//! let setup: Setup = "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1".parse()?;
//! assert_eq!(Chess::position(&setup, &[]).unwrap_err().len(), 3); // K, Q and e6
//! let lenient = [ChessRule::BadCastlingRights.into(), ChessRule::BadEnPassant.into()];
//! let pos = Chess::position(&setup, &lenient).unwrap();
//! assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
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

use crate::core::{Problem, Rule};

pub use super::ChessRule;
pub use super::help::MAX_MOVES;
pub use super::io::{Format, PositionLine};
pub use super::notation::san::{CastleSide, San, SanPlus};
pub use super::notation::uci::Uci;
pub use super::position::Position;
pub use super::record::{Record, RecordMove};
pub use super::setup::Setup;
pub use super::types::{Color, Move, MoveKind, Piece, Role, Square};
pub use super::validate::{GameResult, Replay};
pub use crate::StipulationError;

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

/// [`solve`], and the tries too: the first moves that fail only to a few defences, each
/// with its refutations (what a problemist lists beside the key).
pub fn solve_with_tries(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, n, limits, true)
}

/// Does the side to move force mate in at most `n` moves, whatever the defence? `None`
/// when a limit stopped the proof first. Quicker than [`solve`]: no tree, no cooks.
pub fn mates_in(pos: &Position, n: u32, limits: &crate::Limits) -> Option<bool> {
    super::solve::Prover::new(*limits).mates(pos, n).ok()
}

/// Is the side to move checkmated now, or mated in at most `n` more moves of the other
/// side whatever it plays (stalemate is no loss)? `None` when a limit stopped the proof.
pub fn mated_in(pos: &Position, n: u32, limits: &crate::Limits) -> Option<bool> {
    super::solve::Prover::new(*limits).mated(pos, n).ok()
}

/// Solve a stipulation other than the direct mate: help play (`h#n`, `h#n.5`, `h=n`,
/// `ser-h#n`, `ser-#n`, and `hs#n`, whose last move forces the other side to mate),
/// selfmates and reflexmates (`s#n`, `r#n`), up to [`MAX_MOVES`] moves; or why chess does
/// not solve it.
///
/// ```
/// use hensoku::chess::{self, Position};
/// use hensoku::{Limits, Outcome, Stipulation};
///
/// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1".parse()?;
/// let stip: Stipulation = "h#1".parse().unwrap();
/// let answer = chess::solve_stipulation(&pos, &stip, &Limits::default()).unwrap();
/// assert_eq!(answer.result, Outcome::NoSolution);
/// let too_long: Stipulation = "h#21".parse().unwrap();
/// assert!(chess::solve_stipulation(&pos, &too_long, &Limits::default()).is_err());
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, StipulationError> {
    crate::solver::stipulated::solve(pos, stip, limits)
}

/// The stipulation as [`solve_stipulation`] counts it (in moves), or why chess does not
/// solve it: to refuse one before reading the position.
pub fn check_stipulation(
    stip: &crate::Stipulation,
) -> Result<crate::Stipulation, StipulationError> {
    crate::solver::stipulated::check::<Position>(stip)
}

/// The start position of a game: its `FEN` tag (every problem spanned in the file), or
/// the initial array. A game of another variant (its `Variant` tag) is refused; a
/// Chess960 game gets Chess960 castling.
pub fn record_start(record: &Record) -> Result<Position, Vec<Problem>> {
    super::validate::start_of(record)
}

/// The legal move of `pos` a record's move names (SAN, or UCI as some programs write),
/// its problem spanned in the file; a `#` or `+` mark must be true.
pub fn resolve_move(pos: &Position, m: &RecordMove) -> Result<Move, Problem> {
    super::validate::resolve(pos, m)
}

/// How the rules judge the game after `moves` from `start` (legal moves): checkmate,
/// stalemate, an automatic draw, or unfinished, with the draws a player could claim.
pub fn judge(start: &Position, moves: &[Move]) -> GameResult {
    super::validate::judge(start, moves)
}

/// A game printed as canonical PGN: its tags, then its main line and variations in SAN
/// with their comments and NAGs, from `start` (its [`record_start`]); the problem of the
/// first illegal move otherwise.
pub fn print_record(record: &Record, start: &Position) -> Result<String, Problem> {
    let printed = super::validate::printed_line(start, &record.moves)?;
    let first = super::validate::first_ply(start);
    Ok(super::notation::pgn::write(record, &printed, first))
}

/// A move in UCI as a GUI would send it in `pos`: castling in Chess960 is the king taking
/// its rook (`e1h1`); [`Move`]'s `Display` writes the king's destination (`e1g1`).
pub fn uci_text(pos: &Position, mv: Move) -> String {
    super::notation::uci::move_text_in(pos, mv)
}

/// Every position line of a FEN or EPD file (empty lines and `#` comments skipped), each
/// read as a [`Setup`] with its EPD operations, or its syntax problem spanned in the file.
pub fn read_positions(text: &str, format: Format) -> Vec<Result<PositionLine, Problem>> {
    super::io::read_positions(text, format)
}

/// A square ringed on a picture, with its label (a portal).
pub(crate) use super::render::Mark;

/// The chess board of `pos` as the picture of [`Game::svg`](crate::Game::svg), with
/// `marks` ringed (the portals) and `shaded` squares tinted (the last move's).
pub(crate) fn drawing(
    pos: &Position,
    marks: &[super::render::Mark],
    shaded: &[Square],
) -> crate::render::Svg {
    super::render::drawing(pos, marks, shaded)
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

impl SanPlus {
    /// The legal move of `pos` this names, or the rule it breaks (the marks are not
    /// checked: [`resolve_move`] does, for a record's moves).
    pub fn to_move(&self, pos: &Position) -> Result<Move, Problem> {
        self.san.resolve(pos)
    }
}

/// SAN as written, with its marks: `Nbd7`, `exd8=Q+`, `O-O-O#`, also `0-0`. Syntax only.
impl FromStr for SanPlus {
    type Err = Problem;
    fn from_str(text: &str) -> Result<SanPlus, Problem> {
        super::notation::san::parse(text)
    }
}

/// A FEN (four to six fields), syntax only: the board may break the rules.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        super::notation::fen::parse_setup(text)
    }
}

/// FEN, all six fields, castling rights in X-FEN.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::fen::setup_to_fen(self))
    }
}

/// Accepts [`ChessRule::BadCastlingRights`] and [`ChessRule::BadEnPassant`]: the rights
/// and the square that cannot be are dropped.
impl crate::Setup for Chess {
    type Setup = Setup;
    fn setup(pos: &Position) -> Setup {
        Setup::from_position(pos)
    }
    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        setup.position(accept)
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
    /// Figurines, or letters when `ascii`.
    fn diagram(pos: &Position, ascii: bool) -> String {
        super::render::diagram(pos, ascii)
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
