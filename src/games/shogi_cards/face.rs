//! Shogi with the 将棋のお供 cards: positions in SFEN-C (SFEN with a cards field), plies
//! in USI with a card letter (`G:+R*5e`), records in USI, CSA, KIF and KI2 with card
//! letters, the full rules of the twelve cards (each broken rule a [`CardRule`], or the
//! [`ShogiRule`] of ordinary shogi) and move generation.
//!
//! ```
//! use hensoku::shogi_cards::{Move, Position};
//!
//! let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b R 1 G -".parse()?;
//! let ply: Move = "G:+R*5e".parse()?;
//! assert_eq!(ply.to_string(), "G:+R*5e");
//! assert!(!hensoku::shogi_cards::legal_moves(&pos).contains(&ply)); // it would give check
//! assert_eq!(pos.to_string(), "4k4/9/9/9/9/9/9/9/4K4 b R 1 G -");
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! A record is read and replayed under the rules; a card played twice is refused:
//!
//! ```
//! use hensoku::shogi_cards::{self as cards, CardRule};
//!
//! let records = cards::read("position startpos moves 7g7f 3c3d R:8h2b+ 3a2b W:2i\n")?;
//! let replay = cards::validate(&records[0]);
//! assert!(replay.valid());
//!
//! let twice = cards::validate(&cards::read("position startpos moves W:9i 3c3d W:8i\n")?[0]);
//! assert_eq!(twice.problems[0].rule, CardRule::CardNotHeld);
//! assert_eq!(twice.problems[0].ply, Some(3));
//! # Ok::<(), hensoku::Problem>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::core::{Problem, Span};
use crate::games::shogi::io::Format;

pub mod notation;
mod setup;

pub use super::CardRule;
pub use super::card::{Card, CardSet};
pub use super::notation_read::Form;
pub use super::position::Action;
pub use super::position::CardMove as Move;
pub use super::position::CardPosition as Position;
pub use super::solve::CardsExtension;
pub use super::validate::CardRecord as Record;
pub use super::validate::CardReplay as Replay;
pub use crate::games::shogi::ShogiRule;
pub use setup::{ACCEPTABLE, Setup};

/// The board drawing the command line's pages show, the ply's squares marked.
pub(crate) use super::render::drawing;

/// Read the record in `text`: USI-style text (`position startpos moves W:7g7f …`), or CSA,
/// KIF or KI2 with card letters, recognised from the text itself.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    let record = match Format::sniff(text) {
        Format::Usi | Format::Sfen => super::validate::parse_record(text)?,
        Format::Csa => read_in(Form::Csa, text)?,
        Format::Kif => read_in(Form::Kif, text)?,
        Format::Ki2 => read_in(Form::Ki2, text)?,
    };
    Ok(vec![record])
}

/// Read a CSA, KIF or KI2 record with card letters.
pub fn read_in(form: Form, text: &str) -> Result<Record, Problem> {
    super::records::parse_card_record(form, text)
}

/// Replay a record under the full rules; the replay stops at the first illegal ply.
pub fn validate(record: &Record) -> Replay {
    super::validate::replay(record)
}

/// Every legal ply of the side to move, with and without cards.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    super::cardmoves::legal_plies(pos)
}

/// The number of ply sequences of `depth` plies from `pos` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    super::cardmoves::perft(pos, depth)
}

/// The legal ply of `pos` a USI-style text names (`W:7g7f`), or the rule it breaks.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
    let ply: Move = text.parse()?;
    super::rules::check_ply(pos, ply)
        .map_err(|e| Problem::new(e.rule, e.message, Span::new(0, text.len())))?;
    Ok(ply)
}

/// The canonical USI-style text of a ply; it needs no position, the argument is there for
/// the shape every game shares.
pub fn move_text(_pos: &Position, ply: Move) -> String {
    ply.to_string()
}

/// Solve a card tsume (the side to move attacks) within `n` plies.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, Some(n), limits)
}

/// Solve a card tsume: the shortest mate (`mate_in` `None`), or one within `mate_in` plies.
pub fn solve_with(pos: &Position, mate_in: Option<u32>, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, mate_in, limits)
}

