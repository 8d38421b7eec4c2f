//! A QFEN as written, apart from the playable position: the lock and the piece supply of
//! §13 are checked when the setup is built, every problem at once.
//!
//! As [`crate::Setup`], a setup can be built with these rules accepted:
//! [`QuantumRule::TooManyCylinders`] and [`QuantumRule::TooManyAbsorbers`] (more pieces
//! than the game's supply: the position is built as written). A lock on a point without
//! an Absorber ([`QuantumRule::LockedNotAbsorber`]) is never tolerated: the lock would
//! hold nothing.

use std::fmt;
use std::str::FromStr;

use super::QuantumRule;
use super::face::Quantum;
use super::notation::qfen;
use super::position::Position;
use super::types::Cell;
use crate::core::{Problem, Rule, Span};

/// What a QFEN says, checked for its syntax only: QFEN both ways.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The set-up as written, not yet checked: its lock may hold no Absorber, its pieces
    /// may exceed the supply.
    pub unchecked: Position,
}

/// The rules a setup can break and still be built (see the module's notes).
const TOLERABLE: [QuantumRule; 2] = [QuantumRule::TooManyCylinders, QuantumRule::TooManyAbsorbers];

impl crate::Setup for Quantum {
    type Setup = Setup;

    fn setup(pos: &Position) -> Setup {
        Setup {
            unchecked: pos.clone(),
        }
    }

    /// The spans point into the QFEN as [`Setup`] prints it.
    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        let pos = &setup.unchecked;
        let text = qfen::to_qfen(pos);
        let field = |i: usize| {
            let start: usize = text.split(' ').take(i).map(|f| f.len() + 1).sum();
            let len = text.split(' ').nth(i).map_or(0, str::len);
            Span::new(start, len)
        };
        let mut problems = Vec::new();
        if let Some(p) = pos.locked.filter(|&p| pos.at(p) != Cell::Absorber) {
            problems.push(qfen::locked_not_absorber(&pos.geo.name(p), field(3)));
        }
        qfen::check_supply(pos, field(0), &mut problems);
        let tolerated = |p: &Problem| {
            accept.contains(&p.rule) && TOLERABLE.iter().any(|&r| p.rule == Rule::from(r))
        };
        problems.retain(|p| !tolerated(p));
        if problems.is_empty() {
            Ok(pos.clone())
        } else {
            Err(problems)
        }
    }
}

/// QFEN, syntax only (the first problem).
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        qfen::parse_unchecked(text)
            .map(|unchecked| Setup { unchecked })
            .map_err(|mut ps| ps.swap_remove(0))
    }
}

/// QFEN (the move number left out when it is 1).
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&qfen::to_qfen(&self.unchecked))
    }
}
