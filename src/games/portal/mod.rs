//! Portal Chess: three independent games of that name, built on the orthodox chess core.
//! `hidden` (Mike Hidden's neutral, wandering portals) is implemented here; the shared
//! arrow reading lives in `arrow`.

pub mod arrow;
pub mod buckley;
pub mod castling;
pub mod face;
pub mod hidden;
pub mod howe;
pub mod puzzle;
pub mod replay;
mod rule_kind;

#[cfg(test)]
mod grammar_tests;

pub use rule_kind::PortalRule;

/// Each side has one king on the board, so that whether it is in check can be asked.
pub(crate) fn one_king_each(setup: &crate::games::chess::setup::Setup) -> bool {
    use crate::games::chess::types::{Color, Piece, Role};
    Color::BOTH.into_iter().all(|c| {
        let king = Some(Piece::new(c, Role::King));
        setup.board.iter().filter(|p| **p == king).count() == 1
    })
}

/// Remove the problems a caller accepts among those a portal position can do without
/// (the chess setup drops castling rights and en passant squares that cannot be).
pub(crate) fn drop_accepted(
    problems: &mut Vec<crate::core::Problem>,
    accept: &[crate::core::Rule],
) {
    use crate::games::chess::ChessRule;
    problems.retain(|p| {
        let droppable = p.rule == ChessRule::BadCastlingRights || p.rule == ChessRule::BadEnPassant;
        !(droppable && accept.contains(&p.rule))
    });
}

/// The `Game`, `Directmate` and `Stipulated` impls every one-board version writes the same
/// way, from its own `movegen` (legal moves, check) and `notation` (move text) modules,
/// which must be in scope where the macro is called; `$name` is its `--game` name.
macro_rules! one_board_game {
    ($position:ty, $move:ty, $name:literal) => {
        impl crate::core::Game for $position {
            type Move = $move;
            fn legal_moves(&self) -> Vec<$move> {
                movegen::legal_moves(self)
            }
            fn after(&self, mv: $move) -> Self {
                <$position>::after(self, mv)
            }
            fn key(&self) -> u64 {
                self.hash()
            }
            fn in_check(&self) -> bool {
                movegen::in_check(self)
            }
            fn move_text(&self, mv: $move) -> String {
                notation::move_text(self, mv, false)
            }
        }

        /// A null move for the threat: only when not in check, and only if it does not
        /// leave the side that passed in check.
        impl crate::games::chess::solve::Directmate for $position {
            fn passed(&self) -> Option<Self> {
                if movegen::in_check(self) {
                    return None;
                }
                let mut p = self.clone();
                p.pass();
                (!movegen::in_check(&p)).then_some(p)
            }
        }

        /// Popeye's spellings counted in moves, as in chess: the versions keep chess's
        /// check, mate and stalemate, and a pass is the threat's null move.
        impl crate::solver::stipulated::Stipulated for $position {
            const NAME: &'static str = $name;
            const UNIT: crate::solver::Unit = crate::solver::Unit::Moves;
            const MAX_LENGTH: u32 = 20;
            const HAS_STALEMATE: bool = true;
            const SERIES: bool = true;

            fn passed(&self) -> Option<Self> {
                crate::games::chess::solve::Directmate::passed(self)
            }
        }
    };
}
pub(crate) use one_board_game;
