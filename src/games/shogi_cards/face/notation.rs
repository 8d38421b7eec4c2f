//! Card shogi's notations, as a library user reads and prints them: SFEN-C positions,
//! USI-style plies and records (`G:+R*5e`), and records and plies in CSA, KIF and KI2 with
//! card letters (a [`Form`](super::Form)). The face re-exports this module
//! (`hensoku::shogi_cards::notation`).

/// SFEN-C: a position and whether its text states the cards field.
pub use crate::games::shogi_cards::notation::{parse_sfen_c, to_sfen_c};

/// USI-style plies: the ply and where its parts stand, and its canonical text.
pub use crate::games::shogi_cards::notation::{PlySpans, parse_ply, ply_text};

/// USI-style records (`position startpos moves W:9i …`): read, and printed from a start
/// and its plies.
pub use crate::games::shogi_cards::validate::{parse_record, print_record};

/// One ply in CSA, KIF or KI2 with its card letter, read in a position or printed.
pub use crate::games::shogi_cards::notation_read::{parse_in, print_in};

/// Records in CSA, KIF or KI2: read, printed bare or with the annotations read, and what
/// a notation cannot carry.
pub use crate::games::shogi_cards::records::{
    card_losses, parse_card_record, print_card_record, print_card_record_of,
};
