//! One scanner for the record notations of the PGN family: chess PGN (and Hidden's and
//! Buckley's, which are PGN), Howe records, 5DPGN, QGN and the puzzle file.
//!
//! They share a shape (tag pairs, then movetext of move numbers, moves, comments, NAGs,
//! nested variations and a result) and differ in details: whether a tag's value has
//! escapes, what a name may hold, which comments there are, what a move number looks like.
//! Those details are data, a [`Dialect`] each notation states once beside its reader.
//! The scanner finds the tokens, with their spans, and hands them to a [`Visitor`] (as
//! pgn-reader's `Visitor` and python-chess's `BaseVisitor` do); the visitor builds the
//! game's record. What the scanner cannot read is a [`Fault`], which the visitor turns
//! into its game's own diagnostic, so each game keeps its messages.
//!
//! Tokens borrow from the text: scanning allocates nothing.

mod dialect;
mod scanner;
mod visitor;

#[cfg(test)]
mod tests;

pub use dialect::{Close, Dialect, Glued, RESULTS, Space, TagRule, TagValue, Words, pgn_name};
pub use scanner::{Scanner, scan};
pub use visitor::{Comment, Fault, Skip, Tag, Visitor};
