//! A game record as read from any notation: start setup, moves as written (with spans),
//! the stated ending, header lines, comments and variations. Nothing here is checked
//! against the rules; `validate` replays it.

use crate::core::{Problem, Span};
use crate::games::shogi::notation::csa::CsaMove;
use crate::games::shogi::notation::kif::{Ki2Move, KifMove};
use crate::games::shogi::position::Position;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Move, Square};
use serde::Serialize;

/// A move as a notation wrote it, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// USI and CSA name origin and destination, so the move is known without a position.
    Usi(Move),
    /// CSA also names the piece after the move, which resolving checks against the board.
    Csa(CsaMove),
    /// KIF names the origin (`７六歩(77)`) but needs the position for `同`.
    Kif(KifMove),
    /// KI2 names only piece and destination (`▲７六歩`), resolved by search.
    Ki2(Ki2Move),
}

impl MoveText {
    /// Turn the written move into a move of `pos`. `previous` is the destination of the
    /// previous ply (for `同`). Errors carry a span relative to the move's own text.
    pub fn resolve(&self, pos: &Position, previous: Option<Square>) -> Result<Move, Problem> {
        match self {
            MoveText::Usi(m) => Ok(*m),
            MoveText::Kif(m) => m.resolve(pos, previous),
            MoveText::Ki2(m) => m.resolve(pos, previous),
            MoveText::Csa(m) => m.resolve(pos),
        }
    }
}

/// One ply of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub text: MoveText,
    /// Where the move's text stands in the source.
    pub span: Span,
    /// Time annotation as written (KIF `( 0:01/00:00:01)`, CSA `T12`), if any.
    pub time: Option<String>,
    pub comments: Vec<String>,
}

impl RecordMove {
    pub fn new(text: MoveText, span: Span) -> RecordMove {
        RecordMove {
            text,
            span,
            time: None,
            comments: Vec::new(),
        }
    }
}

/// Header keys that KIF and CSA both have, as (KIF key, CSA key), so a converted record
/// keeps them as headers in the target's own spelling.
pub const HEADER_KEYS: [(&str, &str); 8] = [
    ("先手", "N+"),
    ("後手", "N-"),
    ("棋戦", "$EVENT"),
    ("場所", "$SITE"),
    ("開始日時", "$START_TIME"),
    ("終了日時", "$END_TIME"),
    ("持ち時間", "$TIME_LIMIT"),
    ("戦型", "$OPENING"),
];

/// How a record says the game ended (KIF `投了`, CSA `%TORYO`, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Resign,
    Checkmate,
    Repetition,
    Impasse,
    EnteringKingWin,
    TimeUp,
    IllegalMove,
    Interrupted,
    NoCheckmate,
    /// Anything else, as written.
    Other(String),
}

/// A side line starting at `ply` (the 1-based ply it replaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    pub ply: usize,
    pub moves: Vec<RecordMove>,
    pub ending: Option<(Ending, Span)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A shogi record as read from any notation: the start, the moves as written, the ending,
/// headers, comments and variations. Nothing is checked;
/// [`validate`](crate::shogi::validate) replays it.
pub struct Record {
    /// The start position as written (not yet checked).
    pub start: Setup,
    /// Where the start position is written (the whole diagram for KIF/CSA).
    pub start_span: Span,
    /// Header lines as key/value pairs in source order.
    pub headers: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line's moves as written.
    pub moves: Vec<RecordMove>,
    /// The stated ending (`投了`, `%TORYO`, …) and its span.
    pub ending: Option<(Ending, Span)>,
    /// The variations (KIF's `変化`).
    pub variations: Vec<Variation>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            start: super::notation::sfen::parse_setup(super::notation::sfen::STARTPOS)
                .expect("valid"),
            start_span: Span::default(),
            headers: Vec::new(),
            comments: Vec::new(),
            moves: Vec::new(),
            ending: None,
            variations: Vec::new(),
        }
    }
}
