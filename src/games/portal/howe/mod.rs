//! Howe's Portal Chess (rules file §2): two boards, areas A and B, played in the fixed
//! cycle White A, Black B, White B, Black A. Fixed portals on a4, a5, h4 and h5 link
//! equal squares of the two areas; a teleport takes two plies of its owner (an intent,
//! then the execution in the other area). A king may stay in check while its owner
//! plays that area again before the opponent does; there is no stalemate.

pub mod fen;
pub mod movegen;
pub mod position;
pub mod read;
pub mod record;
pub mod render;
pub mod resolve;
pub mod solve;
pub mod validate;
pub mod write;

#[cfg(test)]
mod puzzle_tests;

pub use position::{Area, HowePosition, Intent, Ply};

impl crate::core::Game for HowePosition {
    type Move = Ply;
    fn legal_moves(&self) -> Vec<Ply> {
        movegen::legal_plies(self)
    }
    fn after(&self, ply: Ply) -> Self {
        HowePosition::after(self, ply)
    }
    fn key(&self) -> u64 {
        self.hash()
    }
    fn in_check(&self) -> bool {
        movegen::in_check(self)
    }
    fn move_text(&self, ply: Ply) -> String {
        write::move_text(self, ply, false)
    }
}

/// Read one ply token and resolve it here; problem spans are relative to the token.
pub fn ply(pos: &HowePosition, text: &str) -> Result<Ply, crate::core::Problem> {
    let w = read::parse(text)?;
    resolve::resolve(pos, &w).map_err(|p| {
        if p.span.len == 0 {
            crate::core::Problem {
                span: crate::core::Span::new(0, text.len()),
                ..p
            }
        } else {
            p
        }
    })
}

/// Howe's stipulations beyond `#N`: Popeye's spellings, each length counting the plies of
/// one side (as `--mate-in` does); checkmate as in §2.7, no stalemate (§2.7) and no
/// passing, so `h=n` and series play are refused.
impl crate::solver::stipulated::Stipulated for HowePosition {
    const NAME: &'static str = "portal-howe";
    const UNIT: crate::solver::Unit = crate::solver::Unit::Moves;
    const MAX_LENGTH: u32 = 20;
    const HAS_STALEMATE: bool = false;

    fn passed(&self) -> Option<Self> {
        None
    }
}
