//! Why a card-shogi ply is illegal: one given ply checked against the card definitions (§3)
//! and the general rules (§1, §2.4–§2.7), each failure naming its rule.
//!
//! This is written from the definitions, square by square, and not from the generator's
//! tables: the naive reference generator is "every syntactic ply this accepts", so the
//! random cross-check compares two independent readings of the rules.

use crate::core::CommonRule;
use crate::games::shogi::ShogiRule;
use crate::games::shogi::movegen::targets;
use crate::games::shogi::notation::usi::square_text;
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};
use crate::games::shogi_cards::CardRule;

use super::card::Card;
use super::position::{
    Action, CardMove, CardPosition, flip_set, is_royal, pawns_on_file, royal_attacked, royals, step,
};

/// A broken rule: stable identifier plus an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPly {
    pub rule: crate::core::Rule,
    pub message: String,
    /// Which part of the ply is at fault: 0 = the card letter, 1 = the (first) move,
    /// 2 = the second part of a T or S ply. The validator maps it to a span.
    pub part: u8,
}

mod per_card;
use per_card::*;

type R<T = ()> = Result<T, IllegalPly>;

fn bad<T>(rule: impl Into<crate::core::Rule>, part: u8, message: impl Into<String>) -> R<T> {
    Err(IllegalPly {
        rule: rule.into(),
        message: message.into(),
        part,
    })
}

fn own_piece(b: &Position, us: Color, sq: Square, part: u8) -> R<Piece> {
    match b.piece_at(sq) {
        None => bad(
            CommonRule::NoPiece,
            part,
            format!("there is no piece on {}", square_text(sq)),
        ),
        Some(p) if p.color != us => bad(
            CommonRule::WrongSide,
            part,
            format!("the piece on {} belongs to the opponent", square_text(sq)),
        ),
        Some(p) => Ok(p),
    }
}

/// May a piece of `kind` moving `from` → `to` promote / stay unpromoted (§1.3)?
fn check_promotion(us: Color, kind: Kind, from: Square, to: Square, promote: bool, part: u8) -> R {
    if promote {
        if !kind.can_promote() {
            return bad(
                ShogiRule::CannotPromote,
                part,
                format!("a {kind:?} cannot promote"),
            );
        }
        if !from.in_zone(us) && !to.in_zone(us) {
            return bad(
                ShogiRule::OutsidePromotionZone,
                part,
                "promotion needs the origin or destination in the promotion zone",
            );
        }
    } else if to.relative_rank(us) < kind.min_relative_rank() {
        return bad(
            ShogiRule::NoMoveForPiece,
            part,
            format!(
                "an unpromoted {kind:?} on {} could never move: it must promote",
                square_text(to)
            ),
        );
    }
    Ok(())
}

/// An ordinary move or drop of shogi, movement and drop rules only (no self-check, no
/// uchifuzume: those are judged on the whole ply).
pub(crate) fn check_ordinary(b: &Position, us: Color, m: Move, part: u8) -> R {
    match m {
        Move::Board { from, to, promote } => {
            let p = own_piece(b, us, from, part)?;
            if b.piece_at(to).is_some_and(|q| q.color == us) {
                return bad(
                    CommonRule::OwnPieceOnTarget,
                    part,
                    format!("{} holds one of the mover's own pieces", square_text(to)),
                );
            }
            if targets(b, from, p) & (1u128 << to.0) == 0 {
                return bad(
                    CommonRule::IllegalMovement,
                    part,
                    format!(
                        "a {:?} cannot move from {} to {}",
                        p.kind,
                        square_text(from),
                        square_text(to)
                    ),
                );
            }
            check_promotion(us, p.kind, from, to, promote, part)
        }
        Move::Drop { kind, to } => {
            check_drop_basics(b, us, kind, to, part)?;
            if kind == Kind::Pawn && pawns_on_file(b, us, to.file()) > 0 {
                return bad(
                    ShogiRule::TwoPawns,
                    part,
                    format!(
                        "file {} already has an unpromoted pawn of the mover (nifu)",
                        to.file()
                    ),
                );
            }
            Ok(())
        }
    }
}

