//! Hidden's Portal Chess ("Porthole Chess", rules file §3): neutral portal markers that
//! block lines; a piece enters a portal only by an attacking move and must leave by a
//! free single-marker portal of its choice; the marker it used moves to the square the
//! piece came from.

pub mod movegen;
pub mod notation;
pub mod position;
pub mod validate;

pub use position::{HiddenMove, HiddenPosition};

super::one_board_game!(HiddenPosition, HiddenMove, "portal-hidden");

impl crate::games::portal::replay::Version for HiddenPosition {
    type Face = crate::portal::hidden::Hidden;
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
    fn solve_mate(&self, n: u32, limits: &crate::solver::Limits, tries: bool) -> crate::Answer {
        crate::games::chess::solve::solve(self, n, limits, tries)
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
                crate::games::chess::render::Mark {
                    square,
                    label: if n > 1 {
                        format!("×{n}")
                    } else {
                        String::new()
                    },
                }
            })
            .collect()
    }
}
