//! The twelve cards' own checks (§3), one function a card; [`super::check_ply`] picks the
//! one the ply's card names and then applies the rules every ply shares.

use super::*;
use crate::core::CommonRule;
use crate::games::shogi::ShogiRule;
use crate::games::shogi_cards::CardRule;

/// Card Q: the King or Crown Prince moves as a queen, never when its queen lines already meet the enemy royal (§3.1).
pub(super) fn queen(b: &Position, us: Color, from: Square, to: Square, promote: bool) -> R {
    let them = us.flip();
    let p = own_piece(b, us, from, 1)?;
    if !is_royal(p) {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card Q moves a royal piece (King or Crown Prince)",
        );
    }
    if promote {
        return bad(ShogiRule::CannotPromote, 1, "a royal piece cannot promote");
    }
    for (df, dr) in LINES {
        if let Some(first) = first_on_line(b, from, df, dr)
            && b.piece_at(first)
                .is_some_and(|q| q.color == them && is_royal(q))
        {
            return bad(
                CardRule::QueenSeesRoyal,
                0,
                format!(
                    "card Q is unusable: the queen's line from {} meets the enemy royal on {}",
                    square_text(from),
                    square_text(first)
                ),
            );
        }
    }
    let (df, dr) = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let n = df.abs().max(dr.abs());
    if n == 0 || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return bad(
            CommonRule::IllegalMovement,
            1,
            "a queen moves along a rank, file or diagonal",
        );
    }
    for i in 1..n {
        let s = sq_at(
            from.file() as i32 + i * df.signum(),
            from.rank() as i32 + i * dr.signum(),
        )
        .expect("between");
        if b.piece_at(s).is_some() {
            return bad(
                CommonRule::PathBlocked,
                1,
                format!("{} blocks the queen", square_text(s)),
            );
        }
    }
    target_free(b, us, to, 1)?;
    Ok(())
}

/// Card T: an unpromoted rook swaps places with another own piece, either may promote (§3.2).
pub(super) fn swap(
    b: &Position,
    us: Color,
    rook: Square,
    other: Square,
    rook_promotes: bool,
    other_promotes: bool,
) -> R {
    let x = own_piece(b, us, rook, 1)?;
    if x.kind != Kind::Rook {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card T's first piece must be an unpromoted rook",
        );
    }
    if other == rook {
        return bad(
            CommonRule::WrongPiece,
            2,
            "card T swaps the rook with another piece",
        );
    }
    let y = own_piece(b, us, other, 2)?;
    check_promotion(us, x.kind, rook, other, rook_promotes, 1)?;
    check_promotion(us, y.kind, other, rook, other_promotes, 2)?;
    Ok(())
}

/// Card R: an unpromoted bishop reflects off the edges; unusable when a reflected path meets the enemy royal (§3.3).
pub(super) fn reflect(b: &Position, us: Color, from: Square, to: Square, promote: bool) -> R {
    let them = us.flip();
    let p = own_piece(b, us, from, 1)?;
    if p.kind != Kind::Bishop {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card R moves an unpromoted bishop",
        );
    }
    let mut reach = false;
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let path = reflected_path(b, from, df, dr);
        if let Some(&last) = path.last()
            && b.piece_at(last)
                .is_some_and(|q| q.color == them && is_royal(q))
        {
            return bad(
                CardRule::ReflectionSeesRoyal,
                0,
                format!(
                    "card R is unusable with this bishop: a reflected path meets the enemy royal on {}",
                    square_text(last)
                ),
            );
        }
        reach |= path
            .iter()
            .any(|&s| s == to && b.piece_at(s).is_none_or(|q| q.color == them));
    }
    if !reach {
        return bad(
            CommonRule::IllegalMovement,
            1,
            format!(
                "no reflected bishop path leads from {} to {}",
                square_text(from),
                square_text(to)
            ),
        );
    }
    no_royal_capture(b, to, 1)?;
    check_promotion(us, p.kind, from, to, promote, 1)?;
    Ok(())
}