fn check_drop_basics(b: &Position, us: Color, kind: Kind, to: Square, part: u8) -> R {
    if !kind.is_hand_kind() || b.hand_count(us, kind) == 0 {
        return bad(
            ShogiRule::NotInHand,
            part,
            format!("the mover has no {kind:?} in hand"),
        );
    }
    if b.piece_at(to).is_some() {
        return bad(
            ShogiRule::DropOnOccupied,
            part,
            format!("{} is occupied", square_text(to)),
        );
    }
    if to.relative_rank(us) < kind.min_relative_rank() {
        return bad(
            ShogiRule::NoMoveForPiece,
            part,
            format!("a {kind:?} dropped on {} could never move", square_text(to)),
        );
    }
    Ok(())
}

/// A card move may never capture a royal piece (§2.4.4).
fn no_royal_capture(b: &Position, to: Square, part: u8) -> R {
    if b.piece_at(to).is_some_and(is_royal) {
        return bad(
            CardRule::CardCapturesRoyal,
            part,
            format!(
                "a card move may not capture the royal piece on {}",
                square_text(to)
            ),
        );
    }
    Ok(())
}

fn sq_at(f: i32, r: i32) -> Option<Square> {
    if (1..=9).contains(&f) && (1..=9).contains(&r) {
        Square::new(f as u8, r as u8)
    } else {
        None
    }
}

/// Fold an unbounded coordinate onto 1..=9 as a mirror would (period 16): the reflected
/// bishop path of card R written as an unfolded straight line.
fn fold(x: i32) -> i32 {
    let y = (x - 1).rem_euclid(16);
    if y < 9 { y + 1 } else { 17 - y }
}

/// The squares of the reflected path from `from` heading (df, dr), in order, up to and
/// including the first occupied one; the origin counts as empty (§3.3).
pub(crate) fn reflected_path(b: &Position, from: Square, df: i32, dr: i32) -> Vec<Square> {
    let mut out = Vec::new();
    for t in 1..16 {
        let s = sq_at(
            fold(from.file() as i32 + t * df),
            fold(from.rank() as i32 + t * dr),
        )
        .expect("folded");
        if s != from {
            out.push(s);
            if b.piece_at(s).is_some() {
                break;
            }
        }
    }
    out
}

const KNIGHT8: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const LINES: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Check every rule for one ply; `Ok` gives the position after it.
pub fn check_ply(pos: &CardPosition, mv: CardMove) -> R<CardPosition> {
    let b = pos.shogi();
    let us = pos.side_to_move();
    if let Some(card) = mv.card
        && !pos.cards(us).contains(card)
    {
        return bad(
            CardRule::CardNotHeld,
            0,
            format!(
                "the mover has no unused {} card (each card is used once per game)",
                card.letter()
            ),
        );
    }
    match (mv.card, mv.action) {
        (None, Action::Std(m)) => check_ordinary(b, us, m, 1)?,
        (Some(Card::Q), Action::Std(Move::Board { from, to, promote })) => {
            queen(b, us, from, to, promote)?
        }
        (
            Some(Card::T),
            Action::Swap {
                rook,
                other,
                rook_promotes,
                other_promotes,
            },
        ) => swap(b, us, rook, other, rook_promotes, other_promotes)?,
        (Some(Card::R), Action::Std(Move::Board { from, to, promote })) => {
            reflect(b, us, from, to, promote)?
        }
        (Some(Card::P), Action::Std(Move::Board { from, to, promote })) => {
            crown_prince(b, us, from, to, promote)?
        }
        (Some(Card::I), Action::Std(m)) => invincible(b, us, m)?,
        (Some(Card::A), Action::Std(Move::Board { from, to, promote })) => {
            chess_knight(b, us, from, to, promote)?
        }
        (Some(Card::B), Action::Std(Move::Board { from, to, promote })) => {
            ballistic_lance(b, us, from, to, promote)?
        }
        (Some(Card::D), Action::Std(Move::Drop { kind, to })) => double_pawn(b, us, kind, to)?,
        (Some(Card::G), Action::PromotedDrop { kind, to }) => promoted_drop(b, us, kind, to)?,
        (Some(Card::S), Action::Twice { first, second }) => twice(pos, b, us, first, second)?,
        (Some(Card::W), Action::Withdraw { from }) => withdraw(b, us, from)?,
        (Some(Card::C), Action::Std(m)) => flip(pos, b, us, m)?,
        (Some(card), _) => {
            return bad(
                CardRule::WrongShape,
                1,
                format!("this move is not the shape of a {} card ply", card.letter()),
            );
        }
        (None, _) => {
            return bad(
                CardRule::WrongShape,
                1,
                "only a card ply can swap, withdraw, move twice or drop promoted",
            );
        }
    }
    let after = pos.after(mv);
    post_rules(pos, mv, &after)?;
    Ok(after)
}

