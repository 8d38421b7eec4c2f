//! Turning a written ply (readout or compact) into a `Ply` of a position. Errors carry the
//! span of the field at fault; deviations the rules tolerate come back as warnings.

use super::notation::compact::{Compact, CompactPly};
use super::notation::readout::{Fourth, Mover, Readout, ReadoutPly, Suffix, Target};
use super::position::{Cell, Position};
use super::types::{Kind, Lantis, Ply, Square};
use crate::core::{CommonRule, Problem, Span};
use crate::games::shelt::SheltRule;

/// The ply and the lenient-mode warnings (W01, W02) found while reading it.
pub struct Resolved {
    /// The ply of the position.
    pub ply: Ply,
    /// What the lenient reading tolerated.
    pub warnings: Vec<Problem>,
}

/// What `kak` may stand for: the previous ply's reference square (§9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Previous {
    /// No ply yet: `kak` cannot open a record.
    None,
    /// The previous ply was a yol, which has no reference square.
    Yol,
    /// The previous ply's reference square.
    Square(Square),
}

fn err(rule: impl Into<crate::core::Rule>, message: impl Into<String>, span: Span) -> Problem {
    Problem::new(rule, message, span)
}

/// Resolve a readout against the position.
pub fn readout(pos: &Position, previous: Previous, r: &Readout) -> Result<Resolved, Problem> {
    match r.ply {
        ReadoutPly::Yol(None, _) => Ok(Resolved {
            ply: Ply::Return,
            warnings: vec![],
        }),
        ReadoutPly::Yol(Some(l), _) => Ok(Resolved {
            ply: Ply::Pin(l),
            warnings: vec![],
        }),
        ReadoutPly::Board {
            target,
            target_span,
            mover,
            mover_span,
            suffix,
        } => {
            let to = match (target, previous) {
                (Target::Square(sq), _) => sq,
                (Target::Kak, Previous::Square(sq)) => sq,
                (Target::Kak, Previous::None) => {
                    return Err(err(
                        CommonRule::NoPreviousMove,
                        "`kak` means the previous ply's square, and there is no previous ply (§9.3)",
                        target_span,
                    ));
                }
                (Target::Kak, Previous::Yol) => {
                    return Err(err(
                        CommonRule::NoPreviousMove,
                        "`kak` cannot follow a yol ply, which has no square (§9.3)",
                        target_span,
                    ));
                }
            };
            let from = mover_square(pos, mover, mover_span)?;
            let teems_mover = matches!(mover, Mover::Teems | Mover::ETeems);
            board(pos, (from, to), suffix, (target_span, r.span), teems_mover)
        }
    }
}

/// Where the named mover stands, or why it cannot be the side to move's mover.
fn mover_square(pos: &Position, mover: Mover, span: Span) -> Result<Square, Problem> {
    let us = pos.side_to_move();
    match mover {
        Mover::Lantis(l) if l.side() != us => Err(err(
            CommonRule::WrongSide,
            format!(
                "`{}` belongs to {}, and it is {}'s turn",
                l.code(),
                l.side().name(),
                us.name()
            ),
            span,
        )),
        Mover::Lantis(l) => pos.square_of(l).ok_or_else(|| {
            err(
                CommonRule::NoPiece,
                format!("`{}` is not on the board", l.code()),
                span,
            )
        }),
        Mover::Teems | Mover::ETeems if pos.pin(us).is_none() => Err(err(
            SheltRule::TeemsWithoutPin,
            format!(
                "{} has no pin on Teems, so it cannot move it (§6.4)",
                us.name()
            ),
            span,
        )),
        Mover::Teems | Mover::ETeems => Ok(pos.teems_square()),
    }
}

