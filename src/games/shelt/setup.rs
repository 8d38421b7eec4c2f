//! An unvalidated setup (what an SPN says) and its validation into a playable position,
//! reporting every violation of §11 at once.
//!
//! As [`crate::Setup`], a setup can be built with these rules accepted:
//! [`SheltRule::MissingMoon`], [`SheltRule::NoMagicLeft`] (a side without a moon or magic
//! piece has lost; the position is built and its game is over or ends at the next
//! capture) and [`SheltRule::KerCounter`] (a counter above 3, as written). The others
//! (the Teems count, a lantis twice, an own piece in hand, a turned back piece, no side to
//! move) leave no position to build.

use std::fmt;
use std::str::FromStr;

use super::face::Shelt;
use super::position::{Cell, Position};
use super::types::{Lantis, Side, Square};
use crate::core::{Problem, Rule, Span};
use crate::games::shelt::SheltRule;

/// What stands where, before anything is checked: SPN both ways (`FromStr` checks the
/// syntax only; [`crate::Setup::position`] the rules).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// Lantis on the board, with the turned mark.
    pub pieces: Vec<(Lantis, Square, bool)>,
    /// Teems squares (exactly one is valid) and whether it is turned.
    pub teems: Vec<(Square, bool)>,
    /// The side to move (always given by an SPN).
    pub side: Option<Side>,
    /// Each side's pinned piece (Arxe's, then Sorn's).
    pub pins: [Option<Lantis>; 2],
    /// Each side's hand of captured pieces (Arxe's, then Sorn's).
    pub hands: [Vec<Lantis>; 2],
    /// Each side's ker counter (Arxe's, then Sorn's).
    pub kers: [u8; 2],
}

/// The rules a setup can break and still be built (see the module's notes).
const TOLERABLE: [SheltRule; 3] = [
    SheltRule::MissingMoon,
    SheltRule::NoMagicLeft,
    SheltRule::KerCounter,
];

impl crate::Setup for Shelt {
    type Setup = Setup;

    fn setup(pos: &Position) -> Setup {
        let mut s = Setup {
            side: Some(pos.side_to_move()),
            ..Setup::default()
        };
        for sq in (0..49).map(Square) {
            match pos.cell(sq) {
                Cell::Empty => {}
                Cell::Teems => s.teems.push((sq, pos.teems_turned())),
                Cell::Lantis(l) => s.pieces.push((l, sq, pos.is_turned(l))),
            }
        }
        for side in [Side::Arxe, Side::Sorn] {
            s.pins[side.index()] = pos.pin(side);
            s.hands[side.index()] = pos.hand(side).collect();
            s.kers[side.index()] = pos.kers(side);
        }
        s
    }

    /// Every problem spans the whole SPN, as [`Setup`] prints it.
    fn position(setup: &Setup, accept: &[Rule]) -> Result<Position, Vec<Problem>> {
        let span = Span::new(0, setup.to_string().len());
        let tolerated = |p: &Problem| {
            accept.contains(&p.rule) && TOLERABLE.iter().any(|&r| p.rule == Rule::from(r))
        };
        let problems: Vec<Problem> = setup
            .problems(span)
            .into_iter()
            .filter(|p| !tolerated(p))
            .collect();
        if problems.is_empty() {
            Ok(setup.build())
        } else {
            Err(problems)
        }
    }
}

/// SPN, syntax only.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        super::notation::spn::parse_setup(text)
    }
}

/// SPN: the board row by row from Sorn's side, then the side, pins, hands and kers.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<Option<String>> = vec![None; 49];
        for &(sq, turned) in &self.teems {
            words[sq.0 as usize] = Some(if turned { "eteems" } else { "teems" }.into());
        }
        for &(l, sq, turned) in &self.pieces {
            words[sq.0 as usize] = Some(format!("{}{}", l.code(), if turned { "'" } else { "" }));
        }
        let mut rows = Vec::new();
        for rank in (0..7).rev() {
            let mut items: Vec<String> = Vec::new();
            let mut run = 0;
            for file in 0..7 {
                match &words[file + 7 * rank] {
                    None => run += 1,
                    Some(w) => {
                        if run > 0 {
                            items.push(run.to_string());
                            run = 0;
                        }
                        items.push(w.clone());
                    }
                }
            }
            if run > 0 {
                items.push(run.to_string());
            }
            rows.push(items.join(","));
        }
        let pin = |i: usize| self.pins[i].map_or("-", Lantis::code);
        let hand = |i: usize| match self.hands[i].as_slice() {
            [] => "-".to_string(),
            h => h.iter().map(|l| l.code()).collect::<Vec<_>>().join("."),
        };
        let side = self.side.map_or("-", Side::name);
        write!(
            f,
            "{} {side} {}/{} {}/{} {}/{}",
            rows.join("/"),
            pin(0),
            pin(1),
            hand(0),
            hand(1),
            self.kers[0],
            self.kers[1]
        )
    }
}

fn err(rule: impl Into<crate::core::Rule>, message: String, span: Span) -> Problem {
    Problem::new(rule, message, span)
}

impl Setup {
    /// The playable position, or every rule of §11 the setup breaks (all with `span`).
    pub fn validate(&self, span: Span) -> Result<Position, Vec<Problem>> {
        let problems = self.problems(span);
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(self.build())
    }

    /// Every rule of §11 the setup breaks, each with `span`.
    fn problems(&self, span: Span) -> Vec<Problem> {
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
        problems
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
