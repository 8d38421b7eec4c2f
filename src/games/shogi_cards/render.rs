//! The picture of a card-shogi position: the shogi board, the last ply's squares shaded,
//! the invincible silver ringed and each side's active D files outlined.

use super::position::{Action, CardMove, CardPosition};
use crate::games::shogi::render;
use crate::games::shogi::types::{Color, Square};
use crate::render::Svg;

/// An SVG picture of the position.
pub fn svg(pos: &CardPosition) -> String {
    drawing(pos, None).into_string()
}

/// The squares a ply leaves, reaches or changes, to shade.
pub fn ply_squares(mv: CardMove) -> Vec<Square> {
    match mv.action {
        Action::Std(m) => render::move_squares(m),
        Action::PromotedDrop { to, .. } => vec![to],
        Action::Swap { rook, other, .. } => vec![rook, other],
        Action::Twice { first, second } => {
            let mut v = render::move_squares(first);
            v.push(second.to());
            v
        }
        Action::Withdraw { from } => vec![from],
    }
}

/// The picture of [`svg`], with the squares of the ply that led here (`last`) shaded.
pub fn drawing(pos: &CardPosition, last: Option<CardMove>) -> Svg {
    let shaded = last.map(ply_squares).unwrap_or_default();
    let mut s = render::drawing(pos.shogi(), &shaded);
    if let Some(sq) = pos.invincible() {
        render::ring(&mut s, sq, "#2a7fff");
    }
    for (c, colour) in [(Color::Black, "#202020"), (Color::White, "#9a9a9a")] {
        for file in 1..=9u8 {
            if !pos.d_file(c, file) {
                continue;
            }
            let (Some(top), Some(bottom)) = (Square::new(file, 1), Square::new(file, 9)) else {
                continue;
            };
            render::ring(&mut s, top, colour);
            render::ring(&mut s, bottom, colour);
        }
    }
    s
}
