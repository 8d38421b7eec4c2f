//! 5D Chess with Multiverse Time Travel: the multiverse (the position: every timeline's
//! boards), 5DPGN records and 5DFEN boards, the rules (each broken rule a [`FivedRule`])
//! and the generation of actions.
//!
//! A turn is an *action*: one or more moves, one on each board the side must play. The
//! multiverse parses from and prints as a 5DPGN header with its 5DFEN boards:
//!
//! ```
//! use hensoku::fived::{self, Position};
//!
//! let start = Position::startpos();
//! let text = start.to_string();
//! assert!(text.starts_with("[Mode \"5D\"]\n[Board \"custom\"]\n[Size \"8x8\"]\n"));
//! let again: Position = text.parse()?;
//! assert_eq!(again.to_string(), text);
//! assert_eq!(fived::perft(&start, 1), 20);
//! assert_eq!(fived::legal_moves(&start).len(), 20);
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
pub use super::action::{Budget, Exhausted, Search, Status, VERDICT_BUDGET};
pub use super::board::sq as square;
pub use super::movegen::{Move, Point};
pub use super::multiverse::Multiverse as Position;
pub use super::record::Record;
pub use super::setup::Setup;
pub use super::types::{Colour, Kind};
pub use super::validate::Replay;

/// 5DPGN, the record notation: a record read (the same as [`read`]), and actions written
/// in it or in the seed's vector form.
pub mod pgn {
    pub use crate::games::fived::notation::pgn::parse;
    pub use crate::games::fived::notation::print::{Style, action_text, header, movetext};
}

/// 5DFEN, the board notation: one board, or every board of a multiverse.
pub mod fen {
    pub use crate::games::fived::fen::{board_text, multiverse_text};
}

/// The variants known by name (`Standard`, `Standard - Princess`, …).
pub mod variants {
    pub use crate::games::fived::variants::{lookup, names};
}

/// The pieces of the command line's viewer (their picture type belongs to the crate's
/// renderer).
#[doc(hidden)]
pub mod render {
    pub use crate::games::fived::render::{Layout, arrow, board, drawing, ring, timelines};
}

/// Read the 5DPGN record in `text`.
pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
    Ok(vec![super::notation::pgn::parse(text)?])
}

/// Replay a record under the rules; `text` is the text it was read from. The replay stops
/// at the first illegal action.
pub fn validate(record: &Record, text: &str) -> Replay {
    super::validate::replay(record, text)
}

/// Every legal action of the side to move, in a fixed order, each as its moves in the
/// order they are played. The search is bounded by [`Budget::default`] (50 million points
/// of the action space, 256 MiB); a multiverse too wide for it yields the actions found
/// before the budget ran out. [`legal_moves_bounded`] sets the bounds.
pub fn legal_moves(pos: &Position) -> Vec<Action> {
    legal_moves_bounded(pos, usize::MAX, Budget::default())
}

/// Every legal action of the side to move (at most `cap`), within `budget`.
pub fn legal_moves_bounded(pos: &Position, cap: usize, budget: Budget) -> Vec<Action> {
    super::action::legal_actions(pos, cap, budget).0
}

/// Visit every legal action of the side to move, each once with the position after it,
/// until `visit` returns false or `budget` runs out; the answer says which.
pub fn for_each_action(
    pos: &Position,
    budget: Budget,
    visit: impl FnMut(&Position, &[Move]) -> bool,
) -> Search {
    super::action::for_each_action(pos, budget, visit)
}

/// The number of legal actions, counting at most `cap`; `None` when `budget` ran out first.
pub fn count_actions(pos: &Position, cap: usize, budget: Budget) -> Option<usize> {
    super::action::count_actions(pos, cap, budget)
}

/// The rules' verdict on a position whose side is to move (§7.3): playing, check,
/// softmate, checkmate, stalemate, or undecided where `budget` ran out.
pub fn status(pos: &Position, budget: Budget) -> Status {
    super::action::status(pos, budget)
}

/// The number of action sequences of `depth` actions from `pos` (perft), each action
/// search bounded by [`Budget::default`].
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_bounded(pos, depth, Budget::default())
}

/// perft with each action search bounded by `budget`.
pub fn perft_bounded(pos: &Position, depth: u32, budget: Budget) -> u64 {
    super::solve::perft(pos, depth, budget)
}

/// The canonical 5DPGN text of a move of `pos` (without a check mark).
pub fn move_text(pos: &Position, mv: &Move) -> String {
    super::notation::print::move_text(pos, mv)
}

/// Solve a mate in `n` turns of the side to move.
pub fn solve(pos: &Position, n: u32, limits: &crate::Limits) -> crate::Answer {
    super::solve::solve(pos, n, limits)
}

/// Solve a stipulation beyond the direct mate from `pos`, in Popeye's spellings, each
/// length counting one side's actions: help play (`h#n`, `h#n.5`, `h=n`, `hs#n`), self and
/// reflex play (`s#n`, `r#n`). 5D has stalemate but no pass, so series play is refused.
/// An action listing cut by its budget anywhere in the search makes the answer unknown.
pub fn solve_stipulation(
    pos: &Position,
    stip: &crate::Stipulation,
    limits: &crate::Limits,
) -> Result<crate::Answer, crate::StipulationError> {
    super::stipulated::solve(pos, stip, limits)
}