/// Card P: a gold promotes into the Crown Prince by a move in or out of the zone, the King on the board (§3.4).
pub(super) fn crown_prince(b: &Position, us: Color, from: Square, to: Square, promote: bool) -> R {
    let p = own_piece(b, us, from, 1)?;
    if p.kind != Kind::Gold {
        return bad(CommonRule::WrongPiece, 1, "card P moves a gold");
    }
    if b.king(us).is_none() {
        return bad(
            CardRule::NoKing,
            0,
            "card P needs the mover's King on the board",
        );
    }
    if !promote {
        return bad(
            CardRule::MustPromote,
            1,
            "with card P the gold must promote into a Crown Prince",
        );
    }
    check_ordinary(
        b,
        us,
        Move::Board {
            from,
            to,
            promote: false,
        },
        1,
    )?;
    if !from.in_zone(us) && !to.in_zone(us) {
        return bad(
            ShogiRule::OutsidePromotionZone,
            1,
            "the gold's origin or destination must be in the promotion zone",
        );
    }
    Ok(())
}

/// Card I: a silver is dropped or moved and cannot be captured on the next ply (§3.5).
pub(super) fn invincible(b: &Position, us: Color, m: Move) -> R {
    match m {
        Move::Drop { kind, .. } if kind != Kind::Silver => {
            return bad(CommonRule::WrongPiece, 1, "card I drops or moves a silver");
        }
        Move::Board { from, .. } if b.piece_at(from).is_some_and(|p| p.kind != Kind::Silver) => {
            return bad(
                CommonRule::WrongPiece,
                1,
                "card I moves an unpromoted silver",
            );
        }
        _ => {}
    }
    check_ordinary(b, us, m, 1)?;
    Ok(())
}

/// Card A: an unpromoted knight jumps as a chess knight, never when one of its eight jumps reaches the enemy royal (§3.6).
pub(super) fn chess_knight(b: &Position, us: Color, from: Square, to: Square, promote: bool) -> R {
    let them = us.flip();
    let p = own_piece(b, us, from, 1)?;
    if p.kind != Kind::Knight {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card A moves an unpromoted knight",
        );
    }
    for (df, dr) in KNIGHT8 {
        if let Some(s) = sq_at(from.file() as i32 + df, from.rank() as i32 + dr)
            && b.piece_at(s)
                .is_some_and(|q| q.color == them && is_royal(q))
        {
            return bad(
                CardRule::KnightSeesRoyal,
                0,
                format!(
                    "card A is unusable with this knight: it would reach the enemy royal on {}",
                    square_text(s)
                ),
            );
        }
    }
    let d = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    if !KNIGHT8.contains(&d) {
        return bad(
            CommonRule::IllegalMovement,
            1,
            "a chess knight jumps (±1, ±2) or (±2, ±1)",
        );
    }
    target_free(b, us, to, 1)?;
    check_promotion(us, p.kind, from, to, promote, 1)?;
    Ok(())
}

/// Card B: an unpromoted lance jumps one piece on its file, never when its jumping line meets the enemy royal (§3.7).
pub(super) fn ballistic_lance(
    b: &Position,
    us: Color,
    from: Square,
    to: Square,
    promote: bool,
) -> R {
    let them = us.flip();
    let p = own_piece(b, us, from, 1)?;
    if p.kind != Kind::Lance {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card B moves an unpromoted lance",
        );
    }
    let fwd = if us == Color::Black { -1 } else { 1 };
    let mut seen = 0;
    let mut r = from.rank() as i32 + fwd;
    while let Some(s) = sq_at(from.file() as i32, r) {
        if b.piece_at(s).is_some() {
            seen += 1;
            if seen == 2
                && b.piece_at(s)
                    .is_some_and(|q| q.color == them && is_royal(q))
            {
                return bad(
                    CardRule::LanceSeesRoyal,
                    0,
                    format!(
                        "card B is unusable with this lance: its jumping line meets the enemy royal on {}",
                        square_text(s)
                    ),
                );
            }
        }
        r += fwd;
    }
    if to.file() != from.file() || (to.rank() as i32 - from.rank() as i32).signum() != fwd {
        return bad(
            CommonRule::IllegalMovement,
            1,
            "a lance moves straight forward",
        );
    }
    let mut between = 0;
    let mut r = from.rank() as i32 + fwd;
    while r != to.rank() as i32 {
        between += b
            .piece_at(sq_at(from.file() as i32, r).expect("on file"))
            .is_some() as u32;
        r += fwd;
    }
    if between > 1 {
        return bad(
            CommonRule::PathBlocked,
            1,
            "card B's lance jumps over one piece only",
        );
    }
    target_free(b, us, to, 1)?;
    check_promotion(us, p.kind, from, to, promote, 1)?;
    Ok(())
}

