//! Records from inputs of any size, read as a stream: what `hensoku validate` reads, open to
//! a library caller (a binding, a data pipeline) that wants the same records the same way.
//!
//! The pieces, one concept each: [`source`] turns names into text streams (files, folders,
//! standard input, compressed files and archives; feature `archives`); [`split`] cuts a
//! stream into record pieces at record boundaries, counting bytes and lines once, so that a
//! piece's place plus a span inside it is the span in the whole input; [`game_of`] and
//! [`boundary_of`] tell a stream's game and where its records start from its name and
//! first bytes; [`decode`] turns a piece's bytes into the text the game's reader takes.
//! Each piece is then read and replayed with the game's face
//! ([`Game::read`](crate::Game::read), [`Game::validate`](crate::Game::validate)).
//!
//! ```
//! use hensoku::stream::{self, split::Splitter};
//! use hensoku::Game;
//!
//! let input = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n";
//! let game = stream::game_of(Some("games.pgn"), input).unwrap();
//! assert_eq!(game, "chess");
//! let boundary = stream::boundary_of(game, "games.pgn", input, None).unwrap();
//! let mut pieces = Splitter::new(&input[..], boundary, 1 << 20);
//! let mut lines = Vec::new();
//! while let Some(piece) = pieces.next_chunk()? {
//!     let (text, _) = stream::decode(game, "games.pgn", &piece.bytes).unwrap();
//!     for record in hensoku::chess::Chess::read(&text).unwrap() {
//!         let replay = hensoku::chess::Chess::validate(&record, &text);
//!         lines.push((piece.line, replay.valid()));
//!     }
//! }
//! assert_eq!(lines, [(1, true), (5, false)]);
//! # Ok::<(), std::io::Error>(())
//! ```

mod detect;
#[cfg(feature = "archives")]
pub mod source;
pub mod split;

pub use detect::{GAMES, boundary_of, decode, game_of};

#[cfg(feature = "cli")]
pub(crate) use detect::chess_boundary;

// The command line's `validate`, built on the pieces above.
#[cfg(feature = "cli")]
mod args;
#[cfg(all(test, feature = "cli"))]
mod boundary_tests;
#[cfg(feature = "cli")]
mod check;
#[cfg(feature = "cli")]
mod pipeline;
#[cfg(feature = "cli")]
mod report;
#[cfg(feature = "cli")]
mod validate;

#[cfg(feature = "cli")]
mod convert;
#[cfg(feature = "cli")]
mod parse;
#[cfg(feature = "cli")]
mod pieces;
#[cfg(feature = "cli")]
mod placed;

#[cfg(feature = "cli")]
pub(crate) use args::{StreamArgs, ValidateArgs};
#[cfg(feature = "cli")]
pub(crate) use convert::convert;
#[cfg(feature = "cli")]
pub(crate) use parse::parse;
#[cfg(feature = "cli")]
pub(crate) use validate::validate;