/// A board ply from its squares, its suffix, and the spans of its target and whole text.
fn board(
    pos: &Position,
    (from, to): (Square, Square),
    suffix: Option<Suffix>,
    (target_span, whole): (Span, Span),
    teems_mover: bool,
) -> Result<Resolved, Problem> {
    match suffix {
        None => {
            let mut warnings = vec![];
            if pos.cell(to) != Cell::Empty && to != from {
                let end = Span::new(whole.end(), 0);
                warnings.push(err(
                    SheltRule::W02,
                    format!(
                        "this ply captures on {} but does not name the victim (§9.5)",
                        to.readout()
                    ),
                    end,
                ));
            }
            Ok(Resolved {
                ply: Ply::Step { from, to },
                warnings,
            })
        }
        Some(Suffix::Fourth(f, span)) => {
            let is_ker = match f {
                Fourth::Form(_) => true,
                Fourth::ETeems => true,
                Fourth::Teems => teems_mover,
                Fourth::Lantis(_) => false,
            };
            if is_ker {
                ker(pos, from, to, f, span, target_span, teems_mover)
            } else {
                capture(pos, from, to, f, span)
            }
        }
        Some(Suffix::Ann {
            square,
            square_span,
            companion,
            companion_span,
        }) => {
            let c = mover_square(pos, companion, companion_span)?;
            let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
            if c.offset(df, dr) != Some(square) {
                let shifted = c
                    .offset(df, dr)
                    .map_or("off the board".to_string(), Square::readout);
                return Err(err(
                    SheltRule::AnnCompanionSquare,
                    format!(
                        "the companion stands on {} and moves by the leader's vector to {shifted}, not {} (§5.6)",
                        c.readout(),
                        square.readout()
                    ),
                    square_span,
                ));
            }
            Ok(Resolved {
                ply: Ply::Ann {
                    from,
                    to,
                    companion: c,
                },
                warnings: vec![],
            })
        }
    }
}

fn capture(
    pos: &Position,
    from: Square,
    to: Square,
    f: Fourth,
    span: Span,
) -> Result<Resolved, Problem> {
    let named = match f {
        Fourth::Lantis(l) => Some(l),
        _ => None,
    };
    let fits = match (pos.cell(to), named) {
        (Cell::Empty, _) => {
            return Err(err(
                SheltRule::VictimOnEmpty,
                format!("a captured piece is named, but {} is empty", to.readout()),
                span,
            ));
        }
        (Cell::Teems, None) => true,
        (Cell::Lantis(l), Some(n)) => l == n,
        _ => false,
    };
    if !fits {
        let there = match pos.cell(to) {
            Cell::Lantis(l) => format!("`{}`", l.code()),
            _ => "Teems".to_string(),
        };
        let said = named.map_or("teems", Lantis::code);
        return Err(err(
            SheltRule::VictimMismatch,
            format!(
                "`{said}` is named as captured, but {there} stands on {}",
                to.readout()
            ),
            span,
        ));
    }
    Ok(Resolved {
        ply: Ply::Step { from, to },
        warnings: vec![],
    })
}

fn ker(
    pos: &Position,
    from: Square,
    at: Square,
    f: Fourth,
    span: Span,
    target_span: Span,
    teems_mover: bool,
) -> Result<Resolved, Problem> {
    if at != from {
        return Err(err(
            SheltRule::KerSquare,
            format!(
                "a ker names the turning piece's own square {}, not {} (§9.2)",
                from.readout(),
                at.readout()
            ),
            target_span,
        ));
    }
    if !teems_mover && f == Fourth::ETeems {
        return Err(err(
            SheltRule::ETeemsNotTeems,
            "`eteems` is Teems' turned state; a lantis turns into a form like `soa` (§9.4)",
            span,
        ));
    }
    let mut warnings = vec![];
    let real = real_new_form(pos, from, teems_mover);
    let written = match f {
        Fourth::Form(k) => k.name(),
        Fourth::ETeems => "eteems",
        _ => "teems",
    };
    if let Some(real) = real
        && real != written
    {
        warnings.push(err(
            SheltRule::W01,
            form_mismatch(pos, from, written, real),
            span,
        ));
    }
    Ok(Resolved {
        ply: Ply::Ker { at: from },
        warnings,
    })
}

/// The form a ker of the piece on `sq` really produces, as its readout writes it.
pub fn real_new_form(pos: &Position, sq: Square, teems: bool) -> Option<&'static str> {
    match pos.cell(sq) {
        Cell::Teems if teems => Some(if pos.teems_turned() {
            "teems"
        } else {
            "eteems"
        }),
        Cell::Lantis(l) if l.base_kind().is_front() => Some(pos.kind_of(l).turned().name()),
        _ => None,
    }
}

