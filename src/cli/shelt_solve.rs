//! Shelt mate-in-N answers for the CLI (on the generic df-pn solver).

use super::game::{SolveRequest, Solved};
use hensoku::shelt::{self, MateIn, Position, spn};

pub fn answer(pos: &Position, stip: MateIn, req: &SolveRequest) -> Solved {
    Solved::new(
        spn::to_spn(pos),
        shelt::solve_mate_in(pos, stip, &req.limits),
    )
}
