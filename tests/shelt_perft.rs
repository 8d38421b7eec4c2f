//! perft from the initial position against §15.1 of the rules file.

use hensoku::games::shelt::movegen::{perft, plies};
use hensoku::games::shelt::{Ply, Position};

#[test]
fn perft_1_to_3_match_the_spec() {
    let start = Position::initial();
    assert_eq!(perft(&start, 1), 30);
    assert_eq!(perft(&start, 2), 900);
    assert_eq!(perft(&start, 3), 27_672);
}

#[test]
fn depth_1_breakdown() {
    let ps = plies(&Position::initial());
    let steps = ps.iter().filter(|p| matches!(p, Ply::Step { .. })).count();
    let kers = ps.iter().filter(|p| matches!(p, Ply::Ker { .. })).count();
    let anns = ps.iter().filter(|p| matches!(p, Ply::Ann { .. })).count();
    assert_eq!((steps, kers, anns), (11, 7, 12));
}

#[test]
fn perft_4_matches_the_spec() {
    assert_eq!(perft(&Position::initial(), 4), 847_060);
}