/// The `n` of a `Puzzle` tag `mate-in-N` (any case, 1 to 20).
pub fn mate_in_of_tag(value: &str) -> Option<u32> {
    super::solve::mate_in_of_tag(value)
}

/// The picture of `pos` with the `jumps` of a record's actions drawn as arrows.
pub fn svg_with_jumps(pos: &Position, jumps: &[Move]) -> String {
    super::render::svg(pos, jumps)
}

impl Replay {
    /// No action broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A variant's name alone (`Standard`), or a 5DPGN record: its header (`[Board
/// "Standard"]`, or `[Board "custom"]` with 5DFEN boards, the size and promotions) and any
/// actions after it, replayed: the position is where the record ends, as the command
/// line's `--position` reads it.
impl FromStr for Position {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Position, Problem> {
        let t = text.trim();
        let doc = if t.starts_with('[') {
            t.to_string()
        } else {
            format!("[Board \"{t}\"]")
        };
        let record = super::notation::pgn::parse(&doc)?;
        let replay = super::validate::replay(&record, &doc);
        if let Some(p) = replay.problems.into_iter().next() {
            return Err(p);
        }
        replay.end.ok_or_else(|| {
            Problem::new(
                crate::CommonRule::Syntax,
                "the record sets up no position",
                crate::Span::new(0, text.len()),
            )
        })
    }
}

/// A 5DPGN header with every board in 5DFEN (`[Board "custom"]`).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::print::header(self, "custom", None, &[]))
    }
}

impl Position {
    /// The standard 8×8 start: one timeline, White to move.
    pub fn startpos() -> Position {
        super::setup::standard()
    }
}

/// The players, under the type name every game's module uses.
pub type Color = Colour;

/// One action: the moves of a turn, on as many boards as the player moves on, in order.
pub type Action = Vec<Move>;

/// 5D Chess as a [`Game`](crate::Game) (`--game fived`), whose move is a whole action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fived;

impl crate::Game for Fived {
    const NAME: &'static str = "fived";
    type Position = Position;
    type Move = Action;
    type Record = Record;
    type Color = Colour;
    type Extension = crate::NoExtension;

    fn start() -> Position {
        Position::startpos()
    }
    fn read(text: &str) -> Result<Vec<Record>, Problem> {
        read(text)
    }
    /// The reason is the rules' verdict on the last state (`checkmate`, `stalemate`,
    /// `check`, `softmate`, `playing`, or `undecided` where its bounded search could not
    /// prove one), empty after an illegal action.
    fn validate(record: &Record, text: &str) -> crate::Replay<Fived> {
        use super::action::{Status, VERDICT_BUDGET, status};
        let r = validate(record, text);
        let verdict = match (&r.end, r.problems.is_empty()) {
            (Some(end), true) => Some((status(end, Budget::nodes(VERDICT_BUDGET)), end.to_move())),
            _ => None,
        };
        let winner = match verdict {
            Some((Status::Checkmate, mated)) => Some(mated.other()),
            _ => None,
        };
        let reason = verdict.map_or("", |(s, _)| s.name());
        crate::Replay {
            start: r.start,
            end: r.end,
            moves: r.actions.into_iter().map(|a| a.moves).collect(),
            problems: r.problems,
            warnings: r.warnings,
            result: crate::GameResult::new(winner, reason, &["stalemate"]),
        }
    }
    /// Every action, enumerated in full within the default budget: on a wide multiverse
    /// that is a great many; the bounded form is [`legal_moves_bounded`].
    fn legal_moves(pos: &Position) -> Vec<Action> {
        legal_moves(pos)
    }
    /// An action that does not apply leaves the position as it was.
    fn play_unchecked(pos: &Position, action: &Action) -> Position {
        pos.after_action(action).unwrap_or_else(|| pos.clone())
    }
    /// The action written as `moves` prints it (`(0T3)Qh5#`; the check marks may be
    /// left out).
    fn parse_move(pos: &Position, text: &str) -> Result<Action, Problem> {
        let bare = |t: &str| t.replace(['+', '#'], "");
        let wanted = bare(text);
        <Fived as crate::Game>::legal_moves(pos)
            .into_iter()
            .find(|a| bare(&<Fived as crate::Game>::move_text(pos, a)) == wanted)
            .ok_or_else(|| {
                let message = format!("no legal action is written {text}");
                Problem::new(
                    crate::CommonRule::IllegalMove,
                    message,
                    crate::Span::new(0, text.len()),
                )
            })
    }
    /// The action in 5DPGN, as `moves` prints it.
    fn move_text(pos: &Position, action: &Action) -> String {
        use super::notation::print::{Style, action_text};
        action_text(pos, action, Style::Pgn, Budget::nodes(0)).0
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
        super::stipulated::check(stip)
    }
    /// Every board of every timeline, as the terminal shows them.
    fn diagram(pos: &Position, ascii: bool) -> String {
        super::render::terminal(pos, ascii)
    }
    /// The multiverse without jump arrows (a record's picture adds its jumps).
    fn svg(pos: &Position) -> String {
        super::render::svg(pos, &[])
    }
}
