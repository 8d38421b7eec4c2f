//! Shelt mate-in-N answers for the CLI (on the generic df-pn solver).

use super::game::{SolveRequest, Solved};
use hensoku::games::shelt::Position;
use hensoku::games::shelt::notation::spn;
use hensoku::games::shelt::solve::{self, exact::Stipulation};

pub fn answer(pos: &Position, stip: Stipulation, req: &SolveRequest) -> Solved {
    Solved::new(spn::to_spn(pos), solve::solve(pos, stip, &req.limits))
}
