//! Shogi's notations, one module each, as a library user reads and prints them: the
//! records' readers and printers, each notation's move text, and the bytes of KIF and CSA
//! files. The face re-exports these modules (`hensoku::shogi::kif`, …).

/// SFEN: positions and set-ups (`lnsgkgsnl/… b - 1`, or `startpos`).
pub mod sfen {
    pub use crate::games::shogi::notation::sfen::{
        STARTPOS, parse_position, parse_setup, setup_to_sfen, to_sfen,
    };
}

/// USI: moves (`7g7f`, `P*5e`) and records (`position startpos moves …`).
pub mod usi {
    pub use crate::games::shogi::notation::usi::{
        move_text, parse_move, parse_record, parse_records, print_record,
    };
}

/// CSA: records (several a file, `/`-separated), moves (`+7776FU`) and the file's
/// declared encoding.
pub mod csa {
    pub use crate::games::shogi::notation::csa::{
        CsaMove, decode, move_text, parse_record, parse_record_with, parse_records,
        parse_records_with, print_record, print_records,
    };
}

/// KIF: records with their board diagrams, variations (変化), comments and times; moves
/// (`７六歩(77)`); the start positions named by `手合割`.
pub mod kif {
    pub use crate::games::shogi::notation::kif::board::{
        handicap, handicap_name, handicap_needs_diagram,
    };
    pub use crate::games::shogi::notation::kif::{
        KifMove, move_text, parse_record, parse_record_with, print_record,
    };
}

/// KI2: records whose moves name the piece and, where needed, its relative position
/// (`▲２八銀右上`).
pub mod ki2 {
    pub use crate::games::shogi::notation::ki2::{
        move_text, parse_record, parse_record_with, print_record,
    };
    pub use crate::games::shogi::notation::kif::Ki2Move;
}

/// The bytes of KIF and KI2 files: Shift_JIS or UTF-8, as the extension and the text say.
pub mod encoding {
    pub use crate::games::shogi::notation::encoding::{
        UTF8_DECLARATION, decode, decode_reporting, encode,
    };
}

/// Every notation behind one [`Format`](crate::shogi::Format): a file's bytes decoded,
/// its records read, a replayed record written, what a conversion drops, one move's text.
pub mod io {
    pub use crate::games::shogi::io::{decode, decode_reporting, losses, move_text, read, write};
}
