//! hensoku (変則): read, write, validate and solve the notations of unusual board games.
//!
//! Each game is a module of the same shape: a `Position` and a `Move` that parse from and
//! print to the game's canonical notation (`FromStr`/`Display`), `read` for its records,
//! `validate` to replay a record under the full rules, `legal_moves` and `perft`, and
//! `parse_move`/`move_text` for a move as written in a position. Every problem found is a
//! [`Problem`]: a message, the place in the text, and the [`Rule`] it breaks, a typed
//! value whose stable name (`TwoPawns`, `SelfCheck`) is what the JSON output prints.
//!
//! | module | game | position | moves | records |
//! |---|---|---|---|---|
//! | [`shogi`] | shogi | SFEN | USI | KIF, KI2, CSA, USI |
//! | [`shogi_cards`] | shogi with the 将棋のお供 cards | SFEN-C | USI with a card letter | the same, with card letters |
//! | [`shelt`] | Shelt, 7×7 | SPN | readouts, compact algebraic | readout records |
//! | [`chess`] | orthodox chess | FEN | UCI, SAN | PGN |
//! | [`portal`] | Portal Chess ([`portal::hidden`], [`portal::buckley`], [`portal::howe`]) | FEN with portals | SAN with `→` | PGN |
//! | [`fived`] | 5D Chess with Multiverse Time Travel | 5DFEN | 5DPGN | 5DPGN |
//! | [`quantum`] | Quantum Chamber | QFEN | QMN | QGN |
//!
//! Shogi: solve a tsume, read a record, replay it, and find the rule an illegal move
//! breaks.
//!
//! ```
//! use hensoku::shogi::{self, Position, ShogiRule};
//! use hensoku::{Limits, Outcome};
//!
//! let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
//! let answer = shogi::solve(&pos, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.moves, ["G*5b"]);
//!
//! let record = &shogi::read("position startpos moves 7g7f 3c3d 2h2b\n")?[0];
//! let replay = shogi::validate(record);
//! assert_eq!(replay.moves.len(), 2);
//! assert_eq!(replay.problems[0].rule, hensoku::CommonRule::PathBlocked);
//! assert_eq!(replay.problems[0].ply, Some(3));
//! # let _ = ShogiRule::TwoPawns;
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Card shogi: a card ply in USI with its letter, a record replayed, a tsume solved.
//!
//! ```
//! use hensoku::shogi_cards::{self, Move, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let pos: Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 QTRPIABDGSWCqtrpiabdgswc -".parse()?;
//! let ply: Move = "W:9i".parse()?; // card W withdraws the lance on 9i
//! assert!(shogi_cards::legal_moves(&pos).contains(&ply));
//! assert_eq!(shogi_cards::move_text(&pos, ply), "W:9i");
//!
//! let record = &shogi_cards::read("position startpos moves W:9i 3c3d W:8i\n")?[0];
//! let replay = shogi_cards::validate(record); // W is spent after its first use
//! assert_eq!(replay.problems[0].rule, shogi_cards::CardRule::CardNotHeld);
//!
//! let tsume: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1 - -".parse()?;
//! let answer = shogi_cards::solve(&tsume, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.moves, ["G*5b"]);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Shelt: a ply read as a readout against its position, a record replayed, a #2 solved.
//!
//! ```
//! use hensoku::shelt::{self, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let pos = Position::startpos();
//! let ply = shelt::parse_move(&pos, "tes,vi,pal")?;
//! assert_eq!(shelt::move_text(&pos, ply), "tes,vi,pal");
//!
//! let replay = shelt::validate(&shelt::read("tes,vi,pal\nfox,le,umt\n")?[0]);
//! assert!(replay.valid());
//!
//! let problem: Position = "3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0".parse()?;
//! let answer = shelt::solve(&problem, 2, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.keys, ["vin,ki,milf ann nim,ki,ful"]);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Chess: a FEN, a SAN move, a PGN game replayed to its checkmate, a mate in one solved.
//!
//! ```
//! use hensoku::chess::{self, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let problem: Position = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse()?;
//! let answer = chess::solve(&problem, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.keys, ["Ra8#"]);
//!
//! let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! let mv = chess::parse_move(&pos, "Nf3")?;
//! assert_eq!(mv.to_string(), "g1f3");
//! let game = &chess::read("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")?[0];
//! assert_eq!(chess::validate(game).result.reason, "checkmate");
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Portal Chess (Buckley): the position string carries the portals; a game replayed, a
//! mate in one through the portals solved.
//!
//! ```
//! use hensoku::portal::buckley::{self, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let pos: Position = buckley::Position::startpos();
//! let again: Position = pos.to_string().parse()?;
//! assert_eq!(again.to_string(), pos.to_string());
//!
//! assert!(buckley::validate(&buckley::read("1. d4 d5 *\n")?[0]).valid());
//!
//! // The black hole of the two portals blocks the rook's check.
//! let problem: Position = "R1k1K3/8/8/8/8/8/8/8 w - - 0 1 d6:b8".parse()?;
//! let answer = buckley::solve(&problem, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.keys, ["@d6-c7#"]);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! 5D chess: the standard multiverse has 20 first actions; a record is replayed and the
//! mate in one from where it ends is solved.
//!
//! ```
//! use hensoku::fived::{self, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let start = Position::startpos();
//! assert_eq!(fived::legal_moves(&start).len(), 20);
//!
//! let text = "[Mode \"5D\"]\n[Board \"Standard\"]\n1. e3 / f6\n2. d3 / g5\n";
//! let replay = fived::validate(&fived::read(text)?[0], text);
//! assert!(replay.valid());
//! let end = replay.end.expect("the replay reached the end of the record");
//! let answer = fived::solve(&end, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.keys, ["(0T3)Qh5#"]);
//! # Ok::<(), hensoku::Problem>(())
//! ```
//!
//! Quantum Chamber: QFEN both ways, a game replayed, a win in one solved.
//!
//! ```
//! use hensoku::quantum::{self, Position};
//! use hensoku::{Limits, Outcome};
//!
//! let start = Position::startpos();
//! let again: Position = start.to_string().parse()?;
//! assert_eq!(again.to_string(), start.to_string());
//!
//! assert!(quantum::validate(&quantum::read("[Event \"x\"]\n\n*\n")?[0]).valid());
//!
//! let problem: Position = "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1".parse()?;
//! let answer = quantum::solve(&problem, 1, &Limits::default());
//! assert_eq!(answer.result, Outcome::Solved);
//! assert_eq!(answer.solution.keys, ["c2@NE"]); // a win by the cannon
//! # Ok::<(), hensoku::Problem>(())
//! ```

