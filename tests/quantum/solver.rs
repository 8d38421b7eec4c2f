//! The `w<N>` answers of the generic df-pn solver against W(P, n) of rules §16.1 written out
//! directly (a plain exhaustive search), on random sparse positions: same verdict, same
//! least n, same keys.

use hensoku::quantum::{self, Position, Side};
use hensoku::quantum::{Status, ending};
use hensoku::{Limits, Outcome};

/// §16.1 as written: W(P, n) with the solver to move in the non-terminal P.
fn w(pos: &Position, n: u32, solver: Side) -> bool {
    n > 0
        && quantum::legal_moves(pos)
            .iter()
            .any(|m| key_works(&m.result, n, solver))
}

/// Does a solver move with result `p1` satisfy W with `n` moves left?
fn key_works(p1: &Position, n: u32, solver: Side) -> bool {
    match ending::status(p1) {
        Status::Over { winner, .. } => winner == Some(solver),
        _ if n <= 1 => false,
        _ => quantum::legal_moves(p1)
            .iter()
            .all(|o| match ending::status(&o.result) {
                Status::Over { winner, .. } => winner == Some(solver),
                _ => w(&o.result, n - 1, solver),
            }),
    }
}

/// A random position with a few pieces of each kind, not over, scores within the supply.
fn random_position(rnd: &mut impl FnMut(u64) -> u64) -> Option<Position> {
    let mut pos = crate::common::quantum::sparse_position(rnd, 2);
    pos.side = if rnd(2) == 0 { Side::Red } else { Side::Blue };
    (ending::status(&pos) == Status::Ongoing).then_some(pos)
}

#[test]
fn generic_solver_agrees_with_the_rule_on_random_positions() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut checked, mut won, mut late) = (0, 0, 0);
    while checked < 40 {
        let Some(pos) = random_position(&mut rnd) else {
            continue;
        };
        checked += 1;
        let me = pos.side;
        let r = quantum::solve(&pos, 2, &Limits::default());
        if checked <= 10 {
            // a memory limit of 64 KiB forgets table entries and statuses, never the answer
            let tiny = Limits {
                memory: Some(64 << 10),
                ..Limits::default()
            };
            let t = quantum::solve(&pos, 2, &tiny);
            assert_eq!(t.result, r.result, "{pos:?}");
            assert_eq!(t.solution.keys, r.solution.keys, "{pos:?}");
            assert_eq!(t.solution.length, r.solution.length, "{pos:?}");
        }
        let least = (1..=2).find(|&n| w(&pos, n, me));
        assert_eq!(r.solution.length.value, least, "{pos:?}");
        assert_eq!(r.result == Outcome::Solved, least.is_some());
        let mut keys: Vec<String> = quantum::legal_moves(&pos)
            .into_iter()
            .filter(|m| key_works(&m.result, 2, me))
            .map(|m| m.text)
            .collect();
        // the answer lists the main line's key first
        let mut got = r.solution.keys.clone();
        got.sort();
        keys.sort();
        assert_eq!(got, keys, "{pos:?}");
        won += usize::from(least.is_some());
        // a win in 2 whose key does not end the game: the opponent's move is part of it
        late += usize::from(least == Some(2));
    }
    assert!(
        won >= 5 && late >= 3,
        "too few wins to compare: {won} ({late} in two)"
    );
}
