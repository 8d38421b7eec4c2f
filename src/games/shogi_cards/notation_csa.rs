//! Card plies in CSA move form (rules §5.3): the card letter and `:` go after the sign,
//! then one or two CSA move bodies. Plain moves print exactly as standard shogi's CSA.

use crate::games::shogi::notation::csa::{self, square_text, syntax::CODES};
use crate::games::shogi::types::{Color, Kind, Move, Square};

use super::position::{Action, CardMove, CardPosition};

/// The piece code a board piece of `kind` shows after moving (`promote` = it promotes).
/// A gold that promotes is the P card's Crown Prince, `TA`.
fn code_after(kind: Kind, promote: bool) -> &'static str {
    let after = match (kind, promote) {
        (Kind::Gold, true) => Kind::ProGold,
        (k, true) => k.promoted(),
        (k, false) => k,
    };
    CODES[after as usize]
}

fn kind_on(pos: &CardPosition, sq: Square) -> Kind {
    pos.shogi().piece_at(sq).map_or(Kind::King, |p| p.kind)
}

/// `7776FU`: a body without the sign.
fn body(from: Option<Square>, to: Option<Square>, code: &str) -> String {
    format!("{}{}{code}", square_text(from), square_text(to))
}

fn board_body(kind: Kind, m: Move) -> String {
    match m {
        Move::Board { from, to, promote } => body(Some(from), Some(to), code_after(kind, promote)),
        Move::Drop { kind, to } => body(None, Some(to), CODES[kind as usize]),
    }
}

/// The CSA text of a legal ply of `pos`: `+7776FU`, `+R:2387UM`, `+T:2859HI,5928OU`,
/// `+W:3300GI`, `+G:0052TO`.
pub fn ply_csa(pos: &CardPosition, mv: CardMove) -> String {
    let sign = if pos.side_to_move() == Color::Black {
        "+"
    } else {
        "-"
    };
    let Some(card) = mv.card else {
        let Action::Std(m) = mv.action else {
            unreachable!("a plain ply is an ordinary move")
        };
        return csa::move_text(pos.shogi(), m);
    };
    let text = match mv.action {
        Action::Std(m) => board_body(m.from().map_or(Kind::Pawn, |f| kind_on(pos, f)), m),
        Action::PromotedDrop { kind, to } => body(None, Some(to), CODES[kind.promoted() as usize]),
        Action::Swap {
            rook,
            other,
            rook_promotes,
            other_promotes,
        } => format!(
            "{},{}",
            body(
                Some(rook),
                Some(other),
                code_after(kind_on(pos, rook), rook_promotes)
            ),
            body(
                Some(other),
                Some(rook),
                code_after(kind_on(pos, other), other_promotes)
            )
        ),
        Action::Twice { first, second } => {
            let k = kind_on(pos, first.from().expect("board move"));
            let k2 = if matches!(first, Move::Board { promote: true, .. }) {
                k.promoted()
            } else {
                k
            };
            format!("{},{}", board_body(k, first), board_body(k2, second))
        }
        Action::Withdraw { from } => body(
            Some(from),
            None,
            CODES[kind_on(pos, from).unpromoted() as usize],
        ),
    };
    format!("{sign}{}:{text}", card.letter())
}
