//! [`hensoku::Setup`](crate::Setup) for card shogi: an SFEN-C set-up built into a
//! position with every problem it has.

use std::fmt;
use std::str::FromStr;

use super::{Position, ShogiCards};
use crate::core::{Problem, Rule, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi_cards::notation::{parse_setup, setup_to_sfen_c};
pub use crate::games::shogi_cards::setup::CardSetup as Setup;

/// The rules `<ShogiCards as hensoku::Setup>::position` accepts: a set-up may break them
/// and still give a position the move generator plays from. A piece that can never move
/// again (`DeadPiece`) and two unpromoted pawns of a side on a file where no D card allows
/// them (`TwoPawns`); no other.
pub const ACCEPTABLE: [Rule; 2] = [
    Rule::Shogi(ShogiRule::DeadPiece),
    Rule::Shogi(ShogiRule::TwoPawns),
];

/// SFEN-C (the cards and effects fields optional), checked for its syntax only.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        parse_setup(text)
    }
}

/// SFEN-C; the cards and effects fields only when the set-up states its cards.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&setup_to_sfen_c(self))
    }
}

/// Every problem of a set-up is reported at its SFEN-C's board field. `accept` may hold
/// the rules of [`ACCEPTABLE`]; any other rule is reported even when accepted, and an
/// accepted one is left out of the problems.
impl crate::Setup for ShogiCards {
    type Setup = Setup;

    fn setup(pos: &Position) -> Setup {
        Setup::from_position(pos)
    }

    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        let board = setup.to_string().find(' ').unwrap_or(0);
        let problems = setup.problems(Span::new(0, board));
        let tolerated = |rule: &Rule| ACCEPTABLE.contains(rule) && accept.contains(rule);
        if problems.iter().all(|p| tolerated(&p.rule)) {
            Ok(setup.build())
        } else {
            Err(problems
                .into_iter()
                .filter(|p| !tolerated(&p.rule))
                .collect())
        }
    }
}
