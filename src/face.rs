//! The one shape every game shows: [`Game`], implemented by a unit type in each game's
//! module ([`crate::shogi::Shogi`], [`crate::chess::Chess`], …).
//!
//! Code written once against [`Game`] works for every game: read a record, replay it into
//! a [`Replay`] with a typed [`GameResult`], list and play moves (checked with
//! [`Game::play`], or trusted with [`Game::play_unchecked`]), count them with
//! [`Game::perft`], and solve a puzzle into the shared [`Answer`].
//!
//! ```
//! use hensoku::{Game, Limits, Outcome};
//!
//! /// The same few lines for any game: every first move is legal, and playing each one
//! /// checked leaves as many replies as perft(2) counts in all.
//! fn replies<G: Game>() -> u64 {
//!     let start = G::start();
//!     let mut replies = 0;
//!     for mv in G::legal_moves(&start) {
//!         let after = G::play(&start, &mv).expect("a legal move plays");
//!         replies += G::legal_moves(&after).len() as u64;
//!     }
//!     assert_eq!(replies, G::perft(&start, 2));
//!     replies
//! }
//!
//! assert_eq!(replies::<hensoku::chess::Chess>(), 400);
//! assert_eq!(replies::<hensoku::shogi::Shogi>(), 900);
//!
//! let records = hensoku::chess::Chess::read("1. f3 e5 2. g4 Qh4# 0-1\n")?;
//! let replay = hensoku::chess::Chess::validate(&records[0], "");
//! assert_eq!(replay.result.winner(), Some(hensoku::chess::Color::Black));
//! assert_eq!(replay.result.reason, "checkmate");
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Where a game truly differs, the trait says how here, in one place:
//! - 5D Chess: a [`Game::Move`] is a whole action (the moves of one turn, on as many boards
//!   as the player moves on, then submitted), and `perft` counts actions.
//! - Portal Chess (Howe): a move is one ply on either area, with its intent.
//! - Card shogi: a move may carry its card (`I:S*1b`); the card's effect is part of playing it.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use crate::core::{CommonRule, Problem, Rule, Span};
use crate::solver::answer::{Answer, Extension, Limits, Stipulation, StipulationError};

/// One game's face: its types and what a caller can do with them.
pub trait Game {
    /// The game's name, as `--game` spells it (`shogi`, `portal-howe`, …).
    const NAME: &'static str;
    /// A playable position: parses from and prints to the game's position notation.
    type Position: Clone + Debug + FromStr<Err = Problem> + Display;
    /// One move as the rules see it (5D: one action; see the module's notes).
    type Move: Clone + Debug + PartialEq;
    /// A record as read from text, before it is replayed.
    type Record;
    /// The players: the same type name, `Color`, in every game's module.
    type Color: Copy + Debug + PartialEq;
    /// The fields only this game's solve answers carry.
    type Extension: Extension;

    /// The position every game of this kind starts from.
    fn start() -> Self::Position;

    /// Every record in `text`, in the notation the text is written in.
    fn read(text: &str) -> Result<Vec<Self::Record>, Problem>;

    /// Replay a record under the full rules, up to its first illegal move. `text` is the
    /// text the record was read from (5D's spans point into it; the others ignore it).
    fn validate(record: &Self::Record, text: &str) -> Replay<Self>;

    /// Every legal move of the side to move, in a fixed order.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;

