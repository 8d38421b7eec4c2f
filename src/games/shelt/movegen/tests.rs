//! The generator's own helpers, which no caller sees: moved here from `tests/shelt/perft.rs`.

use super::{eligible, plies};
use crate::games::shelt::{Ply, Position};

#[test]
fn ann_companions_are_front_pieces_only() {
    let start = Position::startpos();
    for ply in plies(&start) {
        if let Ply::Ann {
            from, companion, ..
        } = ply
        {
            assert!(eligible(&start, from) && eligible(&start, companion));
            assert!(from.orthogonally_adjacent(companion));
        }
    }
}
