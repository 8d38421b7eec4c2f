//! A card-shogi set-up as SFEN-C describes it, apart from the playable position: the shogi
//! set-up (Crown Princes included), the cards and the effects in force, checked for their
//! syntax only, so that building the position can report every rule broken at once.

use crate::core::{CommonRule, Problem, Rule, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::Square;

use super::card::CardSet;
use super::notation::card_board_problems;
use super::position::CardPosition;

/// An SFEN-C position as written: it may break the rules (two Crown Princes, a D file
/// with one pawn). Prints and parses as SFEN-C.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSetup {
    /// The shogi set-up: board, hands, side to move, move number; a Crown Prince is a
    /// promoted gold (`+G`).
    pub board: Setup,
    /// Each side's unused cards (Black's first), or `None` when the text states no cards
    /// field (both sides then hold all twelve, rules §4.1).
    pub cards: Option<[CardSet; 2]>,
    /// The square of the silver that may not be captured on this ply (I card).
    pub invincible: Option<Square>,
    /// Each side's active D files, bit `file` set (files 1 to 9).
    pub dfiles: [u16; 2],
}

impl CardSetup {
    /// The set-up of a playable position; its cards field stated.
    pub fn from_position(pos: &CardPosition) -> CardSetup {
        CardSetup {
            board: Setup::from_position(pos.shogi()),
            cards: Some(pos.cards),
            invincible: pos.invincible,
            dfiles: pos.dfiles,
        }
    }

    /// Every rule the set-up breaks, each at `span` (the board field): shogi's rules but
    /// the two that cards change (two pawns on a file, which a D file allows, and the side
    /// not to move in check, which a Crown Prince may make legal), then the cards' own.
    /// The cards' rules are judged on the board only when it has at most one king a side.
    pub(crate) fn problems(&self, span: Span) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut kings_ok = true;
        if let Err(errs) = self.board.validate() {
            for e in errs {
                if e.rule == Rule::from(ShogiRule::TwoPawns)
                    || e.rule == Rule::from(CommonRule::OpponentInCheck)
                {
                    continue;
                }
                kings_ok &= e.rule != Rule::from(CommonRule::TooManyKings);
                out.push(Problem::new(e.rule, e.message, span));
            }
        }
        if kings_ok {
            let board = self.board.build();
            out.extend(card_board_problems(
                &board,
                self.board.side,
                &self.dfiles,
                self.invincible,
                span,
            ));
        }
        out
    }

    /// The position, with no checks (callers have found no problem, or accept them).
    pub(crate) fn build(&self) -> CardPosition {
        CardPosition {
            board: self.board.build(),
            cards: self.cards.unwrap_or([CardSet::FULL; 2]),
            invincible: self.invincible,
            dfiles: self.dfiles,
        }
    }
}
