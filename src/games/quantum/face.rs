//! Quantum Chamber on the hexagonal Amoeba board: positions in QFEN, moves in QMN, games
//! in QGN, the rules (each broken rule a [`QuantumRule`]) and move generation.
//!
//! A move is read and written against a position (its QMN text names what it removes);
//! each legal move comes with its result and canonical text:
//!
//! ```
//! use hensoku::quantum::{self, Position};
//!
//! let pos = Position::startpos();
//! let again: Position = pos.to_string().parse()?; // QFEN both ways
//! assert_eq!(again.to_string(), pos.to_string());
//! let legal = quantum::legal_moves(&pos);
//! let first = &legal[0];
//! let mv = quantum::parse_move(&pos, &first.text)?;
//! assert_eq!(mv, first.mv);
//! assert_eq!(quantum::move_text(&pos, mv), first.text);
//! assert_eq!(quantum::perft(&pos, 1), legal.len() as u64);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A QGN game is read and replayed under the rules:
//!
//! ```
//! use hensoku::quantum::{self, QuantumRule};
//!
//! let games = quantum::read("[Event \"x\"]\n\n*\n")?;
//! let replay = quantum::validate(&games[0]);
//! assert!(replay.valid());
//! # let _ = QuantumRule::QfenSyntax;
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::Problem;

pub use super::QuantumRule;
pub use super::ending::{Reason, Status};
pub use super::geometry::{Dir, Geometry, Point};
pub use super::movegen::Generated;
pub use super::moves::Move;
pub use super::notation::puzzle::{Goal, Puzzle};
pub use super::notation::qgn::Record;
pub use super::position::Position;
pub use super::rules::Mode;
pub use super::setup::Setup;
pub use super::solve::QuantumExtension;
pub use super::types::{Cell, Side};
pub use super::validate::Replay;

/// QFEN, the position notation: a position both ways, and the whole reading of a text
/// with every problem it has.
pub mod qfen {
    pub use crate::games::quantum::notation::qfen::{Read, parse, parse_position, to_qfen};
}

/// QMN, the move notation: a move as written, the legal move of a position it names, and
/// a legal move written short or long.
pub mod qmn {
    pub use crate::games::quantum::notation::qmn::{Action, MoveText, parse_move, print};
    pub use crate::games::quantum::rules::resolve;
}

/// QGN, the game record: read, built from a shared puzzle file, and written back from its
/// replay.
pub mod qgn {
    pub use crate::games::quantum::notation::qgn::{Record, from_puzzle, parse};
    pub use crate::games::quantum::validate::to_qgn;
}

/// The one-line puzzle of §16.3 (`QFEN goal w2; key …;`) both ways.
pub mod puzzle {
    pub use crate::games::quantum::notation::puzzle::{Goal, Puzzle, parse, to_line};
}

/// How a game ends (§19): the status of a position and the tests it is made of.
pub mod ending {
    pub use crate::games::quantum::ending::{
        DEAD_BUDGET, Reason, Status, dead, quick_end, status, winner,
    };
}

/// The board of side `side` (3 to 12 points a side; the Amoeba board is 4), if there is
/// one.
pub fn geometry(side: usize) -> Option<&'static Geometry> {
    super::geometry::geometry(side)
}

/// Read every game of a QGN text.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    super::notation::qgn::parse(text)
}

/// Replay a game under the rules, strict about the notation's marks as QGN asks; the
/// replay stops at the first illegal move.
pub fn validate(record: &Record) -> Replay {
    super::validate::replay(record, super::rules::Mode::Strict)
}

/// Replay a game in `mode`: [`Mode::Lenient`] tolerates missing effect marks (§14).
pub fn validate_with(record: &Record, mode: Mode) -> Replay {
    super::validate::replay(record, mode)
}

/// The position a record starts from (its set-up tags) and what its tags warn of, or the
/// problems that leave it without one.
pub fn start_of(record: &Record) -> Result<(Position, Vec<Problem>), Vec<Problem>> {
    super::validate::start_of(record)
}

/// Every legal move of the side to move, one per distinct result, each with its
/// canonical text.
pub fn legal_moves(pos: &Position) -> Vec<Generated> {
    super::movegen::legal_moves(pos)
}

/// The number of move sequences of `depth` moves from `pos` (perft, by distinct result).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    super::movegen::perft(pos, depth)
}

/// The legal move of `pos` a QMN text names, or the rule it breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
    let written = super::notation::qmn::parse_move(text, 0)?;
    super::rules::resolve(pos, &written, super::rules::Mode::Lenient).map(|g| g.mv)
}

/// The canonical QMN text of a legal move of `pos` (without the `#` end mark).
pub fn move_text(pos: &Position, mv: Move) -> String {
    legal_moves(pos)
        .into_iter()
        .find(|g| g.mv == mv)
        .map(|g| g.text)
        .unwrap_or_default()
}

/// Solve a win in `n` moves of the side to move (`w<N>`).
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<QuantumExtension> {
    super::solve::solve_win(pos, n, limits)
}

/// Solve the best capture in one move (`c1`).
pub fn solve_capture(pos: &Position) -> crate::Answer<QuantumExtension> {
    super::solve::solve_capture(pos)
}

/// Solve a puzzle's goal: a win in `n` (`w<N>`, within `limits`) or the best capture
/// (`c1`).
pub fn solve_goal(
    pos: &Position,
    goal: Goal,
    limits: &crate::Limits,
) -> crate::Answer<QuantumExtension> {
    match goal {
        Goal::Capture => solve_capture(pos),
        Goal::Win(n) => solve(pos, n, limits),
    }
}

