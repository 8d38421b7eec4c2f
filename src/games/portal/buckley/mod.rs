//! Buckley's Portal Chess (rules file §4): two linked, player-owned portals that act as one
//! square; moves go through the pair in the same direction; a turn may move one's own
//! portal instead of a piece; portals that meet make a black hole and are fixed.

pub mod movegen;
pub mod notation;
pub mod position;

pub use position::{BuckleyMove, BuckleyPosition};

super::one_board_game!(BuckleyPosition, BuckleyMove, "portal-buckley");

impl crate::games::portal::replay::Version for BuckleyPosition {
    type Face = crate::portal::buckley::Buckley;
    const NAME: &'static str = "Buckley";
    fn start() -> Self {
        BuckleyPosition::startpos()
    }
    fn read_position(text: &str) -> Result<Self, crate::core::Problem> {
        position::parse(text)
    }
    fn resolve_token(&self, token: &str) -> Result<BuckleyMove, crate::core::Problem> {
        notation::parse(token)?.resolve(self, token)
    }
    fn write_move(&self, mv: BuckleyMove, ascii: bool) -> String {
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
        BuckleyPosition::board(self)
    }
    fn portal_line(&self) -> String {
        match self.portals() {
            (w, _, true) => format!("portals fixed on {w} (black hole)"),
            (w, k, false) => format!("portals: W {w}, K {k}"),
        }
    }
    /// White's portal `W`, Black's `K`, the black hole `●`.
    fn portal_marks(&self) -> Vec<crate::games::chess::render::Mark> {
        use crate::games::chess::render::Mark;
        match self.portals() {
            (w, _, true) => vec![Mark {
                square: w,
                label: "●".into(),
            }],
            (w, k, false) => vec![
                Mark {
                    square: w,
                    label: "W".into(),
                },
                Mark {
                    square: k,
                    label: "K".into(),
                },
            ],
        }
    }
}
