//! An unvalidated setup (what an SPN says) and its validation into a playable position,
//! reporting every violation of §11 at once.

use super::position::Position;
use super::types::{Lantis, Side, Square};
use crate::core::{Problem, Span};
use crate::games::shelt::SheltRule;

/// What stands where, before anything is checked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// Lantis on the board, with the turned mark.
    pub pieces: Vec<(Lantis, Square, bool)>,
    /// Teems squares (exactly one is valid) and whether it is turned.
    pub teems: Vec<(Square, bool)>,
    pub side: Option<Side>,
    pub pins: [Option<Lantis>; 2],
    pub hands: [Vec<Lantis>; 2],
    pub kers: [u8; 2],
}

fn err(rule: impl Into<crate::core::Rule>, message: String, span: Span) -> Problem {
    Problem::new(rule, message, span)
}

impl Setup {
    /// The playable position, or every rule of §11 the setup breaks (all with `span`).
    pub fn validate(&self, span: Span) -> Result<Position, Vec<Problem>> {
        let mut problems = Vec::new();
        if self.teems.len() != 1 {
            problems.push(err(
                SheltRule::TeemsCount,
                format!(
                    "the board must hold exactly one Teems, not {}",
                    self.teems.len()
                ),
                span,
            ));
        }
        let mut seen = [0u8; Lantis::COUNT];
        let mut count = |l: Lantis| seen[l.index()] += 1;
        self.pieces.iter().for_each(|p| count(p.0));
        self.pins.iter().flatten().for_each(|&l| count(l));
        self.hands.iter().flatten().for_each(|&l| count(l));
        for l in Lantis::all().filter(|l| seen[l.index()] > 1) {
            problems.push(err(
                SheltRule::DuplicateLantis,
                format!(
                    "`{}` appears {} times in board, pins and hands",
                    l.code(),
                    seen[l.index()]
                ),
                span,
            ));
        }
        for side in [Side::Arxe, Side::Sorn] {
            let moon = Lantis::moon(side);
            if !self.pieces.iter().any(|p| p.0 == moon) {
                problems.push(err(
                    SheltRule::MissingMoon,
                    format!(
                        "{}'s moon `{}` must be on the board",
                        side.name(),
                        moon.code()
                    ),
                    span,
                ));
            }
            if !self
                .pieces
                .iter()
                .any(|p| p.0.side() == side && p.0.base_kind().is_magic())
            {
                problems.push(err(
                    SheltRule::NoMagicLeft,
                    format!(
                        "{} has no magic piece on the board: the game would already be over",
                        side.name()
                    ),
                    span,
                ));
            }
            let held = self.pins[side.index()]
                .iter()
                .chain(self.hands[side.index()].iter());
            for l in held.filter(|l| l.side() == side) {
                problems.push(err(
                    SheltRule::OwnPieceInHand,
                    format!(
                        "`{}` is {}'s own lantis: hands and pins hold only captured enemy pieces",
                        l.code(),
                        side.name()
                    ),
                    span,
                ));
            }
            if self.kers[side.index()] > 3 {
                problems.push(err(
                    SheltRule::KerCounter,
                    format!(
                        "{}'s ker counter must be 0 to 3 (the 4th ker ends the game)",
                        side.name()
                    ),
                    span,
                ));
            }
        }
        for (l, _, turned) in &self.pieces {
            if *turned && !l.base_kind().is_front() {
                problems.push(err(
                    SheltRule::TurnedNotFront,
                    format!("`{}'`: only front pieces can be turned", l.code()),
                    span,
                ));
            }
        }
        if self.side.is_none() {
            problems.push(err(
                SheltRule::SideToMove,
                "the side to move must be `arxe` or `sorn`".into(),
                span,
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(self.build())
    }

    fn build(&self) -> Position {
        let (teems, teems_turned) = self.teems[0];
        let mut p = Position::bare(self.side.unwrap_or(Side::Arxe), teems);
        p.set_teems_turned(teems_turned);
        let mut placed = 0u32;
        for &(l, sq, turned) in &self.pieces {
            p.put(l, sq);
            p.set_turned(l, turned);
            placed |= l.bit();
        }
        for side in [Side::Arxe, Side::Sorn] {
            p.set_pin(side, self.pins[side.index()]);
            for &l in &self.hands[side.index()] {
                p.add_to_hand(side, l);
                placed |= l.bit();
            }
            if let Some(l) = self.pins[side.index()] {
                placed |= l.bit();
            }
            p.set_kers(side, self.kers[side.index()]);
        }
        // a lantis in none of these places counts as consumed (§11)
        p.set_consumed(!placed & ((1 << Lantis::COUNT) - 1));
        p
    }
}
