//! [`hensoku::Setup`](crate::Setup) for shogi: a set-up read from SFEN, built into a
//! position with every problem it has.

use std::fmt;
use std::str::FromStr;

use super::{Position, Setup, Shogi};
use crate::core::{CommonRule, Problem, Rule, Span};
use crate::games::shogi::ShogiRule;

/// The rules `<Shogi as hensoku::Setup>::position` accepts: a set-up may break them and
/// still give a position the move generator plays from. A piece that can never move
/// again (`DeadPiece`) and two unpromoted pawns of a side on a file (`TwoPawns`); two
/// kings, too many pieces of a kind and the side not to move in check never are.
pub const ACCEPTABLE: [Rule; 2] = [
    Rule::Shogi(ShogiRule::DeadPiece),
    Rule::Shogi(ShogiRule::TwoPawns),
];

/// SFEN (or `startpos`), checked for its syntax only.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        crate::games::shogi::notation::sfen::parse_setup(text)
    }
}

/// SFEN, with the move number.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::games::shogi::notation::sfen::setup_to_sfen(self))
    }
}

/// Every problem of a set-up is reported at its SFEN's board field. `accept` may hold the
/// rules of [`ACCEPTABLE`]; any other rule is reported even when accepted, and an accepted
/// one is left out of the problems.
impl crate::Setup for Shogi {
    type Setup = Setup;

    fn setup(pos: &Position) -> Setup {
        Setup::from_position(pos)
    }

    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        let mut errors = match setup.validate() {
            Ok(pos) => return Ok(pos),
            Err(errors) => errors,
        };
        let kings_ok = !errors
            .iter()
            .any(|e| e.rule == Rule::from(CommonRule::TooManyKings));
        let checked = errors
            .iter()
            .any(|e| e.rule == Rule::from(CommonRule::OpponentInCheck));
        // `validate` looks for the check only on a set-up with no other problem
        if kings_ok && !checked {
            errors.extend(setup.opponent_in_check(&setup.build()));
        }
        let tolerated = |rule: &Rule| ACCEPTABLE.contains(rule) && accept.contains(rule);
        if errors.iter().all(|e| tolerated(&e.rule)) {
            return Ok(setup.build());
        }
        let board = setup.to_string().find(' ').unwrap_or(0);
        Err(errors
            .into_iter()
            .filter(|e| !tolerated(&e.rule))
            .map(|e| Problem::new(e.rule, e.message, Span::new(0, board)))
            .collect())
    }
}
