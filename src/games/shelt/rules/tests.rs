//! Every refused ply is explained by a named rule: moved here from
//! `tests/shelt/notation.rs`, since it picks its plies with the rules' own `mover_kind`.

use proptest::prelude::*;

use super::{check, mover_kind};
use crate::games::shelt::face::spn;
use crate::games::shelt::movegen;
use crate::games::shelt::types::Square;
use crate::games::shelt::{Ply, Position};

/// A random game from the initial position: `choices` pick each ply among the legal ones.
fn random_game(choices: &[usize]) -> (Vec<Ply>, Position) {
    let mut pos = Position::startpos();
    let mut plies = vec![];
    for &c in choices {
        let legal = movegen::plies(&pos);
        if legal.is_empty() {
            break;
        }
        let ply = legal[c % legal.len()];
        plies.push(ply);
        pos = movegen::play(&pos, ply);
    }
    (plies, pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Every ply the generator refuses is explained by a named rule, never the catch-all.
    #[test]
    fn every_refused_ply_names_its_rule(choices in prop::collection::vec(0usize..1000, 0..40), from in 0u8..49, to in 0u8..49, c in 0u8..49) {
        let (_, pos) = random_game(&choices);
        let legal = movegen::plies(&pos);
        // mostly the side to move's own pieces, so the later rules get exercised
        let own: Vec<u8> = (0..49).filter(|&i| mover_kind(&pos, Square(i)).is_ok()).collect();
        let from = if own.is_empty() || from % 4 == 0 { from } else { own[from as usize % own.len()] };
        let near = [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)][c as usize % 4];
        let c = if c % 5 == 0 { c } else { Square(from).offset(near.0, near.1).map_or(c, |s| s.0) };
        for ply in [Ply::Step { from: Square(from), to: Square(to) }, Ply::Ker { at: Square(from) }, Ply::Ann { from: Square(from), to: Square(to), companion: Square(c) }] {
            match check(&pos, ply) {
                Ok(()) => prop_assert!(legal.contains(&ply)),
                Err(v) => {
                    prop_assert!(!legal.contains(&ply));
                    prop_assert!(v.rule.name() != "IllegalMove", "{ply:?} in {}: {}", spn::to_spn(&pos), v.message);
                }
            }
        }
    }
}