/// W01's explanation: which kind the piece is, what it turns into, whose form was written.
fn form_mismatch(pos: &Position, sq: Square, written: &str, real: &str) -> String {
    let Cell::Lantis(l) = pos.cell(sq) else {
        return format!(
            "Teems turns into `{real}` here, not `{written}`; the ker still toggles Teems (W01)"
        );
    };
    let kind = pos.kind_of(l);
    let owner = Kind::ALL
        .into_iter()
        .find(|k| k.is_front() && k.name() == written)
        .map(|k| {
            let pair = if matches!(k, Kind::Hanoi | Kind::Pafi) {
                "the tower's (hanoi/pafi)"
            } else if matches!(k, Kind::Soi | Kind::Soa) {
                "the diagonal's (soi/soa)"
            } else {
                "the has/his pair's"
            };
            format!("; `{written}` is one of {pair} forms")
        });
    format!(
        "`{}` is a {} and turns into `{real}`, not `{written}`{}; read as the ker of `{}`, printed `{}` (W01, as in the seed's own `xal,ta,milf,pafi`)",
        l.code(),
        kind.name(),
        owner.unwrap_or_default(),
        l.code(),
        real
    )
}

/// Resolve a compact ply against the position.
pub fn compact(pos: &Position, c: &Compact) -> Result<Resolved, Problem> {
    let span = c.span;
    let ply = match c.ply {
        CompactPly::Move {
            letter,
            from,
            to,
            capture,
        } => {
            check_letter(pos, letter, from, span)?;
            let occupied = pos.cell(to) != Cell::Empty;
            if capture != occupied {
                let said = if capture {
                    "`x` marks a capture, but the destination is empty"
                } else {
                    "the destination is occupied: a capture is written with `x`"
                };
                return Err(err(
                    CommonRule::WrongCaptureMark,
                    format!("{said} (§10)"),
                    span,
                ));
            }
            Ply::Step { from, to }
        }
        CompactPly::Ann {
            letter,
            from,
            to,
            companion_letter,
            companion_from,
            companion_to,
        } => {
            check_letter(pos, letter, from, span)?;
            check_letter(pos, companion_letter, companion_from, span)?;
            let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
            if companion_from.offset(df, dr) != Some(companion_to) {
                return Err(err(
                    SheltRule::AnnCompanionSquare,
                    "the companion must move by the leader's vector (§5.6)",
                    span,
                ));
            }
            Ply::Ann {
                from,
                to,
                companion: companion_from,
            }
        }
        CompactPly::Ker { letter, at, .. } => {
            check_letter(pos, letter, at, span)?;
            Ply::Ker { at }
        }
        CompactPly::Pin { letter, code } => Ply::Pin(pin_candidate(pos, letter, code, span)?),
        CompactPly::Return => Ply::Return,
    };
    Ok(Resolved {
        ply,
        warnings: vec![],
    })
}

/// The letter a square's piece is shown with: its current kind, `E`/`K` for Teems.
pub fn letter_at(pos: &Position, sq: Square) -> Option<char> {
    match pos.cell(sq) {
        Cell::Empty => None,
        Cell::Teems => Some(if pos.teems_turned() { 'K' } else { 'E' }),
        Cell::Lantis(l) => Some(pos.kind_of(l).letter()),
    }
}

fn check_letter(pos: &Position, letter: char, sq: Square, span: Span) -> Result<(), Problem> {
    match letter_at(pos, sq) {
        None => Err(err(
            CommonRule::NoPiece,
            format!("there is no piece on {}", sq.algebraic()),
            span,
        )),
        Some(l) if l != letter => Err(err(
            CommonRule::PieceMismatch,
            format!(
                "the piece on {} is shown as `{l}`, not `{letter}`",
                sq.algebraic()
            ),
            span,
        )),
        _ => Ok(()),
    }
}

fn pin_candidate(
    pos: &Position,
    letter: char,
    code: Option<Lantis>,
    span: Span,
) -> Result<Lantis, Problem> {
    if let Some(l) = code {
        return Ok(l);
    }
    let us = pos.side_to_move();
    let mut found = pos.hand(us).filter(|l| l.base_kind().letter() == letter);
    match (found.next(), found.next()) {
        (Some(l), None) => Ok(l),
        (None, _) => Err(err(
            SheltRule::PinNotInHand,
            format!("no `{letter}` piece is in {}'s hand (§6.3)", us.name()),
            span,
        )),
        (Some(_), Some(_)) => Err(err(
            SheltRule::AmbiguousPin,
            format!(
                "{}'s hand holds several `{letter}` pieces: name one as @{letter}[code] (§10)",
                us.name()
            ),
            span,
        )),
    }
}