    /// The position after `mv`, which the caller vouches is legal in `pos`.
    fn play_unchecked(pos: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// The position after `mv`, or the problem that makes it illegal in `pos`.
    fn play(pos: &Self::Position, mv: &Self::Move) -> Result<Self::Position, Problem> {
        if Self::legal_moves(pos).contains(mv) {
            Ok(Self::play_unchecked(pos, mv))
        } else {
            let text = format!("{mv:?}");
            let message = format!("{text} is not a legal move here");
            Err(Problem::new(
                CommonRule::IllegalMove,
                message,
                Span::new(0, text.len()),
            ))
        }
    }

    /// Every legal move with the position after it. A game whose move generation makes the
    /// positions anyway (Quantum Chamber's) hands them over instead of playing each again.
    fn successors(pos: &Self::Position) -> Vec<(Self::Move, Self::Position)> {
        let moves = Self::legal_moves(pos);
        let after = |mv: Self::Move| {
            let next = Self::play_unchecked(pos, &mv);
            (mv, next)
        };
        moves.into_iter().map(after).collect()
    }

    /// The legal move of `pos` that `text` names, in the game's move notation, or the rule
    /// the text breaks.
    fn parse_move(pos: &Self::Position, text: &str) -> Result<Self::Move, Problem>;

    /// The canonical text of a legal move of `pos`.
    fn move_text(pos: &Self::Position, mv: &Self::Move) -> String;

    /// The number of move sequences of `depth` moves from `pos` (perft).
    fn perft(pos: &Self::Position, depth: u32) -> u64;

    /// Solve the game's puzzle of length `n` (mate, or Quantum Chamber's win) from `pos`.
    fn solve(pos: &Self::Position, n: u32, limits: &Limits) -> Answer<Self::Extension>;

    /// Solve a stipulation beyond the direct mate (help, self, reflex or series play, the
    /// shogi names; `docs/stipulations.md` lists what each game solves), the side to move
    /// in `pos` playing first; a direct mate is [`Game::solve`]'s. A game without a solver
    /// for `stip` refuses it, naming both.
    fn solve_stipulation(
        _pos: &Self::Position,
        stip: &Stipulation,
        _limits: &Limits,
    ) -> Result<Answer, StipulationError> {
        Err(Self::check_stipulation(stip).err().unwrap_or_else(|| {
            StipulationError::Unsupported(format!(
                "{} has no solver for {}",
                Self::NAME,
                stip.spelling()
            ))
        }))
    }

    /// The stipulation as [`Game::solve_stipulation`] counts it, or why the game refuses
    /// it: to refuse one before any position is read.
    fn check_stipulation(stip: &Stipulation) -> Result<Stipulation, StipulationError> {
        Err(StipulationError::Unsupported(format!(
            "{} cannot solve {}: it solves direct play only",
            Self::NAME,
            stip.spelling()
        )))
    }

    /// A diagram of `pos` for a terminal, kept to ASCII when `ascii` (a game whose diagram
    /// is ASCII anyway ignores it).
    fn diagram(pos: &Self::Position, ascii: bool) -> String;

    /// `pos` as an SVG picture whose pieces are drawn as paths, so that it shows the same
    /// on a machine without the fonts.
    fn svg(pos: &Self::Position) -> String;
}

/// A position as its notation describes it, apart from the playable position: a setup may
/// break the rules (two kings, a pawn on the last rank), and turning it into a position
/// reports every problem at once, not only the first, as shakmaty's `Setup` does.
///
/// ```
/// use hensoku::{CommonRule, Setup};
/// use hensoku::chess::Chess;
///
/// // Black in check with White to move, and a white pawn on the first rank.
/// let setup: <Chess as Setup>::Setup = "k7/8/8/8/8/8/8/R3P1K1 w - - 0 1".parse()?;
/// let problems = Chess::position(&setup, &[]).unwrap_err();
/// assert!(problems.len() >= 2);
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub trait Setup: Game {
    /// What the position notation says, checked for its syntax only; it prints back to the
    /// same text.
    type Setup: Clone + Debug + FromStr<Err = Problem> + Display;

    /// The setup of a playable position, to edit and build again.
    fn setup(pos: &Self::Position) -> Self::Setup;

    /// The playable position of `setup`, or every problem it has. A problem whose rule is
    /// in `accept` is tolerated (the lenient path a caller chooses), where the game can
    /// still build a position with it; the game's module lists the rules it can tolerate.
    fn position(setup: &Self::Setup, accept: &[Rule]) -> Result<Self::Position, Vec<Problem>>;
}

/// What replaying a record found, the same in every game.
#[derive(Clone, Debug)]
pub struct Replay<G: Game + ?Sized> {
    /// The start position, when the record's set-up could be built.
    pub start: Option<G::Position>,
    /// The moves played, up to (not including) the first illegal one.
    pub moves: Vec<G::Move>,
    /// Every rule broken; empty when the record is valid.
    pub problems: Vec<Problem>,
    /// Deviations the reader tolerated: the record stays valid.
    pub warnings: Vec<Problem>,
    /// How the game stands at its end, by the rules or as the record states.
    pub result: GameResult<G::Color>,
    /// The position after the last legal move.
    pub end: Option<G::Position>,
}

impl<G: Game + ?Sized> Replay<G> {
    /// No move broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// How a game ended: a typed [`Ending`] and the game's stable name for the reason
/// (`checkmate`, `resign`, `repetition`, `unfinished`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult<C> {
    /// Won, drawn, or not over.
    pub ending: Ending<C>,
    /// The reason, as the JSON output names it.
    pub reason: String,
}

/// Won by a player, drawn, or not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending<C> {
    /// The game goes on, or stopped without a result (interrupted, unfinished).
    Unfinished,
    /// The player won.
    Win(C),
    /// Drawn.
    Draw,
}

impl<C: Copy> GameResult<C> {
    /// The result from a winner and a reason; without a winner, a reason of `draws` is a
    /// draw and any other leaves the game unfinished.
    pub fn new(winner: Option<C>, reason: impl Into<String>, draws: &[&str]) -> GameResult<C> {
        let reason = reason.into();
        let ending = match winner {
            Some(c) => Ending::Win(c),
            None if draws.contains(&reason.as_str()) => Ending::Draw,
            None => Ending::Unfinished,
        };
        GameResult { ending, reason }
    }

    /// The winner, if the game was won.
    pub fn winner(&self) -> Option<C> {
        match self.ending {
            Ending::Win(c) => Some(c),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_without_a_winner_is_a_draw_only_when_listed() {
        let draw = GameResult::<u8>::new(None, "repetition", &["repetition"]);
        assert_eq!(draw.ending, Ending::Draw);
        let open = GameResult::<u8>::new(None, "interrupted", &["repetition"]);
        assert_eq!(open.ending, Ending::Unfinished);
        let won = GameResult::new(Some(1u8), "checkmate", &[]);
        assert_eq!(won.winner(), Some(1));
    }
}
