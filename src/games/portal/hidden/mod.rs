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

impl crate::games::portal::replay::Version for HiddenPosition {
    const NAME: &'static str = "Hidden";
    fn start() -> Self {
        HiddenPosition::startpos()
    }
    fn read_position(text: &str) -> Result<Self, crate::core::Problem> {
        position::parse(text)
    }
    fn read_position_all(text: &str) -> Result<Self, Vec<crate::core::Problem>> {
        position::parse_all(text)
    }
    fn resolve_token(&self, token: &str) -> Result<HiddenMove, crate::core::Problem> {
        notation::parse(token)?.resolve(self, token)
    }
    fn write_move(&self, mv: HiddenMove, ascii: bool) -> String {
        notation::move_text(self, mv, ascii)
    }
    fn position_string(&self) -> String {
        position::to_string(self)
    }
    fn side_to_move(&self) -> &'static str {
        self.turn().name()
    }
    fn perft(&self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }
    fn board(&self) -> &crate::games::chess::Position {
        HiddenPosition::board(self)
    }
    fn portal_line(&self) -> String {
        format!("portals: {}", position::portal_list(self))
    }
    /// A stack (§3.5) is labelled with its count.
    fn portal_marks(&self) -> Vec<crate::games::chess::render::Mark> {
        crate::games::chess::bitboard::squares(self.portals())
            .map(|square| {
                let n = self.markers(square);
                crate::games::chess::render::Mark { square, label: if n > 1 { format!("×{n}") } else { String::new() } }
            })
            .collect()
    }
}