/// Solve a stipulation beyond the puzzle goals from `pos`, in Popeye's spellings counted
/// in moves, the goal `#` being the game's win (`=` its drawn end): help play (`h#n`,
/// `h#n.5`, `h=n`, `hs#n`), self and reflex play (`s#n`, `r#n`). There is no passing, so
/// series play is refused. An answer that met a dead-position verdict (E3) left
/// undetermined by its budget proves nothing that verdict could change: it is unknown,
/// stopped by [`Limit::DeadPosition`](crate::solver::Limit::DeadPosition), and lists only
/// what it proved.
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, crate::StipulationError> {
    let root = super::stipulated::Chamber::new(pos.clone(), limits);
    // the status memo takes half the memory limit, the solver's table the other half
    let half = crate::Limits {
        memory: limits.memory.map(|m| m / 2),
        ..*limits
    };
    let mut answer = crate::solver::stipulated::solve(&root, stip, &half)?;
    if root.unresolved() {
        undetermined(&mut answer);
    }
    Ok(answer)
}

/// Some line met an undetermined dead-position verdict: no "no solution", no uniqueness,
/// no key of a reflexmate (whose defender might have had a win there) is proven. Help
/// lines and selfmate lines avoid such positions, so what they list stays proven.
fn undetermined(answer: &mut crate::Answer) {
    use crate::solver::{Length, Limit, Outcome, Play};
    let limit = answer.stopped_by.unwrap_or(Limit::DeadPosition);
    let unit = answer.stipulation.unit;
    match &mut answer.help {
        Some(help) => {
            help.complete = false;
            answer.stopped_by = Some(limit);
            answer.result = Outcome::Unknown;
            answer.solution.unique = None;
            answer.solution.length = Length::unknown(unit);
        }
        None => {
            answer.stop(limit);
            if answer.stipulation.play == Play::Reflex {
                answer.solution.moves.clear();
                answer.solution.length = Length::unknown(unit);
            }
        }
    }
}

/// The command line's viewer's picture of `pos`, with the path of the move that led to
/// it drawn over it when `last` gives it (the position before, the move, and its text as
/// written); its type belongs to the crate's renderer.
#[doc(hidden)]
pub fn drawing(
    pos: &Position,
    last: Option<(&Position, &Generated, Option<&str>)>,
) -> crate::render::Svg {
    let trail = last.map_or_else(super::render::Trail::default, |(before, g, written)| {
        super::render::Trail::of(before, g, written)
    });
    super::render::drawing(pos, &trail)
}

impl Replay {
    /// No move broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// QFEN; the set-up must be a legal position (the first problem is reported).
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        super::notation::qfen::parse_position(text)
    }
}

/// QFEN (the move number left out when it is 1).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::qfen::to_qfen(self))
    }
}

/// The players, under the type name every game's module uses.
pub type Color = Side;

/// Quantum Chamber as a [`Game`](crate::Game) (`--game quantum`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quantum;

impl crate::Game for Quantum {
    const NAME: &'static str = "quantum";
    type Position = Position;
    type Move = Move;
    type Record = Record;
    type Color = Side;
    type Extension = QuantumExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    /// The reason is the QGN `Termination` value (`material`, `absorber-only`, `dead`), or
    /// `unterminated`; a dead position is a draw.
    fn validate(record: &Record, _text: &str) -> crate::Replay<Quantum> {
        let r = validate(record);
        let (winner, reason) = match r.status {
            super::ending::Status::Over { reason, winner } => (winner, reason.name()),
            _ => (None, "unterminated"),
        };
        crate::Replay {
            start: Some(r.start),
            end: Some(r.end),
            moves: r.moves.into_iter().map(|g| g.mv).collect(),
            problems: r.problems,
            warnings: r.warnings,
            result: crate::GameResult::new(winner, reason, &["dead"]),
        }
    }
    /// None once the game is over (§19), as perft counts them.
    fn legal_moves(pos: &Position) -> Vec<Move> {
        if super::ending::status(pos).is_over() {
            return Vec::new();
        }
        legal_moves(pos).into_iter().map(|g| g.mv).collect()
    }
    /// The generator's own results, none once the game is over.
    fn successors(pos: &Position) -> Vec<(Move, Position)> {
        if super::ending::status(pos).is_over() {
            return Vec::new();
        }
        legal_moves(pos)
            .into_iter()
            .map(|g| (g.mv, g.result))
            .collect()
    }
    fn play_unchecked(pos: &Position, mv: &Move) -> Position {
        legal_moves(pos)
            .into_iter()
            .find(|g| g.mv == *mv)
            .map_or_else(|| pos.clone(), |g| g.result)
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
    fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer<QuantumExtension> {
        solve(pos, n, limits)
    }
    fn solve_stipulation(
        pos: &Position,
        stip: &crate::Stipulation,
        limits: &crate::Limits,
    ) -> Result<crate::Answer, crate::StipulationError> {
        solve_stipulation(pos, stip, limits)
    }
    /// Popeye's spellings over the game's win; the puzzle goals `w<N>` and `c1` are
    /// [`Game::solve`](crate::Game::solve)'s.
    fn check_stipulation(
        stip: &crate::Stipulation,
    ) -> Result<crate::Stipulation, crate::StipulationError> {
        crate::solver::stipulated::check::<super::stipulated::Chamber>(stip)
    }
    /// The hexagonal board; it is ASCII already.
    fn diagram(pos: &Position, _ascii: bool) -> String {
        super::render::diagram(pos)
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
