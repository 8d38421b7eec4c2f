//! Portal Chess: three independent games of that name, each built on [`crate::chess`]:
//! [`hidden`] (Mike Hidden's neutral, wandering portals), [`buckley`] (each side's own
//! portal) and [`howe`] (two boards, areas A and B, with intents). Each module has the
//! same shape as every game's: `Position` and `Move`, `read`, `validate`, `legal_moves`,
//! `perft`, `parse_move` and `move_text`.
//!
//! The rules only Portal Chess has are [`PortalRule`]s; the rules of chess it keeps are
//! [`ChessRule`]s. Each version's position string is also a [`Setup`](crate::Setup),
//! whose `position` reports every problem and can accept
//! [`ChessRule::BadCastlingRights`] and [`ChessRule::BadEnPassant`] (the rights and the
//! square that cannot be are dropped).
//!
//! The rules file's puzzle lines (`<position> goal mate <N>; key …; id "…";`) are read by
//! [`puzzle::parse_line`], the same for every version.

pub mod buckley;
pub mod hidden;
pub mod howe;

pub use crate::games::chess::ChessRule;
pub use crate::games::portal::PortalRule;

/// The puzzle lines of the rules file (§7, §8.1): a position string, the mate's length,
/// the keys and an id.
///
/// ```
/// use hensoku::portal::{hidden, puzzle};
///
/// let line = puzzle::parse_line("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a3,h6 goal mate 1; id \"x\";")?;
/// assert_eq!((line.mate_in, line.id), (1, Some("x")));
/// let pos: hidden::Position = line.position.parse()?;
/// # let _ = pos;
/// # Ok::<(), hensoku::Problem>(())
/// ```
pub mod puzzle {
    pub use crate::games::portal::puzzle::{PuzzleLine, parse_line};
}

/// What the command line's one-board adapter and pages need of Hidden's and Buckley's
/// positions alike (their move text with `->`, their portals' marks, a replay over
/// either): not part of the library.
pub(crate) use crate::games::portal::replay::{
    Replay, Version, canonical_moves, replay, resolve, start_of,
};

/// The face of a one-board version (Hidden, Buckley): PGN records, replay, move
/// generation and the position string, all through its `Version` impl.
macro_rules! one_board_face {
    ($position:ty, $move:ty, $setup:ty, $game:ident, $name:literal) => {
        use std::fmt;
        use std::str::FromStr;

        use crate::core::{Problem, Rule};
        use crate::games::portal::replay::Version;

        /// A game record: PGN, with the position string in its `FEN` tag.
        pub type Record = crate::games::chess::record::Record;
        /// One move of a record as written, with its annotations and variations.
        pub type RecordMove = crate::games::chess::record::RecordMove;

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

        /// [`move_text`] in ASCII: `->` for a teleport.
        pub fn move_text_ascii(pos: &$position, mv: $move) -> String {
            pos.write_move(mv, true)
        }

        /// Solve a directmate in `n` moves of the side to move: every key with its tree.
        pub fn solve(pos: &$position, n: u32, limits: &crate::Limits) -> crate::Answer {
            crate::games::chess::solve::solve(pos, n, limits, false)
        }

        /// Solve a stipulation beyond the direct mate, as chess does: help play (`h#n`,
        /// `h#n.5`, `h=n`, `ser-h#n`, `ser-#n`, `hs#n`), selfmates and reflexmates (`s#n`,
        /// `r#n`), in Popeye's spellings; or why it is refused.
        pub fn solve_stipulation(
            pos: &$position,
            stip: &crate::Stipulation,
            limits: &crate::Limits,
        ) -> Result<crate::Answer, crate::StipulationError> {
            crate::solver::stipulated::solve(pos, stip, limits)
        }

        /// [`solve`], and the tries too, each with its refutations.
        pub fn solve_with_tries(pos: &$position, n: u32, limits: &crate::Limits) -> crate::Answer {
            crate::games::chess::solve::solve(pos, n, limits, true)
        }

        /// Does the side to move force mate in at most `n` moves, whatever the defence?
        /// `None` when a limit stopped the proof first.
        pub fn mates_in(pos: &$position, n: u32, limits: &crate::Limits) -> Option<bool> {
            crate::games::chess::solve::Prover::new(*limits)
                .mates(pos, n)
                .ok()
        }

        /// Is the side to move checkmated now, or mated in at most `n` more moves of the
        /// other side whatever it plays? `None` when a limit stopped the proof.
        pub fn mated_in(pos: &$position, n: u32, limits: &crate::Limits) -> Option<bool> {
            crate::games::chess::solve::Prover::new(*limits)
                .mated(pos, n)
                .ok()
        }

        /// The start position of a game: its `FEN` tag (every problem spanned in the
        /// file), or the start.
        pub fn record_start(record: &Record) -> Result<$position, Vec<Problem>> {
            crate::games::portal::replay::start_of::<$position>(record)
        }

        /// The legal move of `pos` a record's move names, its problem spanned in the file;
        /// a `#` mark must be true.
        pub fn resolve_move(pos: &$position, m: &RecordMove) -> Result<$move, Problem> {
            crate::games::portal::replay::resolve(pos, m)
        }

        impl $position {
            /// The side to move is in check (through the portals too).
            pub fn in_check(&self) -> bool {
                crate::core::Game::in_check(self)
            }
        }

        /// The position string, syntax only.
        impl FromStr for $setup {
            type Err = Problem;
            fn from_str(text: &str) -> Result<$setup, Problem> {
                <$setup>::read(text)
            }
        }

        /// The position string: FEN, then the portals.
        impl fmt::Display for $setup {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text())
            }
        }

        /// Accepts [`ChessRule::BadCastlingRights`](crate::chess::ChessRule) and
        /// `BadEnPassant`: the rights and the square that cannot be are dropped.
        impl crate::Setup for $game {
            type Setup = $setup;
            fn setup(pos: &$position) -> $setup {
                <$setup>::from_position(pos)
            }
            fn position(setup: &$setup, accept: &[Rule]) -> Result<$position, Vec<Problem>> {
                setup.position(accept)
            }
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
            fn solve_stipulation(
                pos: &$position,
                stip: &crate::Stipulation,
                limits: &crate::Limits,
            ) -> Result<crate::Answer, crate::StipulationError> {
                solve_stipulation(pos, stip, limits)
            }
            fn check_stipulation(
                stip: &crate::Stipulation,
            ) -> Result<crate::Stipulation, crate::StipulationError> {
                crate::solver::stipulated::check::<$position>(stip)
            }
            /// The chess diagram with the portals marked, and a line naming them.
            fn diagram(pos: &$position, ascii: bool) -> String {
                Version::diagram(pos, ascii)
            }
            fn svg(pos: &$position) -> String {
                Version::svg(pos)
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
