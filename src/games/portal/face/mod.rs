//! Portal Chess: three independent games of that name, each built on [`crate::chess`]:
//! [`hidden`] (Mike Hidden's neutral, wandering portals), [`buckley`] (each side's own
//! portal) and [`howe`] (two boards, areas A and B, with intents). Each module has the
//! same shape as every game's: `Position` and `Move`, `read`, `validate`, `legal_moves`,
//! `perft`, `parse_move` and `move_text`.
//!
//! The rules only Portal Chess has are [`PortalRule`]s; the rules of chess it keeps are
//! [`ChessRule`]s.

pub mod buckley;
pub mod hidden;
pub mod howe;

pub use crate::games::chess::ChessRule;
pub use crate::games::portal::PortalRule;

/// The face of a one-board version (Hidden, Buckley): PGN records, replay, move
/// generation and the position string, all through its `Version` impl.
macro_rules! one_board_face {
    ($position:ty, $move:ty, $game:ident, $name:literal) => {
        use std::fmt;
        use std::str::FromStr;

        use crate::core::Problem;
        use crate::games::portal::replay::Version;

        /// A game record: PGN, with the position string in its `FEN` tag.
        pub type Record = crate::games::chess::record::Record;
        /// What replaying a record found: the moves played, the problems, the result.
        pub type Replay = crate::games::portal::replay::Replay<$position>;

        /// Read every game of a PGN text.
        pub fn read(text: &str) -> Result<Vec<Record>, Problem> {
            crate::games::chess::notation::pgn::read(text)
        }

        /// Replay a game under the rules; the replay stops at the first illegal move.
        pub fn validate(record: &Record) -> Replay {
            crate::games::portal::replay::replay::<$position>(record)
        }

        /// Every legal move of the side to move.
        pub fn legal_moves(pos: &$position) -> Vec<$move> {
            crate::core::Game::legal_moves(pos)
        }

        /// The number of move sequences of `depth` plies from `pos` (perft).
        pub fn perft(pos: &$position, depth: u32) -> u64 {
            Version::perft(pos, depth)
        }

        /// The legal move of `pos` a token names (SAN, with `→` or `->` for a teleport),
        /// or the rule it breaks.
        pub fn parse_move(pos: &$position, text: &str) -> Result<$move, Problem> {
            pos.resolve_token(text)
        }

        /// The canonical text of a legal move of `pos`, with `→` for a teleport.
        pub fn move_text(pos: &$position, mv: $move) -> String {
            pos.write_move(mv, false)
        }

        /// Solve a directmate in `n` moves of the side to move: every key with its tree.
        pub fn solve(pos: &$position, n: u32, limits: &crate::Limits) -> crate::Answer {
            crate::games::chess::solve::solve(pos, n, limits, false)
        }

        impl Replay {
            /// No move broke a rule.
            pub fn valid(&self) -> bool {
                self.problems.is_empty()
            }
        }

        #[doc = concat!("This version as a [`Game`](crate::Game) (`--game ", $name, "`).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $game;

        impl crate::Game for $game {
            const NAME: &'static str = $name;
            type Position = $position;
            type Move = $move;
            type Record = Record;
            type Color = crate::games::chess::face::Color;
            type Extension = crate::NoExtension;

            fn start() -> $position {
                <$position>::startpos()
            }
            fn read(text: &str) -> Result<Vec<Record>, Problem> {
                read(text)
            }
            fn validate(record: &Record, _text: &str) -> crate::Replay<$game> {
                let r = validate(record);
                let winner = r
                    .result
                    .winner
                    .as_deref()
                    .and_then(crate::games::chess::face::color_named);
                let draws = crate::games::chess::face::DRAWS;
                crate::Replay {
                    start: Some(r.start),
                    moves: r.moves,
                    problems: r.problems,
                    warnings: Vec::new(),
                    result: crate::GameResult::new(winner, r.result.reason, draws),
                    end: Some(r.end),
                }
            }
            fn legal_moves(pos: &$position) -> Vec<$move> {
                legal_moves(pos)
            }
            fn play_unchecked(pos: &$position, mv: &$move) -> $position {
                pos.after(*mv)
            }
            fn parse_move(pos: &$position, text: &str) -> Result<$move, Problem> {
                parse_move(pos, text)
            }
            fn move_text(pos: &$position, mv: &$move) -> String {
                move_text(pos, *mv)
            }
            fn perft(pos: &$position, depth: u32) -> u64 {
                perft(pos, depth)
            }
            fn solve(pos: &$position, n: u32, limits: &crate::Limits) -> crate::Answer {
                solve(pos, n, limits)
            }
            /// The chess diagram with the portals marked, and a line naming them.
            fn diagram(pos: &$position, ascii: bool) -> String {
                let marks = pos.portal_marks();
                let board = crate::games::chess::render::diagram_marked(pos.board(), &marks, ascii);
                format!("{board}{}\n", pos.portal_line())
            }
            fn svg(pos: &$position) -> String {
                crate::games::chess::render::svg_marked(pos.board(), &pos.portal_marks())
            }
        }

        /// The position string: FEN, then the portals.
        impl FromStr for $position {
            type Err = Problem;
            fn from_str(text: &str) -> Result<$position, Problem> {
                <$position>::read_position(text)
            }
        }

        /// The position string: FEN, then the portals.
        impl fmt::Display for $position {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.position_string())
            }
        }
    };
}
use one_board_face;