fn first_on_line(b: &Position, from: Square, df: i32, dr: i32) -> Option<Square> {
    let mut i = 1;
    while let Some(s) = sq_at(from.file() as i32 + i * df, from.rank() as i32 + i * dr) {
        if b.piece_at(s).is_some() {
            return Some(s);
        }
        i += 1;
    }
    None
}

/// The destination of a card move: empty, or an enemy non-royal piece.
fn target_free(b: &Position, us: Color, to: Square, part: u8) -> R {
    if b.piece_at(to).is_some_and(|q| q.color == us) {
        return bad(
            CommonRule::OwnPieceOnTarget,
            part,
            format!("{} holds one of the mover's own pieces", square_text(to)),
        );
    }
    no_royal_capture(b, to, part)
}

/// After each move of an S ply: the invincible silver still stands, the mover's last royal
/// is not attacked, and no enemy royal is attacked (S may not check, §3.10).
pub(crate) fn halfway_rules(
    pos: &CardPosition,
    before: &Position,
    now: &Position,
    us: Color,
    part: u8,
) -> R {
    invincible_kept(pos, before, now, part)?;
    let r = royals(now, us);
    if r.count_ones() == 1 && now.attacked(Square(r.trailing_zeros() as u8), us.flip()) {
        return bad(
            CommonRule::SelfCheck,
            part,
            "this move of the S ply leaves the mover's royal piece attacked",
        );
    }
    if royal_attacked(now, us.flip()) {
        return bad(
            CardRule::SCardCheck,
            part,
            "neither move of an S ply may give check",
        );
    }
    Ok(())
}

fn invincible_kept(pos: &CardPosition, before: &Position, now: &Position, part: u8) -> R {
    if let Some(s) = pos.invincible()
        && now.piece_at(s) != before.piece_at(s)
    {
        return bad(
            CardRule::InvincibleSilver,
            part,
            format!(
                "the silver on {} is invincible on this ply (card I)",
                square_text(s)
            ),
        );
    }
    Ok(())
}

/// The rules judged on the whole ply (§1.5, §1.6, §2.4.3, §2.6, §3.5, §3.9).
pub(crate) fn post_rules(pos: &CardPosition, mv: CardMove, after: &CardPosition) -> R {
    let us = pos.side_to_move();
    let b = after.shogi();
    invincible_kept(pos, pos.shogi(), b, 1)?;
    let r = royals(b, us);
    if r.count_ones() == 1 && b.attacked(Square(r.trailing_zeros() as u8), us.flip()) {
        return if pos.in_check() {
            bad(
                ShogiRule::IgnoredCheck,
                1,
                "the royal piece is in check and this ply does not answer it",
            )
        } else {
            bad(
                CommonRule::SelfCheck,
                1,
                "this ply leaves the mover's royal piece attacked",
            )
        };
    }
    for f in 1..=9u8 {
        let limit = if after.d_file(us, f) { 2 } else { 1 };
        if pawns_on_file(b, us, f) > limit {
            return bad(
                ShogiRule::TwoPawns,
                1,
                format!("file {f} would hold two unpromoted pawns of the mover (nifu)"),
            );
        }
    }
    if mv.card == Some(Card::G) && royal_attacked(b, us.flip()) {
        return bad(
            CardRule::PromotedDropCheck,
            1,
            "a piece dropped with card G may not give check",
        );
    }
    if matches!(
        mv.action,
        Action::Std(Move::Drop {
            kind: Kind::Pawn,
            ..
        })
    ) && super::cardmoves::is_mated(after)
    {
        return bad(
            ShogiRule::DropPawnMate,
            1,
            "a dropped pawn may not give checkmate (uchifuzume), card replies included",
        );
    }
    Ok(())
}
