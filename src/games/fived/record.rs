//! A 5DPGN record as written: tags, 5DFEN boards and movetext items, each with its span.
//! Nothing here knows the rules; `validate` gives the items their meaning.

use super::fen::FenBoard;
use super::types::{Colour, Kind};
use crate::core::Span;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub span: Span,
}

/// A board reference `(LT)` as written; either part may be missing in the shortened forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardRef {
    /// (negative sign, number, sign written at all).
    pub timeline: Option<(bool, i32, bool)>,
    pub turn: Option<i32>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum JumpMark {
    /// `>`: onto an end board.
    Single,
    /// `>>`: onto a past board, branching.
    Double,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Castle {
    Short,
    Long,
}

/// One move as written (§10.2); every part optional but the destination square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveText {
    pub source: Option<BoardRef>,
    pub piece: Option<Kind>,
    pub from_file: Option<i32>,
    pub from_rank: Option<i32>,
    pub jump: Option<JumpMark>,
    pub capture: bool,
    pub dest_board: Option<BoardRef>,
    /// Destination square (file, rank), absent for `O-O`.
    pub to: Option<(i32, i32)>,
    pub castle: Option<Castle>,
    /// The seed's player-relative vector `(X,Y,T,L)` (§9), instead of a destination.
    pub vector: Option<[i32; 4]>,
    pub promotion: Option<Kind>,
    /// `+`, `*` or `#`.
    pub mark: Option<char>,
    pub tilde: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum Item {
    Turn {
        number: u32,
        colour: Option<Colour>,
        span: Span,
    },
    Slash {
        span: Span,
    },
    Move(MoveText),
    Present {
        turn: u32,
        span: Span,
    },
    NewTimeline {
        negative: bool,
        number: i32,
        span: Span,
    },
    Result {
        text: String,
        span: Span,
    },
    /// A variation, kept as written (the main line ignores it).
    Variation {
        span: Span,
    },
    Annotation {
        span: Span,
    },
}

impl Item {
    pub fn span(&self) -> Span {
        match self {
            Item::Move(m) => m.span,
            Item::Turn { span, .. }
            | Item::Slash { span }
            | Item::Present { span, .. }
            | Item::NewTimeline { span, .. }
            | Item::Result { span, .. }
            | Item::Variation { span }
            | Item::Annotation { span } => *span,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
/// A 5DPGN record as read: tags, 5DFEN boards and the moves, nothing checked.
pub struct Record {
    /// The tag pairs, in the order written.
    pub tags: Vec<Tag>,
    #[serde(skip)]
    /// The 5DFEN boards of a custom set-up.
    pub fens: Vec<FenBoard>,
    /// The movetext: turn numbers, moves, marks, in order.
    pub items: Vec<Item>,
    /// Each comment's text and span.
    pub comments: Vec<(String, Span)>,
}

impl Record {
    /// The value of a tag, matched case-insensitively, including the legacy lower-case names.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}
