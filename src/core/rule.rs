//! The rule a diagnostic names, as a type: one `#[non_exhaustive]` enum per game for the
//! rules only that game has, [`CommonRule`] for the kinds every game shares (`Syntax`,
//! `Encoding`, `GameOver`, …), and [`Rule`], which holds any of them.
//!
//! Each kind has a stable [`name`](Rule::name), the `rule` string of `validate --json` that
//! scripts match on, and a one-line [`description`](Rule::description) of what breaking it
//! means, which is also its `Display`. What went wrong in one record (which piece, which
//! square) is the message of its [`Problem`](super::Problem), whose `Display` it is.
//! `docs/diagnostics.md` lists every kind; a test keeps the two in step.

use serde::{Serialize, Serializer};
use std::fmt;

use crate::games::chess::ChessRule;
use crate::games::fived::FivedRule;
use crate::games::portal::PortalRule;
use crate::games::quantum::QuantumRule;
use crate::games::shelt::SheltRule;
use crate::games::shogi::ShogiRule;
use crate::games::shogi_cards::CardRule;

/// Declares a fieldless rule enum: each variant's doc, stable name and description come
/// from one line `Variant => "description"`, so the three cannot drift apart.
macro_rules! rule_kinds {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $(
                #[doc = concat!("`", stringify!($variant), "`: ", $text, ".")]
                $variant,
            )*
        }

        impl $name {
            /// Every kind, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The stable name: the `rule` field of the JSON output.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($variant),)*
                }
            }

            /// What breaking the rule means, in one line.
            pub fn description(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        /// What breaking the rule means, in words: the [`description`](Self::description).
        /// The stable name is [`name`](Self::name).
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.description())
            }
        }

        impl PartialEq<$name> for $crate::core::Rule {
            fn eq(&self, other: &$name) -> bool {
                *self == $crate::core::Rule::from(*other)
            }
        }
    };
}
pub(crate) use rule_kinds;

rule_kinds! {
    /// The kinds of problem that mean the same in every game, so they have one name.
    CommonRule {
        Syntax => "the text does not follow the notation's grammar",
        Encoding => "the bytes are not text in an accepted encoding, or hold control characters",
        Lossy => "the record cannot be written in the target notation without losing a move",
        Internal => "hensoku's move generator and its notation reader disagree (a bug to report)",
        GameOver => "a move is written after the game has ended",
        IllegalMove => "no legal move matches the written move",
        AmbiguousMove => "the written move fits several legal moves",
        IllegalMovement => "the piece does not move that way",
        SelfCheck => "the move leaves the mover's own king or royal piece attacked",
        OpponentInCheck => "in a set-up, the side not to move is in check",
        NoPiece => "the move starts from an empty square, or no piece of the mover could make it",
        WrongSide => "the move or its piece is the wrong side's for whose turn it is",
        WrongPiece => "the piece a card needs is not the piece there",
        PieceMismatch => "the piece letter written does not match the piece on the square",
        OwnPieceOnTarget => "the destination holds one of the mover's own pieces",
        PathBlocked => "a piece stands between the origin and the destination",
        OffBoard => "a square or point outside the board",
        MissingPromotion => "a pawn reaches the last rank without naming its promotion",
        TooManyKings => "a side has more than one king",
        NoPreviousMove => "a same-square mark (`同`, `kak`) with no previous move's square to refer to",
        WrongCaptureMark => "a capture written without its capture mark, or a capture mark on a move that captures nothing",
        WrongCheckMark => "the check, mate or game-end mark written does not fit the position after the move",
        WrongJumpMark => "the jump marker written does not fit the move",
        MoveNumber => "the move number or turn number written is not the move's",
        WrongResult => "the result written is not the one the game's end gives",
        MissingTag => "a puzzle or record lacks a tag it needs",
        TooDeep => "variations or comments nest deeper than the reader's limit (64 levels)",
        NoRecord => "the input holds no record: only white space, comments or escape lines",
    }
}

/// The rule a [`Problem`](super::Problem) names: a shared kind or one game's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rule {
    /// A kind every game shares.
    Common(CommonRule),
    /// A rule of shogi (and of card shogi, which builds on it).
    Shogi(ShogiRule),
    /// A rule only card shogi has.
    Cards(CardRule),
    /// A rule of Shelt.
    Shelt(SheltRule),
    /// A rule of chess (and of Portal Chess, which builds on it).
    Chess(ChessRule),
    /// A rule only Portal Chess (Hidden, Buckley or Howe) has.
    Portal(PortalRule),
    /// A rule of 5D chess.
    Fived(FivedRule),
    /// A rule of Quantum Chamber.
    Quantum(QuantumRule),
}

impl Rule {
    /// The stable name, the `rule` of `validate --json` (e.g. `TwoPawns`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Common(r) => r.name(),
            Rule::Shogi(r) => r.name(),
            Rule::Cards(r) => r.name(),
            Rule::Shelt(r) => r.name(),
            Rule::Chess(r) => r.name(),
            Rule::Portal(r) => r.name(),
            Rule::Fived(r) => r.name(),
            Rule::Quantum(r) => r.name(),
        }
    }

    /// What breaking the rule means, in one line.
    pub fn description(self) -> &'static str {
        match self {
            Rule::Common(r) => r.description(),
            Rule::Shogi(r) => r.description(),
            Rule::Cards(r) => r.description(),
            Rule::Shelt(r) => r.description(),
            Rule::Chess(r) => r.description(),
            Rule::Portal(r) => r.description(),
            Rule::Fived(r) => r.description(),
            Rule::Quantum(r) => r.description(),
        }
    }

    /// Every rule of every enum, shared kinds first.
    pub fn all() -> impl Iterator<Item = Rule> {
        let common = CommonRule::ALL.iter().map(|&r| Rule::from(r));
        common
            .chain(ShogiRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(CardRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(SheltRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(ChessRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(PortalRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(FivedRule::ALL.iter().map(|&r| Rule::from(r)))
            .chain(QuantumRule::ALL.iter().map(|&r| Rule::from(r)))
    }

    /// The name of the enum the rule belongs to, as `docs/diagnostics.md` heads its table.
    pub fn group(self) -> &'static str {
        match self {
            Rule::Common(_) => "CommonRule",
            Rule::Shogi(_) => "ShogiRule",
            Rule::Cards(_) => "CardRule",
            Rule::Shelt(_) => "SheltRule",
            Rule::Chess(_) => "ChessRule",
            Rule::Portal(_) => "PortalRule",
            Rule::Fived(_) => "FivedRule",
            Rule::Quantum(_) => "QuantumRule",
        }
    }
}

/// What breaking the rule means, in words (its [`description`](Rule::description)); the
/// stable name, which JSON writes, is [`name`](Rule::name).
impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// A rule is written as its stable name, as it always was.
impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

macro_rules! rule_from {
    ($($kind:ident => $variant:ident),*) => {$(
        impl From<$kind> for Rule {
            fn from(r: $kind) -> Rule {
                Rule::$variant(r)
            }
        }
    )*};
}
rule_from!(CommonRule => Common, ShogiRule => Shogi, CardRule => Cards, SheltRule => Shelt,
    ChessRule => Chess, PortalRule => Portal, FivedRule => Fived, QuantumRule => Quantum);