/// Solve a stipulation beyond tsume from `pos`, counted in plies as in shogi: ばか詰,
/// 協力自玉詰 (every shortest solution) and 自玉詰 (a selfmate), the attacker checking with
/// every move; card plies are moves, less those that do only what their plain ply does.
///
/// ```
/// use hensoku::{Limits, Outcome, Stipulation, shogi_cards};
///
/// let pos: shogi_cards::Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1 - -".parse()?;
/// let stip: Stipulation = "bakazume 1".parse().expect("a stipulation");
/// let answer = shogi_cards::solve_stipulation(&pos, &stip, &Limits::default()).unwrap();
/// assert_eq!(answer.result, Outcome::Solved);
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, crate::StipulationError> {
    crate::solver::stipulated::solve(pos, stip, limits)
}

/// Checkmate (rules §2.3): a royal piece of the side to move is attacked and no legal ply
/// exists, card plies included.
pub fn is_mated(pos: &Position) -> bool {
    super::cardmoves::is_mated(pos)
}

/// Every legal ply of the side to move that checks: a tsume attacker's candidates.
pub fn checking_plies(pos: &Position) -> Vec<Move> {
    super::cardmoves::checking_plies(pos)
}

impl Replay {
    /// No ply broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// SFEN-C: an SFEN with a cards field (and the effects in force). Without the field both
/// sides hold all twelve cards.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        super::notation::parse_sfen_c(text).map(|(pos, _)| pos)
    }
}

/// SFEN-C, with the cards field.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::to_sfen_c(self))
    }
}

/// A USI move, or `<card>:<move>` (`G:+R*5e`).
impl FromStr for Move {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Move, Problem> {
        super::notation::parse_ply(text).map(|(ply, _)| ply)
    }
}

/// The canonical USI-style text of the ply.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::ply_text(*self))
    }
}

/// The players: shogi's.
pub type Color = crate::games::shogi::types::Color;

/// Shogi with the 将棋のお供 cards as a [`Game`](crate::Game) (`--game shogi-cards`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShogiCards;

impl crate::Game for ShogiCards {
    const NAME: &'static str = "shogi-cards";
    type Position = Position;
    type Move = Move;
    type Record = Record;
    type Color = Color;
    type Extension = crate::NoExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    fn validate(record: &Record, _text: &str) -> crate::Replay<ShogiCards> {
        let r = validate(record);
        let (winner, reason) = r.result;
        let named = crate::games::shogi::validate::GameResult { winner, reason };
        crate::Replay {
            start: Some(record.start.clone()),
            moves: r.plies,
            problems: r.problems,
            warnings: Vec::new(),
            result: crate::games::shogi::face::typed_result(&named),
            end: Some(r.end),
        }
    }
    fn legal_moves(pos: &Position) -> Vec<Move> {
        legal_moves(pos)
    }
    fn play_unchecked(pos: &Position, ply: &Move) -> Position {
        pos.after(*ply)
    }
    /// Names the exact rule an illegal ply breaks, the card's own included.
    fn play(pos: &Position, ply: &Move) -> Result<Position, Problem> {
        let len = ply.to_string().len();
        super::rules::check_ply(pos, *ply)
            .map_err(|e| Problem::new(e.rule, e.message, Span::new(0, len)))?;
        Ok(pos.after(*ply))
    }
    fn parse_move(pos: &Position, text: &str) -> Result<Move, Problem> {
        parse_move(pos, text)
    }
    fn move_text(pos: &Position, ply: &Move) -> String {
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
    /// The shogi diagram, then a line with the unused cards.
    fn diagram(pos: &Position, ascii: bool) -> String {
        let board = <crate::games::shogi::face::Shogi as crate::Game>::diagram(pos.shogi(), ascii);
        let sfen_c = super::notation::to_sfen_c(pos);
        let cards = sfen_c.rsplit(' ').nth(1).unwrap_or("-");
        format!("{board}cards: {cards}\n")
    }
    fn svg(pos: &Position) -> String {
        super::render::svg(pos)
    }
}
