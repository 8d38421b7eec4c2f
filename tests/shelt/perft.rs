//! perft from the initial position against §15.1 of the rules file, with its breakdowns,
//! and the I-15 variant count (no pulling) of §14.

use hensoku::shelt::{Cell, Kind, Ply, Position, in_check, legal_moves as plies, perft};

#[test]
fn perft_1_to_3_match_the_spec() {
    let start = Position::startpos();
    assert_eq!(perft(&start, 1), 30);
    assert_eq!(perft(&start, 2), 900);
    assert_eq!(perft(&start, 3), 27_672);
}

#[test]
fn divide_sums_to_perft() {
    let start = Position::startpos();
    let split = hensoku::shelt::perft_divide(&start, 3);
    assert_eq!(split.len(), 30);
    assert_eq!(split.iter().map(|x| x.1).sum::<u64>(), 27_672);
}

/// Counts of the last plies of all sequences of a depth, by type.
#[derive(Default, Debug, PartialEq)]
struct Tally {
    steps: u64,
    kers: u64,
    anns: u64,
    captures: u64,
    axis: u64,
    leaves_in_check: u64,
}

fn is_axis(pos: &Position, ply: Ply) -> bool {
    let Ply::Step { from, to } = ply else {
        return false;
    };
    let kind = match pos.cell(from) {
        Cell::Lantis(l) => pos.kind_of(l),
        Cell::Teems => pos.teems_kind(pos.side_to_move()).unwrap_or(Kind::Xelt),
        Cell::Empty => return false,
    };
    kind == Kind::Omi && from.rank() == to.rank()
}

fn tally(pos: &Position, depth: u32, t: &mut Tally) {
    for ply in plies(pos) {
        let next = pos.after(ply);
        if depth > 1 {
            tally(&next, depth - 1, t);
            continue;
        }
        match ply {
            Ply::Step { to, .. } => {
                t.steps += 1;
                t.captures += (pos.cell(to) != Cell::Empty) as u64;
                t.axis += is_axis(pos, ply) as u64;
            }
            Ply::Ker { .. } => t.kers += 1,
            Ply::Ann { .. } => t.anns += 1,
            _ => {}
        }
        t.leaves_in_check += (next.end().is_none() && in_check(&next, next.side_to_move())) as u64;
    }
}

#[test]
fn breakdowns_at_depths_1_to_3() {
    let start = Position::startpos();
    let mut t1 = Tally::default();
    tally(&start, 1, &mut t1);
    assert_eq!((t1.steps, t1.kers, t1.anns), (11, 7, 12));
    let mut t2 = Tally::default();
    tally(&start, 2, &mut t2);
    assert_eq!((t2.steps, t2.kers, t2.anns), (330, 210, 360));
    let mut t3 = Tally::default();
    tally(&start, 3, &mut t3);
    assert_eq!((t3.captures, t3.axis), (86, 120));
}

#[test]
fn perft_4_and_its_breakdown_match_the_spec() {
    let start = Position::startpos();
    assert_eq!(perft(&start, 4), 847_060);
    let mut t = Tally::default();
    tally(&start, 4, &mut t);
    assert_eq!((t.captures, t.axis, t.leaves_in_check), (6_100, 3_674, 186));
}

/// A pull: the companion moves into the square the leader leaves (I-15).
fn is_pull(ply: Ply) -> bool {
    let Ply::Ann {
        from,
        to,
        companion,
    } = ply
    else {
        return false;
    };
    companion.offset(to.file() - from.file(), to.rank() - from.rank()) == Some(from)
}

fn perft_without_pulls(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    plies(pos)
        .into_iter()
        .filter(|&p| !is_pull(p))
        .map(|p| perft_without_pulls(&pos.after(p), depth - 1))
        .sum()
}

#[test]
fn the_no_pull_variant_of_i15_gives_27132() {
    assert_eq!(perft_without_pulls(&Position::startpos(), 3), 27_132);
}
