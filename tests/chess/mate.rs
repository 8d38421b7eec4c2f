//! The directmate solver on the public mate suites (`data/chess/` of the public test data, beside the repository): sunfish `mate1.fen` … `mate4.fen` (mate
//! in exactly N: a solution at N and none shorter) and matetrack's positions with |N| ≤ 3.
//! mate3/mate4 are `#[ignore]`d (run with `cargo test --release -- --ignored`).

use hensoku::games::chess::Position;
use hensoku::games::chess::notation::fen::{parse_epd, parse_position_lenient};
use hensoku::games::chess::solve::{Prover, solve};
use hensoku::{Limits, Outcome};

/// The positions of a public suite, or `None` (the skip said) when it is absent.
fn positions(rel: &str) -> Option<Vec<Position>> {
    let text = crate::common::read_public(rel)?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| parse_position_lenient(l).unwrap())
            .collect(),
    )
}

/// Mate in exactly `n`: a solution of length n, no shorter one (Popeye's "no #n-1").
fn check_exact(rel: &str, n: u32) {
    let Some(positions) = positions(rel) else {
        return;
    };
    for (i, pos) in positions.iter().enumerate() {
        let sol = solve(pos, n, &Limits::default(), false);
        assert_eq!(sol.result, Outcome::Solved, "{rel} line {}", i + 1);
        let shortest = sol.solution.length.value;
        assert_eq!(shortest, Some(n), "{rel} line {}: shorter mate", i + 1);
        if n > 1 {
            let mut p = Prover::new(Limits::default());
            assert!(!p.mates(pos, n - 1).unwrap(), "{rel} line {}", i + 1);
        }
    }
}

#[test]
fn sunfish_mate1() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate1.fen", 1);
}

#[test]
fn sunfish_mate2() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate2.fen", 2);
}

#[test]
#[ignore = "seconds in release: run with --release --ignored"]
fn sunfish_mate3() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate3.fen", 3);
}

#[test]
#[ignore = "minutes: run with --release --ignored"]
fn sunfish_mate4() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate4.fen", 4);
}

/// matetrack `bm #N` (N > 0: the side to move mates in N; N < 0: it is mated in -N),
/// for |N| ≤ 3, checked exactly: the length holds and no shorter one does.
fn matetrack(rel: &str) -> Option<usize> {
    let mut checked = 0;
    for line in crate::common::read_public(rel)?.lines() {
        let (setup, ops) = parse_epd(line).unwrap();
        let Some(bm) = ops
            .iter()
            .find(|(k, _)| k == "bm")
            .and_then(|(_, v)| v.strip_prefix('#'))
        else {
            continue;
        };
        let n: i32 = bm.parse().unwrap();
        if n.abs() > 3 || n == 0 {
            continue;
        }
        let pos = setup.validate_repairing().unwrap();
        let mut p = Prover::new(Limits::default());
        if n > 0 {
            let n = n as u32;
            assert!(
                p.mates(&pos, n).unwrap() && !p.mates(&pos, n - 1).unwrap(),
                "{line}"
            );
        } else {
            let n = (-n) as u32;
            assert!(
                p.mated(&pos, n).unwrap() && !p.mated(&pos, n - 1).unwrap(),
                "{line}"
            );
        }
        checked += 1;
    }
    Some(checked)
}

#[test]
#[ignore = "a minute in release: run with --release --ignored"]
fn matetrack_up_to_3() {
    for (file, count) in [("matetrack.epd", 44), ("mates2000.epd", 50)] {
        if let Some(checked) = matetrack(&format!("chess/vondele__matetrack/{file}")) {
            assert_eq!(checked, count, "{file}");
        }
    }
}

/// The proof table forgets what it holds when it reaches `limits.memory`: with room for a
/// few dozen entries the first mate-in-3 of the suite is solved the same (key, length,
/// uniqueness), only with more nodes, since forgotten proofs are searched again.
#[test]
fn a_tiny_memory_limit_forgets_proofs_but_keeps_the_answer() {
    let Some(positions) = positions("chess/thomasahle__sunfish/tests/files/mate3.fen") else {
        return;
    };
    let pos = &positions[0];
    let free = solve(pos, 3, &Limits::default(), false);
    let tiny = Limits {
        memory: Some(64 * 32),
        ..Limits::default()
    };
    let bounded = solve(pos, 3, &tiny, false);
    assert_eq!(bounded.result, Outcome::Solved);
    assert_eq!(bounded.solution.keys, free.solution.keys);
    assert_eq!(bounded.solution.length, free.solution.length);
    assert_eq!(bounded.solution.unique, free.solution.unique);
    assert!(
        bounded.nodes > free.nodes,
        "{} {}",
        bounded.nodes,
        free.nodes
    );
}
