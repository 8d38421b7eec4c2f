//! A record in another notation of its game: what `hensoku convert` writes, for every
//! game, through one function, so that the command line and a binding convert alike.
//!
//! What the target cannot carry is named in [`Converted::dropped`], never lost silently;
//! every record must replay without a problem (an invalid one is refused).
//!
//! ```
//! use hensoku::convert::convert;
//! use hensoku::file::Input;
//!
//! let input = Input::normalized("game.usi", b"position startpos moves 7g7f 3c3d\n".to_vec());
//! let kif = convert("shogi", &input, None, "csa")?;
//! assert!(kif.text.contains("+7776FU"));
//! # Ok::<(), hensoku::file::FileError>(())
//! ```

use crate::file::{self, FileError, Input};

/// A converted text and what the target notation could not carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// The records, written in the target notation.
    pub text: String,
    /// What the target could not carry and was left out (`comments`, `moves`, …).
    pub dropped: Vec<String>,
    /// Irregularities the reader accepted with a warning (a KIF variation past the end of
    /// its line, …), which a strict conversion refuses.
    pub irregular: Vec<String>,
}

/// The notations each game converts to, as [`convert`] takes `to`.
pub fn targets(game: &str) -> &'static [&'static str] {
    match game {
        "shogi" => &["usi", "sfen", "sfen-positions", "csa", "kif", "ki2"],
        "shogi-cards" => &["usi", "csa", "kif", "ki2"],
        "shelt" => &["readout", "compact", "spn"],
        "chess" => &["pgn", "san", "uci", "uci-result", "fen"],
        "portal-hidden" | "portal-buckley" => &["pgn", "pgn-ascii", "position"],
        "portal-howe" => &["howe", "howe-ascii", "position"],
        "fived" => &["5dpgn", "vector"],
        "quantum" => &["qgn", "long", "qfen"],
        _ => &[],
    }
}

/// Every record of `input` (a file of `game`, read as `from` says, else as its name and
/// text tell) written in notation `to`.
pub fn convert(
    game: &str,
    input: &Input,
    from: Option<&str>,
    to: &str,
) -> Result<Converted, FileError> {
    use crate::portal::{buckley, hidden};
    match game {
        "shogi" => file::shogi::convert(input, from, to),
        "shogi-cards" => file::shogi_cards::convert(input, from, to),
        "shelt" => file::shelt::convert(input, from, to),
        "chess" => file::chess::convert(input, from, to),
        "portal-hidden" => file::portal::convert::<hidden::Position>(input, to),
        "portal-buckley" => file::portal::convert::<buckley::Position>(input, to),
        "portal-howe" => file::portal_howe::convert(input, to),
        "fived" => file::fived::convert(input, to),
        "quantum" => file::quantum::convert(input, from, to),
        other => Err(FileError::usage(format!("unknown game `{other}`"))),
    }
}
