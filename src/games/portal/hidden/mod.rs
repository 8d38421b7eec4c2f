//! Hidden's Portal Chess ("Porthole Chess", rules file §3): neutral portal markers that
//! block lines; a piece enters a portal only by an attacking move and must leave by a
//! free single-marker portal of its choice; the marker it used moves to the square the
//! piece came from.

pub mod movegen;
pub mod notation;
pub mod position;
pub mod validate;

pub use position::{HiddenMove, HiddenPosition};

impl crate::core::Game for HiddenPosition {
    type Move = HiddenMove;
    fn legal_moves(&self) -> Vec<HiddenMove> {
        movegen::legal_moves(self)
    }
    fn after(&self, mv: HiddenMove) -> Self {
        HiddenPosition::after(self, mv)
    }
    fn key(&self) -> u64 {
        self.hash()
    }
    fn in_check(&self) -> bool {
        movegen::in_check(self)
    }
    fn move_text(&self, mv: HiddenMove) -> String {
        notation::move_text(self, mv, false)
    }
}

impl crate::games::chess::problem::Directmate for HiddenPosition {
    fn passed(&self) -> Option<Self> {
        if movegen::in_check(self) {
            return None;
        }
        let mut p = self.clone();
        p.pass();
        (!movegen::in_check(&p)).then_some(p)
    }
}
