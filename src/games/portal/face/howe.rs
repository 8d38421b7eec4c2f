//! Howe's Portal Chess: two boards (areas A and B) played in the schedule wA, bB, wB, bA,
//! with intents declared on portal squares and executed on the next ply.
//!
//! ```
//! use hensoku::portal::howe::{self, Position};
//!
//! let pos = Position::startpos();
//! let again: Position = pos.to_string().parse()?;
//! assert_eq!(again.to_string(), pos.to_string());
//! let ply = howe::parse_move(&pos, "nAf3")?;
//! assert_eq!(howe::move_text(&pos, ply), "nAf3");
//! assert_eq!(howe::perft(&pos, 1), 20);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! ```
//! use hensoku::portal::howe;
//!
//! let games = howe::read("[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n")?;
//! assert!(howe::validate(&games[0]).valid());
//!
//! // The second ply is Black's in area B, where no bishop can reach e5.
//! let wrong = howe::validate(&howe::read("1:Ae4 bBe5 *\n")?[0]);
//! assert_eq!(wrong.problems[0].rule, hensoku::CommonRule::IllegalMove);
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::{Problem, Rule};

pub use crate::games::portal::howe::Ply as Move;
pub use crate::games::portal::howe::fen::HoweSetup as Setup;
pub use crate::games::portal::howe::record::HoweRecord as Record;
pub use crate::games::portal::howe::record::Slot;
pub use crate::games::portal::howe::validate::Replay;
pub use crate::games::portal::howe::{Area, HowePosition as Position, Intent, Ply};

/// Read every game of a Howe PGN text.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    crate::games::portal::howe::record::read(text)
}

/// Replay a game under the rules; the replay stops at the first illegal ply.
pub fn validate(record: &Record) -> Replay {
    crate::games::portal::howe::validate::replay(record)
}

/// Every legal ply of the side to move, in the area scheduled to play.
pub fn legal_moves(pos: &Position) -> Vec<Ply> {
    crate::games::portal::howe::movegen::legal_plies(pos)
}

/// The number of ply sequences of `depth` plies from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    crate::games::portal::howe::movegen::perft(pos, depth)
}

/// The legal ply of `pos` a token names, or the rule it breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Ply, Problem> {
    let written = crate::games::portal::howe::read::parse(text)?;
    crate::games::portal::howe::resolve::resolve(pos, &written)
}

/// The canonical text of a legal ply of `pos`.
pub fn move_text(pos: &Position, ply: Ply) -> String {
    crate::games::portal::howe::write::move_text(pos, ply, false)
}

/// [`move_text`] in ASCII: `->` for a teleport.
pub fn move_text_ascii(pos: &Position, ply: Ply) -> String {
    crate::games::portal::howe::write::move_text(pos, ply, true)
}

/// Plies from `start` as numbered movetext (`1:Ae4 Ba5 2:Bh4 …`), as a record writes
/// them; `ascii` writes `->` for `→`.
pub fn movetext(start: &Position, plies: &[Ply], ascii: bool) -> String {
    crate::games::portal::howe::write::movetext(start, plies, ascii)
}

/// The start position of a game: its `FEN` tag (its problem spanned in the file), or the
/// start.
pub fn record_start(record: &Record) -> Result<Position, Problem> {
    crate::games::portal::howe::validate::start_of(record)
}

/// Solve a mate in `n` moves of the side to move.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    crate::games::portal::howe::solve::solve(pos, n, limits)
}

/// Solve a stipulation beyond the direct mate from `pos`, in Popeye's spellings, each
/// length counting one side's plies: help play (`h#n`, `h#n.5`, `hs#n`), self and reflex
/// play (`s#n`, `r#n`). Howe has no stalemate and no passing: `h=n` and series play are
/// refused.
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, crate::StipulationError> {
    crate::solver::stipulated::solve(pos, stip, limits)
}

/// One ply as a page of the command line labels it (`Aa4→?`), without check marks.
pub(crate) fn ply_label(pos: &Position, ply: Ply) -> String {
    crate::games::portal::howe::write::ply_text(pos, ply, false)
}

/// Both areas as the picture of [`Game::svg`](crate::Game::svg), the squares of
/// `shaded` tinted (the last ply's).
pub(crate) fn drawing(
    pos: &Position,
    shaded: &[(Area, crate::chess::Square)],
) -> crate::render::Svg {
    crate::games::portal::howe::render::drawing(pos, shaded)
}

impl Position {
    /// The side to move is in check, in either area.
    pub fn in_check(&self) -> bool {
        crate::core::Game::in_check(self)
    }
}

impl Replay {
    /// The replayed plies as numbered movetext, the way [`movetext`] writes them.
    pub fn movetext(&self, ascii: bool) -> String {
        crate::games::portal::howe::validate::canonical(self, ascii)
    }
}

/// The position string, syntax only.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        Setup::read(text)
    }
}

/// The position string as read.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Accepts [`ChessRule::BadCastlingRights`](crate::chess::ChessRule) and `BadEnPassant`
/// in either area: the rights and the square that cannot be are dropped.
impl crate::Setup for Howe {
    type Setup = Setup;
    fn setup(pos: &Position) -> Setup {
        Setup::from_position(pos)
    }
    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        setup.position(accept)
    }
}

impl Replay {
    /// No ply broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Howe's FEN: both areas, the side to move, the schedule and the intents.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        crate::games::portal::howe::fen::parse(text)
    }
}

/// Howe's FEN.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::games::portal::howe::fen::to_string(self))
    }
}

/// Howe's Portal Chess as a [`Game`](crate::Game) (`--game portal-howe`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Howe;

impl crate::Game for Howe {
    const NAME: &'static str = "portal-howe";
    type Position = Position;
    type Move = Ply;
    type Record = Record;
    type Color = crate::games::chess::face::Color;
    type Extension = crate::NoExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    fn validate(record: &Record, _text: &str) -> crate::Replay<Howe> {
        let r = validate(record);
        let winner = r
            .result
            .winner
            .as_deref()
            .and_then(crate::games::chess::face::color_named);
        let draws = crate::games::chess::face::DRAWS;
        crate::Replay {
            start: Some(r.start),
            moves: r.plies,
            problems: r.problems,
            warnings: Vec::new(),
            result: crate::GameResult::new(winner, r.result.reason, draws),
            end: Some(r.end),
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
    /// Both areas, the portals, who plays where and the pending intents.
    fn diagram(pos: &Position, ascii: bool) -> String {
        crate::games::portal::howe::render::diagram(pos, ascii)
    }
    fn svg(pos: &Position) -> String {
        crate::games::portal::howe::render::svg(pos)
    }
}
