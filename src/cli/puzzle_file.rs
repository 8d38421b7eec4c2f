//! Reading a `.puzzle` file for `solve`: the position tag and the stipulation, for any
//! game (the library's `file::puzzle`, shared with `convert` and `view`).

pub use hensoku::file::puzzle::*;
