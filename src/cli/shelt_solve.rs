//! Shelt mate-in-N answers for the CLI (on the generic df-pn solver).

use super::game::{SolveRequest, Solved};
use hensoku::shelt::{self, Position, Stipulation, spn};

pub fn answer(pos: &Position, stip: Stipulation, req: &SolveRequest) -> Solved {
    Solved::new(
        spn::to_spn(pos),
        shelt::solve_stipulation(pos, stip, &req.limits),
    )
}