/// Card D: a second own pawn dropped on a file, never a third (§3.8).
pub(super) fn double_pawn(b: &Position, us: Color, kind: Kind, to: Square) -> R {
    if kind != Kind::Pawn {
        return bad(CommonRule::WrongPiece, 1, "card D drops a pawn");
    }
    check_drop_basics(b, us, kind, to, 1)?;
    if pawns_on_file(b, us, to.file()) >= 2 {
        return bad(
            ShogiRule::TwoPawns,
            1,
            format!(
                "file {} already holds two pawns of the mover: a third is nifu even with card D",
                to.file()
            ),
        );
    }
    Ok(())
}

/// Card G: a piece from hand dropped already promoted (§3.9).
pub(super) fn promoted_drop(b: &Position, us: Color, kind: Kind, to: Square) -> R {
    if !kind.can_promote() {
        return bad(
            CommonRule::WrongPiece,
            1,
            "card G drops a pawn, lance, knight, silver, bishop or rook promoted",
        );
    }
    if !kind.is_hand_kind() || b.hand_count(us, kind) == 0 {
        return bad(
            ShogiRule::NotInHand,
            1,
            format!("the mover has no {kind:?} in hand"),
        );
    }
    if b.piece_at(to).is_some() {
        return bad(
            ShogiRule::DropOnOccupied,
            1,
            format!("{} is occupied", square_text(to)),
        );
    }
    Ok(())
}

/// Card S: one piece moves twice, each half legal on its own and neither giving check (§3.10).
pub(super) fn twice(pos: &CardPosition, b: &Position, us: Color, first: Move, second: Move) -> R {
    let (Move::Board { to: mid, .. }, Move::Board { from: again, .. }) = (first, second) else {
        return bad(CardRule::WrongShape, 1, "card S makes two board moves");
    };
    if again != mid {
        return bad(
            CardRule::NotSamePiece,
            2,
            "card S's second move starts where the first ended",
        );
    }
    check_ordinary(b, us, first, 1)?;
    let mut mid_board = b.clone();
    step(&mut mid_board, us, first, false);
    halfway_rules(pos, b, &mid_board, us, 1)?;
    check_ordinary(&mid_board, us, second, 2)?;
    let mut end = mid_board.clone();
    step(&mut end, us, second, false);
    halfway_rules(pos, b, &end, us, 2)?;
    Ok(())
}

/// Card W: an own non-royal piece goes back to hand (§3.11).
pub(super) fn withdraw(b: &Position, us: Color, from: Square) -> R {
    let p = own_piece(b, us, from, 1)?;
    if is_royal(p) {
        return bad(
            CardRule::WithdrawRoyal,
            1,
            "card W never withdraws a royal piece",
        );
    }
    Ok(())
}

/// Card C: a legal move then flips the enemy pieces it encloses, never a royal one (§3.12).
pub(super) fn flip(pos: &CardPosition, b: &Position, us: Color, m: Move) -> R {
    check_ordinary(b, us, m, 1)?;
    let mut moved = b.clone();
    step(&mut moved, us, m, false);
    for s in flip_set(&moved, us, m.to(), pos.invincible()) {
        if moved.piece_at(s).is_some_and(is_royal) {
            return bad(
                CardRule::FlipRoyal,
                0,
                format!(
                    "card C is unusable with this move: it would flip the royal piece on {}",
                    square_text(s)
                ),
            );
        }
    }
    Ok(())
}