#![warn(missing_docs)]

// The command line is written against `hensoku::…` paths; inside the crate they name the
// crate itself, so its code reads the same as a caller's.
#[cfg(feature = "cli")]
extern crate self as hensoku;

// The machinery behind the faces: private, so that the faces below are the whole API.
mod core;
mod games;
mod render;
mod solver;

pub mod convert;
pub mod face;
pub mod file;
pub mod puzzle;

pub use crate::core::text;
pub use crate::core::{CommonRule, LocatedProblem, Problem, Report, Rule, Span};
pub use crate::solver::answer;
pub use crate::solver::answer::{
    Alternative, Answer, AttackNode, BadStipulation, DefenceNode, Extension, Goal, Length, Limit,
    Limits, NoExtension, Outcome, Play, Solution, Stipulation, StipulationError, Try, Unit,
};
pub use crate::solver::clock::Clock;
pub use face::{Ending, Game, GameResult, Replay, Setup};
pub use games::chess::face as chess;
pub use games::fived::face as fived;
pub use games::portal::face as portal;
pub use games::quantum::face as quantum;
pub use games::shelt::face as shelt;
pub use games::shogi::face as shogi;
pub use games::shogi_cards::face as shogi_cards;

pub mod stream;
pub mod view;

#[cfg(feature = "cli")]
mod cli;

/// Runs the `hensoku` command line on the process's arguments and returns its exit code
/// (0, 1 or 2). The binary's whole `main`; not part of the library's API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub fn cli_main() -> std::process::ExitCode {
    cli::entry::main()
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
