//! Card plies in KIF and KI2 move form (rules §5.4): `R:８七角成(23)`, `▲R:８七角成`.
//! Ordinary moves and each part of a card ply reuse standard shogi's KIF/KI2 printers; KI2's
//! relative words are chosen among the pieces that could make the same card ply.

use crate::games::shogi::notation::ki2;
use crate::games::shogi::notation::kif::names::{move_piece_name, square_name};
use crate::games::shogi::notation::kif::{self, words};
use crate::games::shogi::types::{Color, Kind, Move, Square};

use super::position::{Action, CardMove, CardPosition};

/// KIF or KI2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Kif,
    Ki2,
}

fn kind_on(pos: &CardPosition, sq: Square) -> Kind {
    pos.shogi().piece_at(sq).map_or(Kind::King, |p| p.kind)
}

fn dest(to: Square, previous: Option<Square>) -> String {
    if previous == Some(to) {
        "同　".to_string()
    } else {
        square_name(to)
    }
}

/// One KIF part: destination, piece, `成`, origin or `打`. `kind` is the piece before it moves.
fn kif_part(kind: Kind, m: Move, previous: Option<Square>) -> String {
    let mut s = dest(m.to(), previous);
    s.push_str(move_piece_name(kind));
    match m {
        Move::Board { from, promote, .. } => {
            if promote {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        Move::Drop { .. } => s.push('打'),
    }
    s
}

/// One KI2 part without the turn mark: destination, piece, `words`, then 成/不成/打.
fn ki2_part(kind: Kind, m: Move, previous: Option<Square>, us: Color, word: &str) -> String {
    let mut s = dest(m.to(), previous);
    s.push_str(move_piece_name(kind));
    s.push_str(word);
    if let Move::Board { from, to, promote } = m {
        if promote {
            s.push('成');
        } else if kind.can_promote() && (from.in_zone(us) || to.in_zone(us)) {
            s.push_str("不成");
        }
    }
    s
}

/// What a KI2 card-ply part leaves unwritten: the origin. Two plies of the same card with
/// the same key print alike up to the relative words.
fn shape(pos: &CardPosition, mv: CardMove) -> Option<(Move, Kind, Square, bool, Option<Move>)> {
    let k = |sq| kind_on(pos, sq);
    match mv.action {
        Action::Std(m @ Move::Board { from, to, promote }) => Some((m, k(from), to, promote, None)),
        Action::Std(m @ Move::Drop { kind, to }) => Some((m, kind, to, false, None)),
        Action::Swap {
            rook,
            other,
            rook_promotes,
            other_promotes,
        } => Some((
            Move::Board {
                from: rook,
                to: other,
                promote: rook_promotes,
            },
            k(rook),
            other,
            rook_promotes,
            Some(Move::Board {
                from: other,
                to: rook,
                promote: other_promotes,
            }),
        )),
        Action::Twice { first, second } => {
            let from = first.from()?;
            Some((
                first,
                k(from),
                first.to(),
                matches!(first, Move::Board { promote: true, .. }),
                Some(second),
            ))
        }
        _ => None,
    }
}

/// The KI2 relative words (and `打`) singling out `mv` among the plies of `legal` that use
/// the same card and differ only in the first part's origin.
fn ki2_words(pos: &CardPosition, mv: CardMove, legal: &[CardMove]) -> String {
    let Some((m, kind, to, promote, second)) = shape(pos, mv) else {
        return String::new();
    };
    let us = pos.side_to_move();
    let mut origins = Vec::new();
    for &o in legal.iter().filter(|o| o.card == mv.card) {
        let Some((om, okind, oto, oprom, osecond)) = shape(pos, o) else {
            continue;
        };
        let same_second = osecond.map(|s| (s.to(), matches!(s, Move::Board { promote: true, .. })))
            == second.map(|s| (s.to(), matches!(s, Move::Board { promote: true, .. })));
        if okind != kind || oto != to || oprom != promote || !same_second {
            continue;
        }
        match om.from() {
            Some(f) if !origins.contains(&f) => origins.push(f),
            Some(_) => {}
            None => {}
        }
    }
    match m {
        Move::Drop { .. } if !origins.is_empty() => "打".into(),
        Move::Drop { .. } => String::new(),
        Move::Board { from, .. } => words::choose(&origins, from, to, us, kind).text(),
    }
}

/// As [`ply_kif`], with the legal plies of `pos` already known (KI2 needs them to choose
/// its words; a reader printing every candidate computes them once).
pub fn ply_kif_among(
    pos: &CardPosition,
    mv: CardMove,
    previous: Option<Square>,
    style: Style,
    legal: &[CardMove],
) -> String {
    let mark = if pos.side_to_move() == Color::Black {
        "▲"
    } else {
        "△"
    };
    let Some(card) = mv.card else {
        let Action::Std(m) = mv.action else {
            unreachable!("a plain ply is an ordinary move")
        };
        return match style {
            Style::Kif => kif::move_text(pos.shogi(), m, previous),
            Style::Ki2 => ki2::move_text(pos.shogi(), m, previous),
        };
    };
    let body = match style {
        Style::Kif => kif_body(pos, mv, previous),
        Style::Ki2 => ki2_body(pos, mv, previous, legal),
    };
    let prefix = if style == Style::Ki2 { mark } else { "" };
    format!("{prefix}{}:{body}", card.letter())
}

fn withdraw_text(pos: &CardPosition, from: Square) -> String {
    format!(
        "{}{}",
        square_name(from),
        move_piece_name(kind_on(pos, from))
    )
}

fn promoted_drop_text(kind: Kind, to: Square, previous: Option<Square>) -> String {
    format!(
        "{}{}打",
        dest(to, previous),
        move_piece_name(kind.promoted())
    )
}

fn after_first(kind: Kind, first: Move) -> Kind {
    if matches!(first, Move::Board { promote: true, .. }) {
        kind.promoted()
    } else {
        kind
    }
}

fn kif_body(pos: &CardPosition, mv: CardMove, previous: Option<Square>) -> String {
    let k = |sq| kind_on(pos, sq);
    match mv.action {
        Action::Std(m) => kif_part(m.from().map_or_else(|| drop_kind(m), k), m, previous),
        Action::PromotedDrop { kind, to } => promoted_drop_text(kind, to, previous),
        Action::Swap {
            rook,
            other,
            rook_promotes,
            other_promotes,
        } => format!(
            "{},{}",
            kif_part(
                k(rook),
                Move::Board {
                    from: rook,
                    to: other,
                    promote: rook_promotes
                },
                previous
            ),
            kif_part(
                k(other),
                Move::Board {
                    from: other,
                    to: rook,
                    promote: other_promotes
                },
                None
            )
        ),
        Action::Twice { first, second } => {
            let kind = k(first.from().expect("board move"));
            format!(
                "{},{}",
                kif_part(kind, first, previous),
                kif_part(after_first(kind, first), second, None)
            )
        }
        Action::Withdraw { from } => withdraw_text(pos, from),
    }
}

fn ki2_body(
    pos: &CardPosition,
    mv: CardMove,
    previous: Option<Square>,
    legal: &[CardMove],
) -> String {
    let us = pos.side_to_move();
    let k = |sq| kind_on(pos, sq);
    let w = ki2_words(pos, mv, legal);
    match mv.action {
        Action::Std(m) => ki2_part(
            m.from().map_or_else(|| drop_kind(m), k),
            m,
            previous,
            us,
            &w,
        ),
        Action::PromotedDrop { kind, to } => promoted_drop_text(kind, to, previous),
        Action::Swap {
            rook,
            other,
            rook_promotes,
            other_promotes,
        } => format!(
            "{},{}",
            ki2_part(
                k(rook),
                Move::Board {
                    from: rook,
                    to: other,
                    promote: rook_promotes
                },
                previous,
                us,
                &w
            ),
            ki2_part(
                k(other),
                Move::Board {
                    from: other,
                    to: rook,
                    promote: other_promotes
                },
                None,
                us,
                ""
            )
        ),
        Action::Twice { first, second } => {
            let kind = k(first.from().expect("board move"));
            format!(
                "{},{}",
                ki2_part(kind, first, previous, us, &w),
                ki2_part(after_first(kind, first), second, None, us, "")
            )
        }
        Action::Withdraw { from } => withdraw_text(pos, from),
    }
}

fn drop_kind(m: Move) -> Kind {
    match m {
        Move::Drop { kind, .. } => kind,
        Move::Board { .. } => Kind::Pawn,
    }
}
