//! The notations of 5D chess: Shad's 5DPGN (with 5DFEN boards) and the seed's vectors.

mod moves;
pub mod pgn;
pub mod print;
pub mod vector;
mod word;
