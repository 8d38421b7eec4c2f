//! A chess game record as read from PGN: tags, start position, moves as written (with
//! spans, NAGs, comments and variations), and the stated result. Nothing here is checked
//! against the rules; `validate` replays it.

use compact_str::CompactString;

use crate::core::Span;

/// One ply as written in the movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move as written, `+`/`#` included; a suffix annotation is in `nags`. Kept
    /// inline (no allocation) up to 24 bytes, which every SAN move fits: an archive's
    /// millions of moves then cost no heap traffic.
    pub text: CompactString,
    /// Where the move is written in the file.
    pub span: Span,
    /// Numeric annotation glyphs: `$1`, and a suffix annotation (`!` is 1, `?!` is 6).
    pub nags: Vec<u32>,
    /// The comments after the move, in order; inline up to 24 bytes, as a clock comment
    /// (`[%clk 0:03:00]`) is.
    pub comments: Vec<CompactString>,
    /// Alternatives to this ply: each a line starting from the position before it.
    pub variations: Vec<Vec<RecordMove>>,
}

impl RecordMove {
    /// A move written as `text` at `span`, without annotations.
    pub fn new(text: &str, span: Span) -> RecordMove {
        RecordMove {
            text: CompactString::from(text),
            span,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A game: the seven-tag roster and any other tags, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The span of the `FEN` tag's value, when there is one.
    pub fen_span: Option<Span>,
    /// The span of the `Variant` tag's value, when there is one.
    pub variant_span: Option<Span>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line's moves as written.
    pub moves: Vec<RecordMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, with its span.
    pub result: Option<(String, Span)>,
    /// The whole game's span in the file.
    pub span: Span,
}

impl Record {
    /// The value of the first tag of this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}
